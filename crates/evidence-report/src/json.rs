//! The JSON validation report: per chapter and in total,
//! `total_bullets`, `cited_bullets`, `removed_bullets` (the contract's
//! names; also as `total_claims`, `cited_claims`, `removed_claims`) and
//! `validation_passed`, every violation, the diversity stats and the
//! verdict, and the support figures of the citations. Its shape is
//! versioned by [`REPORT_SCHEMA_VERSION`].

use crate::{Diagnostic, Failure, Location, PathStyle, Report};
use evidence_core::config::Mode;
use evidence_core::rule::{Rule, Severity};
use evidence_rules::diversity::DiversityStats;
use evidence_rules::{SupportFigures, Verdict};
use jiff::Timestamp;
use serde::Serialize;

/// The `schema_version` of the report this build writes.
pub(crate) const REPORT_SCHEMA_VERSION: &str = "evidence-report.v1";

/// The `schema_version` of what `check --format json` prints when the
/// check could not run.
pub(crate) const ERROR_SCHEMA_VERSION: &str = "evidence-error.v1";

/// The whole report.
#[derive(Debug, Serialize)]
pub(crate) struct ValidationReport<'r> {
    /// [`REPORT_SCHEMA_VERSION`].
    pub(crate) schema_version: &'static str,
    /// `mdbook-evidence <version>`.
    pub(crate) generator: String,
    /// The instant expiry and staleness were judged against.
    pub(crate) as_of: String,
    /// The configured mode.
    pub(crate) mode: Mode,
    /// The book's verdict: the worst of its chapters'.
    pub verdict: Verdict,
    /// Whether no checked chapter has an error-level violation.
    pub(crate) validation_passed: bool,
    /// Sums over the chapters.
    pub(crate) totals: Totals,
    /// One entry per chapter, in book order.
    pub chapters: Vec<ChapterEntry<'r>>,
    /// Every violation, in book order.
    pub(crate) violations: Vec<Violation<'r>>,
    /// Violations silenced by suppression comments.
    pub suppressed: Vec<Suppressed<'r>>,
    /// Notes about files (e.g. a chapter whose `{{#include}}`s could not
    /// be traced back to their files).
    pub(crate) notes: Vec<NoteEntry<'r>>,
}

/// A note about a file.
#[derive(Debug, Serialize)]
pub(crate) struct NoteEntry<'r> {
    /// The file.
    pub(crate) file: String,
    /// What to know.
    pub message: &'r str,
}

/// What `check --format json` prints when the check could not run.
#[derive(Debug, Serialize)]
pub(crate) struct FailureReport<'f> {
    /// [`ERROR_SCHEMA_VERSION`].
    pub(crate) schema_version: &'static str,
    /// `mdbook-evidence <version>`.
    pub(crate) generator: String,
    /// Always false: nothing was validated.
    pub(crate) validation_passed: bool,
    /// What went wrong, and where.
    pub(crate) error: ErrorEntry<'f>,
}

/// A failure, located.
#[derive(Debug, Serialize)]
pub(crate) struct ErrorEntry<'f> {
    /// What went wrong and how to fix it.
    pub message: &'f str,
    /// The file at fault, when known.
    pub(crate) file: Option<String>,
    /// 1-based line, when known.
    pub(crate) line: Option<usize>,
    /// 1-based column, when known.
    pub(crate) column: Option<usize>,
    /// The JSON path of the offending value in a store file, when known.
    pub(crate) json_path: Option<&'f str>,
}

impl<'f> FailureReport<'f> {
    /// The report of `failure`, with its file named by `paths`.
    pub(crate) fn new(failure: &'f Failure, paths: &PathStyle) -> FailureReport<'f> {
        let location = failure.location.as_ref();
        FailureReport {
            schema_version: ERROR_SCHEMA_VERSION,
            generator: format!("mdbook-evidence {}", evidence_core::tool::TOOL_VERSION),
            validation_passed: false,
            error: ErrorEntry {
                message: &failure.message,
                file: location.map(|l| paths.show(&l.file)),
                line: location.and_then(|l| l.line),
                column: location.and_then(|l| l.column),
                json_path: location.and_then(|l| l.json_path.as_deref()),
            },
        }
    }
}

/// A silenced violation and the reason given for silencing it.
#[derive(Debug, Serialize)]
pub(crate) struct Suppressed<'r> {
    /// The violation.
    #[serde(flatten)]
    pub(crate) violation: Violation<'r>,
    /// The comment's `reason`.
    pub(crate) reason: &'r str,
}

