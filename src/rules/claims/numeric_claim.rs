//! `numeric-claim`: A claim states a number, a percentage or a date, and cites
//! neither a tier 1-2 item nor items of two different publishers.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `numeric-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::NumericClaim,
    help: "cite a tier 1 or 2 source for the figure, or corroborate it with a second publisher",
    doc: &[
        "A claim states a number, a percentage or a date, and cites neither a",
        "tier 1-2 item nor items of two different publishers.",
    ],
    guide_page: guide_page!("numeric-claim"),
    file: file!(),
};
