//! `invalid-suppression`: A suppression comment names an unknown rule, gives no
//! reason, cannot be applied where it stands, or starts with an unknown
//! `evidence-` word.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::finding::Finding;
use evidence_core::rule::Rule;
use std::ops::Range;

/// What `invalid-suppression` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidSuppression,
    help: "write `<!-- evidence-disable-next-line RULE-ID reason=\"why\" -->` on the line before the block (or `evidence-disable-line` at the end of its line, `evidence-disable` … `evidence-enable` around several, `evidence-disable-file` for the chapter), with ids from the rules table",
    doc: &[
        "A suppression comment names an unknown rule, gives no reason, cannot",
        "be applied where it stands, or starts with an unknown `evidence-` word.",
    ],
    guide_page: guide_page!("invalid-suppression"),
    options: &[],
    file: file!(),
};

/// The finding of a suppression comment at `span` with `problems` (what
/// is wrong with it, each a phrase).
pub(crate) fn finding(problems: &[String], span: Range<usize>) -> Finding {
    Finding {
        rule: META.rule,
        message: format!("suppression comment with {}", problems.join(", ")),
        span,
        block: None,
        evidence_ids: Vec::new(),
        excerpt: None,
    }
}
