//! The one emitter: every output of a run, for the preprocessor inside
//! `mdbook build` and for `check` alike, and the validation report file.

use crate::emit_error::EmitError;
use crate::failure::Failure;
use crate::format::Format;
use crate::json::{FailureReport, ValidationReport};
use crate::output_file::OutputFile;
use crate::{Outcome, PathStyle, ReportContext, ReportInputs, github, human, sarif};
use evidence_core::display::stream::{inert_json, inert_line};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What reporting needs to know of the environment the run is in. The
/// binary reads it once where a run starts and passes it in: reporting
/// reads no environment variable itself, so what it writes follows from
/// its inputs alone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportEnvironment {
    /// The run is a step of a GitHub Actions workflow
    /// (`GITHUB_ACTIONS=true`): a build annotates and writes the step
    /// summary too.
    pub github_actions: bool,
    /// The file the step summary is appended to (`GITHUB_STEP_SUMMARY`,
    /// when set and not empty).
    pub step_summary: Option<PathBuf>,
    /// The checkout GitHub resolves a build's annotations against
    /// (`GITHUB_WORKSPACE`, when set and not empty).
    pub github_workspace: Option<PathBuf>,
    /// No colour, even on a terminal (`NO_COLOR` set and not empty,
    /// <https://no-color.org>).
    pub no_color: bool,
    /// A CI system runs this: the verdict line of a failing build does not
    /// point at `mdbook serve`, which nobody runs there.
    pub on_ci: bool,
    /// The directory the run was started in, which files are named
    /// relative to and `--output` must be inside (empty when it could not
    /// be read).
    pub current_dir: PathBuf,
}

/// Where a run's output goes.
#[derive(Debug, Clone, Copy)]
pub enum Destination<'a> {
    /// The preprocessor inside `mdbook build`: stdout carries the book, so
    /// everything goes to stderr (human diagnostics, and GitHub annotations
    /// plus the step summary when running in GitHub Actions).
    Build,
    /// `check`: `format` on stdout (`human` on stderr), and the verdict
    /// line on stderr.
    Check {
        /// The output format.
        format: Format,
        /// How files are named.
        paths: &'a PathStyle,
        /// Whether a removed claim fails the check (`--deny-removals`).
        deny_removals: bool,
        /// Where the machine format goes instead of stdout (`--output`).
        output: Option<&'a OutputFile>,
    },
}

/// Writes everything a run in `environment` reports to `destination`,
/// and the validation report when `report` is configured (first, for
/// `check`: a report that cannot be written is a failure of the run,
/// reported instead of the results).
pub fn emit(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    destination: Destination<'_>,
    environment: &ReportEnvironment,
) -> Result<(), EmitError> {
    match destination {
        Destination::Build => {
            let paths = PathStyle::from_current_dir(context.root, &environment.current_dir);
            emit_human(outcome, context, &paths, human::Run::Build, environment)?;
            // The runner reads workflow commands from stderr too.
            github_build_output(
                context.root,
                environment,
                &mut std::io::stderr().lock(),
                |paths| {
                    let report = &outcome.report;
                    (
                        github::annotations(report, paths),
                        github::step_summary(report, paths),
                    )
                },
            )?;
            write_configured_report(outcome, context, &environment.current_dir)
        }
        Destination::Check {
            format,
            paths,
            deny_removals,
            output,
        } => {
            write_configured_report(outcome, context, &environment.current_dir)?;
            let check = (format, output);
            emit_check(outcome, context, check, paths, deny_removals, environment)
        }
    }
}

