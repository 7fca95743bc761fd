//! Where a name stands, read from the words around it rather than from a
//! list of known names: whether a passage writes a word as a proper name,
//! and whether a passage's capitalised word stands where the claim's name
//! does, next to the same content word (`Donald Trump was born` for
//! `Donald Chains was born`).

use evidence_text::names::Word;
use evidence_text::names::lexicon::{FUNCTION_WORDS, is_in};

/// How many function words may lie between a name and the content word
/// that places it (`Trump was born`: one).
const MAX_GAP: usize = 2;

/// Whether the passages write `folded` as a proper name: it is there, and
/// always capitalised, once at least after a word on the same line (not
/// only where a sentence or a heading opens). A sentence's first word
/// (`Using ECharts`) is written in lower case elsewhere, or not at all.
pub(super) fn written_as_a_name(folded: &str, words: &[Word]) -> bool {
    written_as_a_name_in(folded, &[words])
}

/// [`written_as_a_name`], read over several items' words.
pub(super) fn written_as_a_name_in(folded: &str, passages: &[&[Word]]) -> bool {
    let mut inside = false;
    for words in passages {
        for (k, w) in words.iter().enumerate().filter(|(_, w)| w.folded == folded) {
            if !w.capital {
                return false;
            }
            inside |= after_a_word_on_its_line(words, k);
        }
    }
    inside
}

/// Whether word `k` follows another word on its line: apart by spaces
/// only, no line break (a heading's line ends before the line after it).
pub(super) fn after_a_word_on_its_line(words: &[Word], k: usize) -> bool {
    k > 0 && words[k].joined && !words[k].opens_line && !words[k - 1].folded.is_empty()
}

/// The first content word after word `from` going `step` words at a time
/// (1 or -1), with at most [`MAX_GAP`] function words between; `None` at a
/// capitalised word, a break in the line, or the end.
fn content_word(words: &[Word], from: usize, forward: bool) -> Option<&str> {
    let mut k = from;
    for _ in 0..=MAX_GAP {
        let (next, joined) = if forward {
            let next = words.get(k + 1)?;
            (next, next.joined)
        } else {
            let next = words.get(k.checked_sub(1)?)?;
            (next, words[k].joined)
        };
        if !joined || next.capital || next.folded.is_empty() {
            return None;
        }
        k = if forward { k + 1 } else { k - 1 };
        if !is_in(FUNCTION_WORDS, &next.folded) {
            return Some(&next.folded);
        }
    }
    None
}

/// Whether passage word `k` stands where the claim's name (its words
/// `first..=last`) does: the same content word follows both, or precedes
/// both, with at most [`MAX_GAP`] function words between. A content word
/// of four letters or more places a name (`born`, `served`, `founded`);
/// shorter ones are too common to.
pub(super) fn same_slot(
    claim_words: &[Word],
    first: usize,
    last: usize,
    words: &[Word],
    k: usize,
) -> bool {
    let telling = |w: &&str| w.chars().count() >= 4;
    let after = content_word(claim_words, last, true).filter(telling);
    let before = content_word(claim_words, first, false).filter(telling);
    after.is_some_and(|a| content_word(words, k, true) == Some(a))
        || before.is_some_and(|b| content_word(words, k, false) == Some(b))
}

/// Whether two folded words are one word, or its singular and plural
/// (`lamp`, `lamps`): a slot is the same whatever the number.
pub(super) fn same_form(a: &str, b: &str) -> bool {
    let singular = |w: &'_ str| -> usize {
        let n = w.len();
        if n > 3 && w.ends_with('s') && !w.ends_with("ss") {
            n - 1
        } else {
            n
        }
    };
    a == b || a[..singular(a)] == b[..singular(b)]
}
