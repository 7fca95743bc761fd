//! Alibaba Cloud DashScope (Qwen) generation with search (`enable_search`
//! and `search_options.enable_source`): `output.search_info.search_results[]`
//! (`index`, `title`, `url`, `site_name`) lists the pages, and the answer
//! (`output.choices[0].message.content`, or `output.text`) cites them by
//! `[ref_N]` or `[N]` markers, `N` a result's `index`. Read as Perplexity's
//! markers are, the indices numbered in order.

use crate::listed::{Source, plain_markers, with_markers};
use crate::perplexity::renumber_ids;
use crate::{Draft, Inputs};
use serde_json::Value;

/// Converts a DashScope response with search results.
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let (text, place) = answer(response);
    let results = response
        .pointer("/output/search_info/search_results")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    // By index (1-based when the response gives none).
    let mut listed: Vec<(u64, Source)> = results
        .iter()
        .enumerate()
        .map(|(r, result)| {
            let field = |key: &str| result.get(key).and_then(Value::as_str);
            let index = result
                .get("index")
                .and_then(Value::as_u64)
                .unwrap_or(r as u64 + 1);
            let source = Source {
                url: field("url").unwrap_or_default(),
                names: field("site_name").into_iter().collect(),
                title: field("title").map(str::to_owned),
                at: format!("output.search_info.search_results[{r}]"),
                ..Source::default()
            };
            (index, source)
        })
        .collect();
    listed.sort_by_key(|(index, _)| *index);
    listed.dedup_by_key(|(index, _)| *index);
    let ids: Vec<u64> = listed.iter().map(|(index, _)| *index).collect();
    let text = renumber_ids(&plain_markers(&text, "ref_"), &ids, &inputs.response, place)?;
    let sources = listed.into_iter().map(|(_, source)| source).collect();
    with_markers(text, place, sources, inputs)
}

/// The answer's text and where it is.
fn answer(response: &Value) -> (String, &'static str) {
    let content = response.pointer("/output/choices/0/message/content");
    match content {
        Some(Value::String(text)) => (text.clone(), "output.choices[0].message.content"),
        // The multimodal API's content is a list of `{"text": …}`.
        Some(Value::Array(parts)) => (
            parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join(""),
            "output.choices[0].message.content",
        ),
        _ => (
            response
                .pointer("/output/text")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            "output.text",
        ),
    }
}