/// What a build adds when it is a step of GitHub Actions: the workflow
/// commands and the step summary that `render` makes with files named as
/// GitHub resolves them, the commands written to `out` and the summary
/// appended to its file. Elsewhere, nothing.
fn github_build_output(
    root: &Path,
    environment: &ReportEnvironment,
    out: &mut dyn Write,
    render: impl FnOnce(&PathStyle) -> (String, String),
) -> std::io::Result<()> {
    if !environment.github_actions {
        return Ok(());
    }
    let workspace = environment.github_workspace.as_deref();
    let paths = PathStyle::for_github(root, workspace, &environment.current_dir);
    let (commands, summary) = render(&paths);
    out.write_all(commands.as_bytes())?;
    append_step_summary(&summary, environment)
}

/// The diagnostics and the closing verdict line, on stderr.
fn emit_human(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    paths: &PathStyle,
    run: human::Run,
    environment: &ReportEnvironment,
) -> std::io::Result<()> {
    let mut stderr = human::stderr(environment.no_color);
    outcome.report.emit_human(paths, &mut stderr)?;
    emit_verdict(outcome, context, run, environment, &mut stderr)
}

/// The closing verdict line, after what `stderr` holds, and the stream flushed.
fn emit_verdict(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    run: human::Run,
    environment: &ReportEnvironment,
    stderr: &mut codespan_reporting::term::termcolor::BufferedStandardStream,
) -> std::io::Result<()> {
    let mode = context.config.mode;
    human::emit_summary(outcome, mode, run, environment.on_ci, stderr)?;
    stderr.flush()
}

/// What `check` prints in `format`: the output on stdout (human: stderr),
/// then the verdict line on stderr.
fn emit_check(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    (format, output): (Format, Option<&OutputFile>),
    paths: &PathStyle,
    deny_removals: bool,
    environment: &ReportEnvironment,
) -> Result<(), EmitError> {
    let report = &outcome.report;
    let inputs = context.report_inputs;
    let run = human::Run::Check { deny_removals };
    match format {
        Format::Human => return Ok(emit_human(outcome, context, paths, run, environment)?),
        Format::Json => {
            write_out(&validation_report(outcome, context, paths), output, inputs)?;
        }
        Format::Sarif => write_out(&sarif::sarif(report, paths), output, inputs)?,
        Format::Github => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(github::annotations(report, paths).as_bytes())?;
            append_step_summary(&github::step_summary(report, paths), environment)?;
            stdout.flush()?;
        }
    }
    let mut stderr = human::stderr(environment.no_color);
    Ok(emit_verdict(
        outcome,
        context,
        run,
        environment,
        &mut stderr,
    )?)
}

