//! `publisher-dominance`: One publisher supplies more than `max-publisher-
//! share` of a chapter's evidence.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `publisher-dominance` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PublisherDominance,
    help: "cite evidence from more publishers",
    doc: &["One publisher supplies more than `max-publisher-share` of a chapter's evidence."],
    guide_page: guide_page!("publisher-dominance"),
    file: file!(),
};
