//! The numbers rules: one file per rule id.

pub(crate) mod number_contradicts_evidence;
pub(crate) mod number_not_in_evidence;
