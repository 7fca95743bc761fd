//! Evidence from the formats pipelines really write: `citation.v1` JSON
//! Lines stores and the rich citation fields of seed 001, through real
//! mdBook builds.

mod common;

use common::{TestBook, run_stdin};
use mdbook_evidence::store::{cid, normalize_url};

/// A `citation.v1` record line for `url_original`, with `extra` JSON fields.
fn record(url_original: &str, status: &str, extra: &str) -> String {
    let normalized = normalize_url(url_original).unwrap();
    format!(
        r#"{{"schema_version":"citation.v1","normalized_url":"{normalized}","cid":"{}","url":"{normalized}","url_original":"{url_original}","status":"{status}","checked_at":"2026-02-13T12:35:00Z","found_by":[{{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}}]{extra}}}"#,
        cid(&normalized)
    )
}

fn cid_of(url_original: &str) -> String {
    cid(&normalize_url(url_original).unwrap())
}

/// The seed's valid example; its cid computed with `sha256sum`.
const SEED_VALID: &str = r#"{"schema_version":"citation.v1","normalized_url":"https://example.com/doc","cid":"cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db","url":"https://example.com/doc","url_original":"https://example.com/doc?utm_source=x","status":"valid","checked_at":"2026-02-13T12:35:00Z","http_status":200,"title":"Example Doc","publisher":"Example","found_by":[{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}],"evidence_snippet":"This doc states ...","notes":"ok"}"#;
const SEED_CID: &str = "cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db";

/// A book whose store is the `evidence/` directory: the common `store.json`
/// plus `citations.jsonl` with `lines`.
fn jsonl_book(config: &str, lines: &[String], chapters: &[(&str, &str)]) -> TestBook {
    let book = TestBook::new(&format!("store = \"evidence\"\n{config}"), chapters);
    std::fs::write(
        book.root().join("evidence/citations.jsonl"),
        lines.join("\n") + "\n",
    )
    .unwrap();
    book
}

#[test]
fn a_book_cites_jsonl_records_by_cid() {
    let paywalled = record(
        "https://www.ft.com/content/fed-debate?utm_source=newsletter#top",
        "paywalled",
        r#","http_status":200,"title":"Is the Fed over-tightening?","publisher":"Financial Times","notes":"login wall""#,
    );
    let chapter = format!(
        "# Links\n\nThe example document states its case plainly [EVID:{SEED_CID}].\n\n\
         Economists debate whether the Fed is over-tightening [EVID:{}].\n\n\
         The committee held rates steady this month [EVID:ev_fomc].\n",
        cid_of("https://www.ft.com/content/fed-debate")
    );
    let book = jsonl_book(
        "",
        &[SEED_VALID.to_owned(), paywalled],
        &[("links.md", &chapter)],
    );
    book.build().expect("the book builds");
    let html = book.html("links.md");
    assert!(
        html.contains(&format!(r#"id="evidence-{SEED_CID}""#)),
        "{html}"
    );
    // Records carry no publication date: the entry has none (seed 000 §7
    // lists undated entries too).
    assert!(
        html.contains(r#"[1] Example. "Example Doc". <a href="https://example.com/doc">"#),
        "{html}"
    );
    assert!(html.contains(
        r#"[2] Financial Times. "Is the Fed over-tightening?". <a href="https://www.ft.com/content/fed-debate">https://www.ft.com/content/fed-debate</a> [Paywall]"#
    ), "{html}");
    assert!(html.contains(
        r#"[3] Federal Reserve. "FOMC Statement - February 2026". Published Feb 10, 2026."#
    ));
}

#[test]
fn citing_a_failed_link_check_is_invalid_evidence_with_status_and_notes() {
    let lines = [
        record(
            "https://dead.example.com",
            "invalid",
            r#","http_status":404,"title":null,"publisher":null,"evidence_snippet":null,"notes":"404""#,
        ),
        record(
            "https://example.org/moved",
            "mismatch",
            r#","http_status":200,"title":"Moved","notes":"page no longer mentions rates""#,
        ),
        record(
            "https://example.net/bot",
            "blocked",
            r#","notes":"captcha""#,
        ),
    ];
    let chapter = format!(
        "# Bad links\n\n- A dead page is cited for this claim [EVID:{}].\n- A page that moved on is cited here [EVID:{}].\n- A page that blocked the checker is cited [EVID:{}].\n",
        cid_of("https://dead.example.com"),
        cid_of("https://example.org/moved"),
        cid_of("https://example.net/bot"),
    );
    let book = jsonl_book("", &lines, &[("bad.md", &chapter)]);
    let run = book.run("html");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    let err = &run.stderr;
    assert_eq!(err.matches("error[invalid-evidence]").count(), 3, "{err}");
    assert!(
        err.contains("failed its link check (`status: invalid`, HTTP 404): \"404\""),
        "{err}"
    );
    assert!(err.contains("(`status: mismatch`, HTTP 200): \"page no longer mentions rates\""));
    assert!(err.contains("(`status: blocked`): \"captcha\""));
    assert!(err.contains("src/bad.md:3:"), "{err}");
}

#[test]
fn a_broken_record_stops_the_run_naming_file_and_line() {
    let tampered = SEED_VALID.replace(
        r#""normalized_url":"https://example.com/doc""#,
        r#""normalized_url":"https://example.com/doc/""#,
    );
    let book = jsonl_book(
        "",
        &[
            record("https://example.com/a", "valid", r#","notes":"ok""#),
            tampered,
        ],
        &[("r.md", "# R\n")],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "nothing half-written on stdout");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "evidence/citations.jsonl:2: `normalized_url` is \"https://example.com/doc/\""
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn a_single_jsonl_file_can_be_the_whole_store() {
    let book = TestBook::new(
        "store = \"evidence/citations.jsonl\"",
        &[(
            "one.md",
            &format!("# One\n\nThe example document states its case [EVID:{SEED_CID}].\n"),
        )],
    );
    std::fs::write(book.root().join("evidence/citations.jsonl"), SEED_VALID).unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.chapter("one.md").contains("Example Doc"));
}
