//! The store rules, located in the store rather than in a chapter: one
//! file per rule id, and the finding they make.

use evidence_core::rule::Rule;
use evidence_core::store::Origin;

pub(crate) mod invalid_record;
pub(crate) mod span_mismatch;
pub(crate) mod unknown_chapter;

/// A violation located in the evidence store rather than in a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreFinding {
    /// The rule violated.
    pub rule: Rule,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where in the store.
    pub origin: Origin,
}
