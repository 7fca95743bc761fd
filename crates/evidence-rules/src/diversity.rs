//! Evidence diversity per chapter: `publisher-dominance`, `low-credibility-mix`
//! and `monitor-only-share`, computed over the distinct items a chapter cites
//! (each item counts once however often it is cited).

use crate::quality::{low_credibility_mix, monitor_only_share, publisher_dominance};
use crate::{Resolved, Rule};
use evidence_core::config::Diversity;
use serde::Serialize;

/// The diversity of a chapter's cited evidence (the JSON report's
/// `diversity_stats`), percentages rounded to integers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct DiversityStats {
    /// Distinct items cited.
    pub items: usize,
    /// Distinct publishers.
    pub unique_publishers: usize,
    /// Share of tier-1 items, in percent.
    pub tier_1_pct: u32,
    /// Share of tier-2 items, in percent.
    pub tier_2_pct: u32,
    /// Share of tier-3 items, in percent.
    pub tier_3_pct: u32,
    /// Share of tier-4 items, in percent.
    pub tier_4_pct: u32,
    /// The largest publisher's share, in percent.
    pub max_publisher_pct: u32,
    /// The largest publisher.
    pub max_publisher: Option<String>,
    /// How many items the largest publisher supplies.
    #[serde(skip)]
    pub max_publisher_items: usize,
}

/// The stats of the distinct items `items`.
pub(crate) fn stats(items: &[Resolved<'_>]) -> DiversityStats {
    let n = items.len();
    if n == 0 {
        return DiversityStats::default();
    }
    let pct = |count: usize| ((count * 100) as f64 / n as f64).round() as u32;
    let tier = |t: u8| pct(items.iter().filter(|r| r.source.tier == t).count());
    let mut publishers: Vec<&str> = items.iter().map(|r| r.publisher()).collect();
    publishers.sort_unstable();
    let mut best: Option<(&str, usize)> = None;
    let mut unique = 0;
    for group in publishers.chunk_by(|a, b| a == b) {
        unique += 1;
        if best.is_none_or(|(_, count)| group.len() > count) {
            best = Some((group[0], group.len()));
        }
    }
    let (max_publisher, max_count) = best.unwrap_or(("", 0));
    DiversityStats {
        items: n,
        unique_publishers: unique,
        tier_1_pct: tier(1),
        tier_2_pct: tier(2),
        tier_3_pct: tier(3),
        tier_4_pct: tier(4),
        max_publisher_pct: pct(max_count),
        max_publisher: Some(max_publisher.to_owned()),
        max_publisher_items: max_count,
    }
}

/// A diversity rule a chapter violates: the rule, the message, and the
/// ids of the items at fault (in citation order), for the diagnostic to
/// point at the first citation of the first of them.
pub(crate) type Violation<'s> = (Rule, String, Vec<&'s str>);

/// The diversity rules a chapter violates, given the distinct items it
/// cites in order of first citation (at least `min-items` of them): each
/// rule's check is in its file under `quality/`, called in this order.
pub(crate) fn violations<'s>(items: &[Resolved<'s>], limits: &Diversity) -> Vec<Violation<'s>> {
    let n = items.len();
    if n < limits.min_items.max(1) {
        return Vec::new();
    }
    let stats = stats(items);
    let checks = [
        publisher_dominance::check(items, &stats, limits),
        low_credibility_mix::check(items, &stats, limits),
        monitor_only_share::check(items, &stats, limits),
    ];
    checks.into_iter().flatten().collect()
}

/// A share (0 to 1) as a whole percentage.
pub(crate) fn percent(share: f64) -> u32 {
    (share * 100.0).round() as u32
}
