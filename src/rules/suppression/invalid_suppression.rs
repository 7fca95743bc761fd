//! `invalid-suppression`: A suppression comment names an unknown rule, gives no
//! reason, cannot be applied where it stands, or starts with an unknown
//! `evidence-` word.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `invalid-suppression` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidSuppression,
    help: "write `<!-- evidence-disable-next-line RULE-ID reason=\"why\" -->` on the line before the block (or `evidence-disable-line` at the end of its line, `evidence-disable` … `evidence-enable` around several, `evidence-disable-file` for the chapter), with ids from the rules table",
    doc: &[
        "A suppression comment names an unknown rule, gives no reason, cannot",
        "be applied where it stands, or starts with an unknown `evidence-` word.",
    ],
    guide_page: guide_page!("invalid-suppression"),
    file: file!(),
};
