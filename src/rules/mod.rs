//! The rules: every check mdbook-evidence makes, and the judge that
//! applies them to a scanned chapter. The ids and levels are in
//! [`crate::rule`]; each rule's help, documentation, finding and check are
//! in its own file, `<group>/<rule_id>.rs`, gathered by `registry`. The
//! other modules here are the text analysis the rules share (claims,
//! numbers, passage words, disagreement) and the orchestration (`judge`,
//! `resolution`, `quality`, `diversity`, `support_verdicts`).
//!
//! Rule ids are part of the public interface (they appear in diagnostics, in
//! the JSON report and in configuration), so they never change once released.

pub mod cited_disagreements;
pub(crate) mod claims;
pub(crate) mod confidence;
pub(crate) mod content_words;
pub mod disagreement;
pub(crate) mod diversity;
mod glued_words;
pub(crate) mod ids;
pub(crate) mod judge;
pub(crate) mod markers;
pub mod memo;
pub(crate) mod number_derive;
pub(crate) mod number_parse;
pub(crate) mod numbers;
pub mod overlap;
mod passage_sentences;
pub(crate) mod passage_window;
mod passage_words;
pub(crate) mod passages;
pub mod quality;
pub(crate) mod quality_metrics;
pub(crate) mod registry;
mod resolution;
pub(crate) mod sources;
mod stems;
pub(crate) mod store;
pub(crate) mod support;
pub(crate) mod support_units;
mod support_verdicts;
pub(crate) mod suppression;
#[cfg(test)]
mod test_units;

// The rule files that moved into their group, under their old names, so
// that callers compile unchanged.
pub(crate) use claims::numeric_claim;
pub(crate) use claims::ungrounded_claim;
pub(crate) use markers::escaped_markers;
pub use markers::escaped_markers::{ChapterSource, NoSource};
use markers::unverified_reference;
use numbers::number_contradicts_evidence;
use numbers::number_not_in_evidence;
pub(crate) use passages::claim_not_in_evidence;
pub(crate) use passages::claim_partly_in_evidence;
use passages::quote_not_in_evidence;
pub(crate) use passages::subject_not_in_evidence;
use store::span_mismatch as spans;
use store::unknown_chapter;

pub use crate::finding::Finding;
pub use crate::rule::{GUIDE_URL, Level, Rule, Severity};
pub use ids::{BlockId, ClaimId, MarkerId};
pub use judge::{JudgeInput, Judged, Judgement, Verdict, judge, judge_chapter};
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
