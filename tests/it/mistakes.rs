//! Mistakes named (issue 31, items 4 and 5), through the real binary on
//! real books: every store error of every store file at once, each at its
//! `file:line:col` with its line drawn and a caret under the value; the
//! nearest known name for a mistyped one (a source id, a value of
//! book.toml, a store path); and dates as people write them, a date alone
//! accepted, any other form refused with the exact RFC 3339 text to write.
//! Names and paths are not only ASCII.

use crate::common::{TestBook, binary};
use assert_cmd::Command;
use std::path::Path;

/// `mdbook-evidence check` on the book in `root` with `args`: exit status,
/// stdout and stderr.
fn check(root: &Path, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(binary())
        .current_dir(root)
        .arg("check")
        .arg(".")
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("SOURCE_DATE_EPOCH")
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const CHAPTER: &str = "# 概要\n\nThe rate stays at 4.4\u{a0}percent [EVID:ev_a].\n";

/// A store of one source (`source_id`) and one item citing `item_source`,
/// published at `published_at`.
fn store(source_id: &str, item_source: &str, published_at: &str) -> String {
    format!(
        r#"{{"schema_version": "evidence.v1",
  "sources": [{{"source_id": "{source_id}", "publisher": "連邦準備制度", "tier": 1}}],
  "evidence": [{{"id": "ev_a", "source_id": "{item_source}", "url": "https://example.org/金利",
     "title": "Rates — 金利", "published_at": "{published_at}",
     "quote_span": {{"text": "The rate stays at 4.4{nbsp}percent."}}}}]
}}"#,
        nbsp = '\u{a0}'
    )
}

/// The text of line `line` (1-based) of the file drawn in `stderr` that
/// the carets under it mark: where the caret line's `^` run stands, by
/// the columns a terminal gives each character (two for CJK and
/// full-width ones).
fn under_carets(stderr: &str, line: usize) -> Option<String> {
    let gutter = format!("{line} │ ");
    let mut lines = stderr.lines();
    let source = lines.find(|l| l.starts_with(&gutter))?;
    let carets = lines.next()?;
    let start = carets.find('^')?;
    let width = carets[start..].chars().take_while(|&c| c == '^').count();
    // The caret line's gutter is as wide as the source line's.
    let from = carets[..start].chars().count() - gutter.chars().count();
    let mut column = 0;
    let mut marked = String::new();
    for c in source[gutter.len()..].chars() {
        if column >= from && column < from + width {
            marked.push(c);
        }
        column += terminal_width(c);
    }
    Some(marked)
}

/// The columns a terminal gives `c`: two for East Asian wide and
/// full-width characters, else one (enough for these tests).
fn terminal_width(c: char) -> usize {
    match c as u32 {
        0x1100..=0x115f | 0x2e80..=0xa4cf | 0xac00..=0xd7a3 | 0xf900..=0xfaff => 2,
        0xfe30..=0xfe4f | 0xff00..=0xff60 | 0xffe0..=0xffe6 => 2,
        _ => 1,
    }
}

