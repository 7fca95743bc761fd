//! `ungrounded-claim`'s words beyond its help: the judging is the claim
//! phase's ([`super::judge`]); what a diagnostic adds for a paragraph that
//! may be framing text is here.

use super::number_parse::first_figure;
use super::subject_not_in_evidence::names_a_subject;
use std::ops::Range;

/// The message of a claim without any marker.
pub(crate) const CITES_NOTHING: &str = "claim cites no evidence";

/// What an uncited paragraph that may be framing text is told besides the
/// rule's help: a citation, `[SPECULATION]` or an abstain phrase do not fit
/// an intro or a transition, which is marked instead.
const FRAMING_HELP: &str = "if it only frames the chapter (an intro, a transition), mark it with `<!-- evidence-disable-next-line ungrounded-claim reason=\"framing\" -->` on the line before, or set `claims = \"bullets\"` so that paragraphs are context";

/// The extra help for the `ungrounded-claim` diagnostic with `message` at
/// `span` of `chapter` (its source): [`FRAMING_HELP`] for a claim that
/// cites nothing, opens its line (a paragraph, not a list item, quote or
/// row), states no figure and names nothing. Only the terminal shows it:
/// the message, which the page's marks repeat to readers, stays as it is.
pub(crate) fn framing_help(
    chapter: &str,
    span: Range<usize>,
    message: &str,
) -> Option<&'static str> {
    if message.strip_suffix(" (removed)").unwrap_or(message) != CITES_NOTHING {
        return None;
    }
    let text = chapter.get(span.clone())?;
    let line_start = chapter[..span.start].rfind('\n').map_or(0, |at| at + 1);
    let opens_line = chapter[line_start..span.start].trim().is_empty();
    (opens_line && first_figure(text).is_none() && !names_a_subject(text)).then_some(FRAMING_HELP)
}
