//! Figures that disagree: two passages give different values for the same
//! measure of the same thing at the same time (`consumer prices rose 3.1%
//! in January from a year earlier` against `consumer prices rose 3.4% in
//! January from a year earlier`).
//!
//! The same measure, conservatively: the same kind of unit (percent,
//! percentage points, basis points, the same currency or dimension, or
//! counts of the same noun); the same qualifiers (core or headline, month
//! on month, year on year, annualized); the same topic words around the
//! figure within its clause, up to the figures beside it ([`same_topic`]); and periods that overlap
//! (the figure's clause, else its sentence, else its passage, names the
//! same month, quarter or year). Figures that are bounds (`more than 3%`),
//! in a hedged clause (a forecast, an expectation, an average), or one end
//! of a range are never compared. Values that agree once rounded to the
//! less precise one (`3%` and `3.1%`) agree; and a figure that the other
//! passage also writes for that measure (`3.1%, up from 2.9%`) is no
//! disagreement either.
//!
//! The same figures with periods that are apart are what the temporal
//! check ([`super::temporal`]) looks at.

use crate::content_words::{Stem, ascii_form, content_words, is_any_digit};
use crate::disagreement::periods::{Dates, Period, within};
use crate::disagreement::reading::{Sentence, bounded, hedged, same_topic, topic_words};
use crate::number_parse::{
    Number, NumberKind, Unit, convert, is_range_separator, numbers_in, unit_of,
};
use std::ops::Range;

/// Topic words taken before a figure, and after it, within its clause.
const BEFORE: usize = 4;
const AFTER: usize = 3;

/// What a figure measures in, as far as comparing values goes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Measure {
    Percent,
    Points,
    BasisPoints,
    Unit(Unit),
    /// A count of the noun after it (`12 people`), by the noun's stem.
    Count(Stem),
}

/// A figure of a passage, read for comparing with another passage's.
#[derive(Debug, Clone)]
pub(super) struct FigureFact {
    /// Its value, scale applied.
    value: f64,
    /// Half the place of its last written digit, scaled: values closer
    /// than the larger step of two figures agree once rounded.
    step: f64,
    measure: Measure,
    /// The topic words around it, sorted.
    topic: Box<[Stem]>,
    /// Its sentence's qualifier flags ([`qualifiers`](super::reading::qualifiers)).
    flags: u8,
    /// The periods of its clause, else its sentence, else its passage.
    pub(super) periods: Box<[Period]>,
    /// Its sentence, for quoting.
    pub(super) sentence: Range<usize>,
    /// Where it starts, which a quote of a long sentence keeps.
    pub(super) at: usize,
}

/// The figures of `text` (a plain passage, cut into `sentences`, each with
/// its clauses) that can
/// be compared; `periods` are the passage's, with where each is written.
pub(super) fn read(
    text: &str,
    sentences: &[Sentence],
    periods: &[(usize, Period)],
) -> Vec<FigureFact> {
    let mut out = Vec::new();
    for s in sentences {
        let (sentence, clauses) = (&s.range, &s.clauses);
        let numbers: Vec<Number> = numbers_in(&text[sentence.clone()])
            .into_iter()
            .map(|mut n| {
                n.span = sentence.start + n.span.start..sentence.start + n.span.end;
                n
            })
            .collect();
        if !numbers
            .iter()
            .any(|n| matches!(n.kind, NumberKind::Quantity | NumberKind::Percent))
        {
            continue;
        }
        let flags = s.flags(text);
        let sentence_periods = within(periods, sentence);
        for (k, number) in numbers.iter().enumerate() {
            let Some(clause) = clauses.iter().find(|c| c.contains(&number.span.start)) else {
                continue;
            };
            if !matches!(number.kind, NumberKind::Quantity | NumberKind::Percent)
                || in_range(text, &numbers, k)
                || bounded(&text[clause.start..number.span.start])
                || hedged(&text[clause.clone()])
            {
                continue;
            }
            let Some(measure) = measure(text, number, clause) else {
                continue;
            };
            // Another figure ends a figure's context, as its clause does.
            let from = k.checked_sub(1).map_or(clause.start, |p| {
                numbers[p].span.end.clamp(clause.start, number.span.start)
            });
            let to = numbers.get(k + 1).map_or(clause.end, |n| {
                n.span
                    .start
                    .clamp(number.span.end, clause.end.max(number.span.end))
            });
            let mut topic: Vec<Stem> = topic_words(text, from..number.span.start)
                .into_iter()
                .rev()
                .take(BEFORE)
                .map(|(s, _)| s)
                .collect();
            topic.extend(
                topic_words(text, number.span.end..to)
                    .into_iter()
                    .take(AFTER)
                    .map(|(s, _)| s),
            );
            topic.sort_unstable();
            topic.dedup();
            let clause_periods = within(periods, clause);
            let all = || periods.iter().map(|(_, p)| *p).collect();
            let periods = [clause_periods, sentence_periods.clone(), all()]
                .into_iter()
                .find(|p| !p.is_empty())
                .unwrap_or_default();
            out.push(FigureFact {
                value: number.value,
                step: step(&text[number.span.clone()], number),
                measure,
                topic: topic.into(),
                flags,
                periods: periods.into(),
                sentence: sentence.clone(),
                at: number.span.start,
            });
        }
    }
    out
}

