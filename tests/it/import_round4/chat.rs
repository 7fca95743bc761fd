//! Chat-style answers with citations: Groq compound, Azure OpenAI "On Your
//! Data" (the documented shape and an SDK's preview shape), their streams,
//! DashScope (Qwen) search results, and Mistral Conversations streams.

use super::*;
use crate::common::import::{assert_published, build, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;

/// Groq compound: `[N]` markers number the results of every executed tool
/// in order; without markers the answer is refused, naming Groq.
#[test]
fn groq_compound_markers_cite_the_executed_tools_results() {
    let dir = tempfile::tempdir().unwrap();
    let result = |url: &str, title: &str, content: &str| json!({"title": title, "url": url, "content": content, "score": 0.9});
    let groq = |content: &str| {
        let mut response = chat(json!({"role": "assistant", "content": content,
        "executed_tools": [
            {"index": 0, "type": "search", "arguments": "{\"query\": \"物価\"}", "output": "…",
             "search_results": {"results": [result(JP, "東京の物価", FIRST)]}},
            {"index": 1, "type": "search", "arguments": "{\"query\": \"Haifa\"}", "output": "…",
             "search_results": {"results": [result(IL, "Haifa", SECOND.trim())]}},
        ]}));
        response["model"] = "groq/compound".into();
        response
    };
    let answer = format!("{FIRST} [1]{SECOND} [2]");
    imports_as(
        dir.path(),
        "groq.json",
        &groq(&answer),
        "Groq compound response",
        &format!("{answer}\n"),
    );
    let path = write_json(
        dir.path(),
        "groq-bare.json",
        &groq(&format!("{FIRST}{SECOND}")),
    );
    import_with(dir.path(), &path, &["example.jp"], &[]).refused(
        "this Groq compound response lists 2 sources, but its answer cites none of them, so there is nothing to import",
    );
}

/// Azure "On Your Data": `[docN]` markers cite `context.citations`; a
/// citation with no http(s) URL is the documents entry of its `filepath`,
/// and refused naming that key without one.
#[test]
fn azure_on_your_data_doc_markers_cite_the_context_citations() {
    let dir = tempfile::tempdir().unwrap();
    let message = json!({"role": "assistant", "content": format!("{FIRST} [doc1]{SECOND} [doc2]"),
    "context": {"intent": "[\"物価\"]", "citations": [
        {"content": FIRST, "title": "東京の物価", "url": JP, "filepath": null, "chunk_id": "0"},
        {"content": SECOND.trim(), "title": "Haifa", "url": null, "filepath": "haifa-prices.pdf", "chunk_id": "3"},
    ]}});
    let path = write_json(dir.path(), "azure.json", &chat(message));
    let docs = write_json(
        dir.path(),
        "documents.json",
        &json!({"documents": [{"key": "haifa-prices.pdf", "source_id": "haifa_stats", "publisher": "Haifa Statistics",
            "tier": 1, "url": IL, "title": "Haifa prices", "published_at": "2026-01-02"}]}),
    );
    let extra: [&OsStr; 2] = ["--documents".as_ref(), docs.as_os_str()];
    let done = import_with(dir.path(), &path, &["example.jp"], &extra).ok();
    assert!(
        done.stderr
            .contains("(Azure OpenAI \"On Your Data\" response)"),
        "{}",
        done.stderr
    );
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} [2]\n"));
    assert_eq!(urls(&done), [JP, IL]);
    assert_eq!(done.items()[1]["publisher"], "Haifa Statistics");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
    import_with(dir.path(), &path, &["example.jp"], &[]).refused(
        "`choices[0].message.context.citations[1]`: the source \"haifa-prices.pdf\" has no http(s) URL; describe it in a documents file with \"key\": \"haifa-prices.pdf\"",
    );
}

