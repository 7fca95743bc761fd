//! The human output: diagnostics drawn the way rustc draws them, and the
//! one-line verdict that closes a run.

use crate::{Diagnostic, Location, Outcome, PathStyle, Report};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{self, Files, SimpleFiles};
use codespan_reporting::term::{self, termcolor::WriteColor};
use evidence_core::config::Mode;
pub use evidence_core::display::counted;
use evidence_core::display::plural;
use evidence_core::display::stream::{inert_line, inert_source};
use evidence_core::rule::Severity;
use evidence_rules::{RuleDocs, SupportFigures};
use std::collections::HashMap;
use std::ops::Range;

/// A line longer than this (in bytes) is shown as a window around the
/// span, not whole: one long line with many findings would otherwise be
/// printed once per finding.
const LONG_LINE: usize = 300;
/// Diagnostics shown for one line of one file; the rest are counted.
const PER_LINE: usize = 10;

impl Report {
    /// Writes every diagnostic, rustc style, to `out`. Text from chapters
    /// is drawn inert ([`inert_source`]), and every other text from an
    /// input (file names, messages, claims) kept on its line
    /// ([`inert_line`]); a
    /// long line is shown as a window around the span; after `PER_LINE`
    /// diagnostics on one line the rest are counted in one closing note.
    /// Files are named by `paths`; the notes about files close the list.
    pub(crate) fn emit_human(
        &self,
        paths: &PathStyle,
        out: &mut dyn WriteColor,
    ) -> std::io::Result<()> {
        let mut files = SimpleFiles::new();
        let names: Vec<String> = self
            .files
            .iter()
            .map(|f| inert_line(&paths.show(std::path::Path::new(&f.name))))
            .collect();
        let texts: Vec<String> = self.files.iter().map(|f| inert_source(&f.text)).collect();
        for (name, text) in names.iter().zip(&texts) {
            files.add(name.as_str(), text.as_str());
        }
        let config = term::Config::default();
        let mut per_line: HashMap<(usize, usize), usize> = HashMap::new();
        let mut hidden: Vec<(usize, usize, usize)> = Vec::new();
        for diagnostic in &self.diagnostics {
            let extra_help = match &diagnostic.location {
                Location::Chapter { file, span, .. } => diagnostic.rule.terminal_help(
                    &self.files[*file].text,
                    span.clone(),
                    &diagnostic.message,
                ),
                Location::Store(_) => None,
            };
            let cs = to_codespan(diagnostic, &names, paths, extra_help);
            let emitted = match &diagnostic.location {
                Location::Chapter {
                    file,
                    span,
                    line,
                    column,
                } => {
                    let shown = per_line.entry((*file, *line)).or_default();
                    *shown += 1;
                    if *shown > PER_LINE {
                        match hidden
                            .iter_mut()
                            .find(|(f, l, _)| (*f, *l) == (*file, *line))
                        {
                            Some((_, _, n)) => *n += 1,
                            None => hidden.push((*file, *line, 1)),
                        }
                        continue;
                    }
                    let text = &texts[*file];
                    match Window::around(&names[*file], text, span.clone(), *line, *column) {
                        Some((window, span)) => {
                            let cs = relabel(cs, span);
                            term::emit_to_write_style(out, &config, &window, &cs)
                        }
                        None => term::emit_to_write_style(out, &config, &files, &cs),
                    }
                }
                Location::Store(_) => term::emit_to_write_style(out, &config, &files, &cs),
            };
            emitted.map_err(std::io::Error::other)?;
        }
        for (file, line, n) in hidden {
            writeln!(
                out,
                "note: {n} more {} on {}:{line} not shown here (the JSON report lists every one)\n",
                plural(n, "diagnostic", "diagnostics"),
                names[file]
            )?;
        }
        for note in &self.notes {
            writeln!(
                out,
                "note: {}: {}\n",
                names[note.file],
                inert_line(&note.message)
            )?;
        }
        Ok(())
    }
}

