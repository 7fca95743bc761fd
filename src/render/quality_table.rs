//! The quality table of the evidence index: the five quality metrics of
//! each chapter with claims, and of the book, each against its target, as
//! the JSON report gives them (the same function computes both, from the
//! same inputs, so the page and the report never differ).

use super::escape;
use super::plan::RenderPlan;
use crate::config::QualityTargets;
use crate::report::quality::{Metric, Quality, quality};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The metrics of the chapters with claims (by their position among the
/// index's pages) and of the book.
#[derive(Debug)]
pub(super) struct QualityTable {
    /// Each chapter with something measured, in book order.
    rows: Vec<(usize, Quality)>,
    /// The book's metrics (the report's `totals.quality`).
    book: Quality,
}

impl QualityTable {
    /// The table of the chapters of `plans` (one per page, in book order),
    /// or `None` when no chapter has a claim.
    pub(super) fn new(plans: &[RenderPlan<'_>], targets: &QualityTargets) -> Option<QualityTable> {
        let rows: Vec<(usize, Quality)> = plans
            .iter()
            .enumerate()
            .filter_map(|(page, plan)| {
                let chapter = quality(plan.quality.as_ref(), targets);
                chapter
                    .citation_coverage
                    .value
                    .is_some()
                    .then_some((page, chapter))
            })
            .collect();
        if rows.is_empty() {
            return None;
        }
        let book = quality(plans.iter().filter_map(|p| p.quality.as_ref()), targets);
        Some(QualityTable { rows, book })
    }

    /// The table in markdown, with its caption, for the page at `here`
    /// (chapter links are relative to it), without a final line break.
    pub(super) fn markdown(
        &self,
        pages: &[(String, PathBuf)],
        here: &Path,
        newline: &str,
    ) -> String {
        // Emphasis alone, without a full stop: a label, not a claim.
        let mut out = String::from(
            "*Citation quality by chapter: coverage of sentences, accuracy of citations, domains cited, mean tier authority, disagreement rate, each against its target (✓ met, ✗ missed)*",
        );
        out.push_str(newline);
        out.push_str(newline);
        let b = &self.book;
        let _ = write!(
            out,
            "| Chapter | Coverage ({}) | Accuracy ({}) | Domains ({}) | Authority ({}) | Disagreement ({}) |{newline}|---|--:|--:|--:|--:|--:|",
            escape::markdown(&b.citation_coverage.target),
            escape::markdown(&b.citation_accuracy.target),
            escape::markdown(&b.source_diversity.target),
            escape::markdown(&b.authority_score.target),
            escape::markdown(&b.disagreement_rate.target),
        );
        for (page, chapter) in &self.rows {
            let (name, path) = &pages[*page];
            let link = format!(
                "[{}](<{}>)",
                escape::markdown(name),
                super::index::link_path(here, path)
            );
            row(&mut out, &link, chapter, newline);
        }
        row(&mut out, "**Book**", &self.book, newline);
        out.push_str(newline);
        out.push_str(newline);
        // Emphasis alone, like the caption: a label, not a claim.
        let _ = write!(out, "*{}*", escape::markdown(&judged_by(&self.book)));
        out
    }
}

/// The line under the table that says who judged accuracy, without a
/// full stop (a label): the checkers of the verdicts and the citations
/// each judged, or that accuracy was not measured (the lexical screen is
/// not shown to readers: it is no measure of accuracy).
fn judged_by(book: &Quality) -> String {
    let accuracy = &book.citation_accuracy;
    if accuracy.value.is_some() {
        let judges: Vec<String> = accuracy
            .judged_by
            .iter()
            .flatten()
            .map(|j| {
                format!(
                    "{} ({})",
                    j.checker,
                    crate::rules::quality::count(j.citations, "citation")
                )
            })
            .collect();
        format!("Accuracy by the support verdicts of {}", judges.join(", "))
    } else {
        "Accuracy not measured: no citation has a support verdict".to_owned()
    }
}

/// One row: the chapter's cell, then each metric.
fn row(out: &mut String, first: &str, q: &Quality, newline: &str) {
    let _ = write!(
        out,
        "{newline}| {first} | {} | {} | {} | {} | {} |",
        cell(&q.citation_coverage, percent, "—"),
        cell(&q.citation_accuracy, percent, "not measured"),
        cell(&q.source_diversity, number, "—"),
        cell(&q.authority_score, number, "—"),
        cell(&q.disagreement_rate, percent, "—"),
    );
}

/// A metric's cell: its value as the JSON report has it (a share as a
/// percentage to a tenth, which the report's three decimals give
/// exactly) and whether it meets its target; `none` when nothing is
/// measured.
fn cell(metric: &Metric, show: fn(f64) -> String, none: &str) -> String {
    let Some(value) = metric.value else {
        return escape::markdown(none);
    };
    let mark = match metric.meets_target {
        Some(true) => " ✓",
        Some(false) => " ✗",
        None => "",
    };
    escape::markdown(&format!("{}{mark}", show(value)))
}

/// A count or a mean as the JSON report writes it (`7`, `0.81`).
fn number(value: f64) -> String {
    format!("{value}")
}

/// A share as a percentage (`90.9%`).
fn percent(share: f64) -> String {
    crate::rules::quality::percent(share)
}
