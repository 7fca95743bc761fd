//! The support rules: one file per rule id.

pub(crate) mod missing_support;
pub(crate) mod stale_support;
pub(crate) mod unsupported_claim;
