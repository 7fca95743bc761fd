//! A saved event stream, read as the final response it streamed: server-sent
//! events (`data: {…}` lines, as an HTTP client saves them) or one JSON
//! event a line (as SDK test suites record them, `.chunks.txt`).
//!
//! - Anthropic Messages (`message_start`, `content_block_start`,
//!   `content_block_delta` with `text_delta` and `citations_delta`): the
//!   message, its blocks assembled;
//! - OpenAI Responses (and xAI): the `response` of `response.completed`;
//! - Gemini `streamGenerateContent`: the chunks' text concatenated into one
//!   part, with the grounding chunks, supports and citations of every
//!   chunk accumulated (each chunk sends only the new ones; supports index
//!   across the stream and count in the whole text);
//! - Chat Completions `chat.completion.chunk`s (OpenAI, OpenRouter,
//!   Perplexity): the deltas' content and annotations accumulated. SSE
//!   comment lines (`: OPENROUTER PROCESSING`) are skipped;
//! - Bedrock ConverseStream (`contentBlockDelta` events, one JSON event a
//!   line as the SDKs hand them out): each block's `text` deltas
//!   concatenated and its `citation` deltas collected into the
//!   `citationsContent` block the Converse API returns;
//! - Gemini Interactions: the interaction of `interaction.complete`, when
//!   it holds the `outputs` or `steps` (else refused, saying to fetch the
//!   interaction);
//! - Mistral Conversations (`message.output.delta`, `tool.execution.*`):
//!   the `outputs` entries by `output_index`, text deltas joined and
//!   `tool_reference` chunks kept in their place.
//!
//! Another stream is refused, saying which events it holds.

use anyhow::bail;
use serde_json::{Value, json};

/// Whether `text` looks like a saved stream rather than one JSON value.
pub(super) fn is_stream(text: &str) -> bool {
    // SSE comment lines (`: OPENROUTER PROCESSING`) may open a stream.
    let mut head = text.trim_start();
    while head.starts_with(':') {
        head = head
            .split_once('\n')
            .map_or("", |(_, rest)| rest)
            .trim_start();
    }
    // One JSON event a line: the first line is a whole object (a response
    // written over several lines opens with `{` alone) and others follow.
    let first_whole = head
        .lines()
        .next()
        .is_some_and(|line| serde_json::from_str::<Value>(line).is_ok_and(|v| v.is_object()));
    head.starts_with("event:")
        || head.starts_with("data:")
        || (first_whole && events(text).len() > 1)
}

/// The events of a stream, each parsed (lines that are no JSON event, such
/// as `event:` names, comments and `[DONE]`, are skipped).
fn events(text: &str) -> Vec<Value> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let data = line.strip_prefix("data:").map_or(line, str::trim_start);
            data.starts_with('{')
                .then(|| serde_json::from_str::<Value>(data).ok())
                .flatten()
        })
        .collect()
}

