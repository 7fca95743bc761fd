//! Books, stdin and config that cannot be used: a book past the size
//! limit, stdin that is not UTF-8, of the wrong shape or from a version that
//! is not semver, config values of the wrong type or range, and tiers.

use super::*;
use crate::common::{Run, TestBook};

/// Runs the binary on the JSON mdBook sends for a one-chapter book, after
/// `edit`.
fn with_stdin_edit(edit: impl FnOnce(&mut serde_json::Value)) -> Run {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let mut value: serde_json::Value = serde_json::from_str(&book.stdin("html")).unwrap();
    edit(&mut value);
    crate::common::run_stdin(book.root(), &value.to_string())
}

#[test]
fn a_book_past_the_size_limit_is_refused() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let stdin = book.stdin("html");
    let run = crate::common::run_stdin_with(
        book.root(),
        &stdin,
        &[("MDBOOK_EVIDENCE_MAX_BOOK_BYTES", "100")],
    );
    assert_refused(
        &run,
        &[
            "the book on stdin is larger than 100 bytes (the limit); raise it with MDBOOK_EVIDENCE_MAX_BOOK_BYTES=<bytes>",
        ],
    );
    let limit = stdin.len().to_string();
    let run = crate::common::run_stdin_with(
        book.root(),
        &stdin,
        &[("MDBOOK_EVIDENCE_MAX_BOOK_BYTES", limit.as_str())],
    );
    assert_eq!(run.code, 0, "exactly at the limit: {}", run.stderr);
}

// Stdin.

#[test]
fn stdin_that_is_not_utf8_is_refused() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let output = assert_cmd::Command::new(crate::common::binary())
        .current_dir(book.root())
        .write_stdin(&b"[{\"mdbook_version\": \"0.5.4\xff\"}, {}]"[..])
        .output()
        .unwrap();
    let run = Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    assert_refused(
        &run,
        &["cannot read the book from stdin (it must be UTF-8 JSON from mdBook)"],
    );
}

#[test]
fn stdin_with_a_book_of_the_wrong_shape_is_refused() {
    let run = with_stdin_edit(|value| value[1]["items"] = serde_json::json!({"Chapter": 1}));
    assert_refused(
        &run,
        &["cannot read the book that mdBook sent on stdin: invalid type: map, expected a sequence"],
    );
}

#[test]
fn stdin_from_a_version_that_is_not_semver_is_refused() {
    let run = with_stdin_edit(|value| value[0]["mdbook_version"] = "latest".into());
    assert_refused(
        &run,
        &["the calling mdBook's version \"latest\" is not semver"],
    );
}

// Config.

#[test]
fn config_values_of_the_wrong_type_or_range_name_the_key() {
    for (config, expected) in [
        (
            "claim-min-words = -1",
            "`preprocessor.evidence.claim-min-words`",
        ),
        (
            "claim-min-words = \"3\"",
            "`preprocessor.evidence.claim-min-words`",
        ),
        (
            "references-title = 5",
            "`preprocessor.evidence.references-title`",
        ),
        (
            "as-of = \"yesterday\"",
            "`preprocessor.evidence.as-of`: expected an RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\" or a date such as \"2026-02-10\", found \"yesterday\"; write a date as YYYY-MM-DD",
        ),
        ("exclude = [\"a/[b\"]", "`preprocessor.evidence.exclude[0]`"),
        ("mode = [\"warn\"]", "`preprocessor.evidence.mode`"),
        ("store = []", "has no `store`"),
        (
            "Mode = \"warn\"",
            "unknown key `Mode` in [preprocessor.evidence] of book.toml (did you mean `mode`?)",
        ),
        ("stores = \"x\"", "unknown key `stores`"),
    ] {
        let book = TestBook::new(config, &[("report.md", "# R\n")]);
        let run = book.run("html");
        assert_eq!(run.code, 2, "{config}: {}", run.stderr);
        assert_refused(&run, &[expected]);
    }
}

#[test]
fn a_toml_date_for_as_of_is_a_date() {
    let book = TestBook::new("as-of = 2026-02-11", &[("report.md", "# R\n")]);
    assert_eq!(book.run("html").code, 0);
}

#[test]
fn a_wrong_type_in_the_config_mdbook_sends_names_the_key() {
    // As an environment override would put it (`MDBOOK_PREPROCESSOR__…`).
    let run = with_stdin_edit(|value| {
        value[0]["config"]["preprocessor"]["evidence"]["claim-min-words"] = "many".into();
    });
    assert_refused(&run, &["`preprocessor.evidence.claim-min-words`"]);
}

#[test]
fn a_tier_that_is_not_a_whole_number_from_1_to_4_says_what_it_found() {
    for (tier, found) in [
        ("\"2\"", "found the string \"2\" (write it without quotes)"),
        ("\"\u{ff12}\"", "found the string \"\u{ff12}\""),
        (
            "\"\u{200f}2\u{3000}\"",
            "found the string \"\\u{200f}2\\u{3000}\"",
        ),
        ("\"two 🙂\"", "found the string \"two 🙂\""),
        ("2.5", "found 2.5"),
        ("-1", "found -1"),
        ("7", "found 7"),
        ("null", "found null"),
        ("[2]", "found a list"),
    ] {
        let store = format!(
            "{{\"schema_version\": \"evidence.v1\",\n \"sources\": [{{\"source_id\": \"s\", \"publisher\": \"P\", \"tier\": {tier}}}]}}"
        );
        let run = with_store_bytes(store.as_bytes());
        assert_refused(
            &run,
            &[
                "`sources[0].tier`",
                "tier must be a whole number from 1 to 4",
                found,
            ],
        );
        assert!(!run.stderr.contains("invalid type"), "{}", run.stderr);
    }
}
