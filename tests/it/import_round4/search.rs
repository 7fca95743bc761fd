//! Search engines' answers: Google Discovery Engine citations by byte
//! span, You.com markers, Brave's citation tags in a stream and its
//! Summarizer's inline references.

use super::*;
use crate::common::import::{assert_published, build, write_json};
use serde_json::{Value, json};

/// Discovery Engine: each citation marks the bytes it spans; a reference
/// id that names no reference, or a span outside the text, leaves that
/// citation out with a note.
#[test]
fn discovery_engine_citations_mark_the_bytes_they_span() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{FIRST}{SECOND}");
    let span = |from: usize, to: usize, reference: &str| json!({"startIndex": from.to_string(), "endIndex": to.to_string(), "sources": [{"referenceId": reference}]});
    let response = |citations: Value| {
        json!({"answer": {"name": "projects/p/locations/global/collections/default_collection/engines/e/sessions/s/answers/a",
            "state": "SUCCEEDED", "answerText": text,
            "citations": citations,
            "references": [
                {"chunkInfo": {"chunk": "c0", "content": FIRST, "documentMetadata": {"document": "projects/p/documents/d0", "uri": JP, "title": "東京の物価"}}},
                {"unstructuredDocumentInfo": {"document": "projects/p/documents/d1", "uri": IL, "title": "Haifa",
                    "chunkContents": [{"content": SECOND.trim(), "pageIdentifier": "1"}]}},
            ],
            "steps": [], "answerSkippedReasons": [], "createTime": "2026-01-02T00:00:00Z", "completeTime": "2026-01-02T00:00:01Z"},
         "session": null, "answerQueryToken": "t"})
    };
    // Proto3 JSON leaves a zero `startIndex` out.
    let first = json!({"endIndex": FIRST.len().to_string(), "sources": [{"referenceId": "0"}]});
    let cited = json!([first, span(FIRST.len(), text.len(), "1")]);
    imports_as(
        dir.path(),
        "discovery.json",
        &response(cited),
        "Google Discovery Engine answer",
        &format!("{FIRST} [1]{SECOND} [2]\n"),
    );

    // A bad reference id and a span past the end drop only their citation.
    let partly = json!([
        span(0, FIRST.len(), "0"),
        span(FIRST.len(), text.len(), "7"),
        span(FIRST.len(), text.len() + 40, "1")
    ]);
    let path = write_json(dir.path(), "discovery-partly.json", &response(partly));
    let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND}\n"));
    assert_eq!(urls(&done), [JP]);
    assert!(
        done.stderr.contains("`answer.citations[1].sources[0].referenceId`: \"7\" names no entry of `answer.references` (it has 2): that citation is left out"),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr.contains("`answer.citations[2]`: "),
        "{}",
        done.stderr
    );
    let (_, run) = build(&done, "mode = \"warn\"");
    // The uncited sentence after `。` is read with the cited one as one
    // claim, whose passage lacks its figure.
    assert_published(&run, &["number-not-in-evidence"]);
}

/// You.com: the agents API (`web_search.results` and `message.answer`),
/// the Research API (`output.content`, `output.sources`) and the Smart API
/// (`answer`, `search_results`); `[[N]](url)` links are markers too.
#[test]
fn you_com_answers_cite_their_pages_by_markers() {
    let dir = tempfile::tempdir().unwrap();
    let expected = format!("{FIRST} [1]{SECOND} [2]\n");
    let agents = json!({"agent": "express", "input": [{"role": "user", "content": "物価"}], "output": [
        {"type": "web_search.results", "content": [
            {"source_type": "web_search", "citation_uri": JP, "url": JP, "title": "東京の物価", "snippet": FIRST, "provider": null},
            {"source_type": "web_search", "citation_uri": IL, "url": IL, "title": "Haifa", "snippet": SECOND.trim(), "provider": null},
        ]},
        {"type": "message.answer", "text": format!("{FIRST} [[1]]({JP}){SECOND} [[2]]({IL})")},
    ]});
    imports_as(
        dir.path(),
        "you-agents.json",
        &agents,
        "You.com answer",
        &expected,
    );
    let research = json!({"output": {"content": format!("{FIRST} [1]{SECOND} [2]"), "content_type": "text", "sources": [
        {"url": JP, "title": "東京の物価", "snippets": [FIRST]},
        {"url": IL, "title": "Haifa", "snippets": [SECOND.trim()]},
    ]}});
    imports_as(
        dir.path(),
        "you-research.json",
        &research,
        "You.com answer",
        &expected,
    );
    let smart = json!({"answer": format!("{FIRST} [1]{SECOND} [2]"), "search_results": [
        {"url": JP, "name": "東京の物価", "snippet": FIRST},
        {"url": IL, "name": "Haifa", "snippet": SECOND.trim()},
    ]});
    imports_as(
        dir.path(),
        "you-smart.json",
        &smart,
        "You.com answer",
        &expected,
    );
}

