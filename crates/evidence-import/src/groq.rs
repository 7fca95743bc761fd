//! Groq compound (`groq/compound`, `groq/compound-mini`) chat completions:
//! the message's `executed_tools[]` are the searches and visits the model
//! ran, each with `search_results.results[]` (`title`, `url`, `content`,
//! `score`). The answer cites them by `[N]` markers (or `[[N]](url)`),
//! numbered over every tool's results in order, as Perplexity's are; an
//! answer without a marker is refused, saying so: a list of the pages
//! searched does not say which of them the answer rests on.

use crate::listed::{Source, plain_markers, with_markers};
use crate::{Draft, Inputs};
use serde_json::Value;

/// Converts the message of a Groq compound chat completion.
pub(crate) fn convert(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let tools = message.get("executed_tools").and_then(Value::as_array);
    let mut sources = Vec::new();
    for (t, tool) in tools.into_iter().flatten().enumerate() {
        let results = tool
            .pointer("/search_results/results")
            .or_else(|| tool.get("search_results"))
            .and_then(Value::as_array);
        for (r, result) in results.into_iter().flatten().enumerate() {
            let field = |key: &str| result.get(key).and_then(Value::as_str);
            sources.push(Source {
                url: field("url").unwrap_or_default(),
                title: field("title").map(str::to_owned),
                snippet: field("content").map(str::to_owned),
                date: field("published_date").map(str::to_owned),
                at: format!("choices[0].message.executed_tools[{t}].search_results.results[{r}]"),
                ..Source::default()
            });
        }
    }
    with_markers(
        plain_markers(content, ""),
        "choices[0].message.content",
        sources,
        inputs,
    )
}
