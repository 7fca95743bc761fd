//! `conflicting-evidence`: The chapter cites two items that the store says
//! contradict each other, or whose passages disagree (different figures for the
//! same measure, one denying what the other states, or one claim citing the
//! same measure for different dates).

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::markers::Marker;
use evidence_core::rule::Rule;
use evidence_text::disagreement::Disagreement;

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
            "evidence `{}` ({}) and `{}` ({}) disagree ({} disagreement: they {}): `{}` says {:?}; `{}` says {:?}",
            a.id,
            a.publisher(),
            b.id,
            b.publisher(),
            found.kind.contract_type(),
            found.kind.description(),
            a.id,
            qa,
            b.id,
            qb,
        ),
        span: marker.span.clone(),
        block: marker.block.map(BlockId),
        evidence_ids: vec![a.id.to_owned(), b.id.to_owned()],
        excerpt: None,
    }
}
