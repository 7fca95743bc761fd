//! The words and marks around a number that decide whether it is one:
//! month names, references to a part of a document, list numbering, URLs
//! and quoted titles.

use crate::number_parse::cjk::is_cjk;
use std::ops::Range;

/// Month names and their abbreviations, lowercase: a number of 1 to 31
/// next to one is a day.
const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// Whether `word` is a month's name or its abbreviation, in any case.
pub(super) fn is_month_name(word: &str) -> bool {
    word.len() <= 9 && MONTHS.contains(&word.to_lowercase().as_str())
}

/// Words after which a number names a part of a document, not a quantity.
const REFERENCE_WORDS: &[&str] = &[
    "section", "sections", "chapter", "chapters", "part", "parts", "figure", "fig", "table",
    "tables", "appendix", "annex", "exhibit", "item", "step", "page", "pages", "p", "pp", "no",
    "nos", "vol", "volume", "article", "rule", "footnote", "note", "chart",
];

/// List numbering: `1.` or `2)` at the very start of the text, or `2)`
/// of one or two digits after a colon or semicolon outside parentheses
/// (`as follows: 1) …; 2) …`, not `(men: 52; women: 48)`); before white
/// space or, in Chinese and Japanese, which write none, before their
/// letters (`4)后续处理`). Full-width forms are read as ASCII before.
pub(super) fn is_list_number(text: &str, start: usize, end: usize) -> bool {
    let head = text[..start].trim_end();
    let closes = if head.is_empty() {
        text[end..].starts_with(['.', ')'])
    } else {
        head.ends_with([':', ';'])
            && end - start <= 2
            && text[end..].starts_with(')')
            && !inside_parentheses(head)
    };
    closes
        && text[end + 1..]
            .chars()
            .next()
            .is_none_or(|c| c.is_whitespace() || is_cjk(c))
}

/// After `Section`, `Table`, `§`, `#`, `No.` and the like.
pub(super) fn follows_reference_word(text: &str, start: usize) -> bool {
    let head = text[..start].trim_end_matches([' ', '\u{a0}']);
    if head.ends_with(['§', '#']) {
        return true;
    }
    let head = head.strip_suffix('.').unwrap_or(head);
    let word = head
        .rsplit(|c: char| !c.is_alphabetic() || is_cjk(c))
        .next()
        .unwrap_or_default()
        .to_lowercase();
    REFERENCE_WORDS.contains(&word.as_str())
}

/// Whether `head` leaves a parenthesis open.
fn inside_parentheses(head: &str) -> bool {
    let mut depth = 0usize;
    for b in head.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    depth > 0
}

/// Whether a month's name is the word before (`Feb. 10`) or after
/// (`10 February`) the number.
pub(super) fn next_to_month(text: &str, start: usize, end: usize) -> bool {
    let is_month = is_month_name;
    let head = text[..start].trim_end();
    let head = head.strip_suffix('.').unwrap_or(head);
    // A CJK letter ends a word: no month's name here is written in one.
    let before = head
        .rsplit(|c: char| !c.is_alphabetic() || is_cjk(c))
        .next();
    let after = text[end..]
        .trim_start()
        .split(|c: char| !c.is_alphabetic() || is_cjk(c))
        .next();
    (text[..start].ends_with(char::is_whitespace) && before.is_some_and(is_month))
        || (text[end..].starts_with(char::is_whitespace) && after.is_some_and(is_month))
}

/// Byte ranges of the URLs (`://`) in `text`, in order: the digits inside
/// them are not numbers. A URL starts at its scheme (the letters before
/// `://`), not at the space before it, which Chinese and Japanese text do
/// not write (`消化完。https://…`); it ends at white space, at those
/// scripts' punctuation (`。`; a full-width `，` is read as `,` before) or
/// at their letters (`…/a，价格是100元`). Found once per text, so a long
/// URL full of digits costs its length once, not once per digit.
pub(super) fn url_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    // Every `://`, in order (a colon first: most texts have none).
    let bytes = text.as_bytes();
    let found = memchr::memchr_iter(b':', bytes).filter(|&at| bytes[at..].starts_with(b"://"));
    for at in found {
        if out.last().is_some_and(|r| r.end > at) {
            continue;
        }
        let start = text[..at]
            .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            .len();
        let end = text[at..]
            .find(|c: char| c.is_whitespace() || is_wide_punctuation(c) || is_cjk(c))
            .map_or(text.len(), |i| at + i);
        out.push(start..end);
    }
    out
}

/// CJK symbols and punctuation (`。`, `、`, `「`) and the full-width and
/// half-width forms left after full-width ASCII is read as ASCII (`｡`,
/// `､`): no URL holds them as written.
fn is_wide_punctuation(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}')
}

/// Whether `at` falls in one of `ranges` (sorted, disjoint).
pub(super) fn in_ranges(ranges: &[Range<usize>], at: usize) -> bool {
    let i = ranges.partition_point(|r| r.end <= at);
    ranges.get(i).is_some_and(|r| r.contains(&at))
}

/// Byte ranges inside double quotes, straight (`"…"`) or curly (`“…”`).
pub(super) fn quoted_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match (c, open) {
            ('“', _) => open = Some(i),
            ('”', Some(s)) => {
                out.push(s..i);
                open = None;
            }
            ('"', None) => open = Some(i),
            ('"', Some(s)) => {
                out.push(s..i);
                open = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::number_parse::NumberKind::{self, Quantity, Year};
    use crate::number_parse::tests::found;

    #[test]
    fn list_numbers_after_a_colon_only_outside_parentheses() {
        assert_eq!(
            found("It sets out the steps: 1) review; 2) publish."),
            Vec::<(&str, f64, NumberKind)>::new()
        );
        // Values a colon labels inside parentheses are figures.
        assert_eq!(
            found("Shares (men: 52; women: 48) in 2020 and a ratio (3:1)."),
            [
                ("52", 52.0, Quantity),
                ("48", 48.0, Quantity),
                ("2020", 2020.0, Year),
                ("3", 3.0, Quantity),
                ("1", 1.0, Quantity)
            ]
        );
        // A link's text is read; its URL is not.
        assert_eq!(
            found("[Q3 2024](https://x.org/2023/a)"),
            [("2024", 2024.0, Year)]
        );
    }
}
