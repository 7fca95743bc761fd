//! `monitor-only-share`: Tier-4 (monitor-only) items are more than `max-
//! monitor-share` of a chapter's evidence.

use crate::Resolved;
use crate::diversity::{DiversityStats, Violation, percent};
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Diversity;
use evidence_core::rule::Rule;

/// What `monitor-only-share` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MonitorOnlyShare,
    help: "rely less on monitor-only (tier 4) sources",
    doc: &[
        "Tier-4 (monitor-only) items are more than `max-monitor-share` of a chapter's evidence.",
    ],
    guide_page: guide_page!("monitor-only-share"),
    file: file!(),
};

/// The violation when tier-4 (monitor-only) items are more than
/// `max-monitor-share` of the distinct `items` a chapter cites.
pub(crate) fn check<'s>(
    items: &[Resolved<'s>],
    stats: &DiversityStats,
    limits: &Diversity,
) -> Option<Violation<'s>> {
    let n = items.len();
    let monitor = items.iter().filter(|r| r.source.tier >= 4).count();
    if monitor <= monitor_allowance(n, limits.max_monitor_share) {
        return None;
    }
    Some((
        META.rule,
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
        items
            .iter()
            .filter(|r| r.source.tier >= 4)
            .map(|r| r.id)
            .collect(),
    ))
}

/// How many monitor-only items `n` distinct items may hold: the share,
/// rounded down, but at least one when the share allows any, so that a
/// small brief with a single minority view passes (one of five is 20%).
fn monitor_allowance(n: usize, max_share: f64) -> usize {
    let by_share = (max_share * n as f64 + 1e-9).floor() as usize;
    if max_share > 0.0 { by_share.max(1) } else { 0 }
}

#[cfg(test)]
mod tests {
    use crate::quality::monitor_only_share::monitor_allowance;

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
