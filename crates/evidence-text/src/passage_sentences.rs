//! The sentences of a passage, of which the windows a claim is compared
//! with are made: the sentence rule of `claims = "sentences"`
//! ([`sentences`](fn@super::claims::sentences)), cut again after a full stop
//! of a script without spaces (`。`, `！`, `？`, which need no space after
//! them) and at blank lines.
//!
//! Every passage of every cited item and every claim is cut, so this
//! searches bytes (`memchr`, many at a time): it stops only where a
//! sentence can end (`.`, `!`, `?`, `…`), and looks again only at
//! sentences that hold a byte that needs it (a line break, the lead byte
//! of `。`, `！` or `？`). The ranges are the ones the sentence rule and
//! the second look give, character for character (the tests hold it to
//! that).

use crate::claims::is_abbreviation;
use std::ops::Range;

/// `…` in UTF-8.
const ELLIPSIS: &str = "…";

/// The sentences of `text`, as byte ranges, in order.
pub(crate) fn passage_sentences(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    passage_sentences_into(text, &mut out);
    out
}

/// [`passage_sentences`] into `out` (cleared first), so that a caller
/// reading many texts reuses one buffer.
pub(crate) fn passage_sentences_into(text: &str, out: &mut Vec<Range<usize>>) {
    out.clear();
    // Where the second look is needed: most passages have no such byte.
    let looks: Vec<usize> = memchr::memchr3_iter(b'\n', 0xE3, 0xEF, text.as_bytes()).collect();
    // The sentence being read starts at its first character that is not
    // whitespace.
    let mut start = text.len() - text.trim_start().len();
    for end in SentenceEnds::new(text) {
        push_sentence(text, start..end, holds(&looks, start..end), out);
        start = text.len() - text[end..].trim_start().len();
    }
    if start < text.len() {
        let end = start + text[start..].trim_end().len();
        push_sentence(text, start..end, holds(&looks, start..end), out);
    }
}

/// Whether the sentence rule ([`sentences`](fn@super::claims::sentences))
/// finds at most one sentence in `text`: whether no sentence ends before
/// text that is not whitespace. Most claims are one sentence; a support
/// unit asks this of every cited block before cutting it, so it stops at
/// the first sentence end, with no list of them.
pub fn at_most_one_sentence(text: &str) -> bool {
    SentenceEnds::new(text)
        .next()
        .is_none_or(|end| text[end..].trim_start().is_empty())
}

/// Where the sentences of a text end, by the sentence rule, in order:
/// each the offset just past a sentence's closing punctuation and the
/// quotes or brackets that close with it.
struct SentenceEnds<'t> {
    text: &'t str,
    /// Where the `…` are, and the next one not yet passed.
    ellipses: Vec<usize>,
    ellipsis: usize,
    /// Where the search goes on.
    at: usize,
}

impl<'t> SentenceEnds<'t> {
    fn new(text: &'t str) -> SentenceEnds<'t> {
        let bytes = text.as_bytes();
        // (A `…` starts with 0xE2: most texts have none, and a search for
        // one byte costs less than setting up a search for three.)
        let ellipses = match memchr::memchr(0xE2, bytes) {
            Some(first) => memchr::memmem::find_iter(&bytes[first..], ELLIPSIS)
                .map(|e| first + e)
                .collect(),
            None => Vec::new(),
        };
        SentenceEnds {
            text,
            ellipses,
            ellipsis: 0,
            at: 0,
        }
    }
}

impl Iterator for SentenceEnds<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        while self.at < bytes.len() {
            let at = self.at;
            let period = memchr::memchr3(b'.', b'!', b'?', &bytes[at..]).map(|p| at + p);
            while self.ellipses.get(self.ellipsis).is_some_and(|&e| e < at) {
                self.ellipsis += 1;
            }
            let (stop, c) = match (period, self.ellipses.get(self.ellipsis)) {
                (Some(p), Some(&e)) if e < p => (e, '…'),
                (None, Some(&e)) => (e, '…'),
                (Some(p), _) => (p, char::from(bytes[p])),
                (None, None) => return None,
            };
            let end = after_closers(text, stop + c.len_utf8());
            let rest = &text[end..];
            let next = rest.trim_start();
            let ends = next.is_empty()
                || (rest.starts_with(char::is_whitespace)
                    && !next.starts_with(char::is_lowercase)
                    && !(c == '.'
                        && may_be_abbreviation(bytes, stop)
                        && is_abbreviation(&text[..stop + 1])));
            if ends {
                self.at = text.len() - next.len();
                return Some(end);
            }
            self.at = end;
        }
        None
    }
}

/// Whether the word that ends with the `.` at `stop` may be an
/// abbreviation or an initial: `false` when its last eight bytes are
/// ASCII and none is whitespace or `(` (a word that long is neither; most
/// sentences end with one), so that the list is searched for few words.
fn may_be_abbreviation(bytes: &[u8], stop: usize) -> bool {
    const LONGEST: usize = 7; // `approx.`
    let Some(from) = (stop + 1).checked_sub(LONGEST + 1) else {
        return true;
    };
    bytes[from..=stop]
        .iter()
        .any(|&b| !b.is_ascii() || char::from(b).is_whitespace() || b == b'(')
}

