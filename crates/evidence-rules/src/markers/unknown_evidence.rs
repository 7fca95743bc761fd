//! `unknown-evidence`: An `[EVID:id]` marker names an id that the store does
//! not hold.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::Store;

/// What `unknown-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownEvidence,
    help: "write the id exactly as the evidence store has it (copy it from the store), or add the item to the store",
    doc: &["An `[EVID:id]` marker names an id that the store does not hold."],
    guide_page: guide_page!("unknown-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of a marker naming `id`, which `store` does not hold.
pub(crate) fn violation(id: &str, store: &Store) -> Violation {
    // A near id is named, not taken: it may be another document.
    let hint = evidence_core::suggest::closest(id, store.ids())
        .map(|near| {
            format!(
                "; the store has `{near}` (a similar id: check that it is the evidence meant before citing it)"
            )
        })
        .unwrap_or_else(|| empty_store_hint(store));
    (
        Rule::UnknownEvidence,
        format!("evidence `{id}` is not in the evidence store{hint}"),
    )
}

/// What to say when the store holds no item at all: which configured
/// directory is empty, so that an empty store never reads as a typo.
fn empty_store_hint(store: &Store) -> String {
    if !store.is_empty() {
        return String::new();
    }
    let dirs: Vec<String> = store
        .empty_directories()
        .iter()
        .map(|d| format!("`{}`", d.display()))
        .collect();
    if dirs.is_empty() {
        "; the evidence store holds no items yet".to_owned()
    } else {
        format!(
            "; the evidence store holds no items yet: {} holds no *.json or *.jsonl file (write the store files there, or point `store` under [preprocessor.evidence] at the files that hold this evidence)",
            dirs.join(", ")
        )
    }
}
