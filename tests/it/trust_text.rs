//! No text makes the binary panic: chapters in ordinary non-ASCII
//! typography (no-break, thin and ideographic spaces before numbers,
//! full-width digits, right-to-left marks, combining marks, emoji, CJK)
//! citing items whose passages (`quote_span`, `cited_text`, `content`) are
//! non-ASCII too, so every rule that reads a passage runs on them. Each
//! book goes through the binary as mdBook feeds it, in every mode, claim
//! unit and renderer; a run ends in 0, 1 or 2 (never a panic's 101), and a
//! run that succeeds changes nothing when run again.

use crate::common::{TestBook, run_twice};

/// Items whose passages hold the characters the chapters use, from a
/// full-text source (so passages are shown and checked) and a paywalled
/// one (whose quote must stay hidden).
const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Fed\u00a0Board 連邦", "tier": 1},
    {"source_id": "nikkei", "publisher": "日本経済新聞", "tier": 2},
    {"source_id": "ft", "publisher": "FT", "tier": 2, "paywall_policy": "metadata_only"}
  ],
  "evidence": [
    {"id": "ev_nbsp", "source_id": "fed", "url": "https://e.org/a", "title": "Rates\u00a02026",
     "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "held at 4.4\u00a0percent on page\u00a03, up 2\u2009% and 5\u202f%", "start": 0, "end": 45},
     "content": "held at 4.4\u00a0percent on page\u00a03, up 2\u2009% and 5\u202f% — more text"},
    {"id": "ev_cjk", "source_id": "nikkei", "url": "https://e.org/b", "title": "物価\u3000３月",
     "published_at": "2026-02-10T19:00:00Z",
     "cited_text": "消費者物価は\u30003\u3000パーセント上昇、\uff14\uff05 👍🏽 \u200fمرحبا 3\u200f",
     "source_span": [0, 5],
     "content": "消費者物価は\u30003\u3000パーセント上昇"},
    {"id": "ev_comb", "source_id": "fed", "url": "https://e.org/c", "title": "Cafe\u0301 7",
     "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "e\u0301\u0301 1\u0301,000 and 2.5\u0301%"},
     "snippet_span": {"text": "👨‍👩‍👧 12 ½"}},
    {"id": "ev_pay", "source_id": "ft", "url": "https://e.org/d", "title": "Paid",
     "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "paid\u00a09\u00a0percent"}, "snippet_span": {"text": "snippet\u3000９"}}
  ]
}"#;

/// Claims in the typography of real prose, each citing items with
/// passages; some numbers are in the passages, some are not.
const CHAPTER: &str = "# Prices\u{a0}and\u{3000}rates\n\n\
- Rates held at 4.4\u{a0}percent, as page\u{a0}3 says [EVID:ev_nbsp].\n\
- Prices rose\u{3000}3\u{3000}percent in 東京 and ４％ elsewhere [EVID:ev_cjk].\n\
- Inflation was 2\u{2009}% and 5\u{202f}% then 7\u{a0}% [EVID:ev_nbsp][EVID:ev_comb].\n\
- Cafe\u{301} prices\u{301} rose 1\u{301},000 times 2.5\u{301}% 👍🏽 [EVID:ev_comb].\n\
- \u{200f}مرحبا rose 3\u{200f} percent, the RTL desk said 4\u{200e}% [EVID:ev_cjk].\n\
- Paywalled\u{a0}9\u{a0}percent and\u{3000}９ claim here [EVID:ev_pay].\n\
- An uncited claim at\u{a0}12\u{a0}percent with 👨‍👩‍👧 and 日本語 words.\n\n\
Sentence one is 3\u{a0}% strong [EVID:ev_nbsp]. Sentence\u{3000}two has 8\u{a0}% and no citation. \
Third\u{2009}one 😀 cites 1\u{a0}000 [EVID:ev_comb].\n";

#[test]
fn non_ascii_typography_in_claims_and_passages_never_panics() {
    let book = TestBook::with_store("as-of = \"2026-02-11\"", STORE, &[("c.md", CHAPTER)]);
    for mode in ["fail", "downgrade", "warn", "remove"] {
        for claims in ["blocks", "bullets", "sentences"] {
            for labels in [false, true] {
                let config = format!(
                    "as-of = \"2026-02-11\"\nmode = \"{mode}\"\nclaims = \"{claims}\"\nconfidence-labels = {labels}"
                );
                let book_toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
                let head = &book_toml[..book_toml.find("as-of").unwrap()];
                std::fs::write(book.root().join("book.toml"), format!("{head}{config}\n")).unwrap();
                for renderer in ["html", "markdown"] {
                    let run = run_twice(book.root(), &book.stdin(renderer));
                    assert!(
                        (0..=2).contains(&run.code),
                        "{mode} {claims} {labels} {renderer}: exit {}\n{}",
                        run.code,
                        run.stderr
                    );
                    if run.code == 0 {
                        let page = run.chapter("c.md");
                        assert!(!page.contains("paid\u{a0}9"), "a paywalled quote shown");
                    }
                }
            }
        }
    }
}

#[test]
fn a_no_break_space_before_a_number_in_a_cited_claim_is_checked_like_a_space() {
    // The number is in the passage, however the space before it is written.
    let book = TestBook::with_store(
        "as-of = \"2026-02-11\"\nmode = \"fail\"",
        STORE,
        &[(
            "c.md",
            "# T\n\nThe rate held at 4.4\u{a0}percent this month [EVID:ev_nbsp].\n\n\
             Prices rose\u{3000}5\u{2009}% this month says the desk [EVID:ev_nbsp].\n",
        )],
    );
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // And a number absent from the passage is reported, at the number.
    let book = TestBook::with_store(
        "as-of = \"2026-02-11\"\nmode = \"warn\"\nrules.number-not-in-evidence = \"error\"",
        STORE,
        &[(
            "c.md",
            "# T\n\nThe rate held at 6.6\u{a0}percent this month [EVID:ev_nbsp].\n",
        )],
    );
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("number-not-in-evidence") && run.stderr.contains("6.6"),
        "{}",
        run.stderr
    );
}

#[test]
fn suppressions_silence_what_their_block_holds_nested_or_not() {
    // The outer comment's block is the whole list; the inner one's is an
    // item inside it; the last paragraph is under neither.
    let chapter = "# T\n\n\
<!-- evidence-disable-next-line ungrounded-claim reason=\"outer\" -->\n\
- First uncited item states a fact\u{a0}here.\n\
- Second uncited item states a fact here.\n\n\
  <!-- evidence-disable-next-line ungrounded-claim reason=\"inner\" -->\n\
  - Nested uncited item states a fact here.\n\n\
Uncited paragraph after the list states a fact.\n";
    let book = TestBook::with_store("as-of = \"2026-02-11\"", STORE, &[("c.md", chapter)]);
    let run = book.run("html");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("error[ungrounded-claim]").count(),
        1,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("c.md:10:1"), "{}", run.stderr);
}