/// Brave's AI Grounding stream with `enable_citations`: each `<citation>`
/// tag marks the text before it and is no part of the chapter, nor is the
/// `<usage>` tag; a tag that is no JSON is left out with a note. Research
/// mode's final `<answer>` is the answer. Without tags, refused by name.
#[test]
fn brave_citation_tags_in_a_stream_mark_the_text_before_them() {
    let dir = tempfile::tempdir().unwrap();
    let tag = |url: &str, n: usize, snippet: &str| {
        format!(
            "<citation>{}</citation>",
            json!({"start_index": 0, "end_index": 10, "number": n, "url": url,
            "favicon": "https://imgs.search.brave.com/x", "snippet": snippet})
        )
    };
    let content = format!(
        "{FIRST}{}{SECOND}{}{}<citation>not json</citation><usage>{{\"X-Request-Total-Cost\":0.01}}</usage>",
        tag(JP, 1, FIRST),
        tag(IL, 2, SECOND.trim()),
        tag(JP, 1, FIRST),
    );
    // Deltas split inside a tag and inside a character's neighbourhood.
    let pieces: Vec<String> = {
        let cut = content.find("number").unwrap();
        vec![content[..cut].to_owned(), content[cut..].to_owned()]
    };
    let mut stream = String::new();
    for piece in &pieces {
        let chunk = json!({"id": "c1", "object": "chat.completion.chunk", "model": "brave",
            "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": null}]});
        stream.push_str(&format!("data: {chunk}\n\n"));
    }
    stream.push_str("data: [DONE]\n\n");
    let path = dir.path().join("brave.txt");
    std::fs::write(&path, &stream).unwrap();
    let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
    assert!(
        done.stderr.contains("(Brave AI Grounding answer)"),
        "{}",
        done.stderr
    );
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} [2][1]\n"));
    assert_eq!(urls(&done), [JP, IL]);
    assert!(
        done.stderr.contains("citation tag 4`: \"not json\" is not a JSON object with a `url`: that citation is left out"),
        "{}",
        done.stderr
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    let research = format!(
        "<queries>[\"物価\"]</queries><thinking>…</thinking><answer>{FIRST}{}</answer><progress>…</progress>",
        tag(JP, 1, FIRST)
    );
    let path = write_json(
        dir.path(),
        "brave-research.json",
        &chat(json!({"role": "assistant", "content": research})),
    );
    let done = import_with(dir.path(), &path, &["example.jp"], &[]).ok();
    assert_eq!(done.chapter(), format!("{FIRST} [1]\n"));

    let mut bare = chat(json!({"role": "assistant", "content": FIRST}));
    bare["model"] = "brave-pro".into();
    let path = write_json(dir.path(), "brave-bare.json", &bare);
    import_with(dir.path(), &path, &[], &[])
        .refused("a Brave AI Grounding answer without `<citation>` tags");
}

/// Brave's Summarizer with inline references: each marks the text before
/// it; `enrichments.context` titles the pages.
#[test]
fn brave_summarizer_inline_references_mark_the_text_before_them() {
    let dir = tempfile::tempdir().unwrap();
    let reference = |url: &str, n: usize| json!({"type": "inline_reference", "data": {"type": "inline_reference", "url": url, "number": n}});
    let response = json!({"type": "summarizer", "status": "complete", "title": "物価",
        "summary": [
            {"type": "token", "data": FIRST}, reference(JP, 1),
            {"type": "token", "data": SECOND}, reference(IL, 2),
        ],
        "enrichments": {"raw": format!("{FIRST}{SECOND}"), "context": [
            {"title": "東京の物価", "url": JP, "meta_url": {"hostname": "www.example.jp"}},
            {"title": "Haifa", "url": IL, "meta_url": {"hostname": "www.example.il"}},
        ]},
        "followups": []});
    let path = write_json(dir.path(), "summarizer.json", &response);
    let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
    assert!(
        done.stderr.contains("(Brave Summarizer response)"),
        "{}",
        done.stderr
    );
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} [2]\n"));
    assert_eq!(done.items()[0]["title"], "東京の物価");
    // The Summarizer quotes nothing of the pages: figures are unchecked.
    let (_, run) = build(&done, "mode = \"warn\"");
    assert_eq!(run.code, 0, "{}", run.stderr);
}
