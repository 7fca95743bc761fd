//! `invalid-evidence`: The cited item has `status: invalid`.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `invalid-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidEvidence,
    help: "cite a valid item; this one was marked invalid by the pipeline that stored it",
    doc: &["The cited item has `status: invalid`."],
    guide_page: guide_page!("invalid-evidence"),
    file: file!(),
};
