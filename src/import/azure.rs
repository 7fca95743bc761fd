//! Azure OpenAI "On Your Data" chat completions (the `data_sources`
//! extension, being retired but still in use): the answer cites
//! `message.context.citations[]` (`content`, `title`, `url`, `filepath`,
//! `chunk_id`) by `[docN]` markers, 1-based. A citation with an http(s)
//! `url` becomes a web item quoting its `content`; one without (a file in
//! a search index) is the documents file's entry keyed by its `filepath`
//! or `title`.

use super::listed::{Source, plain_markers, with_markers};
use super::{Draft, Inputs};
use serde_json::Value;

/// Converts the message of an "On Your Data" chat completion.
pub(crate) fn convert(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let citations = message
        .pointer("/context/citations")
        .and_then(Value::as_array);
    let sources = citations
        .into_iter()
        .flatten()
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
                at: format!("choices[0].message.context.citations[{c}]"),
                ..Source::default()
            }
        })
        .collect();
    with_markers(
        plain_markers(content, "doc"),
        "choices[0].message.content",
        sources,
        inputs,
    )
}
