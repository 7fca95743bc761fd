//! `publisher-dominance`: One publisher supplies more than `max-publisher-
//! share` of a chapter's evidence.

use crate::Resolved;
use crate::diversity::{DiversityStats, Violation, percent};
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Diversity;
use evidence_core::rule::Rule;

/// What `publisher-dominance` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PublisherDominance,
    help: "cite evidence from more publishers",
    doc: &["One publisher supplies more than `max-publisher-share` of a chapter's evidence."],
    guide_page: guide_page!("publisher-dominance"),
    file: file!(),
};

/// The violation when one publisher supplies more than
/// `max-publisher-share` of the distinct `items` a chapter cites.
pub(crate) fn check<'s>(
    items: &[Resolved<'s>],
    stats: &DiversityStats,
    limits: &Diversity,
) -> Option<Violation<'s>> {
    let n = items.len();
    let max_count = stats.max_publisher_items;
    let dominates = max_count as f64 / n as f64 > limits.max_publisher_share;
    if !dominates {
        return None;
    }
    let dominant = stats.max_publisher.as_deref().unwrap_or("");
    Some((
        META.rule,
        format!(
            "{dominant} supplies {max_count} of the {n} items this chapter cites ({}%; at most {}% allowed)",
            stats.max_publisher_pct,
            percent(limits.max_publisher_share)
        ),
        items
            .iter()
            .filter(|r| r.publisher() == dominant)
            .map(|r| r.id)
            .collect(),
    ))
}
