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
//!   `m`/`mn`/`million`, `bn`/`billion`, `tn`/`trillion`, or another
//!   language's scale word (`Millionen`, `mil millones`, `ألف`, `млн`,
//!   `लाख`: `scale_words.rs`), which multiplies [`Number::value`].
//!
//! A number's kind says what it measures: a **percentage**; a **year**
//! (four digits from 1800 to 2199, nothing attached); a **day** of a month
//! (1 to 31 next to a month name: `February 10`, `10 Feb.`); a **time**
//! (`8:30`); a **date** (`2026-02-10`, `2/13`); or any other **quantity**.
//! In a range (`5.25-5.50%`, `5.25 to 5.50 percent`, `March 17–18`,
//! `between 5.25 and 5.50 percent`) the first number takes the kind of the
//! second.
//!
//! Chinese, Japanese and Korean put no space between words: a letter of
//! those scripts next to the digits does not glue them into a word
//! (`約60%とみている` holds `60%`), and the scales (`1.2兆`, `3千万`,
//! `3만`), words for per cent (`パーセント`) and date marks (`7月9日`: days)
//! they write after digits are read (`cjk.rs`). Full-width forms
//! (`５５％`, `０．７５`) are read as ASCII, and so are the digits of other
//! scripts (`१९९७`, `٢٠٢٤`).
//!
//! **Not numbers**: digits that are part of a word or an identifier (`Q4`,
//! `H1`, `G7`, `COVID-19`, `mp3`, `10Y`, `u32`), ordinals (`1st`, `2nd`,
//! `21st`, `第3`), list numbering at the start of the text (`1.`, `2)`),
//! references to a part of a document, compound ones and lists included
//! (`Section 3`, `Chapter 2`, `Table 3-1`, `Listing 2-6`, `Section 4.2`,
//! `Chapters 17 and 18`, `page 12`, `§ 4`, `No. 7`, `#3`) and to the parts
//! of the sources a report cites (`passage 2`, `Passage ID 3`, `[Source
//! 2]`, `documents 3 and 4`, `item number 6`), version strings
//! (`0.10.1`, `1.0.0-beta.2`, `Rust 1.75`, `the 2021 edition`), IP
//! addresses (`127.0.0.1:7878`), code-like tokens (`0x1F`, `1_000`, `0..10`,
//! `foo(3)`, `2^32`, `localhost:8080`), a bracketed number (`[3]`, a
//! citation), digits inside a URL, and years inside a quoted title (`"GDP,
//! Fourth Quarter 2025"`, in straight or curly double quotes): see
//! `classify.rs`. A decimal comma before one or two digits (`2,50`,
//! `6,4 Prozent`) and dots between thousands before a decimal comma or
//! as `000` (`1.234,5`, `65.000`) are read as Europe writes them
//! (`read.rs`). Numeric dates include ISO months (`2026-02`) and
//! `2026/02/10`.

mod cjk;
mod classify;
mod context;
mod dates;
mod figure;
mod lookup;
mod measure;
mod read;
mod scale_words;
#[cfg(test)]
mod tests;
mod units;
mod words;

use self::context::{in_ranges, quoted_ranges, url_ranges};
pub(crate) use self::dates::date_as_written;
pub use self::figure::{first_figure, first_figure_of};
pub use self::lookup::NumberLookup;
pub(crate) use self::measure::unit_name;
pub use self::measure::{Unit, convert, unit_of};
pub(crate) use self::read::decimal_places;
use self::read::read_number;
pub use self::words::{is_claim_figure, may_hold_claim_figure, word_numbers_in};
use crate::content_words::{ascii_form, may_hold_wide_or_native};
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
    pub(crate) unscaled: f64,
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

/// Whether two magnitudes are equal up to rounding error.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The numbers in `text`, in order. See the [module docs](self) for what
/// counts as a number.
pub fn numbers_in(text: &str) -> Vec<Number> {
    read_numbers(text, false)
}

/// The numbers of a cited passage: [`numbers_in`], and digits glued to a
/// lowercase word where a scraped page lost a space (`rate1`; see
/// `glued_words` for the words).
pub(crate) fn passage_numbers_in(text: &str) -> Vec<Number> {
    read_numbers(text, true)
}

