//! The periods (years, months, quarters) a piece of a passage names,
//! which decide whether two figures or statements are about the same
//! time: `May 2025` and `May` may be; `January` and `February` are not;
//! `2024` and `December 2024` are of different sizes (an annual figure and
//! a monthly one), so neither.

use crate::number_parse::{NumberKind, numbers_in};
use std::ops::Range;

/// A period a text names: a year, a month, a quarter, or a month or
/// quarter of a year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Period {
    year: Option<i32>,
    month: Option<u8>,
    quarter: Option<u8>,
}

/// How two lists of periods compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dates {
    /// Some period of one is a period of the other (`May` and `May 2025`).
    Overlap,
    /// Every period of one differs from every period of the other
    /// (`January` and `February`, `2024` and `2025`).
    Apart,
    /// Neither: one names none, or they are of different sizes (`2024`
    /// and `December 2024`: an annual figure and a monthly one).
    Unknown,
}

impl Period {
    /// How two periods compare: the same, different, or neither.
    fn compare(&self, other: &Period) -> Dates {
        let differ =
            |a: Option<i32>, b: Option<i32>| matches!((a, b), (Some(a), Some(b)) if a != b);
        let month = |p: &Period| p.month.map(i32::from);
        let quarter = |p: &Period| {
            p.quarter
                .map(i32::from)
                .or_else(|| p.month.map(|m| (i32::from(m) - 1) / 3 + 1))
        };
        if differ(self.year, other.year)
            || differ(month(self), month(other))
            || differ(quarter(self), quarter(other))
        {
            return Dates::Apart;
        }
        let same_size = self.month.is_some() == other.month.is_some()
            && self.quarter.is_some() == other.quarter.is_some();
        if same_size && (self.month.is_some() || self.quarter.is_some() || self.year.is_some()) {
            Dates::Overlap
        } else {
            Dates::Unknown
        }
    }
}

/// How the periods `a` and `b` compare: [`Dates::Overlap`] when some pair
/// is the same, [`Dates::Apart`] when every pair differs.
pub(super) fn compare(a: &[Period], b: &[Period]) -> Dates {
    if a.is_empty() || b.is_empty() {
        return Dates::Unknown;
    }
    let mut apart = true;
    for p in a {
        for q in b {
            match p.compare(q) {
                Dates::Overlap => return Dates::Overlap,
                Dates::Unknown => apart = false,
                Dates::Apart => {}
            }
        }
    }
    if apart { Dates::Apart } else { Dates::Unknown }
}

/// Month names and abbreviations, lowercase, with their numbers. A month
/// counts only capitalised (`May`, not the modal verb; `March`, not the
/// verb).
const MONTHS: &[(&str, u8)] = &[
    ("january", 1),
    ("jan", 1),
    ("february", 2),
    ("feb", 2),
    ("march", 3),
    ("mar", 3),
    ("april", 4),
    ("apr", 4),
    ("may", 5),
    ("june", 6),
    ("jun", 6),
    ("july", 7),
    ("jul", 7),
    ("august", 8),
    ("aug", 8),
    ("september", 9),
    ("sept", 9),
    ("sep", 9),
    ("october", 10),
    ("oct", 10),
    ("november", 11),
    ("nov", 11),
    ("december", 12),
    ("dec", 12),
];

/// The month `word` names, if it is a capitalised month name.
pub(super) fn month_of(word: &str) -> Option<u8> {
    if !word.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    MONTHS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|(_, m)| *m)
}

