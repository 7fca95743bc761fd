//! The judge: applies every rule to one scanned chapter and decides what
//! the build does with it (publish, remove claims, downgrade, fail).
//!
//! Pure: it reads the scan, the store and the config, and returns a
//! [`Judgement`] that the renderer turns into edits.

mod chapter_findings;
mod claim_findings;
mod evidence_findings;
mod resolve_markers;
mod suppression;

use super::claims::{Claim, claims, is_under};
use super::diversity::DiversityStats;
use super::{BlockId, ClaimId, Finding, Level, MarkerId, Resolved, Rule, Severity};
use crate::config::{Config, Escalate, Mode};
use crate::markers::Scan;
use crate::store::{CitationList, Store};
use chapter_findings::{chapter_findings, chapter_span};
use claim_findings::claim_findings;
use evidence_findings::{item_findings, passage_findings};
use resolve_markers::{CitedItems, resolve_markers};
use serde::Serialize;
use suppression::Suppressions;

/// The replacement of a claim without a resolving citation (seed 000 §3).
pub const INSUFFICIENT_EVIDENCE: &str = "[Insufficient evidence to support this claim]";
/// The replacement of a claim that fails `numeric-claim` (seed 000 §3.1).
pub const INSUFFICIENT_CREDIBLE: &str = "[Insufficient credible evidence for this claim]";
/// The replacement of a claim that fails `policy-claim` (seed 000 §3.1).
pub const CITE_OFFICIAL: &str = "[Cite official source directly for policy claims]";

/// What the build does with a chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Published as written (perhaps with warnings).
    Published,
    /// Published with failing claims removed (`remove` mode).
    RemovedClaims,
    /// Published under the Unverified Summary banner.
    Downgraded,
    /// The build stops.
    Failed,
}

/// A finding with what the build made of it.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The finding.
    pub finding: Finding,
    /// Its configured level (never `Off`: those are dropped).
    pub level: Level,
    /// Its severity in this build's output.
    pub severity: Severity,
    /// Whether `remove` mode took the claim or marker out.
    pub removed: bool,
}

/// A conflicting-evidence note to insert.
#[derive(Debug, Clone)]
pub struct Conflict<'s> {
    /// The two items, in order of first citation.
    pub items: [Resolved<'s>; 2],
    /// The block after whose top-level block the note goes, if any.
    pub block: Option<BlockId>,
}

/// Everything the judge decided about a chapter.
#[derive(Debug)]
pub struct Judgement<'s> {
    /// The resolution of each marker of the scan.
    pub resolved: Vec<Option<Resolved<'s>>>,
    /// The claims checked.
    pub claims: Vec<Claim>,
    /// Every finding, in document order.
    pub findings: Vec<Judged>,
    /// Findings silenced by an `evidence-disable-next-line` comment, with
    /// its reason.
    pub suppressed: Vec<(Finding, String)>,
    /// Claims removed in `remove` mode, with their replacement phrase.
    pub removed_claims: Vec<(ClaimId, &'static str)>,
    /// Markers taken out of claims in `remove` mode.
    pub removed_markers: Vec<MarkerId>,
    /// Pairs of cited items that contradict each other.
    pub conflicts: Vec<Conflict<'s>>,
    /// Confidence labels of grounded claims.
    pub labels: Vec<(ClaimId, &'static str)>,
    /// Diversity of the cited evidence.
    pub diversity: DiversityStats,
    /// Claims with at least one resolving marker.
    pub grounded: usize,
    /// Findings at level `error`.
    pub errors: usize,
    /// Whether the chapter gets the banner.
    pub downgrade: bool,
    /// What the build does with the chapter.
    pub verdict: Verdict,
}

impl Judgement<'_> {
    /// The claim `id` names.
    pub fn claim(&self, id: ClaimId) -> &Claim {
        &self.claims[id.0]
    }
}

