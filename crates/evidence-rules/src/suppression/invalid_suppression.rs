//! `invalid-suppression`: A suppression comment names an unknown rule, gives no
//! reason, cannot be applied where it stands, or starts with an unknown
//! `evidence-` word.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::markers::{Suppression, SuppressionKind};

use evidence_core::finding::Finding;
use evidence_core::rule::Rule;
use std::ops::Range;

/// What `invalid-suppression` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::InvalidSuppression,
    help: "write `<!-- evidence-disable-next-line RULE-ID reason=\"why\" -->` on the line before the block (or `evidence-disable-line` at the end of its line, `evidence-disable` … `evidence-enable` around several, `evidence-disable-file` for the chapter), with ids from the rules table",
    doc: &[
        "A suppression comment names an unknown rule, gives no reason, cannot",
        "be applied where it stands, or starts with an unknown `evidence-` word.",
    ],
    guide_page: guide_page!("invalid-suppression"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The finding of a suppression comment at `span` with `problems` (what
/// is wrong with it, each a phrase).
pub(crate) fn finding(problems: &[String], span: Range<usize>) -> Finding {
    Finding {
        rule: META.rule,
        message: format!("suppression comment with {}", problems.join(", ")),
        span,
        block: None,
        evidence_ids: Vec::new(),
        excerpt: None,
    }
}

/// The rules a comment names that exist, and what is wrong with it.
pub(crate) fn rules_and_problems(s: &Suppression) -> (Vec<Rule>, Vec<String>) {
    use evidence_core::syntax::{SUPPRESS_END, SUPPRESS_START, SUPPRESSION_WORDS};
    let mut problems = Vec::new();
    match &s.kind {
        SuppressionKind::Unknown(word) => {
            let hint = evidence_core::suggest::closest(word, SUPPRESSION_WORDS.into_iter())
                .map(|near| format!("; did you mean `{near}`?"))
                .unwrap_or_else(|| {
                    format!(" (the words are `{}`)", SUPPRESSION_WORDS.join("`, `"))
                });
            return (Vec::new(), vec![format!("unknown word `{word}`{hint}")]);
        }
        SuppressionKind::Enable => {
            if !s.rules.is_empty() {
                problems.push(format!(
                    "rule ids after `{SUPPRESS_END}`, which ends every open range and takes none"
                ));
            }
            if s.target.is_none() {
                problems.push(format!("no `{SUPPRESS_START}` before it"));
            }
            return (Vec::new(), problems);
        }
        _ => {}
    }
    let mut rules = Vec::new();
    for id in &s.rules {
        match Rule::from_id(id) {
            Some(rule) => rules.push(rule),
            None => {
                let hint = evidence_core::suggest::closest(id, Rule::ALL.iter().map(|r| r.id()))
                    .map(|near| format!(" (did you mean `{near}`?)"))
                    .unwrap_or_default();
                problems.push(format!("unknown rule id `{id}`{hint}"));
            }
        }
    }
    if s.rules.is_empty() {
        problems.push("no rule id".to_owned());
    }
    if s.reason.is_none() {
        problems.push("no `reason=\"…\"`".to_owned());
    }
    if let Some(misplaced) = placement_problem(s) {
        problems.push(misplaced.to_owned());
    }
    (rules, problems)
}

/// Why a comment that is well written cannot be applied where it stands.
fn placement_problem(s: &Suppression) -> Option<&'static str> {
    match (&s.kind, s.inline, s.target.is_some()) {
        (SuppressionKind::NextLine, true, _) => Some(
            "it stands inside a line of text (write it on the line before the block, or use `evidence-disable-line` at the end of the line)",
        ),
        (SuppressionKind::NextLine, false, false) => Some("no block after it"),
        (SuppressionKind::Line, false, _) => Some(
            "it stands on a line of its own (write it at the end of the line it silences, or use `evidence-disable-next-line` on the line before)",
        ),
        (SuppressionKind::Line, true, false) => {
            Some("no claim on its line (write it at the end of a paragraph's or list item's line)")
        }
        (SuppressionKind::Disable, true, _) => {
            Some("it stands inside a line of text (write it on a line of its own)")
        }
        (SuppressionKind::Disable, false, false) => Some(
            "no `evidence-enable` after it (end the range with `<!-- evidence-enable -->`, or use `evidence-disable-file`)",
        ),
        _ => None,
    }
}
