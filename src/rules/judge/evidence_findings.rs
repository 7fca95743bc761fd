//! The evidence phases: the rules about each cited item
//! (`paywall-quote`), and about the passages items quote: their offsets
//! against the document's text (`span-mismatch`) and the numbers of the
//! claims citing them (`number-not-in-evidence`).

use super::FindingSubject;
use super::resolve_markers::CitedItems;
use crate::config::Config;
use crate::markers::Scan;
use crate::rules::{BlockId, Finding, Level, Resolved, Rule};
use crate::rules::{numbers_not_in_evidence, span_mismatches};
use crate::store::PaywallPolicy;

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

/// The passage rules: spans against content, then numbers against
/// passages (skipped when `number-not-in-evidence` is off: it is the
/// costlier scan). `resolved` is the resolution of each marker of `scan`,
/// the scan of `text`.
pub(super) fn passage_findings(
    text: &str,
    scan: &Scan,
    resolved: &[Option<Resolved<'_>>],
    config: &Config,
) -> Vec<(Finding, FindingSubject)> {
    let mut findings = span_mismatches(scan, resolved);
    if config.level(Rule::NumberNotInEvidence) != Level::Off {
        findings.extend(numbers_not_in_evidence(text, scan, resolved));
    }
    findings
        .into_iter()
        .map(|finding| (finding, FindingSubject::Other))
        .collect()
}
