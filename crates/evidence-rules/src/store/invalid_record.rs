//! `invalid-record`: A `citations.jsonl` record fails its checks and nothing
//! cites it (citing it is an `invalid-evidence` error at the citation).

use crate::meta::{RuleMeta, guide_page};
use crate::store::StoreFinding;
use evidence_core::rule::Rule;
use evidence_core::store::InvalidRecord;

/// What `invalid-record` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidRecord,
    help: "fix the record (or the tool that wrote it), or remove it from the file",
    doc: &[
        "A `citations.jsonl` record fails its checks and nothing cites it",
        "(citing it is an `invalid-evidence` error at the citation).",
    ],
    guide_page: guide_page!("invalid-record"),
    options: &[],
    file: file!(),
};

/// One `invalid-record` finding for each record of `records` that no
/// chapter cites: `cited` tells whether an id is cited (by a marker or a
/// chapter's citation list).
pub fn uncited_invalid_records(
    records: &[InvalidRecord],
    cited: impl Fn(&str) -> bool,
) -> Vec<StoreFinding> {
    records
        .iter()
        .filter(|record| !record.id.as_deref().is_some_and(&cited))
        .map(|record| StoreFinding {
            rule: META.rule,
            message: format!(
                "this record fails its checks and no chapter cites it: {}",
                record.reason
            ),
            origin: record.origin.clone(),
        })
        .collect()
}
