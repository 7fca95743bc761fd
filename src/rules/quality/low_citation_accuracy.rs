//! `low-citation-accuracy`: Fewer of a chapter's citations than
//! `quality.accuracy` (90%) are supported by their passages, by stored support
//! verdicts (none: not judged).

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `low-citation-accuracy` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowCitationAccuracy,
    help: "fix the citations the support rules flag in this chapter: cite the item that says what the claim says",
    doc: &[
        "Fewer of a chapter's citations than `quality.accuracy` (90%) are",
        "supported by their passages, by stored support verdicts (none: not",
        "judged).",
    ],
    guide_page: guide_page!("low-citation-accuracy"),
    file: file!(),
};
