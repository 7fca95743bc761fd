//! Evidence diversity per chapter, computed over the distinct items a
//! chapter cites (each item counts once however often it is cited): the
//! figures `publisher-dominance`, `low-credibility-mix` and
//! `monitor-only-share` read (their checks, and
//! `crate::quality::diversity_violations` that runs them, are under
//! `quality/`).

use crate::Resolved;

use evidence_core::rule::Rule;
use serde::Serialize;

/// The diversity of a chapter's cited evidence (the JSON report's
/// `diversity_stats`), percentages rounded to integers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct DiversityStats {
    /// Distinct items cited.
    pub items: usize,
    /// Distinct publishers.
    pub(crate) unique_publishers: usize,
    /// Share of tier-1 items, in percent.
    pub(crate) tier_1_pct: u32,
    /// Share of tier-2 items, in percent.
    pub(crate) tier_2_pct: u32,
    /// Share of tier-3 items, in percent.
    pub(crate) tier_3_pct: u32,
    /// Share of tier-4 items, in percent.
    pub(crate) tier_4_pct: u32,
    /// The largest publisher's share, in percent.
    pub(crate) max_publisher_pct: u32,
    /// The largest publisher.
    pub(crate) max_publisher: Option<String>,
    /// How many items the largest publisher supplies.
    #[serde(skip)]
    pub(crate) max_publisher_items: usize,
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

/// A share (0 to 1) as a whole percentage.
pub(crate) fn percent(share: f64) -> u32 {
    (share * 100.0).round() as u32
}
