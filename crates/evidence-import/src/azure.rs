//! Azure OpenAI "On Your Data" chat completions (the `data_sources`
//! extension, being retired but still in use): the answer cites
//! `message.context.citations[]` (`content`, `title`, `url`, `filepath`,
//! `chunk_id`) by `[docN]` markers, 1-based. A citation with an http(s)
//! `url` becomes a web item quoting its `content`; one without (a file in
//! a search index) is the documents file's entry keyed by its `filepath`
//! or `title`. The 2023 preview API put the citations in a `tool`
//! message before the assistant's (`choices[0].messages[]`), as a JSON
//! string: read the same.

use crate::listed::{Source, plain_markers, with_markers};
use crate::{Draft, Inputs};
use serde_json::Value;

/// Converts an "On Your Data" chat completion.
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    if let Some(message) = response.pointer("/choices/0/message") {
        let content = message
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let citations = message
            .pointer("/context/citations")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let at = "choices[0].message.context.citations";
        return read(content, "choices[0].message.content", citations, at, inputs);
    }
    // The preview: the tool message's content is JSON of its own.
    let messages = response
        .pointer("/choices/0/messages")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let content_of = |role: &str| {
        messages.iter().enumerate().find_map(|(m, message)| {
            (message.get("role").and_then(Value::as_str) == Some(role))
                .then(|| Some((m, message.get("content")?.as_str()?)))
                .flatten()
        })
    };
    let (t, tool) = content_of("tool").unwrap_or_default();
    let context: Value = evidence_core::json_input::from_str(tool).map_err(|err| {
        anyhow::anyhow!(
            "{}: `choices[0].messages[{t}].content`: the citations are not JSON ({}:{}: {})",
            inputs.response,
            err.line,
            err.column,
            err.message
        )
    })?;
    let citations = context
        .get("citations")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let (a, content) = content_of("assistant").unwrap_or_default();
    read(
        content,
        &format!("choices[0].messages[{a}].content"),
        citations,
        &format!("choices[0].messages[{t}].content: citations"),
        inputs,
    )
}

/// The answer `content` (at `place`) citing `citations` (at `at`).
fn read(
    content: &str,
    place: &str,
    citations: &[Value],
    at: &str,
    inputs: &Inputs,
) -> anyhow::Result<Draft> {
    let sources = citations
        .iter()
        .enumerate()
        .map(|(c, citation)| {
            let field = |key: &str| citation.get(key).and_then(Value::as_str);
            Source {
                url: field("url").unwrap_or_default(),
                names: ["filepath", "title", "chunk_id"]
                    .iter()
                    .filter_map(|k| field(k))
                    .collect(),
                title: field("title").map(str::to_owned),
                passage: field("content").map(str::to_owned),
                at: format!("{at}[{c}]"),
                ..Source::default()
            }
        })
        .collect();
    with_markers(plain_markers(content, "doc"), place, sources, inputs)
}