/// The part of a long line around a span, as codespan-reporting reads a
/// file: one line, numbered and columned as in the real file.
pub(super) struct Window<'a> {
    name: &'a str,
    text: String,
    /// The real line number.
    line: usize,
    /// The real 1-based column of the window's first character after its
    /// leading ellipsis.
    column: usize,
    /// Bytes of the leading ellipsis (0 when the window starts the line).
    lead: usize,
}

impl<'a> Window<'a> {
    /// The window of the line holding `span.start`, when that line is
    /// longer than [`LONG_LINE`], with the span moved into it.
    pub(super) fn around(
        name: &'a str,
        text: &str,
        span: Range<usize>,
        line: usize,
        column: usize,
    ) -> Option<(Window<'a>, Range<usize>)> {
        let start = text.floor_char_boundary(span.start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if line_end - line_start <= LONG_LINE {
            return None;
        }
        let from = text.floor_char_boundary(start.saturating_sub(60).max(line_start));
        let to = text.ceil_char_boundary((start + 200).min(line_end));
        let lead = if from > line_start { "… " } else { "" };
        let tail = if to < line_end { " …" } else { "" };
        let window = Window {
            name,
            text: format!("{lead}{}{tail}", &text[from..to]),
            line,
            column: column.saturating_sub(columns(&text[from..start])),
            lead: lead.len(),
        };
        let end = text.floor_char_boundary(span.end.clamp(start, to));
        let moved = (start - from + lead.len())..(end - from + lead.len());
        Some((window, moved))
    }
}

/// The columns `text` spans, counted as [`evidence_core::source_map::line_column`]
/// counts them: in characters, a byte-order mark (U+FEFF, which may stand
/// anywhere in a line) not counted.
fn columns(text: &str) -> usize {
    text.chars().filter(|&c| c != '\u{feff}').count()
}

impl<'a> Files<'a> for Window<'_> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, _: usize) -> Result<&'a str, files::Error> {
        Ok(self.name)
    }

    fn source(&'a self, _: usize) -> Result<&'a str, files::Error> {
        Ok(&self.text)
    }

    fn line_index(&'a self, _: usize, _: usize) -> Result<usize, files::Error> {
        Ok(0)
    }

    fn line_number(&'a self, _: usize, _: usize) -> Result<usize, files::Error> {
        Ok(self.line)
    }

    fn column_number(&'a self, _: usize, _: usize, byte: usize) -> Result<usize, files::Error> {
        let byte = self.text.floor_char_boundary(byte.max(self.lead));
        Ok(self.column + columns(&self.text[self.lead..byte]))
    }

    fn line_range(&'a self, _: usize, _: usize) -> Result<Range<usize>, files::Error> {
        Ok(0..self.text.len())
    }
}

/// The diagnostic with its primary label moved to `span` of a window.
pub(super) fn relabel(mut cs: CsDiagnostic<usize>, span: Range<usize>) -> CsDiagnostic<usize> {
    for label in &mut cs.labels {
        label.range = span.clone();
    }
    cs
}

/// A diagnostic as codespan-reporting draws it: the span underlined in its
/// file (`names` are the report's files as shown), a store location, the
/// chapter that included the file, the claim, the rule's help and its page
/// in the guide as notes.
fn to_codespan(
    d: &Diagnostic,
    names: &[String],
    paths: &PathStyle,
    extra_help: Option<&str>,
) -> CsDiagnostic<usize> {
    let base = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
    };
    let mut notes = Vec::new();
    let mut labels = Vec::new();
    match &d.location {
        Location::Chapter { file, span, .. } => {
            let label = Label::primary(*file, span.clone());
            labels.push(match d.rule.terminal_label() {
                Some(words) => label.with_message(words),
                None => label,
            });
        }
        Location::Store(origin) => notes.push(inert_line(&format!(
            "in {} ({})",
            paths.show(&origin.file),
            origin.json_path
        ))),
    }
    if let Some(inclusion) = d.included_by {
        notes.push(format!(
            "included by {}:{}:{}",
            names[inclusion.file], inclusion.line, inclusion.column
        ));
    }
    if let Some(claim) = &d.claim {
        notes.push(inert_line(&format!("claim: \"{claim}\"")));
    }
    notes.push(format!("help: {}", d.rule.help()));
    if let Some(extra) = extra_help {
        notes.push(format!("help: {extra}"));
    }
    notes.push(format!("see: {}", d.rule.guide_url()));
    base.with_code(d.rule.id())
        .with_message(inert_line(&d.message))
        .with_labels(labels)
        .with_notes(notes)
}

