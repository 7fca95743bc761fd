//! Diagnostics in `{{#include}}`d text point at the line of the file a
//! person edits, whichever of mdBook's two expansions sent the chapter:
//! 0.5.4's (the included text as it is) or the one on mdBook's main branch
//! after 0.5.4, which starts every line of the included text after the
//! first with what precedes the directive on its line, so that an indented
//! or quoted include stays in its list item or quote.
//!
//! The locked `mdbook-driver` is 0.5.4, so the test expands the chapters
//! itself ([`expand`]), with the rule of the next release or without it;
//! without it, its text must be the locked mdBook's, byte for byte, which
//! keeps the helper honest. The binary then runs on the `[context, book]`
//! input mdBook would send, and the validation report must place every
//! claim at the same file, line and column under both expansions.

use crate::common::{TestBook, run_stdin};
use regex::Regex;
use serde_json::Value;
use std::path::Path;

/// The chapters and the files they include. Every sentence of three words
/// or more is an uncited claim (`claims = "sentences"`), reported with its
/// place; a list item's own text is one word, so that the claims in it are
/// the included ones.
const FILES: &[(&str, &str)] = &[
    (
        "a.md",
        "# A\n\n- Item.\n\n  {{#include _list.md}}\n\n> {{#include _quote.md}}\n\nChapter claim nine cites nothing at all.\n",
    ),
    (
        "_list.md",
        "List claim one cites nothing at all.\n\nList claim three cites nothing at all.\n",
    ),
    (
        "_quote.md",
        "Quote claim one cites nothing at all.\n\nQuote claim three cites nothing at all.\n",
    ),
    (
        "nested.md",
        "# Nested\n\n1. Step.\n\n   {{#include _outer.md}}\n\nNested chapter claim cites nothing here.\n",
    ),
    (
        "_outer.md",
        "Outer claim one cites nothing at all.\n\n> {{#include _inner/inner.md}}\n\nOuter claim five cites nothing at all.\n",
    ),
    (
        "_inner/inner.md",
        "Inner claim one cites nothing at all.\n\nInner claim three cites nothing at all.",
    ),
    (
        "parts.md",
        "# Parts\n\n- Anchored.\n\n  {{#include _code.md:claims}}\n- Ranged.\n\n  {{#include _lines.md:2:3}}\n\n> {{#include _lines.md:4:5}}\n\nParts chapter claim cites nothing here.\n",
    ),
    (
        "_code.md",
        "Before the anchor is not included.\n<!-- ANCHOR: claims -->\nAnchored claim three cites nothing at all.\n\nAnchored claim five cites nothing at all.\n<!-- ANCHOR_END: claims -->\nAfter the anchor is not included.\n",
    ),
    (
        "_lines.md",
        "Line one is never included anywhere.\nRanged claim two cites nothing at all.\nRanged claim three cites nothing at all.\nQuoted range four cites nothing at all.\n\n",
    ),
    ("end.md", "# End\n\n- Last.\n\n  {{#include _tail.md}}"),
    (
        "_tail.md",
        "Tail claim one cites nothing at all.\n\nTail claim three cites nothing at all.\n\n",
    ),
    (
        "end-nl.md",
        "# End with a newline\n\n> {{#include _inner/inner.md}}\n",
    ),
];

/// Where each claim must be reported, `file:line:column`, and the chapter
/// line whose directive brought it in (if it was included).
const EXPECTED: &[(&str, &str, Option<&str>)] = &[
    ("List claim one", "src/_list.md:1:1", Some("src/a.md:5")),
    ("List claim three", "src/_list.md:3:1", Some("src/a.md:5")),
    ("Quote claim one", "src/_quote.md:1:1", Some("src/a.md:7")),
    ("Quote claim three", "src/_quote.md:3:1", Some("src/a.md:7")),
    ("Chapter claim nine", "src/a.md:9:1", None),
    (
        "Outer claim one",
        "src/_outer.md:1:1",
        Some("src/nested.md:5"),
    ),
    (
        "Inner claim one",
        "src/_inner/inner.md:1:1",
        Some("src/nested.md:5"),
    ),
    (
        "Inner claim three",
        "src/_inner/inner.md:3:1",
        Some("src/nested.md:5"),
    ),
    (
        "Outer claim five",
        "src/_outer.md:5:1",
        Some("src/nested.md:5"),
    ),
    ("Nested chapter claim", "src/nested.md:7:1", None),
    (
        "Anchored claim three",
        "src/_code.md:3:1",
        Some("src/parts.md:5"),
    ),
    (
        "Anchored claim five",
        "src/_code.md:5:1",
        Some("src/parts.md:5"),
    ),
    (
        "Ranged claim two",
        "src/_lines.md:2:1",
        Some("src/parts.md:8"),
    ),
    (
        "Ranged claim three",
        "src/_lines.md:3:1",
        Some("src/parts.md:8"),
    ),
    (
        "Quoted range four",
        "src/_lines.md:4:1",
        Some("src/parts.md:10"),
    ),
    ("Parts chapter claim", "src/parts.md:12:1", None),
    ("Tail claim one", "src/_tail.md:1:1", Some("src/end.md:5")),
    ("Tail claim three", "src/_tail.md:3:1", Some("src/end.md:5")),
    (
        "Inner claim one",
        "src/_inner/inner.md:1:1",
        Some("src/end-nl.md:3"),
    ),
    (
        "Inner claim three",
        "src/_inner/inner.md:3:1",
        Some("src/end-nl.md:3"),
    ),
];

