//! Responses of vendors the importer recognises but cannot read, refused
//! by name, saying what is missing (rather than "not a response this
//! importer knows", or as an OpenAI chat completion without citations).
//!
//! Each is recognised by a field only that vendor's answers carry.

use serde_json::Value;

/// Why `value` cannot be imported, when it is a response of a vendor whose
/// answer carries no citation the importer could read.
pub(super) fn refusal(value: &Value) -> Option<String> {
    let model = value
        .get("model")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_ascii_lowercase();
    let message = value.pointer("/choices/0/message");
    let content = message
        .and_then(|m| m.get("content"))
        .and_then(Value::as_str);
    let cites = |key: &str| {
        message
            .and_then(|m| m.get(key))
            .or_else(|| value.get(key))
            .and_then(Value::as_array)
            .is_some_and(|list| !list.is_empty())
    };
    let uncited = !cites("annotations") && !cites("citations") && !cites("search_results");
    // Through a router (`deepseek/deepseek-chat:online`) the router's
    // annotations are read; DeepSeek's own API gives none.
    if model.starts_with("deepseek") && content.is_some() && uncited {
        return Some(
            "a DeepSeek chat completion: it carries no `annotations`, `citations` or `search_results` that say which pages the answer rests on (DeepSeek's API returns the answer's text and its `reasoning_content` only), so there is no citation to import; ask through a service that adds web search annotations (OpenRouter's `:online` models), or cite the sources by `[EVID:id]` by hand".to_owned(),
        );
    }
    if model.starts_with("brave") && content.is_some_and(|c| !c.contains("<citation>")) {
        return Some(
            "a Brave AI Grounding answer without `<citation>` tags: Brave puts them in the answer only when it is streamed with `enable_citations` (or in research mode's `<answer>`); save that stream (`data:` lines) and import it".to_owned(),
        );
    }
    // DeepSeek's Responses API searches the web (`web_search_call` items
    // with the queries) but names no page the answer rests on.
    let output = value.get("output").and_then(Value::as_array);
    if model.starts_with("deepseek")
        && let Some(output) = output
    {
        let annotated = output
            .iter()
            .filter_map(|item| item.get("content").and_then(Value::as_array))
            .flatten()
            .any(|part| {
                part.get("annotations")
                    .and_then(Value::as_array)
                    .is_some_and(|a| !a.is_empty())
            });
        let searched = output
            .iter()
            .any(|item| item.get("type").and_then(Value::as_str) == Some("web_search_call"));
        if !annotated {
            return Some(format!(
                "a DeepSeek Responses API answer: {}its `output_text` carries no `annotations`, so nothing in the response says which pages the answer rests on, and no page's address is in it; there is no citation to import: cite the sources by `[EVID:id]` by hand, or ask through a service that annotates its answers",
                if searched {
                    "its `web_search_call` items give the searches' `queries` only (DeepSeek restores their results on its side), and "
                } else {
                    ""
                }
            ));
        }
    }
    let dashscope = value.pointer("/output/choices").is_some()
        || (value.pointer("/output/text").is_some() && value.get("request_id").is_some());
    if dashscope && value.pointer("/output/search_info").is_none() {
        return Some(
            "a DashScope (Qwen) response without `output.search_info.search_results`: its answer names no source; ask with `enable_search` and `search_options.enable_source` (and `enable_citation`) so that it lists the pages its `[ref_N]` markers cite".to_owned(),
        );
    }
    None
}
