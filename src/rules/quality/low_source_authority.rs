//! `low-source-authority`: The mean tier authority of a chapter's cited items
//! is not above `quality.authority` (0.7).

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `low-source-authority` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowSourceAuthority,
    help: "cite official (tier 1) or mainstream (tier 2) sources for what tier 3-4 items now carry",
    doc: &[
        "The mean tier authority of a chapter's cited items is not above",
        "`quality.authority` (0.7).",
    ],
    guide_page: guide_page!("low-source-authority"),
    file: file!(),
};
