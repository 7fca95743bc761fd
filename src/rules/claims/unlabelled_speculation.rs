//! `unlabelled-speculation`: Speculative wording in a claim without the
//! `[SPECULATION]` label.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unlabelled-speculation` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnlabelledSpeculation,
    help: "label the sentence `[SPECULATION]`, or state only what the evidence says",
    doc: &["Speculative wording in a claim without the `[SPECULATION]` label."],
    guide_page: guide_page!("unlabelled-speculation"),
    file: file!(),
};
