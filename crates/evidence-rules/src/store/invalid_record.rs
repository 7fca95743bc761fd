//! `invalid-record`: A `citations.jsonl` record fails its checks and nothing
//! cites it (citing it is an `invalid-evidence` error at the citation).

use crate::meta::{RuleMeta, guide_page};
use crate::store::StoreFinding;
use evidence_core::rule::Rule;
use evidence_core::store::Store;
use evidence_core::syntax::EVIDENCE_MARKER_TAG;

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
    terminal: None,
    file: file!(),
};

/// One `invalid-record` finding for each invalid record of `store` that
/// no chapter cites (`chapters` are the texts of the book's chapters).
pub fn uncited_invalid_records<'t>(
    store: &Store,
    chapters: impl Iterator<Item = &'t str> + Clone,
) -> Vec<StoreFinding> {
    // Whether an id is cited: named by a chapter's citation list, or
    // written as a marker in some chapter's text.
    let cited = |id: &str| {
        let marker = format!("[{EVIDENCE_MARKER_TAG}{id}]");
        store
            .chapter_keys()
            .any(|(_, list)| list.ids.iter().any(|listed| listed == id))
            || chapters.clone().any(|text| text.contains(&marker))
    };
    store
        .invalid_records()
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
