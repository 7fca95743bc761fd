//! `mdbook-evidence import anthropic`: Messages API responses shaped as the
//! API documents them (text, PDF and custom-content citations) become a
//! chapter and a store fragment that build cleanly through a real mdBook
//! build.

use crate::common::{TestBook, run_stdin};
use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/anthropic")
        .join(name)
}

/// The outcome of one import into `dir`: exit code, stderr, and the chapter
/// and store it wrote (if any).
struct Import {
    code: i32,
    stderr: String,
    chapter: Option<String>,
    store: Option<String>,
}

fn import(dir: &Path, response: &Path, documents: &Path, extra: &[&str]) -> Import {
    let output = Command::new(crate::common::binary())
        .current_dir(dir)
        .args(["import", "anthropic"])
        .arg(response)
        .arg("--documents")
        .arg(documents)
        .args(["--chapter", "answer.md", "--store", "answer.json"])
        .args(extra)
        .output()
        .unwrap();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    Import {
        code: output.status.code().unwrap_or(-1),
        stderr: String::from_utf8(output.stderr).unwrap(),
        chapter: read("answer.md").map(|c| without_record(&c)),
        store: read("answer.json"),
    }
}

/// A chapter without the import record at its end, one line or several
/// (see `crates/evidence-core/src/import_record.rs`; tests/it/trust_import.rs tests it).
fn without_record(chapter: &str) -> String {
    let body = chapter.trim_end_matches('\n');
    match body.rfind("\n<!-- mdbook-evidence import of ") {
        Some(nl) if body.ends_with("-->") => chapter[..nl].to_owned(),
        _ => chapter.to_owned(),
    }
}

/// Builds a book of the imported chapter and store, checking that the
/// preprocessor reports nothing at all.
fn build_clean(done: &Import) -> TestBook {
    let store = done.store.as_deref().unwrap();
    let book = TestBook::with_store(
        "",
        store,
        &[("answer.md", done.chapter.as_deref().unwrap())],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr, "",
        "the imported book builds without a diagnostic"
    );
    book.build().expect("the imported book builds");
    book
}