/// Judges a chapter. `checked` is false for excluded chapters, which are
/// rendered but never judged.
pub fn judge<'s>(
    text: &str,
    scan: &Scan,
    store: &'s Store,
    list: Option<&'s CitationList>,
    config: &Config,
    checked: bool,
) -> Judgement<'s> {
    let markers = resolve_markers(scan, store, list, config);
    let resolved = markers.resolved;
    let mut raw: Vec<(Finding, FindingSubject)> = markers.findings;

    let claims = claims(
        scan,
        config.claims,
        &config.sections,
        config.claim_min_words,
    );
    let cited = CitedItems::new(&resolved);
    let claim_checks = claim_findings(&claims, &resolved, &cited, store, list, config);
    raw.extend(claim_checks.findings);
    let mut failures = claim_checks.failures;
    let grounded = claim_checks.grounded;
    let mut labels = claim_checks.labels;

    raw.extend(item_findings(scan, &cited));
    raw.extend(passage_findings(text, scan, &resolved, config));
    let chapter = chapter_findings(scan, &cited, config);
    raw.extend(chapter.findings);
    let diversity = chapter.diversity;
    let conflicts = chapter.conflicts;
    let chapter_span = chapter_span(scan);

    let (suppressions, invalid_suppressions) = Suppressions::check(scan);
    raw.extend(invalid_suppressions);
    if !checked {
        raw.clear();
        failures.clear();
    }
    let suppressed = suppressions.apply(&mut raw, &mut failures);
    raw.sort_by_key(|(f, _)| (f.span.start, f.rule));

    // Decide: which findings count, and what `remove` mode takes out.
    let remove = config.mode == Mode::Remove && checked;
    let mut removed_claims = Vec::new();
    let mut removed_markers = Vec::new();
    let mut in_removed_claim = vec![false; scan.markers.len()];
    if remove {
        for failure in &failures {
            if config.level(failure.rule) == Level::Error {
                removed_claims.push((failure.claim, failure.phrase));
                for &m in &claims[failure.claim.0].markers {
                    in_removed_claim[m] = true;
                }
            }
        }
        for (finding, subject) in &raw {
            if let FindingSubject::Marker(m) = *subject
                && config.level(finding.rule) == Level::Error
                && !in_removed_claim[m.0]
            {
                removed_markers.push(m);
            }
        }
        removed_markers.sort_unstable();
    }
    let mut findings: Vec<Judged> = Vec::with_capacity(raw.len());
    for (finding, origin) in raw {
        let level = config.level(finding.rule);
        let Some(severity) = level.severity() else {
            continue;
        };
        let removed = remove
            && level == Level::Error
            && match origin {
                FindingSubject::Marker(m) => in_removed_claim[m.0] || removed_markers.contains(&m),
                FindingSubject::Claim(c) => removed_claims.iter().any(|(r, _)| *r == c),
                FindingSubject::Other => false,
            };
        findings.push(Judged {
            finding,
            level,
            severity,
            removed,
        });
    }
    let errors = findings.iter().filter(|j| j.level == Level::Error).count();

    // Escalation (seed 000 §3.2).
    let mut escalated = false;
    if remove {
        let removed_count = removed_claims.len();
        let mut reasons = Vec::new();
        if removed_count > config.max_removed {
            reasons.push(format!(
                "{removed_count} claims were removed from this chapter (max-removed = {})",
                config.max_removed
            ));
        }
        for section in &config.sections {
            let one = std::slice::from_ref(section);
            let under: Vec<usize> = (0..claims.len())
                .filter(|&c| is_under(scan, &scan.blocks[claims[c].block], one))
                .collect();
            if !under.is_empty()
                && under
                    .iter()
                    .all(|c| removed_claims.iter().any(|(r, _)| r.0 == *c))
            {
                reasons.push(format!(
                    "section `{section}` has no claim left after removals"
                ));
            }
        }
        let unhandled = findings
            .iter()
            .filter(|j| j.level == Level::Error && !j.removed)
            .count();
        if unhandled > 0 {
            reasons.push(format!(
                "{unhandled} error(s) cannot be fixed by removing a claim"
            ));
        }
        if !reasons.is_empty() && config.level(Rule::RemovalEscalation) != Level::Off {
            escalated = true;
            findings.push(Judged {
                finding: Finding {
                    rule: Rule::RemovalEscalation,
                    message: reasons.join("; "),
                    span: chapter_span.clone(),
                    block: None,
                    evidence_ids: Vec::new(),
                    excerpt: None,
                },
                level: config.level(Rule::RemovalEscalation),
                severity: Severity::Error,
                removed: false,
            });
        }
    }

    // Severities as printed, and the verdict.
    let escalate_fails = escalated && config.escalate == Escalate::Fail;
    for judged in &mut findings {
        judged.severity = match config.mode {
            Mode::Fail => judged.severity,
            Mode::Warn | Mode::Downgrade => Severity::Warning,
            Mode::Remove if judged.removed => Severity::Warning,
            Mode::Remove if judged.level == Level::Error && escalate_fails => Severity::Error,
            Mode::Remove => Severity::Warning,
        };
    }
    let downgrade = !scan.has_banner
        && ((config.mode == Mode::Downgrade && errors > 0)
            || (escalated && config.escalate == Escalate::Downgrade));
    let verdict = if (config.mode == Mode::Fail && errors > 0) || escalate_fails {
        Verdict::Failed
    } else if downgrade || (scan.has_banner && errors > 0 && config.mode == Mode::Downgrade) {
        Verdict::Downgraded
    } else if !removed_claims.is_empty() || !removed_markers.is_empty() {
        Verdict::RemovedClaims
    } else {
        Verdict::Published
    };
    labels.retain(|(c, _)| !removed_claims.iter().any(|(r, _)| r == c));
    Judgement {
        resolved,
        claims,
        findings,
        suppressed,
        removed_claims,
        removed_markers,
        conflicts,
        labels,
        diversity,
        grounded,
        errors,
        downgrade,
        verdict,
    }
}

/// What a finding is about, so that `remove` mode knows what to take out
/// (not to be confused with [`crate::store::Origin`], where a citation
/// list comes from).
#[derive(Debug, Clone, Copy)]
enum FindingSubject {
    /// A marker that does not resolve.
    Marker(MarkerId),
    /// A claim.
    Claim(ClaimId),
    /// An item or the whole chapter.
    Other,
}
