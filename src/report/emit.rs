//! The one emitter: every output of a run, for the preprocessor inside
//! `mdbook build` and for `check` alike, and the validation report file.

use super::{Outcome, Report, ReportContext, formats, human, json::ValidationReport};
use crate::safe_write::{SafeWriter, WriteError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How `check` prints what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// rustc-style diagnostics on stderr.
    Human,
    /// The validation report (`evidence-report.v1`) on stdout.
    Json,
    /// SARIF 2.1.0 on stdout, for code-scanning upload.
    Sarif,
    /// GitHub Actions annotations on stdout, and a table in
    /// `$GITHUB_STEP_SUMMARY` when it is set.
    Github,
}

/// Where a run's output goes.
#[derive(Debug, Clone, Copy)]
pub enum Destination<'a> {
    /// The preprocessor inside `mdbook build`: stdout carries the book, so
    /// everything goes to stderr (human diagnostics, and GitHub annotations
    /// plus the step summary when running in GitHub Actions).
    Build,
    /// `check`: `format` on stdout (`human` on stderr), with paths relative
    /// to `base`, where CI tools resolve them.
    Check {
        /// The output format.
        format: Format,
        /// The directory printed paths are relative to.
        base: &'a Path,
    },
}

/// Why a run's output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum EmitError {
    /// stdout, stderr or the step summary cannot be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A machine format cannot be written to stdout.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The validation report may not be written where it is asked.
    #[error(transparent)]
    Refused(#[from] WriteError),
    /// The validation report cannot be written.
    #[error("cannot write the validation report {path}: {source}")]
    Report {
        /// Where it should go.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
}

/// Writes everything a run reports to `destination`, then the validation
/// report when `report` is configured.
pub fn emit(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    destination: Destination<'_>,
) -> Result<(), EmitError> {
    match destination {
        Destination::Build => {
            emit_human(outcome, context)?;
            if std::env::var_os("GITHUB_ACTIONS").is_some_and(|v| v == "true") {
                // The runner reads workflow commands from stderr too.
                let base = github_base(context.root);
                eprint!("{}", formats::github(&outcome.report, &base));
                append_step_summary(&outcome.report, &base)?;
            }
        }
        Destination::Check { format, base } => emit_check(outcome, context, format, base)?,
    }
    write_configured_report(outcome, context)
}

/// The diagnostics and the closing verdict line, on stderr.
fn emit_human(outcome: &Outcome, context: &ReportContext<'_>) -> std::io::Result<()> {
    let mut stderr = human::stderr();
    outcome.report.emit_human(&mut stderr)?;
    human::emit_summary(outcome, context.config.mode, &mut stderr)?;
    stderr.flush()
}

/// What `check` prints in `format`.
fn emit_check(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    format: Format,
    base: &Path,
) -> Result<(), EmitError> {
    let report = &outcome.report;
    let mut stdout = std::io::stdout().lock();
    match format {
        Format::Human => emit_human(outcome, context)?,
        Format::Json => {
            let json = validation_report(outcome, context);
            serde_json::to_writer_pretty(&mut stdout, &json)?;
            writeln!(stdout)?;
        }
        Format::Sarif => {
            serde_json::to_writer_pretty(&mut stdout, &formats::sarif(report, base))?;
            writeln!(stdout)?;
        }
        Format::Github => {
            stdout.write_all(formats::github(report, base).as_bytes())?;
            append_step_summary(report, base)?;
        }
    }
    stdout.flush()?;
    Ok(())
}

/// The validation report of a run.
fn validation_report<'r>(
    outcome: &'r Outcome,
    context: &ReportContext<'_>,
) -> ValidationReport<'r> {
    let config = context.config;
    ValidationReport::new(&outcome.report, config.mode, config.as_of, outcome.failed)
}

/// Writes the validation report when `report` is configured.
pub(crate) fn write_configured_report(
    outcome: &Outcome,
    context: &ReportContext<'_>,
) -> Result<(), EmitError> {
    if let Some(path) = &context.config.report {
        write_report(
            context,
            &context.root.join(path),
            &validation_report(outcome, context),
        )?;
    }
    Ok(())
}

/// The directory annotation paths are relative to: the repository
/// (`GITHUB_WORKSPACE`) when the book is inside it, else the book root.
pub(crate) fn github_base(root: &Path) -> PathBuf {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_owned());
    std::env::var_os("GITHUB_WORKSPACE")
        .and_then(|w| std::fs::canonicalize(w).ok())
        .and_then(|w| root.strip_prefix(&w).ok().map(Path::to_owned))
        .unwrap_or_default()
}

/// Appends the diagnostics table to `$GITHUB_STEP_SUMMARY`, when set.
pub(crate) fn append_step_summary(report: &Report, base: &Path) -> std::io::Result<()> {
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY") else {
        return Ok(());
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(formats::step_summary(report, base).as_bytes())
}

/// Writes the validation report whole or not at all, with the one safe
/// writer: inside the book's root, never onto `book.toml`, a store, the
/// source or the build directory.
fn write_report(
    context: &ReportContext<'_>,
    path: &Path,
    report: &ValidationReport<'_>,
) -> Result<(), EmitError> {
    let fail = |source: std::io::Error| EmitError::Report {
        path: path.to_owned(),
        source,
    };
    let mut json = serde_json::to_vec_pretty(report).map_err(|e| fail(e.into()))?;
    json.push(b'\n');
    let root = context.root;
    let mut writer = SafeWriter::new(root)?;
    writer.protect(&root.join("book.toml"), "the book's book.toml");
    writer.protect(&root.join(context.src_dir), "the book's source directory");
    for store in &context.config.store {
        writer.protect(&root.join(store), "an evidence store");
    }
    writer.write(path, &json)?;
    Ok(())
}
