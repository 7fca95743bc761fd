//! The chapter phase: rules about the chapter's evidence as a whole, its
//! diversity (`publisher-dominance`, `low-credibility-mix`,
//! `monitor-only-share`) and pairs of cited items that contradict each
//! other (`conflicting-evidence`).

use super::resolve_markers::CitedItems;
use super::{Conflict, FindingSubject};
use crate::config::Config;
use crate::markers::Scan;
use crate::rules::diversity::{self, DiversityStats};
use crate::rules::{BlockId, Finding, Level, Rule};
use std::collections::HashSet;
use std::ops::Range;

/// What the chapter rules found.
pub(super) struct ChapterFindings<'s> {
    /// The diversity of the cited evidence.
    pub diversity: DiversityStats,
    /// The findings: diversity first, then conflicts.
    pub findings: Vec<(Finding, FindingSubject)>,
    /// The conflicting-evidence notes to insert (none when the rule is off).
    pub conflicts: Vec<Conflict<'s>>,
}

/// Applies the chapter rules to the distinct items the chapter cites.
pub(super) fn chapter_findings<'s>(
    scan: &Scan,
    cited: &CitedItems<'s>,
    config: &Config,
) -> ChapterFindings<'s> {
    let span = chapter_span(scan);
    let mut findings: Vec<(Finding, FindingSubject)> =
        diversity::violations(&cited.items, &config.diversity)
            .into_iter()
            .map(|(rule, message, at_fault)| {
                // The caret goes on the first citation of an item at fault.
                let first = at_fault
                    .first()
                    .and_then(|id| cited.first_citation(id))
                    .map(|(marker, _)| &scan.markers[marker.0]);
                let finding = match first {
                    Some(marker) => Finding {
                        rule,
                        message,
                        span: marker.span.clone(),
                        block: marker.block.map(BlockId),
                        evidence_ids: at_fault.iter().map(|id| (*id).to_owned()).collect(),
                        excerpt: None,
                    },
                    None => chapter_finding(rule, message, span.clone()),
                };
                (finding, FindingSubject::Other)
            })
            .collect();
    let conflicts = conflicts(scan, cited, config, &mut findings);
    ChapterFindings {
        diversity: diversity::stats(&cited.items),
        findings,
        conflicts,
    }
}

/// Where a finding about the whole chapter points: its first heading.
pub(super) fn chapter_span(scan: &Scan) -> Range<usize> {
    scan.headings.first().map_or(0..0, |h| h.span.clone())
}

/// A finding about the whole chapter, at `span`.
pub(super) fn chapter_finding(rule: Rule, message: String, span: Range<usize>) -> Finding {
    Finding {
        rule,
        message,
        span,
        block: None,
        evidence_ids: Vec::new(),
        excerpt: None,
    }
}

/// Each pair of cited items that contradict each other, once, in order of
/// first citation: pushes a finding at the first citation of the later one,
/// and returns the notes to insert after its block.
fn conflicts<'s>(
    scan: &Scan,
    cited: &CitedItems<'s>,
    config: &Config,
    findings: &mut Vec<(Finding, FindingSubject)>,
) -> Vec<Conflict<'s>> {
    let mut conflicts = Vec::new();
    let mut seen_pairs: HashSet<(&str, &str)> = HashSet::new();
    for a in &cited.items {
        let Some((a_marker, _)) = cited.first_citation(a.id) else {
            continue;
        };
        for other in &a.item.contradicts {
            let Some((b_marker, b)) = cited.first_citation(other) else {
                continue;
            };
            let (first, second, at) = if a_marker <= b_marker {
                (*a, b, b_marker)
            } else {
                (b, *a, a_marker)
            };
            if first.id == second.id || !seen_pairs.insert((first.id, second.id)) {
                continue;
            }
            let marker = &scan.markers[at.0];
            let finding = Finding {
                rule: Rule::ConflictingEvidence,
                message: format!(
                    "evidence `{}` ({}) and `{}` ({}) contradict each other",
                    first.id,
                    first.publisher(),
                    second.id,
                    second.publisher()
                ),
                span: marker.span.clone(),
                block: marker.block.map(BlockId),
                evidence_ids: vec![first.id.to_owned(), second.id.to_owned()],
                excerpt: None,
            };
            findings.push((finding, FindingSubject::Other));
            if config.level(Rule::ConflictingEvidence) != Level::Off {
                conflicts.push(Conflict {
                    items: [first, second],
                    block: marker.block.map(BlockId),
                });
            }
        }
    }
    conflicts
}
