//! `unsafe-url`: The cited item's `url` is not an absolute http or https URL.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unsafe-url` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnsafeUrl,
    help: "give the item an absolute http:// or https:// URL; other schemes are never linked",
    doc: &["The cited item's `url` is not an absolute http or https URL."],
    guide_page: guide_page!("unsafe-url"),
    file: file!(),
};