/// The final response a stream (`name`, for messages) streamed.
pub(super) fn assemble(text: &str, name: &str) -> anyhow::Result<Value> {
    let events = events(text);
    let kind = |e: &Value| e.get("type").and_then(Value::as_str).map(str::to_owned);
    if let Some(done) = events
        .iter()
        .find(|e| kind(e).as_deref() == Some("response.completed"))
    {
        return Ok(done.get("response").cloned().unwrap_or(Value::Null));
    }
    if events
        .iter()
        .any(|e| kind(e).as_deref() == Some("message_start"))
    {
        return anthropic(&events, name);
    }
    if events.iter().any(|e| e.get("candidates").is_some()) {
        return Ok(gemini(&events));
    }
    if events
        .iter()
        .any(|e| e.pointer("/choices/0/delta").is_some())
    {
        return Ok(chat(&events));
    }
    if events.iter().any(|e| e.get("contentBlockDelta").is_some()) {
        return Ok(bedrock(&events));
    }
    if let Some(done) = events
        .iter()
        .find(|e| e.get("event_type").and_then(Value::as_str) == Some("interaction.complete"))
    {
        return interaction(done, name);
    }
    if events
        .iter()
        .any(|e| kind(e).as_deref() == Some("message.output.delta"))
    {
        return Ok(mistral(&events));
    }
    let mut seen: Vec<String> = events
        .iter()
        .filter_map(|e| {
            kind(e).or_else(|| {
                e.get("event_type")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
        })
        .collect();
    seen.dedup();
    seen.truncate(6);
    bail!(
        "{name}: a saved event stream ({}{}) of a kind the importer does not assemble; it assembles Anthropic Messages, OpenAI Responses, Gemini generateContent and Interactions, Bedrock ConverseStream, Mistral Conversations and Chat Completions streams: save the final response instead (a non-streaming call, or the message the client library assembles)",
        evidence_core::display::counted(events.len(), "event", "events"),
        if seen.is_empty() {
            String::new()
        } else {
            format!(": {}", seen.join(", "))
        }
    )
}

/// An Anthropic message from its events.
fn anthropic(events: &[Value], name: &str) -> anyhow::Result<Value> {
    let mut message = Value::Null;
    let mut blocks: Vec<Value> = Vec::new();
    for (e, event) in events.iter().enumerate() {
        let index = event
            .get("index")
            .and_then(Value::as_u64)
            .map(|i| i as usize);
        let block = |blocks: &mut Vec<Value>| -> anyhow::Result<usize> {
            match index.filter(|&i| i < blocks.len()) {
                Some(i) => Ok(i),
                None => bail!(
                    "{name}: event {e}: a delta to content block {} before its content_block_start",
                    index.map_or_else(|| "(no index)".to_owned(), |i| i.to_string())
                ),
            }
        };
        match event.get("type").and_then(Value::as_str) {
            Some("message_start") => message = event.get("message").cloned().unwrap_or(json!({})),
            Some("content_block_start") => {
                let i = index.unwrap_or(blocks.len());
                if blocks.len() <= i {
                    blocks.resize(i + 1, Value::Null);
                }
                blocks[i] = event.get("content_block").cloned().unwrap_or(Value::Null);
            }
            Some("content_block_delta") => {
                let i = block(&mut blocks)?;
                let delta = event.get("delta").cloned().unwrap_or(Value::Null);
                apply_delta(&mut blocks[i], &delta);
            }
            _ => {}
        }
    }
    blocks.retain(|b| !b.is_null());
    if let Some(object) = message.as_object_mut() {
        object.insert("content".to_owned(), Value::Array(blocks));
        Ok(message)
    } else {
        Ok(json!({ "content": blocks }))
    }
}

/// Applies one `content_block_delta` to its block.
fn apply_delta(block: &mut Value, delta: &Value) {
    let append = |block: &mut Value, key: &str, more: Option<&str>| {
        let old = block.get(key).and_then(Value::as_str).unwrap_or_default();
        block[key] = format!("{old}{}", more.unwrap_or_default()).into();
    };
    match delta.get("type").and_then(Value::as_str) {
        Some("text_delta") => append(block, "text", delta.get("text").and_then(Value::as_str)),
        Some("thinking_delta") => {
            append(
                block,
                "thinking",
                delta.get("thinking").and_then(Value::as_str),
            );
        }
        Some("citations_delta") => {
            if let Some(citation) = delta.get("citation") {
                if !block.get("citations").is_some_and(Value::is_array) {
                    block["citations"] = json!([]);
                }
                if let Some(list) = block["citations"].as_array_mut() {
                    list.push(citation.clone());
                }
            }
        }
        // Tool inputs and signatures are not part of the answer.
        _ => {}
    }
}

/// A Gemini candidate from its chunks.
fn gemini(events: &[Value]) -> Value {
    let mut text = String::new();
    let mut last: Value = json!({});
    for event in events {
        let Some(candidate) = event.pointer("/candidates/0") else {
            continue;
        };
        let parts = candidate
            .pointer("/content/parts")
            .and_then(Value::as_array);
        for part in parts.into_iter().flatten() {
            if part.get("thought").and_then(Value::as_bool) != Some(true)
                && let Some(piece) = part.get("text").and_then(Value::as_str)
            {
                text.push_str(piece);
            }
        }
        // Each chunk sends only the grounding chunks, supports and
        // citations not sent before (supports index across the stream).
        if let Some(metadata) = candidate.get("groundingMetadata") {
            accumulate(
                &mut last["groundingMetadata"],
                metadata,
                &["groundingChunks", "groundingSupports"],
            );
        }
        if let Some(metadata) = candidate.get("citationMetadata") {
            accumulate(
                &mut last["citationMetadata"],
                metadata,
                &["citations", "citationSources"],
            );
        }
        if let Some(metadata) = candidate.get("urlContextMetadata") {
            accumulate(&mut last["urlContextMetadata"], metadata, &["urlMetadata"]);
        }
    }
    last["content"] = json!({"role": "model", "parts": [{"text": text}]});
    json!({ "candidates": [last] })
}

/// Merges one chunk's `metadata` into what the stream sent before:
/// the `lists` appended (unless the chunk repeats the whole list so far,
/// as a client that resends it cumulatively does: then it replaces it),
/// other fields the latest.
fn accumulate(so_far: &mut Value, metadata: &Value, lists: &[&str]) {
    if !so_far.is_object() {
        *so_far = json!({});
    }
    let Some(fields) = metadata.as_object() else {
        return;
    };
    for (key, value) in fields {
        let (true, Some(more)) = (lists.contains(&key.as_str()), value.as_array()) else {
            so_far[key] = value.clone();
            continue;
        };
        let list = so_far
            .get_mut(key)
            .and_then(Value::as_array_mut)
            .map(std::mem::take)
            .unwrap_or_default();
        so_far[key] = if more.starts_with(&list) {
            value.clone()
        } else {
            Value::Array(list.into_iter().chain(more.iter().cloned()).collect())
        };
    }
}

/// A Chat Completions response from its `chat.completion.chunk`s (OpenAI,
/// OpenRouter, Perplexity): the deltas' content concatenated, their
/// annotations accumulated, and the other fields (`citations`,
/// `search_results`, `model`) the latest.
fn chat(events: &[Value]) -> Value {
    let mut response = json!({});
    let mut content = String::new();
    let mut annotations: Vec<Value> = Vec::new();
    let mut extra = serde_json::Map::new();
    let mut tools: Vec<Value> = Vec::new();
    // A provider may resend earlier annotations with later chunks.
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    for event in events {
        if let Some(fields) = event.as_object() {
            for (key, value) in fields {
                if key != "choices" && !value.is_null() {
                    response[key] = value.clone();
                }
            }
        }
        let Some(delta) = event.pointer("/choices/0/delta") else {
            continue;
        };
        if let Some(piece) = delta.get("content").and_then(Value::as_str) {
            content.push_str(piece);
        }
        // Azure "On Your Data" sends its `context` (the citations) in one
        // delta; Groq compound its `executed_tools`, possibly over several.
        if let Some(context) = delta.get("context").filter(|c| !c.is_null()) {
            extra.insert("context".to_owned(), context.clone());
        }
        for tool in delta
            .get("executed_tools")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            tools.push(tool.clone());
        }
        for annotation in delta
            .get("annotations")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if seen.insert(annotation.to_string()) {
                annotations.push(annotation.clone());
            }
        }
    }
    response["object"] = "chat.completion".into();
    let mut message = json!({"role": "assistant", "content": content});
    if !annotations.is_empty() {
        message["annotations"] = Value::Array(annotations);
    }
    if !tools.is_empty() {
        extra.insert("executed_tools".to_owned(), Value::Array(tools));
    }
    for (key, value) in extra {
        message[key] = value;
    }
    response["choices"] = json!([{"index": 0, "message": message, "finish_reason": "stop"}]);
    response
}

