//! `unsafe-url`: The cited item's `url` is not an absolute http or https URL.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::EvidenceItem;

/// What `unsafe-url` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnsafeUrl,
    help: "give the item an absolute http:// or https:// URL; other schemes are never linked",
    doc: &["The cited item's `url` is not an absolute http or https URL."],
    guide_page: guide_page!("unsafe-url"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of item `id` when its `url` is not an absolute http(s)
/// URL.
pub(crate) fn check(id: &str, item: &EvidenceItem, url: &str) -> Option<Violation> {
    item.link().is_none().then(|| {
        (
            Rule::UnsafeUrl,
            format!(
                "evidence `{id}` has url {url:?}, which is not an absolute http or https URL; it is never linked"
            ),
        )
    })
}
