//! What counts as a number in prose, for the rules that check numeric
//! claims: [`numbers_in`] finds them, pure and allocation-light.
//!
//! # Definition
//!
//! A **number** is a run of ASCII digits that stands alone as a word:
//!
//! * with optional thousands separators (`1,234,567`: commas followed by
//!   exactly three digits) and an optional decimal part (`2.9`, `.5`);
//! * with an optional mixed fraction, as central banks write rates:
//!   `3-1/2`, `3 1/2` (denominator 2 to 16, numerator below it) or `3½`;
//! * with an optional sign (`-0.3`, `−0.3`, `+143,000`), which is ignored:
//!   values are magnitudes;
//! * followed by an optional unit: `%`, `percent`, `per cent`, `pct`,
//!   `percentage point(s)`, `pp` (all: [`NumberKind::Percent`]), `bp`,
//!   `bps`, `basis point(s)`, `x`, and a scale, `k`/`thousand`,
//!   `m`/`mn`/`million`, `bn`/`billion`, `tn`/`trillion`, which multiplies
//!   [`Number::value`].
//!
//! A number's kind says what it measures: a **percentage**; a **year**
//! (four digits from 1800 to 2199, nothing attached); a **day** of a month
//! (1 to 31 next to a month name: `February 10`, `10 Feb.`); a **time**
//! (`8:30`); a **date** (`2026-02-10`, `2/13`); or any other **quantity**.
//! In a range (`5.25-5.50%`, `5.25 to 5.50 percent`, `March 17–18`,
//! `between 5.25 and 5.50 percent`) the first number takes the kind of the
//! second.
//!
//! **Not numbers**: digits that are part of a word or an identifier (`Q4`,
//! `H1`, `G7`, `COVID-19`, `mp3`, `10Y`), ordinals (`1st`, `2nd`, `21st`),
//! list numbering at the start of the text (`1.`, `2)`), references to a
//! part of a document (`Section 3`, `Chapter 2`, `Table 1`, `Figure 4`,
//! `page 12`, `§ 4`, `No. 7`, `#3`), a bracketed number (`[3]`, a
//! citation), digits inside a URL, and years inside a
//! quoted title (`"GDP, Fourth Quarter 2025"`, in straight or curly double
//! quotes). A decimal comma (`2,50`) is not understood: it reads as two
//! numbers.

use std::ops::Range;

/// A number found in text.
#[derive(Debug, Clone, PartialEq)]
pub struct Number {
    /// Byte range in the text: the digits and the unit written after them.
    pub span: Range<usize>,
    /// The magnitude, with any scale applied (`143k` is 143000). For a
    /// [`NumberKind::Time`] or [`NumberKind::Date`], its digits read as one
    /// number (`8:30` is 830), which is only good for comparing.
    pub value: f64,
    /// The magnitude as written, before the scale (`143k` is 143).
    pub unscaled: f64,
    /// What the number measures.
    pub kind: NumberKind,
}

/// What a number measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberKind {
    /// A count, amount or level: `143,000`, `2.4`, `25bp`.
    Quantity,
    /// A percentage or percentage points: `2.9%`, `5.50 percent`, `0.25pp`.
    Percent,
    /// A year: `2025`.
    Year,
    /// A day of a month, next to the month's name: the `10` of `February 10`.
    Day,
    /// A time of day: `8:30`.
    Time,
    /// A numeric date: `2026-02-10`, `2/13`.
    Date,
}

impl Number {
    /// Whether two numbers have the same magnitude, with or without their
    /// scales (`143,000` matches `143k` and `143 thousand`).
    pub fn matches(&self, other: &Number) -> bool {
        same(self.value, other.value)
            || same(self.unscaled, other.unscaled)
            || same(self.value, other.unscaled)
            || same(self.unscaled, other.value)
    }
}

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

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

/// Words after which a number names a part of a document, not a quantity.
const REFERENCE_WORDS: &[&str] = &[
    "section", "sections", "chapter", "chapters", "part", "parts", "figure", "fig", "table",
    "tables", "appendix", "annex", "exhibit", "item", "step", "page", "pages", "p", "pp", "no",
    "nos", "vol", "volume", "article", "rule", "footnote", "note", "chart",
];

/// Scales written after a number, and their factors.
const SCALES: &[(&str, f64)] = &[
    ("thousand", 1e3),
    ("million", 1e6),
    ("billion", 1e9),
    ("trillion", 1e12),
];

