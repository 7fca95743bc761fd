//! The five quality metrics in the reports, per chapter and for the
//! book, each with its inputs and its target: citation coverage,
//! citation accuracy, source diversity, authority and disagreement rate
//! ([`crate::quality`] computes them; the guide's accuracy page
//! defines each). Read by the reports and by the page's quality table,
//! so it sits with the rules, below both.

use crate::quality::{Figure, QualityInputs, figures};
use evidence_core::config::QualityTargets;
use serde::Serialize;

/// The five metrics, and the lexical screen (which is none of them).
#[derive(Debug, Serialize)]
pub struct Quality {
    /// The share of sentences that are claims with a citation.
    pub citation_coverage: Metric,
    /// The share of checked citations their stored verdicts call supported.
    pub citation_accuracy: Metric,
    /// How many source domains the citations come from.
    pub source_diversity: Metric,
    /// The mean authority of the cited sources' tiers.
    pub authority_score: Metric,
    /// The share of claims citing items that disagree.
    pub disagreement_rate: Metric,
    pub(crate) lexical_screen: Screen,
}

/// What accuracy says when no citation has a verdict.
pub(crate) const NOT_MEASURED: &str = "not measured (run `mdbook-evidence verify`)";

/// The lexical screen: the share of citations of a passage whose claim
/// shares enough words with it (`claim-not-in-evidence`). A screen for
/// citations to look at, not a measure of accuracy: it has no target.
#[derive(Debug, Serialize)]
pub(crate) struct Screen {
    /// The value, `None` when there is nothing to measure.
    pub value: Option<f64>,
    pub(crate) inputs: serde_json::Value,
}

/// A checker whose verdicts the accuracy figure counts.
#[derive(Debug, Serialize)]
pub struct Judge {
    /// `name version`, as the verdicts name it (`human:NAME` for a person).
    pub checker: String,
    /// Citations it gave a current verdict on.
    pub citations: usize,
}

impl Default for Quality {
    /// The metrics of no chapter: nothing measured.
    fn default() -> Self {
        quality([], &QualityTargets::default())
    }
}

/// One metric: its value (`null` when there is nothing to measure), its
/// target (the contract's unless `[preprocessor.evidence.quality]` sets
/// another), whether the value meets it, and what it was computed from.
#[derive(Debug, Serialize)]
pub struct Metric {
    /// The value, `None` when there is nothing to measure.
    pub value: Option<f64>,
    /// The target, as the report writes it (`> 80%`).
    pub target: String,
    /// Whether the value meets the target (`None` with no value).
    pub meets_target: Option<bool>,
    /// How the value was found (accuracy: `verdicts`, when it has one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) basis: Option<&'static str>,
    /// Who judged (accuracy: the checkers of the verdicts counted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judged_by: Option<Vec<Judge>>,
    /// Why there is no value, when that needs saying (accuracy).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) note: Option<&'static str>,
    pub(crate) inputs: serde_json::Value,
}

impl Metric {
    fn new(figure: Figure, inputs: serde_json::Value) -> Metric {
        Metric {
            value: figure.value,
            target: figure.target,
            meets_target: figure.meets,
            basis: None,
            judged_by: None,
            note: None,
            inputs,
        }
    }
}

