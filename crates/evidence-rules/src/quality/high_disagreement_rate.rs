//! `high-disagreement-rate`: too many of a chapter's claims cite items
//! that disagree with each other ([`super::quality::disagreeing_pairs`]).
//! `conflicting-evidence` names each pair; this rule says when disagreement
//! runs through the chapter rather than through one claim.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::rule::Rule;

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

/// The message when the chapter's disagreement rate misses its target.
pub(super) fn check(inputs: &QualityInputs, figures: &Figures) -> Option<String> {
    let figure = &figures.disagreement;
    let value = figure.value.filter(|_| figure.meets == Some(false))?;
    Some(format!(
        "{} of the {} claims of this chapter {} items that contradict each other ({}; the target is {})",
        inputs.disagreeing_claims,
        inputs.claims,
        if inputs.disagreeing_claims == 1 {
            "cites"
        } else {
            "cite"
        },
        crate::quality::percent(value),
        figure.target
    ))
}
