//! GitHub Actions workflow commands: one `::error …::` or `::warning …::`
//! line per diagnostic, `::notice` lines for notes, an `::error` for a run
//! that could not judge the book, and a markdown table for the step
//! summary (GitHub shows only the first few annotations of a step).

use crate::{ColumnUnit, Failure, PathStyle, Report};
use evidence_core::display::stream::inert_line;
use evidence_core::rule::Severity;
use std::fmt::Write as _;
use std::path::Path;

/// One workflow command per diagnostic, then one `::notice` per note.
pub(crate) fn annotations(report: &Report, paths: &PathStyle) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        let place = report.place(d, paths, ColumnUnit::Chars);
        let kind = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut props = format!("file={}", property(&place.shown));
        if let (Some((line, col)), Some((end_line, end_col))) = (place.start, place.end) {
            let _ = write!(props, ",line={line},col={col},endLine={end_line}");
            if end_line == line {
                let _ = write!(props, ",endColumn={end_col}");
            }
        }
        let mut message = d.message.clone();
        if let Some(inclusion) = d.included_by {
            let chapter = &report.files[inclusion.file].name;
            let _ = write!(
                message,
                " (in a file included by {}:{})",
                paths.show(Path::new(chapter)),
                inclusion.line
            );
        }
        let _ = writeln!(
            out,
            "::{kind} {props},title={}::{}",
            property(&format!("mdbook-evidence {}", d.rule.id())),
            data(&message)
        );
    }
    for note in &report.notes {
        let file = paths.show(Path::new(&report.files[note.file].name));
        let _ = writeln!(
            out,
            "::notice file={},title=mdbook-evidence::{}",
            property(&file),
            data(&note.message)
        );
    }
    out
}

/// The `::error` line of a run that could not judge the book, at the
/// file (and line and column) at fault when known.
pub(crate) fn failure_annotation(failure: &Failure, paths: &PathStyle) -> String {
    let mut props = String::new();
    if let Some(location) = &failure.location {
        let _ = write!(props, "file={},", property(&paths.show(&location.file)));
        if let Some(line) = location.line {
            let _ = write!(props, "line={line},");
            if let Some(column) = location.column {
                let _ = write!(props, "col={column},");
            }
        }
    }
    format!(
        "::error {props}title=mdbook-evidence::{}\n",
        data(&failure.message)
    )
}

/// The step summary of a run that could not judge the book.
pub(crate) fn failure_summary(failure: &Failure, paths: &PathStyle) -> String {
    let mut out = String::from("## mdbook-evidence\n\nThe check could not run");
    if let Some(location) = &failure.location {
        let at = location.display(|p| paths.show(p));
        let _ = write!(out, " (`{}`)", code(&at));
    }
    let _ = writeln!(out, ": {}", markdown(&failure.message));
    out
}

/// The step summary: a markdown table of every diagnostic, the suppressed
/// ones, and the number of claims removed.
pub(crate) fn step_summary(report: &Report, paths: &PathStyle) -> String {
    let mut out = String::from("## mdbook-evidence\n\n");
    if report.diagnostics.is_empty() {
        out.push_str("No violations.\n");
    } else {
        out.push_str("| severity | rule | location | message |\n|---|---|---|---|\n");
        for d in &report.diagnostics {
            let place = report.place(d, paths, ColumnUnit::Chars);
            let location = match place.start {
                Some((line, col)) => format!("{}:{line}:{col}", place.shown),
                None => place.shown,
            };
            let _ = writeln!(
                out,
                "| {} | `{}` | `{}` | {} |",
                d.severity,
                d.rule.id(),
                code(&location),
                markdown(&d.message)
            );
        }
    }
    let removed = report.removed_claims();
    if removed > 0 {
        let _ = writeln!(
            out,
            "\n{removed} {} removed (`mode = \"remove\"`).",
            if removed == 1 { "claim" } else { "claims" }
        );
    }
    if !report.suppressed.is_empty() {
        let _ = writeln!(
            out,
            "\n{} suppressed by `evidence-disable…` comments:\n",
            report.suppressed.len()
        );
        for (d, reason) in &report.suppressed {
            let place = report.place(d, paths, ColumnUnit::Chars);
            let _ = writeln!(
                out,
                "- `{}` at `{}:{}`: {}",
                d.rule.id(),
                code(&place.shown),
                place.start.map_or(0, |s| s.0),
                markdown(reason)
            );
        }
    }
    out
}

/// Text from an input as markdown inline content of the step summary: on
/// its line, then with its punctuation escaped.
fn markdown(text: &str) -> String {
    evidence_core::escape::markdown(&inert_line(text))
}

/// Text from an input inside a markdown code span of the step summary: on
/// its line, with no backtick to end the span.
fn code(text: &str) -> String {
    inert_line(text).replace('`', "'")
}

/// Escapes workflow-command data (the message): kept on its line
/// ([`inert_line`]), then as the runner unescapes it.
fn data(text: &str) -> String {
    inert_line(text)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow-command property value.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FailureLocation;

    #[test]
    fn workflow_command_escaping() {
        // A line break from an input stays on the line, escaped.
        assert_eq!(data("50% of a\nb"), "50%25 of a\\nb");
        assert_eq!(data("a\r\n::stop-commands::x"), "a\\r\\n::stop-commands::x");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }

    #[test]
    fn a_failure_is_an_error_at_its_location() {
        let paths = PathStyle::from_current_dir(Path::new("/repo/docs"), Path::new("/repo"));
        let failure = Failure {
            message: "evidence/s.json:3:5: malformed JSON, 100% sure".into(),
            location: Some(FailureLocation {
                file: "evidence/s.json".into(),
                line: Some(3),
                column: Some(5),
                json_path: None,
            }),
            parts: Vec::new(),
        };
        assert_eq!(
            failure_annotation(&failure, &paths),
            "::error file=docs/evidence/s.json,line=3,col=5,title=mdbook-evidence::evidence/s.json:3:5: malformed JSON, 100%25 sure\n"
        );
        let nowhere = Failure {
            message: "no book".into(),
            location: None,
            parts: Vec::new(),
        };
        assert_eq!(
            failure_annotation(&nowhere, &paths),
            "::error title=mdbook-evidence::no book\n"
        );
    }
}
