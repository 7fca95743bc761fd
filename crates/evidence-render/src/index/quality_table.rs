//! The quality table of the evidence index: the five quality metrics of
//! each chapter with claims, and of the book, each against its target, as
//! the JSON report gives them (the same function computes both, from the
//! same inputs, so the page and the report never differ).
//!
//! A missed target is marked ✗ only where the build warned of it (the
//! chapter has at least `min-claims` claims, the rule is on and no
//! suppression comment silenced it): a reader is shown no QA mark the team
//! was never shown. `quality-table = false`
//! leaves the table out.

use crate::plan::RenderPlan;
use evidence_core::config::Config;

use evidence_core::escape;
use evidence_core::rule::Rule;
use evidence_rules::quality_metrics::{Metric, Quality, quality};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The metrics of the chapters with claims (by their position among the
/// index's pages) and of the book.
#[derive(Debug)]
pub(super) struct QualityTable {
    /// Each chapter with something measured, in book order, with the
    /// metrics the build warned of.
    rows: Vec<(usize, Quality, Warned)>,
    /// The book's metrics (the report's `totals.quality`).
    book: Quality,
}

impl QualityTable {
    /// The table of the chapters of `plans` (one per page, in book order),
    /// or `None` when no chapter has a claim.
    pub(super) fn new(plans: &[RenderPlan<'_>], config: &Config) -> Option<QualityTable> {
        let targets = &config.quality;
        let rows: Vec<(usize, Quality, Warned)> = plans
            .iter()
            .enumerate()
            .filter_map(|(page, plan)| {
                let inputs = plan.quality.as_ref()?;
                let chapter = quality(Some(inputs), targets);
                chapter.citation_coverage.value?;
                // What the build reported, not the rules run again: a target
                // finding a suppression comment silenced was not warned of.
                let warned = METRIC_RULES.map(|rule| plan.reported.contains(&rule));
                Some((page, chapter, warned))
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
            "*Citation quality by chapter: coverage of sentences, accuracy of citations, domains cited, mean tier authority, disagreement rate (✓ target met, ✗ target missed and the build warned)*",
        );
        out.push_str(newline);
        out.push_str(newline);
        // The targets in a line of their own, so that the columns stay
        // narrow enough for a phone.
        let b = &self.book;
        let _ = write!(
            out,
            "*Targets: coverage {}, accuracy {}, domains {}, authority {}, disagreement {}*{newline}{newline}",
            escape::markdown(&b.citation_coverage.target),
            escape::markdown(&b.citation_accuracy.target),
            escape::markdown(&b.source_diversity.target),
            escape::markdown(&b.authority_score.target),
            escape::markdown(&b.disagreement_rate.target),
        );
        out.push_str("| Chapter | Coverage | Accuracy | Domains | Authority | Disagreement |");
        out.push_str(newline);
        out.push_str("|---|--:|--:|--:|--:|--:|");
        for (page, chapter, warned) in &self.rows {
            let (name, path) = &pages[*page];
            let link = format!(
                "[{}](<{}>)",
                escape::markdown(name),
                super::link_path(here, path)
            );
            row(&mut out, &link, chapter, *warned, newline);
        }
        // No rule judges the book as a whole: its misses carry no ✗.
        row(&mut out, "**Book**", &self.book, [false; 5], newline);
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
                    evidence_rules::quality::count(j.citations, "citation")
                )
            })
            .collect();
        format!("Accuracy by the support verdicts of {}", judges.join(", "))
    } else {
        "Accuracy not measured: no citation has a support verdict".to_owned()
    }
}

/// Whether the build warned of each metric, in the table's order.
type Warned = [bool; 5];

/// The rule that warns of each metric, in the table's order.
const METRIC_RULES: [Rule; 5] = [
    Rule::LowCitationCoverage,
    Rule::LowCitationAccuracy,
    Rule::LowSourceDiversity,
    Rule::LowSourceAuthority,
    Rule::HighDisagreementRate,
];

/// One row: the chapter's cell, then each metric.
fn row(out: &mut String, first: &str, q: &Quality, warned: Warned, newline: &str) {
    let _ = write!(
        out,
        "{newline}| {first} | {} | {} | {} | {} | {} |",
        cell(&q.citation_coverage, percent, "—", warned[0]),
        cell(&q.citation_accuracy, percent, "not measured", warned[1]),
        cell(&q.source_diversity, number, "—", warned[2]),
        cell(&q.authority_score, number, "—", warned[3]),
        cell(&q.disagreement_rate, percent, "—", warned[4]),
    );
}

/// A metric's cell: its value as the JSON report has it (a share as a
/// percentage to a tenth, which the report's three decimals give
/// exactly) and whether it meets its target (a miss marked only when
/// `warned`); `none` when nothing is measured.
fn cell(metric: &Metric, show: fn(f64) -> String, none: &str, warned: bool) -> String {
    let Some(value) = metric.value else {
        return escape::markdown(none);
    };
    let mark = match metric.meets_target {
        Some(true) => " ✓",
        Some(false) if warned => " ✗",
        _ => "",
    };
    escape::markdown(&format!("{}{mark}", show(value)))
}

/// A count or a mean as the JSON report writes it (`7`, `0.81`).
fn number(value: f64) -> String {
    format!("{value}")
}

/// A share as a percentage (`90.9%`).
fn percent(share: f64) -> String {
    evidence_rules::quality::percent(share)
}
