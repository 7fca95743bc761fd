//! The human output: diagnostics drawn the way rustc draws them, and the
//! one-line verdict that closes a run.

use super::{Diagnostic, Location, Outcome, Report};
use crate::config::Mode;
use crate::rules::{Rule, Severity};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::WriteColor};

impl Report {
    /// Writes every diagnostic, rustc style, to `out`.
    pub fn emit_human(&self, out: &mut dyn WriteColor) -> std::io::Result<()> {
        let mut files = SimpleFiles::new();
        for file in &self.files {
            files.add(file.name.as_str(), file.text.as_str());
        }
        let config = term::Config::default();
        for diagnostic in &self.diagnostics {
            let cs = to_codespan(diagnostic);
            term::emit_to_write_style(out, &config, &files, &cs).map_err(std::io::Error::other)?;
        }
        Ok(())
    }
}

/// A diagnostic as codespan-reporting draws it: the span underlined in its
/// file, a store location, the claim and the rule's help as notes.
fn to_codespan(d: &Diagnostic) -> CsDiagnostic<usize> {
    let base = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
    };
    let mut notes = Vec::new();
    let mut labels = Vec::new();
    match &d.location {
        Location::Chapter { file, span, .. } => {
            let label = Label::primary(*file, span.clone());
            labels.push(match d.rule {
                Rule::UngroundedClaim => label.with_message("this claim needs evidence"),
                _ => label,
            });
        }
        Location::Store(origin) => notes.push(format!("in {origin}")),
    }
    if let Some(claim) = &d.claim {
        notes.push(format!("claim: \"{claim}\""));
    }
    notes.push(format!("help: {}", d.rule.help()));
    base.with_code(d.rule.id())
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(notes)
}

/// A colour-capable stderr: colour only on a terminal, and never when
/// `NO_COLOR` is set (<https://no-color.org>). Buffered (stderr is not): a
/// diagnostic is dozens of small writes, and a book with thousands of them
/// spent most of its run in `write` calls. Flush it when done.
pub fn stderr() -> term::termcolor::BufferedStandardStream {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    term::termcolor::BufferedStandardStream::stderr(if colour {
        term::termcolor::ColorChoice::Auto
    } else {
        term::termcolor::ColorChoice::Never
    })
}

/// Writes the one-line verdict after the diagnostics.
pub fn emit_summary(
    outcome: &Outcome,
    mode: Mode,
    out: &mut dyn WriteColor,
) -> std::io::Result<()> {
    let report = &outcome.report;
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    if errors == 0 && warnings == 0 {
        return Ok(());
    }
    let chapters = report.chapters.iter().filter(|c| c.errors > 0).count();
    let mut counts = Vec::new();
    if errors > 0 {
        counts.push(format!("{errors} {}", plural(errors, "error", "errors")));
    }
    if warnings > 0 {
        counts.push(format!(
            "{warnings} {}",
            plural(warnings, "warning", "warnings")
        ));
    }
    let mut counts = counts.join(" and ");
    if !report.suppressed.is_empty() {
        counts.push_str(&format!(" ({} suppressed)", report.suppressed.len()));
    }
    if chapters > 0 {
        counts.push_str(&format!(
            " in {chapters} {}",
            plural(chapters, "chapter", "chapters")
        ));
    }
    let downgraded = report.chapters.iter().filter(|c| c.downgraded).count();
    let line = match mode {
        Mode::Fail if errors > 0 => format!(
            "mdbook-evidence: {counts}; the build stops (mode = \"fail\"). To preview it downgraded instead: MDBOOK_PREPROCESSOR__EVIDENCE__MODE=downgrade mdbook serve"
        ),
        Mode::Downgrade if downgraded > 0 => format!(
            "mdbook-evidence: {counts}; {downgraded} {} published under the Unverified Summary banner (mode = \"downgrade\")",
            plural(downgraded, "chapter", "chapters"),
        ),
        Mode::Warn => format!("mdbook-evidence: {counts}; published as written (mode = \"warn\")"),
        Mode::Remove => {
            let removed: usize = report.chapters.iter().map(|c| c.removed_claims).sum();
            let mut line = format!(
                "mdbook-evidence: {counts}; {removed} {} removed (mode = \"remove\")",
                plural(removed, "claim", "claims")
            );
            if outcome.failed {
                line.push_str("; the build stops (escalate = \"fail\")");
            } else if downgraded > 0 {
                line.push_str(&format!(
                    "; {downgraded} {} published under the Unverified Summary banner (escalate = \"downgrade\")",
                    plural(downgraded, "chapter", "chapters")
                ));
            }
            line
        }
        _ => format!("mdbook-evidence: {counts}"),
    };
    let mut spec = term::termcolor::ColorSpec::new();
    spec.set_bold(true);
    out.set_color(&spec)?;
    writeln!(out, "{line}")?;
    out.reset()
}

/// `one` or `many`, as `n` asks.
fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::SourceFile;
    use codespan_reporting::term::termcolor::NoColor;

    #[test]
    fn human_output_has_rule_location_caret_and_help() {
        let text = "# T\n\n- The Fed held rates.\n";
        let report = Report {
            files: vec![SourceFile {
                name: "src/brief.md".into(),
                text: text.into(),
            }],
            diagnostics: vec![Diagnostic {
                rule: Rule::UngroundedClaim,
                severity: Severity::Error,
                message: "claim cites no evidence".into(),
                location: Location::Chapter {
                    file: 0,
                    span: 7..25,
                    line: 3,
                    column: 3,
                },
                claim: Some("The Fed held rates.".into()),
                evidence_ids: vec![],
                removed: false,
            }],
            suppressed: vec![],
            chapters: vec![],
        };
        let mut out = NoColor::new(Vec::new());
        report.emit_human(&mut out).unwrap();
        let out = String::from_utf8(out.into_inner()).unwrap();
        assert!(
            out.contains("error[ungrounded-claim]: claim cites no evidence"),
            "{out}"
        );
        assert!(out.contains("src/brief.md:3:3"), "{out}");
        assert!(out.contains("^^^^"), "{out}");
        assert!(out.contains("= help: cite stored evidence"), "{out}");
        assert!(out.contains("= claim: \"The Fed held rates.\""), "{out}");
    }
}
