//! The one place that says which claims fail: a claim fails when a finding
//! at level `error` that is left after suppression is attached to it,
//! whatever its rule (a rule set to `error` in the configuration
//! included). `downgrade` mode marks each such claim with a `⚠`, and
//! `remove` mode removes it, both from this list, so that the two never
//! disagree about which claims the banner's promise and the removal note
//! cover.
//!
//! A finding is attached to a claim when it is about the claim (the claim
//! and passage rules, the figures of `number-not-in-evidence` and
//! `number-contradicts-evidence`) or about one of its markers (an id that
//! does not resolve). A marker's error is fixed in `remove` mode by taking
//! the marker out, not the claim; `downgrade` mode marks the claim. A
//! finding about a cited item (`span-mismatch`, `paywall-quote`) or the
//! whole chapter is no claim's: removing one claim would not fix it.

use crate::claims::{numeric_claim, policy_claim};
use crate::judge::FindingSubject;
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::ClaimId;
use evidence_core::rule::Level;
use evidence_core::rule::Rule;
use evidence_core::syntax::INSUFFICIENT_EVIDENCE;
use evidence_text::claims::Claim;

/// A claim failing a finding at level `error` about it: what `remove`
/// mode takes out and `downgrade` mode marks.
#[derive(Debug, Clone)]
pub(super) struct ClaimFailure {
    /// The claim.
    pub claim: ClaimId,
    /// The phrase that replaces it in `remove` mode.
    pub(crate) phrase: &'static str,
}

/// The claims with findings at level `error` attached, each once, in
/// claim order.
#[derive(Debug, Default)]
pub(super) struct ClaimErrors {
    /// The claims an error about them fails, with the phrase of the first
    /// (`remove` mode removes them).
    pub(crate) failures: Vec<ClaimFailure>,
    /// Every claim with an error attached (about it or one of its
    /// markers), with the message of its first error about it (of its
    /// markers' first when it is ungrounded by them, or has none): why
    /// `downgrade` mode marks it unverified.
    pub(crate) unverified: Vec<(ClaimId, String)>,
}

impl ClaimErrors {
    /// The claims of `claims` that the findings left after suppression
    /// (`candidates`, in the order the phases found them) fail at level
    /// `error` under `config`.
    pub(super) fn find(
        candidates: &[(Finding, FindingSubject)],
        claims: &[Claim],
        config: &Config,
    ) -> Self {
        let claim_of_marker = claim_of_marker(claims);
        // Per claim: the rule and message of its first error about it, and
        // the message of its first marker's error.
        let mut about: Vec<Option<(Rule, &str)>> = vec![None; claims.len()];
        let mut marker: Vec<Option<&str>> = vec![None; claims.len()];
        for (finding, subject) in candidates {
            if config.level(finding.rule) != Level::Error {
                continue;
            }
            match *subject {
                FindingSubject::Claim(c) => {
                    about[c.0].get_or_insert((finding.rule, &finding.message));
                }
                FindingSubject::Marker(m) => {
                    if let Some(c) = claim_of_marker.get(m.0).copied().flatten() {
                        marker[c.0].get_or_insert(&finding.message);
                    }
                }
                FindingSubject::Other => {}
            }
        }
        let failures = about
            .iter()
            .enumerate()
            .filter_map(|(c, about)| {
                Some(ClaimFailure {
                    claim: ClaimId(c),
                    phrase: phrase_for(about.as_ref()?.0),
                })
            })
            .collect();
        let unverified = about
            .iter()
            .zip(&marker)
            .enumerate()
            .filter_map(|(c, (about, marker))| {
                // A claim is ungrounded by its markers' errors when it has
                // any: they say why (`evidence x is not in the evidence
                // store`), as the report does, which folds the one into
                // the other.
                let message = match (about, marker) {
                    (Some((Rule::UngroundedClaim, _)), Some(m)) => m,
                    (Some((_, m)), _) => m,
                    (None, m) => (*m)?,
                };
                Some((ClaimId(c), message.to_owned()))
            })
            .collect();
        ClaimErrors {
            failures,
            unverified,
        }
    }
}

/// The claim each marker (by index into the scan's markers) belongs to.
fn claim_of_marker(claims: &[Claim]) -> Vec<Option<ClaimId>> {
    let markers = claims
        .iter()
        .flat_map(|c| c.markers.iter().copied())
        .max()
        .map_or(0, |m| m + 1);
    let mut out = vec![None; markers];
    for (c, claim) in claims.iter().enumerate() {
        for &m in &claim.markers {
            out[m] = Some(ClaimId(c));
        }
    }
    out
}

/// The rules whose files name the phrase that replaces a claim failing
/// them; a claim failing any other rule lacks evidence.
const REPLACEMENTS: [(Rule, &str); 2] = [
    (numeric_claim::META.rule, numeric_claim::REPLACEMENT),
    (policy_claim::META.rule, policy_claim::REPLACEMENT),
];

/// The phrase that replaces a claim failing `rule`: what it lacks.
fn phrase_for(rule: Rule) -> &'static str {
    REPLACEMENTS
        .iter()
        .find(|(r, _)| *r == rule)
        .map_or(INSUFFICIENT_EVIDENCE, |(_, phrase)| phrase)
}
