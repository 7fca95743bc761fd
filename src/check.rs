//! `mdbook-evidence check [BOOK_DIR]`: validates a book the way `mdbook
//! build` would (same config, same chapters, `{{#include}}`s expanded by
//! mdBook's own links preprocessor), without rendering it. Whatever
//! happens, the output is whole in the asked format: the diagnostics, or
//! why the check could not run.

mod baseline;

use crate::session::{Session, book_root, report_environment};
use evidence_core::env::Environment;
use evidence_core::rule::Severity;
use evidence_report as report;
use evidence_report::{Destination, Failure, Format, Outcome, OutputFile, PathStyle};
use std::io::Write;
use std::path::Path;

/// How a check runs.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// The output format.
    pub format: Format,
    /// Whether a claim removed by `remove` mode fails the check (also
    /// set by `deny-removals = true` in the book's config).
    pub deny_removals: bool,
    /// Whether a warning fails the check (`--deny warnings`).
    pub deny_warnings: bool,
    /// An earlier JSON report whose findings are known: only new ones are
    /// reported and can fail the check (`--baseline`).
    pub baseline: Option<std::path::PathBuf>,
    /// The file the machine format is written to instead of stdout
    /// (`--output`), through the one safe writer.
    pub output: Option<std::path::PathBuf>,
}

/// What a check concluded: its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// No violation at error severity (exit status 0).
    Passed,
    /// A violation at error severity, a build that would stop, or (with
    /// `deny-removals`) a removed claim, (with `--deny warnings`) a
    /// warning (exit status 1).
    Failed,
    /// The check could not run: config, store, template or book (exit
    /// status 2).
    CouldNotRun,
}

impl Status {
    /// The process exit status.
    pub fn code(self) -> u8 {
        match self {
            Status::Passed => 0,
            Status::Failed => 1,
            Status::CouldNotRun => 2,
        }
    }
}

/// Checks the book in `dir`, in the process's `environment`, and reports
/// on it in `options.format`. A reader that stops reading (`check … |
/// head -1`) ends the output quietly; the status is still the check's.
pub fn check(dir: &Path, options: &CheckOptions, environment: &Environment) -> Status {
    // The book's root as given, or the nearest directory above it that
    // holds book.toml (`check` run from `src/`): messages that name its
    // files name them from the current directory, as every output does.
    let found = book_root(dir);
    let root = found.as_deref().unwrap_or(dir);
    let here = environment.current_dir();
    let paths = PathStyle::from_current_dir(root, here);
    let reporting = report_environment(environment);
    // Refused before the book is read: nothing is written, and stdout
    // stays empty (the file was asked for, not stdout).
    let output = match options
        .output
        .as_deref()
        .map(|path| OutputFile::new(path, options.format, root, here))
    {
        Some(Ok(file)) => Some(file),
        Some(Err(refusal)) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: mdbook-evidence: {}",
                report::inert_line(&refusal.to_string())
            );
            return Status::CouldNotRun;
        }
        None => None,
    };
    let destination = |deny_removals| Destination::Check {
        format: options.format,
        paths: &paths,
        deny_removals,
        output: output.as_ref(),
    };
    let could_not_run = |error: anyhow::Error| {
        let failure = Failure::new(&error, root, environment);
        // Nothing more can be said when stderr itself is gone.
        let _ = report::emit_failure(&failure, root, destination(false), &reporting);
        Status::CouldNotRun
    };
    let (session, mut outcome) = match judge(root, environment) {
        Ok(judged) => judged,
        Err(error) => return could_not_run(error),
    };
    let known = match options.baseline.as_deref().map(baseline::Baseline::load) {
        Some(Ok(baseline)) => Some(baseline.apply(&mut outcome)),
        Some(Err(error)) => return could_not_run(error),
        None => None,
    };
    let deny_removals = options.deny_removals || session.config().deny_removals;
    let mut status = verdict(&outcome, deny_removals, known.is_some());
    let warnings = outcome.report.count(Severity::Warning);
    let denied = options.deny_warnings && warnings > 0 && status == Status::Passed;
    if denied {
        status = Status::Failed;
    }
    let emitted = report::emit(
        &outcome,
        &session.report_context(),
        destination(deny_removals),
        &reporting,
    );
    if let (Ok(()), Some(known)) = (&emitted, &known) {
        let _ = writeln!(
            std::io::stderr(),
            "mdbook-evidence: {} known in the baseline {} not reported",
            report::counted(known.findings, "finding", "findings"),
            report::inert_line(&known.file.display().to_string())
        );
    }
    match emitted {
        Ok(()) if denied => {
            // After the verdict line, which counts the warnings.
            let _ = writeln!(
                std::io::stderr(),
                "mdbook-evidence: the check fails: {warnings} {} and `--deny warnings`",
                if warnings == 1 { "warning" } else { "warnings" }
            );
            status
        }
        Ok(()) => status,
        Err(error) if report::is_closed_pipe(&error) => status,
        Err(error) if report::is_output_refused(&error) => {
            // Said on stderr alone: the file is not to be written.
            let failure = Failure::new(&error.into(), root, environment);
            let human = Destination::Check {
                format: Format::Human,
                paths: &paths,
                deny_removals,
                output: None,
            };
            let _ = report::emit_failure(&failure, root, human, &reporting);
            Status::CouldNotRun
        }
        Err(error) => could_not_run(error.into()),
    }
}

/// Whether the check passes: no error, no stopped build, and with
/// `deny_removals` no removed claim (with a baseline, no new one).
fn verdict(outcome: &Outcome, deny_removals: bool, baselined: bool) -> Status {
    let report = &outcome.report;
    let removed = if baselined {
        report.diagnostics.iter().any(|d| d.removed)
    } else {
        report.removed_claims() > 0
    };
    let failed = outcome.failed || report.count(Severity::Error) > 0 || (deny_removals && removed);
    if failed {
        Status::Failed
    } else {
        Status::Passed
    }
}

/// Loads the book in `dir` as `mdbook build` would and judges it in
/// `environment`.
fn judge(dir: &Path, environment: &Environment) -> anyhow::Result<(Session, Outcome)> {
    let (session, book) = Session::check_book(dir, environment)?;
    // A check renders nothing: the verdict and the report are the judge's.
    let (outcome, _) = session.judge_quietly(&book);
    session.finish();
    Ok((session, outcome))
}
