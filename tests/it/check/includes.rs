//! `check` on chapters with `{{#include}}` directives: expanded before
//! checking, diagnostics pointing into the included files and naming the
//! including chapter, and the fallbacks when an expansion cannot be traced.

use super::*;
use crate::common::{TestBook, check_in};

#[test]
fn include_directives_are_expanded_before_checking() {
    let book = TestBook::new(
        "",
        &[
            ("brief.md", "# Brief\n\n{{#include _part.md}}\n"),
            ("_part.md", "- An included claim without evidence.\n"),
        ],
    );
    let (code, _, stderr) = check(&book, &[]);
    assert_eq!(code, 1);
    assert!(stderr.contains("An included claim"), "{stderr}");
}

/// Diagnostics in and after `{{#include}}`d text point at the file and line
/// a person edits, through mdBook's own expansion: whole files, line
/// ranges, anchors, nested includes.
#[test]
fn diagnostics_point_into_included_files() {
    let chapter = "# Brief\n\n{{#include parts/_a.md}}\n\n{{#include parts/_b.md:wanted}}\n\n- A claim after the includes has no evidence.\n";
    let a = "- A claim in the first include lacks evidence.\n\n{{#include _c.md:2}}\n";
    let b = "ignored line\n<!-- ANCHOR: wanted -->\n- Anchored claim cites a missing item. [EVID:ev_gone]\n<!-- ANCHOR_END: wanted -->\n";
    let c = "- not taken\n- Nested include claim without support.\n";
    let book = TestBook::new(
        "",
        &[
            ("brief.md", chapter),
            ("parts/_a.md", a),
            ("parts/_b.md", b),
            ("parts/_c.md", c),
        ],
    );
    let (code, _, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    for (at, line) in [
        ("src/parts/_a.md:1:3", "A claim in the first include"),
        ("src/parts/_c.md:2:3", "Nested include claim"),
        ("src/parts/_b.md:3:", "Anchored claim"),
        ("src/brief.md:7:3", "A claim after the includes"),
    ] {
        let shown = stderr
            .find(at)
            .unwrap_or_else(|| panic!("{at} not in {stderr}"));
        // The source line under the location is that file's line.
        assert!(
            stderr[shown..].lines().take(4).any(|l| l.contains(line)),
            "{at} shows {line}: {stderr}"
        );
    }

    // The same locations in SARIF and in `mdbook build`'s run.
    let (_, sarif, _) = check(&book, &["--format", "sarif"]);
    assert!(sarif.contains("src/parts/_c.md"), "{sarif}");
    let run = book.run("html");
    assert!(run.stderr.contains("src/parts/_a.md:1:3"), "{}", run.stderr);
    assert!(run.stderr.contains("src/brief.md:7:3"), "{}", run.stderr);
}

/// When the expansion cannot be redone (an included file changed after
/// mdBook read it), locations stay in the expanded text, under the
/// chapter's name: the check still runs.
#[test]
fn an_expansion_that_cannot_be_redone_falls_back_to_the_expanded_text() {
    let book = TestBook::new(
        "",
        &[
            (
                "brief.md",
                "# Brief\n\n{{#include _part.md}}\n\n- Trailing claim lacks evidence.\n",
            ),
            ("_part.md", "- Included claim lacks evidence.\n"),
        ],
    );
    let stdin = book.stdin("html");
    std::fs::write(book.root().join("src/_part.md"), "changed\n").unwrap();
    let run = crate::common::run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("src/brief.md:3:3"), "{}", run.stderr);
    assert!(run.stderr.contains("src/brief.md:5:3"), "{}", run.stderr);
}

/// A file included by two chapters is reported once per chapter, each
/// diagnostic naming the chapter (and line) that included it.
#[test]
fn an_included_files_diagnostics_name_the_including_chapter() {
    let book = TestBook::new(
        "",
        &[
            ("one.md", "# One\n\n{{#include _shared.md}}\n"),
            (
                "two.md",
                "# Two\n\nIntro line.\n\n{{#include _shared.md}}\n",
            ),
            (
                "_shared.md",
                "- A shared claim that cites nothing at all.\n",
            ),
        ],
    );
    let (code, _, human) = check_in(book.root(), &["."], &[]);
    assert_eq!(code, 1, "{human}");
    assert_eq!(human.matches("┌─ src/_shared.md:1:3").count(), 2, "{human}");
    assert!(human.contains("= included by src/one.md:3:1"), "{human}");
    assert!(human.contains("= included by src/two.md:5:1"), "{human}");
    let (_, json, _) = check_in(book.root(), &[".", "--format", "json"], &[]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let by: Vec<&str> = json["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "ungrounded-claim")
        .map(|v| v["included_by"].as_str().unwrap())
        .collect();
    assert_eq!(by, ["src/one.md:3", "src/two.md:5"]);
    let (_, github, _) = check_in(book.root(), &[".", "--format", "github"], &[]);
    assert!(
        github.contains("(in a file included by src/two.md:5)"),
        "{github}"
    );
    let (_, sarif, _) = check_in(book.root(), &[".", "--format", "sarif"], &[]);
    let sarif: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    assert_code_scanning_sarif(&sarif);
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let second = results
        .iter()
        .filter(|r| r["ruleId"] == "ungrounded-claim")
        .nth(1)
        .unwrap();
    let related = &second["relatedLocations"][0]["physicalLocation"];
    assert_eq!(related["artifactLocation"]["uri"], "src/two.md");
    assert_eq!(related["region"]["startLine"], 5);
}

/// When the expansion cannot be traced back to the files, one note per
/// chapter says that its locations are in the expanded text.
#[test]
fn an_untraceable_chapter_gets_one_note() {
    let book = TestBook::new(
        "",
        &[
            (
                "brief.md",
                "# Brief\n\n{{#include _part.md}}\n\n- Trailing claim lacks evidence.\n- Another one without any.\n",
            ),
            ("_part.md", "- Included claim lacks evidence.\n"),
        ],
    );
    let stdin = book.stdin("html");
    std::fs::write(book.root().join("src/_part.md"), "changed\n").unwrap();
    let run = crate::common::run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr
            .matches("note: src/brief.md: lines and columns")
            .count(),
        1,
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("an included file changed meanwhile"),
        "{}",
        run.stderr
    );
}

/// `{{#rustdoc_include file.rs:anchor}}` in a file with other `ANCHOR:`
/// lines (nested and sibling ones, which mdBook drops): the diagnostics
/// after the listing point at the chapter's own lines, with no note.
#[test]
fn rustdoc_include_with_foreign_anchors_maps_to_the_chapter() {
    let code = "// ANCHOR: all\nuse std::io;\n// ANCHOR: main\nfn main() {\n    // ANCHOR: inner\n    let x = 1;\n    // ANCHOR_END: inner\n}\n// ANCHOR_END: main\n// ANCHOR: other\nfn other() {}\n// ANCHOR_END: other\n// ANCHOR_END: all\n";
    let chapter = "# Brief\n\n```rust\n{{#rustdoc_include code.rs:main}}\n```\n\n- A claim after the listing has no evidence at all.\n\n```rust\n{{#rustdoc_include code.rs:other}}\n```\n\n- A second claim after the other listing lacks it too.\n";
    let book = TestBook::new("", &[("brief.md", chapter), ("code.rs", code)]);
    let (code, _, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("src/brief.md:7:3"), "{stderr}");
    assert!(stderr.contains("src/brief.md:13:3"), "{stderr}");
    assert!(!stderr.contains("note:"), "{stderr}");
    let run = book.run("html");
    assert!(run.stderr.contains("src/brief.md:13:3"), "{}", run.stderr);
}
