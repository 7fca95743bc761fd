//! Perplexity: the Sonar chat completions and the Agent API that replaced
//! them. Both answers cite with their own `[N]` markers.
//!
//! - Sonar chat completions: `[N]` is 1-based into the response's
//!   `citations` (a list of URLs); newer responses also give
//!   `search_results` (`title`, `url`, `date`, `snippet`), or only those.
//! - Agent API (`POST /v1/agent`, a Responses-like object): a
//!   `search_results` output item lists `results[]` with a numeric `id`,
//!   and `[N]` in the `message`'s `output_text` cites the result whose id
//!   is `N` (its `annotations` are empty).
//!
//! The answer's markers stay as the model wrote them and the response's
//! list becomes the chapter's citation list: `[N]` is the item of the N-th
//! URL (or of result id `N`, the ids numbered in order), with the title,
//! date and snippet its search result gives. Two entries for one page (the
//! same URL up to tracking parameters) become one item, and the markers are
//! renumbered to match. A marker past the end of the list is refused: it
//! cites nothing the response names. A reasoning model's
//! `<think>…</think>` preamble is not part of the answer.

use crate::chapter::own_numbers;
use crate::listed::{Source, with_markers};
use crate::{Draft, Inputs};
use anyhow::bail;
use evidence_core::store::normalize_url;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// A source of the response's list: what a search result says of a page.
pub(super) struct Listed<'v> {
    pub(crate) url: &'v str,
    pub(crate) result: Option<&'v Value>,
    /// Where it is in the response, for messages.
    pub(crate) at: String,
}

/// Converts a Perplexity chat completion.
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let content = response
        .pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let results = response
        .get("search_results")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    // By normalized URL: a citation may carry a tracking parameter its
    // search result does not.
    let by_url: HashMap<String, &Value> = results
        .iter()
        .filter_map(|r| Some((url_key(r.get("url")?.as_str()?), r)))
        .collect();
    let listed: Vec<Listed> = match response.get("citations").and_then(Value::as_array) {
        Some(citations) => citations
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let url = c
                    .as_str()
                    .or_else(|| c.get("url").and_then(Value::as_str))
                    .unwrap_or_default();
                Listed {
                    url,
                    result: by_url.get(&url_key(url)).copied(),
                    at: format!("citations[{i}]"),
                }
            })
            .collect(),
        None => results
            .iter()
            .enumerate()
            .map(|(i, r)| Listed {
                url: r.get("url").and_then(Value::as_str).unwrap_or_default(),
                result: Some(r),
                at: format!("search_results[{i}]"),
            })
            .collect(),
    };
    with_list(
        without_thinking(content).to_owned(),
        "choices[0].message.content",
        &listed,
        inputs,
    )
}

/// Converts the output items of a Perplexity Agent API response: its
/// `search_results` items list the pages by `id`, and the `[N]` markers of
/// its messages' `output_text` cite result `N`.
pub(crate) fn convert_agent(output: &[&Value], inputs: &Inputs) -> anyhow::Result<Draft> {
    let name = &inputs.response;
    let mut by_id: BTreeMap<u64, Listed> = BTreeMap::new();
    let mut text = String::new();
    let mut texts: Vec<String> = Vec::new();
    for (o, item) in output.iter().enumerate() {
        match item.get("type").and_then(Value::as_str) {
            Some("search_results") => {
                let results = item.get("results").and_then(Value::as_array);
                for (r, result) in results.into_iter().flatten().enumerate() {
                    let at = format!("output[{o}].results[{r}]");
                    let Some(id) = result.get("id").and_then(Value::as_u64) else {
                        bail!(
                            "{name}: `{at}.id`: a search result without a numeric id cannot be cited by the answer's [N] markers; keep the response as the API returned it"
                        );
                    };
                    let url = result
                        .get("url")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    if let Some(listed) = by_id.get(&id)
                        && url_key(listed.url) != url_key(url)
                    {
                        bail!(
                            "{name}: `{at}.id`: id {id} names {url:?} here and {:?} at `{}`, so a [{id}] marker is ambiguous; import a response of one search",
                            listed.url,
                            listed.at
                        );
                    }
                    by_id.entry(id).or_insert(Listed {
                        url,
                        result: Some(result),
                        at,
                    });
                }
            }
            Some("message") => {
                let parts = item.get("content").and_then(Value::as_array);
                for part in parts.into_iter().flatten() {
                    if part.get("type").and_then(Value::as_str) == Some("output_text") {
                        let part = part.get("text").and_then(Value::as_str).unwrap_or_default();
                        texts.push(without_thinking(part).to_owned());
                    }
                }
            }
            _ => {}
        }
    }
    // The markers name ids; the chapter's list numbers them in order.
    let ids: Vec<u64> = by_id.keys().copied().collect();
    for part in &texts {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(&renumber_ids(
            part,
            &ids,
            name,
            "the message's output_text",
        )?);
    }
    let listed: Vec<Listed> = by_id.into_values().collect();
    with_list(text, "the message's output_text", &listed, inputs)
}

