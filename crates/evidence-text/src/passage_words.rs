//! Texts read as content words ([`content_words`]) to compare a claim with
//! what it cites (used by the support rules): a cited item's passages and
//! names, made once per item for the caller to keep, and a claim, with an
//! index of its words for the lookups of every word of every passage it
//! cites.

use crate::content_words::{Stem, content_words};
use crate::glued_words::passage_content_words;
use crate::passage_sentences::{passage_sentences, passage_sentences_into};
use evidence_core::store::EvidenceItem;
use std::ops::Range;
use std::sync::OnceLock;

/// A passage read as content words, sentence by sentence.
#[derive(Debug, Clone, Default)]
pub struct PassageWords {
    /// The stems of every content word, in order (repeats kept).
    stems: Box<[Stem]>,
    /// The sentences: each one's byte range in the passage and the end of
    /// its stems in `stems` (they start where the previous one's end).
    /// Boxed slices, without a Vec's slack: an item's are kept all build.
    sentences: Box<[(Range<usize>, usize)]>,
}

impl PassageWords {
    /// Reads `text`: its words in one pass, each given to the sentence
    /// that holds it (a word never crosses a cut: sentences end at
    /// punctuation, a space or a line break).
    // Out of line: called once per claim or passage, and named in profiles.
    #[inline(never)]
    pub fn new(text: &str) -> PassageWords {
        let bounds = passage_sentences(text);
        let mut stems = Vec::with_capacity(text.len() / 8);
        let mut sentences = Vec::with_capacity(bounds.len());
        let mut next = bounds.iter();
        let mut sentence = next.next();
        passage_content_words(text, |stem, range| {
            while let Some(bound) = sentence.filter(|b| b.end < range.end) {
                sentences.push((bound.clone(), stems.len()));
                sentence = next.next();
            }
            // Text outside every sentence (none has content words) is
            // left out, as it would be if each sentence were read alone.
            if sentence.is_some_and(|b| b.start <= range.start) {
                stems.push(stem);
            }
        });
        for bound in sentence.into_iter().chain(next) {
            sentences.push((bound.clone(), stems.len()));
        }
        PassageWords {
            stems: stems.into(),
            sentences: sentences.into(),
        }
    }

    /// The sentences' byte ranges and stems, in order.
    pub fn sentences(&self) -> impl Iterator<Item = (&Range<usize>, &[Stem])> {
        let mut start = 0;
        self.sentences.iter().map(move |(range, end)| {
            let stems = &self.stems[start..*end];
            start = *end;
            (range, stems)
        })
    }
}

/// Which text of an evidence item a passage is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassageField {
    /// `cited_text`.
    CitedText,
    /// `quote_span.text`.
    Quote,
    /// `snippet_span.text` (a `citation.v1` record's `evidence_snippet`).
    Snippet,
    /// `content`, the document's text.
    Content,
    /// The `n`th text given to [`ItemWords::from_texts`].
    Given(usize),
}

impl PassageField {
    /// The fields of an evidence item that hold passages, in the order
    /// they are read.
    pub const ALL: [PassageField; 4] = [
        PassageField::CitedText,
        PassageField::Quote,
        PassageField::Snippet,
        PassageField::Content,
    ];

    /// The field's text in `item` (`None` for [`PassageField::Given`]).
    pub fn text(self, item: &EvidenceItem) -> Option<&str> {
        match self {
            PassageField::CitedText => item.cited_text.as_deref(),
            PassageField::Quote => item.quote_span.as_ref().map(|q| q.text.as_str()),
            PassageField::Snippet => item.snippet_span.as_ref().map(|s| s.text.as_str()),
            PassageField::Content => item.content.as_deref(),
            PassageField::Given(_) => None,
        }
    }

    /// The field's name, as the store writes it.
    pub fn name(self) -> &'static str {
        match self {
            PassageField::CitedText => "cited_text",
            PassageField::Quote => "quote_span.text",
            PassageField::Snippet => "snippet_span.text",
            PassageField::Content => "content",
            PassageField::Given(_) => "passage",
        }
    }
}

/// Every passage of an evidence item, read once (kept in the build's
/// analyses, for every chapter that cites it), and the words that name it.
#[derive(Debug, Clone, Default)]
pub struct ItemWords {
    /// Each passage with the field it was stored in, read for its words.
    pub passages: Box<[(PassageField, PassageWords)]>,
    /// The stems of the item's title and publisher, sorted: a claim that
    /// names its source ("Reuters reports …") finds those words in the
    /// citation itself. Read on first use ([`ItemWords::names_of`]):
    /// most claims are found in the passages alone.
    names: OnceLock<Box<[Stem]>>,
}

impl ItemWords {
    /// Reads the passages of `item` ([`ItemWords::passages_of`]) and its
    /// names, `title` (or `document_title`) and `publisher` (only the
    /// crate's tests build one this way).
    #[cfg(test)]
    pub(crate) fn of_item(item: &EvidenceItem, publisher: &str) -> ItemWords {
        let words = ItemWords::passages_of(item);
        words.names_of(item, publisher);
        words
    }

