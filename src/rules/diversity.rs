//! Evidence diversity per chapter: `publisher-dominance`, `low-credibility-mix`
//! and `monitor-only-share`, computed over the distinct items a chapter cites
//! (each item counts once however often it is cited).

use super::{Resolved, Rule};
use crate::config::Diversity;
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
/// cites in order of first citation.
pub(crate) fn violations<'s>(items: &[Resolved<'s>], limits: &Diversity) -> Vec<Violation<'s>> {
    let n = items.len();
    if n < limits.min_items.max(1) {
        return Vec::new();
    }
    let share = |count: usize| count as f64 / n as f64;
    let ids = |keep: &dyn Fn(&Resolved<'s>) -> bool| -> Vec<&'s str> {
        items.iter().filter(|r| keep(r)).map(|r| r.id).collect()
    };
    let stats = stats(items);
    let mut out = Vec::new();
    let max_count = stats.max_publisher_items;
    if share(max_count) > limits.max_publisher_share {
        let dominant = stats.max_publisher.as_deref().unwrap_or("");
        out.push((
            Rule::PublisherDominance,
            format!(
                "{dominant} supplies {max_count} of the {n} items this chapter cites ({}%; at most {}% allowed)",
                stats.max_publisher_pct,
                percent(limits.max_publisher_share)
            ),
            ids(&|r| r.publisher() == dominant),
        ));
    }
    let credible = items.iter().filter(|r| r.source.tier <= 2).count();
    if share(credible) < limits.min_credible_share {
        out.push((
            Rule::LowCredibilityMix,
            format!(
                "{credible} of the {n} items this chapter cites are tier 1-2 ({}%; at least {}% required)",
                stats.tier_1_pct + stats.tier_2_pct,
                percent(limits.min_credible_share)
            ),
            ids(&|r| r.source.tier > 2),
        ));
    }
    let monitor = items.iter().filter(|r| r.source.tier >= 4).count();
    if monitor > monitor_allowance(n, limits.max_monitor_share) {
        out.push((
            Rule::MonitorOnlyShare,
            format!(
                "{monitor} of the {n} items this chapter cites are monitor-only, tier 4 ({}%; {})",
                stats.tier_4_pct,
                if limits.max_monitor_share > 0.0 {
                    format!(
                        "at most {}% are allowed, and always one",
                        percent(limits.max_monitor_share)
                    )
                } else {
                    "none is allowed (max-monitor-share = 0)".to_owned()
                }
            ),
            ids(&|r| r.source.tier >= 4),
        ));
    }
    out
}

/// How many monitor-only items `n` distinct items may hold: the share,
/// rounded down, but at least one when the share allows any, so that a
/// small brief with a single minority view passes (one of five is 20%).
fn monitor_allowance(n: usize, max_share: f64) -> usize {
    let by_share = (max_share * n as f64 + 1e-9).floor() as usize;
    if max_share > 0.0 { by_share.max(1) } else { 0 }
}

/// A share (0 to 1) as a whole percentage.
fn percent(share: f64) -> u32 {
    (share * 100.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::monitor_allowance;

    #[test]
    fn one_monitor_only_item_is_always_allowed_unless_none_is() {
        assert_eq!(monitor_allowance(5, 0.15), 1);
        assert_eq!(monitor_allowance(6, 0.15), 1);
        assert_eq!(monitor_allowance(20, 0.15), 3);
        assert_eq!(monitor_allowance(100, 0.15), 15);
        assert_eq!(monitor_allowance(5, 0.0), 0);
        assert_eq!(monitor_allowance(10, 0.2), 2);
    }
}