/// The metrics of chapters with these inputs, taken together.
pub fn quality<'c>(
    chapters: impl IntoIterator<Item = &'c QualityInputs>,
    targets: &QualityTargets,
) -> Quality {
    let mut inputs = QualityInputs::default();
    for chapter in chapters {
        inputs += chapter;
    }
    let figures = figures(&inputs, targets);
    let authority = targets.tier_authority.by_tier();
    let by_tier = |values: [serde_json::Value; 4]| {
        let mut map = serde_json::Map::new();
        for (tier, value) in values.into_iter().enumerate() {
            map.insert((tier + 1).to_string(), value);
        }
        serde_json::Value::Object(map)
    };
    let measured = figures.accuracy.value.is_some();
    let judged_by = inputs
        .checkers
        .iter()
        .map(|(checker, &citations)| Judge {
            checker: checker.clone(),
            citations,
        })
        .collect();
    Quality {
        citation_coverage: Metric::new(
            figures.coverage,
            serde_json::json!({
                "sentences": inputs.sentences,
                "cited_sentences": inputs.cited_sentences,
                "claims": inputs.claims,
                "cited_claims": inputs.cited_claims,
            }),
        ),
        citation_accuracy: Metric {
            basis: measured.then_some("verdicts"),
            judged_by: Some(judged_by),
            note: (!measured).then_some(NOT_MEASURED),
            ..Metric::new(
                figures.accuracy,
                serde_json::json!({
                    "verdicts": inputs.verdicts,
                    "unsupported": inputs.unsupported,
                }),
            )
        },
        source_diversity: Metric::new(
            figures.diversity,
            serde_json::json!({
                "domains": inputs.hosts.len(),
                "publishers": inputs.publishers.len(),
            }),
        ),
        authority_score: Metric::new(
            figures.authority,
            serde_json::json!({
                "items": inputs.items,
                "items_by_tier": by_tier(inputs.tiers.map(serde_json::Value::from)),
                "tier_authority": by_tier(authority.map(serde_json::Value::from)),
            }),
        ),
        disagreement_rate: Metric::new(
            figures.disagreement,
            serde_json::json!({
                "claims": inputs.claims,
                "disagreeing_claims": inputs.disagreeing_claims,
            }),
        ),
        lexical_screen: Screen {
            value: figures.lexical_screen,
            inputs: serde_json::json!({
                "citations_checked": inputs.citations_checked,
                "flagged_claims": inputs.flagged_claims,
            }),
        },
    }
}

/// The book's metrics in one line, or `None` when no chapter was checked
/// that has a claim.
pub fn line(quality: &Quality) -> Option<String> {
    let coverage = quality.citation_coverage.value?;
    let pct = |v: f64| format!("{:.0}%", v * 100.0);
    let mut parts = vec![format!(
        "citation coverage {} of sentences{}",
        pct(coverage),
        against_target(&quality.citation_coverage)
    )];
    let accuracy = &quality.citation_accuracy;
    match accuracy.value {
        Some(value) => parts.push(format!(
            "accuracy {} by the verdicts of {}{}",
            pct(value),
            judges(accuracy),
            against_target(accuracy)
        )),
        None => parts.push(format!("accuracy {NOT_MEASURED}")),
    }
    if let Some(domains) = quality.source_diversity.value {
        parts.push(format!(
            "{}{}",
            evidence_core::display::counted(
                domains.round() as usize,
                "source domain",
                "source domains"
            ),
            against_target(&quality.source_diversity)
        ));
    }
    if let Some(authority) = quality.authority_score.value {
        parts.push(format!(
            "authority {authority:.2}{}",
            against_target(&quality.authority_score)
        ));
    }
    if let Some(disagreement) = quality.disagreement_rate.value {
        parts.push(format!(
            "disagreement {}{}",
            pct(disagreement),
            against_target(&quality.disagreement_rate)
        ));
    }
    if let Some(screen) = quality.lexical_screen.value {
        parts.push(format!(
            "lexical screen {} of citations share enough words with their passage (not accuracy)",
            pct(screen)
        ));
    }
    Some(format!("mdbook-evidence: quality: {}", parts.join("; ")))
}

/// Whether `metric` meets its target, said after its value: `, missing
/// the target (> 80%)`. "Missing", not "below": a strict target is missed
/// by a value equal to it, which "below" would misstate.
fn against_target(metric: &Metric) -> String {
    match metric.meets_target {
        Some(true) => format!(", meeting the target ({})", metric.target),
        Some(false) => format!(", missing the target ({})", metric.target),
        None => format!(" (target {})", metric.target),
    }
}

/// The checkers behind the accuracy figure and the citations each judged:
/// `` `gpt-4o-mini/judge 1` (12 citations), `human:Ana 1` (1 citation) ``.
/// Checker names come from the verdicts: the caller prints them inert.
pub(crate) fn judges(accuracy: &Metric) -> String {
    let judges = accuracy.judged_by.as_deref().unwrap_or_default();
    judges
        .iter()
        .map(|j| {
            format!(
                "`{}` ({})",
                j.checker,
                crate::quality::count(j.citations, "citation")
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}
