//! Machine output of a run: SARIF 2.1.0 for code scanning, and GitHub
//! Actions workflow commands (with a step-summary table).

use super::{Diagnostic, Location, Report};
use crate::rules::{Level, Rule, Severity};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// Where a diagnostic points, as a path relative to `base` and 1-based
/// line/column ranges (for chapters).
struct Place {
    file: String,
    start: Option<(usize, usize)>,
    end: Option<(usize, usize)>,
}

fn place(report: &Report, d: &Diagnostic, base: &Path) -> Place {
    match &d.location {
        Location::Chapter {
            file,
            span,
            line,
            column,
        } => {
            let source = &report.files[*file];
            Place {
                file: path_for_tools(base, &source.name),
                start: Some((*line, *column)),
                end: Some(source.line_column(span.end)),
            }
        }
        Location::Store(origin) => Place {
            file: path_for_tools(base, &origin.file.display().to_string()),
            start: None,
            end: None,
        },
    }
}

/// `name` (relative to the book root) as the forward-slash path CI tools
/// resolve: relative to `base`, the directory they resolve paths against.
fn path_for_tools(base: &Path, name: &str) -> String {
    let joined = base.join(name);
    let text = joined.display().to_string().replace('\\', "/");
    text.strip_prefix("./").unwrap_or(&text).to_owned()
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The run as a SARIF 2.1.0 log. Paths are relative to `base` (the
/// repository root, for code-scanning upload).
pub(crate) fn sarif(report: &Report, base: &Path) -> Value {
    let rules: Vec<Value> = Rule::ALL
        .iter()
        .map(|rule| {
            json!({
                "id": rule.id(),
                "shortDescription": { "text": rule.id() },
                "help": { "text": rule.help() },
                "defaultConfiguration": {
                    "level": match rule.default_level() {
                        Level::Error => "error",
                        Level::Warn => "warning",
                        Level::Off => "none",
                    },
                    "enabled": rule.default_level() != Level::Off,
                },
            })
        })
        .collect();
    let result = |d: &Diagnostic, suppression: Option<&str>| {
        let place = place(report, d, base);
        let mut physical = json!({ "artifactLocation": { "uri": place.file } });
        if let (Some((line, column)), Some((end_line, end_column))) = (place.start, place.end) {
            physical["region"] = json!({
                "startLine": line, "startColumn": column,
                "endLine": end_line, "endColumn": end_column,
            });
        }
        let mut out = json!({
            "ruleId": d.rule.id(),
            "ruleIndex": Rule::ALL.iter().position(|r| *r == d.rule).unwrap_or(0),
            "level": sarif_level(d.severity),
            "message": { "text": d.message },
            "locations": [{ "physicalLocation": physical }],
        });
        if let Some(reason) = suppression {
            out["suppressions"] = json!([{ "kind": "inSource", "justification": reason }]);
        }
        out
    };
    let results: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| result(d, None))
        .chain(report.suppressed.iter().map(|(d, r)| result(d, Some(r))))
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "mdbook-evidence",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://github.com/mdbook-evidence/mdbook-evidence",
                "rules": rules,
            }},
            "results": results,
        }],
    })
}

/// GitHub Actions workflow commands, one `::error …::` or `::warning …::`
/// line per diagnostic.
pub(crate) fn github(report: &Report, base: &Path) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        let place = place(report, d, base);
        let kind = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut props = format!("file={}", property(&place.file));
        if let (Some((line, col)), Some((end_line, end_col))) = (place.start, place.end) {
            let _ = write!(props, ",line={line},col={col},endLine={end_line}");
            if end_line == line {
                let _ = write!(props, ",endColumn={end_col}");
            }
        }
        let _ = writeln!(
            out,
            "::{kind} {props},title={}::{}",
            property(&format!("mdbook-evidence {}", d.rule.id())),
            data(&d.message)
        );
    }
    out
}

/// The step summary: a markdown table of every diagnostic (GitHub shows
/// only the first few annotations of a step).
pub(crate) fn step_summary(report: &Report, base: &Path) -> String {
    let mut out = String::from("## mdbook-evidence\n\n");
    if report.diagnostics.is_empty() {
        out.push_str("No violations.\n");
    } else {
        out.push_str("| severity | rule | location | message |\n|---|---|---|---|\n");
        for d in &report.diagnostics {
            let place = place(report, d, base);
            let location = match place.start {
                Some((line, col)) => format!("{}:{line}:{col}", place.file),
                None => place.file,
            };
            let _ = writeln!(
                out,
                "| {} | `{}` | `{}` | {} |",
                d.severity,
                d.rule.id(),
                location.replace('`', "'"),
                crate::render::escape::markdown(&d.message)
            );
        }
    }
    if !report.suppressed.is_empty() {
        let _ = writeln!(
            out,
            "\n{} suppressed by `evidence-disable-next-line` comments:\n",
            report.suppressed.len()
        );
        for (d, reason) in &report.suppressed {
            let place = place(report, d, base);
            let _ = writeln!(
                out,
                "- `{}` at `{}:{}`: {}",
                d.rule.id(),
                place.file,
                place.start.map_or(0, |s| s.0),
                crate::render::escape::markdown(reason)
            );
        }
    }
    out
}

/// Escapes workflow-command data (the message).
fn data(text: &str) -> String {
    super::human::terminal_safe(text)
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

    #[test]
    fn workflow_command_escaping() {
        assert_eq!(data("50% of a\nb"), "50%25 of a%0Ab");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
