//! Imported evidence in a book's store: content-addressed web items merge
//! across imports and with a run's `citations.jsonl`, the format's example
//! records load as written, and `import --book` writes into a book; each
//! through a real mdBook build.

use crate::common::import::{assert_published, fixture, import, main_html, rules, run_import};
use crate::common::{TestBook, run_stdin};
use evidence_core::store::{cid, normalize_url};
use std::ffi::OsString;
use std::path::Path;

fn page_id(url: &str) -> String {
    cid(&normalize_url(url).unwrap())
}

/// A `citation.v1` record of `url_original` with `extra` fields.
fn record(url_original: &str, status: &str, extra: &str) -> String {
    let normalized = normalize_url(url_original).unwrap();
    format!(
        r#"{{"schema_version":"citation.v1","normalized_url":"{normalized}","cid":"{}","url":"{normalized}","url_original":"{url_original}","status":"{status}","checked_at":"2026-02-13T12:35:00Z","found_by":[{{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}}],"notes":"checked"{extra}}}"#,
        cid(&normalized)
    )
}

fn os(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<OsString> {
    args.iter().map(|a| a.as_ref().to_owned()).collect()
}

/// A book whose store is the directory `evidence/` holding `files`.
fn book_of(config: &str, files: &[(&str, &str)], chapters: &[(&str, &str)]) -> TestBook {
    let book = TestBook::with_store(&format!("store = \"evidence\"\n{config}"), "", chapters);
    std::fs::remove_file(book.root().join("evidence/store.json")).unwrap();
    for (name, text) in files {
        std::fs::write(book.root().join("evidence").join(name), text).unwrap();
    }
    book
}

/// Importing an answer twice writes the same bytes; two answers citing the
/// same passages (and registering the same sources) share one book.
#[test]
fn reimporting_changes_nothing_and_two_answers_share_a_book() {
    let dir = tempfile::tempdir().unwrap();
    let sources = fixture("web-sources.json");
    let response = fixture("anthropic-web-fetch.json");
    let args = os(&[&response, &"--sources", &sources]);
    let first = import(dir.path(), &args).ok();
    let again = import(dir.path(), &args).ok();
    assert_eq!(first.chapter, again.chapter);
    assert_eq!(first.store, again.store);

    let other = first
        .store
        .as_deref()
        .unwrap()
        .replace("\"answer.md\"", "\"other.md\"");
    let book = book_of(
        "mode = \"warn\"",
        &[
            ("a.json", first.store.as_deref().unwrap()),
            ("b.json", &other),
        ],
        &[
            ("answer.md", first.chapter()),
            ("other.md", first.chapter()),
        ],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    // The narration before the tool call is a comment in each chapter, no
    // claim: nothing to report.
    assert_eq!(rules(&run), Vec::<String>::new(), "{}", run.stderr);
    book.build().expect("the book builds");
}

/// An imported page and the run's link check of it are one item: the
/// record gives the publisher and the link status (a dead link makes every
/// passage of the page invalid), the answer the passage.
#[test]
fn an_import_and_a_citations_record_of_one_url_are_one_item() {
    let dir = tempfile::tempdir().unwrap();
    let sources = fixture("web-sources.json");
    let chat = fixture("openai-chat-annotations.json");
    let done = import(dir.path(), &os(&[&chat, &"--sources", &sources])).ok();
    let records = [
        record(
            "https://www.shanghai.gov.cn/lego?utm_source=chatgpt",
            "valid",
            r#","publisher":"Shanghai Government Online","http_status":200"#,
        ),
        record(
            "https://english.news.cn/lego",
            "invalid",
            r#","http_status":404"#,
        ),
    ]
    .join("\n");
    let book = book_of(
        "",
        &[
            ("answer.json", done.store.as_deref().unwrap()),
            ("run.jsonl", &records),
        ],
        &[("answer.md", done.chapter())],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(rules(&run), ["invalid-evidence"], "{}", run.stderr);
    let id = page_id("https://english.news.cn/lego");
    assert!(
        run.stderr.contains(&format!(
            "evidence `{id}` failed its link check (`status: invalid`, HTTP 404)"
        )),
        "{}",
        run.stderr
    );

    let book = book_of(
        "mode = \"warn\"",
        &[
            ("answer.json", done.store.as_deref().unwrap()),
            ("run.jsonl", &records),
        ],
        &[("answer.md", done.chapter())],
    );
    book.build().expect("the book builds");
    let main = main_html(&book, "answer.md");
    assert!(
        main.contains("[1] Shanghai Government Online. \"上海乐高乐园开园\"."),
        "{main}"
    );

    // Passages of a page take the page's record.
    let fetched = fixture("anthropic-web-fetch.json");
    let done = import(dir.path(), &os(&[&fetched, &"--sources", &sources])).ok();
    let dead = record(
        "https://en.wikipedia.org/wiki/Maglemosian_culture",
        "invalid",
        r#","http_status":410"#,
    );
    let book = book_of(
        "",
        &[
            ("answer.json", done.store.as_deref().unwrap()),
            ("run.jsonl", &dead),
        ],
        &[("answer.md", done.chapter())],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(
        rules(&run)
            .iter()
            .filter(|r| *r == "invalid-evidence")
            .count(),
        3,
        "{}",
        run.stderr
    );
}

/// Both example records of the format load as written (their cids
/// computed): the valid one resolves, citing the invalid one is
/// `invalid-evidence` with its HTTP status. The same records with the
/// format's `cid_<sha256>` placeholder still load: each is an invalid item
/// whose citation names its line and the wrong cid.
#[test]
fn the_formats_example_records_load_as_written() {
    let valid = r#"{"schema_version":"citation.v1","normalized_url":"https://example.com/doc","cid":"cid_<sha256>","url":"https://example.com/doc","url_original":"https://example.com/doc?utm_source=x","status":"valid","checked_at":"2026-02-13T12:35:00Z","http_status":200,"title":"Example Doc","publisher":"Example","found_by":[{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}],"evidence_snippet":"This doc states ...","notes":"ok"}"#;
    let invalid = r#"{"schema_version":"citation.v1","normalized_url":"https://dead.example.com","cid":"cid_<sha256>","url":"https://dead.example.com","url_original":"https://dead.example.com","status":"invalid","checked_at":"2026-02-13T12:35:00Z","http_status":404,"title":null,"publisher":null,"found_by":[{"wave":1,"perspective_id":"p2","agent_type":"PerplexityResearcher","artifact_path":"wave-1/p2.md"}],"evidence_snippet":null,"notes":"404"}"#;
    let (doc, dead) = (
        cid("https://example.com/doc"),
        cid("https://dead.example.com"),
    );
    let chapter = format!(
        "# Records\n\n- The example document states its case [EVID:{doc}].\n- A dead page is cited for this claim [EVID:{dead}].\n"
    );
    let computed = format!(
        "{}\n{}\n",
        valid.replace("cid_<sha256>", &doc),
        invalid.replace("cid_<sha256>", &dead)
    );
    let book = book_of("", &[("citations.jsonl", &computed)], &[("r.md", &chapter)]);
    let run = run_stdin(book.root(), &book.stdin("html"));
    // The dead page's claim: its only citation fails, reported once (the
    // claim rests on nothing, but the marker's finding says why).
    assert_eq!(rules(&run), ["invalid-evidence"], "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "evidence `{dead}` failed its link check (`status: invalid`, HTTP 404): \"404\""
        )),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("src/r.md:4:"), "{}", run.stderr);

    let placeholders = format!("{valid}\n{invalid}\n");
    let book = book_of(
        "mode = \"warn\"",
        &[("citations.jsonl", &placeholders)],
        &[("r.md", &chapter)],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("evidence/citations.jsonl:1: the record fails its citation.v1 checks: `cid` is \\\"cid_<sha256>\\\""),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("evidence/citations.jsonl:2:"),
        "{}",
        run.stderr
    );
}

/// A `--sources` entry keyed by URL prefix gives a page its source id,
/// publisher, tier, date, and paywall policy: a paywalled page keeps no
/// quote, what was cited of it becomes its snippet.
#[test]
fn sources_metadata_fills_what_the_response_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let sources = dir.path().join("sources.json");
    std::fs::write(
        &sources,
        r#"{"sources": {"https://en.wikipedia.org/wiki/": {"source_id": "wikipedia", "publisher": "Wikipedia",
            "tier": 2, "paywall_policy": "metadata_only", "published_at": "2025-07-17T00:00:00Z"}}}"#,
    )
    .unwrap();
    let fetched = fixture("anthropic-web-fetch.json");
    let done = import(dir.path(), &os(&[&fetched, &"--sources", &sources])).ok();
    let item = &done.items()[0];
    assert_eq!(item["source_id"], "wikipedia");
    assert!(item.get("cited_text").is_none() && item.get("quote_span").is_none());
    assert!(
        item["snippet_span"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Maglemosian (c. 9000")
    );
    assert!(!done.stderr.contains("publication date"), "{}", done.stderr);
    let (book, run) = crate::common::import::build(&done, "mode = \"warn\"");
    assert_eq!(rules(&run), Vec::<String>::new(), "{}", run.stderr);
    let main = main_html(&book, "answer.md");
    assert!(
        main.contains("[1] Wikipedia. \"Maglemosian culture\". Published Jul 17, 2025."),
        "{main}"
    );
    assert!(main.contains("[Paywall]"), "{main}");

    std::fs::write(&sources, r#"{"sources": {"wikipedia.org": {"teir": 2}}}"#).unwrap();
    import(dir.path(), &os(&[&fetched, &"--sources", &sources])).refused("unknown field `teir`");
}

/// `--book DIR`: the chapter under `src/` (directories created), the
/// fragment in the book's store directory, sources the store registers
/// left out, items it holds not written again, and a passage of a page the
/// store holds with another passage given its own id.
#[test]
fn import_into_a_book_joins_its_store() {
    let page = page_id("https://docs.example.com/product-guide");
    let store = format!(
        r#"{{"schema_version":"evidence.v1",
            "sources":[{{"source_id":"web:docs.example.com","publisher":"Example Corp","tier":1}}],
            "evidence":[{{"id":"{page}","source_id":"web:docs.example.com","url":"https://docs.example.com/product-guide",
                          "title":"Product Configuration Guide","published_at":"2025-06-01T00:00:00Z",
                          "cited_text":"Timeouts are set per product."}}]}}"#
    );
    let book = book_of("", &[("base.json", &store)], &[("intro.md", "# Intro\n")]);
    let root = book.root();
    let response = fixture("anthropic-search-results.json");
    let docs = fixture("anthropic-search-results-documents.json");
    let args = os(&[
        &response,
        &"--documents",
        &docs,
        &"--book",
        &root,
        &"--chapter",
        &"answers/q1.md",
    ]);
    let (code, stderr) = run_import(Path::new("."), args.clone());
    assert_eq!(code, 0, "{stderr}");
    assert!(root.join("src/answers/q1.md").is_file());
    let fragment = std::fs::read_to_string(root.join("evidence/answers-q1.json")).unwrap();
    let fragment: serde_json::Value = serde_json::from_str(&fragment).unwrap();
    let ids: Vec<&str> = fragment["chapters"]["answers/q1.md"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap())
        .collect();
    assert!(
        ids[0].starts_with(&format!("{page}.")),
        "another passage: {ids:?}"
    );
    let sources: Vec<&str> = fragment["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["source_id"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        ["example_kb"],
        "web:docs.example.com is the book's"
    );
    assert!(
        stderr
            .contains("does not list the chapter: add a line such as `- [Answer](answers/q1.md)`"),
        "{stderr}"
    );

    // Again: the same files. A second answer citing the same passages
    // writes only its list.
    let before = std::fs::read(root.join("evidence/answers-q1.json")).unwrap();
    assert_eq!(run_import(Path::new("."), args).0, 0);
    assert_eq!(
        std::fs::read(root.join("evidence/answers-q1.json")).unwrap(),
        before
    );
    let second = os(&[
        &response,
        &"--documents",
        &docs,
        &"--book",
        &root,
        &"--chapter",
        &"q2.md",
    ]);
    assert_eq!(run_import(Path::new("."), second).0, 0);
    let q2: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("evidence/q2.json")).unwrap())
            .unwrap();
    assert_eq!(q2["evidence"], serde_json::json!([]));
    assert_eq!(q2["chapters"]["q2.md"].as_array().unwrap().len(), 2);

    let summary = "# Summary\n\n- [Intro](intro.md)\n- [Q1](answers/q1.md)\n- [Q2](q2.md)\n";
    std::fs::write(root.join("src/SUMMARY.md"), summary).unwrap();
    let run = run_stdin(root, &book.stdin("html"));
    // The book's own chapter cites nothing and is empty: no diagnostic.
    assert_published(&run, &[]);
    book.build().expect("the book builds");
    let main = main_html(&book, "answers/q1.md");
    assert!(
        main.contains("To configure the product, navigate to Settings &gt; Configuration."),
        "{main}"
    );
}

/// A book whose store is files only: the fragment goes to `evidence/`, and
/// the import says which `store` entry to add.
#[test]
fn a_book_without_a_store_directory_is_told_which_entry_to_add() {
    let book = TestBook::new("", &[("intro.md", "# Intro\n")]);
    let response = fixture("openai-file-citation.json");
    let files = fixture("openai-files.json");
    let args = os(&[&response, &"--files", &files, &"--book", &book.root()]);
    let (code, stderr) = run_import(Path::new("."), args);
    assert_eq!(code, 0, "{stderr}");
    assert!(book.root().join("src/openai-file-citation.md").is_file());
    assert!(
        book.root()
            .join("evidence/openai-file-citation.json")
            .is_file()
    );
    assert!(
        stderr.contains("the book's store is \"evidence/store.json\": add \"evidence/openai-file-citation.json\" to `store`"),
        "{stderr}"
    );
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = run_import(
        dir.path(),
        os(&[&response, &"--files", &files, &"--book", &"nowhere"]),
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--book nowhere: nowhere/book.toml does not exist"),
        "{stderr}"
    );
}
