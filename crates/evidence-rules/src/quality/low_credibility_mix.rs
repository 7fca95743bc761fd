//! `low-credibility-mix`: Tier 1-2 items are less than `min-credible-share` of
//! a chapter's evidence.

use crate::Resolved;
use crate::diversity::{DiversityStats, Violation, percent};
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Diversity;
use evidence_core::rule::Rule;

/// What `low-credibility-mix` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowCredibilityMix,
    help: "cite more official (tier 1) or mainstream (tier 2) sources",
    doc: &["Tier 1-2 items are less than `min-credible-share` of a chapter's evidence."],
    guide_page: guide_page!("low-credibility-mix"),
    file: file!(),
};

/// The violation when tier 1-2 items are less than `min-credible-share`
/// of the distinct `items` a chapter cites.
pub(crate) fn check<'s>(
    items: &[Resolved<'s>],
    stats: &DiversityStats,
    limits: &Diversity,
) -> Option<Violation<'s>> {
    let n = items.len();
    let credible = items.iter().filter(|r| r.source.tier <= 2).count();
    let too_few = (credible as f64 / n as f64) < limits.min_credible_share;
    if !too_few {
        return None;
    }
    Some((
        META.rule,
        format!(
            "{credible} of the {n} items this chapter cites are tier 1-2 ({}%; at least {}% required)",
            stats.tier_1_pct + stats.tier_2_pct,
            percent(limits.min_credible_share)
        ),
        items
            .iter()
            .filter(|r| r.source.tier > 2)
            .map(|r| r.id)
            .collect(),
    ))
}