/// A colour-capable stderr: colour only on a terminal, and never when
/// `no_color` (`NO_COLOR` is set, <https://no-color.org>). Buffered
/// (stderr is not): a diagnostic is dozens of small writes, and a book
/// with thousands of them spent most of its run in `write` calls. Flush
/// it when done.
pub(crate) fn stderr(no_color: bool) -> term::termcolor::BufferedStandardStream {
    use std::io::IsTerminal;
    let choice = colour_choice(std::io::stderr().is_terminal(), no_color);
    term::termcolor::BufferedStandardStream::stderr(choice)
}

/// Colour on a `terminal`, unless `no_color`.
fn colour_choice(terminal: bool, no_color: bool) -> term::termcolor::ColorChoice {
    if terminal && !no_color {
        term::termcolor::ColorChoice::Auto
    } else {
        term::termcolor::ColorChoice::Never
    }
}

/// What ran: a build, which does what its mode says, or `check`, which
/// builds nothing and so says what `mdbook build` would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// `mdbook build` or `mdbook serve`.
    Build,
    /// `mdbook-evidence check`; with `--deny-removals`, a removed claim
    /// fails the check.
    Check {
        /// `--deny-removals`.
        deny_removals: bool,
    },
}

/// Writes the one-line verdict after the diagnostics (`on_ci`: run by a
/// CI system), and under it, when citations were checked against a
/// passage, a line of the support figures (`support_line`).
pub(crate) fn emit_summary(
    outcome: &Outcome,
    mode: Mode,
    run: Run,
    on_ci: bool,
    out: &mut dyn WriteColor,
) -> std::io::Result<()> {
    let report = &outcome.report;
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    if errors == 0 && warnings == 0 {
        return Ok(());
    }
    let mut line = format!("mdbook-evidence: {}", finding_counts(report));
    if let Some(done) = what_the_build_does(outcome, mode, run, on_ci) {
        line.push_str("; ");
        line.push_str(&done);
    }
    let mut spec = term::termcolor::ColorSpec::new();
    spec.set_bold(true);
    out.set_color(&spec)?;
    writeln!(out, "{line}")?;
    out.reset()?;
    if let Some(support) = support_line(report) {
        writeln!(out, "{support}")?;
    }
    if let Some(quality) = evidence_rules::quality_metrics::line(&crate::quality::of_chapters(
        &report.chapters,
        &report.quality_targets,
    )) {
        // Checker names come from the verdicts.
        writeln!(out, "{}", inert_line(&quality))?;
    }
    Ok(())
}

/// `2 errors and 1 warning (1 suppressed) in 1 chapter`.
fn finding_counts(report: &crate::Report) -> String {
    let mut counts = Vec::new();
    for (severity, one, many) in [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
    ] {
        let n = report.count(severity);
        if n > 0 {
            counts.push(counted(n, one, many));
        }
    }
    let mut counts = counts.join(" and ");
    if !report.suppressed.is_empty() {
        counts.push_str(&format!(" ({} suppressed)", report.suppressed.len()));
    }
    let chapters = report.chapters.iter().filter(|c| c.errors > 0).count();
    if chapters > 0 {
        counts.push_str(&format!(" in {}", counted(chapters, "chapter", "chapters")));
    }
    counts
}

