//! The note a chapter gets when `remove` mode took something out of it:
//! under its title, how many claims and citations went and why, so that a
//! reader can tell the page is not all that was written. In every removal
//! style: a deleted claim leaves no other trace.

use evidence_rules::Judgement;
use std::collections::BTreeMap;
use std::ops::Range;

/// What the note says was taken out and why (`2 claims that were not
/// verified against the evidence (ungrounded claim: 1, unknown evidence:
/// 1)`), or `None` when nothing was; `markers_kept` of the markers to
/// remove stayed as written, in the runs `kept_runs` (taking them out
/// would change the page's structure): neither they nor their findings
/// are counted.
pub(crate) fn removal_note(
    judgement: &Judgement<'_>,
    markers_kept: usize,
    kept_runs: &[Range<usize>],
) -> Option<String> {
    let claims = judgement.removed_claims.len();
    let markers = judgement.removed_markers.len().saturating_sub(markers_kept);
    if claims == 0 && markers == 0 {
        return None;
    }
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let what = match (claims, markers) {
        (0, m) => count(m, "citation", "citations"),
        (c, 0) => count(c, "claim", "claims"),
        (c, m) => format!(
            "{} and {}",
            count(c, "claim", "claims"),
            count(m, "citation", "citations")
        ),
    };
    let mut why: BTreeMap<&str, usize> = BTreeMap::new();
    let kept = |span: &Range<usize>| {
        kept_runs
            .iter()
            .any(|run| run.start <= span.start && span.end <= run.end)
    };
    for judged in judgement
        .findings
        .iter()
        .filter(|j| j.removed && !kept(&j.finding.span))
    {
        *why.entry(judged.finding.rule.id()).or_default() += 1;
    }
    let why: Vec<String> = why
        .into_iter()
        .map(|(rule, n)| format!("{}: {n}", rule.replace('-', " ")))
        .collect();
    let verb = if claims + markers == 1 { "was" } else { "were" };
    Some(if why.is_empty() {
        format!("{what} that {verb} not verified against the evidence")
    } else {
        format!(
            "{what} that {verb} not verified against the evidence ({})",
            why.join(", ")
        )
    })
}
