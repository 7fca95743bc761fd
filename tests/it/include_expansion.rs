//! The source map redoes mdBook's `{{#include}}` expansion with copies of
//! mdBook 0.5's rules (`crates/evidence-core/src/source_map/expand.rs`). This test runs the
//! locked `mdbook-driver`'s own `links` preprocessor and the re-expansion on
//! the same chapters and asserts the same text, byte for byte, so that a
//! dependency bump that changes mdBook's expansion fails here, not in a
//! user's diagnostics. Where the re-expansion is known not to reproduce
//! mdBook (it then gives up, and locations stay in the expanded text), the
//! test asserts that it gives up rather than map wrong text.
//!
//! The locked mdBook is 0.5.4; the prefixed expansion of mdBook's next
//! release is tested against a copy of its rule in
//! `tests/it/include_locations.rs`.

use evidence_core::source_map::SourceMap;
use mdbook_driver::MDBook;
use mdbook_driver::builtin_preprocessors::LinkPreprocessor;
use mdbook_preprocessor::book::BookItem;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::path::{Path, PathBuf};

/// A file with numbered lines, for line ranges.
const LINES: &str = "line 1\nline 2\nline 3\nline 4\nline 5\n";

/// A Rust file with nested and unrelated anchors.
const ANCHORS: &str = "\
use std::fmt;
// ANCHOR: all
// ANCHOR: main
fn main() {
    // ANCHOR: inner
    let x = 1;
    // ANCHOR_END: inner
    // ANCHOR_END: other
    println!(\"{x}\");
}
// ANCHOR_END: main
// ANCHOR: other
fn other() {}
// ANCHOR_END: other
// ANCHOR_END: all
fn after() {}
";

/// The files of the book besides `SUMMARY.md`: the chapters (listed in the
/// summary) and what they include.
const FILES: &[(&str, &str)] = &[
    (
        "whole.md",
        "# Whole\n\n{{#include snippets/plain.md}}\n\nAfter the include.\n\nInline: {{#include snippets/plain.md}} and on.\n",
    ),
    (
        "ranges.md",
        "# Ranges\n\none: {{#include lines.txt:3}}\n\
         two to four:\n{{#include lines.txt:2:4}}\n\
         from three:\n{{#include lines.txt:3:}}\n\
         up to four:\n{{#include lines.txt::4}}\n\
         zero: {{#include lines.txt:0}}\n\
         past the end: [{{#include lines.txt:99}}]\n\
         reversed: [{{#include lines.txt:4:2}}]\n\
         open end: {{#include lines.txt:4:x}}\n",
    ),
    (
        "anchors.md",
        "# Anchors\n\n```rust\n{{#include code/anchors.rs:main}}\n```\n\n\
         ```rust\n{{#include code/anchors.rs:inner}}\n```\n\n\
         ```rust\n{{#include code/anchors.rs:all}}\n```\n\n\
         ```rust\n{{#include code/anchors.rs:other}}\n```\n\n\
         missing anchor: [{{#include code/anchors.rs:nowhere}}]\n",
    ),
    (
        "rustdoc.md",
        "# Rustdoc\n\n```rust\n{{#rustdoc_include code/anchors.rs:inner}}\n```\n\n\
         ```rust\n{{#rustdoc_include code/anchors.rs:main}}\n```\n\n\
         ```rust\n{{#rustdoc_include lines.txt:2:3}}\n```\n\n\
         ```rust\n{{#rustdoc_include lines.txt:4}}\n```\n\n\
         ```rust\n{{#rustdoc_include code/anchors.rs}}\n```\n",
    ),
    (
        "indented.md",
        "# Indented\n\n- A list item:\n\n    {{#include snippets/indented.md}}\n\n\
         > {{#include lines.txt:1:2}}\n\n\
         1. Numbered\n\n   ```rust\n   {{#include code/anchors.rs:inner}}\n   ```\n",
    ),
    (
        "sub/nested.md",
        "# Nested\n\n{{#include ../snippets/outer.md}}\n\nBack in the chapter.\n",
    ),
    (
        "misc.md",
        "{{#title A Better Title}}\n# Misc\n\n\
         Escaped: \\{{#include snippets/plain.md}}\n\n\
         Spaced: {{ #include  snippets/plain.md }}\n\n\
         Missing: {{#include snippets/nope.md}}\n\n\
         Unknown: {{#frobnicate snippets/plain.md}}\n\n\
         CRLF: {{#include snippets/crlf.md}}\n\n\
         Lone CR: [{{#include snippets/lone-cr.md}}]\n\n\
         BOM: [{{#include snippets/bom.md}}]\n\n\
         Empty: [{{#include snippets/empty.md}}]\n\n\
         {{#playground code/anchors.rs editable}}\n\n\
         {{#playpen lines.txt}}\n\n\
         End.\n",
    ),
    (
        "crlf-chapter.md",
        "# CRLF chapter\r\n\r\n{{#include lines.txt:2}}\r\n\r\nAfter.\r\n",
    ),
    (
        "cycle.md",
        "# Cycle\n\n{{#include snippets/self.md}}\n\nAfter.\n",
    ),
    (
        "bom-chapter.md",
        "\u{feff}# BOM chapter\n\n{{#include snippets/plain.md}}\n",
    ),
    ("lines.txt", LINES),
    ("code/anchors.rs", ANCHORS),
    ("snippets/plain.md", "A plain snippet.\nIts second line.\n"),
    (
        "snippets/indented.md",
        "Indented text.\n\n    an indented code line\n\tA tab-indented line.\n",
    ),
    (
        "snippets/outer.md",
        "Outer says:\n{{#include inner/inner.md:1}}\nOuter again.",
    ),
    ("snippets/inner/inner.md", "Inner line.\nNot taken.\n"),
    ("snippets/crlf.md", "first\r\nsecond\r\n"),
    ("snippets/lone-cr.md", "ends with a lone CR\r"),
    ("snippets/bom.md", "\u{feff}starts with a BOM\n"),
    ("snippets/empty.md", ""),
    ("snippets/self.md", "x{{#include self.md}}"),
];

/// The chapters whose re-expansion is known not to reproduce mdBook's:
/// mdBook strips a byte-order mark from the start of a chapter (not of an
/// included file), which the source map, reading the file as it is, keeps.
const KNOWN_NOT_TO_MAP: &[&str] = &["bom-chapter.md"];

/// A book on disk with [`FILES`], every `.md` file outside `snippets/` a
/// chapter.
fn book() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    let mut summary = String::from("# Summary\n\n");
    for (path, text) in FILES {
        let file = src.join(path);
        std::fs::create_dir_all(file.parent().expect("a parent")).expect("dirs");
        std::fs::write(&file, text).expect("write");
        if path.ends_with(".md") && !path.starts_with("snippets/") {
            summary.push_str(&format!("- [{path}]({path})\n"));
        }
    }
    std::fs::write(src.join("SUMMARY.md"), summary).expect("summary");
    std::fs::write(dir.path().join("book.toml"), "[book]\ntitle = \"t\"\n").expect("toml");
    dir
}

