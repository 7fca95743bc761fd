//! The rules: every check mdbook-evidence makes, each with a stable id and a
//! default severity, and the judge that applies them to a scanned chapter.
//!
//! Rule ids are part of the public interface (they appear in diagnostics, in
//! the JSON report and in configuration), so they never change once released.

pub(crate) use passages::claim_not_in_evidence;
pub(crate) use passages::claim_partly_in_evidence;
pub(crate) mod claims;
pub(crate) mod confidence;
pub(crate) mod content_words;
pub mod disagreement;
pub(crate) mod diversity;
pub(crate) use markers::escaped_markers;
mod glued_words;
pub(crate) mod ids;
pub(crate) mod judge;
pub(crate) mod markers;
use numbers::number_contradicts_evidence;
pub(crate) mod number_derive;
use numbers::number_not_in_evidence;
pub(crate) mod number_parse;
pub(crate) mod numbers;
pub(crate) use claims::numeric_claim;
pub mod overlap;
mod passage_sentences;
pub(crate) mod passage_window;
mod passage_words;
pub(crate) mod passages;
pub mod quality;
use passages::quote_not_in_evidence;
pub(crate) mod registry;
mod resolution;
pub(crate) mod sources;
use store::span_mismatch as spans;
mod stems;
pub(crate) mod store;
pub(crate) use passages::subject_not_in_evidence;
pub(crate) mod support;
pub(crate) mod support_units;
mod support_verdicts;
pub(crate) mod suppression;
#[cfg(test)]
mod test_units;
pub(crate) use claims::ungrounded_claim;
use markers::unverified_reference;
use store::unknown_chapter;

pub use crate::finding::Finding;
pub use crate::rule::{GUIDE_URL, Level, Rule, Severity};
pub use ids::{BlockId, ClaimId, MarkerId};
pub use judge::{Judged, Judgement, Verdict, judge};
pub(crate) use number_not_in_evidence::numbers_not_in_evidence;
pub use quality::QualityInputs;
pub(crate) use quote_not_in_evidence::quotes_not_in_evidence;
pub use registry::RuleDocs;
pub use resolution::{Resolved, is_http_url, resolve, resolve_id};
pub use spans::span_mismatches;
pub use store::StoreFinding;
pub use store::invalid_record::uncited_invalid_records;
pub use support_verdicts::SupportFigures;
pub(crate) use support_verdicts::verdict_claims_of;
pub use unknown_chapter::unknown_chapters;

/// The number of distinct publishers among cited items.
pub fn publisher_count(cited: &[&Resolved<'_>]) -> usize {
    let mut publishers: Vec<&str> = cited.iter().map(|r| r.publisher()).collect();
    publishers.sort_unstable();
    publishers.dedup();
    publishers.len()
}
