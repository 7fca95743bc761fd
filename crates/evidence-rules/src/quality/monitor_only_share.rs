//! `monitor-only-share`: Tier-4 (monitor-only) items are more than `max-
//! monitor-share` of a chapter's evidence.

use crate::Resolved;
use crate::diversity::{DiversityStats, Violation, percent};
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;

/// What `monitor-only-share` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MonitorOnlyShare,
    help: "rely less on monitor-only (tier 4) sources",
    doc: &[
        "Tier-4 (monitor-only) items are more than `max-monitor-share` of a chapter's evidence.",
    ],
    guide_page: guide_page!("monitor-only-share"),
    options: &["diversity.max-monitor-share", "diversity.min-items"],
    terminal: None,
    file: file!(),
};

/// The settings of `monitor-only-share` (`diversity.max-monitor-share`,
/// `diversity.min-items`): the only values of the configuration it reads;
/// `diversity.min-items` is shared by the three diversity rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// The rule fires above this share of tier 4
    /// (`diversity.max-monitor-share`).
    pub(crate) max_monitor_share: f64,
    /// Chapters citing fewer distinct items are not judged
    /// (`diversity.min-items`).
    pub(crate) min_items: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            max_monitor_share: config.diversity.max_monitor_share,
            min_items: config.diversity.min_items,
        }
    }
}

/// The violation when tier-4 (monitor-only) items are more than
/// `max-monitor-share` of the distinct `items` a chapter cites.
pub(crate) fn check<'s>(
    items: &[Resolved<'s>],
    stats: &DiversityStats,
    options: &Options,
) -> Option<Violation<'s>> {
    let n = items.len();
    if n < options.min_items.max(1) {
        return None;
    }
    let monitor = items.iter().filter(|r| r.source.tier >= 4).count();
    if monitor <= monitor_allowance(n, options.max_monitor_share) {
        return None;
    }
    Some((
        META.rule,
        format!(
            "{monitor} of the {n} items this chapter cites are monitor-only, tier 4 ({}%; {})",
            stats.tier_4_pct,
            if options.max_monitor_share > 0.0 {
                format!(
                    "at most {}% are allowed, and always one",
                    percent(options.max_monitor_share)
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
