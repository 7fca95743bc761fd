//! Tokens that hold digits but state no figure, as real prose writes them:
//! references to a part of a document with a compound number (`Listing
//! 2-6`, `Table 3-1`, `Section 4.2`, `Chapters 17 and 18`), version strings
//! (`0.10.1`, `1.0.0-beta.2`, `Rust 1.75`, `the 2021 edition`), IP
//! addresses (`127.0.0.1:7878`), and code-like tokens (`0x1F`, `1_000`,
//! `0..10`, `foo(3)`, `2^32`). Each is skipped whole, so that none of its
//! parts is read as a number either.

use crate::number_parse::cjk::is_cjk;

/// Words after which a number (or a compound one: `2-6`, `4.2`) names a
/// part of a document. Plural forms allow a list (`Chapters 3, 4 and 5`).
const DOCUMENT_PARTS: &[&str] = &[
    "listing",
    "listings",
    "figure",
    "figures",
    "fig",
    "table",
    "tables",
    "section",
    "sections",
    "sec",
    "chapter",
    "chapters",
    "ch",
    "appendix",
    "appendices",
    "exhibit",
    "exhibits",
    "equation",
    "equations",
    "eq",
    "rfc",
    "page",
    "pages",
    "line",
    "lines",
    "footnote",
    "footnotes",
    "chart",
    "charts",
    "article",
    "articles",
    "volume",
    "vol",
    // The parts of the sources a report cites: `Passage 3`, `[Source 2]`.
    "passage",
    "passages",
    "source",
    "sources",
    "document",
    "documents",
    "doc",
    "docs",
    "item",
    "items",
    "reference",
    "references",
    "ref",
    "refs",
    "citation",
    "citations",
    "snippet",
    "snippets",
    "excerpt",
    "excerpts",
    "result",
];

/// Words between a part's name and its number (`Passage ID 3`, `Source
/// no. 2`, `item number 4`): skipped when looking for the part's name.
const QUALIFIERS: &[&str] = &["id", "ids", "no", "nos", "number", "numbers", "num", "#"];

/// Words after which a number is a version (`version 2.0`, `Rust 1.75`,
/// `edition 2021`).
const VERSION_WORDS: &[&str] = &[
    "version", "versions", "edition", "editions", "release", "releases", "rust", "rustc", "cargo",
    "mdbook",
];

/// Words that join the numbers of a list of references or versions.
const CONNECTORS: &[&str] = &["and", "or", "to", "through", "&", "-", "–", "—"];

/// Where the token starting at `start` (its first digit) ends, when it
/// holds digits but states no figure; `None` when it may be a number.
pub(super) fn not_a_figure(text: &str, start: usize) -> Option<usize> {
    let end = token_end(text, start);
    let token = &text[start..end];
    if is_ip_address(token) || is_version(token) || is_code_like(text, start, end) {
        return Some(end);
    }
    let after = text[end..].trim_start_matches([' ', '\u{a0}']);
    let spaced = after.len() < text.len() - end;
    let next_word = after
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or_default()
        .to_lowercase();
    // `the figure 40% higher`: a figure with its unit is no reference.
    let has_unit = after.starts_with('%')
        || spaced && UNIT_WORDS.contains(&next_word.as_str())
        || !spaced && !next_word.is_empty();
    if !has_unit && follows(text, start, DOCUMENT_PARTS) || follows(text, start, VERSION_WORDS) {
        return Some(end);
    }
    before_edition(text, end).then_some(end)
}

/// Whether the number ending at `end` is followed, past a list of more
/// numbers (`2018, 2021, and 2024`), by `edition(s)`: Rust editions.
fn before_edition(text: &str, end: usize) -> bool {
    let mut rest = &text[end..];
    if !rest.starts_with([' ', '\u{a0}', ',']) {
        return false;
    }
    for _ in 0..8 {
        let trimmed = rest.trim_start_matches([' ', '\u{a0}', ',']);
        let word = trimmed
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default();
        let lower = word.to_lowercase();
        if lower == "edition" || lower == "editions" {
            return true;
        }
        let is_number = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
        if !(is_number || lower == "and" || lower == "or") {
            return false;
        }
        rest = &trimmed[word.len()..];
    }
    false
}

