//! `low-credibility-mix`: Tier 1-2 items are less than `min-credible-share` of
//! a chapter's evidence.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `low-credibility-mix` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowCredibilityMix,
    help: "cite more official (tier 1) or mainstream (tier 2) sources",
    doc: &["Tier 1-2 items are less than `min-credible-share` of a chapter's evidence."],
    guide_page: guide_page!("low-credibility-mix"),
    file: file!(),
};