/// Whether the `k`th of `numbers` is one end of a range (`3 to 4%`,
/// `5.25-5.50%`).
fn in_range(text: &str, numbers: &[Number], k: usize) -> bool {
    let joined = |a: &Number, b: &Number| {
        let before = text[..a.span.start].trim_end();
        let after_between = before.len() >= 7
            && before
                .get(before.len() - 7..)
                .is_some_and(|w| w.eq_ignore_ascii_case("between"));
        is_range_separator(&text[a.span.end..b.span.start], after_between)
    };
    let previous = k
        .checked_sub(1)
        .is_some_and(|p| joined(&numbers[p], &numbers[k]));
    let next = numbers.get(k + 1).is_some_and(|n| joined(&numbers[k], n));
    previous || next
}

/// What the figure `number` measures in, if it can be compared: a count
/// needs the noun after it.
fn measure(text: &str, number: &Number, clause: &Range<usize>) -> Option<Measure> {
    let written = text[number.span.clone()].to_ascii_lowercase();
    if number.kind == NumberKind::Percent {
        return Some(if written.contains("point") || written.ends_with("pp") {
            Measure::Points
        } else {
            Measure::Percent
        });
    }
    if written.contains("bp") || written.contains("basis") {
        return Some(Measure::BasisPoints);
    }
    if let Some(unit) = unit_of(text, &number.span) {
        return Some(Measure::Unit(unit));
    }
    let rest = &text[number.span.end..clause.end.max(number.span.end)];
    let mut noun = None;
    content_words(rest, |stem, range| {
        if noun.is_none() && range.start <= 1 && !rest[range].starts_with(is_any_digit) {
            noun = Some(stem);
        }
    });
    // Only the first word counts, right after the number.
    noun.map(Measure::Count)
}

/// Half the place of the last digit of `written` (the number as written),
/// scaled as its value is: `3.1%` is 0.05, `143k` is 500.
fn step(written: &str, number: &Number) -> f64 {
    // Other scripts' digits and separators (`٣٫٥`) as ASCII.
    let digits: String = written
        .chars()
        .map(ascii_form)
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | ','))
        .collect();
    let decimals = digits.split_once('.').map_or(0, |(_, d)| {
        d.chars().take_while(char::is_ascii_digit).count()
    });
    let scale = if number.unscaled == 0.0 {
        1.0
    } else {
        number.value / number.unscaled
    };
    0.5 * 10f64.powi(-(decimals.min(9) as i32)) * scale
}

/// `g`'s value in `f`'s unit, if the two measure alike: the same measure,
/// qualifiers and topic.
fn comparable(f: &FigureFact, g: &FigureFact) -> Option<f64> {
    if f.flags != g.flags || !same_topic(&f.topic, &g.topic) {
        return None;
    }
    value_in(f, g)
}

/// `g`'s value in `f`'s measure, if they measure alike (a unit of
/// measure converted; a currency never).
fn value_in(f: &FigureFact, g: &FigureFact) -> Option<f64> {
    match (f.measure, g.measure) {
        (a, b) if a == b => Some(g.value),
        (Measure::Unit(a @ Unit::Measure { .. }), Measure::Unit(b @ Unit::Measure { .. })) => {
            convert(g.value, b, a)
        }
        _ => None,
    }
}

/// Whether two values differ by more than rounding explains.
fn differ(f: &FigureFact, f_value: f64, g: &FigureFact, g_value: f64) -> bool {
    (f_value - g_value).abs() > f.step.max(g.step) + 1e-9 * f_value.abs().max(1.0)
}

/// Whether `figures` write `g`'s value in `g`'s measure anywhere (then
/// the passages share that figure, and a different one beside it is
/// another date or another part of the story).
fn writes(figures: &[FigureFact], g: &FigureFact) -> bool {
    figures
        .iter()
        .any(|f| f.flags == g.flags && value_in(f, g).is_some_and(|v| !differ(f, f.value, g, v)))
}

/// The first pair of figures of `a` and `b` that measure alike, differ,
/// and whose periods `dates` says are `wanted`: their indices.
pub(super) fn find(
    a: &[FigureFact],
    b: &[FigureFact],
    wanted: Dates,
    dates: impl Fn(&[Period], &[Period]) -> Dates,
) -> Option<(usize, usize)> {
    for (i, f) in a.iter().enumerate() {
        for (j, g) in b.iter().enumerate() {
            let Some(v) = comparable(f, g) else { continue };
            if differ(f, f.value, g, v)
                && dates(&f.periods, &g.periods) == wanted
                && !writes(a, g)
                && !writes(b, f)
            {
                return Some((i, j));
            }
        }
    }
    None
}
