//! `expired-evidence`: The cited item's `expires_at` is before the as-of date.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;
use evidence_core::store::EvidenceItem;

/// What `expired-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ExpiredEvidence,
    help: "refresh the evidence, or cite an item that has not expired",
    doc: &["The cited item's `expires_at` is before the as-of date."],
    guide_page: guide_page!("expired-evidence"),
    file: file!(),
};

/// The violation of item `id` when its `expires_at` is before the as-of
/// date.
pub(crate) fn check(id: &str, item: &EvidenceItem, config: &Config) -> Option<Violation> {
    let as_of = config.as_of;
    let expires_at = item.expires_at?;
    (expires_at < as_of).then(|| {
        (
            Rule::ExpiredEvidence,
            format!(
                "evidence `{id}` expired at {expires_at} (as of {})",
                as_of.strftime("%Y-%m-%dT%H:%M:%SZ")
            ),
        )
    })
}
