//! Mistral Conversations (Agents) API responses: `outputs[]` whose
//! `message.output` entries hold the answer as `content[]` chunks, and
//! chat completions whose message `content` is a list of chunks.
//!
//! The API gives no offsets: a citation's place is the chunk order. A
//! `tool_reference` chunk (`tool`, `title`, `url`, `description`) cites the
//! text before it, so its marker follows that text; it becomes a web item
//! (its `description` the snippet); one without a URL is left out with a
//! note. A chat `reference` chunk
//! (`reference_ids`) cites the documents a tool returned, which the
//! response does not carry: each id is the documents file entry whose `key`
//! is that id. Tool executions separate paragraphs; uncited text right before
//! one is the model's narration, kept as a comment.

use crate::documents::Passage;
use crate::web::WebCite;
use crate::{Draft, Inputs};
use anyhow::bail;
use serde_json::Value;

/// Converts the `outputs` of a conversation response.
pub(crate) fn convert_conversation(outputs: &[Value], inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    for (o, entry) in outputs.iter().enumerate() {
        let kind = entry
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if kind != "message.output" {
            draft.answer.paragraph_break();
            continue;
        }
        let next_is_tool = outputs
            .get(o + 1)
            .and_then(|e| e.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|k| k != "message.output");
        let path = format!("outputs[{o}].content");
        chunks(
            entry.get("content"),
            next_is_tool,
            inputs,
            &mut draft,
            &path,
        )?;
    }
    Ok(draft)
}

/// Converts a chat completion message whose `content` is a list of chunks.
pub(crate) fn convert_chat(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    let path = "choices[0].message.content";
    chunks(message.get("content"), false, inputs, &mut draft, path)?;
    Ok(draft)
}

/// Appends `content` (a string, or text and reference chunks) to the
/// answer; `narration` when it is uncited text before a tool execution.
fn chunks(
    content: Option<&Value>,
    narration: bool,
    inputs: &Inputs,
    draft: &mut Draft,
    path: &str,
) -> anyhow::Result<()> {
    let list = match content {
        Some(Value::String(text)) if narration => {
            draft.answer.push_narration(text);
            return Ok(());
        }
        Some(Value::String(text)) => {
            draft.answer.push(text);
            return Ok(());
        }
        Some(Value::Array(list)) => list,
        _ => return Ok(()),
    };
    let cited = list.iter().any(|c| {
        matches!(
            c.get("type").and_then(Value::as_str),
            Some("tool_reference" | "reference")
        )
    });
    for (c, chunk) in list.iter().enumerate() {
        let at = format!("{path}[{c}]");
        let field = |key: &str| chunk.get(key).and_then(Value::as_str);
        match field("type") {
            Some("text") if narration && !cited => {
                draft
                    .answer
                    .push_narration(field("text").unwrap_or_default());
            }
            Some("text") => draft.answer.push(field("text").unwrap_or_default()),
            Some("tool_reference") => {
                if let Some(d) = tool_reference(chunk, inputs, draft, &at)? {
                    let here = draft.answer.text().len();
                    draft.answer.cite_at(here, d);
                }
            }
            Some("reference") => {
                let ids = chunk.get("reference_ids").and_then(Value::as_array);
                for (r, id) in ids.into_iter().flatten().enumerate() {
                    let d = reference(id, inputs, draft, &format!("{at}.reference_ids[{r}]"))?;
                    let here = draft.answer.text().len();
                    draft.answer.cite_at(here, d);
                }
            }
            // Thinking, images, documents: not the answer's text.
            _ => {}
        }
    }
    Ok(())
}

/// A `tool_reference` chunk: the page a tool found; `None` when it names
/// no page (left out with a note; the other references still import).
fn tool_reference(
    chunk: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<Option<usize>> {
    let field = |key: &str| chunk.get(key).and_then(Value::as_str).map(str::to_owned);
    let Some(url) = field("url").filter(|u| !u.trim().is_empty()) else {
        draft.dropped.push(format!(
            "{}: `{at}`: a tool_reference without a `url` ({:?} by {}) names no page to cite: that citation is left out",
            inputs.response,
            field("title").unwrap_or_default(),
            chunk
                .get("tool")
                .map_or_else(|| "a tool".to_owned(), Value::to_string)
        ));
        return Ok(None);
    };
    draft.web_or_drop(
        inputs,
        WebCite {
            url,
            title: field("title"),
            snippet: field("description"),
            ..WebCite::default()
        },
        at,
    )
}

/// A `reference` id: the documents file entry keyed by it.
fn reference(id: &Value, inputs: &Inputs, draft: &mut Draft, at: &str) -> anyhow::Result<usize> {
    let key = match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let found = inputs
        .documents
        .as_ref()
        .and_then(|docs| Some((docs, docs.find(&key)?)));
    let Some((docs, index)) = found else {
        bail!(
            "{}: `{at}`: reference {key} names a document a tool returned, which the response does not carry; describe it in a documents file with \"key\": {:?} and pass it with --documents",
            inputs.response,
            key
        );
    };
    let passage = Passage {
        title: docs.get(index).and_then(|d| d.title.clone()),
        ..Passage::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(draft.push(docs.item(index, "", passage)))
}
