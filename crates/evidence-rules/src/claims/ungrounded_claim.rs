//! `ungrounded-claim`'s words beyond its help: the judging is the claim
//! phase's (`crate::judge`); what a diagnostic adds for a paragraph that
//! may be framing text is here.

use crate::meta::{RuleMeta, Terminal, guide_page};
use crate::passages::subject_not_in_evidence::names_a_subject;
use evidence_core::finding::Finding;
use evidence_core::rule::Rule;
use evidence_text::claims::{Claim, claim_finding};
use evidence_text::number_parse::first_figure;
use std::ops::Range;

/// What `ungrounded-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UngroundedClaim,
    help: "cite stored evidence after the claim, e.g. `[EVID:ev_…]` (or `[N]` from the chapter's citation list), label it `[SPECULATION]`, or use an abstain phrase such as `[Insufficient evidence to assess this claim]`",
    doc: &["A claim (paragraph or list item) has no marker that resolves."],
    guide_page: guide_page!("ungrounded-claim"),
    options: &[],
    terminal: Some(Terminal {
        label: "this claim needs evidence",
        help: framing_help,
    }),
    file: file!(),
};

/// The message of a claim without any marker.
pub(crate) const CITES_NOTHING: &str = "claim cites no evidence";

/// What an uncited paragraph that may be framing text is told besides the
/// rule's help: a citation, `[SPECULATION]` or an abstain phrase do not fit
/// an intro or a transition, which is marked instead.
const FRAMING_HELP: &str = "if it only frames the chapter (an intro, a transition), mark it with `<!-- evidence-disable-next-line ungrounded-claim reason=\"framing\" -->` on the line before, or set `claims = \"bullets\"` so that paragraphs are context";

/// The extra help for the `ungrounded-claim` diagnostic with `message` at
/// `span` of `chapter` (its source): `FRAMING_HELP` for a claim that
/// cites nothing, opens its line (a paragraph, not a list item, quote or
/// row), states no figure and names nothing. Only the terminal shows it:
/// the message, which the page's marks repeat to readers, stays as it is.
fn framing_help(chapter: &str, span: Range<usize>, message: &str) -> Option<&'static str> {
    if message.strip_suffix(" (removed)").unwrap_or(message) != CITES_NOTHING {
        return None;
    }
    let text = chapter.get(span.clone())?;
    let line_start = chapter[..span.start].rfind('\n').map_or(0, |at| at + 1);
    let opens_line = chapter[line_start..span.start].trim().is_empty();
    (opens_line && first_figure(text).is_none() && !names_a_subject(text)).then_some(FRAMING_HELP)
}

/// The `ungrounded-claim` finding of a claim without a resolving marker.
pub(crate) fn finding(claim: &Claim, has_list: bool) -> Finding {
    let message = if claim.markers.is_empty() {
        let mut m = CITES_NOTHING.to_owned();
        if !has_list && has_bare_number(&claim.text) {
            m.push_str(" (`[N]` markers need a citation list for this chapter under `chapters` in the store)");
        }
        m
    } else {
        "claim has no marker that resolves; its markers' own rules are not errors here, so the claim is reported as ungrounded".to_owned()
    };
    claim_finding(claim, META.rule, message, Vec::new())
}

/// Whether the text holds something like `[3]`, `[1, 2]` or `[1-3]`:
/// citation numbers, which need a citation list to be markers.
fn has_bare_number(text: &str) -> bool {
    text.split('[').skip(1).any(|rest| {
        rest.split_once(']').is_some_and(|(inside, _)| {
            inside.bytes().any(|b| b.is_ascii_digit())
                && inside
                    .chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, ',' | ';' | '-' | '–' | ' '))
        })
    })
}
