//! Evidence from the formats pipelines really write: `citation.v1` JSON
//! Lines stores and the rich citation fields (cited_text, source_span, document_title), through real
//! mdBook builds.

use crate::common::{TestBook, run_stdin};
use evidence_core::store::{cid, normalize_url};

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
    // Records carry no publication date: the entry has none (the References format
    // lists undated entries too).
    assert!(
        html.contains(r#"[1] Example. "Example Doc". <a href="https://example.com/doc">"#),
        "{html}"
    );
    assert!(html.contains(
        r#"[2] Financial Times. "Is the Fed over-tightening?". <a href="https://www.ft.com/content/fed-debate">www.ft.com</a> [Paywall]"#
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

/// A record that fails its checks does not stop the build: it is an invalid
/// item, and citing it is an `invalid-evidence` error naming its line and
/// what is wrong; the other records are cited as usual.
#[test]
fn a_broken_record_is_an_invalid_item_naming_file_and_line() {
    let tampered = SEED_VALID.replace(
        r#""normalized_url":"https://example.com/doc""#,
        r#""normalized_url":"https://example.com/doc/""#,
    );
    let good = record(
        "https://example.com/a",
        "valid",
        r#","title":"A","notes":"ok""#,
    );
    let chapter = format!(
        "# R\n\n- The good record is cited for this claim [EVID:{}].\n- The broken record is cited for this one [EVID:{SEED_CID}].\n",
        cid_of("https://example.com/a")
    );
    let book = jsonl_book("", &[good.clone(), tampered.clone()], &[("r.md", &chapter)]);
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 1, "{}", run.stderr);
    let err = &run.stderr;
    assert_eq!(err.matches("error[invalid-evidence]").count(), 1, "{err}");
    assert!(
        err.contains(
            "evidence/citations.jsonl:2: the record fails its citation.v1 checks: `normalized_url` is \\\"https://example.com/doc/\\\""
        ),
        "{err}"
    );
    assert!(err.contains("src/r.md:4:"), "{err}");
    assert!(
        !err.contains("invalid-record"),
        "cited: no second warning: {err}"
    );

    // Not cited, the broken record is a warning at its line.
    let uncited = chapter.lines().take(3).collect::<Vec<_>>().join("\n") + "\n";
    let book = jsonl_book("", &[good, tampered], &[("r.md", &uncited)]);
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("warning[invalid-record]"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("citations.jsonl"), "{}", run.stderr);
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

/// Items with the rich citation fields, as a model API's citations give them.
const RICH_STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1},
    {"source_id": "ft", "publisher": "Financial Times", "tier": 2, "paywall_policy": "metadata_only"}
  ],
  "evidence": [
    {"id": "ev_api", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "document_title": "FOMC statement", "published_at": "2026-02-10T19:00:00Z",
     "cited_text": "The Committee decided to maintain the target range at 3-1/2 to 3-3/4 percent.",
     "source_span": [21, 98],
     "content": "Inflation is <high>. The Committee decided to maintain the target range at 3-1/2 to 3-3/4 percent. More."},
    {"id": "ev_quote", "source_id": "fed", "url": "https://www.federalreserve.gov/b.htm", "title": "Minutes",
     "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"start": 0, "end": 34, "text": "Participants saw <risks> & \"costs\"."}},
    {"id": "ev_paywalled", "source_id": "ft", "url": "https://www.ft.com/content/x", "title": "Debate",
     "published_at": "2026-02-09T08:00:00Z", "cited_text": "A paywalled sentence that must not be shown."},
    {"id": "ev_badspan", "source_id": "fed", "url": "https://www.federalreserve.gov/c.htm", "title": "Press",
     "published_at": "2026-02-10T19:00:00Z", "cited_text": "rates held", "source_span": [0, 10],
     "content": "Rates were held steady."}
  ]
}"#;

const RICH_CHAPTER: &str = "# Rich\n\nThe committee kept the target range unchanged [EVID:ev_api].\n\n\
Participants weighed the risks and the costs [EVID:ev_quote].\n\n\
Economists debate the stance of policy [EVID:ev_paywalled].\n";

