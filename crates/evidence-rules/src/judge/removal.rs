//! The removal phase. In `remove` mode a claim failing a rule at level
//! `error` (any finding at that level about it: [`super::claim_errors`])
//! is replaced by a phrase (or deleted), and an unresolved marker
//! at level `error` outside such claims is taken out; the findings they
//! caused count as fixed. When that leaves the chapter unfit, a
//! `removal-escalation` finding says why: more claims removed than
//! `max-removed`, a checked section left without a claim, or errors that
//! removing cannot fix.

use crate::claims::removal_escalation;
use crate::judge::chapter_findings::{chapter_finding, chapter_span};
use crate::judge::claim_errors::ClaimFailure;
use crate::judge::{FindingSubject, Judged};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::ClaimId;
use evidence_core::ids::MarkerId;
use evidence_core::markers::Scan;
use evidence_core::rule::Level;
use evidence_text::claims::{Claim, is_under};
use std::collections::HashSet;

/// What `remove` mode takes out of a chapter (nothing in other modes).
#[derive(Debug, Default)]
pub(super) struct Removals {
    /// The claims removed, with the phrase that replaces each.
    pub claims: Vec<(ClaimId, &'static str)>,
    /// The markers taken out of claims that stay, in document order.
    pub markers: Vec<MarkerId>,
    /// The markers of removed claims, which go with them.
    in_removed_claim: HashSet<MarkerId>,
    /// The removed claims, for lookups (a chapter may remove thousands,
    /// each looked up once per finding).
    removed_claims: HashSet<ClaimId>,
}

impl Removals {
    /// Decides the removals: each failing claim (`failures`: a finding at
    /// level `error` about it, [`super::claim_errors`]), and each marker
    /// of `taken_out` (an unresolved marker at level `error` that no
    /// comment silences: [`super::published::markers_taken_out`], which
    /// the claim and passage rules judged the claims without) that is not
    /// in such a claim.
    pub(super) fn decide(
        claims: &[Claim],
        failures: &[ClaimFailure],
        taken_out: &[MarkerId],
    ) -> Self {
        let mut removals = Removals::default();
        for failure in failures {
            removals.claims.push((failure.claim, failure.phrase));
            removals.removed_claims.insert(failure.claim);
            let markers = &claims[failure.claim.0].markers;
            removals
                .in_removed_claim
                .extend(markers.iter().map(|&m| MarkerId(m)));
        }
        removals.markers = taken_out
            .iter()
            .filter(|m| !removals.in_removed_claim.contains(m))
            .copied()
            .collect();
        removals.markers.sort_unstable();
        removals
    }

    /// Whether claim `c` is removed.
    pub(super) fn has_claim(&self, c: ClaimId) -> bool {
        self.removed_claims.contains(&c)
    }

    /// Whether a removal fixes a finding about `subject`.
    fn fixes(&self, subject: FindingSubject) -> bool {
        match subject {
            FindingSubject::Marker(m) => {
                // `markers` is sorted.
                self.in_removed_claim.contains(&m) || self.markers.binary_search(&m).is_ok()
            }
            FindingSubject::Claim(c) => self.has_claim(c),
            FindingSubject::Other => false,
        }
    }

    /// Whether anything is taken out.
    pub(super) fn is_empty(&self) -> bool {
        self.claims.is_empty() && self.markers.is_empty()
    }
}

/// The findings whose rule is not off, each with its level, its severity
/// at that level, and whether a removal fixed it (only errors are fixed).
pub(super) fn judged(
    findings: Vec<(Finding, FindingSubject)>,
    removals: &Removals,
    config: &Config,
) -> Vec<Judged> {
    let mut out = Vec::with_capacity(findings.len());
    for (finding, subject) in findings {
        let level = config.level(finding.rule);
        let Some(severity) = level.severity() else {
            continue;
        };
        out.push(Judged {
            finding,
            level,
            severity,
            removed: level == Level::Error && removals.fixes(subject),
        });
    }
    out
}

/// The `removal-escalation` finding, if the removals leave the chapter
/// unfit and the rule is on. `findings` are the judged findings.
pub(super) fn escalation(
    removals: &Removals,
    claims: &[Claim],
    scan: &Scan,
    findings: &[Judged],
    config: &Config,
) -> Option<Judged> {
    let level = config.level(removal_escalation::META.rule);
    let emptied = |section: &String| {
        let one = std::slice::from_ref(section);
        let mut under = (0..claims.len())
            .map(ClaimId)
            .filter(|&c| is_under(scan, &scan.blocks[claims[c.0].block], one))
            .peekable();
        under.peek().is_some() && under.all(|c| removals.has_claim(c))
    };
    let unhandled = findings
        .iter()
        .filter(|j| j.level == Level::Error && !j.removed)
        .count();
    let reasons = removal_escalation::reasons(
        removals.claims.len(),
        &removal_escalation::Options::of(config),
        emptied,
        unhandled,
    );
    let severity = level.severity()?;
    if reasons.is_empty() {
        return None;
    }
    Some(Judged {
        finding: chapter_finding(
            removal_escalation::META.rule,
            reasons.join("; "),
            chapter_span(scan),
        ),
        level,
        severity,
        removed: false,
    })
}
