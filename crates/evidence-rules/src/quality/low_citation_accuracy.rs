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
use evidence_core::config::Config;
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
    options: &["quality.accuracy", "quality.min-claims"],
    terminal: None,
    file: file!(),
};

/// The settings of `low-citation-accuracy` (`quality.accuracy`,
/// `quality.min-claims`): the only values of the configuration it reads;
/// `quality.min-claims` is shared by the five target rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// Accuracy meets its target above this share of citations
    /// (`quality.accuracy`).
    pub(crate) accuracy: f64,
    /// Chapters with fewer claims are not judged (`quality.min-claims`).
    pub(crate) min_claims: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            accuracy: config.quality.accuracy,
            min_claims: config.quality.min_claims,
        }
    }
}

/// The message when the chapter's accuracy misses its target, judged only
/// over at least `min-claims` citations with a current verdict: fewer
/// make one verdict decide it.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    options: &Options,
) -> Option<String> {
    let figure = &figures.accuracy;
    if inputs.claims < options.min_claims.max(1) {
        return None;
    }
    let value = figure.value.filter(|&v| v <= options.accuracy)?;
    let (judged, missed) = (inputs.verdicts, inputs.unsupported);
    if judged < options.min_claims {
        return None;
    }
    let is = if missed == 1 { "is" } else { "are" };
    Some(format!(
        "{missed} of the {judged} citations with a support verdict {is} unsupported: accuracy {} (the target is {})",
        crate::quality::percent(value),
        figure.target
    ))
}
