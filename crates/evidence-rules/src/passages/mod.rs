//! The passages rules: one file per rule id.

pub(crate) mod claim_not_in_evidence;
pub(crate) mod claim_partly_in_evidence;
pub(crate) mod conflicting_evidence;
pub(crate) mod quote_not_in_evidence;
pub(crate) mod subject_not_in_evidence;
