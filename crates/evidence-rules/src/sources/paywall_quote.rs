//! `paywall-quote`: A `metadata_only` (paywalled) source's item carries a full-
//! text quote.

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::PaywallPolicy;

/// What `paywall-quote` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PaywallQuote,
    help: "remove `quote_span` from items of paywalled sources; only their snippet may be shown",
    doc: &["A `metadata_only` (paywalled) source's item carries a full-text quote."],
    guide_page: guide_page!("paywall-quote"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The finding's message for a cited item of a `metadata_only` source
/// that carries a full-text quote.
pub(crate) fn message(item: &Resolved<'_>) -> Option<String> {
    if item.source.paywall_policy != PaywallPolicy::MetadataOnly || item.item.quote_span.is_none() {
        return None;
    }
    Some(format!(
        "evidence `{}` carries a full-text quote, but its source `{}` is metadata_only (paywalled); the quote is never shown",
        item.id, item.source.source_id
    ))
}
