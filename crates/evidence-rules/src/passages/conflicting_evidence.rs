//! `conflicting-evidence`: The chapter cites two items that the store says
//! contradict each other, or whose passages disagree (different figures for the
//! same measure, one denying what the other states, or one claim citing the
//! same measure for different dates).

use crate::Resolved;
use crate::cited_disagreements::between;
use crate::memo::Analyses;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::{BlockId, MarkerId};
use evidence_core::markers::{Marker, Scan};
use evidence_core::rule::{Level, Rule};
use evidence_text::claims::Claim;
use evidence_text::disagreement::{Disagreement, Kind};
use std::collections::{HashMap, HashSet};

/// What `conflicting-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ConflictingEvidence,
    help: "say in the text that the sources disagree, and how (the chapter gets a CAUTION note)",
    doc: &[
        "The chapter cites two items that the store says contradict each",
        "other, or whose passages disagree (different figures for the same",
        "measure, one denying what the other states, or one claim citing",
        "the same measure for different dates).",
    ],
    guide_page: guide_page!("conflicting-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The finding for items `first` and `second`, which the store says
/// contradict each other, at `marker` (the later one's first citation).
pub(crate) fn stored_finding(
    first: &Resolved<'_>,
    second: &Resolved<'_>,
    marker: &Marker,
) -> Finding {
    Finding {
        rule: META.rule,
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
    }
}

/// The finding for items `a` and `b` whose passages disagree as `found`
/// says, at `marker`: its type (factual or temporal), what the passages
/// do, and both passages quoted.
pub(crate) fn detected_finding(
    a: &Resolved<'_>,
    b: &Resolved<'_>,
    found: &Disagreement,
    marker: &Marker,
) -> Finding {
    let [qa, qb] = &found.quotes;
    Finding {
        rule: META.rule,
        message: format!(
            "evidence `{}` ({}) and `{}` ({}) disagree ({} disagreement: they {}): `{}` says {}; `{}` says {}",
            a.id,
            a.publisher(),
            b.id,
            b.publisher(),
            found.kind.contract_type(),
            found.kind.description(),
            a.id,
            evidence_core::escape::quoted(qa),
            b.id,
            evidence_core::escape::quoted(qb),
        ),
        span: marker.span.clone(),
        block: marker.block.map(BlockId),
        evidence_ids: vec![a.id.to_owned(), b.id.to_owned()],
        excerpt: None,
    }
}

/// A note to insert for a pair of cited items that contradict each other.
pub(crate) struct Note<'s> {
    /// The two items, in order of first citation.
    pub items: [Resolved<'s>; 2],
    /// How their passages disagree; `None` when the store declares it.
    pub kind: Option<Kind>,
    /// The block after whose top-level block the note goes, if any.
    pub block: Option<BlockId>,
}

/// What the rule found in a chapter.
pub(crate) struct Contradictions<'s> {
    /// The findings: the store's declared pairs, then the detected ones.
    pub findings: Vec<Finding>,
    /// The notes to insert, in the same order (none when the rule is off).
    pub notes: Vec<Note<'s>>,
}

/// The pairs of the chapter's cited items that contradict each other: as
/// the store declares them (`contradicts`), then, when the rule is on, as
/// their passages show.
pub(crate) fn check<'s>(pairs: &Pairs<'_, 's>, config: &Config) -> Contradictions<'s> {
    let mut found = Contradictions {
        findings: Vec::new(),
        notes: Vec::new(),
    };
    let mut seen_pairs = HashSet::new();
    conflicts(pairs, config, &mut found, &mut seen_pairs);
    if config.level(META.rule) != Level::Off {
        pairs.detected(&seen_pairs, &mut found);
    }
    found
}

/// Each pair of cited items that contradict each other, once, in order of
/// first citation: pushes a finding at the first citation of the later one,
/// and the note to insert after its block.
fn conflicts<'s>(
    pairs: &Pairs<'_, 's>,
    config: &Config,
    found: &mut Contradictions<'s>,
    seen_pairs: &mut HashSet<(&'s str, &'s str)>,
) {
    for a in pairs.items {
        let Some((a_marker, _)) = (pairs.first_citation)(a.id) else {
            continue;
        };
        for other in &a.item.contradicts {
            let Some((b_marker, b)) = (pairs.first_citation)(other) else {
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
            let marker = &pairs.scan.markers[at.0];
            found.findings.push(stored_finding(&first, &second, marker));
            if config.level(META.rule) != Level::Off {
                found.notes.push(Note {
                    items: [first, second],
                    kind: None,
                    block: marker.block.map(BlockId),
                });
            }
        }
    }
}

/// A chapter citing more items than this has its passages compared with
/// none (each pair is cheap, but pairs grow as the square of the items):
/// only the store's declared contradictions are reported there.
const MAX_COMPARED_ITEMS: usize = 400;

/// What comparing the passages of a chapter's cited items needs.
pub(crate) struct Pairs<'a, 's> {
    /// The chapter's scan.
    pub scan: &'a Scan,
    /// The distinct items the chapter cites, in order of first citation.
    pub items: &'a [Resolved<'s>],
    /// The first marker citing an item, and the item, if the chapter
    /// cites it.
    pub first_citation: &'a dyn Fn(&str) -> Option<(MarkerId, Resolved<'s>)>,
    /// The chapter's claims.
    pub claims: &'a [Claim],
    /// The resolution of each marker of the scan.
    pub resolved: &'a [Option<Resolved<'s>>],
    /// The analyses of the store's items.
    pub analyses: &'a Analyses,
}

impl<'s> Pairs<'_, 's> {
    /// Each pair of cited items whose passages disagree (and that the
    /// store does not already declare, in `declared`), once, in order of
    /// first citation: a finding at the first citation of the later one
    /// (for dates cited as one, at the claim's marker of it) quoting both
    /// passages, and a note after its block.
    fn detected(&self, declared: &HashSet<(&'s str, &'s str)>, found: &mut Contradictions<'s>) {
        let items = self.items;
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
                let Some(disagreement) = between(self.analyses, a, b, text) else {
                    continue;
                };
                let claim = match disagreement.kind {
                    Kind::Temporal => claim(),
                    _ => None,
                };
                let at = match (disagreement.kind, claim) {
                    (Kind::Temporal, Some((_, marker))) => marker,
                    _ => match (self.first_citation)(b.id) {
                        Some((marker, _)) => marker,
                        None => continue,
                    },
                };
                let marker = &self.scan.markers[at.0];
                found
                    .findings
                    .push(detected_finding(a, b, &disagreement, marker));
                found.notes.push(Note {
                    items: [*a, *b],
                    kind: Some(disagreement.kind),
                    block: marker.block.map(BlockId),
                });
            }
        }
    }

    /// The pairs of items (in order of first citation) that one claim
    /// cites both of: the first such claim and its marker of the later
    /// item.
    fn cited_together(&self) -> HashMap<(&'s str, &'s str), (usize, MarkerId)> {
        let order: HashMap<&str, usize> = (self.items.iter().enumerate())
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
