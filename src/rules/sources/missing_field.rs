//! `missing-field`: The cited item lacks `url`, `title`, `published_at` or
//! `source_id`.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `missing-field` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MissingField,
    help: "add the missing fields to the item in the evidence store",
    doc: &["The cited item lacks `url`, `title`, `published_at` or `source_id`."],
    guide_page: guide_page!("missing-field"),
    file: file!(),
};
