//! `expired-evidence`: The cited item's `expires_at` is before the as-of date.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `expired-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ExpiredEvidence,
    help: "refresh the evidence, or cite an item that has not expired",
    doc: &["The cited item's `expires_at` is before the as-of date."],
    guide_page: guide_page!("expired-evidence"),
    file: file!(),
};
