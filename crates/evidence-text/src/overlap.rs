//! Word overlap between a claim and the passages it cites: the share of
//! the claim's content words that its passages hold (used by the support
//! rules).
//!
//! A passage is cut into sentences, each read as content words
//! ([`super::passage_words`]). For each cited item, the best window is the one
//! sentence, or the two consecutive sentences of one passage, that hold
//! the most of the claim's distinct content words; the claim's overlap is
//! the share of its content words found in the best windows of its items
//! taken together (a claim citing two items may take one half from each).
//!
//! Everything is integer counting over the claim and its passages: a
//! verdict depends on nothing else (no statistics over the store), so it
//! is the same on every build and does not move when unrelated evidence
//! is added.

pub use crate::passage_words::{ClaimWords, ItemWords, PassageField, PassageWords};
use crate::stems::Stem;
use std::cell::RefCell;
use std::ops::Range;

/// A cited item as the overlap reads it: its passages, and the stems of
/// the words that name it (its title and publisher, sorted). Each is
/// asked for only when needed: most claims are found in the first
/// passages read, so an item's names, or a second item, often are not.
pub trait Cited {
    /// The item's passages.
    fn passages(&self) -> &ItemWords;
    /// The stems of the item's names, sorted.
    fn names(&self) -> &[Stem];
}

impl Cited for &ItemWords {
    fn passages(&self) -> &ItemWords {
        self
    }

