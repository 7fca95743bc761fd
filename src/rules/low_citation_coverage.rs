//! `low-citation-coverage`: too few of a chapter's sentences cite
//! evidence. A claim of several sentences is grounded by one marker, so
//! `ungrounded-claim` passes a paragraph whose other sentences cite
//! nothing; the contract counts sentences.

use super::quality::{Figures, QualityInputs};

/// The message when the chapter's coverage misses its target.
pub(super) fn check(inputs: &QualityInputs, figures: &Figures) -> Option<String> {
    let figure = &figures.coverage;
    let value = figure.value.filter(|_| figure.meets == Some(false))?;
    Some(format!(
        "{} of the {} sentences of this chapter's claims {} evidence ({}; the target is {})",
        inputs.cited_sentences,
        inputs.sentences,
        if inputs.cited_sentences == 1 {
            "cites"
        } else {
            "cite"
        },
        super::quality::percent(value),
        figure.target
    ))
}
