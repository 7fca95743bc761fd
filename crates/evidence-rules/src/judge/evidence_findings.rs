//! The evidence phases: the rules about each cited item
//! (`paywall-quote`, `source-not-fetched`, `source-gone`,
//! `source-changed`), and about the passages items quote: their offsets
//! against the document's text (`span-mismatch`), the numbers of the
//! claims citing them (`number-not-in-evidence`), the words of those
//! claims (`claim-not-in-evidence`), their quotations
//! (`quote-not-in-evidence`), and the stored verdicts on them
//! (`unsupported-claim`, `stale-support`, `missing-support`).

use crate::Resolved;
use crate::claims::numeric_claim::BlockNumbers;
use crate::judge::FindingSubject;
use crate::judge::resolve_markers::CitedItems;
use crate::memo::Analyses;
use crate::numbers::number_not_in_evidence;
use crate::passages::claim_not_in_evidence::claims_not_in_evidence;
use crate::passages::subject_not_in_evidence::subjects_not_in_evidence;
use crate::sources::{paywall_quote, source_changed, source_gone, source_not_fetched};
use crate::support_verdicts::{SupportFigures, verdict_findings};
use crate::{numbers_not_in_evidence, quotes_not_in_evidence, span_mismatches};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::ids::ClaimId;
use evidence_core::markers::Scan;
use evidence_core::rule::Level;
use evidence_core::rule::Rule;
use evidence_core::store::Store;
use evidence_text::claims::Claim;
use evidence_text::support_units::SupportUnit;

/// The item rules, in the order they are checked, each the message of its
/// finding about a cited item, if any.
type ItemRule = (Rule, fn(&Resolved<'_>) -> Option<String>);
const ITEM_RULES: [ItemRule; 4] = [
    (source_not_fetched::META.rule, |r| {
        source_not_fetched::message(r.id, r.item)
    }),
    (source_gone::META.rule, |r| {
        source_gone::message(r.id, r.item)
    }),
    (source_changed::META.rule, |r| {
        source_changed::message(r.id, r.item)
    }),
    (paywall_quote::META.rule, paywall_quote::message),
];

/// The item rules: once per cited item, at its first citation.
pub(super) fn item_findings(scan: &Scan, cited: &CitedItems<'_>) -> Vec<(Finding, FindingSubject)> {
    let mut findings = Vec::new();
    for item in &cited.items {
        for (rule, message) in ITEM_RULES {
            if let Some(message) = message(item)
                && let Some((first, _)) = cited.first_citation(item.id)
            {
                let marker = &scan.markers[first.0];
                let finding = Finding {
                    rule,
                    message,
                    span: marker.span.clone(),
                    block: marker.block.map(BlockId),
                    evidence_ids: vec![item.id.to_owned()],
                    excerpt: None,
                };
                findings.push((finding, FindingSubject::Other));
            }
        }
    }
    findings
}

/// What the passage rules found.
#[derive(Default)]
pub(super) struct PassageFindings {
    /// Their findings.
    pub findings: Vec<(Finding, FindingSubject)>,
    /// The chapter's support figures.
    pub support: SupportFigures,
}

impl PassageFindings {
    /// Adds a finding about claim `claim`.
    fn push_claim(&mut self, claim: ClaimId, finding: Finding) {
        self.findings.push((finding, FindingSubject::Claim(claim)));
    }
}

/// What a finding of the number rules is about: the claim its figure
/// stands in, as the rule says (which it fails at level `error`, as any
/// claim rule does). A span's finding is about the item, whichever claim
/// cites it first.
fn subject_of(finding: &Finding, claims: &[Claim]) -> FindingSubject {
    number_not_in_evidence::claim_of(finding, claims)
        .map_or(FindingSubject::Other, FindingSubject::Claim)
}

/// The chapter a passage phase judges: its key (path relative to `src/`),
/// its text, its scan, its claims, the resolution of each marker of the
/// scan, and the store they resolve against.
pub(super) struct PassageInput<'a, 's> {
    pub(crate) chapter: &'a str,
    pub text: &'a str,
    pub scan: &'a Scan,
    pub claims: &'a [Claim],
    pub(crate) units: &'a [SupportUnit],
    pub resolved: &'a [Option<Resolved<'s>>],
    pub store: &'s Store,
    pub(crate) numbers: &'a BlockNumbers<'a>,
    pub analyses: &'a Analyses,
}

/// The passage rules: spans against content, numbers against passages,
/// claims against passages (each skipped when its rule is off: they are
/// the costlier scans), then the stored verdicts on each citation.
pub(super) fn passage_findings(input: &PassageInput<'_, '_>, config: &Config) -> PassageFindings {
    let PassageInput {
        chapter,
        text,
        scan,
        claims,
        units,
        resolved,
        store,
        numbers: block_numbers,
        analyses,
    } = *input;
    let mut findings: Vec<(Finding, FindingSubject)> = (span_mismatches(scan, resolved))
        .into_iter()
        .map(|finding| (finding, FindingSubject::Other))
        .collect();
    let contradictions = config.level(Rule::NumberContradictsEvidence) != Level::Off;
    if config.level(Rule::NumberNotInEvidence) != Level::Off || contradictions {
        let numbers = numbers_not_in_evidence(
            text,
            scan,
            units,
            resolved,
            analyses,
            block_numbers,
            contradictions,
        );
        findings.extend(
            numbers
                .into_iter()
                .filter(|f| config.level(f.rule) != Level::Off)
                .map(|finding| {
                    let subject = subject_of(&finding, claims);
                    (finding, subject)
                }),
        );
    }
    let mut out = PassageFindings {
        findings,
        support: SupportFigures::default(),
    };
    let mut flagged = 0;
    let not_in = config.level(Rule::ClaimNotInEvidence) != Level::Off;
    let partly = config.level(Rule::ClaimPartlyInEvidence) != Level::Off;
    if not_in || partly {
        for (claim, finding) in
            claims_not_in_evidence(units, resolved, analyses, config, (not_in, partly))
        {
            flagged += usize::from(finding.rule == Rule::ClaimNotInEvidence);
            out.push_claim(claim, finding);
        }
    }
    if config.level(Rule::SubjectNotInEvidence) != Level::Off {
        for (claim, finding) in subjects_not_in_evidence(units, claims, resolved, analyses) {
            out.push_claim(claim, finding);
        }
    }
    if config.level(Rule::QuoteNotInEvidence) != Level::Off {
        for (claim, finding) in quotes_not_in_evidence(text, units, resolved) {
            out.push_claim(claim, finding);
        }
    }
    let verdicts = verdict_findings(chapter, claims, units, resolved, store, config);
    for (claim, finding) in verdicts.findings {
        out.push_claim(claim, finding);
    }
    out.support = SupportFigures {
        flagged_claims: flagged,
        ..verdicts.figures
    };
    out
}
