//! `paywall-quote`: A `metadata_only` (paywalled) source's item carries a full-
//! text quote.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `paywall-quote` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PaywallQuote,
    help: "remove `quote_span` from items of paywalled sources; only their snippet may be shown",
    doc: &["A `metadata_only` (paywalled) source's item carries a full-text quote."],
    guide_page: guide_page!("paywall-quote"),
    file: file!(),
};
