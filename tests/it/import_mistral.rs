//! `mdbook-evidence import` on Mistral responses: the Conversations
//! (Agents) API's `tool_reference` chunks, placed by chunk order, and chat
//! completions' `reference` chunks, whose documents the documents file
//! describes. The smallest responses of the shapes Mistral documents,
//! through the import and a real mdBook build.

use crate::common::import::{assert_published, build, import, sources_for, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;

fn reference(title: &str, url: &str, description: &str) -> Value {
    json!({"type": "tool_reference", "tool": "web_search", "title": title, "url": url,
           "description": description, "favicon": "https://example.org/favicon.ico"})
}

/// A conversation: the narration before the search is a comment, each
/// `tool_reference` marks the text before it (two in a row, one group).
#[test]
fn mistral_tool_references_cite_the_text_before_them() {
    let dir = tempfile::tempdir().unwrap();
    let (jp, fr, il) = (
        "https://www.example.jp/prices",
        "https://news.example.fr/prix",
        "https://www.example.il/prices",
    );
    let response = json!({
        "object": "conversation.response", "conversation_id": "conv_1",
        "outputs": [
            {"type": "message.output", "role": "assistant", "content": "Je vais chercher 🔎…"},
            {"type": "tool.execution", "name": "web_search", "arguments": "{\"query\": \"東京 物価\"}"},
            {"type": "message.output", "role": "assistant", "content": [
                {"type": "text", "text": "東京の物価は4.4%上昇した"},
                reference("東京の物価", jp, "東京の物価は2025年に4.4%上昇した 📈"),
                {"type": "text", "text": "。Cafe\u{301} prices in Paris held at 3\u{a0}€"},
                reference("Prix à Paris", fr, "Le café reste à 3\u{a0}€ à Paris."),
                reference("\u{200f}מחירים", il, "Cafe\u{301} in Paris: 3 €."),
                {"type": "text", "text": "."},
            ]},
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 20},
    });
    let path = write_json(dir.path(), "conversation.json", &response);
    let sources = sources_for(dir.path(), &["example.jp", "example.fr", "example.il"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.stderr.contains("(Mistral Conversations API response)"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.chapter(),
        "<!-- narration around a tool call, not part of the answer:\nJe vais chercher 🔎…\n-->\n\n東京の物価は4.4%上昇した [1]。Cafe\u{301} prices in Paris held at 3\u{a0}€ [2][3].\n"
    );
    let items = done.items();
    assert_eq!(items[2]["title"], "\u{200f}מחירים");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    let mut bare = response.clone();
    bare["outputs"][2]["content"][1]
        .as_object_mut()
        .unwrap()
        .remove("url");
    let path = write_json(dir.path(), "bare.json", &bare);
    // One reference without a page leaves out that citation only.
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let partial = import(dir.path(), &args).ok();
    assert!(
        partial.stderr.contains(
            "`outputs[2].content[1]`: a tool_reference without a `url` (\"東京の物価\" by \"web_search\") names no page to cite: that citation is left out"
        ),
        "{}",
        partial.stderr
    );
    assert!(
        partial.chapter().contains("上昇した。"),
        "{}",
        partial.chapter()
    );
    assert_eq!(partial.items().len(), 2);
}

/// A chat completion whose message is text and `reference` chunks: each id
/// is the documents entry of that key; an id none names is refused.
#[test]
fn mistral_chat_reference_ids_are_documents_entries() {
    let dir = tempfile::tempdir().unwrap();
    let response = json!({"id": "cmpl_1", "object": "chat.completion", "model": "mistral-large-latest",
    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": [
        {"type": "text", "text": "Wages in Osaka fell 1%"},
        {"type": "reference", "reference_ids": [1]},
        {"type": "text", "text": " and 東京の賃金は2%上昇した"},
        {"type": "reference", "reference_ids": [1, 2]},
        {"type": "text", "text": "."},
    ]}}]});
    let path = write_json(dir.path(), "chat.json", &response);
    let doc = |key: &str, title: &str| {
        json!({"key": key, "source_id": "wages_office", "publisher": "Wages Office", "tier": 1,
               "url": format!("https://wages.example.org/{key}"), "title": title,
               "published_at": "2026-01-15T00:00:00Z"})
    };
    let docs = write_json(
        dir.path(),
        "documents.json",
        &json!({"documents": [doc("1", "Wages 2025"), doc("2", "賃金 2025")]}),
    );
    let args: [&OsStr; 3] = [path.as_os_str(), "--documents".as_ref(), docs.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "Wages in Osaka fell 1% [1] and 東京の賃金は2%上昇した [1][2].\n"
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
    import(dir.path(), &[path.as_os_str()]).refused(
        "`choices[0].message.content[1].reference_ids[0]`: reference 1 names a document a tool returned, which the response does not carry; describe it in a documents file with \"key\": \"1\"",
    );
}
