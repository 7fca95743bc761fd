//! `ungrounded-claim`: A claim (paragraph or list item) has no marker that
//! resolves.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `ungrounded-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UngroundedClaim,
    help: "cite stored evidence after the claim, e.g. `[EVID:ev_…]` (or `[N]` from the chapter's citation list), label it `[SPECULATION]`, or use an abstain phrase such as `[Insufficient evidence to assess this claim]`",
    doc: &["A claim (paragraph or list item) has no marker that resolves."],
    guide_page: guide_page!("ungrounded-claim"),
    file: file!(),
};