/// Whether one of the sorted `positions` lies in `range`.
fn holds(positions: &[usize], range: Range<usize>) -> bool {
    let first = positions.partition_point(|&p| p < range.start);
    positions.get(first).is_some_and(|&p| p < range.end)
}

/// The end of a sentence whose closing punctuation ends at `end`: after
/// any closing quotes, brackets and further `.`, `!`, `?`.
fn after_closers(text: &str, mut end: usize) -> usize {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(end) {
        let len = match b {
            b'"' | b'\'' | b')' | b']' | b'.' | b'!' | b'?' => 1,
            0xE2 if text[end..].starts_with(['”', '’']) => 3,
            _ => break,
        };
        end += len;
    }
    end
}

/// Pushes the sentence at `range`; one that holds a line break or a full
/// stop of a script without spaces (`second_look`) is cut again there.
fn push_sentence(text: &str, range: Range<usize>, second_look: bool, out: &mut Vec<Range<usize>>) {
    if !second_look {
        out.push(range);
        return;
    }
    let piece = &text[range.clone()];
    let mut start = range.start;
    for (at, c) in piece.char_indices() {
        let cut = match c {
            '。' | '！' | '？' => Some(at + c.len_utf8()),
            '\n' => piece[at + 1..]
                .trim_start_matches([' ', '\t', '\r'])
                .starts_with('\n')
                .then_some(at),
            _ => None,
        };
        if let Some(cut) = cut.map(|c| range.start + c)
            && text[start..cut].chars().any(char::is_alphanumeric)
        {
            out.push(start..cut);
            start = cut;
        }
    }
    if text[start..range.end].chars().any(char::is_alphanumeric) {
        out.push(start..range.end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::sentences;
    use proptest::prelude::*;
    use proptest::sample::select;

    /// The cut as the sentence rule and the second look give it, one
    /// after the other: what [`passage_sentences`] must equal.
    fn reference(text: &str) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        for range in sentences(text) {
            let second_look = text[range.clone()]
                .bytes()
                .any(|b| matches!(b, b'\n' | 0xE3 | 0xEF));
            push_sentence(text, range, second_look, &mut out);
        }
        out
    }

    #[test]
    fn sentences_of_a_passage() {
        let text = "Rates held. 利率不变。经济增长！Next one\n\nafter a blank line";
        let got: Vec<&str> = passage_sentences(text)
            .into_iter()
            .map(|r| text[r].trim())
            .collect();
        assert_eq!(
            got,
            [
                "Rates held.",
                "利率不变。",
                "经济增长！",
                "Next one",
                "after a blank line"
            ]
        );
    }

    #[test]
    fn the_same_cuts_as_the_sentence_rule() {
        for text in [
            "",
            "   ",
            "One. Two! Three? Four… five. Six",
            "Dr. Smith met J. Powell (e.g. here). Then \"he left.\" Next",
            "Prices rose 5.25 percent.\u{a0}Then\u{3000}fell. 東京。 ...",
            "It ended…\n\nAnd began again?! ” Yes.’ No.",
            "Wait…what? ok. Fine.\u{2028}Next one! 🎉 Done.\u{200f}",
            "…",
            "a.",
            ". . .",
            "\n\n...\n\nRates held.\n   \n",
            "Costs rose approx. Ten percent. (approx. Nine) Approx. Eight. Sept. Oct. Nine.",
            "approx. One\u{a0}approx. Two Zürich. Three Februarys. Four",
        ] {
            assert_eq!(passage_sentences(text), reference(text), "{text:?}");
            assert_eq!(
                at_most_one_sentence(text),
                sentences(text).len() <= 1,
                "{text:?}"
            );
        }
    }

    /// Pieces that meet every branch of the cut.
    const PIECES: &[&str] = &[
        "Rates",
        "held",
        "rose",
        "e.g.",
        "Dr.",
        "J.",
        "U.S.",
        "5.25",
        ".",
        "!",
        "?",
        "…",
        "?!",
        "\"",
        "'",
        "”",
        "’",
        ")",
        "]",
        "(",
        " ",
        "  ",
        "\n",
        "\n\n",
        "\n \t\n",
        "\t",
        "\u{a0}",
        "\u{3000}",
        "\u{2028}",
        "\u{200f}",
        "\u{301}",
        "。",
        "！",
        "？",
        "．",
        "利率",
        "東京",
        "２０２６",
        "🎉",
        "Ölpreise",
        "стали",
        "שלום",
        "a",
        "x",
    ];

    proptest! {
        #[test]
        fn cuts_match_the_sentence_rule_on_any_text(
            pieces in proptest::collection::vec(select(PIECES), 0..40)
        ) {
            let text: String = pieces.concat();
            prop_assert_eq!(passage_sentences(&text), reference(&text));
        }

        #[test]
        fn at_most_one_sentence_as_the_sentence_rule_counts(
            pieces in proptest::collection::vec(select(PIECES), 0..40)
        ) {
            let text: String = pieces.concat();
            prop_assert_eq!(at_most_one_sentence(&text), sentences(&text).len() <= 1);
        }
    }
}
