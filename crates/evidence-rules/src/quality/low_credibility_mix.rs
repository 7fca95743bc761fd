//! `low-credibility-mix`: Tier 1-2 items are less than `min-credible-share` of
//! a chapter's evidence.

use crate::Resolved;
use crate::diversity::{DiversityStats, Violation, percent};
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;

/// What `low-credibility-mix` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowCredibilityMix,
    help: "cite more official (tier 1) or mainstream (tier 2) sources",
    doc: &["Tier 1-2 items are less than `min-credible-share` of a chapter's evidence."],
    guide_page: guide_page!("low-credibility-mix"),
    options: &["diversity.min-credible-share", "diversity.min-items"],
    terminal: None,
    file: file!(),
};

/// The settings of `low-credibility-mix` (`diversity.min-credible-share`,
/// `diversity.min-items`): the only values of the configuration it reads;
/// `diversity.min-items` is shared by the three diversity rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// The rule fires below this share of tiers 1-2
    /// (`diversity.min-credible-share`).
    pub(crate) min_credible_share: f64,
    /// Chapters citing fewer distinct items are not judged
    /// (`diversity.min-items`).
    pub(crate) min_items: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            min_credible_share: config.diversity.min_credible_share,
            min_items: config.diversity.min_items,
        }
    }
}

/// The violation when tier 1-2 items are less than `min-credible-share`
/// of the distinct `items` a chapter cites.
pub(crate) fn check<'s>(
    items: &[Resolved<'s>],
    stats: &DiversityStats,
    options: &Options,
) -> Option<Violation<'s>> {
    let n = items.len();
    if n < options.min_items.max(1) {
        return None;
    }
    let credible = items.iter().filter(|r| r.source.tier <= 2).count();
    let too_few = (credible as f64 / n as f64) < options.min_credible_share;
    if !too_few {
        return None;
    }
    Some((
        META.rule,
        format!(
            "{credible} of the {n} items this chapter cites are tier 1-2 ({}%; at least {}% required)",
            stats.tier_1_pct + stats.tier_2_pct,
            percent(options.min_credible_share)
        ),
        items
            .iter()
            .filter(|r| r.source.tier > 2)
            .map(|r| r.id)
            .collect(),
    ))
}
