//! Typed indices for the collections the judge relates to each other: a
//! marker, a block and a claim are each found by position, and these keep
//! one kind of position from being used to index another collection.

/// A marker of a chapter: an index into
/// [`Scan::markers`](crate::markers::Scan::markers) (and into
/// `evidence_rules::Judgement::resolved`, which runs
/// parallel to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MarkerId(pub usize);

/// A block of a chapter (a paragraph, list item, …): an index into
/// [`Scan::blocks`](crate::markers::Scan::blocks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BlockId(pub usize);

/// A claim of a chapter: an index into
/// `evidence_rules::Judgement::claims`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClaimId(pub usize);
