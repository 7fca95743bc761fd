//! `source-gone`: `fetch --recheck` found the cited item's page gone (404, 410)
//! since it was fetched.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `source-gone` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SourceGone,
    help: "cite another page that says this, or an archived copy of this one; the stored text is what the claims were judged against",
    doc: &[
        "`fetch --recheck` found the cited item's page gone (404, 410) since",
        "it was fetched.",
    ],
    guide_page: guide_page!("source-gone"),
    file: file!(),
};
