//! `unsupported-claim`: A stored `support.v1` verdict says a cited passage does
//! not support the claim.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unsupported-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnsupportedClaim,
    help: "correct the claim or cite evidence that supports it, then check it again; a wrong verdict is answered where it came from, not by silencing it: a model's by `verify` after the fix, a person's (`human:NAME`) by `mdbook-evidence review --at FILE:LINE:COL`",
    doc: &[
        "A stored `support.v1` verdict says a cited passage does not support",
        "the claim.",
    ],
    guide_page: guide_page!("unsupported-claim"),
    file: file!(),
};
