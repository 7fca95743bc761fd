//! `unknown-source`: The cited item's `source_id` is not in the store's
//! `sources` registry.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::Store;

/// What `unknown-source` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownSource,
    help: "register the source under `sources` in the store, or fix the item's `source_id`",
    doc: &["The cited item's `source_id` is not in the store's `sources` registry."],
    guide_page: guide_page!("unknown-source"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of item `id`, whose `source_id` the registry of `store`
/// does not hold.
pub(crate) fn violation(id: &str, source_id: &str, store: &Store) -> Violation {
    let hint = store
        .nearest_source(source_id)
        .map(|near| format!("; did you mean `{near}`?"))
        .unwrap_or_default();
    (
        Rule::UnknownSource,
        format!(
            "evidence `{id}` has source_id `{source_id}`, which is not in the source registry{hint}"
        ),
    )
}
