//! Long runs of markers written next to each other, and the other shapes
//! that once took time quadratic in the markers of a line or a paragraph
//! (BENCHMARKS.md, Pathological inputs): a run's end was recomputed for
//! each marker added, each citation of a run compared with every item
//! before it, each missing id searched for in the whole store again, each
//! removed marker compared with every emphasis of its paragraph. The
//! times are measured by `bench/run`; these tests hold the output of big
//! runs to the output of small ones, so that making them linear changed
//! nothing.

use crate::common::{TestBook, run_twice};
use std::fmt::Write as _;

/// A store of `n` items (`ev_0` …), all from one source, with a passage,
/// and the citation list of `c.md`: its first `listed` items.
fn store(n: usize, listed: usize) -> String {
    let mut items = Vec::new();
    for i in 0..n {
        items.push(format!(
            r#"{{"id": "ev_{i}", "source_id": "fed", "url": "https://e.org/{i}", "title": "Item {i} in 東京", "published_at": "2026-02-10T19:00:00Z", "cited_text": "Inflation eased to 2.5 percent in 大阪."}}"#
        ));
    }
    let list: Vec<String> = (0..listed).map(|i| format!("\"ev_{i}\"")).collect();
    format!(
        r#"{{"schema_version": "evidence.v1", "sources": [{{"source_id": "fed", "publisher": "Federal Reserve", "tier": 1}}], "evidence": [{}], "chapters": {{"c.md": [{}]}}}}"#,
        items.join(",\n"),
        list.join(", ")
    )
}

/// The chapter `c.md` of a book with `config` and `store`, run as mdBook
/// runs the binary for `renderer`, twice (the second run changes nothing).
fn rendered(config: &str, store: &str, renderer: &str, chapter: &str) -> (String, String) {
    let book = TestBook::with_store(config, store, &[("c.md", chapter)]);
    let run = run_twice(book.root(), &book.stdin(renderer));
    assert_eq!(run.code, 0, "{}", run.stderr);
    (run.chapter("c.md"), run.stderr)
}

const RANGES: &str = "as-of = \"2026-02-11\"\nmode = \"warn\"\ncitation-style = \"ranges\"";

#[test]
fn a_line_of_a_thousand_ranges_renders_as_one_run_of_two() {
    let store = store(100, 100);
    let line = |n: usize| {
        format!(
            "# Ranges\n\nRates rose in 東京 😀 {}.\n",
            "[1-100]".repeat(n)
        )
    };
    for renderer in ["html", "markdown"] {
        let (two, _) = rendered(RANGES, &store, renderer, &line(2));
        let (many, stderr) = rendered(RANGES, &store, renderer, &line(1_000));
        // One run citing items 1 to 100 once each, however many times the
        // range is written: the same chapter.
        assert_eq!(many, two, "{renderer}");
        assert!(!many.contains("[1-100]"), "{many}");
        assert!(many.contains("東京 😀"), "{many}");
        assert_eq!(stderr.matches("warning[").count(), 1, "{stderr}");
    }
}

#[test]
fn a_run_of_thousands_of_distinct_items_renders_as_the_same_items_in_one_marker() {
    let n = 3_000;
    let store = store(n, 0);
    let config =
        "as-of = \"2026-02-11\"\nmode = \"warn\"\nrules = { claim-not-in-evidence = \"off\" }";
    let mut markers = String::new();
    let mut list = String::from("[EVID:");
    for i in 0..n {
        let _ = write!(markers, "[EVID:ev_{i}]");
        let _ = write!(list, "{}ev_{i}", if i > 0 { ", " } else { "" });
    }
    list.push(']');
    let chapter = |run: &str| format!("# Один ряд\n\nRates rose in 東京 {run}.\n");
    let (separate, _) = rendered(config, &store, "html", &chapter(&markers));
    let (listed, _) = rendered(config, &store, "html", &chapter(&list));
    assert_eq!(separate, listed);
    // Each item cited once, and listed once in the References.
    for i in [0, 1, n / 2, n - 1] {
        let cited = separate
            .matches(&format!("data-evidence=\"ev_{i}\""))
            .count();
        let listed = separate.matches(&format!("id=\"evidence-ev_{i}\"")).count();
        assert_eq!((cited, listed), (1, 1), "ev_{i}");
    }
    assert!(!separate.contains("[EVID:"), "{separate}");
}

#[test]
fn thousands_of_markers_of_one_missing_id_are_each_reported_and_removed() {
    let store = store(2_000, 0);
    let n = 2_000;
    let chapter = format!(
        "# Убрано\n\nRates rose in 東京 [EVID:ev_1] {}end.\n",
        "*a*[EVID:ev_gone] ".repeat(n)
    );
    let config = "as-of = \"2026-02-11\"\nmode = \"remove\"";
    let (out, stderr) = rendered(config, &store, "html", &chapter);
    assert!(!out.contains("ev_gone"), "{out}");
    assert_eq!(out.matches("*a*").count(), n, "every emphasis stays");
    // Each marker is reported (the terminal shows the first few).
    assert!(
        stderr.contains("evidence `ev_gone` is not in the evidence store (removed)")
            && stderr.contains(&format!("{n} warnings in 1 chapter")),
        "{}",
        &stderr[stderr.len().saturating_sub(2_000)..]
    );
}

#[test]
fn a_paragraph_of_many_code_spans_and_figures_reports_only_the_figures_outside_code() {
    let store = store(1, 0);
    let n = 3_000;
    // `1.5` right after code is a version (`` `x` 1.5 ``): not a figure.
    // `7.25`, after words, is, and appears once in the message.
    let chapter = format!(
        "# Код\n\nRates in 東京 {}and then 7.25 {}[EVID:ev_0].\n",
        "`x` 1.5 `y` ".repeat(n),
        "and 7.25 `z` ".repeat(n)
    );
    let config =
        "as-of = \"2026-02-11\"\nmode = \"warn\"\nrules = { claim-not-in-evidence = \"off\" }";
    let (_, stderr) = rendered(config, &store, "html", &chapter);
    assert!(
        stderr.contains("`7.25` appears in none of the passages this claim cites (`ev_0`)"),
        "{stderr}"
    );
    assert!(!stderr.contains("`1.5`"), "{stderr}");
}