#[test]
fn text_citations_become_numbered_markers_and_located_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let done = import(
        dir.path(),
        &fixture("text-citations.json"),
        &fixture("documents.json"),
        &["--title", "Rates after the hold"],
    );
    assert_eq!(done.code, 0, "{}", done.stderr);
    assert!(
        done.stderr
            .contains("imported 4 citations as 4 evidence items"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.chapter.as_deref().unwrap(),
        "# Rates after the hold\n\n\
         According to the statement, the Federal Reserve held the federal funds target range at 3.50–3.75% [1], noting that inflation has eased over the past year but remains somewhat elevated [2].\n\n\
         Commentators question whether policy has become too restrictive [3], while the statement still describes the unemployment rate as low [4].\n"
    );
    let store: serde_json::Value = serde_json::from_str(done.store.as_deref().unwrap()).unwrap();
    assert_eq!(store["schema_version"], "evidence.v1");
    assert_eq!(
        store["chapters"]["answer.md"],
        serde_json::json!([
            "ev_fomc_0210_c208-337",
            "ev_fomc_0210_c138-208",
            "ev_ft_0209_c48-108",
            "ev_fomc_0210_c85-138"
        ])
    );
    let fomc = &store["evidence"][0];
    assert_eq!(fomc["source_span"], serde_json::json!([208, 337]));
    assert_eq!(fomc["quote_span"]["start"], 208);
    assert_eq!(
        fomc["cited_text"],
        "In support of its goals, the Committee decided to maintain the target range for the federal funds rate at 3-1/2 to 3-3/4 percent."
    );
    assert_eq!(fomc["document_title"], "FOMC statement");
    assert!(fomc.get("title").is_none(), "the documents file gives none");
    assert_eq!(fomc["published_at"], "2026-02-10T19:00:00Z");
    // The paywalled source keeps no quote: the cited text is its snippet.
    let ft = &store["evidence"][2];
    assert!(ft.get("quote_span").is_none() && ft.get("cited_text").is_none());
    assert!(ft.get("source_span").is_none());
    assert_eq!(
        ft["snippet_span"]["text"],
        "Economists debate whether policy has become too restrictive."
    );
    // Only the sources of cited documents are registered.
    let sources: Vec<&str> = store["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["source_id"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["fed_press_releases", "ft_markets"]);

    let book = build_clean(&done);
    let html = book.html("answer.md").replace('\n', "");
    assert!(html.contains(r#"[1] Federal Reserve. "FOMC statement". Published Feb 10, 2026."#));
    assert!(html.contains(
        r#"data-passage="In support of its goals, the Committee decided to maintain the target range for the federal funds rate at 3-1/2 to 3-3/4 percent.""#
    ), "{html}");
    assert!(html.contains("[Paywall]"));
    assert!(
        !html.contains("<p>Economists debate"),
        "no passage of a paywalled source"
    );
}

#[test]
fn pdf_and_custom_content_citations_import_and_build() {
    for (response, id, quote_has_offsets) in [
        ("pdf-citations.json", "ev_bea_gdp_q4_p1-2", false),
        (
            "custom-content-citations.json",
            "ev_bls_jobs_jan_b0-1",
            false,
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let done = import(
            dir.path(),
            &fixture(response),
            &fixture("documents.json"),
            &[],
        );
        assert_eq!(done.code, 0, "{response}: {}", done.stderr);
        let store: serde_json::Value =
            serde_json::from_str(done.store.as_deref().unwrap()).unwrap();
        let item = &store["evidence"][0];
        assert_eq!(item["id"], id, "{response}");
        assert_eq!(item["quote_span"].get("start").is_some(), quote_has_offsets);
        assert!(
            item.get("source_span").is_none(),
            "pages and blocks are not characters"
        );
        assert!(item["cited_text"].is_string());
        let book = build_clean(&done);
        assert!(book.html("answer.md").contains("data-passage="));
    }
}

#[test]
fn bad_input_is_one_line_naming_the_place_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let text = std::fs::read_to_string(fixture("text-citations.json")).unwrap();
    let docs = fixture("documents.json");
    let cases: Vec<(PathBuf, PathBuf, &str)> = vec![
        (
            write(
                "out-of-range.json",
                &text.replace("\"document_index\": 1", "\"document_index\": 9"),
            ),
            docs.clone(),
            "`content[5].citations[0].document_index`: document 9 was cited, but",
        ),
        (
            write(
                "unknown.json",
                r#"{"content":[{"type":"text","text":"Rates held","citations":[{"type":"quote_location","cited_text":"x","document_index":0}]}]}"#,
            ),
            docs.clone(),
            // Skipped, not refused; with nothing else cited, nothing to import.
            "carries no citations the importer can read, so there is nothing to import (its text would be a chapter of ungrounded claims); ask the API for citations (documents with citations enabled, or a search tool); left out: 1 annotation or citation of a type the importer does not read was skipped, marking nothing: \"quote_location\" (1)",
        ),
        (
            write(
                "shifted.json",
                &text.replace("\"start_char_index\": 208", "\"start_char_index\": 209"),
            ),
            docs.clone(),
            "`content[1].citations[0]`: cited_text \"In support of its goals,",
        ),
        (
            write(
                "type.json",
                &text.replace("\"end_char_index\": 337", "\"end_char_index\": \"337\""),
            ),
            docs.clone(),
            "`content[1].citations[0].end_char_index`: invalid type: string \"337\"",
        ),
        (
            write(
                "broken.json",
                "{\"content\": [\n  {\"type\": \"text\",}\n]}",
            ),
            docs.clone(),
            // A trailing comma is named at the comma.
            "broken.json:2:18: malformed JSON in response: trailing comma after the last field of an object",
        ),
        (
            fixture("text-citations.json"),
            write(
                "docs-no-date.json",
                &std::fs::read_to_string(&docs)
                    .unwrap()
                    .replace("\"published_at\": \"2026-02-09T07:30:00Z\",", ""),
            ),
            "`documents[1]`: missing field `published_at`",
        ),
        (
            fixture("text-citations.json"),
            write(
                "docs-bad-url.json",
                &std::fs::read_to_string(&docs)
                    .unwrap()
                    .replace("https://www.ft.com/", "javascript:alert(1)//"),
            ),
            "`documents[1].url`: \"javascript:alert(1)//content/fed-too-tight-for-too-long\" is not an absolute http or https URL",
        ),
    ];
    for (response, documents, expected) in cases {
        let _ = std::fs::remove_file(dir.path().join("answer.md"));
        let _ = std::fs::remove_file(dir.path().join("answer.json"));
        let done = import(dir.path(), &response, &documents, &[]);
        assert_eq!(done.code, 2, "{}", done.stderr);
        assert_eq!(done.stderr.lines().count(), 1, "{}", done.stderr);
        assert!(
            done.stderr.contains(expected),
            "{expected}\n{}",
            done.stderr
        );
        assert!(
            done.chapter.is_none() && done.store.is_none(),
            "nothing written"
        );
    }
}

#[test]
fn other_blocks_are_skipped_and_literal_markers_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let response = dir.path().join("r.json");
    std::fs::write(
        &response,
        r#"{"id":"msg_1","type":"message","role":"assistant","content":[
          {"type":"thinking","thinking":"The statement [1] says…","signature":"sig"},
          {"type":"text","text":"As footnote [2] of an old memo put it, "},
          {"type":"text","text":"inflation remains somewhat elevated","citations":[
            {"type":"char_location","cited_text":"Inflation has eased over the past year but remains somewhat elevated. ",
             "document_index":0,"document_title":"FOMC statement","start_char_index":138,"end_char_index":208}]},
          {"type":"text","text":".","citations":null}],
          "stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":10}}"#,
    )
    .unwrap();
    let done = import(
        dir.path(),
        &response,
        &fixture("documents.json"),
        &["--chapter-key", "answers/q1.md", "--no-sources"],
    );
    assert_eq!(done.code, 0, "{}", done.stderr);
    assert_eq!(
        done.chapter.as_deref().unwrap(),
        "As footnote \\[2] of an old memo put it, inflation remains somewhat elevated [1].\n"
    );
    let store: serde_json::Value = serde_json::from_str(done.store.as_deref().unwrap()).unwrap();
    assert!(store["chapters"]["answers/q1.md"].is_array());
    assert!(store.get("sources").is_none());
}

