//! Google Discovery Engine (Vertex AI Search) answers (`answer` of
//! `servingConfigs.answer`): `answerText`, with `citations[]` that give
//! the span of the text they support (`startIndex`, `endIndex`: UTF-8
//! bytes, as the API reference says; int64 values, so JSON strings) and
//! the `sources[].referenceId` they rest on, each the index of an entry of
//! `references[]`. A reference is a chunk (`chunkInfo`: `content`,
//! `documentMetadata` with `uri`, `title`, `document`) or a document
//! (`unstructuredDocumentInfo` with `chunkContents[]`, or
//! `structuredDocumentInfo`): a web item when its `uri` is http(s), else
//! the documents file's entry keyed by its `uri`, `document` or `title`.
//!
//! A span that is not one of the text (counted in bytes, or else in
//! characters) or a `referenceId` that names no reference leaves out that
//! citation only, with a note.

use crate::listed::{Source, item};
use crate::offsets::{Offsets, Unit};
use crate::{Draft, Inputs};
use serde_json::Value;
use std::collections::HashMap;

/// Converts a Discovery Engine answer (the whole response, or its
/// `answer`).
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let answer = response.get("answer").unwrap_or(response);
    let text = answer
        .get("answerText")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let references = answer
        .get("references")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let citations = answer.get("citations").and_then(Value::as_array);
    let mut draft = Draft::default();
    draft.answer.push(text);
    let offsets = Offsets::new(text);
    let mut made: HashMap<usize, usize> = HashMap::new();
    for (c, citation) in citations.into_iter().flatten().enumerate() {
        let at = format!("answer.citations[{c}]");
        let Some(range) = span(citation, &offsets) else {
            draft.dropped.push(format!(
                "{}: `{at}`: {}..{} is not a span of the answer ({} bytes long): that citation is left out",
                inputs.response,
                index(citation, "startIndex"),
                index(citation, "endIndex"),
                text.len()
            ));
            continue;
        };
        let sources = citation.get("sources").and_then(Value::as_array);
        for (s, source) in sources.into_iter().flatten().enumerate() {
            let id = source.get("referenceId");
            let reference = id
                .and_then(|id| match id {
                    Value::String(s) => s.trim().parse::<usize>().ok(),
                    other => other.as_u64().map(|n| n as usize),
                })
                .filter(|&r| r < references.len());
            let Some(r) = reference else {
                draft.dropped.push(format!(
                    "{}: `{at}.sources[{s}].referenceId`: {} names no entry of `answer.references` (it has {}): that citation is left out",
                    inputs.response,
                    id.map_or_else(|| "a missing id".to_owned(), Value::to_string),
                    references.len()
                ));
                continue;
            };
            let d = match made.get(&r) {
                Some(&d) => d,
                None => {
                    let d = item(reference_source(&references[r], r), inputs, &mut draft)?;
                    made.insert(r, d);
                    d
                }
            };
            draft.answer.cite_span(range.clone(), d);
        }
    }
    Ok(draft)
}

/// A citation's `startIndex` or `endIndex` (an int64: a string, or a
/// number), as given, for messages.
fn index(citation: &Value, key: &str) -> String {
    match citation.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        // Proto3 JSON leaves a zero out.
        None => "0".to_owned(),
    }
}

/// The byte range of a citation's span: in UTF-8 bytes as documented, or
/// in characters when only they select whole characters of the text.
fn span(citation: &Value, offsets: &Offsets) -> Option<std::ops::Range<usize>> {
    let start: u64 = index(citation, "startIndex").trim().parse().ok()?;
    let end: u64 = index(citation, "endIndex").trim().parse().ok()?;
    offsets
        .byte_range(start, end, Unit::Bytes)
        .or_else(|| offsets.byte_range(start, end, Unit::Chars))
        .filter(|range| !range.is_empty())
}

fn text<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str)
}

/// The source a reference names.
fn reference_source(reference: &Value, r: usize) -> Source<'_> {
    let (info, key) = [
        "chunkInfo",
        "unstructuredDocumentInfo",
        "structuredDocumentInfo",
    ]
    .iter()
    .find_map(|key| Some((reference.get(*key)?, *key)))
    .unwrap_or((reference, ""));
    let meta = info.get("documentMetadata").unwrap_or(info);
    let field = |value: &Value, key: &str| text(value, key).map(str::to_owned);
    let passage = field(info, "content").or_else(|| {
        let chunks = info.get("chunkContents").and_then(Value::as_array)?;
        let parts: Vec<&str> = chunks.iter().filter_map(|c| text(c, "content")).collect();
        Some(parts.join("\n")).filter(|p| !p.is_empty())
    });
    let names: Vec<&str> = ["document", "title"]
        .iter()
        .filter_map(|k| text(meta, k))
        .collect();
    Source {
        url: text(meta, "uri").unwrap_or_default(),
        names,
        title: field(meta, "title"),
        passage,
        at: if key.is_empty() {
            format!("answer.references[{r}]")
        } else {
            format!("answer.references[{r}].{key}")
        },
        ..Source::default()
    }
}