/// What the build does with these findings (`the build stops (mode =
/// "fail")`), or for `check`, what it would do (`` `mdbook build` would
/// stop (mode = "fail") ``); none when it publishes the book unchanged
/// but for the diagnostics.
fn what_the_build_does(outcome: &Outcome, mode: Mode, run: Run, on_ci: bool) -> Option<String> {
    let report = &outcome.report;
    let check = matches!(run, Run::Check { .. });
    let (stops, publishes, removes) = if check {
        (
            "`mdbook build` would stop",
            "`mdbook build` would publish",
            "`mdbook build` would remove",
        )
    } else {
        ("the build stops", "published", "removed")
    };
    let downgraded = report.chapters.iter().filter(|c| c.downgraded).count();
    let banner = |setting: &str| {
        let chapters = counted(downgraded, "chapter", "chapters");
        if check {
            format!(
                "{publishes} {chapters} under the Unverified Summary banner ({setting} = \"downgrade\")"
            )
        } else {
            format!(
                "{chapters} {publishes} under the Unverified Summary banner ({setting} = \"downgrade\")"
            )
        }
    };
    let line = match mode {
        Mode::Fail if report.count(Severity::Error) > 0 => {
            let mut line = format!("{stops} (mode = \"fail\")");
            // Nobody runs `mdbook serve` on a CI runner: there, the hint is noise.
            if !on_ci {
                line.push_str(
                    ". `mdbook serve` shows the failing chapters with their errors at the top",
                );
            }
            line
        }
        Mode::Downgrade if downgraded > 0 => banner("mode"),
        Mode::Warn if check => format!("{publishes} the book as written (mode = \"warn\")"),
        Mode::Warn => "published as written (mode = \"warn\")".to_owned(),
        Mode::Remove => {
            let claims = counted(report.removed_claims(), "claim", "claims");
            let mut line = if check {
                format!("{removes} {claims} (mode = \"remove\")")
            } else {
                format!("{claims} {removes} (mode = \"remove\")")
            };
            if run
                == (Run::Check {
                    deny_removals: true,
                })
                && report.removed_claims() > 0
            {
                line.push_str("; the check fails (deny-removals)");
            }
            if outcome.failed {
                line.push_str(&format!("; {stops} (escalate = \"fail\")"));
            } else if downgraded > 0 {
                line.push_str(&format!("; {}", banner("escalate")));
            }
            line
        }
        _ => return None,
    };
    Some(line)
}