#[test]
fn references_show_the_cited_passage_of_full_text_sources_escaped() {
    let book = TestBook::with_store("", RICH_STORE, &[("rich.md", RICH_CHAPTER)]);
    book.build().expect("the book builds");
    let html = book.html("rich.md");
    // `document_title` stands in for the missing `title`.
    assert!(html.contains(r#"[1] Federal Reserve. "FOMC statement". Published Feb 10, 2026."#));
    // (mdBook re-serializes the HTML, with line breaks between elements.)
    let html = html.replace('\n', "");
    // The passage is the entry's `data-passage`, which the stylesheet
    // shows under it (and mdBook's search does not index).
    assert!(html.contains(
        r#"data-passage="The Committee decided to maintain the target range at 3-1/2 to 3-3/4 percent.""#
    ), "{html}");
    // `quote_span.text` when there is no `cited_text`; store text is escaped.
    assert!(
        html.contains(r#"data-passage="Participants saw &lt;risks&gt; &amp; &quot;costs&quot;.""#),
        "{html}"
    );
    assert!(!html.contains("<risks>"));
    // A metadata-only source's text is never shown.
    assert!(!html.contains("must not be shown"), "{html}");
    assert_eq!(html.matches("data-passage=").count(), 2);
}

#[test]
fn other_renderers_get_the_passage_as_an_escaped_block_quote_and_reruns_change_nothing() {
    let book = TestBook::with_store("", RICH_STORE, &[("rich.md", RICH_CHAPTER)]);
    let stdin = book.stdin("markdown");
    let run = run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("rich.md");
    assert!(
        out.contains("\n> Participants saw \\<risks\\> \\& \\\"costs\\\"\\.\n"),
        "{out}"
    );
    let again = crate::common::rerun(book.root(), &stdin, &run);
    assert_eq!(again.chapter("rich.md"), out);
}

#[test]
fn a_span_that_does_not_select_the_quote_is_span_mismatch() {
    let chapter = "# Spans\n\nRates were held steady this month [EVID:ev_badspan].\n\nThe range stayed where it was [EVID:ev_api] [EVID:ev_badspan].\n";
    let book = TestBook::with_store("", RICH_STORE, &[("spans.md", chapter)]);
    let run = book.run("html");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let err = &run.stderr;
    assert_eq!(err.matches("error[span-mismatch]").count(), 1, "{err}");
    assert!(
        err.contains("evidence `ev_badspan`: `source_span` [0, 10] selects \"Rates were\" from `content`, not the `cited_text` \"rates held\""),
        "{err}"
    );
    assert!(err.contains("src/spans.md:3:"), "{err}");
    assert!(!err.contains("ev_api`"), "exact spans pass: {err}");
}

#[test]
fn a_number_missing_from_the_cited_passage_is_a_warning_at_the_number() {
    let chapter = "# Numbers\n\n\
- The committee kept the target range at 3.50–3.75% this month [EVID:ev_api].\n\
- The committee kept the target range at 3.50–4.00% this month [EVID:ev_api].\n\
- Economists debate whether 2 cuts are due this year [EVID:ev_paywalled].\n";
    let book = TestBook::with_store("", RICH_STORE, &[("numbers.md", chapter)]);
    let run = book.run("html");
    assert_eq!(
        run.code, 0,
        "a warning does not stop the build: {}",
        run.stderr
    );
    let err = &run.stderr;
    assert_eq!(
        err.matches("warning[number-not-in-evidence]").count(),
        2,
        "{err}"
    );
    assert!(
        err.contains("`4.00%` appears in none of the passages this claim cites (`ev_api`)"),
        "{err}"
    );
    assert!(err.contains("src/numbers.md:4:47"), "{err}");
    assert!(err.contains("`2` appears in none of the passages this claim cites (`ev_paywalled`)"));
    book.build().expect("builds");
}

#[test]
fn a_record_without_a_title_is_cited_by_its_address_and_a_third_wave_is_refused() {
    // The format makes `title` optional: such a page is cited by its
    // address, in every publishing mode, as an imported page is.
    let untitled = record(
        "https://例え.example/東京/報告?utm_source=x",
        "valid",
        r#","notes":"ok""#,
    );
    let wave_three = record("https://example.com/w3", "valid", r#","notes":"ok""#)
        .replace("\"wave\":1", "\"wave\":3");
    let chapter = format!(
        "# Pages\n\n- The report from 東京 states its case\u{a0}plainly [EVID:{}].\n- A page found in a third wave is cited [EVID:{}].\n",
        cid_of("https://例え.example/東京/報告"),
        cid_of("https://example.com/w3"),
    );
    for mode in ["warn", "remove", "downgrade"] {
        let book = jsonl_book(
            &format!("mode = \"{mode}\""),
            &[untitled.clone(), wave_three.clone()],
            &[("pages.md", &chapter)],
        );
        let run = book.run("html");
        assert!(
            !run.stderr.contains("missing-field"),
            "{mode}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("`found_by[0].wave`")
                && run.stderr.contains("citation.v1 has waves 1 and 2"),
            "{mode}: {}",
            run.stderr
        );
        book.build().expect("the book builds");
        let html = book.html("pages.md");
        assert!(html.contains("[1] "), "{mode}: {html}");
        assert!(
            html.contains("xn--r8jz45g.example/%E6%9D%B1%E4%BA%AC/%E5%A0%B1%E5%91%8A\""),
            "{mode}: {html}"
        );
    }
}
