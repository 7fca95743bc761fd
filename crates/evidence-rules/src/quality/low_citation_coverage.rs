//! `low-citation-coverage`: too few of a chapter's sentences cite
//! evidence. A claim of several sentences is grounded by one marker, so
//! `ungrounded-claim` passes a paragraph whose other sentences cite
//! nothing; the contract counts sentences.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::config::Config;
use evidence_core::rule::Rule;

/// What `low-citation-coverage` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowCitationCoverage,
    help: "cite evidence in each sentence that states something, or split a paragraph so each claim carries its own citation",
    doc: &[
        "Fewer of a chapter's sentences than `quality.coverage` (80%) cite",
        "evidence, in a chapter of at least `quality.min-claims` claims.",
    ],
    guide_page: guide_page!("low-citation-coverage"),
    options: &["quality.coverage", "quality.min-claims"],
    terminal: None,
    file: file!(),
};

/// The settings of `low-citation-coverage` (`quality.coverage`,
/// `quality.min-claims`): the only values of the configuration it reads;
/// `quality.min-claims` is shared by the five target rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// Coverage meets its target above this share of sentences
    /// (`quality.coverage`).
    pub(crate) coverage: f64,
    /// Chapters with fewer claims are not judged (`quality.min-claims`).
    pub(crate) min_claims: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            coverage: config.quality.coverage,
            min_claims: config.quality.min_claims,
        }
    }
}

/// The message when the chapter's coverage misses its target.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    options: &Options,
) -> Option<String> {
    let figure = &figures.coverage;
    if inputs.claims < options.min_claims.max(1) {
        return None;
    }
    let value = figure.value.filter(|&v| v <= options.coverage)?;
    Some(format!(
        "{} of the {} sentences of this chapter's claims {} evidence ({}; the target is {})",
        inputs.cited_sentences,
        inputs.sentences,
        if inputs.cited_sentences == 1 {
            "cites"
        } else {
            "cite"
        },
        crate::quality::percent(value),
        figure.target
    ))
}
