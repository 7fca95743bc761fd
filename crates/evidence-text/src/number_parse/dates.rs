//! A date as its text writes it: the day of `July 9, 2025` is read as the
//! number `9` ([`NumberKind::Day`]), but a message names the whole date.

use crate::number_parse::cjk::is_cjk;
use crate::number_parse::context::is_month_name;
use crate::number_parse::{Number, NumberKind};
use std::ops::Range;

/// Letters that mark a part of a CJK date: `2025年7月9日`, `2025년 7월 9일`.
const CJK_DATE_MARKS: [char; 6] = ['年', '月', '日', '년', '월', '일'];

/// The span of the date that `numbers[index]` (a day) is part of, as
/// written: the day with its month's name, and the year and the other day
/// of a range next to it (`July 9, 2025`, `9 July 2025`, `March 17–18`,
/// `2025年7月9日`). Any other number: its own span.
pub(crate) fn date_as_written(text: &str, numbers: &[Number], index: usize) -> Range<usize> {
    let mut span = numbers[index].span.clone();
    if numbers[index].kind != NumberKind::Day {
        return span;
    }
    let mut first = index;
    while first > 0 && joined(text, &numbers[first - 1], &numbers[first]) {
        first -= 1;
        span.start = numbers[first].span.start;
    }
    let mut last = index;
    while last + 1 < numbers.len() && joined(text, &numbers[last], &numbers[last + 1]) {
        last += 1;
        span.end = numbers[last].span.end;
    }
    span.start = month_before(text, span.start);
    span.end = month_after(text, span.end);
    span
}

/// Whether `a` and `b`, one of them a day and neither anything but a day
/// or a year, are parts of one date: only a month's name, CJK date marks,
/// spaces, commas, dots or a dash between them (`9, 2025`, `9 July 2025`,
/// `7月9`, `17–18`).
fn joined(text: &str, a: &Number, b: &Number) -> bool {
    let parts = [a.kind, b.kind];
    if !parts.contains(&NumberKind::Day)
        || !parts
            .iter()
            .all(|k| matches!(k, NumberKind::Day | NumberKind::Year))
    {
        return false;
    }
    let between = &text[a.span.end..b.span.start];
    between.chars().count() <= 16
        && between
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '-' | '–' | '—'))
            .all(|word| {
                let word = word.trim_start_matches(|c| CJK_DATE_MARKS.contains(&c));
                word.is_empty() || is_month_name(word)
            })
}

/// Where the date starting at `start` starts when a month's name (`July`,
/// `Feb.`) is written just before it.
fn month_before(text: &str, start: usize) -> usize {
    let head = text[..start].trim_end();
    if head.len() == start {
        return start;
    }
    let word_head = head.strip_suffix('.').unwrap_or(head);
    let word_start = word_head
        .rfind(|c: char| !c.is_alphabetic() || is_cjk(c))
        .map_or(0, |i| {
            i + word_head[i..].chars().next().map_or(1, char::len_utf8)
        });
    if is_month_name(&word_head[word_start..]) {
        word_start
    } else {
        start
    }
}

/// Where the date ending at `end` ends when a month's name (`9 July`) or a
/// CJK date mark (`9日`) is written just after it.
fn month_after(text: &str, end: usize) -> usize {
    let rest = &text[end..];
    if let Some(mark) = rest.chars().next().filter(|c| CJK_DATE_MARKS.contains(c)) {
        return end + mark.len_utf8();
    }
    let trimmed = rest.trim_start();
    if trimmed.len() == rest.len() {
        return end;
    }
    let word_len: usize = trimmed
        .chars()
        .take_while(|c| c.is_alphabetic() && !is_cjk(*c))
        .map(char::len_utf8)
        .sum();
    if is_month_name(&trimmed[..word_len]) {
        end + (rest.len() - trimmed.len()) + word_len
    } else {
        end
    }
}

#[cfg(test)]
mod tests {
    use crate::number_parse::dates::date_as_written;
    use crate::number_parse::numbers_in;

    /// The date each day of `text` is part of, as written.
    fn dates(text: &str) -> Vec<&str> {
        let numbers = numbers_in(text);
        (0..numbers.len())
            .filter(|&i| numbers[i].kind == crate::number_parse::dates::NumberKind::Day)
            .map(|i| &text[date_as_written(text, &numbers, i)])
            .collect()
    }

    #[test]
    fn a_day_is_named_with_its_month_and_year() {
        assert_eq!(dates("On July 9, 2025 it was 16°C."), ["July 9, 2025"]);
        assert_eq!(dates("On 9 July 2025, 16°C."), ["9 July 2025"]);
        assert_eq!(
            dates("Published Feb. 10, 2026 by the Fed."),
            ["Feb. 10, 2026"]
        );
        assert_eq!(dates("Held on March 17–18."), ["March 17–18"; 2]);
        assert_eq!(dates("2025年7月9日に16°C"), ["2025年7月9日"; 2]);
        assert_eq!(dates("2025년 7월 9일에"), ["2025년 7월 9일"; 2]);
        // Two dates stay two; a year list is not part of a date.
        assert_eq!(
            dates("March 3 and July 9, 2025, 2026"),
            ["March 3", "July 9, 2025"]
        );
        // Next to RTL marks and emoji, a span still falls on characters.
        assert_eq!(dates("\u{200f}July 9 📈"), ["July 9"]);
    }
}
