//! `low-source-authority`: the mean authority of a chapter's cited items
//! (each tier's, from `tier-authority`) is too low: it leans on tier 3-4
//! sources more than the target allows.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::config::QualityTargets;
use evidence_core::rule::Rule;

/// What `low-source-authority` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowSourceAuthority,
    help: "cite official (tier 1) or mainstream (tier 2) sources for what tier 3-4 items now carry",
    doc: &[
        "The mean tier authority of a chapter's cited items is not above",
        "`quality.authority` (0.7).",
    ],
    guide_page: guide_page!("low-source-authority"),
    file: file!(),
};

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
        crate::quality::count(inputs.items, "item"),
        tiers.join(", "),
        figure.target
    ))
}