#[test]
fn a_store_with_several_errors_reports_them_all_with_a_caret_each() {
    // Three mistakes in one file, a fourth in another file of the store
    // directory, whose name is not ASCII; values with CJK text, an RTL
    // mark and full-width digits.
    let first = r#"{"schema_version": "evidence.v1",
  "sources": [{"source_id": "連邦", "publisher": "連邦準備制度", "tier": 7}],
  "evidence": [
    {"id": "ev_a", "source_id": "連邦", "url": "https://example.org/a",
     "title": "金利 — ‏عنوان", "published_at": "２０２６-02-10"},
    {"id": "ev_b", "source_id": "連邦", "url": "https://example.org/b", "titel": "東京",
     "published_at": "2026-02-10"},
    {"id": "ev_c", "source_id": "連邦", "url": "https://example.org/c",
     "title": "ok", "status": "activ"}
  ]
}"#;
    let second = "{\"schema_version\": \"evidence.v1\",\n \"evidence\": [{\"id\": \"ev_d\", \"published_at\": \"10/02/2026\"}]}\n";
    let book = TestBook::with_store("store = \"証拠\"", "{}", &[("a.md", CHAPTER)]);
    let dir = book.root().join("証拠");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.json"), first).unwrap();
    std::fs::write(dir.join("ü b.json"), second).unwrap();
    let (code, stdout, stderr) = check(book.root(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.starts_with(
            "error: mdbook-evidence: 5 errors in the evidence store (below); fix them all"
        ),
        "{stderr}"
    );
    // In file order, each with its place, its message and a caret under
    // the value (columns in characters).
    let expected = [
        (
            "証拠/a.json:2:66",
            "`sources[0].tier`: tier must be a whole number from 1 to 4",
        ),
        (
            "証拠/a.json:5:46",
            "found \"２０２６-02-10\" (it holds full-width characters",
        ),
        (
            "証拠/a.json:6:71",
            "unknown field `titel`: did you mean `title`?",
        ),
        ("証拠/a.json:9:31", "did you mean `active`?"),
        (
            "証拠/ü b.json:2:46",
            "write \"2026-02-10\" or \"2026-10-02\", as YYYY-MM-DD",
        ),
    ];
    let mut from = 0;
    for (place, message) in expected {
        let at = stderr[from..]
            .find(&format!("┌─ {place}"))
            .unwrap_or_else(|| panic!("no {place} after byte {from}: {stderr}"));
        let header = stderr[..from + at].rfind("\nerror: ").unwrap();
        assert!(
            stderr[header..from + at].contains(message),
            "{place}: {message}: {stderr}"
        );
        from += at + "┌".len();
    }
    let marked = |line| under_carets(&stderr, line).unwrap_or_default();
    assert_eq!(marked(2), "7", "{stderr}");
    assert_eq!(marked(5), "\"２０２６-02-10\"", "{stderr}");
    assert_eq!(marked(6), "\"titel\"", "{stderr}");
    assert_eq!(marked(9), "\"activ\"", "{stderr}");
    // The RTL mark in a title is drawn inert.
    assert!(!stderr.contains('\u{200f}'), "{stderr}");
    // The JSON report names them all, numbered, the first as the place.
    let (code, stdout, _) = check(book.root(), &["--format", "json"]);
    assert_eq!(code, 2);
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let message = report["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("5 errors in the evidence store: (1) "),
        "{message}"
    );
    assert!(message.contains("(5) 証拠/ü b.json:2:46: "), "{message}");
    assert_eq!(report["error"]["file"], "証拠/a.json");
    assert_eq!(report["error"]["line"], 2);
    // mdBook stops, and nothing is written.
    assert!(book.build().is_err());
    assert!(!book.root().join("book").join("a.html").exists());
}

#[test]
fn a_file_where_every_item_is_wrong_lists_the_first_fifty() {
    let items: Vec<String> = (0..120)
        .map(|n| format!("{{\"id\": \"ev_{n}\", \"publised_at\": \"2026-02-10\"}}"))
        .collect();
    let store = format!(
        "{{\"schema_version\": \"evidence.v1\",\n \"evidence\": [\n{}\n]}}",
        items.join(",\n")
    );
    let book = TestBook::with_store("", &store, &[("a.md", CHAPTER)]);
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.starts_with("error: mdbook-evidence: 120 errors"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("did you mean `published_at`?").count(), 50);
    assert!(
        stderr.contains(
            "error: 70 more sources or items do not fit either (only the first 50 of a file are listed)"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("┌─ evidence/store.json:52:"), "{stderr}");
}

#[test]
fn one_store_error_is_one_line_then_its_line_and_a_caret() {
    let book = TestBook::with_store(
        "",
        &store("連邦", "連邦", "Feb 10, 2026"),
        &[("a.md", CHAPTER)],
    );
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 2, "{stderr}");
    let mut lines = stderr.lines();
    assert_eq!(
        lines.next().unwrap(),
        "error: mdbook-evidence: evidence/store.json:4:45: `evidence[0].published_at`: expected an RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\" or a date such as \"2026-02-10\", found \"Feb 10, 2026\"; write \"2026-02-10\""
    );
    assert_eq!(lines.next().unwrap(), "  ┌─ evidence/store.json:4:45");
    assert_eq!(
        under_carets(&stderr, 4).as_deref(),
        Some("\"Feb 10, 2026\""),
        "{stderr}"
    );
}