/// The "On Your Data" preview shape (citations as a JSON string in a
/// `tool` message before the assistant's), from an SDK's test data: its
/// answer cites nothing, so it is refused saying so; with a `[doc1]`
/// marker, the citation (no URL, no file path) needs its documents entry,
/// named by its title.
#[test]
fn azure_on_your_data_preview_shape_from_an_sdks_test_data() {
    // microsoft/semantic-kernel,
    // dotnet/src/Connectors/Connectors.AzureOpenAI.UnitTests/TestData/chat_completion_with_data_test_response.json,
    // commit f62757a23c5a8d566d926fef19f741a36841d71e; MIT License,
    // Copyright (c) Microsoft Corporation (`LICENSE`, read at 0ca35515).
    // Written for the SDK's unit tests, not recorded against the service.
    const RESPONSE: &str = r#"{
  "id": "response-id",
  "model": "",
  "created": 1684304924,
  "object": "chat.completion",
  "choices": [
    {
      "index": 0,
      "messages": [
        {
          "role": "tool",
          "content": "{\"citations\": [{\"content\": \"\\nAzure AI services are cloud-based artificial intelligence (AI) services...\", \"id\": null, \"title\": \"What is Azure AI services\", \"filepath\": null, \"url\": null, \"metadata\": {\"chunking\": \"original document size=250. Scores=0.4314117431640625 and 1.72564697265625.Org Highlight count=4.\"}, \"chunk_id\": \"0\"}], \"intent\": \"[\\\"Learn about Azure AI services.\\\"]\"}",
          "end_turn": false
        },
        {
          "role": "assistant",
          "content": "Test chat with data response",
          "end_turn": true
        }
      ]
    }
  ],
  "usage": {
    "prompt_tokens": 55,
    "completion_tokens": 100,
    "total_tokens": 155
  }
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("with-data.json");
    std::fs::write(&path, RESPONSE).unwrap();
    import_with(dir.path(), &path, &[], &[]).refused(
        "this Azure OpenAI \"On Your Data\" response lists 1 source, but its answer does not cite it, so there is nothing to import",
    );
    let cited = RESPONSE.replace(
        "Test chat with data response",
        "Azure AI services are cloud-based AI services [doc1].",
    );
    std::fs::write(&path, cited).unwrap();
    import_with(dir.path(), &path, &[], &[]).refused(
        "`choices[0].messages[0].content: citations[0]`: the source \"What is Azure AI services\" has no http(s) URL; describe it in a documents file with \"key\": \"What is Azure AI services\"",
    );
    let docs = write_json(
        dir.path(),
        "documents.json",
        &json!({"documents": [{"key": "What is Azure AI services", "source_id": "ms_learn", "publisher": "Microsoft Learn",
            "tier": 2, "url": "https://learn.microsoft.com/azure/ai-services/what-are-ai-services",
            "title": "What are Azure AI services?", "published_at": "2024-01-01"}]}),
    );
    let extra: [&OsStr; 2] = ["--documents".as_ref(), docs.as_os_str()];
    let done = import_with(dir.path(), &path, &[], &extra).ok();
    assert_eq!(
        done.chapter(),
        "Azure AI services are cloud-based AI services [1].\n"
    );
    assert_eq!(done.items()[0]["publisher"], "Microsoft Learn");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// Streams of Azure "On Your Data" (the `context` in the first delta) and
/// Groq compound (`executed_tools` in a delta) keep them, and import as
/// their responses do.
#[test]
fn azure_and_groq_streams_keep_their_citations() {
    let dir = tempfile::tempdir().unwrap();
    let stream = |deltas: &[Value]| {
        let mut out = String::new();
        for delta in deltas {
            let chunk = json!({"id": "c1", "object": "chat.completion.chunk", "model": "m",
                "choices": [{"index": 0, "delta": delta, "finish_reason": null}]});
            out.push_str(&format!("data: {chunk}\n\n"));
        }
        out + "data: [DONE]\n\n"
    };
    let citation = |url: &str, content: &str| json!({"content": content, "title": "t", "url": url, "filepath": null, "chunk_id": "0"});
    let azure = stream(&[
        json!({"role": "assistant", "context": {"citations": [citation(JP, FIRST), citation(IL, SECOND.trim())], "intent": "[]"}}),
        json!({"content": format!("{FIRST} [doc1]")}),
        json!({"content": format!("{SECOND} [doc2]")}),
    ]);
    let path = dir.path().join("azure-stream.txt");
    std::fs::write(&path, azure).unwrap();
    let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} [2]\n"));
    assert_eq!(urls(&done), [JP, IL]);

    let result = |url: &str, content: &str| json!({"title": "t", "url": url, "content": content});
    let groq = stream(&[
        json!({"role": "assistant", "executed_tools": [{"index": 0, "type": "search",
            "search_results": {"results": [result(JP, FIRST), result(IL, SECOND.trim())]}}]}),
        json!({"content": format!("{FIRST} [1]{SECOND} [2]")}),
    ]);
    let path = dir.path().join("groq-stream.txt");
    std::fs::write(&path, groq).unwrap();
    let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
    assert!(
        done.stderr.contains("(Groq compound response)"),
        "{}",
        done.stderr
    );
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} [2]\n"));
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// DashScope: `[ref_N]` (and `[N]`) name a search result's `index`.
#[test]
fn dashscope_ref_markers_cite_the_search_results_by_index() {
    let dir = tempfile::tempdir().unwrap();
    let response = |content: &str| {
        json!({"request_id": "r1", "usage": {"input_tokens": 10, "output_tokens": 20},
        "output": {"choices": [{"finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            "search_info": {"search_results": [
                {"site_name": "example.il", "icon": "", "index": 2, "title": "Haifa", "url": IL},
                {"site_name": "example.jp", "icon": "", "index": 1, "title": "東京の物価", "url": JP},
            ]}}})
    };
    let expected = format!("{FIRST} [1]{SECOND} [2]\n");
    for (i, content) in [
        format!("{FIRST}[ref_1]{SECOND}[ref_2]"),
        format!("{FIRST} [1]{SECOND} [2]"),
    ]
    .iter()
    .enumerate()
    {
        let path = write_json(
            dir.path(),
            &format!("dashscope-{i}.json"),
            &response(content),
        );
        let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
        assert!(
            done.stderr
                .contains("(DashScope (Qwen) response with search)"),
            "{}",
            done.stderr
        );
        assert_eq!(urls(&done), [JP, IL]);
        // The markers stay where the model wrote them.
        let expected = if i == 0 {
            format!("{FIRST}[1]{SECOND}[2]\n")
        } else {
            expected.clone()
        };
        assert_eq!(done.chapter(), expected);
        // The pages' titles are all the response says of them: the
        // snippets are missing, so the figures are unchecked (warn).
        let (_, run) = build(&done, "mode = \"warn\"");
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    let path = write_json(
        dir.path(),
        "dashscope-past.json",
        &response(&format!("{FIRST}[ref_3]")),
    );
    import_with(dir.path(), &path, &["example.jp"], &[]).refused("the answer cites [3] (byte");
    let plain = json!({"request_id": "r2", "output": {"choices": [{"message": {"role": "assistant", "content": FIRST}}]}});
    let path = write_json(dir.path(), "dashscope-plain.json", &plain);
    import_with(dir.path(), &path, &[], &[])
        .refused("a DashScope (Qwen) response without `output.search_info.search_results`");
}

/// A Mistral Conversations stream: the entries assembled by
/// `output_index`, text deltas joined (split inside the answer's words)
/// and each `tool_reference` chunk marking the text before it, as in the
/// response the stream ends with.
#[test]
fn a_mistral_conversation_stream_imports_as_its_response() {
    let dir = tempfile::tempdir().unwrap();
    let reference = |url: &str, title: &str| json!({"type": "tool_reference", "tool": "web_search", "title": title, "url": url, "source": "brave"});
    let delta = |content: Value| {
        json!({"type": "message.output.delta", "output_index": 1, "id": "msg_1", "content_index": 0,
               "model": "mistral-medium-2505", "agent_id": null, "role": "assistant", "content": content})
    };
    let (head, tail) = FIRST.split_at(FIRST.find('4').unwrap());
    let events = [
        json!({"type": "conversation.response.started", "conversation_id": "conv_1"}),
        json!({"type": "tool.execution.started", "output_index": 0, "id": "t1", "name": "web_search"}),
        json!({"type": "tool.execution.done", "output_index": 0, "id": "t1", "name": "web_search", "info": {}}),
        delta(json!(head)),
        delta(json!(tail)),
        delta(reference(JP, "東京の物価")),
        delta(json!(SECOND)),
        delta(reference(IL, "Haifa")),
        json!({"type": "conversation.response.done", "usage": {"prompt_tokens": 1}}),
    ];
    let stream: String = events
        .iter()
        .map(|e| format!("event: {}\ndata: {e}\n\n", e["type"].as_str().unwrap()))
        .collect();
    let path = dir.path().join("mistral.txt");
    std::fs::write(&path, stream).unwrap();
    let done = import_with(dir.path(), &path, &["example.jp", "example.il"], &[]).ok();
    assert!(
        done.stderr.contains("(Mistral Conversations API response)"),
        "{}",
        done.stderr
    );
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} [2]\n"));
    assert_eq!(urls(&done), [JP, IL]);
    // The references carry no snippet: the figures are unchecked (warn).
    let (_, run) = build(&done, "mode = \"warn\"");
    assert_eq!(run.code, 0, "{}", run.stderr);
}