    /// Reads the passages of `item`: `cited_text`, `quote_span.text`,
    /// `snippet_span.text` and `content`, each distinct non-blank text
    /// once; its names are read by [`ItemWords::names_of`] when needed.
    pub fn passages_of(item: &EvidenceItem) -> ItemWords {
        let mut seen: Vec<&str> = Vec::new();
        let mut passages = Vec::new();
        for field in PassageField::ALL {
            let Some(text) = field.text(item).filter(|t| !t.trim().is_empty()) else {
                continue;
            };
            if !seen.contains(&text) {
                seen.push(text);
                passages.push((field, PassageWords::new(text)));
            }
        }
        ItemWords {
            passages: passages.into(),
            names: OnceLock::new(),
        }
    }

    /// The stems of the names of `item` (the item these passages are
    /// of), its title (or `document_title`) and `publisher`, sorted: read
    /// the first time they are asked for.
    pub fn names_of(&self, item: &EvidenceItem, publisher: &str) -> &[Stem] {
        self.names.get_or_init(|| {
            let mut names = Vec::new();
            for text in [item.display_title().unwrap_or_default(), publisher] {
                content_words(text, |stem, _| names.push(stem));
            }
            names.sort_unstable();
            names.dedup();
            names.into()
        })
    }

    /// The stems of the item's names, sorted, as read so far (none before
    /// [`ItemWords::names_of`], nor for passages given as texts).
    pub fn names(&self) -> &[Stem] {
        self.names.get().map_or(&[], |names| names)
    }

    /// Reads passages given as texts (for measuring the rule on labelled
    /// pairs).
    pub fn from_texts(texts: &[&str]) -> ItemWords {
        let passages = texts
            .iter()
            .enumerate()
            .map(|(n, text)| (PassageField::Given(n), PassageWords::new(text)))
            .collect();
        ItemWords {
            passages,
            names: OnceLock::new(),
        }
    }

    /// Whether the item has a passage to compare a claim with.
    pub fn is_empty(&self) -> bool {
        self.passages.is_empty()
    }
}

/// Whether `item` has a passage to compare a claim with (what
/// [`ItemWords::is_empty`] of its words says, without reading them).
pub fn has_passage(item: &EvidenceItem) -> bool {
    PassageField::ALL
        .iter()
        .any(|field| field.text(item).is_some_and(|t| !t.trim().is_empty()))
}

/// A claim read as its distinct content words, sentence by sentence.
#[derive(Debug, Clone, Default)]
pub struct ClaimWords {
    /// The distinct stems, in the order of their first words.
    pub stems: Vec<Stem>,
    /// Where each stem is in `stems`, plus one (0: an empty slot), by
    /// open addressing on the stem's low bits: every word of a cited
    /// passage is looked up here, and most are not the claim's.
    slots: Vec<u32>,
    /// The byte range in the claim of each stem's first word.
    pub words: Vec<Range<usize>>,
    /// For each sentence of the claim, a bitset of the stems (by index in
    /// `stems`) of its words: [`ClaimWords::width`] words per sentence.
    pub(super) sentences: Vec<u64>,
    /// Buffers of [`ClaimWords::read`], kept for the next claim: the
    /// claim's sentences, and each word's sentence and stem (by index).
    bounds: Vec<Range<usize>>,
    found: Vec<(Stem, Range<usize>)>,
}

impl ClaimWords {
    /// Reads `text`.
    pub fn new(text: &str) -> ClaimWords {
        let mut claim = ClaimWords::default();
        claim.read(text);
        claim
    }

    /// Reads `text` in place of the claim read before, reusing its
    /// buffers: a chapter's claims are read one after the other into one
    /// `ClaimWords`, with no allocation once the buffers are large enough.
    // Out of line: called once per claim, and named in profiles.
    #[inline(never)]
    pub fn read(&mut self, text: &str) {
        // Cut as passages are, so that a claim is a window of its own text.
        let mut bounds = std::mem::take(&mut self.bounds);
        let mut found = std::mem::take(&mut self.found);
        passage_sentences_into(text, &mut bounds);
        found.clear();
        self.stems.clear();
        self.words.clear();
        self.sentences.clear();
        self.slots.clear();
        self.slots.resize(64, 0);
        // The words first (a closure small enough to be inlined into the
        // word loop), then each given its sentence and stem.
        content_words(text, |stem, range| found.push((stem, range)));
        let width = found.len().div_ceil(64).max(1);
        self.sentences.resize(bounds.len().max(1) * width, 0);
        let mut s = 0;
        for (stem, range) in found.drain(..) {
            while s + 1 < bounds.len() && bounds[s].end <= range.start {
                s += 1;
            }
            let k = self.insert(stem, range);
            self.sentences[s * width + k / 64] |= 1 << (k % 64);
        }
        // As wide as the distinct words need (fewer than the words).
        let width = self.narrow(width, bounds.len().max(1));
        // A sentence without content words takes no window of its own.
        let mut kept = 0;
        for s in 0..self.sentences.len() / width {
            let mask = s * width..(s + 1) * width;
            if self.sentences[mask.clone()].iter().any(|&b| b != 0) {
                self.sentences.copy_within(mask, kept * width);
                kept += 1;
            }
        }
        self.sentences.truncate(kept * width);
        self.bounds = bounds;
        self.found = found;
    }

