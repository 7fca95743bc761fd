//! `missing-support`: With `require-support = true`, a citation of a passage
//! has no current verdict.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `missing-support` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MissingSupport,
    help: "check the citation with your checker (`mdbook-evidence export-claims` lists what to check) and add its verdict to the support file",
    doc: &[
        "With `require-support = true`, a citation of a passage has no",
        "current verdict.",
    ],
    guide_page: guide_page!("missing-support"),
    file: file!(),
};
