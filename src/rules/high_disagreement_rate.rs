//! `high-disagreement-rate`: too many of a chapter's claims cite items
//! that disagree with each other ([`super::quality::disagreeing_pairs`]).
//! `conflicting-evidence` names each pair; this rule says when disagreement
//! runs through the chapter rather than through one claim.

use super::quality::{Figures, QualityInputs};

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
        super::quality::percent(value),
        figure.target
    ))
}
