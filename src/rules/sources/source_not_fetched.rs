//! `source-not-fetched`: `mdbook-evidence fetch` could not read the cited
//! item's page (gone, blocked, unreachable, too large, of another type,
//! refused): the claims citing it rest on an address and a title alone.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `source-not-fetched` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SourceNotFetched,
    help: "cite a page that can be read (another source, or an archived copy), quote the passage in the store yourself (`cited_text`), or run `mdbook-evidence fetch --retry` once the page is back (`--allow-host HOST` for a page refused for its host)",
    doc: &[
        "`mdbook-evidence fetch` could not read the cited item's page (gone,",
        "blocked, unreachable, too large, of another type, refused): the",
        "claims citing it rest on an address and a title alone.",
    ],
    guide_page: guide_page!("source-not-fetched"),
    file: file!(),
};
