//! The rules: every check mdbook-evidence makes, and the judge that
//! applies them to a scanned chapter. The ids and levels are in
//! `evidence_core::rule`; each rule's help, documentation, finding and
//! check are in its own file, `<group>/<rule_id>.rs`, gathered by
//! `registry`. The text analysis the
//! rules share (claims, figures, passage words, disagreement) is the
//! `evidence-text` crate; the other modules here are the orchestration
//! (`judge`, `resolution`, `item_checks`, `memo`, `quality`, `diversity`,
//! `support_verdicts`) and what a rule file needs (`meta`).
//!
//! Rule ids are part of the public interface (they appear in diagnostics, in
//! the JSON report and in configuration), so they never change once released.

#![warn(missing_docs, unreachable_pub)]

pub(crate) mod cited_disagreements;
pub mod claims;
pub mod confidence;
pub mod diversity;
mod item_checks;
pub(crate) mod judge;
pub mod markers;
pub mod memo;
pub(crate) mod meta;
pub(crate) mod numbers;
pub(crate) mod passages;
pub mod quality;
pub mod quality_metrics;
pub(crate) mod registry;
mod resolution;
mod resolved;
pub(crate) mod sources;
pub(crate) mod store;
pub(crate) mod support;
mod support_verdicts;
pub(crate) mod suppression;
#[cfg(test)]
mod test_units;

pub use crate::markers::escaped_markers::{ChapterSource, NoSource};

pub use crate::judge::{JudgeInput, Judged, Judgement, Verdict, judge, judge_chapter};
pub(crate) use crate::numbers::number_not_in_evidence::numbers_not_in_evidence;
pub(crate) use crate::passages::quote_not_in_evidence::quotes_not_in_evidence;
pub use crate::quality::QualityInputs;
pub use crate::registry::RuleDocs;
pub use crate::resolution::{resolve, resolve_id};
pub use crate::resolved::Resolved;
pub use crate::store::StoreFinding;
pub use crate::store::invalid_record::uncited_invalid_records;
pub(crate) use crate::store::span_mismatch::span_mismatches;
pub use crate::store::unknown_chapter::unknown_chapters;
pub use crate::support_verdicts::SupportFigures;
pub use crate::support_verdicts::verdict_claims_of;

/// The number of distinct publishers among cited items.
pub(crate) fn publisher_count(cited: &[&Resolved<'_>]) -> usize {
    let mut publishers: Vec<&str> = cited.iter().map(|r| r.publisher()).collect();
    publishers.sort_unstable();
    publishers.dedup();
    publishers.len()
}
