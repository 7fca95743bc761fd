//! The suppression rules: one file per rule id.

pub(crate) mod invalid_suppression;
