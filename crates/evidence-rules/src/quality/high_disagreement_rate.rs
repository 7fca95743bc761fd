//! `high-disagreement-rate`: too many of a chapter's claims cite items
//! that disagree with each other (`crate::quality::disagreeing_pairs`).
//! `conflicting-evidence` names each pair; this rule says when disagreement
//! runs through the chapter rather than through one claim.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::config::Config;
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
    options: &["quality.disagreement", "quality.min-claims"],
    terminal: None,
    file: file!(),
};

/// The settings of `high-disagreement-rate` (`quality.disagreement`,
/// `quality.min-claims`): the only values of the configuration it reads;
/// `quality.min-claims` is shared by the five target rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// The disagreement rate meets its target below this share of claims
    /// (`quality.disagreement`).
    pub(crate) disagreement: f64,
    /// Chapters with fewer claims are not judged (`quality.min-claims`).
    pub(crate) min_claims: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            disagreement: config.quality.disagreement,
            min_claims: config.quality.min_claims,
        }
    }
}

/// The message when the chapter's disagreement rate misses its target.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    options: &Options,
) -> Option<String> {
    let figure = &figures.disagreement;
    if inputs.claims < options.min_claims.max(1) {
        return None;
    }
    let value = figure.value.filter(|&v| v >= options.disagreement)?;
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
