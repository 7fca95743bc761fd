//! The suppression phase. A suppression comment silences the findings of
//! the rules it names that start in its target: the block after an
//! `<!-- evidence-disable-next-line RULE-ID reason="…" -->`, the block
//! whose line an `evidence-disable-line` ends, the text between an
//! `evidence-disable` and the next `evidence-enable`, or the chapter for
//! `evidence-disable-file`. The findings are kept, with the reason, for the
//! report. A comment that names an unknown rule or none, gives no reason,
//! cannot be applied, or starts with another `evidence-` word silences
//! nothing and is itself a finding (`invalid-suppression`).

use crate::judge::FindingSubject;
use crate::suppression::invalid_suppression;
use evidence_core::finding::Finding;
use evidence_core::markers::Scan;
use evidence_core::rule::Rule;
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
            let (rules, problems) = invalid_suppression::rules_and_problems(s);
            if problems.is_empty() {
                // An `evidence-enable` that ends a range silences nothing.
                if let (Some(target), Some(reason)) = (&s.target, &s.reason) {
                    active.push(ActiveSuppression {
                        target: target.clone(),
                        rules,
                        reason: reason.clone(),
                    });
                }
            } else {
                let finding = invalid_suppression::finding(&problems, s.span.clone());
                invalid.push((finding, FindingSubject::Other));
            }
        }
        // A file's or a line's comment comes after the start of what it
        // silences: the targets are put in order of start.
        active.sort_by_key(|s| s.target.start);
        (Suppressions { active }, invalid)
    }

    /// Takes the findings a valid comment silences out of `candidates`,
    /// and returns them with the comment's reason, in their order (a claim
    /// fails by the findings left: [`super::claim_errors`]). Each finding looks only at the comments whose block
    /// can hold it, so a chapter of many suppressed claims stays linear.
    pub(super) fn apply(
        &self,
        candidates: &mut Vec<(Finding, FindingSubject)>,
    ) -> Vec<(Finding, String)> {
        // The targets are in order of start; `reach[i]` is the furthest
        // end of targets 0..=i.
        let mut reach = Vec::with_capacity(self.active.len());
        let mut furthest = 0;
        for s in &self.active {
            furthest = furthest.max(s.target.end);
            reach.push(furthest);
        }
        let mut suppressed = Vec::new();
        candidates.retain(|(finding, _)| {
            let Some(by) = self.silencing(&reach, finding) else {
                return true;
            };
            suppressed.push((finding.clone(), by.reason.clone()));
            false
        });
        suppressed
    }

    /// The first comment (in document order) whose block holds the start
    /// of `finding` and that names its rule.
    fn silencing(&self, reach: &[usize], finding: &Finding) -> Option<&ActiveSuppression> {
        let at = finding.span.start;
        // Comments whose block starts after `at` cannot hold it; of the
        // others, going back, stop once no earlier block reaches `at`.
        let mut i = self.active.partition_point(|s| s.target.start <= at);
        let mut first = None;
        while i > 0 && reach[i - 1] > at {
            i -= 1;
            let s = &self.active[i];
            if s.target.contains(&at) && s.rules.contains(&finding.rule) {
                first = Some(s);
            }
        }
        first
    }
}
