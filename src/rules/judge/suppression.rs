//! The suppression phase. An `<!-- evidence-disable-next-line RULE-ID
//! reason="…" -->` comment silences the findings of the rules it names
//! that start in the block after it; the findings are kept, with the
//! reason, for the report. A comment that names an unknown rule or none,
//! gives no reason, or has no block after it silences nothing and is
//! itself a finding (`invalid-suppression`).

use super::FindingSubject;
use super::claim_findings::ClaimFailure;
use crate::markers::{Scan, Suppression};
use crate::rules::{Finding, Rule};
use std::ops::Range;

/// A valid suppression comment.
struct ActiveSuppression {
    /// The byte range of the block it applies to.
    target: Range<usize>,
    /// The rules it silences.
    rules: Vec<Rule>,
    /// Why, as the author wrote it.
    reason: String,
}

/// The valid suppression comments of a chapter.
pub(super) struct Suppressions {
    /// The comments.
    active: Vec<ActiveSuppression>,
}

impl Suppressions {
    /// Checks every suppression comment of the scan: the valid ones, and
    /// an `invalid-suppression` finding for each of the others.
    pub(super) fn check(scan: &Scan) -> (Self, Vec<(Finding, FindingSubject)>) {
        let mut active = Vec::new();
        let mut invalid = Vec::new();
        for s in &scan.suppressions {
            let (rules, problems) = rules_and_problems(s);
            if problems.is_empty()
                && let (Some(target), Some(reason)) = (&s.target, &s.reason)
            {
                active.push(ActiveSuppression {
                    target: target.clone(),
                    rules,
                    reason: reason.clone(),
                });
            } else {
                let finding = Finding {
                    rule: Rule::InvalidSuppression,
                    message: format!("suppression comment with {}", problems.join(", ")),
                    span: s.span.clone(),
                    block: None,
                    evidence_ids: Vec::new(),
                    excerpt: None,
                };
                invalid.push((finding, FindingSubject::Other));
            }
        }
        (Suppressions { active }, invalid)
    }

    /// Takes the findings a valid comment silences out of `candidates`,
    /// and returns them with the comment's reason, in their order. A claim
    /// whose failing finding is silenced no longer fails (its entry leaves
    /// `failures`).
    pub(super) fn apply(
        &self,
        candidates: &mut Vec<(Finding, FindingSubject)>,
        failures: &mut Vec<ClaimFailure>,
    ) -> Vec<(Finding, String)> {
        let mut suppressed = Vec::new();
        candidates.retain(|(finding, subject)| {
            let Some(by) = self.active.iter().find(|s| {
                s.target.contains(&finding.span.start) && s.rules.contains(&finding.rule)
            }) else {
                return true;
            };
            if let FindingSubject::Claim(c) = *subject {
                failures.retain(|f| !(f.claim == c && f.rule == finding.rule));
            }
            suppressed.push((finding.clone(), by.reason.clone()));
            false
        });
        suppressed
    }
}

/// The rules a comment names that exist, and what is wrong with it.
fn rules_and_problems(s: &Suppression) -> (Vec<Rule>, Vec<String>) {
    let mut problems = Vec::new();
    let mut rules = Vec::new();
    for id in &s.rules {
        match Rule::from_id(id) {
            Some(rule) => rules.push(rule),
            None => problems.push(format!("unknown rule id `{id}`")),
        }
    }
    if s.rules.is_empty() {
        problems.push("no rule id".to_owned());
    }
    if s.reason.is_none() {
        problems.push("no `reason=\"…\"`".to_owned());
    }
    if s.target.is_none() {
        problems.push("no block after it".to_owned());
    }
    (rules, problems)
}
