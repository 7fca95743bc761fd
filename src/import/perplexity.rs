//! Perplexity Sonar chat completions: the answer cites with its own `[N]`
//! markers, 1-based into the response's `citations` (a list of URLs); newer
//! responses also give `search_results` (`title`, `url`, `date`,
//! `snippet`), or only those.
//!
//! The answer's markers stay as the model wrote them and the response's
//! list becomes the chapter's citation list: `[N]` is the item of the N-th
//! URL, with the title, date and snippet its search result gives. Two
//! entries for one page (the same URL up to tracking parameters) become one
//! item, and the markers are renumbered to match. A marker past the end of
//! the list is refused: it cites nothing the response names. A reasoning
//! model's `<think>…</think>` preamble is not part of the answer.

use super::chapter::{Answer, own_numbers};
use super::web::WebCite;
use super::{Draft, Inputs};
use crate::store::normalize_url;
use anyhow::bail;
use serde_json::Value;
use std::collections::HashMap;

/// Converts a Perplexity chat completion.
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let name = &inputs.response;
    let content = response
        .pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let text = without_thinking(content);
    let results = response
        .get("search_results")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    // By normalized URL: a citation may carry a tracking parameter its
    // search result does not.
    let key = |url: &str| normalize_url(url).unwrap_or_else(|_| url.to_owned());
    let by_url: HashMap<String, &Value> = results
        .iter()
        .filter_map(|r| Some((key(r.get("url")?.as_str()?), r)))
        .collect();
    let urls: Vec<&str> = match response.get("citations").and_then(Value::as_array) {
        Some(citations) => citations
            .iter()
            .map(|c| {
                c.as_str()
                    .or_else(|| c.get("url").and_then(Value::as_str))
                    .unwrap_or_default()
            })
            .collect(),
        None => results
            .iter()
            .map(|r| r.get("url").and_then(Value::as_str).unwrap_or_default())
            .collect(),
    };
    let markers = own_numbers(text);
    if let Some(&(at, n)) = markers.iter().find(|(_, n)| *n == 0 || *n > urls.len()) {
        bail!(
            "{name}: the answer cites [{n}] (byte {at} of choices[0].message.content), but the response lists {} citation(s); a marker that names no source cannot be imported",
            urls.len()
        );
    }
    let mut draft = Draft {
        answer: Answer::with_own_markers(text.to_owned()),
        ..Draft::default()
    };
    for (i, url) in urls.iter().enumerate() {
        let at = format!("citations[{i}]");
        let result = by_url.get(&key(url));
        let field = |key: &str| {
            result
                .and_then(|r| r.get(key))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        draft.web(
            inputs,
            WebCite {
                url: (*url).to_owned(),
                title: field("title"),
                snippet: field("snippet"),
                published_at: field("date"),
                ..WebCite::default()
            },
            &at,
        )?;
    }
    draft.answer.set_citations(markers.len());
    Ok(draft)
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
