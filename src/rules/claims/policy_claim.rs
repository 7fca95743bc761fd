//! `policy-claim`: A claim about policy (tagged evidence) cites no tier-1 item
//! although the chapter's evidence holds one with the same tag.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `policy-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PolicyClaim,
    help: "cite the official (tier 1) source of the policy or data release directly",
    doc: &[
        "A claim about policy (tagged evidence) cites no tier-1 item although",
        "the chapter's evidence holds one with the same tag.",
    ],
    guide_page: guide_page!("policy-claim"),
    file: file!(),
};
