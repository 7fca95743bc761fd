//! `source-gone`: `fetch --recheck` found the page of a cited item gone
//! (404, 410) since it was fetched: the passage the claims rest on can no
//! longer be read there.

use crate::store::{EvidenceItem, RecheckOutcome};

/// The finding's message for item `id`, when its page is gone.
pub(crate) fn message(id: &str, item: &EvidenceItem) -> Option<String> {
    let recheck = item.fetch.as_ref()?.recheck.as_ref()?;
    (recheck.outcome == RecheckOutcome::Gone).then(|| {
        format!(
            "the page of evidence `{id}` is gone since it was fetched (rechecked {}: {})",
            recheck.checked_at, recheck.detail
        )
    })
}
