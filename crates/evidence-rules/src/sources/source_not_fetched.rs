//! `source-not-fetched`: `mdbook-evidence fetch` stored a status other
//! than `fetched` for the cited item's page, so the claims citing it rest
//! on its address and title alone. A `paywalled` page is not reported:
//! its source's `metadata_only` says so already, and its text may not be
//! stored whatever is done.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, FetchStatus};

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
    options: &[],
    terminal: None,
    file: file!(),
};

/// The finding's message for item `id`, when its page was not read.
pub(crate) fn message(id: &str, item: &EvidenceItem) -> Option<String> {
    let outcome = item.fetch.as_ref()?;
    let what = match outcome.status {
        FetchStatus::Fetched | FetchStatus::Paywalled => return None,
        FetchStatus::Gone => "is gone",
        FetchStatus::Blocked => "refused the fetcher",
        FetchStatus::Unreachable => "could not be reached",
        FetchStatus::TooLarge => "is larger than the fetch limit",
        FetchStatus::UnsupportedType => "is not HTML or text that could be read",
        FetchStatus::Refused => "was not fetched (its address is refused)",
    };
    // The stored detail names the address and says what happened, in the
    // status's own words: said once, it stands for `what`.
    let what = match outcome.detail.trim() {
        "" => format!("{what} ({})", outcome.status.as_str()),
        detail => format!("was not read: {detail}"),
    };
    Some(format!(
        "the page of evidence `{id}` {what}; the claims citing it rest on its address and title alone"
    ))
}
