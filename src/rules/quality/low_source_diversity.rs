//! `low-source-diversity`: A chapter's cited items come from no more domains
//! than `quality.domains` (3).

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `low-source-diversity` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowSourceDiversity,
    help: "cite evidence from more sites: independent outlets, the official source",
    doc: &[
        "A chapter's cited items come from no more domains than",
        "`quality.domains` (3).",
    ],
    guide_page: guide_page!("low-source-diversity"),
    file: file!(),
};