/// Counts over the whole book.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Totals {
    /// Chapters in the book.
    pub chapters: usize,
    /// The sums of the chapters' counts.
    #[serde(flatten)]
    pub(crate) counts: Counts,
    /// The sums of the chapters' support figures.
    pub support: SupportFigures,
    /// The book's quality metrics.
    pub quality: evidence_rules::quality_metrics::Quality,
}

/// The counts of a chapter, or of the book.
#[derive(Debug, Default, Clone, Copy, Serialize)]
pub(crate) struct Counts {
    /// Claims checked (the contract's "bullets": claim units).
    pub(crate) total_bullets: usize,
    /// Claims with at least one resolving citation.
    pub(crate) cited_bullets: usize,
    /// Claims removed (`remove` mode).
    pub(crate) removed_bullets: usize,
    /// [`Counts::total_bullets`] under the name that says what they are,
    /// whatever the claim unit (paragraphs, sentences, rows).
    pub(crate) total_claims: usize,
    /// [`Counts::cited_bullets`], likewise.
    pub(crate) cited_claims: usize,
    /// [`Counts::removed_bullets`], likewise.
    pub removed_claims: usize,
    /// Markers found.
    pub markers: usize,
    /// Markers that resolved.
    pub resolved_markers: usize,
    /// Violations of rules at level `error`.
    pub errors: usize,
    /// Violations of rules at level `warn`.
    pub warnings: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.total_bullets += other.total_bullets;
        self.cited_bullets += other.cited_bullets;
        self.removed_bullets += other.removed_bullets;
        self.total_claims += other.total_claims;
        self.cited_claims += other.cited_claims;
        self.removed_claims += other.removed_claims;
        self.markers += other.markers;
        self.resolved_markers += other.resolved_markers;
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// One chapter.
#[derive(Debug, Serialize)]
pub(crate) struct ChapterEntry<'r> {
    /// Source path relative to `src/`.
    pub path: &'r str,
    /// Whether it was checked (not excluded).
    pub checked: bool,
    /// What the build did with it.
    pub verdict: Verdict,
    /// Whether it has no error-level violation.
    pub(crate) validation_passed: bool,
    /// The chapter's counts.
    #[serde(flatten)]
    pub(crate) counts: Counts,
    /// Diversity of the cited evidence: publishers and credibility tiers.
    pub(crate) diversity_stats: &'r DiversityStats,
    /// Support of the citations: checked against their passages, flagged
    /// by `claim-not-in-evidence`, with a stored verdict, unsupported, stale.
    pub support: SupportFigures,
    /// The chapter's quality metrics.
    pub quality: evidence_rules::quality_metrics::Quality,
}

/// One violation.
#[derive(Debug, Serialize)]
pub(crate) struct Violation<'r> {
    /// The rule id.
    pub rule: Rule,
    /// Its severity in this build.
    pub severity: Severity,
    /// What is wrong.
    pub message: &'r str,
    /// The chapter (`src/…`) or store file.
    pub(crate) file: String,
    /// 1-based line in the chapter, when in a chapter.
    pub(crate) line: Option<usize>,
    /// 1-based column, when in a chapter.
    pub(crate) column: Option<usize>,
    /// JSON path in the store file, when in the store.
    pub(crate) json_path: Option<&'r str>,
    /// The first words of the claim concerned.
    pub(crate) claim: Option<&'r str>,
    /// The evidence ids concerned.
    pub evidence_ids: &'r [String],
    /// Whether `remove` mode took the claim or marker out.
    pub removed: bool,
    /// The chapter that included the file (`{{#include}}`), as
    /// `file:line` of its directive, when the violation is in an included
    /// file.
    pub(crate) included_by: Option<String>,
    /// What `check --baseline` knows the violation by (see
    /// [`Report::fingerprint`]).
    pub fingerprint: String,
}

