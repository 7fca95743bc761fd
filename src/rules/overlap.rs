//! Word overlap between a claim and the passages it cites: the measure
//! behind `claim-not-in-evidence`.
//!
//! A passage is cut into sentences, each read as content words
//! ([`content_words`]). For each cited item, the best window is the one
//! sentence, or the two consecutive sentences of one passage, that hold
//! the most of the claim's distinct content words; the claim's overlap is
//! the share of its content words found in the best windows of its items
//! taken together (a claim citing two items may take one half from each).
//!
//! Everything is integer counting over the claim and its passages: a
//! verdict depends on nothing else (no statistics over the store), so it
//! is the same on every build and does not move when unrelated evidence
//! is added.

use super::content_words::{Stem, content_words};
use super::passage_sentences::passage_sentences;
use crate::store::EvidenceItem;
use std::ops::Range;

/// A passage read as content words, sentence by sentence.
#[derive(Debug, Clone, Default)]
pub struct PassageWords {
    /// The stems of every content word, in order (repeats kept).
    stems: Vec<Stem>,
    /// The sentences: each one's byte range in the passage and the end of
    /// its stems in `stems` (they start where the previous one's end).
    sentences: Vec<(Range<usize>, usize)>,
}

impl PassageWords {
    /// Reads `text`: its words in one pass, each given to the sentence
    /// that holds it (a word never crosses a cut: sentences end at
    /// punctuation, a space or a line break).
    pub fn new(text: &str) -> PassageWords {
        let bounds = passage_sentences(text);
        let mut out = PassageWords {
            stems: Vec::with_capacity(text.len() / 8),
            sentences: Vec::with_capacity(bounds.len()),
        };
        let mut next = bounds.iter();
        let mut sentence = next.next();
        content_words(text, |stem, range| {
            while let Some(bound) = sentence.filter(|b| b.end < range.end) {
                out.sentences.push((bound.clone(), out.stems.len()));
                sentence = next.next();
            }
            // Text outside every sentence (none has content words) is
            // left out, as it would be if each sentence were read alone.
            if sentence.is_some_and(|b| b.start <= range.start) {
                out.stems.push(stem);
            }
        });
        for bound in sentence.into_iter().chain(next) {
            out.sentences.push((bound.clone(), out.stems.len()));
        }
        out
    }

