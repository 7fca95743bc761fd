//! `stale-support`: A stored verdict was given for another text of the claim or
//! of the passage: it no longer says anything about this citation.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;

/// What `stale-support` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::StaleSupport,
    help: "check the citation again: `mdbook-evidence export-claims` lists it with its current keys",
    doc: &[
        "A stored verdict was given for another text of the claim or of the",
        "passage: it no longer says anything about this citation.",
    ],
    guide_page: guide_page!("stale-support"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of a citation of item `id` whose stored `verdict` was
/// given for another text of `what`.
pub(crate) fn violation(id: &str, verdict: &str, what: &str) -> (Rule, String) {
    (
        META.rule,
        format!(
            "the verdict of {verdict} on `{id}` was given for another text of {what}: it no longer applies to this citation"
        ),
    )
}
