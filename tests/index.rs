//! The evidence index: `{{#evidence-index}}` becomes a table of every cited
//! item, once, with links to the chapters citing it.

mod common;

use common::{TestBook, rerun, run_stdin};

const BRIEF: &str = "# Daily Brief\n\n- The Federal Reserve held rates steady, citing persistent inflation. [1][2]\n- Some economists argue the Fed is over-tightening into a slowdown. [3]\n";
const REPORT: &str = "# Market Report\n\nThe committee repeated its statement language word for word [EVID:ev_fomc].\n\nA monitor-only site warned of deflation this week [EVID:ev_zh].\n";
const NESTED: &str =
    "# Nested\n\nThe committee statement is cited once more here [EVID:ev_fomc].\n";
const INDEX: &str = "# Sources\n\nEvery source this book cites:\n\n{{#evidence-index}}\n\n```\n{{#evidence-index}}\n```\n";

fn book(config: &str) -> TestBook {
    let book = TestBook::new(
        config,
        &[
            ("brief.md", BRIEF),
            ("report.md", REPORT),
            ("deep/nested.md", NESTED),
            ("appendix/sources.md", INDEX),
        ],
    );
    let store = common::STORE.replace(
        "\"title\": \"Fed holds rates steady\"",
        "\"title\": \"Fed holds rates | steady\", \"tags\": [\"macro_data\"]",
    );
    std::fs::write(book.root().join("evidence/store.json"), store).unwrap();
    book
}

#[test]
fn the_index_lists_each_cited_item_once_with_its_chapters() {
    let book = book("");
    let stdin = book.stdin("html");
    let first = run_stdin(book.root(), &stdin);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let index = first.chapter("appendix/sources.md");
    let expected = "# Sources\n\nEvery source this book cites:\n\n\
| Publisher | Title | Published | Tags | Cited in |\n\
|---|---|---|---|---|\n\
| Federal Reserve | [FOMC Statement \\- February 2026](<https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm>) | Feb 10, 2026 | policy\\_centralbank | [brief\\.md](<../brief.md#evidence-ev_fomc>), [report\\.md](<../report.md#evidence-ev_fomc>), [deep\\/nested\\.md](<../deep/nested.md#evidence-ev_fomc>) |\n\
| Financial Times | [Is the Fed over\\-tightening\\?](<https://www.ft.com/content/abc>) \\[Paywall\\] | Feb 9, 2026 |  | [brief\\.md](<../brief.md#evidence-ev_ft>) |\n\
| Reuters | [Fed holds rates \\| steady](<https://www.reuters.com/markets/fed-holds>) | Feb 10, 2026 | macro\\_data | [brief\\.md](<../brief.md#evidence-ev_reuters>) |\n\
| Zero Hedge | [Deflation warnings ignored](<https://www.zerohedge.com/markets/deflation>) \\[Monitor\\-only source\\] | Feb 11, 2026 |  | [report\\.md](<../report.md#evidence-ev_zh>) |\n\
\n```\n{{#evidence-index}}\n```\n";
    assert_eq!(index, expected);

    // Its own output, fed back, changes nothing.
    let second = rerun(book.root(), &stdin, &first);
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert_eq!(second.chapters(), first.chapters());

    // Other renderers: the same table, links to the chapters only.
    let md = book.run("markdown").chapter("appendix/sources.md");
    assert!(
        md.contains("[report\\.md](<../report.md>), [deep\\/nested\\.md](<../deep/nested.md>) |"),
        "{md}"
    );
    assert!(!md.contains(".md#evidence-"), "{md}");
}

#[test]
fn the_index_page_links_to_the_citing_pages() {
    let book = book("");
    book.build().expect("builds");
    let page = book.html("appendix/sources.md");
    assert!(page.contains("<table>"), "{page}");
    assert!(
        page.contains("href=\"../deep/nested.html#evidence-ev_fomc\""),
        "{page}"
    );
    assert!(
        page.contains("href=\"../brief.html#evidence-ev_reuters\""),
        "{page}"
    );
    assert!(
        page.contains("Fed holds rates | steady</a>"),
        "the pipe stays in its cell: {page}"
    );
    // The anchors it links to exist.
    assert!(
        book.html("deep/nested.md")
            .contains("id=\"evidence-ev_fomc\"")
    );
}

#[test]
fn removed_claims_leave_the_index_and_an_empty_book_says_so() {
    // In remove mode the uncited claim is replaced; the index lists only
    // what was published.
    let book = TestBook::new(
        "mode = \"remove\"",
        &[
            ("a.md", "# A\n\nNothing is cited for this claim at all.\n"),
            ("i.md", "{{#evidence-index}}\n"),
        ],
    );
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.chapter("i.md"), "*No evidence is cited in this book*\n");
}
