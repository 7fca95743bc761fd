//! `low-citation-accuracy`: too few of a chapter's citations are
//! supported by their passages, by the stored support verdicts (a
//! model's, from `verify`, or a person's). Without verdicts there is no
//! accuracy to judge and the rule says nothing: the lexical screen (word
//! overlap) is no estimate of it (on the developers' half of the real
//! reports it says 97.3% where 69% of the citations are supported), and
//! the claims it flags are already reported one by one by
//! `claim-not-in-evidence`.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::config::QualityTargets;
use evidence_core::rule::Rule;

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

/// The message when the chapter's accuracy misses its target, judged only
/// over at least `min-claims` citations with a current verdict: fewer
/// make one verdict decide it.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    targets: &QualityTargets,
) -> Option<String> {
    let figure = &figures.accuracy;
    let value = figure.value.filter(|_| figure.meets == Some(false))?;
    let (judged, missed) = (inputs.verdicts, inputs.unsupported);
    if judged < targets.min_claims {
        return None;
    }
    let is = if missed == 1 { "is" } else { "are" };
    Some(format!(
        "{missed} of the {judged} citations with a support verdict {is} unsupported: accuracy {} (the target is {})",
        crate::quality::percent(value),
        figure.target
    ))
}
