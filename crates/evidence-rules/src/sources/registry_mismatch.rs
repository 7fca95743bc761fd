//! `registry-mismatch`: The cited item's `url` does not start with one of its
//! source's `url_prefixes`, or its `publisher` differs from the source's.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, Source};

/// What `registry-mismatch` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::RegistryMismatch,
    help: "fix the item's url or publisher, or the source's `url_prefixes` in the registry",
    doc: &[
        "The cited item's `url` does not start with one of its source's",
        "`url_prefixes`, or its `publisher` differs from the source's.",
    ],
    guide_page: guide_page!("registry-mismatch"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of item `id` when its URL starts with none of its
/// source's `url_prefixes` (if it lists any), or a publisher it names is not
/// its source's.
pub(crate) fn check(
    id: &str,
    item: &EvidenceItem,
    url: &str,
    source_id: &str,
    source: &Source,
) -> Option<Violation> {
    if !source.url_prefixes.is_empty()
        && !source
            .url_prefixes
            .iter()
            .any(|p| url.starts_with(p.as_str()))
    {
        return Some((
            Rule::RegistryMismatch,
            format!(
                "evidence `{id}` has url {url:?}, which starts with none of the `url_prefixes` of source `{source_id}` ({})",
                source.url_prefixes.join(", ")
            ),
        ));
    }
    // A `citation.v1` record's source is made up from its URL's host, so
    // its own publisher is the only one there is.
    if let Some(publisher) = item.publisher.as_deref()
        && item.link_check.is_none()
        && publisher != source.publisher
    {
        return Some((
            Rule::RegistryMismatch,
            format!(
                "evidence `{id}` names publisher {publisher:?}, but its source `{source_id}` is published by {:?}",
                source.publisher
            ),
        ));
    }
    None
}
