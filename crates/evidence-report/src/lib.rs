//! Reporting, the last stage of a run and the only one that prints: the
//! judged findings become located [`Diagnostic`]s ([`assemble()`]), and
//! [`emit()`] writes them in every output format, for the preprocessor and
//! for `check` alike: rustc-style text (`human`), GitHub workflow
//! commands and a step summary (`github`), SARIF (`sarif`), the JSON
//! validation report (`json`), and the closing verdict line. A run that
//! could not judge the book is reported in every format too
//! ([`emit_failure()`], from a [`Failure`]). Every output names files by one
//! rule ([`PathStyle`]), and every text from an input reaches a stream
//! through one escaping function (`evidence_core::display::stream`). What
//! the process's environment says (GitHub Actions, `NO_COLOR`, CI, the
//! current directory) is read at the edge and passed in
//! ([`ReportEnvironment`]).

#![warn(missing_docs, unreachable_pub)]

pub(crate) mod assemble;
pub(crate) mod emit;
mod emit_error;
pub(crate) mod failure;
mod format;
pub(crate) mod github;
pub(crate) mod human;
pub(crate) mod json;
mod output_file;
pub(crate) mod paths;
pub(crate) mod quality;
pub(crate) mod sarif;
mod snippet;
pub(crate) mod target;
#[cfg(test)]
mod test_report;

pub use crate::assemble::{ChapterFindings, ReportContext, assemble};
pub use crate::emit::{Destination, ReportEnvironment, emit, emit_failure};
pub use crate::emit_error::{EmitError, is_closed_pipe, is_output_refused};
pub use crate::failure::{Failure, FailureLocation, FailurePart};
pub use crate::format::Format;
pub use crate::human::{Run, counted};
pub use crate::output_file::{OutputFile, OutputRefusal};
pub use crate::paths::PathStyle;
pub use crate::target::check_report_path;
pub use crate::target::{Refusal, ReportInputs};
pub use evidence_core::display::stream::{inert_json, inert_line};

use evidence_core::config::Mode;
use evidence_core::rule::{Rule, Severity};
use evidence_core::store::Origin;
use evidence_rules::diversity::DiversityStats;
use evidence_rules::{SupportFigures, Verdict};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A chapter's text, kept for diagnostics that point into it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path shown to the user, e.g. `src/brief.md`.
    pub name: String,
    /// The chapter's markdown, as the preprocessor saw it.
    pub(crate) text: String,
    /// Its lines, to locate every diagnostic in it without recounting.
    pub(crate) lines: evidence_core::source_map::LineIndex,
}

impl SourceFile {
    /// A file named `name` holding `text`.
    pub fn new(name: String, text: String) -> SourceFile {
        let lines = evidence_core::source_map::LineIndex::new(&text);
        SourceFile { name, text, lines }
    }

    /// The 1-based line and column of a byte offset in the file.
    pub(crate) fn line_column(&self, offset: usize) -> (usize, usize) {
        self.lines.line_column(&self.text, offset)
    }
}

/// Where a diagnostic points.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub(crate) claim: Option<String>,
    /// The evidence ids concerned.
    pub evidence_ids: Vec<String>,
    /// Whether `remove` mode took the claim or marker out.
    pub removed: bool,
    /// When the diagnostic points into a file that a chapter includes
    /// (`{{#include}}`): the chapter, and where its directive is.
    pub(crate) included_by: Option<Inclusion>,
}

/// The chapter that included the file a diagnostic points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Inclusion {
    /// Index into [`Report::files`] of the chapter.
    pub(crate) file: usize,
    /// 1-based line of the `{{#include}}` directive in the chapter.
    pub(crate) line: usize,
    /// 1-based column (in characters) of the directive.
    pub(crate) column: usize,
}

/// Something a reader of the report should know that is not a violation,
/// about one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Note {
    /// Index into [`Report::files`].
    pub(crate) file: usize,
    /// What to know.
    pub message: String,
}

/// What the build did with one chapter.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
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
    /// What its quality metrics are computed from.
    pub quality: evidence_rules::QualityInputs,
}

/// Everything a build found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Chapters that diagnostics point into.
    pub files: Vec<SourceFile>,
    /// The diagnostics, in book order.
    pub diagnostics: Vec<Diagnostic>,
    /// Violations silenced by suppression comments, with
    /// their reasons: listed, never hidden.
    pub suppressed: Vec<(Diagnostic, String)>,
    /// One summary per chapter, in book order.
    pub chapters: Vec<ChapterSummary>,
    /// Notes about files (at most one per chapter), in book order.
    pub(crate) notes: Vec<Note>,
    /// The targets the quality metrics are measured against.
    pub(crate) quality_targets: evidence_core::config::QualityTargets,
}

impl Report {
    /// The number of diagnostics at a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// A fingerprint of `d` that survives edits elsewhere in its file:
    /// its rule, its file, the text it points at and its message, hashed
    /// (no line or column). `check --baseline` matches findings by it, and
    /// code scanning tracks an alert by it (SARIF `partialFingerprints`).
    pub fn fingerprint(&self, d: &Diagnostic) -> String {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        hash.update(d.rule.id().as_bytes());
        hash.update([0]);
        match &d.location {
            Location::Chapter { file, span, .. } => {
                let source = &self.files[*file];
                hash.update(source.name.as_bytes());
                hash.update([0]);
                let text = source.text.get(span.clone()).unwrap_or_default();
                hash.update(text.trim().as_bytes());
            }
            Location::Store(origin) => {
                hash.update(origin.file.to_string_lossy().as_bytes());
                hash.update([0]);
                hash.update(origin.json_path.as_bytes());
            }
        }
        hash.update([0]);
        hash.update(d.message.as_bytes());
        evidence_core::hex::lower_hex(&hash.finalize()[..16])
    }

    /// Claims removed in `remove` mode, over the whole book.
    pub fn removed_claims(&self) -> usize {
        self.chapters.iter().map(|c| c.removed_claims).sum()
    }

    /// Where `d` points, as an output shows it: the file named by `paths`,
    /// and for a chapter the start and end of the span as 1-based lines
    /// and columns counted in `unit`.
    pub(crate) fn place(&self, d: &Diagnostic, paths: &PathStyle, unit: ColumnUnit) -> Place {
        match &d.location {
            Location::Chapter { file, span, .. } => {
                let source = &self.files[*file];
                let at = |offset| match unit {
                    ColumnUnit::Chars => source.line_column(offset),
                    ColumnUnit::Utf16 => source.lines.line_utf16_column(&source.text, offset),
                };
                Place {
                    path: PathBuf::from(&source.name),
                    shown: paths.show(Path::new(&source.name)),
                    start: Some(at(span.start)),
                    end: Some(at(span.end)),
                }
            }
            Location::Store(origin) => Place {
                path: origin.file.clone(),
                shown: paths.show(&origin.file),
                start: None,
                end: None,
            },
        }
    }
}

/// What a column counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ColumnUnit {
    /// Characters (Unicode scalar values), as terminals and editors show.
    Chars,
    /// UTF-16 code units, SARIF's default.
    Utf16,
}

/// Where a diagnostic points, as an output shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    /// The file relative to the book's root (or absolute).
    pub path: PathBuf,
    /// The file as shown (see [`PathStyle`]).
    pub(crate) shown: String,
    /// 1-based line and column of the span's start, in a chapter.
    pub(crate) start: Option<(usize, usize)>,
    /// 1-based line and column just after the span's end, in a chapter.
    pub(crate) end: Option<(usize, usize)>,
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
