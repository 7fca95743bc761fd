//! What a run prints is bounded and inert, whatever the chapters and the
//! store hold: control and bidi characters never reach the terminal or a
//! CI log as such, a long line is shown as a window around each span, and
//! many violations on one line are counted rather than printed.

use crate::common::{TestBook, binary};
use assert_cmd::Command;

fn check(book: &TestBook, format: &str) -> (i32, String, String) {
    let output = Command::new(binary())
        .current_dir(book.root())
        .args(["check", ".", "--format", format])
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const STORE: &str = r#"{"schema_version": "evidence.v1",
  "sources": [{"source_id": "evil\u001b[2J", "publisher": "Evil\u001b]0;pwned\u0007 \u202e Co", "tier": 2}],
  "evidence": [{"id": "ev_e", "source_id": "evil\u001b[2J", "url": "https://e.example/a",
     "title": "T", "published_at": "2026-02-10T19:00:00Z"}]
}"#;

#[test]
fn control_and_bidi_characters_are_inert_in_every_output() {
    let chapter = "# Brief\n\n- Rates \u{1b}[31mrose\u{1b}[0m \u{202e}today\u{202c} at 東京\u{3000}４％.\n\n- Cited [EVID:ev_e].\n";
    let book = TestBook::with_store("as-of = \"2026-02-11\"", STORE, &[("a.md", chapter)]);
    for format in ["human", "github"] {
        let (code, stdout, stderr) = check(&book, format);
        assert_eq!(code, 1, "{stderr}");
        let all = format!("{stdout}{stderr}");
        assert!(!all.contains('\u{1b}'), "{format}: {all}");
        assert!(!all.contains('\u{7}'), "{format}: {all}");
        assert!(!all.contains('\u{202e}'), "{format}: {all}");
        assert!(all.contains("ungrounded-claim"), "{format}: {all}");
    }
}

#[test]
fn one_long_line_with_many_violations_prints_a_bounded_report() {
    let sentence = "Rates rose to 5\u{a0}% today. ";
    let chapter = format!("# Brief\n\n{}\n", sentence.repeat(4_000));
    let book = TestBook::with_store(
        "claims = \"sentences\"\nas-of = \"2026-02-11\"",
        STORE,
        &[("a.md", &chapter)],
    );
    let (code, _, stderr) = check(&book, "human");
    assert_eq!(code, 1);
    // 4,000 findings on a 100 KB line: ten are drawn, each with a window of
    // the line, and the rest are counted.
    assert!(stderr.len() < 20_000, "{} bytes of stderr", stderr.len());
    assert!(
        stderr.contains("note: 3990 more diagnostics on src/a.md:3 not shown here"),
        "{}",
        &stderr[stderr.len().saturating_sub(600)..]
    );
    assert!(
        stderr.contains("src/a.md:3:26"),
        "the real column of the second claim"
    );
    // The JSON report still lists every one, and the chapter's coverage
    // (no sentence cited) once.
    let (_, json, _) = check(&book, "json");
    let report: serde_json::Value = serde_json::from_str(&json).expect("json");
    let count = report["violations"].as_array().map_or(0, Vec::len);
    assert_eq!(count, 4_001, "{}", &json[..json.len().min(400)]);
}

/// Byte-order marks (U+FEFF) in the middle of a long line, which columns do
/// not count: the window drawn around a span counted them, and its column
/// went below zero (a panic in a debug build, a column near 2^64 in a
/// release build). Found by auditing the report's offset arithmetic.
#[test]
fn byte_order_marks_inside_a_long_line_keep_its_columns_right() {
    let line = format!(
        "Rates rose{} in 東京 [EVID:missing] and\u{a0}more 😀 {}",
        "\u{feff}".repeat(200),
        "x".repeat(400)
    );
    let chapter = format!("# Brief\n\n{line}\n");
    let book = TestBook::with_store("as-of = \"2026-02-11\"", STORE, &[("a.md", &chapter)]);
    let (code, _, stderr) = check(&book, "human");
    assert_eq!(code, 1, "{stderr}");
    // `[EVID:missing]` starts at character 18 of the line, BOMs not
    // counted (the JSON report and editors count the same way).
    assert!(stderr.contains("src/a.md:3:18"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let (_, json, _) = check(&book, "json");
    assert!(
        json.contains("\"column\": 18") || json.contains("\"column\":18"),
        "{json}"
    );
}
