//! In `downgrade` mode the failing claims are marked where they stand
//! (issue 28, item 2): a `⚠` whose accessible label says why, besides the
//! banner at the top. Through the binary on the stdin mdBook makes of a
//! real book, twice (a second run changes nothing), and a real build.

use crate::common::{TestBook, run_twice};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "fed", "publisher": "Federal Reserve", "tier": 1},
              {"source_id": "blog", "publisher": "Macro Blog", "tier": 3}],
  "evidence": [
    {"id": "fed_stmt", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "title": "FOMC Statement", "published_at": "2026-02-10T19:00:00Z"},
    {"id": "blog1", "source_id": "blog", "url": "https://blog.example/1",
     "title": "Blog", "published_at": "2026-02-10T19:00:00Z"}
  ]
}"#;

/// Two uncited claims (one non-ASCII, one in a quote), a numeric claim
/// resting on one low-tier source, and a cited claim that passes.
const CHAPTER: &str = "# Brief\n\n\
- Stocks in 東京 crashed hard today\u{a0}😀 é\u{301}.\n\
- The Fed held rates steady this week. [EVID:fed_stmt]\n\
- The index rose 4% on Monday. [EVID:blog1]\n\n\
> Nobody cited anything for this statement.\n\n\
| what | source |\n|---|---|\n| Bonds fell on the day | none |\n";

fn book(extra: &str) -> TestBook {
    TestBook::with_store(
        &format!("as-of = \"2026-02-12\"\nmode = \"downgrade\"\n{extra}"),
        STORE,
        &[("brief.md", CHAPTER)],
    )
}

#[test]
fn failing_claims_are_marked_where_they_stand() {
    for extra in ["", "confidence-labels = true\n", "claims = \"sentences\"\n"] {
        let book = book(extra);
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{extra} {renderer}: {}", run.stderr);
            let page = run.chapter("brief.md");
            if renderer == "html" {
                assert_eq!(
                    page.matches("<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> ").count(),
                    2,
                    "{extra}: {page}"
                );
                assert!(page.contains("- <span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> Stocks in 東京 crashed hard today\u{a0}😀 é\u{301}."), "{extra}: {page}");
                assert!(
                    page.contains("> <span class=\"evidence-unverified-claim\""),
                    "{extra}: {page}"
                );
            } else {
                assert_eq!(
                    page.matches(
                        "[⚠](#unverified-claim \"Unverified claim: claim cites no evidence\") "
                    )
                    .count(),
                    2,
                    "{extra}: {page}"
                );
            }
            // The numeric claim fails numeric-claim; the passing one is unmarked.
            assert_eq!(page.matches("⚠").count(), 3, "{extra} {renderer}: {page}");
            assert!(
                !page.contains("⚠</span> The Fed held") && !page.contains("\") The Fed held"),
                "{page}"
            );
        }
        book.build().unwrap();
        let html = book.html("brief.md");
        assert_eq!(
            html.matches(
                "class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: "
            )
            .count(),
            3,
            "{extra}: {html}"
        );
        // The table keeps its two columns.
        assert!(
            html.contains("<td>Bonds fell on the day</td>"),
            "{extra}: {html}"
        );
    }
}

#[test]
fn other_modes_mark_no_claim() {
    for mode in ["warn", "remove", "fail"] {
        let book = TestBook::with_store(
            &format!("as-of = \"2026-02-12\"\nmode = \"{mode}\"\n"),
            STORE,
            &[("brief.md", CHAPTER)],
        );
        let run = run_twice(book.root(), &book.stdin("html"));
        if run.code == 0 {
            assert!(!run.chapter("brief.md").contains("⚠"), "{mode}");
        }
    }
}
