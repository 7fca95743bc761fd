//! `monitor-only-share`: Tier-4 (monitor-only) items are more than `max-
//! monitor-share` of a chapter's evidence.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

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
