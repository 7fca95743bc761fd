//! `registry-mismatch`: The cited item's `url` does not start with one of its
//! source's `url_prefixes`, or its `publisher` differs from the source's.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `registry-mismatch` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::RegistryMismatch,
    help: "fix the item's url or publisher, or the source's `url_prefixes` in the registry",
    doc: &[
        "The cited item's `url` does not start with one of its source's",
        "`url_prefixes`, or its `publisher` differs from the source's.",
    ],
    guide_page: guide_page!("registry-mismatch"),
    file: file!(),
};
