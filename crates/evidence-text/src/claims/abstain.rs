//! Abstain phrases stand for their own claim only: a block or sentence
//! that opens with one (`[Data not yet available as of …]`, or a label and
//! a colon before it) is exempt when nothing but punctuation follows the
//! phrase; text after it is a claim of its own, which starts after the
//! phrase, so that removing it keeps the phrase.

use evidence_core::markers::Block;
use evidence_core::syntax::ABSTAIN_PHRASES;
use std::ops::Range;

/// Where the abstain phrases that open `text` end: past the closing `]` of
/// a phrase that opens it (or follows a label ending with a colon,
/// `Minority view: [Insufficient …]`) and of each phrase that follows it
/// with nothing but punctuation or markup between. A phrase never closed
/// is its opening words only (`[Insufficient evidence`): what follows is
/// judged, as the reader sees it go on. `None` when `text` does not open
/// with one.
pub(super) fn abstention_end(text: &str) -> Option<usize> {
    abstentions(text).map(|phrases| phrases.end)
}

/// The abstain phrases that open `text` (see [`abstention_end`]): from
/// the first one's `[` (after the label before it, if any) to the end of
/// the last.
fn abstentions(text: &str) -> Option<Range<usize>> {
    let mut phrases: Option<Range<usize>> = None;
    loop {
        let from = phrases.as_ref().map_or(0, |p| p.end);
        let rest = &text[from..];
        let Some((at, opening)) = leading_phrase(rest, phrases.is_none()) else {
            return phrases;
        };
        let end = from + at + closing(&rest[at..], opening);
        let start = phrases.map_or(from + at, |p| p.start);
        phrases = Some(start..end);
        if end >= text.len() {
            return phrases;
        }
    }
}

/// Where in `text` an abstain phrase opens it: the first after white
/// space and pipes only or a one-sentence label ending with a colon; one that
/// follows another (`first` false) after anything without a letter or
/// digit (`[A] — [B]`, markup).
fn leading_phrase(text: &str, first: bool) -> Option<(usize, usize)> {
    ABSTAIN_PHRASES.iter().find_map(|phrase| {
        let at = crate::claims::find_phrase(text, phrase)?;
        Some((at, phrase.len())).filter(|&(at, _)| {
            let before = text[..at].trim_end();
            if !first {
                return states_nothing(before);
            }
            // A lone `|` before it is no word: the line that ends a table
            // before a removed paragraph's phrase (`|` then the phrase).
            before.trim_start_matches(['|', ' ', '\t']).is_empty()
                || before.ends_with(':') && !crate::claims::has_sentence_end(before)
        })
    })
}

/// The length of the phrase that opens `text` (with `[`): to its first
/// `]`, or its `opening` words when it is never closed.
fn closing(text: &str, opening: usize) -> usize {
    text.find(']').map_or(opening, |at| at + 1)
}

/// Whether `rest`, what follows the abstain phrases, states nothing: no
/// letter or digit.
pub(super) fn states_nothing(rest: &str) -> bool {
    !rest.chars().any(char::is_alphanumeric)
}

/// Where the claim in `range` of `block.text` starts: after the abstain
/// phrases that open it, when text follows them and the chapter can be cut
/// there (no inline element runs across, the offset has a place of its
/// own); else `range.start`. `None` when unchanged.
pub(super) fn claim_start(block: &Block, range: Range<usize>) -> Option<ClaimStart> {
    let text = &block.text[range.clone()];
    let lead = text.len() - text.trim_start().len();
    let phrases = abstentions(text.trim_start())?;
    let (phrase_start, phrase_end) = (
        range.start + lead + phrases.start,
        range.start + lead + phrases.end,
    );
    let after = &block.text[phrase_end..range.end];
    let at = phrase_end + (after.len() - after.trim_start().len());
    if at >= range.end || states_nothing(&block.text[at..range.end]) || !block.maps_exactly(at) {
        return None;
    }
    // One that opens in the gap after the phrase (its text starting with
    // a space, a citation cut before it: `*[EVID:a] Then*`) opens before
    // the claim, and is the claim's (below).
    let across = block
        .inlines
        .iter()
        .any(|inline| inline.text.start < phrase_end && at < inline.text.end);
    if across {
        return None;
    }
    // An element that opens between the phrase and the claim is the
    // claim's, its opening markup included.
    let source = block
        .inlines
        .iter()
        .filter(|inline| (phrase_end..=at).contains(&inline.text.start))
        .map(|inline| inline.source.start)
        .fold(block.source_offset(at), usize::min);
    Some(ClaimStart {
        at,
        source,
        phrase: block.source_offset(phrase_start)..block.source_offset(phrase_end - 1),
    })
}

/// Where a claim after abstain phrases starts ([`claim_start`]).
pub(super) struct ClaimStart {
    /// The offset in the block's text.
    pub(super) at: usize,
    /// Where that is in the chapter, the markup of an element that opens
    /// before it included.
    pub(super) source: usize,
    /// Where the phrases are in the chapter: from the first one's `[` to
    /// the last one's last character.
    pub(super) phrase: Range<usize>,
}