    /// The sentences' byte ranges and stems, in order.
    fn sentences(&self) -> impl Iterator<Item = (&Range<usize>, &[Stem])> {
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

/// Every passage of an evidence item, read once (the store keeps it with
/// the item, for every chapter that cites it), and the words that name it.
#[derive(Debug, Clone, Default)]
pub struct ItemWords {
    passages: Vec<(PassageField, PassageWords)>,
    /// The stems of the item's title and publisher, sorted: a claim that
    /// names its source ("Reuters reports …") finds those words in the
    /// citation itself.
    names: Vec<Stem>,
}

impl ItemWords {
    /// Reads the passages of `item`: `cited_text`, `quote_span.text`,
    /// `snippet_span.text` and `content`, each distinct non-blank text
    /// once; and its names, `title` (or `document_title`) and `publisher`.
    pub fn of_item(item: &EvidenceItem, publisher: &str) -> ItemWords {
        let mut names = Vec::new();
        for text in [item.display_title().unwrap_or_default(), publisher] {
            content_words(text, |stem, _| names.push(stem));
        }
        names.sort_unstable();
        names.dedup();
        let fields = [
            PassageField::CitedText,
            PassageField::Quote,
            PassageField::Snippet,
            PassageField::Content,
        ];
        let mut seen: Vec<&str> = Vec::new();
        let mut passages = Vec::new();
        for field in fields {
            let Some(text) = field.text(item).filter(|t| !t.trim().is_empty()) else {
                continue;
            };
            if !seen.contains(&text) {
                seen.push(text);
                passages.push((field, PassageWords::new(text)));
            }
        }
        ItemWords { passages, names }
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
            names: Vec::new(),
        }
    }

    /// Whether the item has a passage to compare a claim with.
    pub fn is_empty(&self) -> bool {
        self.passages.is_empty()
    }
}

/// A claim read as its distinct content words, sentence by sentence.
#[derive(Debug, Clone, Default)]
pub struct ClaimWords {
    /// The distinct stems, sorted.
    stems: Vec<Stem>,
    /// Bit `stem % 64` of each stem: most words of a passage are not the
    /// claim's, and this tells most of them apart without a search.
    filter: u64,
    /// The byte range in the claim of each stem's first word.
    words: Vec<Range<usize>>,
    /// For each sentence of the claim, a bitset of the stems (by index in
    /// `stems`) of its words: [`ClaimWords::width`] words per sentence.
    sentences: Vec<u64>,
}

impl ClaimWords {
    /// Reads `text`.
    pub fn new(text: &str) -> ClaimWords {
        let mut all: Vec<(Stem, Range<usize>)> = Vec::new();
        content_words(text, |stem, range| all.push((stem, range)));
        let mut distinct = all.clone();
        // By stem, then position: the first word of each stem comes first.
        distinct.sort_by_key(|(stem, range)| (*stem, range.start));
        distinct.dedup_by_key(|(stem, _)| *stem);
        let (stems, words): (Vec<Stem>, Vec<Range<usize>>) = distinct.into_iter().unzip();
        let width = stems.len().div_ceil(64).max(1);
        // Cut as passages are, so that a claim is a window of its own text.
        let bounds = passage_sentences(text);
        let mut masks = vec![0u64; bounds.len().max(1) * width];
        for (stem, range) in &all {
            let s = bounds.partition_point(|b| b.end <= range.start);
            let s = s.min(bounds.len().saturating_sub(1));
            let k = stems.binary_search(stem).unwrap_or_default();
            masks[s * width + k / 64] |= 1 << (k % 64);
        }
        // A sentence without content words takes no window of its own.
        let mut sentences = Vec::with_capacity(masks.len());
        for mask in masks.chunks(width).filter(|m| m.iter().any(|&b| b != 0)) {
            sentences.extend_from_slice(mask);
        }
        let filter = stems.iter().fold(0, |bits, stem| bits | filter_bit(*stem));
        ClaimWords {
            stems,
            filter,
            words,
            sentences,
        }
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
    fn width(&self) -> usize {
        self.stems.len().div_ceil(64).max(1)
    }
}

/// The best window of one cited item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    /// Which of the items given to [`overlap`].
    pub item: usize,
    /// Which text of the item.
    pub field: PassageField,
    /// The window's byte range in that text.
    pub bytes: Range<usize>,
    /// How many of the claim's content words it holds.
    pub covered: usize,
}

/// How much of a claim its cited passages hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overlap {
    /// The claim's distinct content words found in the best windows.
    pub covered: usize,
    /// The claim's distinct content words.
    pub total: usize,
    /// The best window of each item that holds any of them, best first.
    pub windows: Vec<Window>,
    /// The byte ranges in the claim of the words not found, in order.
    pub missing: Vec<Range<usize>>,
}

impl Overlap {
    /// The covered share in whole percent, rounded down.
    pub fn percent(&self) -> usize {
        (self.covered * 100).checked_div(self.total).unwrap_or(100)
    }

    /// Whether a claim with this overlap is flagged: it has at least
    /// `min_words` content words, and its best windows hold fewer than
    /// `min_percent` percent of them.
    pub fn is_below(&self, min_percent: usize, min_words: usize) -> bool {
        self.total >= min_words.max(1) && self.covered * 100 < min_percent * self.total
    }
}

