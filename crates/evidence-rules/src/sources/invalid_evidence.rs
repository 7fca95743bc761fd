//! `invalid-evidence`: The cited item has `status: invalid`.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, Status};

/// What `invalid-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidEvidence,
    help: "cite a valid item; this one was marked invalid by the pipeline that stored it",
    doc: &["The cited item has `status: invalid`."],
    guide_page: guide_page!("invalid-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of item `id` when it is marked invalid (`status:
/// invalid`), by the pipeline that stored it or by its link check.
pub(crate) fn check(id: &str, item: &EvidenceItem) -> Option<Violation> {
    if item.status != Status::Invalid {
        return None;
    }
    let message = match &item.link_check {
        Some(check) => {
            let http = check
                .http_status
                .map(|code| format!(", HTTP {code}"))
                .unwrap_or_default();
            format!(
                "evidence `{id}` failed its link check (`status: {}`{http}): {:?}",
                check.status.as_str(),
                check.notes
            )
        }
        None => format!("evidence `{id}` is marked invalid (`status: invalid`)"),
    };
    Some((Rule::InvalidEvidence, message))
}
