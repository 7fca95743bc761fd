//! Reporting, the last stage of a run and the only one that prints: the
//! judged findings become located [`Diagnostic`]s ([`assemble()`]), and
//! [`emit()`] writes them in every output format, for the preprocessor and
//! for `check` alike: rustc-style text ([`human`]), GitHub workflow
//! commands and a step summary, SARIF ([`formats`]), the JSON validation
//! report ([`json`]), and the closing verdict line.

pub(crate) mod assemble;
pub(crate) mod emit;
pub(crate) mod formats;
pub(crate) mod human;
pub(crate) mod json;

pub use assemble::{ChapterFindings, ReportContext, assemble};
pub use emit::{Destination, EmitError, Format, emit};
pub use human::{emit_summary, stderr};

use crate::config::Mode;
use crate::rules::diversity::DiversityStats;
use crate::rules::{Rule, Severity, SupportFigures, Verdict};
use crate::store::Origin;
use std::ops::Range;

/// A chapter's text, kept for diagnostics that point into it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path shown to the user, e.g. `src/brief.md`.
    pub name: String,
    /// The chapter's markdown, as the preprocessor saw it.
    pub text: String,
    /// Its lines, to locate every diagnostic in it without recounting.
    pub lines: crate::source_map::LineIndex,
}

impl SourceFile {
    /// A file named `name` holding `text`.
    pub fn new(name: String, text: String) -> SourceFile {
        let lines = crate::source_map::LineIndex::new(&text);
        SourceFile { name, text, lines }
    }

    /// The 1-based line and column of a byte offset in the file.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        self.lines.line_column(&self.text, offset)
    }
}

/// Where a diagnostic points.
#[derive(Debug, Clone)]
pub enum Location {
    /// A span of a chapter.
    Chapter {
        /// Index into [`Report::files`].
        file: usize,
        /// Byte range in the chapter.
        span: Range<usize>,
        /// 1-based line of the span's start.
        line: usize,
        /// 1-based column (in characters) of the span's start.
        column: usize,
    },
    /// A place in the evidence store.
    Store(Origin),
}

/// One violation, located.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// The rule violated.
    pub rule: Rule,
    /// Its severity in this build.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// Where.
    pub location: Location,
    /// The first words of the claim concerned.
    pub claim: Option<String>,
    /// The evidence ids concerned.
    pub evidence_ids: Vec<String>,
    /// Whether `remove` mode took the claim or marker out.
    pub removed: bool,
}

/// What the build did with one chapter.
#[derive(Debug, Clone)]
pub struct ChapterSummary {
    /// The chapter's source path relative to `src/`.
    pub path: String,
    /// Whether it was checked (not excluded).
    pub checked: bool,
    /// Blocks that are claims.
    pub claims: usize,
    /// Claims with at least one resolving marker.
    pub grounded_claims: usize,
    /// Markers found.
    pub markers: usize,
    /// Markers that resolved.
    pub resolved_markers: usize,
    /// Claims removed (`remove` mode).
    pub removed_claims: usize,
    /// Violations of rules at level `error`.
    pub errors: usize,
    /// Violations of rules at level `warn`.
    pub warnings: usize,
    /// Whether the Unverified Summary banner was added.
    pub downgraded: bool,
    /// What the build did with the chapter.
    pub verdict: Verdict,
    /// Diversity of the chapter's cited evidence.
    pub diversity: DiversityStats,
    /// Support of the chapter's citations: checked, flagged, verdicts.
    pub support: SupportFigures,
}

/// Everything a build found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Chapters that diagnostics point into.
    pub files: Vec<SourceFile>,
    /// The diagnostics, in book order.
    pub diagnostics: Vec<Diagnostic>,
    /// Violations silenced by `evidence-disable-next-line` comments, with
    /// their reasons: listed, never hidden.
    pub suppressed: Vec<(Diagnostic, String)>,
    /// One summary per chapter, in book order.
    pub chapters: Vec<ChapterSummary>,
}

impl Report {
    /// The number of diagnostics at a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// The result of a run over a book.
#[derive(Debug)]
pub struct Outcome {
    /// Every diagnostic and the per-chapter summaries.
    pub report: Report,
    /// Whether the build must stop: a chapter failed, or `fail` mode met an
    /// error.
    pub failed: bool,
}

impl Outcome {
    /// The outcome of `report` in `mode`.
    pub fn new(report: Report, mode: Mode) -> Outcome {
        let failed = report.chapters.iter().any(|c| c.verdict == Verdict::Failed)
            || (mode == Mode::Fail && report.count(Severity::Error) > 0);
        Outcome { report, failed }
    }
}
