//! A citation in a heading leaves the heading's anchor as it is without
//! the citation (issue 28, item 8): mdBook derives heading ids from the
//! rendered text, so the preprocessor gives a cited heading that id as an
//! attribute, and a later heading that id would shift its own. Through
//! the binary twice and a real `mdbook build`, in every mode.

use crate::common::{TestBook, run_twice};

use crate::common::stores::FED_STATEMENT as STORE;

const CHAPTER: &str = "# Brief\n\n\
## Rates held [EVID:fed_stmt]\n\n\
The Fed held rates steady this week. [EVID:fed_stmt]\n\n\
## Rates held\n\n\
The Fed held rates steady again today. [EVID:fed_stmt]\n\n\
## 東京 市場 É\u{301} [EVID:fed_stmt] ##\n\n\
The Fed held rates steady in 東京 this week. [EVID:fed_stmt]\n\n\
Setext *heading* [EVID:fed_stmt]\n---\n\n\
The Fed held rates steady this week again. [EVID:fed_stmt]\n\n\
## Own id [EVID:fed_stmt] {#mine}\n\n\
- [the rates](#rates-held)\n- [again](#rates-held-1)\n";

/// The ids mdBook gives the chapter's headings without the citations.
const IDS: [&str; 6] = [
    "id=\"brief\"",
    "id=\"rates-held\"",
    "id=\"rates-held-1\"",
    "id=\"東京-市場-é\"",
    "id=\"setext-heading\"",
    "id=\"mine\"",
];

#[test]
fn a_citation_in_a_heading_keeps_its_anchor() {
    for mode in ["warn", "downgrade", "remove", "fail"] {
        let config = format!(
            "as-of = \"2026-02-12\"\nmode = \"{mode}\"\n\
             [preprocessor.evidence.rules]\nunknown-evidence = \"warn\"\n"
        );
        let book = TestBook::with_store(&config, STORE, &[("brief.md", CHAPTER)]);
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{mode} {renderer}: {}", run.stderr);
        }
        book.build().unwrap();
        let html = book.html("brief.md");
        for id in IDS {
            assert_eq!(html.matches(id).count(), 1, "{mode}: {id} in {html}");
        }
        assert!(!html.contains("{#"), "{mode}: {html}");
        assert!(!html.contains("rates-held-2"), "{mode}: {html}");
    }
}

/// A marker in two pairs of brackets is reported with its fix, in every
/// mode, and never published as a citation in brackets (`[[1]]`): kept
/// as written, as any malformed marker, except in remove mode.
#[test]
fn a_marker_in_double_brackets_is_reported() {
    let chapter = "# Brief\n\n\
                   The Fed held rates steady this week [[EVID:fed_stmt]].\n\n\
                   - Stocks in 東京 fell sharply again [[evid:fed_stmt]] é\u{301} today.\n";
    for mode in ["warn", "downgrade", "remove", "fail"] {
        let config = format!("as-of = \"2026-02-12\"\nmode = \"{mode}\"\n");
        let book = TestBook::with_store(&config, STORE, &[("brief.md", chapter)]);
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(
                run.stderr
                    .matches("a marker takes one pair of brackets: `[EVID:fed_stmt]`")
                    .count()
                    + run
                        .stderr
                        .matches("a marker takes one pair of brackets: `[evid:fed_stmt]`")
                        .count(),
                2,
                "{mode} {renderer}: {}",
                run.stderr
            );
            assert_eq!(
                run.stderr.matches("[malformed-marker]").count(),
                2,
                "{}",
                run.stderr
            );
            if mode == "fail" {
                assert_ne!(run.code, 0, "{}", run.stderr);
                continue;
            }
            assert_eq!(run.code, 0, "{mode} {renderer}: {}", run.stderr);
            let page = run.chapter("brief.md");
            // Not a citation in brackets; kept as written, as every
            // malformed marker is, except in remove mode.
            assert!(!page.contains("evidence-cite"), "{mode} {renderer}: {page}");
            assert!(!page.contains("](#evidence-"), "{mode} {renderer}: {page}");
            assert_eq!(
                page.contains("[[EVID:fed_stmt]]"),
                mode != "remove",
                "{mode} {renderer}: {page}"
            );
            // In remove mode the claims, left without a citation, go.
            assert_eq!(
                page.contains("東京 fell sharply again"),
                mode != "remove",
                "{page}"
            );
        }
    }
}