/// [`read_ascii_numbers`] of `text` with its full-width forms
/// (`４.４％`, `１２３`, U+FF01 to U+FF5E) read as the ASCII characters they
/// stand for, as NFKC folds them, and the digits of other scripts
/// (`१९९७`) as ASCII digits; spans are in `text`.
fn read_numbers(text: &str, passage: bool) -> Vec<Number> {
    if !may_hold_wide_or_native(text) {
        return read_ascii_numbers(text, passage);
    }
    let mut folded = String::with_capacity(text.len());
    // The offset in `text` of each byte of `folded`, and of its end.
    let mut at = Vec::with_capacity(text.len() + 1);
    for (i, c) in text.char_indices() {
        let c = ascii_form(c);
        at.extend((0..c.len_utf8()).map(|k| if k == 0 { i } else { usize::MAX }));
        folded.push(c);
    }
    at.push(text.len());
    let mut numbers = read_ascii_numbers(&folded, passage);
    // A number starts and ends on a character of `folded`: map to `text`.
    numbers.retain_mut(|n| match (at.get(n.span.start), at.get(n.span.end)) {
        (Some(&start), Some(&end)) if start != usize::MAX && end != usize::MAX => {
            n.span = start..end;
            true
        }
        _ => false,
    });
    numbers
}

fn read_ascii_numbers(text: &str, passage: bool) -> Vec<Number> {
    let bytes = text.as_bytes();
    // Quoted titles matter only to a year, which few texts hold.
    let mut quoted: Option<Vec<Range<usize>>> = None;
    let urls = url_ranges(text);
    let mut out: Vec<Number> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        i = next_digit_or_dot(bytes, i);
        let Some(&b) = bytes.get(i) else { break };
        let starts = b.is_ascii_digit()
            || bytes[i] == b'.'
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                && !text[..i].ends_with(|c: char| c.is_ascii_digit());
        if !starts {
            i += 1;
            continue;
        }
        let (number, end) = read_number(text, i, &urls, passage);
        i = end.max(i + 1);
        let Some(mut number) = number else { continue };
        if number.kind == NumberKind::Year
            && in_ranges(
                quoted.get_or_insert_with(|| quoted_ranges(text)),
                number.span.start,
            )
        {
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
            // `1988/89`, as a season is also written; not a date's
            // `2003/04/05`.
            let slash = between == "/"
                && !text[..previous.span.start].ends_with('/')
                && !text[number.span.end..].starts_with('/');
            if slash {
                if let Some(year) = short_year(previous, &number, &text[number.span.clone()]) {
                    number.value = year;
                    number.unscaled = year;
                    number.kind = NumberKind::Year;
                }
            } else if is_range_separator(between, after_between) {
                if let Some(year) = short_year(previous, &number, &text[number.span.clone()]) {
                    // `2018–19`: the second year of a season.
                    number.value = year;
                    number.unscaled = year;
                    number.kind = NumberKind::Year;
                } else if previous.kind == NumberKind::Quantity && number.kind != NumberKind::Year {
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

/// The offset of the first ASCII digit or `.` from `at` (where a number
/// may start), or the length: eight bytes at a time, most of a text
/// holding neither.
fn next_digit_or_dot(bytes: &[u8], mut at: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_ne_bytes(word);
        // A byte below 10 after `^ b'0'` is a digit; one of zero after
        // `^ b'.'` is a dot (both tests exact on whether any byte is).
        let digits = x ^ (ONES * u64::from(b'0'));
        let dots = x ^ (ONES * u64::from(b'.'));
        let any_digit = digits.wrapping_sub(ONES * 10) & !digits & HIGHS;
        let any_dot = dots.wrapping_sub(ONES) & !dots & HIGHS;
        if any_digit | any_dot != 0 {
            break;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii_digit() || b == b'.' {
            return at;
        }
        at += 1;
    }
    bytes.len()
}

/// Text between two numbers that makes them a range (`and` only after
/// `between`; `--`, a dash as plain text and tokenised text write it).
pub(crate) fn is_range_separator(between: &str, after_between: bool) -> bool {
    let t = between.trim();
    matches!(t, "-" | "--" | "–" | "—" | "~" | "〜" | "to" | "through")
        || t == "and" && after_between
}

/// The year that `number` (written `written`) abbreviates after the year
/// `previous` of a range: the `19` of `2018–19` is 2019.
fn short_year(previous: &Number, number: &Number, written: &str) -> Option<f64> {
    if previous.kind != NumberKind::Year
        || number.kind != NumberKind::Quantity
        || written.len() != 2
        || !written.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let century = (previous.value / 100.0).floor() * 100.0;
    (number.value > previous.value - century).then_some(century + number.value)
}
