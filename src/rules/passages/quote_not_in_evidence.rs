//! `quote-not-in-evidence`: Text a claim puts in quotation marks (three words
//! or more, not a title) does not stand word for word in the passages it cites.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `quote-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::QuoteNotInEvidence,
    help: "quote the passage exactly (join pieces with `…`), or take the quotation marks off and paraphrase; if the passage is elsewhere, cite the item that holds it",
    doc: &[
        "Text a claim puts in quotation marks (three words or more, not a",
        "title) does not stand word for word in the passages it cites.",
    ],
    guide_page: guide_page!("quote-not-in-evidence"),
    file: file!(),
};
