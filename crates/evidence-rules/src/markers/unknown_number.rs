//! `unknown-number`: A `[N]` marker is larger than the chapter's citation list.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::CitationList;

/// What `unknown-number` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownNumber,
    help: "add the item to the chapter's list in the store's `chapters` map, or fix the number",
    doc: &["A `[N]` marker is larger than the chapter's citation list."],
    guide_page: guide_page!("unknown-number"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of a `[n]` marker beyond the chapter's citation `list`.
pub(crate) fn violation(n: u32, list: Option<&CitationList>) -> Violation {
    let (len, origin) = list
        .map(|l| (l.ids.len(), l.origin.to_string()))
        .unwrap_or_default();
    (
        Rule::UnknownNumber,
        format!("citation [{n}] is not in this chapter's citation list ({len} items, {origin})"),
    )
}
