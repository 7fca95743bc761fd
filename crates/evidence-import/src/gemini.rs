//! Google Gemini `generateContent` responses: a candidate's
//! `groundingMetadata` (and `citationMetadata`).
//!
//! `groundingSupports[]` say which `segment` of the answer (`startIndex`,
//! `endIndex` in **UTF-8 bytes** of the part `partIndex`, as the API's
//! `Segment` documents them; `startIndex` 0 is omitted) rests on which
//! `groundingChunks[]`:
//! - a `web` chunk (`uri`, `title`) becomes a web item. Google Search
//!   grounding gives `vertexaisearch.cloud.google.com/grounding-api-redirect/…`
//!   URLs, which only redirect to the page: they are kept as given and
//!   tagged `redirect-url`, and the chunk's `title` (the site's domain)
//!   names the site (`web:<domain>`);
//! - a `retrievedContext` chunk (file search, RAG) with an http(s) `uri`
//!   becomes a web item quoting its `text`; without one, the documents file
//!   entry whose `key` is its title or URI (or document name);
//! - a `maps` chunk (`uri`, `title`) becomes a web item.
//!
//! A segment that gives its `text` is checked against the answer (and read
//! in characters or UTF-16 units instead if only those select it, or where
//! the text stands verbatim a byte or two beside its offsets). A support
//! whose segment is not in the answer, or that names a chunk the response
//! lacks (a URL-context page that failed to load), is left out with a note;
//! so is a chunk whose URL is no address, and a chunk of a kind this
//! version does not know is skipped, named in a note. A chunk
//! no support points at marks no sentence (the response does not say
//! where it is used): it is listed in the chapter's citation list only,
//! and a response all of whose chunks are such is refused. Parts marked
//! `thought` are not part of the answer.

use crate::documents::Passage;
use crate::offsets::{Offsets, Unit};
use crate::web::WebCite;
use crate::{Draft, Inputs};
use anyhow::bail;
use serde_json::Value;
use std::collections::HashMap;

/// The host of Google Search grounding's redirect URLs.
const REDIRECT_HOST: &str = "vertexaisearch.cloud.google.com";

/// How to get the positions a chunk no support points at lacks.
const UNPLACED_HINT: &str = "the positions are `groundingSupports` naming the chunk in `groundingChunkIndices`: keep them in the saved response (Google Search and file search grounding give them)";

/// A segment whose offsets miss its `text` by a byte or two (URL-context
/// grounding was seen off by one) where the text stands verbatim beside
/// them: that occurrence, the nearest.
fn beside(text: &str, start: u64, expected: Option<&str>) -> Option<std::ops::Range<usize>> {
    let expected = expected.filter(|e| !e.trim().is_empty())?;
    let start = usize::try_from(start).ok()?;
    text.match_indices(expected)
        .map(|(at, _)| at)
        .filter(|&at| at.abs_diff(start) <= 2)
        .min_by_key(|&at| at.abs_diff(start))
        .map(|at| at..at + expected.len())
}

