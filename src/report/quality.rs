//! The contracts' five quality metrics, per chapter and for the book, each
//! with its inputs and its target: citation coverage (sentences with a
//! citation; target: above 80%), citation accuracy (citations their
//! passage supports; above 90%), source diversity (distinct domains; more
//! than 3), authority (mean tier authority of the cited items; above 0.7)
//! and disagreement rate (claims citing items that contradict each other;
//! below 20%). The guide's accuracy page defines each.

use super::ChapterSummary;
use crate::rules::SupportFigures;
use crate::rules::quality::QualityInputs;
use serde::Serialize;

/// The five metrics.
#[derive(Debug, Serialize)]
pub(crate) struct Quality {
    pub citation_coverage: Metric,
    pub citation_accuracy: Metric,
    pub source_diversity: Metric,
    pub authority_score: Metric,
    pub disagreement_rate: Metric,
}

impl Default for Quality {
    /// The metrics of no chapter: nothing measured.
    fn default() -> Self {
        quality([])
    }
}

/// One metric: its value (`null` when there is nothing to measure), the
/// contract's target, whether the value meets it, and what it was
/// computed from.
#[derive(Debug, Serialize)]
pub(crate) struct Metric {
    pub value: Option<f64>,
    pub target: &'static str,
    pub meets_target: Option<bool>,
    /// How the value was found, when there is more than one way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<&'static str>,
    pub inputs: serde_json::Value,
}

/// The metrics of `chapters` taken together (one chapter, or the book).
pub(crate) fn quality<'c>(chapters: impl IntoIterator<Item = &'c ChapterSummary>) -> Quality {
    let mut inputs = QualityInputs::default();
    let mut support = SupportFigures::default();
    let (mut claims, mut cited_claims) = (0, 0);
    for chapter in chapters.into_iter().filter(|c| c.checked) {
        inputs += &chapter.quality;
        support += chapter.support.clone();
        claims += chapter.claims;
        cited_claims += chapter.grounded_claims;
    }
    let share = |part: usize, whole: usize| (whole > 0).then(|| round(part as f64 / whole as f64));
    let coverage = share(inputs.cited_sentences, inputs.sentences);
    let (accuracy, basis) = if support.verdicts > 0 {
        (
            share(
                support.verdicts - support.unsupported.min(support.verdicts),
                support.verdicts,
            ),
            "verdicts",
        )
    } else {
        (
            share(
                support.citations_checked - support.flagged_claims.min(support.citations_checked),
                support.citations_checked,
            ),
            "estimate",
        )
    };
    let authority = (inputs.items > 0).then(|| round(inputs.authority_sum / inputs.items as f64));
    let disagreement = share(inputs.disagreeing_claims, claims);
    let domains = inputs.hosts.len();
    Quality {
        citation_coverage: Metric {
            value: coverage,
            target: "> 80%",
            meets_target: coverage.map(|v| v > 0.8),
            basis: None,
            inputs: serde_json::json!({
                "sentences": inputs.sentences,
                "cited_sentences": inputs.cited_sentences,
                "claims": claims,
                "cited_claims": cited_claims,
            }),
        },
        citation_accuracy: Metric {
            value: accuracy,
            target: "> 90%",
            meets_target: accuracy.map(|v| v > 0.9),
            basis: accuracy.is_some().then_some(basis),
            inputs: serde_json::json!({
                "verdicts": support.verdicts,
                "unsupported": support.unsupported,
                "citations_checked": support.citations_checked,
                "flagged_claims": support.flagged_claims,
            }),
        },
        source_diversity: Metric {
            value: (inputs.items > 0).then_some(domains as f64),
            target: "> 3",
            meets_target: (inputs.items > 0).then_some(domains > 3),
            basis: None,
            inputs: serde_json::json!({
                "domains": domains,
                "publishers": inputs.publishers.len(),
            }),
        },
        authority_score: Metric {
            value: authority,
            target: "> 0.7",
            meets_target: authority.map(|v| v > 0.7),
            basis: None,
            inputs: serde_json::json!({
                "items": inputs.items,
                "tier_authority": { "1": 1.0, "2": 0.8, "3": 0.5, "4": 0.2 },
            }),
        },
        disagreement_rate: Metric {
            value: disagreement,
            target: "< 20%",
            meets_target: disagreement.map(|v| v < 0.2),
            basis: None,
            inputs: serde_json::json!({
                "claims": claims,
                "disagreeing_claims": inputs.disagreeing_claims,
            }),
        },
    }
}

/// The book's metrics in one line, or `None` when no chapter was checked
/// that has a claim.
pub(crate) fn line(quality: &Quality) -> Option<String> {
    let coverage = quality.citation_coverage.value?;
    let pct = |v: f64| format!("{:.0}%", v * 100.0);
    let mut parts = vec![format!(
        "citation coverage {} of sentences (target > 80%)",
        pct(coverage)
    )];
    if let Some(accuracy) = quality.citation_accuracy.value {
        let how = match quality.citation_accuracy.basis {
            Some("verdicts") => "by your checker's verdicts",
            _ => "estimated from word overlap",
        };
        parts.push(format!("accuracy {} {how} (> 90%)", pct(accuracy)));
    }
    if let Some(domains) = quality.source_diversity.value {
        parts.push(format!("{domains:.0} source domains (> 3)"));
    }
    if let Some(authority) = quality.authority_score.value {
        parts.push(format!("authority {authority:.2} (> 0.7)"));
    }
    if let Some(disagreement) = quality.disagreement_rate.value {
        parts.push(format!("disagreement {} (< 20%)", pct(disagreement)));
    }
    Some(format!("mdbook-evidence: quality: {}", parts.join("; ")))
}

/// `value` to three decimals, so reports compare as text.
fn round(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}