/// The words of `text` (its runs of alphanumeric characters), each with
/// where it starts: what `text.split(|c: char| !c.is_alphanumeric())`
/// gives, empty pieces left out. Every passage is read so, most of it
/// ASCII: a byte of ASCII is one character, and only another is decoded.
pub(super) fn words_at(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    // Whether the character at `at` is alphanumeric, and its width.
    let at_char = move |at: usize| match bytes.get(at) {
        None => None,
        Some(b) if b.is_ascii() => Some((b.is_ascii_alphanumeric(), 1)),
        Some(_) => text[at..]
            .chars()
            .next()
            .map(|c| (c.is_alphanumeric(), c.len_utf8())),
    };
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            let (alphanumeric, width) = at_char(at)?;
            if alphanumeric {
                break;
            }
            at += width;
        }
        let start = at;
        while let Some((true, width)) = at_char(at) {
            at += width;
        }
        Some((start, &text[start..at]))
    })
}

/// Ordinal quarter words, as in `the third quarter`.
const QUARTERS: &[(&str, u8)] = &[("first", 1), ("second", 2), ("third", 3), ("fourth", 4)];

/// The periods `text` names: each month or quarter with the year written
/// just after it (`May 2025`, `May 12, 2025`, `the third quarter of
/// 2025`, `Q3 2025`), or alone; each other year; each ISO date's month.
pub(super) fn periods_in(text: &str) -> Vec<Period> {
    periods_at(text).into_iter().map(|(_, p)| p).collect()
}

/// The periods of `list` (from [`periods_at`]) named within `range`.
pub(super) fn within(list: &[(usize, Period)], range: &Range<usize>) -> Vec<Period> {
    list.iter()
        .filter(|(at, _)| range.contains(at))
        .map(|(_, p)| *p)
        .collect()
}

/// The periods `text` names ([`periods_in`]), each with where it is
/// written: a passage is read once, and each clause and sentence takes
/// the periods within it.
pub(super) fn periods_at(text: &str) -> Vec<(usize, Period)> {
    let numbers = numbers_in(text);
    let years: Vec<(Range<usize>, i32)> = numbers
        .iter()
        .filter(|n| n.kind == NumberKind::Year)
        .map(|n| (n.span.clone(), n.value as i32))
        .collect();
    let mut used = vec![false; years.len()];
    let mut out = Vec::new();
    let mut words = words_at(text).peekable();
    while let Some((at, word)) = words.next() {
        let end = at + word.len();
        let (month, quarter) = if let Some(m) = month_of(word) {
            (Some(m), None)
        } else if word.len() == 2 && word.starts_with(['q', 'Q']) {
            match word.as_bytes()[1] {
                q @ b'1'..=b'4' => (None, Some(q - b'0')),
                _ => continue,
            }
        } else if let Some((_, q)) = QUARTERS
            .iter()
            .filter(|_| matches!(word.len(), 5 | 6))
            .find(|(w, _)| w.eq_ignore_ascii_case(word))
        {
            if !words
                .peek()
                .is_some_and(|(_, n)| n.eq_ignore_ascii_case("quarter"))
            {
                continue;
            }
            (None, Some(*q))
        } else {
            continue;
        };
        // The year written within a few bytes after it (a day, `of`, a comma).
        let year = years.iter().position(|(span, _)| {
            span.start >= end && span.start - end <= 12 && !text[end..span.start].contains('.')
        });
        let year = year.filter(|&i| !used[i]).map(|i| {
            used[i] = true;
            years[i].1
        });
        out.push((
            at,
            Period {
                year,
                month,
                quarter,
            },
        ));
    }
    for ((span, year), used) in years.iter().zip(&used) {
        if !used {
            out.push((
                span.start,
                Period {
                    year: Some(*year),
                    month: None,
                    quarter: None,
                },
            ));
        }
    }
    for n in numbers.iter().filter(|n| n.kind == NumberKind::Date) {
        let written = &text[n.span.clone()];
        let mut parts = written.split(['-', '/']);
        if let (Some(y), Some(m)) = (parts.next(), parts.next())
            && y.len() == 4
            && let (Ok(year), Ok(month)) = (y.parse::<i32>(), m.parse::<u8>())
            && (1..=12).contains(&month)
        {
            out.push((
                n.span.start,
                Period {
                    year: Some(year),
                    month: Some(month),
                    quarter: None,
                },
            ));
        }
    }
    out
}
