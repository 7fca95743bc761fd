//! Temporal disagreement: one claim cites two passages that give the same
//! measure for different dates (`prices rose 3.1% in January` and `prices
//! rose 2.9% in February`) and presents them as one. The figures measure
//! alike as [`super::figures`] says; their periods are both named and
//! apart ([`Dates::Apart`]); and the claim does not itself name both
//! periods (a claim that says `3.1% in January and 2.9% in February`
//! keeps the dates apart). Only passages cited by one claim are looked
//! at: two claims of a chapter may well be about two months.

use super::figures::{FigureFact, find};
use super::periods::{Dates, Period, compare};

/// The figures of `a` and `b` (cited by one claim, whose periods `claim`
/// reads, only when needed) that give the same measure for different
/// dates, presented as one: their indices.
pub(super) fn find_temporal(
    a: &[FigureFact],
    b: &[FigureFact],
    claim: impl FnOnce() -> Vec<Period>,
) -> Option<(usize, usize)> {
    let (i, j) = find(a, b, Dates::Apart, compare)?;
    let claim = claim();
    let named = |periods: &[Period]| compare(&claim, periods) == Dates::Overlap;
    if named(&a[i].periods) && named(&b[j].periods) {
        return None;
    }
    Some((i, j))
}