/// Each chapter's path and its text after mdBook's `links` preprocessor.
fn expanded_by_mdbook(root: &Path) -> Vec<(PathBuf, String)> {
    let md = MDBook::load(root).expect("the book loads");
    let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), "html".to_owned());
    let book = LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .expect("links runs");
    book.iter()
        .filter_map(|item| match item {
            BookItem::Chapter(ch) => Some((ch.path.clone()?, ch.content.clone())),
            _ => None,
        })
        .collect()
}

/// Every byte the map says was copied is the byte of its file: each line of
/// the expanded text (after a rustdoc `# `, which the expansion makes up),
/// walked run by run, is the text of the files it points into.
fn assert_map_is_true(map: &SourceMap, expanded: &str, chapter: &Path) {
    let mut start = 0;
    for line in expanded.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let end = start + body.len();
        let mut at = start + if body.starts_with("# ") { 2 } else { 0 };
        // Fences are made up by `{{#playground}}` (the chapters have their
        // own only around includes, where nothing else is on the line).
        if body.starts_with("```") {
            at = end;
        }
        while at < end {
            let (file, span) = map.locate(at..end);
            assert!(
                !span.is_empty(),
                "{}: byte {at} of {expanded:?} is in no copied run",
                chapter.display()
            );
            let (path, text) = &map.files[file];
            assert_eq!(
                &text[span.clone()],
                &expanded[at..at + span.len()],
                "{}: byte {at} points into {} at {span:?}",
                chapter.display(),
                path.display()
            );
            at += span.len();
        }
        start += line.len();
    }
}

