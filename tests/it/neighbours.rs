//! A neighbouring preprocessor that rewrites the markdown and escapes the
//! markers (`[EVID:x]` → `\[EVID:x\]`), run by a real mdBook build in the
//! order mdBook gives it: one `escaped-markers` diagnostic naming it and the
//! `before = [...]` fix, instead of one error per claim; with the fix, the
//! citations render.

use crate::common::TestBook;
use mdbook_driver::MDBook;
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use regex::Regex;

/// A preprocessor that escapes every marker, as one that parses markdown
/// and writes it out again does. Run in process under the name of a
/// preprocessor the book configures, so mdBook orders it as configured.
struct Escaper;

impl Preprocessor for Escaper {
    fn name(&self) -> &str {
        "trpl-listing"
    }

    fn run(&self, _: &PreprocessorContext, mut book: Book) -> anyhow::Result<Book> {
        // Not one already escaped: a writer keeps those as they are.
        let marker = Regex::new(r"(^|[^\\])\[EVID:([^\]\s\\]+)\]").unwrap();
        book.for_each_mut(|item| {
            if let BookItem::Chapter(chapter) = item {
                chapter.content = marker
                    .replace_all(&chapter.content, r"${1}\[EVID:${2}\]")
                    .into_owned();
            }
        });
        Ok(book)
    }
}

const CHAPTER: &str = "# Brief\n\n- The Fed held rates steady this week. [EVID:ev_fomc]\n- Reuters reported the decision within minutes. [EVID:ev_reuters]\n- Markets took the news calmly, traders said. [EVID:ev_fomc]\n\nSee \\[EVID:id\\].\n";

/// Builds a book whose `[preprocessor.evidence]` has `config`, next to a
/// `trpl-listing` preprocessor (the escaper); returns the validation report.
fn build(config: &str) -> (anyhow::Result<()>, serde_json::Value, TestBook) {
    let book = TestBook::new(
        &format!(
            "report = \"evidence-report.json\"\n{config}\n[preprocessor.trpl-listing]\ncommand = \"does-not-run\"\n"
        ),
        &[("brief.md", CHAPTER)],
    );
    let mut md = MDBook::load(book.root()).unwrap();
    md.with_preprocessor(Escaper);
    let built = md.build();
    let report = std::fs::read_to_string(book.root().join("evidence-report.json"))
        .expect("the report is written");
    (built, serde_json::from_str(&report).unwrap(), book)
}

#[test]
fn escaped_markers_are_one_diagnostic_naming_the_neighbour() {
    let (built, report, _book) = build("mode = \"fail\"");
    assert!(built.is_err(), "an error stops the build");
    let violations = report["violations"].as_array().unwrap();
    let rules: Vec<&str> = violations
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["escaped-markers"], "{report:#}");
    let message = violations[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("3 markers of this chapter"),
        "{message}"
    );
    assert!(message.contains("(`trpl-listing`)"), "{message}");
    assert!(
        message.contains("`before = [\"trpl-listing\"]`"),
        "{message}"
    );
    assert_eq!(violations[0]["line"], 3);
    assert_eq!(report["chapters"][0]["checked"], false);

    // In warn mode the book is published as it came.
    let (built, report, book) = build("mode = \"warn\"");
    built.expect("warn mode publishes");
    assert_eq!(report["violations"].as_array().unwrap().len(), 1);
    assert!(book.html("brief.md").contains("[EVID:ev_fomc]"));
}

#[test]
fn with_evidence_before_the_neighbour_the_citations_render() {
    let (built, report, book) = build("mode = \"fail\"\nbefore = [\"trpl-listing\"]");
    built.expect("the book builds");
    assert_eq!(
        report["violations"].as_array().unwrap().len(),
        0,
        "{report:#}"
    );
    let html = book.html("brief.md");
    assert_eq!(html.matches("class=\"evidence-cite\"").count(), 3, "{html}");
    // The author's own escaped marker stays text.
    assert!(html.contains("[EVID:id]"), "{html}");
}

#[test]
fn the_rule_can_be_turned_off() {
    let (_, report, _book) =
        build("mode = \"warn\"\n[preprocessor.evidence.rules]\nescaped-markers = \"off\"");
    let rules: Vec<&str> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert!(rules.len() >= 3, "{report:#}");
    assert!(rules.iter().all(|r| *r == "ungrounded-claim"), "{report:#}");
}
