//! In `downgrade` mode, each claim that fails a rule at level `error` is
//! marked where it stands, not only by the banner at the top: a `⚠` before
//! it whose accessible label (and tooltip) says why, `Unverified claim:`
//! and the finding's message. The sign is no word, so that the claim reads
//! the same to the rules on the next run; a mark an earlier run wrote is
//! replaced, so a second run changes nothing.

use crate::{Edit, Target};
use evidence_core::escape;
use evidence_core::syntax::{CLAIM_MARK_OPEN, confidence_label_len};
use std::ops::Range;

/// How a mark for other renderers opens: a link to no section, whose
/// title is the label.
const MARKDOWN_OPEN: &str = "[⚠](#unverified-claim \"";

/// A claim's mark to write.
#[derive(Debug)]
pub(super) struct ClaimMark {
    /// Where it goes: an earlier run's mark, or an empty range before the
    /// claim (after its confidence label, if it has one).
    pub(super) range: Range<usize>,
    /// Why the claim is unverified.
    pub(super) reason: String,
}

impl ClaimMark {
    /// The mark of a failing claim of `text`, whose first byte (markup
    /// included) is at `at`; `None` where none can go (a table row that
    /// opens with `|`, which would gain a cell).
    pub(super) fn new(text: &str, at: usize, reason: &str) -> Option<Self> {
        if text[at..].starts_with('|') {
            return None;
        }
        let at = at + confidence_label_len(&text[at..]).unwrap_or(0);
        let range = existing(text, at).unwrap_or(at..at);
        Some(ClaimMark {
            range,
            reason: reason.to_owned(),
        })
    }

    /// The edit that writes it for `target`.
    pub(super) fn edit(&self, target: Target) -> Edit {
        let label = format!("Unverified claim: {}", self.reason.replace('`', ""));
        let text = match target {
            Target::Html => {
                let label = escape::html(&label);
                format!(
                    "{CLAIM_MARK_OPEN} role=\"note\" aria-label=\"{label}\" title=\"{label}\">⚠</span> "
                )
            }
            Target::Markdown => format!(
                "{MARKDOWN_OPEN}{}\") ",
                escape::markdown_title(&escape::html(&label)).replace('<', "&lt;")
            ),
        };
        Edit {
            range: self.range.clone(),
            text,
        }
    }
}

/// An earlier run's mark at `at` (or around it: a claim's text may start
/// inside the mark's markup), with the space after it.
fn existing(text: &str, at: usize) -> Option<Range<usize>> {
    let line_start = text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let candidates = [CLAIM_MARK_OPEN, MARKDOWN_OPEN].map(|open| {
        if text[at..].starts_with(open) {
            Some((at, open))
        } else {
            text[line_start..at]
                .rfind(open)
                .map(|i| (line_start + i, open))
        }
    });
    candidates.into_iter().flatten().find_map(|(start, open)| {
        let close = if open == CLAIM_MARK_OPEN {
            "</span>"
        } else {
            "\")"
        };
        let end = start + text[start..].find(close)? + close.len();
        if end < at {
            return None;
        }
        let end = end + usize::from(text[end..].starts_with(' '));
        Some(start..end)
    })
}