    /// The index in `stems` of `stem`, added (with `range`, where its
    /// first word is) if it is new.
    #[inline]
    fn insert(&mut self, stem: Stem, range: Range<usize>) -> usize {
        if let Some(k) = self.index(stem) {
            return k;
        }
        self.stems.push(stem);
        self.words.push(range);
        if self.stems.len() * 4 > self.slots.len() {
            fill_slots(&mut self.slots, &self.stems);
        } else {
            let mask = self.slots.len() - 1;
            let mut at = stem as usize & mask;
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = self.stems.len() as u32;
        }
        self.stems.len() - 1
    }

    /// Narrows the `count` bitsets of [`ClaimWords::sentences`] from
    /// `wide` words each to [`ClaimWords::width`], and returns it.
    fn narrow(&mut self, wide: usize, count: usize) -> usize {
        let width = self.width();
        if width != wide {
            for s in 0..count {
                self.sentences
                    .copy_within(s * wide..s * wide + width, s * width);
            }
            self.sentences.truncate(count * width);
        }
        width
    }

    /// The number of distinct content words.
    pub fn len(&self) -> usize {
        self.stems.len()
    }

    /// Whether the claim has no content word.
    pub fn is_empty(&self) -> bool {
        self.stems.is_empty()
    }

    /// The number of 64-bit words of a bitset over the claim's stems.
    pub fn width(&self) -> usize {
        self.stems.len().div_ceil(64).max(1)
    }

    /// Where `stem` is in the claim's stems, if it is one of them.
    #[inline]
    pub fn index(&self, stem: Stem) -> Option<usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut at = stem as usize & mask;
        loop {
            let k = *self.slots.get(at)? as usize;
            if k == 0 {
                return None;
            }
            if self.stems[k - 1] == stem {
                return Some(k - 1);
            }
            at = (at + 1) & mask;
        }
    }
}

/// Fills `slots` ([`ClaimWords::slots`]) for `stems`: a power of two of
/// them, at least four times as many (a lookup of a word that is not
/// there ends at the first or second slot).
fn fill_slots(slots: &mut Vec<u32>, stems: &[Stem]) {
    slots.clear();
    slots.resize((stems.len() * 4).next_power_of_two().max(16), 0);
    let mask = slots.len() - 1;
    for (k, &stem) in stems.iter().enumerate() {
        let mut at = stem as usize & mask;
        while slots[at] != 0 {
            at = (at + 1) & mask;
        }
        slots[at] = k as u32 + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces of passages: words, numbers and every kind of cut.
    const PIECES: &[&str] = &[
        "Rates",
        "held",
        "5.25",
        "143,000",
        "Dr.",
        " ",
        "\u{a0}",
        "\u{3000}",
        "\n",
        "\n\n",
        ". ",
        "! ",
        "? ",
        "… ",
        "。",
        "！",
        "？",
        "利率",
        "東京",
        "２０２６",
        "Zürich",
        "cafe\u{301}",
        "🎉",
        "\u{200f}",
        "\"",
        "’",
        "it's",
        "systemGood",
        "rate1",
        "2018Updated",
    ];

    proptest::proptest! {
        /// Reading a passage once gives each sentence the words it would
        /// have if read alone.
        #[test]
        fn one_pass_reads_as_sentence_by_sentence(
            pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
        ) {
            let text: String = pieces.concat();
            let (mut stems, mut sentences) = (Vec::new(), Vec::new());
            for range in passage_sentences(&text) {
                passage_content_words(&text[range.clone()], |stem, _| stems.push(stem));
                sentences.push((range, stems.len()));
            }
            let once = PassageWords::new(&text);
            proptest::prop_assert_eq!(&*once.stems, &stems[..]);
            proptest::prop_assert_eq!(&*once.sentences, &sentences[..]);
        }
    }

    #[test]
    fn items_keep_each_distinct_passage_once() {
        let item: EvidenceItem = serde_json::from_value(serde_json::json!({
            "id": "ev", "cited_text": "Rates held.", "quote_span": {"text": "Rates held."},
            "snippet_span": {"text": "A snippet."}, "content": "   "
        }))
        .unwrap();
        let words = ItemWords::of_item(&item, "");
        let fields: Vec<PassageField> = words.passages.iter().map(|p| p.0).collect();
        assert_eq!(fields, [PassageField::CitedText, PassageField::Snippet]);
        assert!(ItemWords::of_item(&EvidenceItem::default(), "").is_empty());
    }
}
