//! `invalid-record`: A `citations.jsonl` record fails its checks and nothing
//! cites it (citing it is an `invalid-evidence` error at the citation).

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `invalid-record` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidRecord,
    help: "fix the record (or the tool that wrote it), or remove it from the file",
    doc: &[
        "A `citations.jsonl` record fails its checks and nothing cites it",
        "(citing it is an `invalid-evidence` error at the citation).",
    ],
    guide_page: guide_page!("invalid-record"),
    file: file!(),
};
