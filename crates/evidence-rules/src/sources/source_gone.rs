//! `source-gone`: `fetch --recheck` found the page of a cited item gone
//! (404, 410) since it was fetched: the passage the claims rest on can no
//! longer be read there.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, RecheckOutcome};

/// What `source-gone` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SourceGone,
    help: "cite another page that says this, or an archived copy of this one; the stored text is what the claims were judged against",
    doc: &[
        "`fetch --recheck` found the cited item's page gone (404, 410) since",
        "it was fetched.",
    ],
    guide_page: guide_page!("source-gone"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The finding's message for item `id`, when its page is gone.
pub(crate) fn message(id: &str, item: &EvidenceItem) -> Option<String> {
    let recheck = item.fetch.as_ref()?.recheck.as_ref()?;
    if recheck.outcome != RecheckOutcome::Gone {
        return None;
    }
    // The stored detail says "gone" again: the status code says it once.
    let answer = match recheck.http_status {
        Some(code) => format!("HTTP {code}"),
        None => recheck.detail.clone(),
    };
    let page = match item.url.as_deref() {
        Some(url) => format!(" ({url})"),
        None => String::new(),
    };
    Some(format!(
        "the page of evidence `{id}`{page} is gone since it was fetched: {answer} when rechecked at {}",
        recheck.checked_at
    ))
}