/// The overlap of `claim` with the passages of `items`: for each item and
/// each sentence of the claim, the window that holds the most of that
/// sentence's content words; the claim's words found in any of them.
pub fn overlap(claim: &ClaimWords, items: &[&ItemWords]) -> Overlap {
    let total = claim.len();
    let width = claim.width();
    let groups = claim.sentences.len() / width;
    // Bitsets over the claim's words: the sentence being read, the one
    // before it, the window of both, the best window of each sentence of
    // the claim, and the union of the bests.
    let mut bits = vec![0u64; (4 + groups) * width];
    let (current, rest) = bits.split_at_mut(width);
    let (previous, rest) = rest.split_at_mut(width);
    let (pair, rest) = rest.split_at_mut(width);
    let (union, best) = rest.split_at_mut(width);
    let mut best_count = vec![0usize; groups];
    let sizes: Vec<usize> = claim.sentences.chunks(width).map(count).collect();
    let mut windows = Vec::new();
    for (i, item) in items.iter().enumerate() {
        best.fill(0);
        best_count.fill(0);
        // The item's window that holds the most of the claim, to show.
        let mut shown: Option<Window> = None;
        'passages: for (field, passage) in &item.passages {
            previous.fill(0);
            let mut previous_start: Option<usize> = None;
            for (range, stems) in passage.sentences() {
                current.fill(0);
                for &stem in stems {
                    if claim.filter & filter_bit(stem) != 0
                        && let Ok(k) = claim.stems.binary_search(&stem)
                    {
                        current[k / 64] |= 1 << (k % 64);
                    }
                }
                for ((p, c), b) in pair.iter_mut().zip(current.iter()).zip(previous.iter()) {
                    *p = c | b;
                }
                let candidates = [
                    Some((&*current, range.start)),
                    previous_start.map(|start| (&*pair, start)),
                ];
                for (window, start) in candidates.into_iter().flatten() {
                    let covered = count(window);
                    if shown.as_ref().is_none_or(|w| covered > w.covered) {
                        shown = Some(Window {
                            item: i,
                            field: *field,
                            bytes: start..range.end,
                            covered,
                        });
                    }
                    for (g, mask) in claim.sentences.chunks(width).enumerate() {
                        let held = and_count(window, mask);
                        if held > best_count[g] {
                            best_count[g] = held;
                            for ((b, w), m) in best[g * width..(g + 1) * width]
                                .iter_mut()
                                .zip(window)
                                .zip(mask)
                            {
                                *b = w & m;
                            }
                        }
                    }
                }
                // Nothing better to find once every sentence of the claim
                // has a window holding all of its words.
                if best_count == sizes {
                    break 'passages;
                }
                previous.copy_from_slice(current);
                previous_start = Some(range.start);
            }
        }
        for found in best.chunks(width) {
            for (u, b) in union.iter_mut().zip(found) {
                *u |= b;
            }
        }
        for (k, stem) in claim.stems.iter().enumerate() {
            if item.names.binary_search(stem).is_ok() {
                union[k / 64] |= 1 << (k % 64);
            }
        }
        windows.extend(shown.filter(|w| w.covered > 0));
    }
    windows.sort_by(|a, b| b.covered.cmp(&a.covered).then(a.item.cmp(&b.item)));
    let mut missing: Vec<Range<usize>> = (0..total)
        .filter(|&k| union[k / 64] & (1 << (k % 64)) == 0)
        .map(|k| claim.words[k].clone())
        .collect();
    missing.sort_by_key(|r| r.start);
    Overlap {
        covered: count(union),
        total,
        windows,
        missing,
    }
}

/// The bit of a stem in [`ClaimWords::filter`].
fn filter_bit(stem: Stem) -> u64 {
    1 << (stem % 64)
}

/// The number of bits set in both.
fn and_count(a: &[u64], b: &[u64]) -> usize {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & y).count_ones() as usize)
        .sum()
}