    fn names(&self) -> &[Stem] {
        ItemWords::names(self)
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
pub fn overlap(claim: &ClaimWords, items: &[impl Cited]) -> Overlap {
    measure(claim, items, usize::MAX).unwrap_or_default()
}

/// The [`overlap`] of a claim that `claim-not-in-evidence` flags: one with
/// at least `min_words` content words whose cited passages hold fewer than
/// `min_percent` percent of them. `None` for any other claim, as soon as
/// that is certain: most claims are found in the first sentences read,
/// and the rest of their passages need no reading.
pub fn flagged(
    claim: &ClaimWords,
    items: &[impl Cited],
    min_percent: usize,
    min_words: usize,
) -> Option<Overlap> {
    if claim.len() < min_words.max(1) {
        return None;
    }
    let enough = (min_percent * claim.len()).div_ceil(100);
    measure(claim, items, enough).filter(|o| o.is_below(min_percent, min_words))
}

/// [`overlap`], or `None` once it is certain to cover at least `enough`
/// of the claim's words. Certain: the items measured so far cover that
/// many, or one window of this item holds that many of one sentence of
/// the claim (the best window of that sentence will hold as many).
// Out of line: called once per claim or passage, and named in profiles.
#[inline(never)]
fn measure(claim: &ClaimWords, items: &[impl Cited], enough: usize) -> Option<Overlap> {
    SCRATCH.with_borrow_mut(|scratch| measure_with(claim, items, enough, scratch))
}

/// The buffers of [`measure`], kept per thread for the next claim.
#[derive(Default)]
struct Scratch {
    bits: Vec<u64>,
    best_count: Vec<usize>,
    sizes: Vec<usize>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// [`measure`] with the buffers of `scratch`.
fn measure_with(
    claim: &ClaimWords,
    items: &[impl Cited],
    enough: usize,
    scratch: &mut Scratch,
) -> Option<Overlap> {
    let total = claim.len();
    let width = claim.width();
    let groups = claim.sentences.len() / width;
    // Bitsets over the claim's words: the sentence being read, the one
    // before it, the window of both, the best window of each sentence of
    // the claim, and the union of the bests.
    let Scratch {
        bits,
        best_count,
        sizes,
    } = scratch;
    bits.clear();
    bits.resize((4 + groups) * width, 0);
    let (current, rest) = bits.split_at_mut(width);
    let (previous, rest) = rest.split_at_mut(width);
    let (pair, rest) = rest.split_at_mut(width);
    let (union, best) = rest.split_at_mut(width);
    best_count.clear();
    best_count.resize(groups, 0);
    sizes.clear();
    sizes.extend(claim.sentences.chunks(width).map(count));
    let mut windows = Vec::new();
    let mut covered = 0;
    for (i, item) in items.iter().enumerate() {
        best.fill(0);
        best_count.fill(0);
        // The item's window that holds the most of the claim, to show.
        let mut shown: Option<Window> = None;
        'passages: for (field, passage) in &item.passages().passages {
            previous.fill(0);
            let mut previous_start: Option<usize> = None;
            for (range, stems) in passage.sentences() {
                current.fill(0);
                for &stem in stems {
                    if let Some(k) = claim.index(stem) {
                        add_word(current, k);
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
                    let held = count(window);
                    if shown.as_ref().is_none_or(|w| held > w.covered) {
                        shown = Some(Window {
                            item: i,
                            field: *field,
                            bytes: start..range.end,
                            covered: held,
                        });
                    }
                    keep_best(window, claim, best, best_count);
                }
                if best_count.iter().any(|&n| n >= enough) {
                    return None;
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
        let names = item.names();
        for (k, stem) in claim.stems.iter().enumerate() {
            if names.binary_search(stem).is_ok() {
                add_word(union, k);
            }
        }
        covered = count(union);
        if covered >= enough {
            return None;
        }
        windows.extend(shown.filter(|w| w.covered > 0));
    }
    windows.sort_by(|a, b| b.covered.cmp(&a.covered).then(a.item.cmp(&b.item)));
    let mut missing: Vec<Range<usize>> = (0..total)
        .filter(|&k| !has_word(union, k))
        .map(|k| claim.words[k].clone())
        .collect();
    missing.sort_by_key(|r| r.start);
    Some(Overlap {
        covered,
        total,
        windows,
        missing,
    })
}

/// Keeps `window` as the best of each sentence of the claim that it holds
/// more of than the best so far: `best` holds, per sentence, the words of
/// that sentence in its best window, and `best_count` their number.
fn keep_best(window: &[u64], claim: &ClaimWords, best: &mut [u64], best_count: &mut [usize]) {
    let width = window.len();
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

/// The number of bits set in both.
fn and_count(a: &[u64], b: &[u64]) -> usize {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & y).count_ones() as usize)
        .sum()
}

/// Whether a bitset over a claim's words ([`ClaimWords::width`] words of
/// 64 bits) holds the claim's word `k`.
pub fn has_word(bits: &[u64], k: usize) -> bool {
    bits[k / 64] & (1 << (k % 64)) != 0
}

/// Adds the claim's word `k` to a bitset over its words; whether it was
/// not there yet.
pub fn add_word(bits: &mut [u64], k: usize) -> bool {
    let newly = !has_word(bits, k);
    bits[k / 64] |= 1 << (k % 64);
    newly
}

/// The number of bits set.
fn count(bits: &[u64]) -> usize {
    bits.iter().map(|b| b.count_ones() as usize).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use evidence_core::store::EvidenceItem;

    fn of(claim: &str, passages: &[&str]) -> Overlap {
        let items: Vec<ItemWords> = passages
            .iter()
            .map(|p| ItemWords::from_texts(&[p]))
            .collect();
        let items: Vec<&ItemWords> = items.iter().collect();
        overlap(&ClaimWords::new(claim), &items)
    }

    /// Words some claims and passages share, and some they do not.
    const WORDS: &[&str] = &[
        "Rates",
        "held",
        "rose",
        "inflation",
        "payrolls",
        "143,000",
        "5.25",
        "利率",
        "東京",
        "Zürich",
        "Geranium",
        "stars",
        "the",
        ". ",
        "! ",
        "\n\n",
        " ",
        "\u{a0}",
    ];

    proptest::proptest! {
        /// Stopping once a claim is certain to be found changes no
        /// verdict: `flagged` is the overlap of exactly the claims below.
        #[test]
        fn flagged_is_overlap_below_the_threshold(
            claim in proptest::collection::vec(proptest::sample::select(WORDS), 0..16),
            passages in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(WORDS), 0..30), 0..3),
            percent in 0usize..=100,
            words in 0usize..6,
        ) {
            let claim = ClaimWords::new(&claim.join(" "));
            let texts: Vec<String> = passages.iter().map(|p| p.join(" ")).collect();
            let items: Vec<ItemWords> = texts.iter().map(|t| ItemWords::from_texts(&[t])).collect();
            let items: Vec<&ItemWords> = items.iter().collect();
            let full = overlap(&claim, &items);
            let expected = full.is_below(percent, words).then_some(full);
            proptest::prop_assert_eq!(flagged(&claim, &items, percent, words), expected);
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
}