/// The book's support figures (the JSON report's `totals.support`) in one
/// line: citations checked against a passage, claims flagged by
/// `claim-not-in-evidence`, and the stored verdicts, when there are any;
/// `None` when no cited item had a passage.
pub(crate) fn support_line(report: &Report) -> Option<String> {
    let mut figures = SupportFigures::default();
    for chapter in &report.chapters {
        figures += chapter.support.clone();
    }
    if figures.citations_checked == 0 {
        return None;
    }
    let checked = figures.citations_checked;
    let flagged = figures.flagged_claims;
    let mut line = format!(
        "mdbook-evidence: {checked} {} compared with the passage cited; {flagged} {} too few of {} words (claim-not-in-evidence)",
        plural(checked, "citation", "citations"),
        plural(flagged, "claim shares", "claims share"),
        plural(flagged, "its", "their"),
    );
    if figures.verdicts > 0 || figures.stale > 0 {
        line.push_str(&format!(
            "; your support checker's verdicts: {} current ({} unsupported), {} stale",
            figures.verdicts, figures.unsupported, figures.stale
        ));
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::term::termcolor::NoColor;
    use evidence_core::rule::Rule;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        use term::termcolor::ColorChoice;
        assert_eq!(colour_choice(true, false), ColorChoice::Auto);
        assert_eq!(colour_choice(true, true), ColorChoice::Never);
        assert_eq!(colour_choice(false, false), ColorChoice::Never);
    }

    #[test]
    fn human_output_has_rule_location_caret_and_help() {
        let report = crate::test_report::one_ungrounded_claim();
        let mut out = NoColor::new(Vec::new());
        let paths =
            PathStyle::from_current_dir(std::path::Path::new("/b"), std::path::Path::new("/b"));
        report.emit_human(&paths, &mut out).unwrap();
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

    /// The hint at `mdbook serve` after a failing build is left out on CI,
    /// as the environment passed in says (never the process's).
    #[test]
    fn a_failing_build_points_at_serve_except_on_ci() {
        let outcome = Outcome::new(crate::test_report::one_ungrounded_claim(), Mode::Fail);
        let verdict = |on_ci| {
            let mut out = NoColor::new(Vec::new());
            emit_summary(&outcome, Mode::Fail, Run::Build, on_ci, &mut out).unwrap();
            String::from_utf8(out.into_inner()).unwrap()
        };
        assert_eq!(
            verdict(false),
            "mdbook-evidence: 1 error; the build stops (mode = \"fail\"). `mdbook serve` shows the failing chapters with their errors at the top\n"
        );
        assert_eq!(
            verdict(true),
            "mdbook-evidence: 1 error; the build stops (mode = \"fail\")\n"
        );
    }

    /// A chapter with `support` and one warning.
    fn chapter(path: &str, support: SupportFigures) -> crate::ChapterSummary {
        crate::ChapterSummary {
            path: path.into(),
            checked: true,
            claims: 2,
            grounded_claims: 2,
            markers: 2,
            resolved_markers: 2,
            removed_claims: 0,
            errors: 0,
            warnings: 1,
            downgraded: false,
            verdict: evidence_rules::Verdict::Published,
            diversity: Default::default(),
            support,
            quality: Default::default(),
        }
    }

    fn summary(chapters: Vec<crate::ChapterSummary>) -> String {
        let diagnostic = Diagnostic {
            rule: Rule::ClaimNotInEvidence,
            severity: Severity::Warning,
            message: "the citation may point at the wrong item".into(),
            location: Location::Chapter {
                file: 0,
                span: 0..1,
                line: 1,
                column: 1,
            },
            claim: None,
            evidence_ids: vec![],
            removed: false,
            included_by: None,
        };
        let report = Report {
            files: vec![],
            diagnostics: vec![diagnostic],
            suppressed: vec![],
            chapters,
            notes: vec![],
            quality_targets: Default::default(),
        };
        let outcome = Outcome::new(report, Mode::Warn);
        let mut out = NoColor::new(Vec::new());
        emit_summary(&outcome, Mode::Warn, Run::Build, false, &mut out).unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }

    #[test]
    fn the_summary_carries_the_support_figures_when_passages_were_checked() {
        let figures = SupportFigures {
            citations_checked: 3,
            flagged_claims: 1,
            ..Default::default()
        };
        let verdicts = SupportFigures {
            citations_checked: 77,
            verdicts: 78,
            unsupported: 1,
            stale: 2,
            ..Default::default()
        };
        assert_eq!(
            summary(vec![
                chapter("a.md", figures),
                chapter("東京\u{a0}🎉.md", verdicts)
            ]),
            "mdbook-evidence: 1 warning; published as written (mode = \"warn\")\n\
             mdbook-evidence: 80 citations compared with the passage cited; \
             1 claim shares too few of its words (claim-not-in-evidence); \
             your support checker's verdicts: 78 current (1 unsupported), 2 stale\n"
        );
        assert_eq!(
            summary(vec![chapter(
                "a.md",
                SupportFigures {
                    citations_checked: 1,
                    ..Default::default()
                }
            )]),
            "mdbook-evidence: 1 warning; published as written (mode = \"warn\")\n\
             mdbook-evidence: 1 citation compared with the passage cited; \
             0 claims share too few of their words (claim-not-in-evidence)\n"
        );
        // No passage checked: the verdict line alone.
        assert_eq!(
            summary(vec![chapter("a.md", SupportFigures::default())]),
            "mdbook-evidence: 1 warning; published as written (mode = \"warn\")\n"
        );
    }
}