/// Words after a number that make it a percentage or scale it.
const UNIT_WORDS: &[&str] = &[
    "percent",
    "per",
    "percentage",
    "pct",
    "basis",
    "bp",
    "bps",
    "thousand",
    "million",
    "billion",
    "trillion",
];

/// A numeric date with a four-digit year: `2026-02` (a month) or
/// `2026/02/10`; where it ends.
pub(super) fn iso_date_end(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let digits =
        |at: usize, n: usize| (0..n).all(|k| bytes.get(at + k).is_some_and(u8::is_ascii_digit));
    let not_more = |at: usize| !bytes.get(at).is_some_and(|b| b.is_ascii_alphanumeric());
    if !digits(start, 4) {
        return None;
    }
    let sep = *bytes.get(start + 4)?;
    if sep == b'/'
        && digits(start + 5, 2)
        && bytes.get(start + 7) == Some(&b'/')
        && digits(start + 8, 2)
        && not_more(start + 10)
    {
        return Some(start + 10);
    }
    if sep == b'-'
        && digits(start + 5, 2)
        && bytes.get(start + 7) != Some(&b'-')
        && not_more(start + 7)
    {
        let month = &text[start + 5..start + 7];
        return matches!(
            month,
            "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12"
        )
        .then_some(start + 7);
    }
    None
}

/// The end of the token of digits, letters and the marks inside versions,
/// addresses and compound numbers (`.`, `-`, `–`, `:`, `/`, `_`, `+`)
/// that starts at `start`; a mark ends it unless a letter or digit follows.
fn token_end(text: &str, start: usize) -> usize {
    let mut end = start;
    let mut chars = text[start..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let inner = matches!(c, '.' | '-' | '–' | ':' | '/' | '_' | '+');
        if c.is_ascii_alphanumeric() {
            end = start + i + c.len_utf8();
        } else if inner && chars.peek().is_some_and(|(_, n)| n.is_ascii_alphanumeric()) {
            continue;
        } else {
            break;
        }
    }
    end
}

/// `127.0.0.1`, with an optional `:port` or `/prefix`.
fn is_ip_address(token: &str) -> bool {
    let address = token.split([':', '/']).next().unwrap_or_default();
    let parts: Vec<&str> = address.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            (1..=3).contains(&p.len())
                && p.bytes().all(|b| b.is_ascii_digit())
                && p.parse::<u16>().is_ok_and(|v| v <= 255)
        })
}

/// Three or more dotted numbers (`0.10.1`, `1.2.3.4` that is no address),
/// with an optional pre-release or build part (`1.0.0-beta.2`, `2.1.0+git`).
fn is_version(token: &str) -> bool {
    let core = token.split(['-', '+']).next().unwrap_or_default();
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() >= 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) || *p == "x")
}

/// Code rather than prose: a hexadecimal, octal or binary literal (`0x1F`),
/// digits with `_` separators or a type suffix (`1_000`, `42u8`), a range
/// (`0..10`, `..=5`), a call or an index (`foo(3)`, `v[2]` after a name), a
/// power (`2^32`), a path (`u32::MAX` is glued already; `3::`).
fn is_code_like(text: &str, start: usize, end: usize) -> bool {
    let token = &text[start..end];
    let lower = token.to_ascii_lowercase();
    if ["0x", "0o", "0b"]
        .iter()
        .any(|p| lower.starts_with(p) && lower.len() > 2)
        || token.contains('_')
    {
        return true;
    }
    let before = &text[..start];
    let after = &text[end..];
    if before.ends_with("..") || before.ends_with("..=") || after.starts_with("..") {
        return true;
    }
    if after.starts_with('^') || before.ends_with('^') || after.starts_with("::") {
        return true;
    }
    // `.10` of `0..10`, after the first dot of the range.
    if token.starts_with('.') && before.ends_with('.') {
        return true;
    }
    // `localhost:8080`: a port after a host name.
    if let Some(host) = before.strip_suffix(':')
        && host.ends_with(|c: char| c.is_alphabetic() && !is_cjk(c))
    {
        return true;
    }
    // `foo(3)`, `items[2]`: an opening bracket glued to a name.
    if let Some(open) = before.strip_suffix(['(', '['])
        && open.ends_with(|c: char| (c.is_alphanumeric() || c == '_') && !is_cjk(c))
    {
        return true;
    }
    false
}

