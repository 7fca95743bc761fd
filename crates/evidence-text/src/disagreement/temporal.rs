//! Temporal disagreement: one claim cites two passages that give the same
//! measure for different dates (`prices rose 3.1% in January` and `prices
//! rose 2.9% in February`) and presents them as one. The figures measure
//! alike as [`super::figures`] says; their periods are both named and
//! apart ([`Dates::Apart`]); and the claim does not itself name both
//! periods (a claim that says `3.1% in January and 2.9% in February`
//! keeps the dates apart). Only passages cited by one claim are looked
//! at: two claims of a chapter may well be about two months.

use crate::disagreement::figures::{FigureFact, find};
use crate::disagreement::periods::{Dates, Period, compare, periods_in};
use crate::disagreement::reading::plain;

/// The figures of `a` and `b` (cited by one claim, whose text `claim`
/// gives, asked for only when needed; none when no claim cites both) that
/// give the same measure for different dates, presented as one: their
/// indices.
pub(super) fn find_temporal<'c>(
    a: &[FigureFact],
    b: &[FigureFact],
    claim: impl FnOnce() -> Option<&'c str>,
) -> Option<(usize, usize)> {
    let (i, j) = find(a, b, Dates::Apart, compare)?;
    let claim: Vec<Period> = periods_in(&plain(claim()?));
    let named = |periods: &[Period]| compare(&claim, periods) == Dates::Overlap;
    if named(&a[i].periods) && named(&b[j].periods) {
        return None;
    }
    Some((i, j))
}