#[test]
fn the_preprocessor_and_supports_still_work_without_a_subcommand() {
    Command::new(crate::common::binary())
        .args(["supports", "html"])
        .assert()
        .success();
    let book = TestBook::new(
        "",
        &[("r.md", "# R\n\nThe committee held rates [EVID:ev_fomc].\n")],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A model's answer that tries to publish markup, pull in a file and take
/// over the citation links: imported, then published as written (warn mode,
/// so that nothing is held back by the rules), the page shows all of it as
/// text, and the importer's citations are the only links.
#[test]
fn a_hostile_answer_imports_as_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("secret.txt"), "TOP-SECRET-CONTENT").unwrap();
    let response: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("text-citations.json")).unwrap())
            .unwrap();
    let mut response = response;
    let hostile = "<script>alert('x')</script>\n\n<img src=x onerror=alert(1)>\n\n\
                   {{#include ../../secret.txt}}\n\n[ 1 ]: https://evil.example/\n\n\
                   [click](javascript:alert(2)) <javascript:alert(3)> 東京\u{a0}📈\n\n";
    response["content"]
        .as_array_mut()
        .unwrap()
        .insert(0, serde_json::json!({"type": "text", "text": hostile}));
    let path = dir.path().join("hostile.json");
    std::fs::write(&path, serde_json::to_string(&response).unwrap()).unwrap();
    let done = import(dir.path(), &path, &fixture("documents.json"), &[]);
    assert_eq!(done.code, 0, "{}", done.stderr);
    let chapter = done.chapter.as_deref().unwrap();
    assert!(
        chapter.contains("{\\{#include ../../secret.txt}}"),
        "{chapter}"
    );
    assert!(chapter.contains("&lt;script>"), "{chapter}");

    let book = TestBook::with_store(
        "mode = \"warn\"",
        done.store.as_deref().unwrap(),
        &[("answer.md", chapter)],
    );
    std::fs::write(book.root().join("secret.txt"), "TOP-SECRET-CONTENT").unwrap();
    book.build().expect("the imported book builds");
    let html = book.html("answer.md");
    let main = &html[html.find("<main>").unwrap()..html.find("</main>").unwrap()];
    assert!(!main.contains("<script"), "{main}");
    assert!(!main.contains("<img"), "{main}");
    assert!(!main.contains("TOP-SECRET-CONTENT"), "{main}");
    assert!(!main.contains("href=\"javascript"), "{main}");
    assert!(!main.contains("href=\"https://evil.example"), "{main}");
    assert!(
        main.contains("{{#include ../../secret.txt}}"),
        "shown as text: {main}"
    );
    assert!(main.contains("&lt;script&gt;"), "shown as text: {main}");
}

/// The README's import, run in a book set up by `install` (its store is the
/// `evidence/` directory): a store written there needs no change to
/// book.toml and the message says none; one written elsewhere is named as
/// missing from `store`, and outside a book the message says where to name it.
#[test]
fn the_import_message_knows_whether_the_book_reads_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path();
    std::fs::write(
        book.join("book.toml"),
        "[book]\ntitle = \"Brief — 東京\"\n\n[preprocessor.evidence]\nafter = [\"links\"]\nstore = \"evidence\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(book.join("src")).unwrap();
    std::fs::create_dir_all(book.join("evidence")).unwrap();
    std::fs::create_dir_all(book.join("elsewhere")).unwrap();
    std::fs::create_dir_all(book.join("evidence/sub")).unwrap();
    let run = |store: &str, chapter: &str, dir: &Path| {
        let output = Command::new(crate::common::binary())
            .current_dir(dir)
            .args(["import", "anthropic"])
            .arg(fixture("text-citations.json"))
            .arg("--documents")
            .arg(fixture("documents.json"))
            .args(["--chapter", chapter, "--store", store])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stderr).unwrap()
    };
    let read = run("evidence/answer.json", "src/answer.md", book);
    assert!(!read.contains("add it to"), "{read}");
    let also = run("./evidence/sub/answer.json", "src/answer-2.md", book);
    assert!(!also.contains("add it to"), "{also}");
    let missing = run("elsewhere/answer.json", "src/answer-3.md", book);
    assert!(
        missing.contains("(add it to `store` in book.toml)"),
        "{missing}"
    );
    // (Not `answer.json`: that is the fragment of `src/answer-3.md`, which
    // an import for another chapter never replaces.)
    let outside = run("answer-4.json", "answer.md", &book.join("elsewhere"));
    assert!(
        outside.contains("name it in `store` under [preprocessor.evidence]"),
        "{outside}"
    );
}