/// Reports a run that could not judge the book (the book at `root`) in
/// every output `destination` has: the error line on stderr (with the
/// file at fault), and for `check` the format's own form on stdout (a
/// JSON error, a SARIF log with an unsuccessful invocation, an `::error`
/// annotation); inside `mdbook build` on GitHub Actions (as `environment`
/// says), the annotation and the step summary as well.
pub fn emit_failure(
    failure: &Failure,
    root: &Path,
    destination: Destination<'_>,
    environment: &ReportEnvironment,
) -> std::io::Result<()> {
    let own_paths;
    let paths = match destination {
        Destination::Build => {
            own_paths = PathStyle::from_current_dir(root, &environment.current_dir);
            &own_paths
        }
        Destination::Check { paths, .. } => paths,
    };
    let mut stdout = std::io::stdout().lock();
    // A file `--output` names that cannot be written is said after the
    // failure itself, which is never lost to it.
    let mut unwritten = None;
    match destination {
        Destination::Build => {
            github_build_output(root, environment, &mut std::io::stderr().lock(), |paths| {
                (
                    github::failure_annotation(failure, paths),
                    github::failure_summary(failure, paths),
                )
            })?;
        }
        Destination::Check { format, output, .. } => {
            match check_failure_form(failure, root, paths, format, output, environment) {
                Err(error) if output.is_some() => unwritten = Some(error),
                other => other?,
            }
        }
    }
    stdout.flush()?;
    let mut message = std::borrow::Cow::Borrowed(failure.message.as_str());
    let mut arrow = None;
    if let (Some(location), Destination::Check { .. }) = (&failure.location, destination) {
        // The message names the file as the book knows it (inside `mdbook
        // build`, the current directory); from elsewhere, say where it is
        // from here, and where in it. A message that opens with the place
        // opens with it as seen from here, rather than name it twice.
        let shown = location.display(|p| paths.show(p));
        let from_root = format!("{}: ", location.display(|p| p.display().to_string()));
        if let Some(rest) = failure.message.strip_prefix(&from_root) {
            message = std::borrow::Cow::Owned(format!("{shown}: {rest}"));
        } else if !names(&failure.message, &shown) {
            arrow = Some(shown);
        }
    }
    // Store errors are drawn at their lines, each with a caret; several
    // get a line saying so, then each its own header.
    let several = failure.parts.len() > 1;
    if several {
        message = std::borrow::Cow::Owned(format!(
            "{} errors in the evidence store (below); fix them all before building again",
            failure.parts.iter().map(|part| part.count).sum::<usize>()
        ));
    }
    let mut line = format!("error: mdbook-evidence: {}\n", inert_line(&message));
    match arrow {
        _ if !failure.parts.is_empty() => {
            line.push_str(&crate::snippet::draw(&failure.parts, root, paths, several));
        }
        Some(shown) => line.push_str(&format!("  --> {}\n", inert_line(&shown))),
        None => {}
    }
    let mut stderr = std::io::stderr().lock();
    stderr.write_all(line.as_bytes())?;
    match unwritten {
        Some(error) => {
            writeln!(
                stderr,
                "error: mdbook-evidence: {}",
                inert_line(&error.to_string())
            )?;
            Err(error)
        }
        None => Ok(()),
    }
}

/// `check`'s own form of a failure in `format`: a JSON error, a SARIF log
/// with an unsuccessful invocation (on stdout, or in the `--output`
/// file, never onto what is known of the book at `root`), an `::error`
/// annotation and the step summary.
fn check_failure_form(
    failure: &Failure,
    root: &Path,
    paths: &PathStyle,
    format: Format,
    output: Option<&OutputFile>,
    environment: &ReportEnvironment,
) -> std::io::Result<()> {
    let inputs = ReportInputs::defaults(root);
    match format {
        Format::Human => Ok(()),
        Format::Json => write_out(&FailureReport::new(failure, paths), output, &inputs),
        Format::Sarif => write_out(&sarif::sarif_failure(failure, paths), output, &inputs),
        Format::Github => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(github::failure_annotation(failure, paths).as_bytes())?;
            append_step_summary(&github::failure_summary(failure, paths), environment)
        }
    }
}

/// Writes `value` as [`write_json`] does, to `output` (through the one
/// safe writer, never onto `inputs`) when given, else to stdout.
fn write_out(
    value: &impl serde::Serialize,
    output: Option<&OutputFile>,
    inputs: &ReportInputs,
) -> std::io::Result<()> {
    match output {
        Some(file) => {
            let mut bytes = Vec::new();
            write_json(&mut bytes, value)?;
            file.write(&bytes, inputs).map_err(std::io::Error::other)
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            write_json(&mut stdout, value)?;
            stdout.flush()
        }
    }
}

/// Writes `value` as pretty JSON and a line feed, inert for a log
/// ([`inert_json`]).
fn write_json(out: &mut impl Write, value: &impl serde::Serialize) -> std::io::Result<()> {
    let json = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    out.write_all(inert_json(json).as_bytes())?;
    writeln!(out)
}

/// Whether `message` names the file `shown` as it is (not as the end of a
/// longer path).
fn names(message: &str, shown: &str) -> bool {
    message.match_indices(shown).any(|(at, _)| {
        message[..at]
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, ' ' | '`' | '(' | '"' | '\''))
    })
}