impl<'r> ValidationReport<'r> {
    /// Builds the report of a run, with files named by `paths`.
    pub(crate) fn new(
        report: &'r Report,
        mode: Mode,
        as_of: Timestamp,
        failed: bool,
        paths: &PathStyle,
    ) -> Self {
        let mut totals = Totals::default();
        let chapters: Vec<ChapterEntry<'r>> = report
            .chapters
            .iter()
            .map(|c| {
                let counts = Counts {
                    total_bullets: c.claims,
                    cited_bullets: c.grounded_claims,
                    removed_bullets: c.removed_claims,
                    total_claims: c.claims,
                    cited_claims: c.grounded_claims,
                    removed_claims: c.removed_claims,
                    markers: c.markers,
                    resolved_markers: c.resolved_markers,
                    errors: c.errors,
                    warnings: c.warnings,
                };
                totals.chapters += 1;
                totals.counts += counts;
                totals.support += c.support.clone();
                ChapterEntry {
                    path: &c.path,
                    checked: c.checked,
                    verdict: c.verdict,
                    validation_passed: c.errors == 0,
                    counts,
                    diversity_stats: &c.diversity,
                    support: c.support.clone(),
                    quality: crate::quality::of_chapters([c], &report.quality_targets),
                }
            })
            .collect();
        totals.quality = crate::quality::of_chapters(&report.chapters, &report.quality_targets);
        let worst = |v: Verdict| chapters.iter().any(|c| c.verdict == v);
        let verdict = if failed || worst(Verdict::Failed) {
            Verdict::Failed
        } else if worst(Verdict::Downgraded) {
            Verdict::Downgraded
        } else if worst(Verdict::RemovedClaims) {
            Verdict::RemovedClaims
        } else {
            Verdict::Published
        };
        let store_errors = report
            .diagnostics
            .iter()
            .filter(|d| matches!(d.location, Location::Store(_)) && d.severity == Severity::Error)
            .count();
        ValidationReport {
            schema_version: REPORT_SCHEMA_VERSION,
            generator: format!("mdbook-evidence {}", evidence_core::tool::TOOL_VERSION),
            as_of: as_of.strftime("%Y-%m-%dT%H:%M:%SZ").to_string(),
            mode,
            verdict,
            validation_passed: totals.counts.errors == 0 && store_errors == 0,
            totals,
            chapters,
            violations: report
                .diagnostics
                .iter()
                .map(|d| violation(report, d, paths))
                .collect(),
            suppressed: report
                .suppressed
                .iter()
                .map(|(d, reason)| Suppressed {
                    violation: violation(report, d, paths),
                    reason,
                })
                .collect(),
            notes: report
                .notes
                .iter()
                .map(|note| NoteEntry {
                    file: paths.show(std::path::Path::new(&report.files[note.file].name)),
                    message: &note.message,
                })
                .collect(),
        }
    }
}

fn violation<'r>(report: &'r Report, d: &'r Diagnostic, paths: &PathStyle) -> Violation<'r> {
    let (file, line, column, json_path) = match &d.location {
        Location::Chapter {
            file, line, column, ..
        } => (
            paths.show(std::path::Path::new(&report.files[*file].name)),
            Some(*line),
            Some(*column),
            None,
        ),
        Location::Store(origin) => (
            paths.show(&origin.file),
            None,
            None,
            Some(origin.json_path.as_str()),
        ),
    };
    let included_by = d.included_by.map(|inclusion| {
        let chapter = paths.show(std::path::Path::new(&report.files[inclusion.file].name));
        format!("{chapter}:{}", inclusion.line)
    });
    Violation {
        rule: d.rule,
        severity: d.severity,
        message: &d.message,
        file,
        line,
        column,
        json_path,
        claim: d.claim.as_deref(),
        evidence_ids: &d.evidence_ids,
        removed: d.removed,
        included_by,
        fingerprint: report.fingerprint(d),
    }
}
