//! `claim-not-in-evidence`: A claim's cited passages hold less than `claim-
//! overlap` percent of its content words: the citation may point at the wrong
//! item.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `claim-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ClaimNotInEvidence,
    help: "check that the marker cites the item that says this: cite the right item, or store the passage that states it (the threshold is `claim-overlap`)",
    doc: &[
        "A claim's cited passages hold less than `claim-overlap` percent of",
        "its content words: the citation may point at the wrong item.",
    ],
    guide_page: guide_page!("claim-not-in-evidence"),
    file: file!(),
};
