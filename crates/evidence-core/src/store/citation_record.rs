//! One citation of a passage in a book, as `export-claims`, `fetch`,
//! `verify` and the provenance manifest read it: data only (made by the
//! export command from a judged book).

use serde::Serialize;

/// One citation of a passage: a claim, an item it cites, where the claim
/// is, and the keys its `support.v1` verdict is stored under. Serialized,
/// it is an exported record (without `schema_version`).
#[derive(Debug, Clone, Serialize)]
pub struct CitationRecord {
    /// The chapter's key: its path relative to `src/`.
    pub chapter: String,
    /// The file the claim is written in, relative to the book's root (an
    /// included file when the claim came from one).
    pub file: String,
    /// 1-based line of the claim in that file.
    pub line: usize,
    /// 1-based column of the claim in that file.
    pub column: usize,
    /// The claim as a reader sees it (markers and markup removed).
    pub claim: String,
    /// The key the claim's verdicts are stored under ([`super::claim_key`]).
    pub claim_key: String,
    /// The id of the item cited.
    pub evidence_id: String,
    /// The item's passage, as the checker is to read it.
    pub passage: String,
    /// The key of that passage ([`super::passage_key`]).
    pub passage_key: String,
}
