//! `mdbook-evidence export-claims [BOOK_DIR] --format jsonl`: every
//! citation of a passage in the book, one JSON object a line, for a support
//! checker to judge. A citation is a claim (the sentence its markers
//! close, or the whole claim when they all close one) and one distinct
//! item it cites through a marker that resolves, when the item has a passage
//! ([`item_passage`]). Each record carries the keys a `support.v1` verdict
//! is stored under: [`claim_key`], the evidence id, [`passage_key`]. The
//! citations are the session's (`Session::citations`).
//!
//! [`item_passage`]: evidence_core::store::item_passage
//! [`claim_key`]: evidence_core::store::claim_key
//! [`passage_key`]: evidence_core::store::passage_key

use crate::session::Session;
use evidence_core::store::CitationRecord;
use serde::Serialize;
use std::path::Path;

/// The schema version of an exported record.
pub const SUPPORT_REQUEST_V1: &str = "support-request.v1";

/// One exported record: the version, then the citation.
#[derive(Serialize)]
struct Record<'a> {
    schema_version: &'static str,
    #[serde(flatten)]
    citation: &'a CitationRecord,
}

/// The records of every checked chapter of the book in `dir` (read in
/// `environment`), in book order, as JSON Lines; and how many there are.
pub fn export_claims(
    dir: &Path,
    environment: &evidence_core::env::Environment,
) -> anyhow::Result<(String, usize)> {
    let (session, book) = Session::read_book(dir, environment)?;
    let citations = session.citations(&book);
    let mut out = String::new();
    for citation in &citations {
        let record = Record {
            schema_version: SUPPORT_REQUEST_V1,
            citation,
        };
        out.push_str(&serde_json::to_string(&record)?);
        out.push('\n');
    }
    Ok((out, citations.len()))
}
