//! The preprocessor protocol and the errors that stop a run before any
//! chapter is judged: each exits non-zero with one clear message and writes
//! nothing to stdout.

use crate::common::{TestBook, run_stdin};
use assert_cmd::Command;

#[test]
fn supports_every_renderer() {
    for renderer in ["html", "markdown", "epub"] {
        Command::new(crate::common::binary())
            .args(["supports", renderer])
            .assert()
            .success()
            .stdout("");
    }
}

#[test]
fn mdbook_0_4_input_gets_a_one_line_explanation() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let stdin = book.stdin("html");
    let mut value: serde_json::Value = serde_json::from_str(&stdin).unwrap();
    value[0]["mdbook_version"] = "0.4.40".into();
    // mdBook 0.4 sent `sections`, not `items`.
    value[1] = serde_json::json!({"sections": [], "__non_exhaustive": null});
    let run = run_stdin(book.root(), &value.to_string());
    assert_ne!(run.code, 0);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("mdBook 0.4.40"), "{}", run.stderr);
    assert!(
        run.stderr.contains("needs mdBook 0.5 or newer"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_newer_incompatible_mdbook_gets_a_warning_only() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let mut value: serde_json::Value = serde_json::from_str(&book.stdin("html")).unwrap();
    value[0]["mdbook_version"] = "0.6.0".into();
    let run = run_stdin(book.root(), &value.to_string());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("warning: mdbook-evidence was built for mdBook 0.5"),
        "{}",
        run.stderr
    );
    assert!(!run.stdout.is_empty());
}

#[test]
fn truncated_or_foreign_stdin_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let stdin = book.stdin("html");
    for input in [&stdin[..stdin.len() / 2], "", "{\"hello\": 1}", "not json"] {
        let run = run_stdin(dir.path(), input);
        assert_eq!(run.code, 2, "{input:.40}: {}", run.stderr);
        assert!(run.stdout.is_empty());
        assert!(
            run.stderr.starts_with("error: mdbook-evidence: "),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("mdbook build"), "{}", run.stderr);
    }
}

#[test]
fn config_errors_name_the_key() {
    for (config, expected) in [
        (
            "mdoe = \"warn\"",
            "unknown key `mdoe` in [preprocessor.evidence] of book.toml (did you mean `mode`?)",
        ),
        (
            "mode = \"loud\"",
            "`preprocessor.evidence.mode`: unknown variant `loud`, expected one of `fail`, `downgrade`, `warn`",
        ),
        ("exclude = \"*.md\"", "`preprocessor.evidence.exclude`"),
        ("store = 3", "`preprocessor.evidence.store`"),
    ] {
        let book = TestBook::new(config, &[("report.md", "# R\n")]);
        let run = book.run("html");
        assert_eq!(run.code, 2, "{config}");
        assert!(run.stdout.is_empty());
        assert!(run.stderr.contains(expected), "{config}: {}", run.stderr);
    }
}

#[test]
fn a_missing_store_key_says_how_to_add_it() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
    std::fs::write(
        book.root().join("book.toml"),
        toml.replace("store = \"evidence/store.json\"", ""),
    )
    .unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("has no `store`"), "{}", run.stderr);
}

#[test]
fn store_errors_stop_the_run_before_anything_is_written() {
    for (store, expected) in [
        (
            "{\"schema_version\": \"evidence.v1\",\n \"evidence\": [",
            "evidence/store.json:2:",
        ),
        (
            "{\"schema_version\": \"evidence.v2\"}",
            "unknown schema_version \"evidence.v2\"; this build reads schema_version \"evidence.v1\"",
        ),
        (
            "{\"schema_version\": \"evidence.v1\", \"evidence\": [{\"id\": \"a\", \"published_at\": 5}]}",
            "`evidence[0].published_at`",
        ),
        (
            "{\"schema_version\": \"evidence.v1\", \"evidence\": [{\"id\": \"a\"}, {\"id\": \"a\"}]}",
            "evidence id `a` is defined twice",
        ),
        ("", "the file is empty"),
    ] {
        let book = TestBook::with_store("", store, &[("report.md", "# R\n")]);
        let run = book.run("html");
        assert_eq!(run.code, 2, "{store}");
        assert!(run.stdout.is_empty());
        assert!(run.stderr.contains(expected), "{store}: {}", run.stderr);
        // One line, then at most the line at fault drawn with a caret.
        let drawn = |line: &str| line.is_empty() || line.starts_with([' ', '1', '2']);
        assert!(run.stderr.lines().skip(1).all(drawn), "{}", run.stderr);
    }
}

#[test]
fn a_missing_store_file_is_named() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    std::fs::remove_file(book.root().join("evidence/store.json")).unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("evidence store `evidence/store.json` does not exist"),
        "{}",
        run.stderr
    );
}
