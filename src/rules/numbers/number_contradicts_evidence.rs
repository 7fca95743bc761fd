//! `number-contradicts-evidence`: A number in a claim contradicts the figure a
//! cited passage gives for the same quantity (same unit, same words around it).

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `number-contradicts-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::NumberContradictsEvidence,
    help: "correct the figure to what the cited passage says, or cite the passage that states yours",
    doc: &[
        "A number in a claim contradicts the figure a cited passage gives",
        "for the same quantity (same unit, same words around it).",
    ],
    guide_page: guide_page!("number-contradicts-evidence"),
    file: file!(),
};
