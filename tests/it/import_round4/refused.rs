//! What is refused or skipped by name (DeepSeek, documented and recorded;
//! Bedrock locations this version does not read), and this round's fuzz
//! seeds under the fuzz invariants.

use super::*;
use crate::common::import::write_json;
use crate::common::import_fuzz;
use serde_json::{Value, json};
use std::path::Path;

/// DeepSeek's chat completion carries no citations: refused by name.
#[test]
fn a_deepseek_answer_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut response =
        chat(json!({"role": "assistant", "content": FIRST, "reasoning_content": "…"}));
    response["model"] = "deepseek-reasoner".into();
    let path = write_json(dir.path(), "deepseek.json", &response);
    import_with(dir.path(), &path, &[], &[]).refused(
        "a DeepSeek chat completion: it carries no `annotations`, `citations` or `search_results`",
    );
}

/// DeepSeek's Responses API with web search, as recorded: the search
/// call names its queries only and the answer's `annotations` are empty,
/// so it is refused by name, saying what is missing; so is its stream.
#[test]
fn a_recorded_deepseek_web_search_answer_is_refused_by_name() {
    // vercel/ai, packages/deepseek/src/responses/__fixtures__/deepseek-web-search.json,
    // commit 9e71894e91ae338bd0526d49795474ec080d923d; Apache License 2.0,
    // Copyright 2023 Vercel, Inc. (`LICENSE`; the package's `package.json`
    // says Apache-2.0). By its ids, timestamps and usage, a response of the
    // live API, as the SDK's tests keep it.
    const RECORDED: &str = r#"{
  "id": "4b330878-b339-4b1a-8885-d805615efe53",
  "object": "response",
  "created_at": 1786788457,
  "status": "completed",
  "background": false,
  "completed_at": 1786788459,
  "content_filters": null,
  "error": null,
  "frequency_penalty": 0.0,
  "incomplete_details": null,
  "instructions": null,
  "max_output_tokens": null,
  "max_tool_calls": null,
  "model": "deepseek-v4-flash",
  "moderation": null,
  "output": [
    {
      "type": "reasoning",
      "id": "9739568a-7b6b-4c5d-aa5b-7ffc634b11ac",
      "status": "completed",
      "content": [
        {
          "type": "reasoning_text",
          "text": "The user asks who won the 2026 FIFA World Cup. The 2026 FIFA World Cup is scheduled for June-July 2026, so it hasn't happened yet. Let me verify. My knowledge cutoff means I should search the web."
        }
      ],
      "summary": []
    },
    {
      "type": "web_search_call",
      "id": "call_00_CImoyrAPGN4skyWlDjL45535",
      "status": "completed",
      "action": {
        "type": "search",
        "queries": [
          "2026 FIFA World Cup winner",
          "who won the 2026 FIFA World Cup",
          "ws_call_id=call_00_CImoyrAPGN4skyWlDjL45535"
        ]
      }
    },
    {
      "type": "message",
      "id": "01b0c9db-17fb-42cf-a56f-0d1f665d19cc",
      "status": "completed",
      "content": [
        {
          "type": "output_text",
          "annotations": [],
          "logprobs": [],
          "text": "Spain won the 2026 FIFA World Cup, defeating defending champions Argentina 1–0 in the final at New York New Jersey (MetLife) Stadium to claim their second title."
        }
      ],
      "phase": "final_answer",
      "role": "assistant"
    }
  ],
  "parallel_tool_calls": true,
  "presence_penalty": 0.0,
  "previous_response_id": null,
  "prompt_cache_key": null,
  "prompt_cache_retention": null,
  "reasoning": {
    "effort": "low",
    "summary": null
  },
  "safety_identifier": null,
  "service_tier": "default",
  "store": false,
  "temperature": 1.0,
  "text": {
    "format": {
      "type": "text"
    },
    "verbosity": null
  },
  "tool_choice": "auto",
  "tools": [
    {
      "type": "web_search",
      "search_context_size": null,
      "user_location": null
    }
  ],
  "top_logprobs": 0,
  "top_p": 1.0,
  "truncation": "disabled",
  "usage": {
    "input_tokens": 2525,
    "input_tokens_details": {
      "cached_tokens": 896
    },
    "output_tokens": 151,
    "output_tokens_details": {
      "reasoning_tokens": 51
    },
    "total_tokens": 2676
  },
  "user": null,
  "metadata": {}
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deepseek-web-search.json");
    std::fs::write(&path, RECORDED).unwrap();
    let expected = "a DeepSeek Responses API answer: its `web_search_call` items give the searches' `queries` only (DeepSeek restores their results on its side), and its `output_text` carries no `annotations`";
    import_with(dir.path(), &path, &[], &[]).refused(expected);
    // Its stream ends with the same response.
    let response: Value = serde_json::from_str(RECORDED).unwrap();
    let done = json!({"type": "response.completed", "response": response, "sequence_number": 90});
    let created = json!({"type": "response.created", "response": {"id": "x", "output": []}, "sequence_number": 0});
    std::fs::write(&path, format!("{created}\n{done}\n")).unwrap();
    import_with(dir.path(), &path, &[], &[]).refused(expected);
}

/// Bedrock: a citation whose location this version does not read
/// (`s3Location`, a newer one) is skipped with a note naming it; the
/// answer's other citations import.
#[test]
fn bedrock_unknown_locations_are_skipped_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let cited = |text: &str, location: Value| {
        json!({"citationsContent": {"content": [{"text": text}],
            "citations": [{"title": "p", "sourceContent": [{"text": text.trim()}], "location": location}]}})
    };
    let response = json!({"output": {"message": {"role": "assistant", "content": [
        cited(FIRST, json!({"web": {"url": JP, "domain": "www.example.jp"}})),
        cited(SECOND, json!({"s3Location": {"uri": "s3://bucket/haifa.pdf"}})),
        cited(" Wages held.", json!({"futureLocation": {"x": 1}})),
    ]}}, "stopReason": "end_turn"});
    let path = write_json(dir.path(), "bedrock.json", &response);
    let done = import_with(dir.path(), &path, &["example.jp"], &[]).ok();
    assert_eq!(done.chapter(), format!("{FIRST} [1]{SECOND} Wages held.\n"));
    assert_eq!(urls(&done), [JP]);
    assert!(
        done.stderr.contains("2 annotations or citations of types the importer does not read were skipped, marking nothing: \"location futureLocation\" (1), \"location s3Location\" (1)"),
        "{}",
        done.stderr
    );
}

/// The `import` fuzz target's seeds of this round's shapes (whole
/// responses with directives, marker look-alikes, markup and non-ASCII
/// text, a bad citation among good ones) each import under the target's
/// invariants.
#[test]
fn this_rounds_fuzz_seeds_import_under_the_fuzz_invariants() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/import");
    for seed in [
        "groq-compound",
        "azure-on-your-data",
        "dashscope-search",
        "discovery-engine-answer",
        "you-com-agents",
        "you-com-research",
        "brave-chat-stream",
        "brave-summarizer",
        "mistral-conversation-stream",
    ] {
        let data = std::fs::read(dir.join(seed)).unwrap();
        let converted = import_fuzz::check(&data);
        assert!(
            converted.is_some_and(|c| c.citations > 0),
            "{seed}: {:?}",
            evidence_import::convert(&data, None).err()
        );
    }
}