/// `text` with each `[id]` marker numbered by the id's place in `ids`
/// (sorted); a marker naming no id is refused.
pub(super) fn renumber_ids(
    text: &str,
    ids: &[u64],
    name: &str,
    place: &str,
) -> anyhow::Result<String> {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (at, n) in own_numbers(text) {
        let Ok(rank) = ids.binary_search(&(n as u64)) else {
            bail!(
                "{name}: the answer cites [{n}] (byte {at} of {place}), but no search result has id {n} (the response lists {}); a marker that names no source cannot be imported",
                describe_ids(ids)
            );
        };
        let end = at + text[at..].find(']').map_or(1, |close| close + 1);
        out.push_str(&text[from..at]);
        out.push_str(&format!("[{}]", rank + 1));
        from = end;
    }
    out.push_str(&text[from..]);
    Ok(out)
}

/// The ids of the search results, for messages.
fn describe_ids(ids: &[u64]) -> String {
    match (ids.first(), ids.last()) {
        (Some(first), Some(last)) if ids.len() as u64 == last - first + 1 => {
            format!("ids {first} to {last}")
        }
        (Some(_), _) => format!(
            "ids {}",
            ids.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => "no search results".to_owned(),
    }
}

/// The key of a URL for matching: its normalized form.
fn url_key(url: &str) -> String {
    normalize_url(url).unwrap_or_else(|_| url.to_owned())
}

/// The draft of an answer whose `[N]` markers cite the `N`-th of `listed`.
pub(super) fn with_list(
    text: String,
    place: &str,
    listed: &[Listed],
    inputs: &Inputs,
) -> anyhow::Result<Draft> {
    let sources = listed
        .iter()
        .map(|entry| {
            let field = |key: &str| {
                entry
                    .result
                    .and_then(|r| r.get(key))
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            };
            Source {
                url: entry.url,
                title: field("title"),
                snippet: field("snippet"),
                date: field("date"),
                at: entry.at.clone(),
                ..Source::default()
            }
        })
        .collect();
    with_markers(text, place, sources, inputs)
}

/// The answer without a leading `<think>…</think>` block.
fn without_thinking(content: &str) -> &str {
    let trimmed = content.trim_start();
    match trimmed
        .strip_prefix("<think>")
        .and_then(|rest| rest.split_once("</think>"))
    {
        Some((_, answer)) => answer.trim_start(),
        None => content,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_and_thinking() {
        assert_eq!(own_numbers("a.[2][13] b \\[4] [x] [5"), [(2, 2), (5, 13)]);
        assert_eq!(
            without_thinking("<think>plan</think>\n\nAnswer [1]."),
            "Answer [1]."
        );
        assert_eq!(without_thinking("Answer."), "Answer.");
    }
}
