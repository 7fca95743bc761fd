//! `claim-partly-in-evidence`: A claim of at least `claim-partial-min-words`
//! content words whose cited passages, read whole, hold less than `claim-
//! partial-overlap` percent of them: the passages may state only part of it.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `claim-partly-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ClaimPartlyInEvidence,
    help: "say only what the cited passage says, cite a second item for the rest, or store a passage that states all of it (the threshold is `claim-partial-overlap`)",
    doc: &[
        "A claim of at least `claim-partial-min-words` content words whose",
        "cited passages, read whole, hold less than `claim-partial-overlap`",
        "percent of them: the passages may state only part of it.",
    ],
    guide_page: guide_page!("claim-partly-in-evidence"),
    file: file!(),
};
