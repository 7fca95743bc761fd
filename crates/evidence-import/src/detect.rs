//! Which vendor and API wrote a response, recognised by its shape; the part
//! of it that holds the answer.
//!
//! A whole response is read, and so is the object a client library hands
//! over (an Anthropic `content` list, an OpenAI `output` list or message,
//! a Gemini candidate, a Cohere `message`), so that a user who saved only
//! that part is not told the file is empty.

// The answers of search APIs and services citing in shapes of their own.
mod answers;

use anyhow::bail;
use serde_json::Value;

/// A model API vendor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vendor {
    /// Anthropic Messages API.
    Anthropic,
    /// OpenAI Responses API or Chat Completions.
    OpenAi,
    /// Google Gemini `generateContent`.
    Gemini,
    /// Perplexity Agent API or Sonar chat completions.
    Perplexity,
    /// Cohere v2 chat.
    Cohere,
    /// Amazon Bedrock Converse or Knowledge Bases RetrieveAndGenerate.
    Bedrock,
    /// xAI Responses API.
    Xai,
    /// Mistral Conversations (Agents) API or chat completions with
    /// reference chunks.
    Mistral,
    /// Tavily search with `include_answer`.
    Tavily,
    /// Exa `/answer`.
    Exa,
    /// Groq compound (`executed_tools` search results).
    Groq,
    /// Azure OpenAI "On Your Data" (`context.citations`).
    Azure,
    /// Brave AI Grounding (citation tags) and Summarizer.
    Brave,
    /// Alibaba Cloud DashScope (Qwen) with search.
    DashScope,
    /// Google Discovery Engine (Vertex AI Search) answers.
    DiscoveryEngine,
    /// You.com agents, Research and Smart APIs.
    YouCom,
}

impl Vendor {
    /// The vendor's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Vendor::Anthropic => "Anthropic",
            Vendor::OpenAi => "OpenAI",
            Vendor::Gemini => "Gemini",
            Vendor::Perplexity => "Perplexity",
            Vendor::Cohere => "Cohere",
            Vendor::Bedrock => "Amazon Bedrock",
            Vendor::Xai => "xAI",
            Vendor::Mistral => "Mistral",
            Vendor::Tavily => "Tavily",
            Vendor::Exa => "Exa",
            Vendor::Groq => "Groq",
            Vendor::Azure => "Azure OpenAI",
            Vendor::Brave => "Brave",
            Vendor::DashScope => "DashScope (Qwen)",
            Vendor::DiscoveryEngine => "Google Discovery Engine",
            Vendor::YouCom => "You.com",
        }
    }
}

