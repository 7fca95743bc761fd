//! `low-source-authority`: the mean authority of a chapter's cited items
//! (each tier's, from `tier-authority`) is too low: it leans on tier 3-4
//! sources more than the target allows.

use super::quality::{Figures, QualityInputs};
use crate::config::QualityTargets;

/// The message when the chapter's authority score misses its target.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    targets: &QualityTargets,
) -> Option<String> {
    let figure = &figures.authority;
    let value = figure.value.filter(|_| figure.meets == Some(false))?;
    let tiers: Vec<String> = inputs
        .tiers
        .iter()
        .zip(targets.tier_authority.by_tier())
        .enumerate()
        .filter(|(_, (n, _))| **n > 0)
        .map(|(t, (n, a))| format!("{n} of tier {} ({a})", t + 1))
        .collect();
    Some(format!(
        "this chapter cites {} of a mean tier authority of {value} ({}; the target is {})",
        super::quality::count(inputs.items, "item"),
        tiers.join(", "),
        figure.target
    ))
}
