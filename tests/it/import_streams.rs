//! `mdbook-evidence import` on saved event streams: server-sent events of
//! Anthropic Messages and OpenAI Responses, and one JSON chunk a line of
//! Gemini `streamGenerateContent` (as SDK test suites record them), each
//! imported exactly as the final response it streamed. The smallest
//! streams of those shapes, through the import and a real mdBook build.

use crate::common::import::{assert_published, build, import, sources_for, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;
use std::path::Path;

const URL: &str = "https://www.example.jp/prices";
const CITED: &str = "東京の物価は4.4%上昇した 📈。";
const REST: &str = "Cafe\u{301} prices held at 3\u{a0}€ in \u{200f}Haifa.";

/// Imports `response` (written as `name`) and the stream `events`, and
/// checks they give the same chapter and store; returns the chapter.
fn same_as_final(dir: &Path, name: &str, response: &Value, events: &str) -> String {
    let sources = sources_for(dir, &["example.jp"]);
    let whole = write_json(dir, name, response);
    let args: [&OsStr; 3] = [whole.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let expected = import(dir, &args).ok();
    let stream = dir.join("stream.txt");
    std::fs::write(&stream, events).unwrap();
    let args: [&OsStr; 3] = [
        stream.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir, &args).ok();
    assert_eq!(done.chapter(), expected.chapter());
    assert_eq!(done.items(), expected.items());
    let (_, run) = build(&done, "mode = \"warn\"");
    // The uncited second sentence is the only thing reported.
    assert_published(&run, &["ungrounded-claim", "number-not-in-evidence"]);
    done.chapter().to_owned()
}

fn sse(events: &[Value]) -> String {
    events
        .iter()
        .map(|e| {
            let kind = e.get("type").and_then(Value::as_str).unwrap_or("message");
            format!("event: {kind}\ndata: {e}\n\n")
        })
        .collect()
}

#[test]
fn an_anthropic_stream_imports_as_its_message() {
    let dir = tempfile::tempdir().unwrap();
    let citation = json!({"type": "web_search_result_location", "url": URL, "title": "東京の物価",
        "cited_text": CITED, "encrypted_index": "x"});
    let message = json!({"role": "assistant", "type": "message", "content": [
        {"type": "text", "text": CITED, "citations": [citation]},
        {"type": "text", "text": format!(" {REST}")},
    ]});
    let (half, rest) = CITED.split_at(CITED.find('4').unwrap());
    let events = sse(&[
        json!({"type": "message_start", "message": {"role": "assistant", "type": "message", "content": []}}),
        json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "", "citations": []}}),
        json!({"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": citation}}),
        json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": half}}),
        json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": rest}}),
        json!({"type": "content_block_stop", "index": 0}),
        json!({"type": "content_block_start", "index": 1, "content_block": {"type": "text", "text": ""}}),
        json!({"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": format!(" {REST}")}}),
        json!({"type": "content_block_stop", "index": 1}),
        json!({"type": "message_delta", "delta": {"stop_reason": "end_turn"}}),
        json!({"type": "message_stop"}),
    ]);
    let chapter = same_as_final(dir.path(), "message.json", &message, &events);
    assert_eq!(chapter, format!("{CITED} [1] {REST}\n"));

    let broken = sse(&[
        json!({"type": "message_start", "message": {"content": []}}),
        json!({"type": "content_block_delta", "index": 3, "delta": {"type": "text_delta", "text": "x"}}),
    ]);
    let path = dir.path().join("broken.txt");
    std::fs::write(&path, broken).unwrap();
    import(dir.path(), &[path.as_os_str()])
        .refused("event 1: a delta to content block 3 before its content_block_start");
}

#[test]
fn openai_and_gemini_streams_import_as_their_final_response() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{CITED}{REST}");
    let end = CITED.chars().count();
    let response = json!({"object": "response", "output": [{"type": "message", "role": "assistant", "content": [
        {"type": "output_text", "text": text, "annotations": [
            {"type": "url_citation", "url": URL, "title": "東京の物価", "start_index": 0, "end_index": end}]}]}]});
    let events = sse(&[
        json!({"type": "response.created", "response": {"object": "response", "output": []}}),
        json!({"type": "response.output_text.delta", "delta": CITED}),
        json!({"type": "response.completed", "response": response}),
    ]);
    same_as_final(dir.path(), "response.json", &response, &events);

    let metadata = json!({"groundingChunks": [{"web": {"uri": URL, "title": "example.jp"}}],
        "groundingSupports": [{"segment": {"endIndex": CITED.len(), "text": CITED}, "groundingChunkIndices": [0]}]});
    let candidate = json!({"candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
        "groundingMetadata": metadata}]});
    let chunk = |piece: &str, last: bool| {
        let mut c =
            json!({"candidates": [{"content": {"role": "model", "parts": [{"text": piece}]}}]});
        if last {
            c["candidates"][0]["groundingMetadata"] = metadata.clone();
        }
        c.to_string()
    };
    let lines = [chunk(CITED, false), chunk(REST, true)].join("\n");
    same_as_final(dir.path(), "candidate.json", &candidate, &lines);

    let other = "{\"event_type\": \"interaction.created\"}\n{\"event_type\": \"step.start\"}\n";
    let path = dir.path().join("other.txt");
    std::fs::write(&path, other).unwrap();
    import(dir.path(), &[path.as_os_str()]).refused(
        "a saved event stream (2 events: interaction.created, step.start) of a kind the importer does not assemble",
    );
}
