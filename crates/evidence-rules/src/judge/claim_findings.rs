//! The claim phase: the rules that judge each claim by the evidence it
//! cites (`ungrounded-claim`, `numeric-claim`, `policy-claim`,
//! `unlabelled-speculation`), and its confidence label.

use crate::claims::numeric_claim::BlockNumbers;
use crate::claims::{numeric_claim, policy_claim, ungrounded_claim, unlabelled_speculation};
use crate::confidence;
use crate::judge::FindingSubject;
use crate::judge::resolve_markers::CitedItems;
use crate::{Resolved, resolve_id};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::ClaimId;
use evidence_core::rule::Level;
use evidence_core::rule::Rule;
use evidence_core::store::{CitationList, Store};
use evidence_text::claims::Claim;
use std::cell::OnceCell;

/// What the claim rules found.
#[derive(Default)]
pub(super) struct ClaimFindings {
    /// Their findings, claim by claim.
    pub findings: Vec<(Finding, FindingSubject)>,
    /// How many claims have at least one resolving marker.
    pub grounded: usize,
    /// The confidence label of each grounded claim, when labels are on.
    pub labels: Vec<(ClaimId, &'static str)>,
}

/// Applies the claim rules to every claim. `resolved` is the resolution of
/// each marker; `cited` the distinct items the chapter cites.
pub(super) fn claim_findings<'s>(
    claims: &[Claim],
    resolved: &[Option<Resolved<'s>>],
    cited: &CitedItems<'s>,
    store: &'s Store,
    list: Option<&'s CitationList>,
    numbers: &BlockNumbers<'_>,
    config: &Config,
) -> ClaimFindings {
    let pack = EvidencePack {
        items: OnceCell::new(),
        list,
        store,
        config,
        cited: &cited.items,
        numbers,
        resolved,
    };
    let mut out = ClaimFindings::default();
    for (c, claim) in claims.iter().enumerate() {
        let id = ClaimId(c);
        let cites: Vec<&Resolved<'s>> = claim
            .markers
            .iter()
            .filter_map(|&m| resolved[m].as_ref())
            .collect();
        if cites.is_empty() {
            let finding = ungrounded_claim::finding(claim, list.is_some());
            out.findings.push((finding, FindingSubject::Claim(id)));
        } else {
            out.grounded += 1;
            if config.confidence_labels {
                out.labels.push((id, confidence::label(&cites)));
            }
            grounded_claim_findings(id, claim, &cites, &pack, config, &mut out.findings);
        }
    }
    out
}

/// The rules for a claim that cites the resolving items `cites`: pushes
/// their findings (which of them fail the claim is
/// [`super::claim_errors`]'s to say).
fn grounded_claim_findings<'s>(
    id: ClaimId,
    claim: &Claim,
    cites: &[&Resolved<'s>],
    pack: &EvidencePack<'_, 's>,
    config: &Config,
    findings: &mut Vec<(Finding, FindingSubject)>,
) {
    let mut push = |finding: Finding| findings.push((finding, FindingSubject::Claim(id)));
    let ids = || cites.iter().map(|r| r.id.to_owned()).collect::<Vec<_>>();
    let on = |rule: Rule| config.level(rule) != Level::Off;
    if on(numeric_claim::META.rule)
        && let Some(found) = pack.numbers.uncorroborated(claim, cites, pack.resolved)
    {
        push(numeric_claim::finding(claim, found));
    }
    if on(policy_claim::META.rule)
        && let Some(finding) = policy_claim::check(
            claim,
            cites,
            || pack.items(),
            &policy_claim::Options::of(config),
            ids,
        )
    {
        push(finding);
    }
    // Off by default: skip the word scan unless it is asked for.
    if on(unlabelled_speculation::META.rule)
        && let Some(finding) = unlabelled_speculation::check(claim)
    {
        push(finding);
    }
}

/// The evidence a policy claim is checked against: the chapter's citation
/// list, else every item the chapter cites. Resolved once, and only when a
/// policy claim asks for it.
struct EvidencePack<'a, 's> {
    /// The pack, once resolved.
    items: OnceCell<Vec<Resolved<'s>>>,
    /// The chapter's citation list, if the store has one.
    list: Option<&'s CitationList>,
    /// The store its ids resolve against.
    store: &'s Store,
    /// The configuration they resolve under.
    config: &'a Config,
    /// The distinct items the chapter cites.
    cited: &'a [Resolved<'s>],
    /// The numbers of the chapter's blocks.
    numbers: &'a BlockNumbers<'a>,
    /// The resolution of each marker.
    resolved: &'a [Option<Resolved<'s>>],
}

impl<'s> EvidencePack<'_, 's> {
    /// The pack's items (the list's ids that resolve).
    fn items(&self) -> &[Resolved<'s>] {
        self.items.get_or_init(|| match self.list {
            Some(list) => list
                .ids
                .iter()
                .filter_map(|id| resolve_id(id, self.store, self.config).ok())
                .collect(),
            None => self.cited.to_vec(),
        })
    }
}

/// One diagnostic per unresolved marker: the `ungrounded-claim` finding of
/// a claim whose markers all fail to resolve is dropped when one of those
/// markers is reported, after suppression, at the level of
/// `ungrounded-claim` or above, since that finding already says what to
/// fix. The claim still fails (in `remove` mode it is removed). When every
/// marker's rule is set lower, or silenced, the claim is still reported:
/// it rests on nothing.
pub(super) fn fold_into_marker_findings(
    candidates: &mut Vec<(Finding, FindingSubject)>,
    claims: &[Claim],
    config: &Config,
) {
    let ungrounded = config.level(Rule::UngroundedClaim);
    let reported_markers: std::collections::HashSet<usize> = candidates
        .iter()
        .filter_map(|(finding, subject)| match subject {
            FindingSubject::Marker(m) if config.level(finding.rule) >= ungrounded => Some(m.0),
            _ => None,
        })
        .collect();
    candidates.retain(|(finding, subject)| match subject {
        FindingSubject::Claim(c) if finding.rule == Rule::UngroundedClaim => !claims[c.0]
            .markers
            .iter()
            .any(|m| reported_markers.contains(m)),
        _ => true,
    });
}
