//! `span-mismatch`: A cited item's `source_span` or `quote_span` does not
//! select, in its `content`, the text it quotes.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `span-mismatch` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SpanMismatch,
    help: "fix the item's offsets (characters from 0, end exclusive) or its quoted text, so that the span of `content` is exactly the quote",
    doc: &[
        "A cited item's `source_span` or `quote_span` does not select, in its",
        "`content`, the text it quotes.",
    ],
    guide_page: guide_page!("span-mismatch"),
    file: file!(),
};
