//! The sources rules: one file per rule id.

pub(crate) mod deleted_evidence;
pub(crate) mod expired_evidence;
pub(crate) mod invalid_evidence;
pub(crate) mod missing_field;
pub(crate) mod paywall_quote;
pub(crate) mod registry_mismatch;
pub(crate) mod source_changed;
pub(crate) mod source_gone;
pub(crate) mod source_not_fetched;
pub(crate) mod stale_evidence;
pub(crate) mod unknown_source;
pub(crate) mod unsafe_url;
