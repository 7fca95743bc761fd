//! `low-citation-accuracy`: too few of a chapter's citations are
//! supported by their passages: by the stored support verdicts when there
//! are any, else as `claim-not-in-evidence` estimates it from word overlap.

use super::quality::{Figures, QualityInputs};
use crate::config::QualityTargets;

/// The message when the chapter's accuracy misses its target, judged only
/// over at least `min-claims` citations (checked, or with a verdict): the
/// figure counts those, and fewer make one flag decide it.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    targets: &QualityTargets,
) -> Option<String> {
    let figure = &figures.accuracy;
    let value = figure.value.filter(|_| figure.meets == Some(false))?;
    let by_verdicts = figures.accuracy_basis == "verdicts";
    let (judged, missed) = if by_verdicts {
        (inputs.verdicts, inputs.unsupported)
    } else {
        (inputs.citations_checked, inputs.flagged_claims)
    };
    if judged < targets.min_claims {
        return None;
    }
    let is = if missed == 1 { "is" } else { "are" };
    let how = if by_verdicts {
        format!("{missed} of the {judged} citations with a support verdict {is} unsupported")
    } else {
        format!(
            "{missed} of the {judged} citations checked against their passage {is} flagged by claim-not-in-evidence (an estimate)"
        )
    };
    Some(format!(
        "{how}: accuracy {} (the target is {})",
        super::quality::percent(value),
        figure.target
    ))
}