/// The number of bits set.
fn count(bits: &[u64]) -> usize {
    bits.iter().map(|b| b.count_ones() as usize).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(claim: &str, passages: &[&str]) -> Overlap {
        let items: Vec<ItemWords> = passages
            .iter()
            .map(|p| ItemWords::from_texts(&[p]))
            .collect();
        let items: Vec<&ItemWords> = items.iter().collect();
        overlap(&ClaimWords::new(claim), &items)
    }

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
    ];

    proptest::proptest! {
        /// Reading a passage once gives each sentence the words it would
        /// have if read alone.
        #[test]
        fn one_pass_reads_as_sentence_by_sentence(
            pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
        ) {
            let text: String = pieces.concat();
            let mut alone = PassageWords::default();
            for range in passage_sentences(&text) {
                content_words(&text[range.clone()], |stem, _| alone.stems.push(stem));
                alone.sentences.push((range, alone.stems.len()));
            }
            let once = PassageWords::new(&text);
            proptest::prop_assert_eq!(once.stems, alone.stems);
            proptest::prop_assert_eq!(once.sentences, alone.sentences);
        }
    }

    #[test]
    fn the_best_window_is_one_or_two_consecutive_sentences() {
        let passage = "Unrelated opening words here. The Committee held rates steady. \
                       Inflation eased in January. Another unrelated closing remark.";
        let o = of("The Committee held rates as inflation eased.", &[passage]);
        assert_eq!((o.covered, o.total), (5, 5));
        assert_eq!(
            &passage[o.windows[0].bytes.clone()],
            "The Committee held rates steady. Inflation eased in January."
        );
        // Words spread over non-adjacent sentences are not one window.
        let spread = "Rates were held. Nothing here. Nothing there. Inflation eased.";
        let o = of("Rates were held as inflation eased.", &[spread]);
        assert_eq!((o.covered, o.total), (2, 4));
    }

    #[test]
    fn a_claim_citing_two_items_takes_the_best_window_of_each() {
        let o = of(
            "Payrolls rose 143,000 while unemployment held at 4.1%.",
            &[
                "Payrolls rose by 143,000 in January.",
                "The unemployment rate held at 4.1 percent.",
            ],
        );
        assert_eq!((o.covered, o.total), (6, 6), "{o:?}");
        assert_eq!(o.windows.len(), 2);
        assert!(o.missing.is_empty());
    }

    #[test]
    fn unrelated_passages_cover_little_and_name_what_is_missing() {
        let claim = "Geranium has been awarded three Michelin stars.";
        let o = of(claim, &["Epoxy resin must be used to build these boards."]);
        assert_eq!((o.covered, o.total), (0, 5));
        assert!(o.windows.is_empty());
        let missing: Vec<&str> = o.missing.iter().map(|r| &claim[r.clone()]).collect();
        assert_eq!(
            missing,
            ["Geranium", "awarded", "three", "Michelin", "stars"]
        );
        assert!(o.is_below(50, 4));
        assert!(!o.is_below(50, 6));
        assert_eq!(o.percent(), 0);
    }

    #[test]
    fn the_title_and_publisher_of_an_item_count_as_found() {
        let item: EvidenceItem = serde_json::from_value(serde_json::json!({
            "id": "ev", "title": "Fed holds rates", "cited_text": "Policymakers left borrowing costs unchanged."
        }))
        .unwrap();
        let words = ItemWords::of_item(&item, "Reuters");
        let o = overlap(
            &ClaimWords::new("Reuters reports the Fed left borrowing costs unchanged."),
            &[&words],
        );
        // All but `reports`.
        assert_eq!((o.covered, o.total), (6, 7), "{o:?}");
        // Only the passages make windows.
        assert_eq!(o.windows[0].covered, 4);
    }

    #[test]
    fn long_claims_use_wide_bitsets() {
        let words: Vec<String> = (0..150).map(|n| format!("word{n}x")).collect();
        let claim = words.join(" ");
        let passage = format!("{}. {}.", words[..70].join(" "), words[70..140].join(" "));
        let o = of(&claim, &[&passage]);
        assert_eq!((o.covered, o.total), (140, 150));
        assert_eq!(o.missing.len(), 10);
    }

    #[test]
    fn empty_and_wordless_inputs() {
        let o = of("", &[""]);
        assert_eq!((o.covered, o.total), (0, 0));
        assert!(!o.is_below(50, 0));
        assert_eq!(o.percent(), 100);
        let o = of("🎉 — …", &["。。。", "\n\n\n"]);
        assert_eq!(o.total, 0);
        let o = of("利率维持不变", &["委员会决定利率维持不变。"]);
        assert_eq!(o.covered, o.total);
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
