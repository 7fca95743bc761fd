//! In `downgrade` mode, each claim that fails a rule at level `error` is
//! marked where it stands, not only by the banner at the top: a `⚠` before
//! it whose accessible label (and tooltip) says why, `Unverified claim:`
//! and the finding's message. The scanner reads the mark as no text of the
//! claim ([`evidence_core::syntax::claim_mark_len`]), so that the claim
//! reads the same to the rules on the next run; a mark an earlier run wrote
//! is replaced, so a second run changes nothing.

use crate::{Edit, Target};
use evidence_core::escape;
use evidence_core::syntax::{
    CLAIM_MARK_CLOSE, CLAIM_MARK_LINK_OPEN, CLAIM_MARK_OPEN, claim_mark_len, confidence_label_len,
};
use std::ops::Range;

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
                    "{CLAIM_MARK_OPEN} role=\"note\" aria-label=\"{label}\" title=\"{label}\">{CLAIM_MARK_CLOSE} "
                )
            }
            Target::Markdown => format!(
                "{CLAIM_MARK_LINK_OPEN}{}\") ",
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
    let candidates = [CLAIM_MARK_OPEN, CLAIM_MARK_LINK_OPEN].map(|open| {
        if text[at..].starts_with(open) {
            Some((at, open))
        } else {
            text[line_start..at]
                .rfind(open)
                .map(|i| (line_start + i, open))
        }
    });
    // The mark the scanner reads as one (`claim_mark_len`), not any
    // element that opens like it: an author's is theirs.
    candidates.into_iter().flatten().find_map(|(start, _)| {
        let end = start + claim_mark_len(&text[start..])?;
        if end < at {
            return None;
        }
        let end = end + usize::from(text[end..].starts_with(' '));
        Some(start..end)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax_tests::scan_with;
    use evidence_core::markers::MarkdownFlags;

    /// The mark written for either target, whatever its reason holds, is
    /// the mark the scanner reads back as no text of the claim: the claim
    /// reads the same marked and not, and the mark's edit is what
    /// `claim_mark_len` spans, with its space.
    #[test]
    fn the_mark_written_is_the_mark_read_back() {
        let claim = "2\\) Rates rose 3% in 東京 today.\n";
        let reason = "the quotation \"x\" (`q`) <b> & ) \") 😀 does not stand";
        for target in [Target::Html, Target::Markdown] {
            let mark = ClaimMark::new(claim, 0, reason).expect("a mark");
            let written = mark.edit(target).text;
            assert_eq!(
                claim_mark_len(&written),
                Some(written.len() - 1),
                "{written}"
            );
            let marked = format!("{written}{claim}");
            let scan = scan_with(&marked, MarkdownFlags::default(), false);
            assert_eq!(
                scan.blocks[0].text.trim(),
                "2) Rates rose 3% in 東京 today."
            );
            assert_eq!(scan.blocks[0].span.start, 0);
            // The next run's mark replaces it, space and all.
            let again = ClaimMark::new(&marked, 0, reason).expect("a mark");
            assert_eq!(again.range, 0..written.len());
        }
        // An element or link of the author's that opens like a mark, but
        // is none the scanner reads, is kept: the mark goes before it.
        for author in [
            "<span class=\"evidence-unverified-claim\">!</span> 東京 rates rose.\n",
            "[⚠](#unverified-claim \"theirs\" Rates rose.\n",
        ] {
            let mark = ClaimMark::new(author, 0, reason).expect("a mark");
            assert_eq!(mark.range, 0..0, "{author}");
        }
    }
}
