//! The evidence phases: the rules about each cited item
//! (`paywall-quote`), and about the passages items quote: their offsets
//! against the document's text (`span-mismatch`), the numbers of the
//! claims citing them (`number-not-in-evidence`), and the words of those
//! claims (`claim-not-in-evidence`).

use super::FindingSubject;
use super::claim_findings::ClaimFailure;
use super::resolve_markers::CitedItems;
use crate::config::Config;
use crate::markers::Scan;
use crate::rules::claim_not_in_evidence::claims_not_in_evidence;
use crate::rules::claims::Claim;
use crate::rules::{BlockId, Finding, Level, Resolved, Rule};
use crate::rules::{numbers_not_in_evidence, span_mismatches};
use crate::store::PaywallPolicy;
use crate::syntax::INSUFFICIENT_EVIDENCE;

/// The item rules: once per cited item, at its first citation.
pub(super) fn item_findings(scan: &Scan, cited: &CitedItems<'_>) -> Vec<(Finding, FindingSubject)> {
    let mut findings = Vec::new();
    for item in &cited.items {
        if item.source.paywall_policy != PaywallPolicy::MetadataOnly
            || item.item.quote_span.is_none()
        {
            continue;
        }
        let Some((first, _)) = cited.first_citation(item.id) else {
            continue;
        };
        let marker = &scan.markers[first.0];
        let finding = Finding {
            rule: Rule::PaywallQuote,
            message: format!(
                "evidence `{}` carries a full-text quote, but its source `{}` is metadata_only (paywalled); the quote is never shown",
                item.id, item.source.source_id
            ),
            span: marker.span.clone(),
            block: marker.block.map(BlockId),
            evidence_ids: vec![item.id.to_owned()],
            excerpt: None,
        };
        findings.push((finding, FindingSubject::Other));
    }
    findings
}

/// What the passage rules found.
#[derive(Default)]
pub(super) struct PassageFindings {
    /// Their findings.
    pub findings: Vec<(Finding, FindingSubject)>,
    /// The claims a passage rule at level `error` fails, in claim order.
    pub failures: Vec<ClaimFailure>,
}

/// The passage rules: spans against content, numbers against passages,
/// then claims against passages (each skipped when its rule is off: they
/// are the costlier scans). `resolved` is the resolution of each marker of
/// `scan`, the scan of `text`; `claims` are its claims.
pub(super) fn passage_findings(
    text: &str,
    scan: &Scan,
    claims: &[Claim],
    resolved: &[Option<Resolved<'_>>],
    config: &Config,
) -> PassageFindings {
    let mut findings = span_mismatches(scan, resolved);
    if config.level(Rule::NumberNotInEvidence) != Level::Off {
        findings.extend(numbers_not_in_evidence(text, scan, resolved));
    }
    let mut out = PassageFindings {
        findings: findings
            .into_iter()
            .map(|finding| (finding, FindingSubject::Other))
            .collect(),
        failures: Vec::new(),
    };
    let level = config.level(Rule::ClaimNotInEvidence);
    if level != Level::Off {
        for (claim, finding) in claims_not_in_evidence(claims, resolved, config) {
            if level == Level::Error {
                out.failures.push(ClaimFailure {
                    claim,
                    rule: Rule::ClaimNotInEvidence,
                    phrase: INSUFFICIENT_EVIDENCE,
                });
            }
            out.findings.push((finding, FindingSubject::Claim(claim)));
        }
    }
    out
}
