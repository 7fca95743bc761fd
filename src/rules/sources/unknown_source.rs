//! `unknown-source`: The cited item's `source_id` is not in the store's
//! `sources` registry.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unknown-source` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownSource,
    help: "register the source under `sources` in the store, or fix the item's `source_id`",
    doc: &["The cited item's `source_id` is not in the store's `sources` registry."],
    guide_page: guide_page!("unknown-source"),
    file: file!(),
};
