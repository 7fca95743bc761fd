//! The store rules: one file per rule id.

pub(crate) mod invalid_record;
pub(crate) mod span_mismatch;
pub(crate) mod unknown_chapter;