/// Suffixes attached to the digits (`25bp`, `143k`), with their scale and
/// whether they make a percentage.
const SUFFIXES: &[(&str, f64, bool)] = &[
    ("bps", 1.0, false),
    ("bp", 1.0, false),
    ("pp", 1.0, true),
    ("pct", 1.0, true),
    ("x", 1.0, false),
    ("k", 1e3, false),
    ("mn", 1e6, false),
    ("m", 1e6, false),
    ("bn", 1e9, false),
    ("tn", 1e12, false),
];

/// The numbers in `text`, in order. See the [module docs](self) for what
/// counts as a number.
pub fn numbers_in(text: &str) -> Vec<Number> {
    let bytes = text.as_bytes();
    let quoted = quoted_ranges(text);
    let mut out: Vec<Number> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit()
            || bytes[i] == b'.'
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                && !text[..i].ends_with(|c: char| c.is_ascii_digit());
        if !starts {
            i += 1;
            continue;
        }
        let (number, end) = read_number(text, i);
        i = end.max(i + 1);
        let Some(mut number) = number else { continue };
        if number.kind == NumberKind::Year && in_ranges(&quoted, number.span.start) {
            continue;
        }
        if let Some(previous) = out.last_mut() {
            let between = &text[previous.span.end..number.span.start];
            let head = text[..previous.span.start].trim_end();
            let after_between = head
                .len()
                .checked_sub(7)
                .and_then(|at| head.get(at..))
                .is_some_and(|word| word.eq_ignore_ascii_case("between"));
            if is_range_separator(between, after_between) {
                if previous.kind == NumberKind::Quantity && number.kind != NumberKind::Year {
                    previous.kind = number.kind;
                } else if previous.kind == NumberKind::Day && number.kind == NumberKind::Quantity {
                    number.kind = NumberKind::Day;
                }
            }
        }
        out.push(number);
    }
    out
}

