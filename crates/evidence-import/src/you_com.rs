//! You.com answers: the agents API (`POST /v1/agents/runs`: `output[]`
//! with `web_search.results` items, whose `content[]` are pages with
//! `url`, `title`, `snippet`, and `message.answer` items holding the
//! `text`), the Research API (`output.content` with `output.sources[]`:
//! `url`, `title`, `snippets[]`) and the earlier Smart API (`answer` with
//! `search_results[]`: `url`, `name`, `snippet`).
//!
//! None gives positions: the answer cites its list by `[N]` markers (or
//! `[[N]](url)` links), the N-th page of the list, where the model wrote
//! them; an answer without a marker is refused, saying so.

use crate::listed::{Source, plain_markers, with_markers};
use crate::{Draft, Inputs};
use serde_json::Value;

/// Converts a You.com response (any of the three shapes).
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let (text, place, sources) =
        if let Some(output) = response.get("output").and_then(Value::as_array) {
            agents(output)
        } else if let Some(output) = response.get("output").filter(|o| o.is_object()) {
            research(output)
        } else {
            smart(response)
        };
    with_markers(plain_markers(&text, ""), place, sources, inputs)
}

fn text_of<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str)
}

/// The agents API: the answers' text and the pages of every search, in
/// order.
fn agents(output: &[Value]) -> (String, &'static str, Vec<Source<'_>>) {
    let mut texts: Vec<&str> = Vec::new();
    let mut sources = Vec::new();
    for (o, item) in output.iter().enumerate() {
        match text_of(item, "type") {
            Some("message.answer") => texts.extend(text_of(item, "text")),
            Some("web_search.results") => {
                let pages = item.get("content").and_then(Value::as_array);
                for (p, page) in pages.into_iter().flatten().enumerate() {
                    sources.push(Source {
                        url: text_of(page, "url")
                            .or_else(|| text_of(page, "citation_uri"))
                            .unwrap_or_default(),
                        title: text_of(page, "title").map(str::to_owned),
                        snippet: text_of(page, "snippet").map(str::to_owned),
                        at: format!("output[{o}].content[{p}]"),
                        ..Source::default()
                    });
                }
            }
            _ => {}
        }
    }
    (texts.join("\n\n"), "the message.answer text", sources)
}

/// The Research API: `output.content` citing `output.sources`.
fn research(output: &Value) -> (String, &'static str, Vec<Source<'_>>) {
    let pages = output.get("sources").and_then(Value::as_array);
    let sources = pages
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(s, page)| {
            let snippets: Vec<&str> = page
                .get("snippets")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            Source {
                url: text_of(page, "url").unwrap_or_default(),
                title: text_of(page, "title").map(str::to_owned),
                snippet: Some(snippets.join(" … ")).filter(|s| !s.is_empty()),
                at: format!("output.sources[{s}]"),
                ..Source::default()
            }
        })
        .collect();
    let text = text_of(output, "content").unwrap_or_default().to_owned();
    (text, "output.content", sources)
}

/// The Smart API: `answer` citing `search_results`.
fn smart(response: &Value) -> (String, &'static str, Vec<Source<'_>>) {
    let pages = response.get("search_results").and_then(Value::as_array);
    let sources = pages
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(s, page)| Source {
            url: text_of(page, "url").unwrap_or_default(),
            title: text_of(page, "name")
                .or_else(|| text_of(page, "title"))
                .map(str::to_owned),
            snippet: text_of(page, "snippet").map(str::to_owned),
            at: format!("search_results[{s}]"),
            ..Source::default()
        })
        .collect();
    let text = text_of(response, "answer").unwrap_or_default().to_owned();
    (text, "answer", sources)
}
