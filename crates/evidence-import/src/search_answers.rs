//! Search APIs that answer: Tavily search (`answer` with `results[]`:
//! `url`, `title`, `content`, `published_date`) and Exa `/answer`
//! (`answer` with `citations[]`: `url`, `title`, `text`,
//! `publishedDate`).
//!
//! Neither gives positions: the answer cites its list by `[N]` markers
//! where the model wrote them (read as for Perplexity: `[N]` is the N-th
//! entry), and an answer without markers is refused, saying so: markers
//! piled on one paragraph would claim what the response does not.

use crate::perplexity::{Listed, with_list};
use crate::{Draft, Inputs};
use serde_json::{Value, json};

/// The fields of one listed page, under the names Perplexity's search
/// results use (`title`, `snippet`, `date`).
fn result(entry: &Value, snippet: &str, date: &str) -> Value {
    let field = |key: &str| entry.get(key).cloned().unwrap_or(Value::Null);
    json!({"title": field("title"), "snippet": field(snippet), "date": field(date)})
}

/// Converts a Tavily search response (`answer`, `results`) or an Exa
/// `/answer` response (`answer`, `citations`): `list` names the key of
/// its list.
pub(crate) fn convert(response: &Value, list: &str, inputs: &Inputs) -> anyhow::Result<Draft> {
    let answer = response
        .get("answer")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let entries = response
        .get(list)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let (snippet, date) = if list == "results" {
        ("content", "published_date")
    } else {
        ("text", "publishedDate")
    };
    let results: Vec<Value> = entries.iter().map(|e| result(e, snippet, date)).collect();
    let listed: Vec<Listed> = entries
        .iter()
        .zip(&results)
        .enumerate()
        .map(|(i, (entry, result))| Listed {
            url: entry.get("url").and_then(Value::as_str).unwrap_or_default(),
            result: Some(result),
            at: format!("{list}[{i}]"),
        })
        .collect();
    with_list(answer.to_owned(), "answer", &listed, inputs)
}