#[test]
fn a_date_alone_is_that_day_in_stores_and_in_as_of() {
    // Published on the 10th (a date), as of the 11th: one day old.
    let config = "as-of = \"2026-02-11\"\nmax-age-days = 1";
    let book = TestBook::with_store(
        config,
        &store("連邦", "連邦", "2026-02-10"),
        &[("a.md", CHAPTER)],
    );
    let (code, stdout, stderr) = check(book.root(), &["--format", "json"]);
    assert_eq!(code, 0, "{stderr}{stdout}");
    book.build().unwrap();
    let page = book.html("a.md");
    assert!(page.contains("Published Feb 10, 2026."), "{page}");
    // A day later it is stale: the date is the day's start, not its end.
    let config = "as-of = \"2026-02-12T00:00:01Z\"\nmax-age-days = 1";
    let book = TestBook::with_store(
        config,
        &store("連邦", "連邦", "2026-02-10"),
        &[("a.md", CHAPTER)],
    );
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("error[stale-evidence]"), "{stderr}");
}

#[test]
fn dates_written_otherwise_get_the_exact_text_to_write() {
    for (written, advice) in [
        ("2026/02/10", "write \"2026-02-10\""),
        ("25/12/2026", "write \"2026-12-25\""),
        ("２０２６-０２-１０", "write \"2026-02-10\""),
        ("\u{200f}2026-02-10\u{a0}", "write \"2026-02-10\""),
        (
            "2026-02-10T14:00:00+0530",
            "write \"2026-02-10T14:00:00+05:30\"",
        ),
        ("2026-02-10T14:00", "a time needs its offset from UTC"),
    ] {
        let book = TestBook::with_store("", &store("連邦", "連邦", written), &[("a.md", CHAPTER)]);
        let (code, _, stderr) = check(book.root(), &[]);
        assert_eq!(code, 2, "{written:?}: {stderr}");
        assert!(stderr.contains("`evidence[0].published_at`"), "{stderr}");
        assert!(stderr.contains(advice), "{written:?}: {stderr}");
        // The caret is at the value's opening quote.
        let marked = under_carets(&stderr, 4).unwrap_or_default();
        assert!(marked.starts_with('"'), "{written:?}: {stderr}");
        assert!(
            marked.len() > 2 && marked.ends_with('"'),
            "{written:?}: {stderr}"
        );
    }
    // book.toml's as-of reads dates the same way.
    let book = TestBook::with_store(
        "as-of = \"2026/02/11\"",
        &store("連邦", "連邦", "2026-02-10"),
        &[("a.md", CHAPTER)],
    );
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("`preprocessor.evidence.as-of`"), "{stderr}");
    assert!(stderr.contains("write \"2026-02-11\""), "{stderr}");
}

#[test]
fn a_mistyped_source_id_gets_the_nearest_registered_source() {
    let book = TestBook::with_store(
        "",
        &store("連邦準備制度", "連邦準備製度", "2026-02-10T19:00:00Z"),
        &[("a.md", CHAPTER)],
    );
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(
            "evidence `ev_a` has source_id `連邦準備製度`, which is not in the source registry; did you mean `連邦準備制度`?"
        ),
        "{stderr}"
    );
    // A source id near none is not given one.
    let book = TestBook::with_store(
        "",
        &store("fed", "fed_insider_substack", "2026-02-10T19:00:00Z"),
        &[("a.md", CHAPTER)],
    );
    let (_, _, stderr) = check(book.root(), &[]);
    assert!(
        stderr.contains("which is not in the source registry\n"),
        "{stderr}"
    );
}

