//! The main figure a text states (a number, a percentage or a specific
//! date): for a claim, the figure it needs a credible citation for; also
//! read by the claim heuristic for table rows (used by the claim rules).
//! Text analysis, so it lives with the number parser.

use crate::number_parse::{Number, NumberKind, date_as_written, is_range_separator, numbers_in};
use std::ops::Range;

/// The main figure (number, percentage or specific date) a text states:
/// the first of [`numbers_in`] that is neither a year on its own nor a
/// date or time (`16°C` of `July 9, 2025 … 16°C`); else its first date or
/// time, named as written (`date_as_written`: `July 9, 2025`, not `9`).
pub fn first_figure(text: &str) -> Option<Range<usize>> {
    first_figure_of(text, &numbers_in(text))
}

/// [`first_figure`] of `text`, whose numbers are `numbers`.
pub fn first_figure_of(text: &str, numbers: &[Number]) -> Option<Range<usize>> {
    let is_calendar = |n: &Number| {
        matches!(
            n.kind,
            NumberKind::Year | NumberKind::Day | NumberKind::Date | NumberKind::Time
        )
    };
    let Some(first) = numbers.iter().position(|n| !is_calendar(n)) else {
        let date = numbers.iter().position(|n| n.kind != NumberKind::Year)?;
        return Some(date_as_written(text, numbers, date));
    };
    // A range (`5.25-5.50%`) is one figure.
    let mut span = numbers[first].span.clone();
    for next in &numbers[first + 1..] {
        if !is_range_separator(&text[span.end..next.span.start], false) {
            break;
        }
        span.end = next.span.end;
    }
    Some(span)
}
