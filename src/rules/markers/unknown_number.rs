//! `unknown-number`: A `[N]` marker is larger than the chapter's citation list.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unknown-number` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownNumber,
    help: "add the item to the chapter's list in the store's `chapters` map, or fix the number",
    doc: &["A `[N]` marker is larger than the chapter's citation list."],
    guide_page: guide_page!("unknown-number"),
    file: file!(),
};
