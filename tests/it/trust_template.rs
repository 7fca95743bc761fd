//! A book's template overrides are untrusted: a placeholder anywhere but
//! text or a quoted attribute value (where escaping keeps store text inert)
//! is an error when the templates load, at the placeholder's
//! `file:line:col`, in a real mdBook build, through the binary as mdBook
//! runs it, and in `check`.

use crate::common::{TestBook, binary};
use assert_cmd::Command;

/// Items whose text tries to become markup or script.
const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "evil", "publisher": "x onmouseover=alert(1) y", "tier": 2}],
  "evidence": [
    {"id": "ev_e", "source_id": "evil", "url": "https://e.example/a",
     "title": "t autofocus onfocus=alert(document.domain) x", "published_at": "2026-02-10T19:00:00Z"}
  ]
}"#;

const CHAPTER: &str = "# Brief\n\nThe Fed held rates steady this month [EVID:ev_e].\n";

/// A book with `template` as its `theme/evidence/<file>`.
fn book_with(file: &str, template: &str) -> TestBook {
    let book = TestBook::with_store("as-of = \"2026-02-11\"", STORE, &[("c.md", CHAPTER)]);
    let dir = book.root().join("theme/evidence");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(file), template).unwrap();
    book
}

#[test]
fn a_placeholder_outside_text_and_quoted_values_is_a_template_error() {
    // Each case: the file, the template, the text just before and at the
    // misplaced placeholder (its `{{` is where the error points), and what
    // the error says.
    for (file, template, at, says) in [
        (
            "reference.html",
            "<p class=\"evidence-ref\" id=\"evidence-{{id}}\" data-title={{title}}>{{title}}</p>",
            "={{title}}",
            "unquoted value of `data-title`",
        ),
        (
            "reference.html",
            "<p id=\"evidence-{{id}}\" onclick=\"{{title}}\">x</p>",
            "\"{{title}}",
            "event-handler attribute `onclick`",
        ),
        (
            "reference.html",
            "<p id=\"evidence-{{id}}\"><script>var t = '{{title}}';</script></p>",
            "'{{title}}",
            "body of `<script>`",
        ),
        (
            "reference.html",
            "<p id=\"evidence-{{id}}\"><style>.x{content:\"{{publisher}}\"}</style></p>",
            "\"{{publisher}}",
            "body of `<style>`",
        ),
        (
            "reference.html",
            "<{{title}} id=\"evidence-{{id}}\">x</p>",
            "<{{title}}",
            "tag name",
        ),
        (
            "reference.html",
            "<p id=\"evidence-{{id}}\" {{title}}>x</p>",
            " {{title}}",
            "attribute name",
        ),
        (
            "reference.html",
            "<p id=\"evidence-{{id}}\"><a href=\"{{url}}\">{{url}}</a></p>",
            "\"{{url}}",
            "where a link leads",
        ),
        (
            "citation.html",
            "<a class=\"evidence-cite\" data-evidence=\"{{id}}\" title={{hover}}>[{{label}}]</a>",
            "={{hover}}",
            "unquoted value of `title`",
        ),
        (
            "citation-heading.html",
            "<span class=\"evidence-cite\" data-evidence=\"{{id}}\" onmouseover=\"x('{{title}}')\">[{{label}}]</span>",
            "('{{title}}",
            "event-handler attribute `onmouseover`",
        ),
        (
            "reference.md",
            "\\[{{number}}\\] [{{title}}]({{url}})",
            "({{url}}",
            "where a link leads",
        ),
    ] {
        let book = book_with(file, template);
        let offset = template.find(at).unwrap() + at.find("{{").unwrap();
        let column = template[..offset].chars().count() + 1;
        let expected = format!("theme/evidence/{file}:1:{column}: ");
        // Through the binary as mdBook runs it.
        let run = book.run("html");
        assert_eq!(run.code, 2, "{file}: {template}\n{}", run.stderr);
        assert!(
            run.stderr.contains(&expected) && run.stderr.contains(says),
            "{template}\nexpected {expected}… {says}\n{}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "nothing half-written on stdout");
        // `check`, which renders nothing, loads the templates too.
        let output = Command::new(binary())
            .current_dir(book.root())
            .args(["check", "."])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&expected), "{stderr}");
        // A real build stops, and writes no page.
        assert!(book.build().is_err(), "{template}");
        assert!(!book.root().join("book/c.html").exists());
    }
}

#[test]
fn a_template_with_placeholders_in_text_and_quoted_values_builds_inert() {
    let book = book_with(
        "reference.html",
        "<p class=\"evidence-ref\" id=\"evidence-{{id}}\" data-title=\"{{title}}\" data-publisher='{{publisher}}'><a href=\"{{href}}\">{{title}}</a>{{backlinks}}</p>",
    );
    book.build().expect("builds");
    let html = book.html("c.md");
    assert!(
        html.contains("data-title=\"t autofocus onfocus=alert(document.domain) x\""),
        "{html}"
    );
    // (mdBook's renderer writes every attribute in double quotes.)
    assert!(
        html.contains("data-publisher=\"x onmouseover=alert(1) y\""),
        "{html}"
    );
    assert!(
        !html.contains(" onfocus=alert(document.domain) x\">t"),
        "{html}"
    );
}
