//! The chapter phase: rules about the chapter's evidence as a whole, its
//! diversity (`publisher-dominance`, `low-credibility-mix`,
//! `monitor-only-share`) and pairs of cited items that contradict each
//! other, as the store declares or as their passages show
//! (`conflicting-evidence`).

use crate::cited_disagreements::between;
use crate::diversity::DiversityStats;
use crate::judge::resolve_markers::CitedItems;
use crate::judge::{Conflict, FindingSubject};
use crate::memo::Analyses;
use crate::passages::conflicting_evidence;
use crate::quality;
use crate::{BlockId, Finding, Level, MarkerId, Resolved, Rule};
use evidence_core::config::Config;
use evidence_core::markers::Scan;
use evidence_text::claims::Claim;
use evidence_text::disagreement::Kind;
use std::collections::{HashMap, HashSet};
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
    claims: &[Claim],
    resolved: &[Option<Resolved<'s>>],
    analyses: &Analyses,
    config: &Config,
) -> ChapterFindings<'s> {
    let span = chapter_span(scan);
    let mut findings: Vec<(Finding, FindingSubject)> =
        quality::diversity_violations(&cited.items, config)
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
    let mut seen_pairs = HashSet::new();
    let mut conflicts = conflicts(scan, cited, config, &mut findings, &mut seen_pairs);
    if config.level(conflicting_evidence::META.rule) != Level::Off {
        let pairs = Pairs {
            scan,
            cited,
            claims,
            resolved,
            analyses,
        };
        pairs.detected(&seen_pairs, &mut findings, &mut conflicts);
    }
    ChapterFindings {
        diversity: crate::diversity::stats(&cited.items),
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
    seen_pairs: &mut HashSet<(&'s str, &'s str)>,
) -> Vec<Conflict<'s>> {
    let mut conflicts = Vec::new();
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
            let finding = conflicting_evidence::stored_finding(&first, &second, marker);
            findings.push((finding, FindingSubject::Other));
            if config.level(conflicting_evidence::META.rule) != Level::Off {
                conflicts.push(Conflict {
                    items: [first, second],
                    kind: None,
                    block: marker.block.map(BlockId),
                });
            }
        }
    }
    conflicts
}

/// A chapter citing more items than this has its passages compared with
/// none (each pair is cheap, but pairs grow as the square of the items):
/// only the store's declared contradictions are reported there.
const MAX_COMPARED_ITEMS: usize = 400;

/// What comparing the passages of a chapter's cited items needs.
struct Pairs<'a, 's> {
    scan: &'a Scan,
    cited: &'a CitedItems<'s>,
    claims: &'a [Claim],
    resolved: &'a [Option<Resolved<'s>>],
    analyses: &'a Analyses,
}

impl<'s> Pairs<'_, 's> {
    /// Each pair of cited items whose passages disagree (and that the
    /// store does not already declare, in `declared`), once, in order of
    /// first citation: a finding at the first citation of the later one
    /// (for dates cited as one, at the claim's marker of it) quoting both
    /// passages, and a note after its block.
    fn detected(
        &self,
        declared: &HashSet<(&'s str, &'s str)>,
        findings: &mut Vec<(Finding, FindingSubject)>,
        conflicts: &mut Vec<Conflict<'s>>,
    ) {
        let items = &self.cited.items;
        if items.len() < 2 || items.len() > MAX_COMPARED_ITEMS {
            return;
        }
        let together = self.cited_together();
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                if declared.contains(&(a.id, b.id)) || declared.contains(&(b.id, a.id)) {
                    continue;
                }
                // Looked up only when the temporal check asks (most pairs
                // never reach it): hashing two ids for every pair costs.
                let claim = || together.get(&(a.id, b.id)).copied();
                let text = || claim().map(|(c, _)| self.claims[c].text.as_str());
                let Some(found) = between(self.analyses, a, b, text) else {
                    continue;
                };
                let claim = match found.kind {
                    Kind::Temporal => claim(),
                    _ => None,
                };
                let at = match (found.kind, claim) {
                    (Kind::Temporal, Some((_, marker))) => marker,
                    _ => match self.cited.first_citation(b.id) {
                        Some((marker, _)) => marker,
                        None => continue,
                    },
                };
                let marker = &self.scan.markers[at.0];
                findings.push((
                    conflicting_evidence::detected_finding(a, b, &found, marker),
                    FindingSubject::Other,
                ));
                conflicts.push(Conflict {
                    items: [*a, *b],
                    kind: Some(found.kind),
                    block: marker.block.map(BlockId),
                });
            }
        }
    }

    /// The pairs of items (in order of first citation) that one claim
    /// cites both of: the first such claim and its marker of the later
    /// item.
    fn cited_together(&self) -> HashMap<(&'s str, &'s str), (usize, MarkerId)> {
        let order: HashMap<&str, usize> = (self.cited.items.iter().enumerate())
            .map(|(n, r)| (r.id, n))
            .collect();
        let mut out = HashMap::new();
        for (c, claim) in self.claims.iter().enumerate() {
            let mut ids: Vec<(usize, &'s str, MarkerId)> = Vec::new();
            for &m in &claim.markers {
                if let Some(Some(r)) = self.resolved.get(m)
                    && !ids.iter().any(|(_, id, _)| *id == r.id)
                {
                    ids.push((
                        order.get(r.id).copied().unwrap_or(usize::MAX),
                        r.id,
                        MarkerId(m),
                    ));
                }
            }
            ids.sort_by_key(|(n, _, _)| *n);
            for (k, (_, a, _)) in ids.iter().enumerate() {
                for (_, b, marker) in &ids[k + 1..] {
                    out.entry((*a, *b)).or_insert((c, *marker));
                }
            }
        }
        out
    }
}