/// The book, in warn mode (so that a real build succeeds) with its JSON
/// validation report in `report.json`.
fn book() -> TestBook {
    let config = "mode = \"warn\"\nreport = \"report.json\"\nclaims = \"sentences\"\n";
    TestBook::new(config, FILES)
}

/// The `{{#include}}` forms the chapters use.
fn directive() -> Regex {
    Regex::new(r"\{\{#include ([^}\s]+)\}\}").expect("a valid pattern")
}

/// `text` with its `{{#include}}`s expanded as mdBook does, `prefixed` as
/// its next release does: the three lines of mdBook's `replace_all` that
/// split the included text with `str::lines` and join it again with `\n`
/// and the text before the directive on its line (in the output so far).
fn expand(text: &str, dir: &Path, prefixed: bool) -> String {
    let mut out = String::new();
    let mut previous = 0;
    for cap in directive().captures_iter(text) {
        let whole = cap.get(0).expect("the match");
        out.push_str(&text[previous..whole.start()]);
        previous = whole.end();
        let (path, lines) = cap[1].split_once(':').unwrap_or((&cap[1], ""));
        let file = dir.join(path);
        let included = std::fs::read_to_string(&file).expect("an included file");
        let content = expand(&take(&included, lines), file.parent().unwrap(), prefixed);
        if prefixed {
            let prefix = out.split('\n').next_back().unwrap_or("").to_owned();
            let lines: Vec<&str> = content.lines().collect();
            out.push_str(&lines.join(&format!("\n{prefix}")));
        } else {
            out.push_str(&content);
        }
    }
    out.push_str(&text[previous..]);
    out
}

/// The lines an include takes (`""`, `2:3`, or an anchor's name), joined
/// with `\n` as mdBook joins them.
fn take(text: &str, spec: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let taken: Vec<&str> = match spec.split_once(':') {
        _ if spec.is_empty() => lines,
        Some((from, to)) => {
            let from: usize = from.parse().expect("a line");
            lines[from - 1..to.parse::<usize>().expect("a line")].to_vec()
        }
        None => lines
            .into_iter()
            .skip_while(|l| !l.contains(&format!("ANCHOR: {spec} ")))
            .skip(1)
            .take_while(|l| !l.contains(&format!("ANCHOR_END: {spec} ")))
            .collect(),
    };
    taken.join("\n")
}

/// The input mdBook sends for the HTML renderer, with each chapter's
/// content replaced by `content(path)`.
fn input(book: &TestBook, content: impl Fn(&str) -> String) -> String {
    let mut input: Value = serde_json::from_str(&book.stdin("html")).expect("JSON");
    for item in input[1]["items"].as_array_mut().expect("items") {
        let chapter = &mut item["Chapter"];
        let path = chapter["path"].as_str().expect("a path").to_owned();
        chapter["content"] = content(&path).into();
    }
    serde_json::to_string(&input).expect("JSON")
}

/// Each chapter's text expanded by [`expand`].
fn expanded(book: &TestBook, path: &str, prefixed: bool) -> String {
    let file = book.root().join("src").join(path);
    let text = std::fs::read_to_string(&file).expect("the chapter");
    expand(&text, file.parent().unwrap(), prefixed)
}

/// A claim's first three words, its `file:line:column`, and the chapter
/// line whose directive included it.
type Place = (String, String, Option<String>);

/// The report's uncited claims' places, and its notes.
fn report(book: &TestBook) -> (Vec<Place>, Vec<Value>) {
    let text = std::fs::read_to_string(book.root().join("report.json")).expect("the report");
    let json: Value = serde_json::from_str(&text).expect("JSON");
    let violations = json["violations"].as_array().expect("violations");
    let places = violations
        .iter()
        .filter(|v| v["rule"] == "ungrounded-claim")
        .map(|v| {
            let claim = v["claim"].as_str().expect("a claim");
            let words: Vec<&str> = claim.split(' ').take(3).collect();
            let place = format!(
                "{}:{}:{}",
                v["file"].as_str().unwrap(),
                v["line"],
                v["column"]
            );
            let by = v["included_by"].as_str().map(str::to_owned);
            (words.join(" "), place, by)
        })
        .collect();
    (
        places,
        json["notes"].as_array().cloned().unwrap_or_default(),
    )
}

