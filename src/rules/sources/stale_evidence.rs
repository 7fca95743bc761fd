//! `stale-evidence`: The cited item was published more than `max-age-days`
//! before the as-of date.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `stale-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::StaleEvidence,
    help: "cite fresher evidence, or raise `max-age-days`",
    doc: &["The cited item was published more than `max-age-days` before the as-of date."],
    guide_page: guide_page!("stale-evidence"),
    file: file!(),
};
