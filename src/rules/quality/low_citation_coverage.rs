//! `low-citation-coverage`: Fewer of a chapter's sentences than
//! `quality.coverage` (80%) cite evidence, in a chapter of at least
//! `quality.min-claims` claims.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `low-citation-coverage` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowCitationCoverage,
    help: "cite evidence in each sentence that states something, or split a paragraph so each claim carries its own citation",
    doc: &[
        "Fewer of a chapter's sentences than `quality.coverage` (80%) cite",
        "evidence, in a chapter of at least `quality.min-claims` claims.",
    ],
    guide_page: guide_page!("low-citation-coverage"),
    file: file!(),
};
