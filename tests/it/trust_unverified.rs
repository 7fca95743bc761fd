//! Nothing unverified reaches the page as if it were verified: a marker
//! that does not resolve is never published raw, in any mode; it becomes
//! an "unverified" mark whose accessible label says why. Each book goes
//! through the binary on the stdin mdBook makes of it, twice, and through
//! a real build.

use crate::common::{TestBook, run_twice};

/// A chapter citing a made-up id next to non-ASCII text, in a list, a
/// table, a quote and a heading, and once beside a real citation.
const CHAPTER: &str = "# Brief\n\n\
- The Fed held rates steady in 東京 today\u{a0}😀 [EVID:ev_nonexistent].\n\
- Rates rose, the desk said \u{200f}é\u{301} [EVID:ev_fomc][EVID:ev_made_up].\n\n\
> Stocks fell sharply on the news [EVID:ev_deleted].\n\n\
| what | source |\n|---|---|\n| The Fed held rates | [EVID:ev_nonexistent] |\n";

const MODES: [&str; 3] = ["warn", "downgrade", "remove"];

fn config(mode: &str) -> String {
    // Unknown ids are warnings in remove mode here, so that they stay.
    let levels = if mode == "remove" {
        "\n[preprocessor.evidence.rules]\nunknown-evidence = \"warn\"\ndeleted-evidence = \"warn\"\nungrounded-claim = \"warn\""
    } else {
        ""
    };
    format!("as-of = \"2026-02-11\"\nmode = \"{mode}\"{levels}")
}

#[test]
fn an_unresolved_marker_is_never_published_raw() {
    for mode in MODES {
        let book = TestBook::new(&config(mode), &[("c.md", CHAPTER)]);
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{mode} {renderer}: {}", run.stderr);
            let page = run.chapter("c.md");
            assert!(!page.contains("EVID:"), "{mode} {renderer}: {page}");
            assert!(page.contains("東京 today\u{a0}😀"), "{page}");
            let marks = page.matches("unverified").count();
            assert!(marks >= 4, "{mode} {renderer}: {page}");
            if renderer == "html" {
                assert_eq!(
                    page.matches("<span class=\"evidence-unverified\" data-evidence=\"ev_nonexistent\" role=\"note\" aria-label=\"Unverified: evidence ev_nonexistent is not in the evidence store").count(),
                    2,
                    "{mode}: {page}"
                );
                assert!(page.contains("data-evidence=\"ev_made_up\""), "{page}");
            } else {
                assert!(
                    page.contains("[\\[unverified\\]](#evidence-ev_nonexistent \"Unverified: evidence ev_nonexistent is not in the evidence store"),
                    "{mode}: {page}"
                );
            }
        }
        book.build().unwrap();
        let html = book.html("c.md");
        assert!(!html.contains("EVID:"), "{mode}: {html}");
        // The table keeps its two columns; the mark is in its cell.
        assert!(
            html.contains("<td><span class=\"evidence-unverified\""),
            "{mode}: {html}"
        );
        assert!(html.contains("role=\"note\""), "{html}");
        assert!(html.contains(">[unverified]</span>"), "{html}");
    }
}

/// A store whose publisher ends with a period, and whose title is
/// non-ASCII.
const PERIOD_STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "acme", "publisher": "Acme Research Inc.", "tier": 2}],
  "evidence": [
    {"id": "ev_acme", "source_id": "acme", "url": "https://acme.example/r",
     "title": "東京 rates\u00a0held — é\u0301", "published_at": "2026-02-10T19:00:00Z"}
  ]
}"#;

#[test]
fn a_publisher_ending_with_a_period_gets_no_second_one() {
    let chapter = "# Brief\n\nRates were held steady in 東京 today [EVID:ev_acme].\n";
    for mode in ["warn", "downgrade", "remove"] {
        let book = TestBook::with_store(
            &format!("as-of = \"2026-02-11\"\nmode = \"{mode}\""),
            PERIOD_STORE,
            &[("c.md", chapter)],
        );
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{}", run.stderr);
            let page = run.chapter("c.md");
            let expected = if renderer == "html" {
                "[1] Acme Research Inc. &quot;東京 rates\u{a0}held — é\u{301}&quot;."
            } else {
                "\\[1\\] Acme Research Inc\\. \"東京 rates\u{a0}held — é\u{301}\"."
            };
            assert!(page.contains(expected), "{mode} {renderer}: {page}");
            assert!(!page.contains("Inc.."), "{page}");
        }
        book.build().unwrap();
        let html = book.html("c.md");
        assert!(html.contains("[1] Acme Research Inc. "), "{html}");
        assert!(!html.contains("Inc.."), "{html}");
    }
}

/// Items published late in the evening west of UTC and early in the
/// morning east of it: the UTC day is not the publication's.
const OFFSET_STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "wire", "publisher": "Wire", "tier": 2}],
  "evidence": [
    {"id": "ev_ny", "source_id": "wire", "url": "https://wire.example/ny",
     "title": "Rates held", "published_at": "2026-02-10T23:30:00-05:00"},
    {"id": "ev_tokyo", "source_id": "wire", "url": "https://wire.example/tokyo",
     "title": "東京 rates", "published_at": "2026-02-11T01:00:00+09:00"}
  ]
}"#;

#[test]
fn the_day_shown_is_the_day_the_publication_gives() {
    let chapter = "# Brief\n\nRates were held steady in New York [EVID:ev_ny].\n\n\
                   Rates were held steady in 東京\u{a0}today [EVID:ev_tokyo].\n";
    for mode in ["warn", "downgrade", "remove"] {
        let book = TestBook::with_store(
            &format!("as-of = \"2026-02-12\"\nmode = \"{mode}\""),
            OFFSET_STORE,
            &[("c.md", chapter)],
        );
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{}", run.stderr);
            let page = run.chapter("c.md");
            // In UTC these are Feb 11 and Feb 10.
            assert!(
                page.contains("Published Feb 10, 2026"),
                "{mode} {renderer}: {page}"
            );
            assert!(
                page.contains("Published Feb 11, 2026"),
                "{mode} {renderer}: {page}"
            );
            let ny = page.find("Rates held").unwrap();
            assert!(page[ny..].starts_with("Rates held"), "{page}");
            assert!(
                page[ny..].find("Feb 10") < page[ny..].find("Feb 11"),
                "{mode} {renderer}: {page}"
            );
        }
        book.build().unwrap();
        assert!(book.html("c.md").contains("Published Feb 10, 2026"));
    }
}