#[test]
fn the_reexpansion_is_mdbooks_byte_for_byte() {
    let dir = book();
    let src = dir.path().join("src");
    let chapters = expanded_by_mdbook(dir.path());
    assert_eq!(chapters.len(), 10, "every chapter was loaded");
    for (path, expanded) in &chapters {
        let file = src.join(path);
        let text = std::fs::read_to_string(&file).expect("chapter");
        let read = |p: &Path| std::fs::read_to_string(p).ok();
        let dir = file.parent().expect("a parent");
        let ours = SourceMap::expand(&file, text, dir, &read);
        let mapped = SourceMap::from_disk(&file, expanded);
        if KNOWN_NOT_TO_MAP.contains(&path.to_str().expect("UTF-8")) {
            assert_ne!(&ours.text, expanded, "{} now maps", path.display());
            // Where the expansion differs, a map (if any) was made some
            // other way than by reproducing mdBook's text: it is not ours.
            let _ = mapped;
            continue;
        }
        assert_eq!(
            &ours.text,
            expanded,
            "{}: the re-expansion differs from mdBook's",
            path.display()
        );
        assert_map_is_true(&ours.map, expanded, path);
        let mapped = mapped.unwrap_or_else(|| panic!("{} has no map", path.display()));
        assert_eq!(mapped.files.len(), ours.map.files.len());
        // The map a build uses, whichever expansion it redid.
        assert_map_is_true(&mapped, expanded, path);
    }
}

/// The cases above do what they claim: each directive was expanded (or
/// kept) the way its chapter says, so a book that silently expanded nothing
/// cannot pass.
#[test]
fn the_cases_exercise_the_rules() {
    let dir = book();
    let chapters = expanded_by_mdbook(dir.path());
    let text = |name: &str| {
        let (_, text) = chapters
            .iter()
            .find(|(p, _)| p == Path::new(name))
            .expect("the chapter");
        text.as_str()
    };
    let ranges = text("ranges.md");
    assert!(ranges.contains("one: line 3\n"), "{ranges}");
    assert!(ranges.contains("two to four:\nline 2\nline 3\nline 4\n"));
    assert!(ranges.contains("from three:\nline 3\nline 4\nline 5\n"));
    assert!(ranges.contains("up to four:\nline 1\nline 2\nline 3\nline 4\n"));
    assert!(ranges.contains("past the end: []"));
    let anchors = text("anchors.md");
    assert!(
        anchors.contains("fn main() {\n    let x = 1;\n    println!"),
        "{anchors}"
    );
    assert!(!anchors.contains("ANCHOR"), "{anchors}");
    let rustdoc = text("rustdoc.md");
    assert!(
        rustdoc.contains("# fn main() {\n    let x = 1;\n#     println!"),
        "{rustdoc}"
    );
    assert!(
        rustdoc.contains("# line 1\nline 2\nline 3\n# line 4"),
        "{rustdoc}"
    );
    // Anchor lines, this anchor's or another's, are dropped, not hidden.
    let anchored = rustdoc.split("# line 1").next().unwrap_or_default();
    assert!(!anchored.contains("ANCHOR"), "{rustdoc}");
    let indented = text("indented.md");
    assert!(indented.contains("    Indented text.\n\n    an indented code line\n\tA tab"));
    let nested = text("sub/nested.md");
    assert!(
        nested.contains("Outer says:\nInner line.\nOuter again."),
        "{nested}"
    );
    let misc = text("misc.md");
    assert!(misc.starts_with("\n# Misc"), "{misc}");
    assert!(misc.contains("Escaped: {{#include snippets/plain.md}}"));
    assert!(misc.contains("Missing: {{#include snippets/nope.md}}"));
    assert!(misc.contains("CRLF: first\nsecond\n"), "{misc}");
    assert!(misc.contains("```rust,editable\n"), "{misc}");
    assert_eq!(text("cycle.md").matches('x').count(), 10);
}
