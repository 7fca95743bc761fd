//! The evidence index: `{{#evidence-index}}` becomes a table of every cited
//! item, once, with links to the chapters citing it.

use crate::common::{TestBook, rerun, run_stdin};
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::{Book, Chapter};
use std::path::Path;

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
    let store = crate::common::STORE.replace(
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
<div class=\"evidence-index\">\n\n\
| Publisher | Title | Published | Tags | Cited in |\n\
|---|---|---|---|---|\n\
| Federal Reserve | [FOMC Statement \\- February 2026](<https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm>) | Feb 10, 2026 | policy\\_centralbank | [brief\\.md](<../brief.md#evidence-ev_fomc>), [report\\.md](<../report.md#evidence-ev_fomc>), [deep\\/nested\\.md](<../deep/nested.md#evidence-ev_fomc>) |\n\
| Financial Times | [Is the Fed over\\-tightening\\?](<https://www.ft.com/content/abc>) \\[Paywall\\] | Feb 9, 2026 |  | [brief\\.md](<../brief.md#evidence-ev_ft>) |\n\
| Reuters | [Fed holds rates \\| steady](<https://www.reuters.com/markets/fed-holds>) | Feb 10, 2026 | macro\\_data | [brief\\.md](<../brief.md#evidence-ev_reuters>) |\n\
| Zero Hedge | [Deflation warnings ignored](<https://www.zerohedge.com/markets/deflation>) \\[Monitor\\-only source\\] | Feb 11, 2026 |  | [report\\.md](<../report.md#evidence-ev_zh>) |\n\
\n\
*Citation quality by chapter: coverage of sentences, accuracy of citations, domains cited, mean tier authority, disagreement rate (✓ target met, ✗ target missed and the build warned)*\n\
\n\
*Targets: coverage \\> 80\\%, accuracy \\> 90\\%, domains \\> 3, authority \\> 0\\.7, disagreement \\< 20\\%*\n\
\n\
| Chapter | Coverage | Accuracy | Domains | Authority | Disagreement |\n\
|---|--:|--:|--:|--:|--:|\n\
| [brief\\.md](<../brief.md>) | 100\\% ✓ | not measured | 3 | 0\\.867 ✓ | 0\\% ✓ |\n\
| [report\\.md](<../report.md>) | 100\\% ✓ | not measured | 2 | 0\\.6 | 0\\% ✓ |\n\
| [deep\\/nested\\.md](<../deep/nested.md>) | 100\\% ✓ | not measured | 1 | 1 ✓ | 0\\% ✓ |\n\
| **Book** | 100\\% ✓ | not measured | 4 ✓ | 0\\.8 ✓ | 0\\% ✓ |\n\
\n\
*Accuracy not measured\\: no citation has a support verdict*\n\
\n</div>\n\
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

/// The quality table marks a missed target ✗ only where the build warned
/// of it: with `min-claims = 1` the chapters are judged, the build warns
/// of their few domains, and the table says so; `quality-table = false`
/// leaves the table out (the items stay).
#[test]
fn the_quality_table_marks_only_what_the_build_warned_of_and_can_be_left_out() {
    let judged = book("[preprocessor.evidence.quality]\nmin-claims = 1");
    let run = run_stdin(judged.root(), &judged.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("[low-source-diversity]"),
        "{}",
        run.stderr
    );
    let index = run.chapter("appendix/sources.md");
    assert!(
        index.contains(
            "| [report\\.md](<../report.md>) | 100\\% ✓ | not measured | 2 ✗ | 0\\.6 ✗ | 0\\% ✓ |"
        ),
        "{index}"
    );
    // The book as a whole is judged by no rule: no ✗.
    assert!(
        index.contains("| **Book** | 100\\% ✓ | not measured | 4 ✓ | 0\\.8 ✓ | 0\\% ✓ |"),
        "{index}"
    );

    let off = book("quality-table = false");
    let run = run_stdin(off.root(), &off.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let index = run.chapter("appendix/sources.md");
    assert!(index.contains("| Reuters |"), "{index}");
    for gone in [
        "Citation quality",
        "| Chapter |",
        "✓",
        "✗",
        "Accuracy not measured",
    ] {
        assert!(!index.contains(gone), "{gone}: {index}");
    }
}

/// A target finding a suppression comment silences was not warned of, so
/// the table does not mark it ✗ (it shows the figure alone): the page says
/// what the build told the team, the suppression included.
#[test]
fn a_suppressed_target_finding_is_not_marked_missed() {
    let judged = book("[preprocessor.evidence.quality]\nmin-claims = 1");
    let silenced = format!(
        "<!-- evidence-disable-file low-source-diversity reason=\"one wire service by design\" -->\n\n{REPORT}"
    );
    std::fs::write(judged.root().join("src/report.md"), silenced).unwrap();
    let run = run_stdin(judged.root(), &judged.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let index = run.chapter("appendix/sources.md");
    assert!(
        index.contains(
            "| [report\\.md](<../report.md>) | 100\\% ✓ | not measured | 2 | 0\\.6 ✗ | 0\\% ✓ |"
        ),
        "{index}"
    );
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

/// The index built from the render plans (what the build uses) equals the
/// index read back from the rendered chapters (the scanner recognizes the
/// citations it rendered), item for item and chapter for chapter, and both
/// place the same table. A book without the placeholder gets an index
/// chapter, last.
fn assert_planned_index_is_the_rescanned_one(root: &Path, stdin: &str) {
    use evidence_render::index::EvidenceIndex;
    use mdbook_evidence::session::Session;
    let (ctx, mut book): (PreprocessorContext, Book) =
        serde_json::from_str(stdin).expect("stdin parses");
    let has_index = book
        .chapters()
        .any(|chapter| chapter.content.contains("{{#evidence-index}}"));
    if !has_index {
        book.push_item(Chapter::new(
            "Index",
            "# Index\n\n{{#evidence-index}}\n".into(),
            "evidence-index.md",
            vec![],
        ));
    }
    let setup = Session::open_to_read(&ctx, &Default::default()).expect("setup loads");
    let (_, plans) = setup.judge_quietly(&book);
    let planned = EvidenceIndex::from_plans(&book, &plans, setup.config())
        .expect("the book has an index")
        .items_only();
    setup.render_chapters(&mut book.items, &mut plans.into_iter(), None);
    let rescanned =
        EvidenceIndex::from_rendered(&book, setup.store(), setup.config(), setup.markdown())
            .expect("the rendered book has an index");
    assert_eq!(
        planned.cited_in(),
        rescanned.cited_in(),
        "{}",
        root.display()
    );
    let placed = |index: &EvidenceIndex<'_>| {
        let mut book = book.clone();
        index.place(&mut book.items, setup.markdown(), setup.target());
        serde_json::to_string(&book).expect("serializes")
    };
    assert_eq!(placed(&planned), placed(&rescanned), "{}", root.display());
}

#[test]
fn the_index_from_the_plans_is_the_index_read_back_from_the_output() {
    let mixed = [
        (
            "mixed.md",
            "# Heading cites [EVID:ev_reuters]\n\nAn image-like citation ![EVID:ev_fomc] holds.\n\nThe statement was repeated verbatim [EVID:ev_fomc] [EVID:ev_deleted].\n\n- 東京の市場は\u{a0}反応した [EVID:ev_ft]\u{200f}\n- ２０２６年 ✓ é\u{301} [EVID:ev_unknown]\n\n```\n[EVID:ev_zh]\n```\n\n## References\n\n[EVID:ev_zh] stays out of the index.\n",
        ),
        (
            "plain.md",
            "# Nothing cited\n\nA chapter without markers.\n",
        ),
    ];
    for config in [
        "",
        "mode = \"remove\"",
        "mode = \"remove\"\nremoval = \"delete\"",
    ] {
        let index_book = book(config);
        let mixed_book = TestBook::new(config, &mixed);
        for renderer in ["html", "markdown"] {
            for book in [&index_book, &mixed_book] {
                let stdin = book.stdin(renderer);
                assert_planned_index_is_the_rescanned_one(book.root(), &stdin);
                // An earlier run's output, fed back: its citations are
                // read as rendered markers.
                let first = run_stdin(book.root(), &stdin);
                if first.code == 0 {
                    let (ctx, _): (serde_json::Value, serde_json::Value) =
                        serde_json::from_str(&stdin).unwrap();
                    let output: serde_json::Value = serde_json::from_str(&first.stdout).unwrap();
                    let again = serde_json::to_string(&(ctx, output)).unwrap();
                    assert_planned_index_is_the_rescanned_one(book.root(), &again);
                }
            }
        }
    }
}

#[test]
fn the_example_books_index_from_the_plans_is_the_read_back_one() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("book-example");
    for name in ["report", "remove", "failing"] {
        let root = examples.join(name);
        for renderer in ["html", "markdown"] {
            assert_planned_index_is_the_rescanned_one(&root, &example_stdin(&root, renderer));
        }
    }
}

/// What mdBook sends the preprocessor for the example book at `root`, as
/// of the day its evidence was written.
fn example_stdin(root: &Path, renderer: &str) -> String {
    use mdbook_preprocessor::Preprocessor;
    let mut md = mdbook_driver::MDBook::load(root).expect("book loads");
    md.config
        .set("preprocessor.evidence.as-of", "2026-02-11")
        .expect("override");
    let ctx = PreprocessorContext::new(root.to_owned(), md.config.clone(), renderer.to_owned());
    let book = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .expect("links preprocessor");
    serde_json::to_string(&(ctx, book)).expect("serializes")
}

/// Two items of one page (an imported `…?utm_source=openai#frag` with
/// another title, and the hand-made item) make one row: the reader sees
/// one source, shown as first cited, with every chapter citing either,
/// each linked to the entry of the id it cites.
#[test]
fn items_of_one_page_are_one_row() {
    let book = book("");
    let store = crate::common::STORE.replace(
        "{\"id\": \"ev_ft\",",
        "{\"id\": \"ev_reuters_imported\", \"source_id\": \"reuters\", \
         \"url\": \"HTTPS://WWW.Reuters.com:443/markets/fed-holds/?utm_source=openai#top\", \
         \"title\": \"Fed holds — «rates» 据え置き\", \"published_at\": \"2026-02-10T20:00:00Z\"},\n    \
         {\"id\": \"ev_ft\",",
    );
    std::fs::write(book.root().join("evidence/store.json"), store).unwrap();
    std::fs::write(
        book.root().join("src/report.md"),
        format!("{REPORT}\nThe Fed held its rates steady this month [EVID:ev_reuters_imported].\n"),
    )
    .unwrap();
    let run = crate::common::run_twice(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let index = run.chapter("appendix/sources.md");
    let rows: Vec<&str> = index
        .lines()
        .filter(|l| l.contains("reuters.com"))
        .collect();
    assert_eq!(rows.len(), 1, "{index}");
    assert!(
        rows[0].contains("[brief\\.md](<../brief.md#evidence-ev_reuters>), [report\\.md](<../report.md#evidence-ev_reuters_imported>)"),
        "{index}"
    );
    assert!(!index.contains("据え置き"), "{index}");
}