/// Asserts the report places every claim where [`EXPECTED`] says, with no
/// note about untraced chapters.
fn assert_expected_places(book: &TestBook, expansion: &str) {
    let (mut places, notes) = report(book);
    assert!(notes.is_empty(), "{expansion}: {notes:?}");
    let mut expected: Vec<Place> = EXPECTED
        .iter()
        .map(|(c, p, by)| (c.to_string(), p.to_string(), by.map(str::to_owned)))
        .collect();
    places.sort();
    expected.sort();
    assert_eq!(places, expected, "{expansion}");
}

#[test]
fn the_helper_expands_as_the_locked_mdbook_does() {
    let book = book();
    let input: Value = serde_json::from_str(&book.stdin("html")).expect("JSON");
    let items = input[1]["items"].as_array().expect("items");
    assert_eq!(items.len(), 5, "every chapter");
    for item in items {
        let path = item["Chapter"]["path"].as_str().expect("a path");
        let by_mdbook = item["Chapter"]["content"].as_str().expect("content");
        assert_eq!(expanded(&book, path, false), by_mdbook, "{path}");
        // Every chapter holds an include the next mdBook expands otherwise.
        assert_ne!(expanded(&book, path, true), by_mdbook, "{path}");
    }
    let quoted = expanded(&book, "a.md", true);
    assert!(quoted.contains("> Quote claim one cites nothing at all.\n> \n> Quote claim three"));
    let nested = expanded(&book, "nested.md", true);
    assert!(nested.contains("\n   > Inner claim one cites nothing at all.\n   > \n   > Inner"));
    assert!(expanded(&book, "end.md", true).ends_with("  Tail claim three cites nothing at all."));
}

#[test]
fn locations_are_right_under_mdbook_0_5_4s_expansion() {
    let book = book();
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_expected_places(&book, "0.5.4");
}

#[test]
fn locations_are_right_under_the_prefixed_expansion() {
    let book = book();
    let stdin = input(&book, |path| expanded(&book, path, true));
    let run = run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_expected_places(&book, "prefixed");
    // The human report says the same.
    assert!(
        run.stderr.contains("┌─ src/_quote.md:3:1"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("┌─ src/a.md:9:1"), "{}", run.stderr);
}

#[test]
fn a_real_build_reports_the_same_places() {
    let book = book();
    book.build().expect("builds in warn mode");
    assert_expected_places(&book, "mdbook build");
}

#[test]
fn text_neither_expansion_explains_is_located_in_the_text_with_one_note() {
    let book = book();
    // A preprocessor before this one (or another mdBook) added a line.
    let stdin = input(&book, |path| {
        let text = expanded(&book, path, true);
        match path {
            "a.md" => text.replacen("- Item.", "- Item.\n- Added.", 1),
            _ => text,
        }
    });
    let run = run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (places, notes) = report(&book);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["file"], "src/a.md");
    // Lines and columns of the text as handed over (line 4 is the one
    // added), nothing blamed on the included files, nothing included by.
    let mut in_a: Vec<(&str, &str)> = places
        .iter()
        .filter(|(_, p, by)| p.starts_with("src/a.md:") || by.as_deref() == Some("src/a.md:5"))
        .map(|(claim, p, by)| {
            assert_eq!(by, &None, "{claim}");
            (claim.as_str(), p.as_str())
        })
        .collect();
    in_a.sort();
    assert_eq!(
        in_a,
        [
            ("Chapter claim nine", "src/a.md:14:1"),
            ("List claim one", "src/a.md:6:3"),
            ("List claim three", "src/a.md:8:3"),
            ("Quote claim one", "src/a.md:10:3"),
            ("Quote claim three", "src/a.md:12:3"),
        ]
    );
    // The other chapters keep their map.
    assert!(places.iter().any(|(_, p, _)| p == "src/_code.md:5:1"));
}

#[test]
fn escapes_the_prefix_repeats_are_not_a_neighbours() {
    // The next mdBook repeats `Cite as \[EVID:ev_fomc\]: ` on every included
    // line: three escaped markers in the text, one in the file, none
    // written by a preprocessor that escapes markdown.
    let book = TestBook::new(
        "mode = \"warn\"\nreport = \"report.json\"\nclaims = \"sentences\"\n",
        &[
            (
                "esc.md",
                "# Esc\n\nCite as \\[EVID:ev_fomc\\]: {{#include _two.md}}\n",
            ),
            (
                "_two.md",
                "Two claim one cites nothing.\nTwo claim two cites nothing.\n",
            ),
        ],
    );
    let stdin = input(&book, |path| expanded(&book, path, true));
    assert!(
        stdin.contains("\\\\[EVID:ev_fomc\\\\]: Two claim two"),
        "{stdin}"
    );
    let run = run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("escaped-markers"), "{}", run.stderr);
    let (places, notes) = report(&book);
    assert!(notes.is_empty(), "{notes:?}");
    // The chapter is judged. Each claim starts with the repeated text,
    // which points at the directive's line, where it was written.
    let places: Vec<&str> = places.iter().map(|(_, p, _)| p.as_str()).collect();
    assert_eq!(places, ["src/esc.md:3:1", "src/esc.md:3:1"]);
}
