//! A chapter that lost claims says so on the page: a short note under its
//! title with how many and why, in every removal style (`delete` leaves no
//! other trace). A second run over the page adds no second note; a chapter
//! that lost nothing gets none. Each book goes through the binary twice
//! and through a real build.

use crate::common::{TestBook, run_twice};

const CHAPTER: &str = "# 東京 brief\n\n\
    - The Fed held rates steady this month [EVID:ev_fomc].\n\
    - Stocks crashed in 東京\u{a0}today, traders said.\n\
    - Yields rose sharply on the news \u{200f}é\u{301} [EVID:ev_nonexistent].\n\
    - The dollar gained against the yen, the desk said [EVID:ev_fomc][EVID:ev_made_up].\n";

#[test]
fn a_chapter_that_lost_claims_says_how_many_and_why() {
    for removal in ["replace", "delete"] {
        for claims in ["blocks", "sentences"] {
            let config = format!(
                "as-of = \"2026-02-11\"\nmode = \"remove\"\nremoval = \"{removal}\"\nclaims = \"{claims}\"\nmax-removed = 100"
            );
            let book = TestBook::new(&config, &[("c.md", CHAPTER)]);
            for renderer in ["html", "markdown"] {
                // run_twice asserts that the second run changes nothing.
                let run = run_twice(book.root(), &book.stdin(renderer));
                assert_eq!(run.code, 0, "{}", run.stderr);
                let page = run.chapter("c.md");
                let note = "# 東京 brief\n\n> [!NOTE]\n> Removed from this chapter: 2 claims and 1 citation that were not verified against the evidence (";
                assert!(
                    page.starts_with(note),
                    "{removal} {claims} {renderer}: {page}"
                );
                assert_eq!(page.matches("Removed from this chapter").count(), 1);
                assert!(page.contains("ungrounded claim: 1"), "{page}");
                assert!(page.contains("unknown evidence: 2"), "{page}");
                assert!(!page.contains("Stocks crashed"), "{page}");
            }
            book.build().unwrap();
            let html = book.html("c.md");
            assert!(
                html.contains("Removed from this chapter: 2 claims and 1 citation"),
                "{removal} {claims}: {html}"
            );
            // The note is no claim of its own.
            let (code, report) = book.check_json();
            assert_eq!(code, 0, "{report}");
        }
    }
}

#[test]
fn a_chapter_that_lost_nothing_gets_no_note() {
    let chapter = "# Brief\n\n- The Fed held rates steady this month [EVID:ev_fomc].\n";
    let book = TestBook::new(
        "as-of = \"2026-02-11\"\nmode = \"remove\"",
        &[("c.md", chapter)],
    );
    for renderer in ["html", "markdown"] {
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert!(
            !run.chapter("c.md").contains("Removed from"),
            "{}",
            run.chapter("c.md")
        );
    }
}
