//! Cohere v2 chat responses: `message.citations[]`, each a span of the
//! answer (`start`, `end` in **characters**, with the span's own `text`)
//! and the `sources` it rests on.
//!
//! A `document` source whose document has an http(s) `url` becomes a web
//! item quoting the document's `snippet` or `text` (what the model was
//! given); otherwise the documents file entry whose `key` is the source's
//! id (`doc:0` for the first document sent without one) describes it. A
//! `tool` source is read the same way from its `tool_output`. The span's
//! `text` is checked against the answer, so a response that counts in
//! another unit is still read right.

use super::documents::Passage;
use super::offsets::{Offsets, Unit};
use super::web::WebCite;
use super::{Draft, Inputs, from_value};
use anyhow::bail;
use serde::Deserialize;
use serde_json::Value;

/// A citation.
#[derive(Deserialize)]
struct Citation {
    start: u64,
    end: u64,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    sources: Vec<Value>,
}

/// Converts a v2 chat message.
pub(crate) fn convert(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    for part in message
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if part.get("type").and_then(Value::as_str) == Some("text") {
            draft
                .answer
                .push(part.get("text").and_then(Value::as_str).unwrap_or_default());
        }
    }
    let text = draft.answer.text().to_owned();
    let offsets = Offsets::new(&text);
    let citations = message.get("citations").and_then(Value::as_array);
    for (c, raw) in citations.into_iter().flatten().enumerate() {
        let at = format!("message.citations[{c}]");
        let citation: Citation = from_value(raw, &inputs.response, &at)?;
        let (range, _) = offsets
            .locate(
                citation.start,
                citation.end,
                Unit::Chars,
                citation.text.as_deref(),
            )
            .map_err(|err| anyhow::anyhow!("{}: `{at}`: {err}", inputs.response))?;
        if citation.sources.is_empty() {
            bail!(
                "{}: `{at}.sources`: a citation without sources",
                inputs.response
            );
        }
        for (s, source) in citation.sources.iter().enumerate() {
            let d = source_item(source, inputs, &mut draft, &format!("{at}.sources[{s}]"))?;
            draft.answer.cite_span(range.clone(), d);
        }
    }
    Ok(draft)
}

/// The draft of one source.
fn source_item(
    source: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let id = source.get("id").and_then(Value::as_str).unwrap_or_default();
    let fields = source
        .get("document")
        .or_else(|| source.get("tool_output"))
        .unwrap_or(source);
    let field = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_owned);
    let passage = field("snippet").or_else(|| field("text"));
    let url = field("url").unwrap_or_default();
    if crate::rules::is_http_url(url.trim()) {
        return draft.web(
            inputs,
            WebCite {
                url,
                title: field("title"),
                passage,
                published_at: field("date").or_else(|| field("published_at")),
                ..WebCite::default()
            },
            at,
        );
    }
    let names = [id.to_owned(), field("id").unwrap_or_default()];
    let found =
        super::documents::Documents::find_any(inputs.documents.as_ref(), &names).or_else(|| {
            // `doc:N` is Cohere's name for the N-th document sent without an id.
            let docs = inputs.documents.as_ref()?;
            let n: usize = id.strip_prefix("doc:")?.parse().ok()?;
            (n < docs.len()).then_some((docs, n))
        });
    let Some((docs, index)) = found else {
        bail!(
            "{}: `{at}`: source {id:?}{} has no http(s) URL; describe it in a documents file with \"key\": {id:?} and pass it with --documents",
            inputs.response,
            field("title")
                .map(|t| format!(" ({t:?})"))
                .unwrap_or_default()
        );
    };
    let passage = Passage {
        text: passage.unwrap_or_default(),
        title: docs
            .get(index)
            .and_then(|d| d.title.clone())
            .or_else(|| field("title")),
        ..Passage::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(draft.push(docs.item(index, "", passage)))
}
