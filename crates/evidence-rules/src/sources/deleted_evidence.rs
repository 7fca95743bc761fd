//! `deleted-evidence`: The cited item has `status: deleted`.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, Status};

/// What `deleted-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::DeletedEvidence,
    help: "cite evidence that is still in the store; deleted evidence cannot ground a claim",
    doc: &["The cited item has `status: deleted`."],
    guide_page: guide_page!("deleted-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of item `id` when it is deleted (`status: deleted`).
pub(crate) fn check(id: &str, item: &EvidenceItem) -> Option<Violation> {
    (item.status == Status::Deleted).then(|| {
        (
            Rule::DeletedEvidence,
            format!("evidence `{id}` is deleted (`status: deleted`)"),
        )
    })
}
