//! A finding: one violation of a rule in a chapter, before it is placed in
//! a file.

use crate::ids::BlockId;
use crate::rule::Rule;
use std::ops::Range;

/// One violation found in a chapter, before it is placed in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The rule violated.
    pub rule: Rule,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Byte range in the chapter (the marker, or the claim).
    pub span: Range<usize>,
    /// The block (claim) concerned.
    pub block: Option<BlockId>,
    /// The evidence ids concerned.
    pub evidence_ids: Vec<String>,
    /// The first words of the claim concerned, when the finding is about
    /// a claim.
    pub excerpt: Option<String>,
}
