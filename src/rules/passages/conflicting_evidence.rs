//! `conflicting-evidence`: The chapter cites two items that the store says
//! contradict each other, or whose passages disagree (different figures for the
//! same measure, one denying what the other states, or one claim citing the
//! same measure for different dates).

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `conflicting-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ConflictingEvidence,
    help: "say in the text that the sources disagree, and how (the chapter gets a CAUTION note)",
    doc: &[
        "The chapter cites two items that the store says contradict each",
        "other, or whose passages disagree (different figures for the same",
        "measure, one denying what the other states, or one claim citing",
        "the same measure for different dates).",
    ],
    guide_page: guide_page!("conflicting-evidence"),
    file: file!(),
};