/// A Bedrock Converse response from its ConverseStream events.
fn bedrock(events: &[Value]) -> Value {
    // Per block index: its text and its citations.
    let mut blocks: Vec<(String, Vec<Value>)> = Vec::new();
    for event in events {
        let Some(delta) = event.get("contentBlockDelta") else {
            continue;
        };
        let index = delta
            .get("contentBlockIndex")
            .and_then(Value::as_u64)
            .and_then(|i| usize::try_from(i).ok())
            .unwrap_or(0);
        // An index is only an order: a hostile one must not allocate.
        if index > blocks.len() + 1024 {
            continue;
        }
        if blocks.len() <= index {
            blocks.resize_with(index + 1, Default::default);
        }
        let block = &mut blocks[index];
        let delta = delta.get("delta").unwrap_or(&Value::Null);
        if let Some(text) = delta.get("text").and_then(Value::as_str) {
            block.0.push_str(text);
        }
        if let Some(citation) = delta.get("citation") {
            block.1.push(citation.clone());
        }
    }
    let content: Vec<Value> = blocks
        .into_iter()
        .filter(|(text, citations)| !text.is_empty() || !citations.is_empty())
        .map(|(text, citations)| {
            if citations.is_empty() {
                json!({ "text": text })
            } else {
                json!({"citationsContent": {"content": [{"text": text}], "citations": citations}})
            }
        })
        .collect();
    json!({"output": {"message": {"role": "assistant", "content": content}}})
}

