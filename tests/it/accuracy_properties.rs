//! Property tests of the word overlap behind `claim-not-in-evidence`
//! (proptest), on texts that mix words of several scripts with the
//! characters that trip text code: NBSP, ideographic space, full-width
//! digits, RTL marks, combining marks, emoji, CJK.
//!
//! Whatever the text: nothing panics; every range reported lies on
//! character boundaries of its text; the words found and not found add up;
//! a claim cited with its own text as the passage is never flagged; citing
//! one more item never lowers a claim's overlap; and the result is the same
//! on every call and thread.

use evidence_text::overlap::{ClaimWords, ItemWords, Overlap, overlap};
use proptest::prelude::*;
use proptest::sample::select;

/// Words and separators to build texts from.
const PIECES: &[&str] = &[
    "Rates",
    "rose",
    "rates",
    "held",
    "steady",
    "the",
    "of",
    "inflation",
    "Payrolls",
    "143,000",
    "5.25",
    "2026",
    "percent",
    "Fed's",
    "Zürich",
    "crème",
    "cafe\u{301}",
    "Ölpreise",
    "стали",
    "שלום",
    "عربي",
    "利率",
    "维持不变",
    "東京タワー",
    "ภาษาไทย",
    "한국어",
    "２０２６",
    "ＧＤＰ",
    "🎉",
    "👩‍👩‍👧",
    "\u{200f}",
    "\u{200e}",
    "\u{a0}",
    "\u{3000}",
    " ",
    " ",
    " ",
    "\n",
    "\n\n",
    ". ",
    "! ",
    "? ",
    "。",
    "！",
    "…",
    ", ",
    "'",
    "’",
    "-",
    "(",
    ")",
    "\"",
    "$",
    "%",
    "U.S.",
    "Mr.",
    "e.g.",
    "\t",
    "\r\n",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(select(PIECES), 0..40).prop_map(|pieces| pieces.concat())
}

fn measure(claim: &str, passages: &[&str]) -> Overlap {
    let items: Vec<ItemWords> = passages
        .iter()
        .map(|p| ItemWords::from_texts(&[p]))
        .collect();
    let items: Vec<&ItemWords> = items.iter().collect();
    overlap(&ClaimWords::new(claim), &items)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn ranges_are_on_char_boundaries_and_counts_add_up(
        claim in text(),
        passages in prop::collection::vec(text(), 0..4),
    ) {
        let refs: Vec<&str> = passages.iter().map(String::as_str).collect();
        let o = measure(&claim, &refs);
        prop_assert!(o.covered <= o.total);
        prop_assert_eq!(o.missing.len(), o.total - o.covered);
        for range in &o.missing {
            prop_assert!(claim.get(range.clone()).is_some(), "{:?} in {:?}", range, claim);
        }
        for window in &o.windows {
            prop_assert!(window.covered <= o.covered);
            let passage = &passages[window.item];
            prop_assert!(passage.get(window.bytes.clone()).is_some());
        }
        prop_assert!(o.percent() <= 100);
    }

    #[test]
    fn a_claim_is_supported_by_its_own_text(claim in text()) {
        let o = measure(&claim, &[&claim]);
        prop_assert_eq!(o.covered, o.total, "{:?}", o);
        prop_assert!(!o.is_below(100, 1));
    }

    #[test]
    fn citing_one_more_item_never_lowers_the_overlap(
        claim in text(),
        first in text(),
        second in text(),
    ) {
        let one = measure(&claim, &[&first]);
        let two = measure(&claim, &[&first, &second]);
        prop_assert!(two.covered >= one.covered);
        prop_assert_eq!(two.total, one.total);
    }

    #[test]
    fn the_same_texts_give_the_same_overlap_on_any_thread(
        claim in text(),
        passage in text(),
    ) {
        let here = measure(&claim, &[&passage]);
        let (c, p) = (claim.clone(), passage.clone());
        let there = std::thread::spawn(move || measure(&c, &[&p])).join().unwrap();
        prop_assert_eq!(here, there);
    }
}