/// A recognised response: the part that holds the answer.
#[derive(Debug)]
pub(crate) enum Shape<'v> {
    /// Anthropic Messages: the content blocks.
    Anthropic(&'v [Value]),
    /// OpenAI Responses: the output items.
    OpenAiResponses(Vec<&'v Value>),
    /// OpenAI Chat Completions: the message.
    OpenAiChat(&'v Value),
    /// Gemini: the candidate.
    Gemini(&'v Value),
    /// Gemini Interactions API: the interaction (`steps` or `outputs`).
    GeminiInteractions(&'v Value),
    /// Perplexity Sonar chat: the whole response (citations are beside the
    /// message).
    Perplexity(&'v Value),
    /// Perplexity Agent API: the output items (search results, messages).
    PerplexityAgent(Vec<&'v Value>),
    /// Cohere v2: the message.
    Cohere(&'v Value),
    /// Mistral Conversations: the `outputs` entries.
    MistralConversation(&'v [Value]),
    /// Mistral chat completion: the message whose content is chunks.
    MistralChat(&'v Value),
    /// xAI Responses: the output items (OpenAI's shape).
    XaiResponses(Vec<&'v Value>),
    /// Bedrock Converse: the message's content blocks.
    BedrockConverse(&'v [Value]),
    /// Bedrock Knowledge Bases RetrieveAndGenerate: the whole response.
    BedrockKb(&'v Value),
    /// Tavily search with an answer: the whole response.
    Tavily(&'v Value),
    /// Exa `/answer`: the whole response.
    Exa(&'v Value),
    /// Groq compound chat completion: the message.
    Groq(&'v Value),
    /// Azure OpenAI "On Your Data" chat completion: the whole response.
    AzureOnYourData(&'v Value),
    /// Brave AI Grounding chat completion with citation tags: the message.
    BraveChat(&'v Value),
    /// Brave Summarizer Search API: the whole response.
    BraveSummarizer(&'v Value),
    /// DashScope generation with search: the whole response.
    DashScope(&'v Value),
    /// Discovery Engine answer: the whole response (or its `answer`).
    DiscoveryEngine(&'v Value),
    /// You.com agents, Research or Smart API: the whole response.
    YouCom(&'v Value),
}

impl Shape<'_> {
    /// The vendor.
    pub(super) fn vendor(&self) -> Vendor {
        match self {
            Shape::Anthropic(_) => Vendor::Anthropic,
            Shape::OpenAiResponses(_) | Shape::OpenAiChat(_) => Vendor::OpenAi,
            Shape::Gemini(_) | Shape::GeminiInteractions(_) => Vendor::Gemini,
            Shape::Perplexity(_) | Shape::PerplexityAgent(_) => Vendor::Perplexity,
            Shape::Cohere(_) => Vendor::Cohere,
            Shape::BedrockConverse(_) | Shape::BedrockKb(_) => Vendor::Bedrock,
            Shape::XaiResponses(_) => Vendor::Xai,
            Shape::MistralConversation(_) | Shape::MistralChat(_) => Vendor::Mistral,
            Shape::Tavily(_) => Vendor::Tavily,
            Shape::Exa(_) => Vendor::Exa,
            Shape::Groq(_) => Vendor::Groq,
            Shape::AzureOnYourData(_) => Vendor::Azure,
            Shape::BraveChat(_) | Shape::BraveSummarizer(_) => Vendor::Brave,
            Shape::DashScope(_) => Vendor::DashScope,
            Shape::DiscoveryEngine(_) => Vendor::DiscoveryEngine,
            Shape::YouCom(_) => Vendor::YouCom,
        }
    }

    /// `a` or `an`, before [`Shape::name`].
    pub(super) fn article(&self) -> &'static str {
        match self {
            Shape::Anthropic(_)
            | Shape::OpenAiResponses(_)
            | Shape::OpenAiChat(_)
            | Shape::BedrockConverse(_)
            | Shape::BedrockKb(_)
            | Shape::XaiResponses(_)
            | Shape::Exa(_)
            | Shape::AzureOnYourData(_) => "an",
            _ => "a",
        }
    }

    /// What it is, for messages.
    pub(super) fn name(&self) -> &'static str {
        match self {
            Shape::Anthropic(_) => "Anthropic Messages API response",
            Shape::OpenAiResponses(_) => "OpenAI Responses API response",
            Shape::OpenAiChat(_) => "OpenAI Chat Completions response",
            Shape::Gemini(_) => "Gemini generateContent response",
            Shape::GeminiInteractions(_) => "Gemini Interactions API response",
            Shape::Perplexity(_) => "Perplexity chat completion",
            Shape::PerplexityAgent(_) => "Perplexity Agent API response",
            Shape::Cohere(_) => "Cohere v2 chat response",
            Shape::BedrockConverse(_) => "Amazon Bedrock Converse response",
            Shape::BedrockKb(_) => "Amazon Bedrock Knowledge Bases RetrieveAndGenerate response",
            Shape::XaiResponses(_) => "xAI Responses API response",
            Shape::MistralConversation(_) => "Mistral Conversations API response",
            Shape::MistralChat(_) => "Mistral chat completion",
            Shape::Tavily(_) => "Tavily search response",
            Shape::Exa(_) => "Exa /answer response",
            Shape::Groq(_) => "Groq compound response",
            Shape::AzureOnYourData(_) => "Azure OpenAI \"On Your Data\" response",
            Shape::BraveChat(_) => "Brave AI Grounding answer",
            Shape::BraveSummarizer(_) => "Brave Summarizer response",
            Shape::DashScope(_) => "DashScope (Qwen) response with search",
            Shape::DiscoveryEngine(_) => "Google Discovery Engine answer",
            Shape::YouCom(_) => "You.com answer",
        }
    }
}

fn kind(value: &Value) -> Option<&str> {
    value.get("type").and_then(Value::as_str)
}

fn is_anthropic_block(value: &Value) -> bool {
    matches!(
        kind(value),
        Some(
            "text"
                | "thinking"
                | "redacted_thinking"
                | "tool_use"
                | "server_tool_use"
                | "web_search_tool_result"
                | "web_fetch_tool_result"
                | "code_execution_tool_result"
                | "mcp_tool_use"
                | "mcp_tool_result"
        )
    )
}

/// A Bedrock Converse content block: a union named by its one key, with
/// no `type`.
fn is_converse_block(value: &Value) -> bool {
    value.as_object().is_some_and(|block| {
        !block.is_empty()
            && block
                .keys()
                .all(|k| crate::bedrock::BLOCK_KEYS.contains(&k.as_str()))
    })
}

/// Converse content blocks: a non-empty list of them.
fn converse_blocks(value: Option<&Value>) -> Option<&[Value]> {
    let blocks = value?.as_array()?;
    (!blocks.is_empty() && blocks.iter().all(is_converse_block)).then_some(blocks.as_slice())
}

/// A message whose `content` is chunks with a Mistral reference among them.
fn is_mistral_message(value: &Value) -> bool {
    value
        .get("content")
        .and_then(Value::as_array)
        .is_some_and(|chunks| {
            chunks
                .iter()
                .any(|c| matches!(kind(c), Some("tool_reference" | "reference")))
        })
}

/// A Gemini Interactions API response: `object: "interaction"`, or
/// `steps` with a `model_output` or `outputs` with typed items.
fn is_interaction(object: &serde_json::Map<String, Value>) -> bool {
    let typed = |key: &str, kinds: &[&str]| {
        object
            .get(key)
            .and_then(Value::as_array)
            .is_some_and(|items| {
                items
                    .iter()
                    .any(|i| kind(i).is_some_and(|k| kinds.contains(&k)))
            })
    };
    object.get("object").and_then(Value::as_str) == Some("interaction")
        || typed("steps", &["model_output"])
        || typed("outputs", &["text", "thought", "google_search_result"])
}

/// An xAI Responses API response: OpenAI's shape, from a Grok model or
/// with xAI's usage counts of server-side tools.
fn is_xai(value: &Value) -> bool {
    let grok = value
        .get("model")
        .and_then(Value::as_str)
        .is_some_and(|m| m.starts_with("grok"));
    let usage = value.get("usage");
    let xai_usage = ["num_server_side_tools_used", "num_sources_used"]
        .iter()
        .any(|k| usage.and_then(|u| u.get(k)).is_some());
    grok || xai_usage
}

/// A Perplexity Agent API output item listing the pages its answer's
/// `[N]` markers cite.
fn is_search_results_item(value: &Value) -> bool {
    kind(value) == Some("search_results") && value.get("results").is_some_and(Value::is_array)
}

fn is_responses_item(value: &Value) -> bool {
    match kind(value) {
        Some("message") => value
            .get("content")
            .and_then(Value::as_array)
            .is_some_and(|parts| parts.iter().any(|p| kind(p) == Some("output_text"))),
        Some(k) => k.ends_with("_call") || k == "reasoning",
        None => false,
    }
}

/// Recognises the response; with `vendor`, it must be that vendor's.
pub(crate) fn detect<'v>(
    value: &'v Value,
    vendor: Option<Vendor>,
    name: &str,
) -> anyhow::Result<Shape<'v>> {
    if let Some(why) = crate::unread::refusal(value) {
        bail!("{name}: {why}");
    }
    let Some(shape) = recognise(value) else {
        bail!(
            "{name}: not a response this importer knows: found {}; expected an Anthropic message (`content` blocks), an OpenAI response (`output`) or chat completion (`choices[].message.annotations`), a Gemini response (`candidates`) or interaction (`steps` or `outputs`), a Mistral conversation (`outputs` with `message.output`) or chat completion with reference chunks, a Perplexity Agent API response (`output` with `search_results`) or chat completion (`citations` or `search_results`), a Cohere v2 chat response (`message.citations`), or an Amazon Bedrock Converse response (`output.message.content`) or Knowledge Bases RetrieveAndGenerate response (`output.text` and `citations`), a Tavily search response (`answer`, `query`, `results`), an Exa /answer response (`answer`, `citations`), a Groq compound (`executed_tools`), Azure OpenAI \"On Your Data\" (`message.context.citations`) or Brave (`<citation>` tags) chat completion, a Brave Summarizer response (`summary`), a DashScope response with `output.search_info`, a Google Discovery Engine answer (`answer.answerText`) or a You.com answer (`output` with `message.answer`, or `search_results`)",
            describe(value)
        );
    };
    if let Some(vendor) = vendor
        && vendor != shape.vendor()
    {
        bail!(
            "{name}: {} was named, but this is {} {} ({}); name the right vendor, or leave the vendor out to have it recognised",
            vendor.name(),
            shape.article(),
            shape.name(),
            describe(value)
        );
    }
    Ok(shape)
}

fn recognise(value: &Value) -> Option<Shape<'_>> {
    if let Some(shape) = answers::recognise(value) {
        return Some(shape);
    }
    if let Some(items) = value.as_array() {
        if !items.is_empty() && items.iter().all(is_anthropic_block) {
            return Some(Shape::Anthropic(items));
        }
        if let Some(blocks) = converse_blocks(Some(value)) {
            return Some(Shape::BedrockConverse(blocks));
        }
        if items.iter().any(is_search_results_item) {
            return Some(Shape::PerplexityAgent(items.iter().collect()));
        }
        if items.iter().any(is_responses_item) {
            return Some(Shape::OpenAiResponses(items.iter().collect()));
        }
        return None;
    }
    let object = value.as_object()?;
    // Bedrock: the whole response, the `output` a client hands over, or
    // the message.
    for at in ["/output/message/content", "/message/content", "/content"] {
        if let Some(blocks) = converse_blocks(value.pointer(at)) {
            return Some(Shape::BedrockConverse(blocks));
        }
    }
    if let Some(outputs) = object.get("outputs").and_then(Value::as_array)
        && outputs.iter().any(|o| kind(o) == Some("message.output"))
    {
        return Some(Shape::MistralConversation(outputs));
    }
    if is_mistral_message(value) {
        return Some(Shape::MistralChat(value));
    }
    if is_interaction(object) {
        return Some(Shape::GeminiInteractions(value));
    }
    if value.pointer("/output/text").is_some_and(Value::is_string)
        && (object.get("citations").is_some_and(Value::is_array)
            || object.contains_key("sessionId"))
    {
        return Some(Shape::BedrockKb(value));
    }
    if let Some(candidates) = object.get("candidates").and_then(Value::as_array) {
        return candidates.first().map(Shape::Gemini);
    }
    if object.contains_key("groundingMetadata")
        || value.pointer("/content/parts").is_some_and(Value::is_array)
    {
        return Some(Shape::Gemini(value));
    }
    if let Some(output) = object.get("output").and_then(Value::as_array) {
        // Before OpenAI: the Agent API's object is Responses-like.
        if output.iter().any(is_search_results_item) {
            return Some(Shape::PerplexityAgent(output.iter().collect()));
        }
        if is_xai(value) {
            return Some(Shape::XaiResponses(output.iter().collect()));
        }
        return Some(Shape::OpenAiResponses(output.iter().collect()));
    }
    if is_responses_item(value) {
        return Some(Shape::OpenAiResponses(vec![value]));
    }
    if let Some(choices) = object.get("choices").and_then(Value::as_array) {
        if let Some(message) = choices
            .first()
            .and_then(|c| c.get("message"))
            .filter(|m| is_mistral_message(m))
        {
            return Some(Shape::MistralChat(message));
        }
        if object.contains_key("citations") || object.contains_key("search_results") {
            return Some(Shape::Perplexity(value));
        }
        return choices
            .first()
            .and_then(|c| c.get("message"))
            .map(Shape::OpenAiChat);
    }
    // Search APIs that answer: an `answer` beside the pages it rests on.
    let listed = |key: &str| {
        object
            .get(key)
            .and_then(Value::as_array)
            .is_some_and(|list| {
                list.iter()
                    .all(|e| e.get("url").is_some_and(Value::is_string))
            })
    };
    if object.get("answer").is_some_and(Value::is_string) {
        if listed("results") && object.contains_key("query") {
            return Some(Shape::Tavily(value));
        }
        if listed("citations") {
            return Some(Shape::Exa(value));
        }
    }
    if let Some(message) = object.get("message").filter(|m| is_cohere_message(m)) {
        return Some(Shape::Cohere(message));
    }
    if is_cohere_message(value) {
        return Some(Shape::Cohere(value));
    }
    if let Some(blocks) = object.get("content").and_then(Value::as_array)
        && !blocks.is_empty()
        && blocks.iter().all(is_anthropic_block)
    {
        return Some(Shape::Anthropic(blocks));
    }
    if object.get("content").is_some_and(Value::is_string) && object.contains_key("annotations") {
        return Some(Shape::OpenAiChat(value));
    }
    None
}

/// A Cohere v2 message: `content` a list of `text` items, and `citations`
/// with `start`/`end` (or the message of a chat response ending
/// `COMPLETE`).
fn is_cohere_message(value: &Value) -> bool {
    let cited = value
        .get("citations")
        .and_then(Value::as_array)
        .is_some_and(|c| {
            c.iter()
                .all(|c| c.get("start").is_some() && c.get("sources").is_some())
        });
    let texts = value
        .get("content")
        .and_then(Value::as_array)
        .is_some_and(|parts| {
            parts
                .iter()
                // A reasoning model's `thinking` block comes first.
                .all(|p| {
                    matches!(kind(p), Some("text" | "thinking")) && p.get("citations").is_none()
                })
        });
    cited && texts
}

/// What a JSON value is, for messages: its type and top-level keys.
fn describe(value: &Value) -> String {
    match value {
        Value::Object(map) if map.is_empty() => "an empty JSON object".to_owned(),
        Value::Object(map) => {
            let mut keys: Vec<String> = map.keys().take(12).map(|k| format!("`{k}`")).collect();
            if map.len() > 12 {
                keys.push("…".into());
            }
            let mut out = format!("a JSON object with {}", keys.join(", "));
            match map.get("type").and_then(Value::as_str) {
                Some("error") => out.push_str(" (an API error, not an answer)"),
                Some(t) if t.starts_with("message_") || t.starts_with("content_block_") => {
                    out.push_str(" (one streaming event: save the final message instead)");
                }
                _ => {}
            }
            out
        }
        Value::Array(items) => format!(
            "a JSON array of {}{}",
            evidence_core::display::counted(items.len(), "item", "items"),
            items
                .first()
                .and_then(kind)
                .map(|k| format!(", the first of type {k:?}"))
                .unwrap_or_default()
        ),
        Value::String(_) => "a JSON string".to_owned(),
        Value::Number(_) => "a JSON number".to_owned(),
        Value::Bool(_) => "a JSON boolean".to_owned(),
        Value::Null => "null".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vendor_of(value: &Value) -> Option<Vendor> {
        recognise(value).map(|s| s.vendor())
    }

    #[test]
    fn whole_responses_and_the_parts_clients_hand_over() {
        let text = json!({"type": "text", "text": "x"});
        assert_eq!(
            vendor_of(&json!({"content": [text]})),
            Some(Vendor::Anthropic)
        );
        assert_eq!(vendor_of(&json!([text])), Some(Vendor::Anthropic));
        let part = json!({"type": "message", "content": [{"type": "output_text", "text": "x"}]});
        assert_eq!(vendor_of(&json!({"output": [part]})), Some(Vendor::OpenAi));
        assert_eq!(vendor_of(&part), Some(Vendor::OpenAi));
        let message = json!({"role": "assistant", "content": "x", "annotations": []});
        assert_eq!(
            vendor_of(&json!({"choices": [{"message": message}]})),
            Some(Vendor::OpenAi)
        );
        assert_eq!(vendor_of(&message), Some(Vendor::OpenAi));
        assert_eq!(
            vendor_of(&json!({"choices": [{"message": message}], "citations": []})),
            Some(Vendor::Perplexity)
        );
        let candidate = json!({"content": {"parts": [{"text": "x"}]}, "groundingMetadata": {}});
        assert_eq!(
            vendor_of(&json!({"candidates": [candidate]})),
            Some(Vendor::Gemini)
        );
        assert_eq!(vendor_of(&candidate), Some(Vendor::Gemini));
        let cohere = json!({"role": "assistant", "content": [{"type": "text", "text": "x"}],
                            "citations": [{"start": 0, "end": 1, "sources": []}]});
        assert_eq!(vendor_of(&json!({"message": cohere})), Some(Vendor::Cohere));
        assert_eq!(vendor_of(&cohere), Some(Vendor::Cohere));
        let blocks = json!([{"text": "x"}, {"citationsContent": {"content": [], "citations": []}}]);
        for converse in [
            json!({"output": {"message": {"role": "assistant", "content": blocks}}}),
            json!({"message": {"role": "assistant", "content": blocks}}),
            json!({"role": "assistant", "content": blocks}),
            blocks.clone(),
        ] {
            assert!(
                matches!(recognise(&converse), Some(Shape::BedrockConverse(_))),
                "{converse}"
            );
        }
        let steps = json!({"steps": [{"type": "model_output", "content": []}]});
        assert!(matches!(
            recognise(&steps),
            Some(Shape::GeminiInteractions(_))
        ));
        let outputs = json!({"outputs": [{"type": "text", "text": "x"}]});
        assert!(matches!(
            recognise(&outputs),
            Some(Shape::GeminiInteractions(_))
        ));
        let mistral = json!({"outputs": [{"type": "message.output", "content": []}]});
        assert_eq!(vendor_of(&mistral), Some(Vendor::Mistral));
        let chunks = json!({"role": "assistant", "content": [{"type": "text", "text": "x"},
            {"type": "reference", "reference_ids": [1]}]});
        assert_eq!(
            vendor_of(&json!({"choices": [{"message": chunks}]})),
            Some(Vendor::Mistral)
        );
        let xai = json!({"model": "grok-4", "output": [part]});
        assert_eq!(vendor_of(&xai), Some(Vendor::Xai));
        let kb = json!({"output": {"text": "x"}, "citations": [], "sessionId": "s"});
        assert!(matches!(recognise(&kb), Some(Shape::BedrockKb(_))));
    }

    #[test]
    fn an_unknown_shape_is_described() {
        let err = detect(&json!({"type": "error", "error": {}}), None, "r.json").unwrap_err();
        assert!(
            err.to_string().contains("`error`, `type` (an API error"),
            "{err}"
        );
        let err = detect(
            &json!({"candidates": [{"content": {"parts": []}}]}),
            Some(Vendor::OpenAi),
            "r.json",
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("OpenAI was named, but this is a Gemini generateContent response"),
            "{err}"
        );
    }
}
