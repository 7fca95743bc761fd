//! `number-not-in-evidence`: A number in a claim appears in none of the
//! passages (`cited_text`, `quote_span.text`, `snippet_span.text`) of the items
//! it cites.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `number-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::NumberNotInEvidence,
    help: "check the figure against the cited passage: correct it, or cite evidence whose passage states it",
    doc: &[
        "A number in a claim appears in none of the passages (`cited_text`,",
        "`quote_span.text`, `snippet_span.text`) of the items it cites.",
    ],
    guide_page: guide_page!("number-not-in-evidence"),
    file: file!(),
};
