//! `high-disagreement-rate`: At least `quality.disagreement` (20%) of a
//! chapter's claims cite items that contradict each other.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `high-disagreement-rate` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::HighDisagreementRate,
    help: "settle what the sources disagree about, or say in the text that they disagree and cite each side in its own claim",
    doc: &[
        "At least `quality.disagreement` (20%) of a chapter's claims cite",
        "items that contradict each other.",
    ],
    guide_page: guide_page!("high-disagreement-rate"),
    file: file!(),
};
