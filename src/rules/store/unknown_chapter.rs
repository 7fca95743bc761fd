//! `unknown-chapter`: The store lists citations for a chapter that is not in
//! the book.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unknown-chapter` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownChapter,
    help: "fix the key under `chapters` in the store: it is the chapter's path relative to `src/`",
    doc: &["The store lists citations for a chapter that is not in the book."],
    guide_page: guide_page!("unknown-chapter"),
    file: file!(),
};