/// The validation report of a run, with files named by `paths`.
fn validation_report<'r>(
    outcome: &'r Outcome,
    context: &ReportContext<'_>,
    paths: &PathStyle,
) -> ValidationReport<'r> {
    let config = context.config;
    ValidationReport::new(
        &outcome.report,
        config.mode,
        config.as_of,
        outcome.failed,
        paths,
    )
}

/// Writes the validation report when `report` is configured, with files
/// named relative to the book's root (where the report is; a relative
/// root is in `current_dir`).
pub(crate) fn write_configured_report(
    outcome: &Outcome,
    context: &ReportContext<'_>,
    current_dir: &Path,
) -> Result<(), EmitError> {
    if let Some(path) = &context.config.report {
        let paths = PathStyle::relative_to(context.root, context.root, current_dir);
        write_report(context, path, &validation_report(outcome, context, &paths))?;
    }
    Ok(())
}

/// Appends `summary` to the step summary file of `environment`, when it
/// has one.
fn append_step_summary(summary: &str, environment: &ReportEnvironment) -> std::io::Result<()> {
    let Some(path) = &environment.step_summary else {
        return Ok(());
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(summary.as_bytes())
}

/// Writes the validation report whole or not at all, with the one safe
/// writer, where the report's rule allows ([`super::target`]: checked at
/// load too; checked again here, since a symlink can appear in between).
fn write_report(
    context: &ReportContext<'_>,
    report_path: &Path,
    report: &ValidationReport<'_>,
) -> Result<(), EmitError> {
    let path = context.root.join(report_path);
    let fail = |source: std::io::Error| EmitError::Report {
        path: path.clone(),
        source,
    };
    // Inert as on stdout: a CI step may print the file.
    let mut json = serde_json::to_string_pretty(report)
        .map(inert_json)
        .map_err(|e| fail(e.into()))?;
    json.push('\n');
    let (writer, path) =
        crate::target::writer_for(context.root, context.report_inputs, report_path)?;
    writer.write(&path, json.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build's output for GitHub is decided by the environment passed
    /// in, never the process's: nothing off GitHub Actions (a summary file
    /// named or not), and on it the workflow commands with paths from the
    /// workspace and the step summary appended to its file.
    #[test]
    fn a_build_reports_for_github_only_on_github_actions() {
        let dir = tempfile::tempdir().expect("tempdir");
        let workspace = dir.path().join("repo");
        let root = workspace.join("docs");
        let summary = dir.path().join("summary.md");
        let report = crate::test_report::one_ungrounded_claim();
        let render = |paths: &PathStyle| {
            (
                github::annotations(&report, paths),
                github::step_summary(&report, paths),
            )
        };

        let elsewhere = ReportEnvironment {
            step_summary: Some(summary.clone()),
            github_workspace: Some(workspace.clone()),
            ..ReportEnvironment::default()
        };
        let mut out = Vec::new();
        github_build_output(&root, &elsewhere, &mut out, render).expect("written");
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        assert!(!summary.exists());

        let on_actions = ReportEnvironment {
            github_actions: true,
            ..elsewhere
        };
        github_build_output(&root, &on_actions, &mut out, render).expect("written");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "::error file=docs/src/brief.md,line=3,col=3,endLine=3,endColumn=21,\
             title=mdbook-evidence ungrounded-claim::claim cites no evidence\n"
        );
        let written = std::fs::read_to_string(&summary).expect("summary written");
        assert_eq!(
            written,
            "## mdbook-evidence\n\n\
             | severity | rule | location | message |\n|---|---|---|---|\n\
             | error | `ungrounded-claim` | `docs/src/brief.md:3:3` | claim cites no evidence |\n"
        );
        // Appended, never overwritten: each step of a job adds its own.
        github_build_output(&root, &on_actions, &mut Vec::new(), render).expect("written");
        let twice = std::fs::read_to_string(&summary).expect("summary written");
        assert_eq!(twice, written.repeat(2));
    }
}
