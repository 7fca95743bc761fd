//! The markers rules: one file per rule id.

pub mod escaped_markers;
pub(crate) mod malformed_marker;
pub(crate) mod unknown_evidence;
pub(crate) mod unknown_number;
pub(crate) mod unverified_reference;
