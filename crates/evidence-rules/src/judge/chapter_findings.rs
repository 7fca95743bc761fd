//! The chapter phase: rules about the chapter's evidence as a whole, its
//! diversity (`publisher-dominance`, `low-credibility-mix`,
//! `monitor-only-share`) and pairs of cited items that contradict each
//! other, as the store declares or as their passages show
//! (`conflicting-evidence`).

use crate::Resolved;
use crate::diversity::DiversityStats;
use crate::judge::resolve_markers::CitedItems;
use crate::judge::{Conflict, FindingSubject};
use crate::memo::Analyses;
use crate::passages::conflicting_evidence;
use crate::quality;
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::markers::Scan;
use evidence_core::rule::Rule;
use evidence_text::claims::Claim;
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
    let first_citation = |id: &str| cited.first_citation(id);
    let pairs = conflicting_evidence::Pairs {
        scan,
        items: &cited.items,
        first_citation: &first_citation,
        claims,
        resolved,
        analyses,
    };
    let found = conflicting_evidence::check(&pairs, config);
    findings.extend((found.findings.into_iter()).map(|finding| (finding, FindingSubject::Other)));
    let conflicts = (found.notes.into_iter())
        .map(|note| Conflict {
            items: note.items,
            kind: note.kind,
            block: note.block,
        })
        .collect();
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
