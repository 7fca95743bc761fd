//! The benchmark's synthetic books (examples/bench/book/), built by real
//! mdBook and fed to the binary: they pass every rule, so the benchmark
//! measures a publishing build, and the output is byte-identical whatever
//! the number of threads. (Timings live in `bench/run`, never in tests.)

#[path = "../../examples/bench/bullets.rs"]
#[allow(dead_code)]
mod bullets;

use crate::book;
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use book::{Spec, Style};

/// Runs the binary on `stdin` with `threads` rayon threads.
fn run_with_threads(dir: &std::path::Path, stdin: &str, threads: usize) -> (i32, Vec<u8>, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", threads.to_string())
        .env_remove("SOURCE_DATE_EPOCH")
        .write_stdin(stdin.to_owned())
        .output()
        .expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        output.stdout,
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

fn test_book(spec: &Spec) -> TestBook {
    let chapters: Vec<(String, String)> = (0..spec.chapters)
        .map(|c| (book::chapter_path(c), book::chapter(spec, c)))
        .collect();
    let chapters: Vec<(&str, &str)> = chapters
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .collect();
    TestBook::with_store("as-of = \"2026-02-11\"", &book::store_json(spec), &chapters)
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    for style in [Style::Evid, Style::Numbered] {
        let spec = Spec {
            chapters: 48,
            items: 1000,
            style,
        };
        let book = test_book(&spec);
        let stdin = book.stdin("html");
        let (code, one, stderr) = run_with_threads(book.root(), &stdin, 1);
        assert_eq!(code, 0, "{style:?}: {stderr}");
        // Not a warning either: every claim's cited passages hold it.
        assert!(stderr.is_empty(), "{style:?}: {stderr}");
        for threads in [2, 3] {
            let (code, many, stderr) = run_with_threads(book.root(), &stdin, threads);
            assert_eq!(code, 0, "{style:?}, {threads} threads: {stderr}");
            assert!(
                one == many,
                "{style:?}: the output with {threads} threads differs from the output with 1"
            );
        }

        // Every marker was rendered, none in code.
        let out: mdbook_preprocessor::book::Book = serde_json::from_slice(&one).unwrap();
        let chapters: Vec<_> = out.chapters().collect();
        assert_eq!(chapters.len(), spec.chapters);
        for chapter in chapters {
            let text = &chapter.content;
            assert_eq!(text.matches("class=\"evidence-cite\"").count(), 80);
            assert_eq!(text.matches("class=\"evidence-ref\"").count(), 40);
            assert!(text.contains("[EVID:ev_not_a_marker]"));
        }
    }
}

#[test]
fn the_equivalent_bib_book_cites_the_same_items() {
    let spec = |style| Spec {
        chapters: 3,
        items: 200,
        style,
    };
    let evid = book::chapter(&spec(Style::Evid), 2);
    let cite = book::chapter(&spec(Style::Cite), 2);
    let ids = |text: &str, open: &str, close: char| -> Vec<String> {
        text.match_indices(open)
            .map(|(i, _)| {
                let rest = &text[i + open.len()..];
                rest[..rest.find(close).unwrap()].to_owned()
            })
            .filter(|id| id != "ev_not_a_marker")
            .collect()
    };
    let cited = ids(&cite, "{{#cite ", '}');
    assert_eq!(cited.len(), 80);
    // The [EVID:] book also has the marker-like text of its code block and
    // code span; the first 80 are the bullets' citations.
    assert_eq!(ids(&evid, "[EVID:", ']')[..80], cited[..]);
    let bib = book::bib(&spec(Style::Cite));
    for id in &cited {
        assert!(
            bib.contains(&format!("@online{{{id},")),
            "{id} not in the .bib"
        );
    }
}

/// The binary renders each batch of chapters just before writing it (so
/// that the rendered book is never held whole); the in-process
/// preprocessor renders them all first. Both give the same book, across
/// batch boundaries, nested chapters, drafts and separators, and with
/// evidence indexes in the first batch and in the last (written before and
/// after most of the chapters they list are rendered).
#[test]
fn streamed_rendering_matches_rendering_the_whole_book() {
    use mdbook_preprocessor::book::{Book, BookItem, Chapter};
    use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
    let spec = Spec {
        chapters: 150,
        items: 1000,
        style: Style::Evid,
    };
    let book = test_book(&spec);
    let (ctx, mut input): (PreprocessorContext, Book) =
        serde_json::from_str(&book.stdin("html")).expect("stdin parses");
    // Chapters 11 to 20 become sub-chapters of chapter 10 (one of them with
    // a sub-chapter of its own); a draft and a separator between them.
    let mut nested: Vec<BookItem> = input.items.drain(11..21).collect();
    let inner = nested.pop().expect("ten chapters");
    if let BookItem::Chapter(last) = nested.last_mut().expect("nine chapters") {
        last.sub_items.push(inner);
    }
    nested.insert(3, BookItem::Separator);
    nested.insert(5, BookItem::Chapter(Chapter::new_draft("Draft", vec![])));
    match &mut input.items[10] {
        BookItem::Chapter(parent) => parent.sub_items = nested,
        other => panic!("item 10 is a chapter, not {other:?}"),
    }
    input
        .items
        .insert(70, BookItem::PartTitle("Part two".into()));
    let index = |path: &str| {
        Chapter::new(
            "Sources",
            "# Sources\n\n{{#evidence-index}}\n".into(),
            path,
            vec![],
        )
    };
    input
        .items
        .insert(0, BookItem::Chapter(index("sources.md")));
    match input.items.last_mut() {
        Some(BookItem::Chapter(last)) => last
            .sub_items
            .push(BookItem::Chapter(index("appendix/sources.md"))),
        other => panic!("the last item is a chapter, not {other:?}"),
    }
    assert!(input.items.len() > 128, "more than two write batches");
    let stdin = serde_json::to_string(&(&ctx, &input)).expect("serializes");

    let output = Command::new(binary())
        .current_dir(book.root())
        .env("NO_COLOR", "1")
        .env_remove("SOURCE_DATE_EPOCH")
        .write_stdin(stdin)
        .output()
        .expect("binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");

    let whole = mdbook_evidence::session::EvidencePreprocessor
        .run(&ctx, input)
        .expect("in-process run succeeds");
    let whole = serde_json::to_string(&whole).expect("serializes");
    assert!(
        output.stdout == whole.as_bytes(),
        "the binary's streamed output differs from the whole book rendered in process"
    );
    // In JSON, the attribute's quotes are escaped.
    assert_eq!(
        whole.matches(r#"class=\"evidence-cite\""#).count(),
        150 * 80
    );
    // Both indexes list the chapters of every batch.
    for link in [
        "(<briefs/brief-00150.md#evidence-",
        "(<../briefs/brief-00001.md#evidence-",
    ] {
        assert!(whole.contains(link), "no index links {link}");
    }
    assert!(!whole.contains("{{#evidence-index}}"));
}

#[test]
fn the_book_of_bullets_passes_every_rule_and_cites_each_item_once_a_chapter() {
    let (chapters, items) = (12, 400);
    let texts: Vec<(String, String)> = (0..chapters)
        .map(|c| {
            (
                bullets::chapter_path(c),
                bullets::chapter(c, items, Style::Evid),
            )
        })
        .collect();
    let texts: Vec<(&str, &str)> = texts
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .collect();
    let book = TestBook::with_store(
        "as-of = \"2026-02-11\"",
        &bullets::store_json(items),
        &texts,
    );
    let (code, out, stderr) = run_with_threads(book.root(), &book.stdin("html"), 2);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let out: mdbook_preprocessor::book::Book = serde_json::from_slice(&out).unwrap();
    for chapter in out.chapters() {
        let text = &chapter.content;
        // 40 bullets of two citations, each of a distinct item.
        assert_eq!(
            text.matches("class=\"evidence-cite\"").count(),
            2 * bullets::BULLETS
        );
        assert_eq!(
            text.matches("class=\"evidence-ref\"").count(),
            2 * bullets::BULLETS
        );
    }
}