/// Reads the number whose first digit (or decimal point) is at `start`;
/// returns it, or `None` when it is not a number by the definition, and the
/// byte offset to continue from.
fn read_number(text: &str, start: usize) -> (Option<Number>, usize) {
    let bytes = text.as_bytes();
    let digits_end = |mut j: usize| {
        while bytes.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    let before = text[..start].chars().next_back();
    // Part of a word or identifier: skip the whole run of word characters.
    let glued = before.is_some_and(|c| c.is_alphanumeric() || c == '_')
        || matches!(before, Some('-' | '–' | '/'))
            && text[..start]
                .chars()
                .rev()
                .nth(1)
                .is_some_and(char::is_alphabetic);
    if glued || in_url(text, start) {
        let mut j = start;
        while let Some(c) = text[j..].chars().next() {
            if !(c.is_alphanumeric() || matches!(c, '_' | '.' | ',' | '-' | '/' | ':')) {
                break;
            }
            j += c.len_utf8();
        }
        return (None, j);
    }

    let int_end = digits_end(start);
    let int_len = int_end - start;
    // A bracketed number, `[3]`, is a citation, not a quantity.
    if before == Some('[') && bytes.get(int_end) == Some(&b']') {
        return (None, int_end + 1);
    }

    // Dates and times are one token each.
    if int_len == 4
        && bytes.get(int_end) == Some(&b'-')
        && two_digits(bytes, int_end + 1)
        && bytes.get(int_end + 3) == Some(&b'-')
        && two_digits(bytes, int_end + 4)
        && !bytes.get(int_end + 6).is_some_and(u8::is_ascii_digit)
    {
        return (
            Some(simple(start, int_end + 6, text, NumberKind::Date)),
            int_end + 6,
        );
    }
    if (1..=2).contains(&int_len)
        && bytes.get(int_end) == Some(&b':')
        && two_digits(bytes, int_end + 1)
        && !bytes.get(int_end + 3).is_some_and(u8::is_ascii_digit)
    {
        return (
            Some(simple(start, int_end + 3, text, NumberKind::Time)),
            int_end + 3,
        );
    }
    if (1..=2).contains(&int_len) && bytes.get(int_end) == Some(&b'/') {
        let d_end = digits_end(int_end + 1);
        if (1..=2).contains(&(d_end - int_end - 1)) {
            let mut end = d_end;
            if bytes.get(end) == Some(&b'/') {
                let y_end = digits_end(end + 1);
                if matches!(y_end - end - 1, 2 | 4) {
                    end = y_end;
                }
            }
            return (Some(simple(start, end, text, NumberKind::Date)), end);
        }
    }

    // Integer part, with thousands separators.
    let mut j = int_end;
    let mut grouped = false;
    while int_len > 0
        && bytes.get(j) == Some(&b',')
        && (1..=3).all(|k| bytes.get(j + k).is_some_and(u8::is_ascii_digit))
        && !bytes.get(j + 4).is_some_and(u8::is_ascii_digit)
    {
        j += 4;
        grouped = true;
    }
    let mut literal: String = text[start..j].chars().filter(|&c| c != ',').collect();
    // Decimal part.
    let mut decimal = false;
    if bytes.get(j) == Some(&b'.') && bytes.get(j + 1).is_some_and(u8::is_ascii_digit) {
        let frac_end = digits_end(j + 1);
        literal.push_str(&text[j..frac_end]);
        j = frac_end;
        decimal = true;
    }
    let Ok(mut value) = literal.parse::<f64>() else {
        return (None, j);
    };
    // Mixed fractions: `3-1/2`, `3 1/2`, `3½`.
    let mut fraction = false;
    if !decimal
        && !grouped
        && let Some((add, end)) = fraction_after(text, j)
    {
        value += add;
        j = end;
        fraction = true;
    }

    // What follows: an ordinal, an identifier, a unit.
    let rest = &text[j..];
    let word: &str = rest
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default();
    let mut kind = NumberKind::Quantity;
    let mut scale = 1.0;
    let mut end = j;
    if !word.is_empty() {
        let lower = word.to_ascii_lowercase();
        if matches!(lower.as_str(), "st" | "nd" | "rd" | "th") {
            return (None, j + word.len());
        }
        match SUFFIXES.iter().find(|(s, _, _)| *s == lower) {
            Some(&(_, factor, percent)) => {
                scale = factor;
                if percent {
                    kind = NumberKind::Percent;
                }
                end = j + word.len();
            }
            // `10Y`, `3D`, `4K2`: an identifier.
            None => return (None, j + word.len()),
        }
    }
    if let Some(after) = unit_after(text, end, &mut kind, &mut scale) {
        end = after;
    }

    let number = Number {
        span: start..end,
        value: value * scale,
        unscaled: value,
        kind,
    };
    if number.kind == NumberKind::Quantity && scale == 1.0 && !decimal && !fraction && !grouped {
        if is_list_number(text, start, end) || follows_reference_word(text, start) {
            return (None, end);
        }
        if int_len == 4 && (1800.0..2200.0).contains(&value) {
            return (
                Some(Number {
                    kind: NumberKind::Year,
                    ..number
                }),
                end,
            );
        }
        if (1.0..=31.0).contains(&value) && int_len <= 2 && next_to_month(text, start, end) {
            return (
                Some(Number {
                    kind: NumberKind::Day,
                    ..number
                }),
                end,
            );
        }
    }
    (Some(number), end)
}

fn two_digits(bytes: &[u8], at: usize) -> bool {
    (0..2).all(|k| bytes.get(at + k).is_some_and(u8::is_ascii_digit))
}

fn simple(start: usize, end: usize, text: &str, kind: NumberKind) -> Number {
    let digits: String = text[start..end]
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let value = digits.parse().unwrap_or(0.0);
    Number {
        span: start..end,
        value,
        unscaled: value,
        kind,
    }
}

/// A fraction right after an integer: `-1/2`, ` 1/2` or `½`; its value and
/// where it ends.
fn fraction_after(text: &str, at: usize) -> Option<(f64, usize)> {
    let rest = &text[at..];
    if let Some(c) = rest.chars().next() {
        let vulgar = match c {
            '½' => Some(0.5),
            '¼' => Some(0.25),
            '¾' => Some(0.75),
            '⅓' => Some(1.0 / 3.0),
            '⅔' => Some(2.0 / 3.0),
            '⅛' => Some(0.125),
            '⅜' => Some(0.375),
            '⅝' => Some(0.625),
            '⅞' => Some(0.875),
            _ => None,
        };
        if let Some(v) = vulgar {
            return Some((v, at + c.len_utf8()));
        }
    }
    let body = rest.strip_prefix(['-', ' '])?;
    let num_len = body.bytes().take_while(u8::is_ascii_digit).count();
    let after_num = body.get(num_len..)?.strip_prefix('/')?;
    let den_len = after_num.bytes().take_while(u8::is_ascii_digit).count();
    if num_len == 0
        || den_len == 0
        || after_num[den_len..].starts_with(|c: char| c.is_alphanumeric())
    {
        return None;
    }
    let numerator: f64 = body[..num_len].parse().ok()?;
    let denominator: f64 = after_num[..den_len].parse().ok()?;
    ((2.0..=16.0).contains(&denominator) && numerator < denominator)
        .then(|| (numerator / denominator, at + 1 + num_len + 1 + den_len))
}

/// A unit written as a separate word or sign after the number: `%`,
/// `percent`, `per cent`, `percentage point(s)`, `basis point(s)`, or a
/// scale word. Updates the kind and scale; returns where it ends.
fn unit_after(text: &str, at: usize, kind: &mut NumberKind, scale: &mut f64) -> Option<usize> {
    let rest = &text[at..];
    let trimmed = rest.trim_start_matches(SPACES);
    let base = at + (rest.len() - trimmed.len());
    if trimmed.starts_with('%') {
        *kind = NumberKind::Percent;
        return Some(base + 1);
    }
    if base == at {
        return None;
    }
    let (first, first_end) = word_at(trimmed, 0)?;
    let second = || {
        let after = &trimmed[first_end..];
        let gap = after.len() - after.trim_start_matches(SPACES).len();
        (gap > 0)
            .then(|| word_at(trimmed, first_end + gap))
            .flatten()
    };
    match first.as_str() {
        "percent" | "pct" => {
            *kind = NumberKind::Percent;
            Some(base + first_end)
        }
        "per" => match second() {
            Some((word, end)) if word == "cent" => {
                *kind = NumberKind::Percent;
                Some(base + end)
            }
            _ => None,
        },
        "percentage" | "basis" => match second() {
            Some((word, end)) if word == "point" || word == "points" => {
                if first == "percentage" {
                    *kind = NumberKind::Percent;
                }
                Some(base + end)
            }
            _ => None,
        },
        word => SCALES.iter().find(|(s, _)| *s == word).map(|&(_, factor)| {
            *scale = factor;
            base + first_end
        }),
    }
}

/// Spaces allowed between a number and its unit.
const SPACES: [char; 3] = [' ', '\u{a0}', '\u{202f}'];

/// The lowercased word of letters starting at byte `from` of `text`, and
/// the byte where it ends.
fn word_at(text: &str, from: usize) -> Option<(String, usize)> {
    let len: usize = text[from..]
        .chars()
        .take_while(|c| c.is_alphabetic())
        .map(char::len_utf8)
        .sum();
    (len > 0).then(|| (text[from..from + len].to_lowercase(), from + len))
}

/// `1.` or `2)` at the very start of the text: list numbering.
fn is_list_number(text: &str, start: usize, end: usize) -> bool {
    text[..start].trim().is_empty()
        && text[end..].starts_with(['.', ')'])
        && text[end + 1..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace)
}

/// After `Section`, `Table`, `§`, `#`, `No.` and the like.
fn follows_reference_word(text: &str, start: usize) -> bool {
    let head = text[..start].trim_end_matches([' ', '\u{a0}']);
    if head.ends_with(['§', '#']) {
        return true;
    }
    let head = head.strip_suffix('.').unwrap_or(head);
    let word = head
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or_default()
        .to_lowercase();
    REFERENCE_WORDS.contains(&word.as_str())
}

/// Whether a month's name is the word before (`Feb. 10`) or after
/// (`10 February`) the number.
fn next_to_month(text: &str, start: usize, end: usize) -> bool {
    let is_month = |w: &str| MONTHS.contains(&w.to_lowercase().as_str());
    let head = text[..start].trim_end();
    let head = head.strip_suffix('.').unwrap_or(head);
    let before = head.rsplit(|c: char| !c.is_alphabetic()).next();
    let after = text[end..]
        .trim_start()
        .split(|c: char| !c.is_alphabetic())
        .next();
    (text[..start].ends_with(char::is_whitespace) && before.is_some_and(is_month))
        || (text[end..].starts_with(char::is_whitespace) && after.is_some_and(is_month))
}

/// Whether the whitespace-separated word around `at` is a URL.
fn in_url(text: &str, at: usize) -> bool {
    let word_start = text[..at].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word_end = text[at..]
        .find(char::is_whitespace)
        .map_or(text.len(), |i| at + i);
    text[word_start..word_end].contains("://")
}

/// Text between two numbers that makes them a range (`and` only after
/// `between`).
pub(super) fn is_range_separator(between: &str, after_between: bool) -> bool {
    let t = between.trim();
    matches!(t, "-" | "–" | "—" | "to" | "through") || t == "and" && after_between
}

/// Whether `at` falls in one of `ranges` (sorted, disjoint).
fn in_ranges(ranges: &[Range<usize>], at: usize) -> bool {
    let i = ranges.partition_point(|r| r.end <= at);
    ranges.get(i).is_some_and(|r| r.contains(&at))
}

/// Byte ranges inside double quotes, straight (`"…"`) or curly (`“…”`).
fn quoted_ranges(text: &str) -> Vec<Range<usize>> {
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
    use super::*;

    /// `(text of the span, value, kind)` of each number.
    fn found(text: &str) -> Vec<(&str, f64, NumberKind)> {
        numbers_in(text)
            .into_iter()
            .map(|n| (&text[n.span.clone()], n.value, n.kind))
            .collect()
    }

    use NumberKind::*;

    #[test]
    fn plain_numbers_decimals_and_thousands_separators() {
        assert_eq!(
            found("Payrolls rose 143,000 and GDP grew 2.4 at a .5 pace; 1,234,567 in all."),
            [
                ("143,000", 143000.0, Quantity),
                ("2.4", 2.4, Quantity),
                (".5", 0.5, Quantity),
                ("1,234,567", 1234567.0, Quantity)
            ]
        );
        // A comma followed by other than three digits separates numbers.
        assert_eq!(
            found("values 2,50 and 1,2345"),
            [
                ("2", 2.0, Quantity),
                ("50", 50.0, Quantity),
                ("1", 1.0, Quantity),
                ("2345", 2345.0, Quantity)
            ]
        );
    }

    #[test]
    fn percentages_in_every_spelling() {
        for text in [
            "2.9%",
            "2.9 %",
            "2.9 percent",
            "2.9 per cent",
            "2.9 pct",
            "2.9pct",
            "2.9 percentage points",
            "2.9pp",
        ] {
            let numbers = numbers_in(text);
            assert_eq!(numbers.len(), 1, "{text}");
            assert_eq!(
                (numbers[0].value, numbers[0].kind),
                (2.9, Percent),
                "{text}"
            );
            assert_eq!(numbers[0].span, 0..text.len(), "{text}");
        }
    }

    #[test]
    fn ranges_share_the_kind_of_their_second_number() {
        for text in [
            "held at 5.25-5.50%",
            "held at 5.25–5.50%",
            "held at 5.25%–5.50%",
            "held at 5.25 to 5.50 percent",
            "held between 5.25 and 5.50 percent",
        ] {
            let numbers = numbers_in(text);
            let got: Vec<_> = numbers.iter().map(|n| (n.value, n.kind)).collect();
            assert_eq!(got, [(5.25, Percent), (5.5, Percent)], "{text}");
        }
        assert_eq!(
            found("the meeting of March 17–18"),
            [("17", 17.0, Day), ("18", 18.0, Day)]
        );
    }

    #[test]
    fn mixed_fractions_as_central_banks_write_them() {
        let got: Vec<_> = numbers_in("at 3-1/2 to 3-3/4 percent, then 5 1/4 and 4½")
            .iter()
            .map(|n| (n.value, n.kind))
            .collect();
        assert_eq!(
            got,
            [
                (3.5, Percent),
                (3.75, Percent),
                (5.25, Quantity),
                (4.5, Quantity)
            ]
        );
    }

    #[test]
    fn scales_and_attached_units() {
        let got: Vec<_> = numbers_in("$1.2 trillion, 143k jobs, 3bn, 25bp, 25 basis points, 2x")
            .iter()
            .map(|n| (n.value, n.unscaled))
            .collect();
        assert_eq!(
            got,
            [
                (1.2e12, 1.2),
                (143e3, 143.0),
                (3e9, 3.0),
                (25.0, 25.0),
                (25.0, 25.0),
                (2.0, 2.0)
            ]
        );
        let a = numbers_in("143,000")[0].clone();
        let b = numbers_in("143 thousand")[0].clone();
        assert!(a.matches(&b) && b.matches(&a));
        assert!(numbers_in("5.50%")[0].matches(&numbers_in("5.5 percent")[0]));
        assert!(!numbers_in("5.50%")[0].matches(&numbers_in("5.05%")[0]));
    }

    #[test]
    fn signs_are_ignored() {
        let got: Vec<_> = numbers_in("fell -0.3% or −0.3 percent, +143,000")
            .iter()
            .map(|n| n.value)
            .collect();
        assert_eq!(got, [0.3, 0.3, 143000.0]);
    }

    #[test]
    fn years_days_times_and_dates() {
        assert_eq!(
            found("On February 10, 2026 at 8:30 the 2026-02-10 data for 2/13 and 10 Feb. came"),
            [
                ("10", 10.0, Day),
                ("2026", 2026.0, Year),
                ("8:30", 830.0, Time),
                ("2026-02-10", 20260210.0, Date),
                ("2/13", 213.0, Date),
                ("10", 10.0, Day)
            ]
        );
        // Not a year: grouped, decimal, out of range, or with a unit.
        assert_eq!(
            found("2,026 and 2026.5 and 1500 and 2026%"),
            [
                ("2,026", 2026.0, Quantity),
                ("2026.5", 2026.5, Quantity),
                ("1500", 1500.0, Quantity),
                ("2026%", 2026.0, Percent)
            ]
        );
        // A bare number is not a day.
        assert_eq!(found("rose 10 points"), [("10", 10.0, Quantity)]);
    }

    #[test]
    fn identifiers_ordinals_and_structure_are_not_numbers() {
        for text in [
            "Q4 GDP and H1 results from the G7",
            "COVID-19 and mp3 and 10Y and 3D",
            "the 1st, 2nd, 3rd and 21st meetings",
            "as Section 3 and Table 1 and Figure 4 and page 12 show",
            "see § 4, No. 7 and #3 and chapter 2",
            "at https://example.com/2026/02/report-3.html today",
            "snake_case_2 and x2",
        ] {
            assert_eq!(found(text), [], "{text}");
        }
        assert_eq!(found("1. Rates rose 3."), [("3", 3.0, Quantity)]);
        assert_eq!(found("2) Rates held."), []);
        assert_eq!(found("1.5 percent"), [("1.5 percent", 1.5, Percent)]);
    }

    #[test]
    fn years_in_quoted_titles_do_not_count_but_other_numbers_do() {
        assert_eq!(
            found("BEA's \"GDP, Fourth Quarter 2025\" shows 2.4%, per “Outlook 2026”."),
            [("2.4%", 2.4, Percent)]
        );
        assert_eq!(
            found("the \"2.9% rise\" in 2025"),
            [("2.9%", 2.9, Percent), ("2025", 2025.0, Year)]
        );
    }

    #[test]
    fn spans_are_byte_ranges_of_the_text() {
        let text = "Prices — up 2,4 € — rose 3½% in 2025.";
        for n in numbers_in(text) {
            assert!(text.is_char_boundary(n.span.start) && text.is_char_boundary(n.span.end));
        }
        assert_eq!(found("rose 3½%"), [("3½%", 3.5, Percent)]);
    }

    #[test]
    fn any_text_is_safe_and_spans_fall_on_char_boundaries() {
        // A deterministic walk over texts made of the characters the
        // scanner cares about, multi-byte ones included.
        let alphabet: Vec<char> = "0123456789.,-–/:%½ abcxkmptQ§#\"“”é€\u{a0}\n"
            .chars()
            .collect();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let len = (state % 24) as usize;
            let mut text = String::new();
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            for n in numbers_in(&text) {
                assert!(n.span.start < n.span.end, "{text:?}");
                assert!(text.is_char_boundary(n.span.start), "{text:?}");
                assert!(text.is_char_boundary(n.span.end), "{text:?}");
                assert!(n.value.is_finite(), "{text:?}");
            }
        }
    }

    #[test]
    fn long_texts_take_linear_time() {
        // Each number looks only at its neighbourhood, so one long text
        // costs what its lines cost apart (an earlier version lowercased
        // the whole text before each number).
        let text =
            "Rates held at 3.50–3.75% in \"Outlook 2026\" between 4 and 5 in 2025. ".repeat(4_000);
        assert_eq!(numbers_in(&text).len(), 4_000 * 5);
    }
}