/// How many words and commas [`follows`] reads back past a list of
/// numbers: a dozen numbers (`Passages 0, 1, 2, 4, 6, and 7`: eleven).
const MAX_STEPS_BACK: usize = 24;

/// Whether the word before the number at `start` (past a list of earlier
/// numbers of the same kind: `Chapters 3, 4 and 5`, `Listings 2-6 and
/// 2-7`) is one of `words`.
fn follows(text: &str, start: usize, words: &[&str]) -> bool {
    let mut head = text[..start].trim_end_matches([' ', '\u{a0}']);
    // `Passage ID: 3`: a colon after a qualifier.
    if words == DOCUMENT_PARTS
        && let Some(before) = head.strip_suffix(':')
        && QUALIFIERS.iter().any(|q| {
            before.len() >= q.len()
                && before
                    .get(before.len() - q.len()..)
                    .is_some_and(|w| w.eq_ignore_ascii_case(q))
        })
    {
        head = before;
    }
    let mut listed = false;
    // Each listed number and each comma or connector is a step back.
    for _ in 0..MAX_STEPS_BACK {
        // A CJK letter ends the word: none of `words` is written in one.
        let word_start = head
            .rfind(|c: char| {
                !(c.is_alphanumeric() || matches!(c, '.' | '-' | '–' | '&' | '—')) || is_cjk(c)
            })
            .map_or(0, |i| {
                i + head[i..].chars().next().map_or(1, char::len_utf8)
            });
        let word = &head[word_start..];
        let bare = word.strip_suffix('.').unwrap_or(word);
        let lower = bare.to_lowercase();
        if words.contains(&lower.as_str()) {
            // A list continues only after a plural (or a version word).
            return !listed || lower.ends_with('s') || words == VERSION_WORDS;
        }
        if words == DOCUMENT_PARTS && QUALIFIERS.contains(&lower.as_str()) {
            head = head[..word_start].trim_end_matches([' ', '\u{a0}']);
            continue;
        }
        let is_number = !bare.is_empty() && bare.starts_with(|c: char| c.is_ascii_digit());
        let is_connector = CONNECTORS.contains(&lower.as_str());
        if !(is_number || is_connector) || word.is_empty() {
            // A comma between listed numbers.
            let Some(rest) = head.strip_suffix(',') else {
                return false;
            };
            head = rest.trim_end_matches([' ', '\u{a0}']);
            listed = true;
            continue;
        }
        listed = true;
        head = head[..word_start].trim_end_matches([' ', '\u{a0}']);
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::number_parse::numbers_in;

    fn found(text: &str) -> Vec<&str> {
        numbers_in(text)
            .into_iter()
            .map(|n| &text[n.span])
            .collect()
    }

    #[test]
    fn document_references_are_not_figures() {
        for text in [
            "Listing 2-6 shows it, as Table 3-1 and Figure 14-2 do.",
            "See Section 4.2.1 and Chapters 17 and 18, then Listings 2-6, 2-7 and 2-8.",
            "RFC 2119 and Fig. 3a and Appendix B-2 and lines 10–12 say so.",
        ] {
            assert_eq!(found(text), Vec::<&str>::new(), "{text}");
        }
        // A no-break space between the word and the number.
        let text = "Chapter\u{a0}7 of the book.";
        assert!(crate::number_parse::classify::follows(
            text,
            text.find('7').unwrap(),
            crate::number_parse::classify::DOCUMENT_PARTS
        ));
        // References to the parts of the sources a report cites.
        for text in [
            "as per passage 1, and as stated in Passage 2.",
            "Passage ID 3 and passage ID: 4 and Source no. 5 say so [Source 2].",
            "See documents 3 and 4, item number 6, reference 7, citation 8 and search result 9.",
            "(Passage\u{a0}3) and excerpts 1, 2 and 3.",
        ] {
            assert_eq!(found(text), Vec::<&str>::new(), "{text}");
        }
        assert_eq!(found("Source: 3 million people"), ["3 million"]);
        assert_eq!(found("the source said 40% rose"), ["40%"]);
        // After a singular reference, a comma ends the list.
        assert_eq!(found("In Chapter 2, 40 people came."), ["40"]);
        // A long list after a plural is references all the way.
        assert!(found("On one hand, Passages 0, 1, 2, 4, 6, and 7 suggest it works.").is_empty());
        assert!(found("as in Chapters 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 11.").is_empty());
        assert_eq!(found("Table 1 lists 12 rows."), ["12"]);
        // A figure with its unit after such a word is a figure.
        assert_eq!(
            found("the figure 40% higher, table 3 percent"),
            ["40%", "3 percent"]
        );
    }

    #[test]
    fn versions_addresses_and_code_are_not_figures() {
        for text in [
            "mdBook 0.10.1 and 1.0.0-beta.2 and 2.1.0+git and 1.2.x",
            "Rust 1.75 in the 2021 edition (edition 2024, version 2.0)",
            "not in the 2015 edition but in the 2018, 2021, and 2024 editions",
            "Listen on 127.0.0.1:7878 or 10.0.0.0/8 or localhost:8080.",
            "A 0x1F byte, 1_000_000 iterations, 0..10 and 1..=100, foo(3), v[2], 2^32.",
            "The `u32` and i64 and 42u8 and 3.14f32 types.",
        ] {
            assert_eq!(found(text), Vec::<&str>::new(), "{text}");
        }
        // Real figures around them still count.
        assert_eq!(
            found("A u32 is 32 bits; 4.2 GB in 1.5 s; 255.255 here."),
            ["32", "4.2", "1.5", "255.255"]
        );
    }

    #[test]
    fn iso_dates_are_dates() {
        use crate::number_parse::NumberKind;
        let kinds: Vec<_> = numbers_in("In 2026-02 and on 2026/02/10, not 2026-13.")
            .into_iter()
            .map(|n| n.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                NumberKind::Date,
                NumberKind::Date,
                NumberKind::Year,
                NumberKind::Quantity
            ]
        );
    }

    #[test]
    fn mixed_scripts_around_tokens_are_safe() {
        // Every digit of texts that mix the marks these tokens are made of
        // with no-break and ideographic spaces, full-width digits, RTL and
        // combining marks, emoji and CJK: the classification ends on a
        // character boundary past the digit, and never panics.
        let alphabet: Vec<char> =
            "0123456789.-–:/_+^()[]x ,\u{a0}\u{3000}１２東京\u{200f}\u{301}📈é"
                .chars()
                .collect();
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            let len = (state % 20) as usize;
            let mut text = String::from("Chapter ");
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            for (i, c) in text.char_indices().filter(|(_, c)| c.is_ascii_digit()) {
                for end in [
                    crate::number_parse::classify::not_a_figure(&text, i),
                    crate::number_parse::classify::iso_date_end(&text, i),
                ]
                .into_iter()
                .flatten()
                {
                    assert!(
                        end > i && text.is_char_boundary(end),
                        "{text:?} at {i} ({c})"
                    );
                }
            }
        }
    }
}
