//! `unsupported-claim`: A stored `support.v1` verdict says a cited passage does
//! not support the claim.

use crate::meta::{RuleMeta, guide_page};
use crate::support::{checker, place, reason};
use evidence_core::rule::Rule;
use evidence_core::store::SupportRecord;

/// What `unsupported-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnsupportedClaim,
    help: "correct the claim or cite evidence that supports it, then check it again; a wrong verdict is answered where it came from, not by silencing it: a model's by `verify` after the fix, a person's (`human:NAME`) by `mdbook-evidence review --at FILE:LINE:COL`",
    doc: &[
        "A stored `support.v1` verdict says a cited passage does not support",
        "the claim.",
    ],
    guide_page: guide_page!("unsupported-claim"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of a citation of item `id` whose current verdict
/// `against` says its passages do not support the claim.
pub(crate) fn violation(against: &SupportRecord, id: &str) -> (Rule, String) {
    let what = if against.evidence_ids.len() > 1 {
        let ids: Vec<String> = against
            .evidence_ids
            .iter()
            .map(|i| format!("`{i}`"))
            .collect();
        format!("the passages of {} together do", ids.join(", "))
    } else {
        format!("the passage of `{id}` does")
    };
    (
        META.rule,
        format!(
            "{}{} found that {what} not support this claim (score {}; {}){}",
            checker(against),
            if against.checker.is_person() {
                ", a person,"
            } else {
                ""
            },
            against.score,
            place(against),
            reason(against)
        ),
    )
}
