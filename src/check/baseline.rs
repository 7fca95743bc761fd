//! `check --baseline REPORT`: a book with known debt annotates a pull
//! request with what the change adds. The baseline is an earlier JSON
//! report (`check --format json`, or the `report` file); a finding whose
//! fingerprint it lists (rule, file, the text pointed at, message: no line,
//! so edits elsewhere do not make it new) is known and left out, as many
//! times as the baseline lists it.

use anyhow::{Context, bail};
use evidence_core::rule::Severity;
use evidence_report::Outcome;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The fingerprints of an earlier report, each with how many findings
/// carried it.
pub(crate) struct Baseline {
    file: PathBuf,
    known: HashMap<String, usize>,
}

/// What applying a baseline left out.
pub(crate) struct Known {
    /// The baseline's file, as given.
    pub file: PathBuf,
    /// How many findings it knew.
    pub findings: usize,
}

impl Baseline {
    /// Reads the report at `file`.
    pub(crate) fn load(file: &Path) -> anyhow::Result<Baseline> {
        let text = evidence_core::limits::read_text(file, evidence_core::limits::Limit::file())
            .map_err(|e| {
                anyhow::anyhow!(
                    "cannot read the baseline {}: {}",
                    file.display(),
                    e.reason()
                )
            })?;
        let report: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{}:{}:{}: the baseline is not JSON ({}); make it with `mdbook-evidence check BOOK --format json > {}`",
                file.display(),
                e.line(),
                e.column(),
                evidence_core::json_input::strip_position(&e.to_string()),
                file.display()
            )
        })?;
        let version = report.get("schema_version").and_then(|v| v.as_str());
        if version != Some("evidence-report.v1") {
            bail!(
                "{}: the baseline is not a validation report (schema_version {}, expected \"evidence-report.v1\"); a check that could not run writes no baseline: make it from a check that ran",
                file.display(),
                version.map_or_else(|| "missing".to_owned(), |v| format!("{v:?}"))
            );
        }
        let violations = report
            .get("violations")
            .and_then(|v| v.as_array())
            .with_context(|| format!("{}: `violations` is not an array", file.display()))?;
        let mut known: HashMap<String, usize> = HashMap::new();
        for (i, violation) in violations.iter().enumerate() {
            let Some(fingerprint) = violation.get("fingerprint").and_then(|f| f.as_str()) else {
                bail!(
                    "{}: `violations[{i}]` has no `fingerprint`: the baseline was made by an earlier version; make it again with `mdbook-evidence check BOOK --format json > {}`",
                    file.display(),
                    file.display()
                );
            };
            *known.entry(fingerprint.to_owned()).or_default() += 1;
        }
        Ok(Baseline {
            file: file.to_owned(),
            known,
        })
    }

    /// Leaves out of `outcome` every finding the baseline knows, and makes
    /// the outcome's verdict that of the findings left: the build would
    /// stop only on a new error.
    pub(crate) fn apply(mut self, outcome: &mut Outcome) -> Known {
        let report = &mut outcome.report;
        let fingerprints: Vec<String> = report
            .diagnostics
            .iter()
            .map(|d| report.fingerprint(d))
            .collect();
        let kept: Vec<bool> = fingerprints
            .into_iter()
            .map(|fingerprint| match self.known.get_mut(&fingerprint) {
                Some(count) if *count > 0 => {
                    *count -= 1;
                    false
                }
                _ => true,
            })
            .collect();
        recount_chapters(report, &kept);
        let mut keep = kept.into_iter();
        let before = report.diagnostics.len();
        report.diagnostics.retain(|_| keep.next().unwrap_or(true));
        outcome.failed = report.count(Severity::Error) > 0;
        Known {
            file: self.file,
            findings: before - report.diagnostics.len(),
        }
    }
}

/// Counts each chapter's errors and warnings again over the diagnostics
/// `kept`, so that the summary (`1 error in 1 chapter`) and the report's
/// chapters speak of what is new. The report holds each chapter's
/// diagnostics in book order, as many as its summary counts, then the
/// store's; a report not laid out so is left as it is.
fn recount_chapters(report: &mut evidence_report::Report, kept: &[bool]) {
    let laid_out: usize = report.chapters.iter().map(|c| c.errors + c.warnings).sum();
    if laid_out > kept.len() {
        return;
    }
    let mut at = 0;
    for chapter in &mut report.chapters {
        let end = at + chapter.errors + chapter.warnings;
        let (mut errors, mut warnings) = (0, 0);
        for (d, _) in report.diagnostics[at..end]
            .iter()
            .zip(&kept[at..end])
            .filter(|(_, kept)| **kept)
        {
            match d.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
            }
        }
        (chapter.errors, chapter.warnings) = (errors, warnings);
        at = end;
    }
}