/// The interaction an Interactions stream's `interaction.complete` event
/// (`done`) carries.
fn interaction(done: &Value, name: &str) -> anyhow::Result<Value> {
    let interaction = done.get("interaction").cloned().unwrap_or(Value::Null);
    if interaction.get("outputs").is_some() || interaction.get("steps").is_some() {
        return Ok(interaction);
    }
    bail!(
        "{name}: a Gemini Interactions stream whose `interaction.complete` event carries no `outputs` or `steps`, so its annotations cannot be read from it: save the interaction itself (GET the interaction by its id) and import that"
    )
}

/// A Mistral Conversations response from its events: each
/// `message.output.delta` adds to the `message.output` entry at its
/// `output_index` (a string to the text so far, a chunk after it), and
/// each `tool.execution.*` event is the tool entry at its index.
fn mistral(events: &[Value]) -> Value {
    let mut outputs: std::collections::BTreeMap<u64, Value> = std::collections::BTreeMap::new();
    for event in events {
        let index = event
            .get("output_index")
            .and_then(Value::as_u64)
            .unwrap_or_default();
        match event.get("type").and_then(Value::as_str) {
            Some("message.output.delta") => {
                let entry = outputs
                    .entry(index)
                    .or_insert_with(|| json!({"type": "message.output", "content": []}));
                let Some(chunks) = entry.get_mut("content").and_then(Value::as_array_mut) else {
                    continue;
                };
                match event.get("content") {
                    Some(Value::String(piece)) => {
                        match chunks
                            .last_mut()
                            .filter(|c| c.get("type") == Some(&json!("text")))
                        {
                            Some(last) => {
                                let so_far =
                                    last.get("text").and_then(Value::as_str).unwrap_or_default();
                                last["text"] = Value::from(format!("{so_far}{piece}"));
                            }
                            None => chunks.push(json!({"type": "text", "text": piece})),
                        }
                    }
                    Some(chunk @ Value::Object(_)) => chunks.push(chunk.clone()),
                    _ => {}
                }
            }
            Some(kind) if kind.starts_with("tool.execution") => {
                let name = event.get("name").cloned().unwrap_or(Value::Null);
                outputs.insert(index, json!({"type": "tool.execution", "name": name}));
            }
            _ => {}
        }
    }
    json!({"object": "conversation.response", "outputs": outputs.into_values().collect::<Vec<_>>()})
}
