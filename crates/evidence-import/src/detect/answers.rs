//! Recognising the answers of search APIs and OpenAI-compatible services
//! that cite in shapes of their own: Groq compound, Azure OpenAI "On Your
//! Data", Brave, DashScope (Qwen), Google Discovery Engine and You.com.
//! Each is recognised by a field only that vendor's answers carry, before
//! the shapes they resemble (a chat completion, an `output` list).

use super::Shape;
use serde_json::Value;

fn kind(value: &Value) -> Option<&str> {
    value.get("type").and_then(Value::as_str)
}

/// A list of objects each with a string `url`.
fn listed(value: Option<&Value>) -> bool {
    value.and_then(Value::as_array).is_some_and(|list| {
        !list.is_empty()
            && list
                .iter()
                .all(|e| e.get("url").is_some_and(Value::is_string))
    })
}

/// The shape of `value`, when it is one of these vendors' answers.
pub(super) fn recognise(value: &Value) -> Option<Shape<'_>> {
    let object = value.as_object()?;
    if let Some(message) = value.pointer("/choices/0/message") {
        if message.get("executed_tools").is_some() {
            return Some(Shape::Groq(message));
        }
        if message.pointer("/context/citations").is_some() {
            return Some(Shape::AzureOnYourData(value));
        }
        // Tags in an answer that carries another vendor's citations are
        // text the model wrote, not Brave's.
        let cited_otherwise = [
            message.get("annotations"),
            object.get("citations"),
            object.get("search_results"),
        ]
        .iter()
        .any(|list| {
            list.and_then(Value::as_array)
                .is_some_and(|l| !l.is_empty())
        });
        if !cited_otherwise
            && message
                .get("content")
                .and_then(Value::as_str)
                .is_some_and(|c| c.contains("<citation>"))
        {
            return Some(Shape::BraveChat(message));
        }
    }
    // The 2023 preview of "On Your Data": a `tool` message whose content
    // is the citations (a JSON string), then the assistant's.
    let preview = value
        .pointer("/choices/0/messages")
        .and_then(Value::as_array)
        .is_some_and(|messages| {
            messages.iter().any(|m| {
                m.get("role").and_then(Value::as_str) == Some("tool")
                    && m.get("content")
                        .and_then(Value::as_str)
                        .is_some_and(|c| c.contains("\"citations\""))
            })
        });
    if preview {
        return Some(Shape::AzureOnYourData(value));
    }
    if object.get("type").and_then(Value::as_str) == Some("summarizer")
        && object.get("summary").is_some_and(Value::is_array)
    {
        return Some(Shape::BraveSummarizer(value));
    }
    if value
        .pointer("/output/search_info/search_results")
        .is_some()
    {
        return Some(Shape::DashScope(value));
    }
    let answer = object.get("answer").unwrap_or(value);
    if answer.get("answerText").is_some_and(Value::is_string) {
        return Some(Shape::DiscoveryEngine(value));
    }
    // You.com: the agents API's typed `output`, the Research API's
    // `output.content` with `sources`, the Smart API's `search_results`.
    let agents = object
        .get("output")
        .and_then(Value::as_array)
        .is_some_and(|items| {
            items
                .iter()
                .any(|i| matches!(kind(i), Some("message.answer" | "web_search.results")))
        });
    let research = value
        .pointer("/output/content")
        .is_some_and(Value::is_string)
        && value
            .pointer("/output/sources")
            .is_some_and(Value::is_array);
    let smart =
        object.get("answer").is_some_and(Value::is_string) && listed(object.get("search_results"));
    if agents || research || smart {
        return Some(Shape::YouCom(value));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn name(value: &Value) -> Option<&'static str> {
        recognise(value).map(|shape| shape.name())
    }

    #[test]
    fn each_vendor_by_its_own_field_and_look_alikes_left_alone() {
        let chat = |message: Value| json!({"choices": [{"message": message}]});
        let tagged = json!({"role": "assistant", "content": "A <citation>{}</citation>"});
        assert_eq!(name(&chat(tagged)), Some("Brave AI Grounding answer"));
        // An OpenAI answer that writes the tag as text keeps its annotations.
        let annotated = json!({"role": "assistant", "content": "Use <citation>.",
            "annotations": [{"type": "url_citation"}]});
        assert_eq!(name(&chat(annotated)), None);
        let groq = json!({"role": "assistant", "content": "x", "executed_tools": []});
        assert_eq!(name(&chat(groq)), Some("Groq compound response"));
        let exa = json!({"answer": "x", "citations": [{"url": "https://e.org"}]});
        assert_eq!(name(&exa), None);
        let smart = json!({"answer": "x", "search_results": [{"url": "https://e.org"}]});
        assert_eq!(name(&smart), Some("You.com answer"));
        let exa_research = json!({"output": {"content": "x"}, "researchId": "r"});
        assert_eq!(name(&exa_research), None);
        let engine = json!({"answer": {"answerText": "x"}});
        assert_eq!(name(&engine), Some("Google Discovery Engine answer"));
    }
}
