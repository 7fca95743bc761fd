//! `escaped-markers`: A preprocessor that runs before mdbook-evidence escaped
//! the chapter's markers (`\[EVID:…\]`), which the chapter's file writes as
//! markers: the chapter is not checked.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `escaped-markers` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::EscapedMarkers,
    help: "run evidence before the preprocessor that rewrites the markdown: add `before = [\"<its name>\"]` under [preprocessor.evidence] in book.toml",
    doc: &[
        "A preprocessor that runs before mdbook-evidence escaped the chapter's",
        "markers (`\\[EVID:…\\]`), which the chapter's file writes as markers:",
        "the chapter is not checked.",
    ],
    guide_page: guide_page!("escaped-markers"),
    file: file!(),
};
