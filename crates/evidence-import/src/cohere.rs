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
//! another unit is still read right. A span with a `content_index` counts
//! in that content block; a citation of `type` `THINKING_CONTENT` or
//! `PLAN` cites the model's reasoning and is left out, with a note.

use crate::documents::Passage;
use crate::offsets::{Offsets, Unit};
use crate::web::WebCite;
use crate::{Draft, Inputs, from_value};
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
    /// The content block the span counts in (v2; absent: the whole text).
    #[serde(default)]
    content_index: Option<u64>,
    /// `TEXT_CONTENT`, or `THINKING_CONTENT` and `PLAN`, which cite the
    /// model's reasoning, not the published text.
    #[serde(default, rename = "type")]
    kind: Option<String>,
}

/// Converts a v2 chat message.
pub(crate) fn convert(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    let blocks = message
        .get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    // Where each text block starts in the answer, by content index.
    let mut starts: Vec<Option<usize>> = Vec::with_capacity(blocks.len());
    for part in blocks {
        if part.get("type").and_then(Value::as_str) == Some("text") {
            starts.push(Some(draft.answer.text().len()));
            draft
                .answer
                .push(part.get("text").and_then(Value::as_str).unwrap_or_default());
        } else {
            starts.push(None);
        }
    }
    let text = draft.answer.text().to_owned();
    let offsets = Offsets::new(&text);
    // Each text block with its offsets, made once (a response may give
    // thousands of citations into one block).
    let block_offsets: Vec<Option<(usize, Offsets<'_>)>> = starts
        .iter()
        .enumerate()
        .map(|(i, start)| {
            let start = (*start)?;
            let end = starts[i + 1..]
                .iter()
                .flatten()
                .next()
                .copied()
                .unwrap_or(text.len());
            Some((start, Offsets::new(&text[start..end])))
        })
        .collect();
    let citations = message.get("citations").and_then(Value::as_array);
    let mut reasoning = 0;
    for (c, raw) in citations.into_iter().flatten().enumerate() {
        let at = format!("message.citations[{c}]");
        let citation: Citation = from_value(raw, &inputs.response, &at)?;
        if matches!(citation.kind.as_deref(), Some("THINKING_CONTENT" | "PLAN")) {
            reasoning += 1;
            continue;
        }
        let (base, within) = match citation
            .content_index
            .and_then(|i| block_offsets.get(usize::try_from(i).ok()?)?.as_ref())
        {
            Some((base, block)) => (*base, block),
            None => (0, &offsets),
        };
        let (range, _) = within
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
            let at = format!("{at}.sources[{s}]");
            let Some(d) = source_item(source, inputs, &mut draft, &at)? else {
                continue;
            };
            draft
                .answer
                .cite_span(base + range.start..base + range.end, d);
        }
    }
    if reasoning > 0 {
        draft.dropped.push(format!(
            "{} of type THINKING_CONTENT or PLAN (the model's reasoning, not the published answer): left out",
            evidence_core::display::counted(reasoning, "citation", "citations")
        ));
    }
    Ok(draft)
}

/// The draft of one source.
fn source_item(
    source: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<Option<usize>> {
    let id = source.get("id").and_then(Value::as_str).unwrap_or_default();
    let fields = source
        .get("document")
        .or_else(|| source.get("tool_output"))
        .unwrap_or(source);
    let field = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_owned);
    let passage = field("snippet").or_else(|| field("text"));
    let url = field("url").unwrap_or_default();
    if evidence_core::store::is_http_url(url.trim()) {
        return draft.web_or_drop(
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
        crate::documents::Documents::find_any(inputs.documents.as_ref(), &names).or_else(|| {
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
    Ok(Some(draft.push(docs.item(index, "", passage))))
}
