//! `source-changed`: `fetch --recheck` found that a passage the claims citing
//! the item rest on no longer stands on its page.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `source-changed` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SourceChanged,
    help: "read the page again: if the claim still holds, `mdbook-evidence fetch --all` stores the new text; if not, correct the claim or cite another source",
    doc: &[
        "`fetch --recheck` found that a passage the claims citing the item",
        "rest on no longer stands on its page.",
    ],
    guide_page: guide_page!("source-changed"),
    file: file!(),
};