#[test]
fn a_mistyped_source_id_is_one_error_not_warnings_about_the_other_citation() {
    // The claim cites the mistyped item and a second one, whose passage
    // lacks the claim's figure and words: judged on the second alone, it
    // drew `number-not-in-evidence` and `claim-not-in-evidence` beside the
    // error that names the real mistake.
    let store = r#"{"schema_version": "evidence.v1",
  "sources": [{"source_id": "bls", "publisher": "U.S. Bureau of Labor Statistics", "tier": 1}],
  "evidence": [
    {"id": "ev_jobs", "source_id": "blss", "url": "https://www.bls.gov/empsit",
     "title": "The Employment Situation", "published_at": "2026-02-06",
     "quote_span": {"text": "Total nonfarm payroll employment rose by 143,000 in January."}},
    {"id": "ev_cpi", "source_id": "bls", "url": "https://www.bls.gov/cpi",
     "title": "Consumer Price Index", "published_at": "2026-02-12",
     "quote_span": {"text": "The Consumer Price Index increased 0.5\u00a0percent in January."}}]
}"#;
    let chapter =
        "# 雇用\n\nEmployers added 143,000 jobs in January [EVID:ev_jobs] [EVID:ev_cpi].\n";
    let book = TestBook::with_store("as-of = \"2026-02-20\"\n", store, &[("a.md", chapter)]);
    let (code, _, stderr) = check(book.root(), &["--format", "json"]);
    assert_eq!(code, 1, "{stderr}");
    let (_, stdout, _) = check(book.root(), &["--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("a JSON report");
    let rules: Vec<&str> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["unknown-source"], "{report:#}");
    // With the id fixed, the claim is judged against both passages.
    let fixed = store.replace("\"blss\"", "\"bls\"");
    let book = TestBook::with_store("as-of = \"2026-02-20\"\n", &fixed, &[("a.md", chapter)]);
    let (code, stdout, stderr) = check(book.root(), &["--format", "json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn names_in_book_toml_get_the_nearest_known_one() {
    for (config, expected) in [
        (
            "mode = \"downgrad\"",
            "unknown variant `downgrad`, expected one of `fail`, `downgrade`, `warn`, `remove`; did you mean `downgrade`?",
        ),
        ("citation-style = \"grouped2\"", "did you mean `grouped`?"),
        (
            "store = \"evidense/store.json\"",
            "evidence store `evidense/store.json` does not exist (did you mean `evidence/store.json`?)",
        ),
        (
            "[preprocessor.evidence.rules]\nungrounded-claims = \"warn\"",
            "did you mean `ungrounded-claim`?",
        ),
    ] {
        let book = TestBook::new(config, &[("a.md", CHAPTER)]);
        let (code, _, stderr) = check(book.root(), &[]);
        assert_eq!(code, 2, "{config}: {stderr}");
        assert!(stderr.contains(expected), "{config}: {stderr}");
        assert!(stderr.contains("book.toml:"), "{config}: {stderr}");
    }
    // A store directory named in CJK, mistyped by one character.
    let book = TestBook::new("store = \"證拠/store.json\"", &[("a.md", CHAPTER)]);
    std::fs::create_dir_all(book.root().join("証拠")).unwrap();
    std::fs::copy(
        book.root().join("evidence/store.json"),
        book.root().join("証拠/store.json"),
    )
    .unwrap();
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("(did you mean `証拠/store.json`?)"),
        "{stderr}"
    );
}

#[test]
fn errors_at_the_top_level_and_in_chapters_are_listed_too() {
    let store = r#"{"schema_version": "evidence.v1", "evidences": [],
 "sources": [{"source_id": "fed", "publisher": "Fed", "tier": "1"}],
 "evidence": [{"id": "ev_a", "id": "ev_b", "source_id": "fed"}],
 "chapters": {"a.md": "ev_a"}
}"#;
    let book = TestBook::with_store("", store, &[("a.md", CHAPTER)]);
    let (code, _, stderr) = check(book.root(), &[]);
    assert_eq!(code, 2, "{stderr}");
    let headers: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("error: "))
        .collect();
    assert_eq!(headers.len(), 5, "{stderr}");
    for (header, expected) in headers[1..].iter().zip([
        "`evidences`: unknown field `evidences`: did you mean `evidence`?",
        "`sources[0].tier`: tier must be a whole number from 1 to 4 (`\"tier\": 2`), found the string \"1\" (write it without quotes)",
        "`evidence[0]`: field `id` is given twice in one object (first at line 3, column 16)",
        "`chapters.a.md`: invalid type: string \"ev_a\", expected a sequence",
    ]) {
        assert!(
            header.starts_with(&format!("error: {expected}")),
            "{stderr}"
        );
    }
}
