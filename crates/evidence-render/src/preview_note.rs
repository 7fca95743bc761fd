//! The note an `mdbook serve` preview puts at the top of a chapter that
//! `mdbook build` would stop on (see `crate::preview`, which decides
//! when a run is a preview).

use crate::plan::RenderPlan;
use evidence_core::rule::Level;
use evidence_rules::Judged;

impl RenderPlan<'_> {
    /// Plans the preview note at `offset` (under the first heading) of the
    /// chapter `text`, listing each of `findings` at level `error`; none
    /// when there is none.
    pub fn preview_note(&mut self, text: &str, offset: usize, findings: &[Judged]) {
        let errors: Vec<(usize, &str, &str)> = findings
            .iter()
            .filter(|j| j.level == Level::Error)
            .map(|j| {
                let (line, _) = evidence_core::source_map::line_column(text, j.finding.span.start);
                (line, j.finding.rule.id(), j.finding.message.as_str())
            })
            .collect();
        if !errors.is_empty() {
            self.preview = Some((offset, note_lines(&errors)));
        }
    }
}

/// The lines of the note at the top of a chapter that `mdbook build` would
/// stop on: each error `(line, rule, message)`, escaped for markdown.
fn note_lines(errors: &[(usize, &str, &str)]) -> Vec<String> {
    let mut lines = vec![
        "> [!CAUTION]".to_owned(),
        format!(
            "> **Preview:** `mdbook build` stops on this chapter ({}); what it reports:",
            match errors.len() {
                1 => "1 error".to_owned(),
                n => format!("{n} errors"),
            }
        ),
        ">".to_owned(),
    ];
    lines.extend(errors.iter().map(|(line, rule, message)| {
        format!(
            "> - line {line}, `{rule}`: {}",
            evidence_core::escape::markdown(message)
        )
    }));
    lines
}
