//! `publisher-dominance`: One publisher supplies more than `max-publisher-
//! share` of a chapter's evidence.

use crate::Resolved;
use crate::diversity::{DiversityStats, Violation, percent};
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;

/// What `publisher-dominance` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PublisherDominance,
    help: "cite evidence from more publishers",
    doc: &["One publisher supplies more than `max-publisher-share` of a chapter's evidence."],
    guide_page: guide_page!("publisher-dominance"),
    options: &["diversity.max-publisher-share", "diversity.min-items"],
    terminal: None,
    file: file!(),
};

/// The settings of `publisher-dominance` (`diversity.max-publisher-share`,
/// `diversity.min-items`): the only values of the configuration it reads;
/// `diversity.min-items` is shared by the three diversity rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// The rule fires above this share of one publisher
    /// (`diversity.max-publisher-share`).
    pub(crate) max_publisher_share: f64,
    /// Chapters citing fewer distinct items are not judged
    /// (`diversity.min-items`).
    pub(crate) min_items: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            max_publisher_share: config.diversity.max_publisher_share,
            min_items: config.diversity.min_items,
        }
    }
}

/// The violation when one publisher supplies more than
/// `max-publisher-share` of the distinct `items` a chapter cites.
pub(crate) fn check<'s>(
    items: &[Resolved<'s>],
    stats: &DiversityStats,
    options: &Options,
) -> Option<Violation<'s>> {
    let n = items.len();
    if n < options.min_items.max(1) {
        return None;
    }
    let max_count = stats.max_publisher_items;
    let dominates = max_count as f64 / n as f64 > options.max_publisher_share;
    if !dominates {
        return None;
    }
    let dominant = stats.max_publisher.as_deref().unwrap_or("");
    Some((
        META.rule,
        format!(
            "{dominant} supplies {max_count} of the {n} items this chapter cites ({}%; at most {}% allowed)",
            stats.max_publisher_pct,
            percent(options.max_publisher_share)
        ),
        items
            .iter()
            .filter(|r| r.publisher() == dominant)
            .map(|r| r.id)
            .collect(),
    ))
}
