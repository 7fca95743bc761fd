//! `low-source-authority`: the mean authority of a chapter's cited items
//! (each tier's, from `tier-authority`) is too low: it leans on tier 3-4
//! sources more than the target allows.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::config::{Config, TierAuthority};
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
    options: &[
        "quality.authority",
        "quality.tier-authority",
        "quality.min-claims",
    ],
    terminal: None,
    file: file!(),
};

/// The settings of `low-source-authority` (`quality.authority`,
/// `quality.tier-authority`, `quality.min-claims`): the only values of the
/// configuration it reads; `quality.min-claims` is shared by the five target
/// rules (see [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// The authority score meets its target above this mean
    /// (`quality.authority`).
    pub(crate) authority: f64,
    /// The authority of each source tier (`quality.tier-authority`).
    pub(crate) tier_authority: TierAuthority,
    /// Chapters with fewer claims are not judged (`quality.min-claims`).
    pub(crate) min_claims: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            authority: config.quality.authority,
            tier_authority: config.quality.tier_authority,
            min_claims: config.quality.min_claims,
        }
    }
}

/// The message when the chapter's authority score misses its target.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    options: &Options,
) -> Option<String> {
    let figure = &figures.authority;
    if inputs.claims < options.min_claims.max(1) {
        return None;
    }
    let value = figure.value.filter(|&v| v <= options.authority)?;
    let tiers: Vec<String> = inputs
        .tiers
        .iter()
        .zip(options.tier_authority.by_tier())
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