/// Converts a candidate.
pub(crate) fn convert(candidate: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    let parts = candidate
        .pointer("/content/parts")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    // Where each part's text starts in the answer (None: not part of it).
    let mut starts: Vec<Option<usize>> = Vec::with_capacity(parts.len());
    for part in parts {
        let text = part.get("text").and_then(Value::as_str);
        if part.get("thought").and_then(Value::as_bool) == Some(true) || text.is_none() {
            starts.push(None);
            continue;
        }
        starts.push(Some(draft.answer.text().len()));
        draft.answer.push(text.unwrap_or_default());
    }
    let answer = draft.answer.text().to_owned();
    // Each part's start and text with its offsets, made once: a response
    // may give thousands of supports into one part.
    let mut texts: Vec<Option<(usize, Offsets<'_>)>> = Vec::with_capacity(starts.len());
    let mut end = answer.len();
    for start in starts.iter().rev() {
        texts.push(start.map(|start| (start, Offsets::new(&answer[start..end]))));
        end = start.unwrap_or(end);
    }
    texts.reverse();
    let part_text = |index: usize| -> Option<(usize, &Offsets<'_>)> {
        texts
            .get(index)?
            .as_ref()
            .map(|(start, offsets)| (*start, offsets))
    };
    let metadata = candidate.get("groundingMetadata");
    let chunks = metadata
        .and_then(|m| m.get("groundingChunks"))
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let supports = metadata
        .and_then(|m| m.get("groundingSupports"))
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut item_of_chunk: HashMap<usize, Option<usize>> = HashMap::new();
    let name = &inputs.response;
    for (s, support) in supports.iter().enumerate() {
        let at = format!("groundingMetadata.groundingSupports[{s}]");
        let segment = support.get("segment");
        let number = |key: &str| segment.and_then(|g| g.get(key)).and_then(Value::as_u64);
        let part = number("partIndex").unwrap_or(0) as usize;
        let Some((base, text)) = part_text(part) else {
            bail!("{name}: `{at}.segment.partIndex`: the candidate has no text part {part}");
        };
        let expected = segment.and_then(|g| g.get("text")).and_then(Value::as_str);
        let (start, end) = (
            number("startIndex").unwrap_or(0),
            number("endIndex").unwrap_or(0),
        );
        let range = match text.locate(start, end, Unit::Bytes, expected) {
            Ok((range, _)) => range,
            Err(err) => match beside(text.text(), start, expected) {
                Some(range) => range,
                None => {
                    // One bad support never refuses the answer.
                    draft.dropped.push(format!(
                        "{name}: `{at}.segment`: {err}: that support is left out"
                    ));
                    continue;
                }
            },
        };
        let indices = support
            .get("groundingChunkIndices")
            .and_then(Value::as_array);
        for (i, index) in indices.into_iter().flatten().enumerate() {
            let Some(index) = index
                .as_u64()
                .map(|i| i as usize)
                .filter(|&i| i < chunks.len())
            else {
                // A source that failed to load (URL context) leaves its
                // supports pointing at no chunk: the rest is grounded.
                draft.dropped.push(format!(
                    "{name}: `{at}.groundingChunkIndices[{i}]`: {index} is not the index of one of the {} grounding chunks{}, so the words it supports are left unmarked by it",
                    chunks.len(),
                    failed_urls(metadata_root(candidate))
                ));
                continue;
            };
            let Some(d) = chunk_item(chunks, index, inputs, &mut draft, &mut item_of_chunk)? else {
                continue;
            };
            draft
                .answer
                .cite_span(base + range.start..base + range.end, d);
        }
    }
    // Chunks no support points at: the response says they were used, not
    // where; listed, marking nothing.
    for index in 0..chunks.len() {
        if !item_of_chunk.contains_key(&index)
            && let Some(d) = chunk_item(chunks, index, inputs, &mut draft, &mut item_of_chunk)?
        {
            draft.answer.list_unplaced(d);
        }
    }
    if draft.answer.unplaced() > 0 {
        draft.unplaced_hint = Some(UNPLACED_HINT);
    }
    citation_metadata(candidate, &part_text, inputs, &mut draft)?;
    Ok(draft)
}

/// The draft of grounding chunk `index`, made once.
fn chunk_item(
    chunks: &[Value],
    index: usize,
    inputs: &Inputs,
    draft: &mut Draft,
    made: &mut HashMap<usize, Option<usize>>,
) -> anyhow::Result<Option<usize>> {
    if let Some(&d) = made.get(&index) {
        return Ok(d);
    }
    let at = format!("groundingMetadata.groundingChunks[{index}]");
    let chunk = &chunks[index];
    let text = |v: Option<&Value>, key: &str| {
        v.and_then(|v| v.get(key))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let d = if let Some(web) = chunk.get("web").or_else(|| chunk.get("maps")) {
        let url = text(Some(web), "uri").unwrap_or_default();
        let title = text(Some(web), "title");
        let redirect = url::Url::parse(&url)
            .ok()
            .is_some_and(|u| u.host_str() == Some(REDIRECT_HOST));
        draft.web_or_drop(
            inputs,
            WebCite {
                site: redirect
                    .then(|| text(Some(web), "domain").or_else(|| title.clone()))
                    .flatten(),
                url,
                title,
                redirect,
                ..WebCite::default()
            },
            &at,
        )?
    } else if let Some(context) = chunk.get("retrievedContext") {
        retrieved(context, inputs, draft, &at)?
    } else {
        // A kind newer than this version: skipped with a note naming it.
        let kind = chunk
            .as_object()
            .and_then(|o| o.keys().next())
            .map(|k| format!("groundingChunks[].{k}"));
        draft.skip(kind.as_deref());
        None
    };
    made.insert(index, d);
    Ok(d)
}

/// A retrieved context (file search, RAG): a web page when it has an
/// http(s) URI, else a document of the documents file.
fn retrieved(
    context: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<Option<usize>> {
    let field = |key: &str| context.get(key).and_then(Value::as_str);
    let passage = field("text")
        .or_else(|| context.pointer("/ragChunk/text").and_then(Value::as_str))
        .map(str::to_owned);
    let uri = field("uri").unwrap_or_default();
    if evidence_core::store::is_http_url(uri) {
        return draft.web_or_drop(
            inputs,
            WebCite {
                url: uri.to_owned(),
                title: field("title").map(str::to_owned),
                passage,
                ..WebCite::default()
            },
            at,
        );
    }
    // File search names its store and document; Gemini 3 may give only
    // those (and `customMetadata`), with an empty title.
    let names: Vec<&str> = ["title", "uri", "documentName", "fileSearchStore"]
        .iter()
        .filter_map(|key| field(key))
        .filter(|name| !name.trim().is_empty())
        .collect();
    let found = crate::documents::Documents::find_any(inputs.documents.as_ref(), &names);
    let Some((docs, index)) = found else {
        let Some(key) = names.first() else {
            bail!(
                "{}: `{at}.retrievedContext`: the retrieved document has no http(s) URL and no name (`title`, `uri`, `documentName` or `fileSearchStore`) a documents file could describe it by; keep them in the saved response",
                inputs.response
            );
        };
        let others = if names.len() > 1 {
            format!(" (or any of {names:?})")
        } else {
            String::new()
        };
        bail!(
            "{}: `{at}.retrievedContext`: the retrieved document {key:?} has no http(s) URL; describe it in a documents file with \"key\": {key:?}{others} and pass it with --documents",
            inputs.response
        );
    };
    let passage = Passage {
        text: passage.unwrap_or_default(),
        title: docs
            .get(index)
            .and_then(|d| d.title.clone())
            .or(field("title").map(str::to_owned)),
        ..Passage::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(Some(draft.push(docs.item(index, "", passage))))
}

/// Where the candidate keeps the URL context's retrieval statuses.
fn metadata_root(candidate: &Value) -> Option<&Value> {
    candidate.get("urlContextMetadata")
}

/// `, the URLs that failed to load: …` when URL context says so.
fn failed_urls(metadata: Option<&Value>) -> String {
    let failed: Vec<&str> = metadata
        .and_then(|m| m.get("urlMetadata"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|m| {
            m.get("urlRetrievalStatus")
                .and_then(Value::as_str)
                .is_some_and(|s| s != "URL_RETRIEVAL_STATUS_SUCCESS")
        })
        .filter_map(|m| m.get("retrievedUrl").and_then(Value::as_str))
        .take(5)
        .collect();
    if failed.is_empty() {
        String::new()
    } else {
        format!(" (URLs that failed to load: {})", failed.join(", "))
    }
}

/// `citationMetadata.citations`: sources the answer recites, each with its
/// span (UTF-8 bytes, as segments).
fn citation_metadata<'t>(
    candidate: &Value,
    part_text: &dyn Fn(usize) -> Option<(usize, &'t Offsets<'t>)>,
    inputs: &Inputs,
    draft: &mut Draft,
) -> anyhow::Result<()> {
    let citations = candidate
        .pointer("/citationMetadata/citations")
        .or_else(|| candidate.pointer("/citationMetadata/citationSources"))
        .and_then(Value::as_array);
    let Some((base, offsets)) = part_text(0) else {
        return Ok(());
    };
    let text = offsets.text();
    for (c, citation) in citations.into_iter().flatten().enumerate() {
        let at = format!("citationMetadata.citations[{c}]");
        let Some(uri) = citation.get("uri").and_then(Value::as_str) else {
            let title = citation.get("title").and_then(Value::as_str);
            bail!(
                "{}: `{at}`: a citation without a `uri`{} names no page to link or check; remove it from the saved response to import the rest (a work recited without an address is no evidence)",
                inputs.response,
                title.map(|t| format!(" ({t:?})")).unwrap_or_default()
            );
        };
        let end = citation
            .get("endIndex")
            .and_then(Value::as_u64)
            .unwrap_or(text.len() as u64);
        let Some(offset) = offsets.to_byte(end, Unit::Bytes) else {
            bail!(
                "{}: `{at}.endIndex`: {end} is past the end of the answer ({} UTF-8 bytes) or inside a character",
                inputs.response,
                text.len()
            );
        };
        let date = citation.get("publicationDate").and_then(|d| {
            let n = |k: &str| d.get(k).and_then(Value::as_u64);
            Some(format!(
                "{:04}-{:02}-{:02}",
                n("year")?,
                n("month")?,
                n("day")?
            ))
        });
        let Some(d) = draft.web_or_drop(
            inputs,
            WebCite {
                url: uri.to_owned(),
                title: citation
                    .get("title")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                published_at: date,
                ..WebCite::default()
            },
            &at,
        )?
        else {
            continue;
        };
        draft.answer.cite_at(base + offset, d);
    }
    Ok(())
}
