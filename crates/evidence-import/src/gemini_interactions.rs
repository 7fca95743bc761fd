//! Gemini Interactions API responses: `steps[]` (the current shape: a
//! `model_output` step's `content[]` holds the answer's `text` blocks) or
//! `outputs[]` (the earlier one: `text` items among the others).
//!
//! A text block's `annotations[]` place its citations, `start_index` and
//! `end_index` in **UTF-8 bytes** of the block (end exclusive, as the API
//! documents them):
//! - `url_citation` (`url`, `title`) becomes a web item, titled from a
//!   `google_search_result` of the same URL when it has none;
//! - `place_citation` (`url`, `name`) becomes a web item;
//! - `file_citation` (`document_uri`, `file_name`, `source`,
//!   `page_number`) becomes a web item when `document_uri` is an http(s)
//!   URL, else the documents file entry whose `key` is its file name, URI
//!   or source (the page, when given, in its id and title).
//!
//! An annotation without offsets marks no sentence. Thoughts are not part of
//! the answer; tool calls and results separate paragraphs, and uncited text
//! right before a tool call is the model's narration, kept as a comment.

use crate::documents::Location;
use crate::offsets::{Offsets, Unit};
use crate::web::WebCite;
use crate::{Draft, Inputs};
use anyhow::bail;
use serde_json::Value;
use std::collections::HashMap;

/// How to get positions the response lacks.
const UNPLACED_HINT: &str = "the Interactions API places an annotation by its `start_index` and `end_index`: keep them in the saved response";

/// A text block and where it is, for messages.
struct Block<'v> {
    value: &'v Value,
    path: String,
    /// Whether a tool call follows it.
    before_call: bool,
}

/// Converts an interaction (`steps` or `outputs`).
pub(crate) fn convert(interaction: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    let mut titles: HashMap<&str, &str> = HashMap::new();
    let mut blocks: Vec<Option<Block>> = Vec::new();
    let (key, items) = match interaction.get("steps").and_then(Value::as_array) {
        Some(steps) => ("steps", steps.as_slice()),
        None => (
            "outputs",
            interaction
                .get("outputs")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice),
        ),
    };
    for (i, item) in items.iter().enumerate() {
        let kind = item.get("type").and_then(Value::as_str).unwrap_or_default();
        for result in item
            .get("result")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let (Some(url), Some(title)) = (
                result.get("url").and_then(Value::as_str),
                result.get("title").and_then(Value::as_str),
            ) {
                titles.insert(url, title);
            }
        }
        match kind {
            "text" => blocks.push(Some(Block {
                value: item,
                path: format!("{key}[{i}]"),
                before_call: false,
            })),
            "model_output" => {
                let content = item.get("content").and_then(Value::as_array);
                for (c, block) in content.into_iter().flatten().enumerate() {
                    if block.get("type").and_then(Value::as_str) == Some("text") {
                        blocks.push(Some(Block {
                            value: block,
                            path: format!("{key}[{i}].content[{c}]"),
                            before_call: false,
                        }));
                    }
                }
            }
            "thought" => {}
            _ => {
                if kind.ends_with("_call")
                    && let Some(Some(last)) = blocks.last_mut()
                {
                    last.before_call = true;
                }
                blocks.push(None);
            }
        }
    }
    for block in blocks {
        match block {
            Some(block) => text_block(&block, &titles, inputs, &mut draft)?,
            None => draft.answer.paragraph_break(),
        }
    }
    Ok(draft)
}

/// One text block and its annotations.
fn text_block(
    block: &Block,
    titles: &HashMap<&str, &str>,
    inputs: &Inputs,
    draft: &mut Draft,
) -> anyhow::Result<()> {
    let name = &inputs.response;
    let Some(text) = block.value.get("text").and_then(Value::as_str) else {
        bail!("{name}: `{}.text`: expected a string", block.path);
    };
    let annotations = block.value.get("annotations").and_then(Value::as_array);
    let annotations = annotations.map_or(&[][..], Vec::as_slice);
    if annotations.is_empty() && block.before_call {
        draft.answer.push_narration(text);
        return Ok(());
    }
    let base = draft.answer.text().len();
    draft.answer.push(text);
    let offsets = Offsets::new(text);
    for (a, annotation) in annotations.iter().enumerate() {
        let at = format!("{}.annotations[{a}]", block.path);
        let Some(d) = annotation_item(annotation, titles, inputs, draft, &at)? else {
            continue;
        };
        let start = annotation.get("start_index").and_then(Value::as_u64);
        let end = annotation.get("end_index").and_then(Value::as_u64);
        match (start, end) {
            (start, Some(end)) => {
                let (range, _) = offsets
                    .locate(start.unwrap_or(0), end, Unit::Bytes, None)
                    .map_err(|err| anyhow::anyhow!("{name}: `{at}`: {err}"))?;
                draft
                    .answer
                    .cite_span(base + range.start..base + range.end, d);
            }
            _ => {
                draft.answer.list_unplaced(d);
                draft.unplaced_hint = Some(UNPLACED_HINT);
            }
        }
    }
    Ok(())
}

/// Drafts the item of one annotation.
fn annotation_item(
    annotation: &Value,
    titles: &HashMap<&str, &str>,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<Option<usize>> {
    let name = &inputs.response;
    let field = |key: &str| annotation.get(key).and_then(Value::as_str);
    match field("type") {
        Some(kind @ ("url_citation" | "place_citation")) => {
            let Some(url) = field("url").filter(|u| !u.trim().is_empty()) else {
                bail!("{name}: `{at}.url`: a {kind} without a URL");
            };
            let title = field("title")
                .or_else(|| field("name"))
                .or_else(|| titles.get(url).copied());
            draft.web_or_drop(
                inputs,
                WebCite {
                    url: url.to_owned(),
                    title: title.map(str::to_owned),
                    ..WebCite::default()
                },
                at,
            )
        }
        Some("file_citation") => file_citation(annotation, inputs, draft, at).map(Some),
        // A kind newer than this version: skipped with a note naming it.
        other => {
            draft.skip(other);
            Ok(None)
        }
    }
}

/// A `file_citation`: a page when its URI is one, else a documents entry.
fn file_citation(
    annotation: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let field = |key: &str| annotation.get(key).and_then(Value::as_str);
    let uri = field("document_uri").unwrap_or_default();
    if evidence_core::store::is_http_url(uri.trim()) {
        return draft.web(
            inputs,
            WebCite {
                url: uri.to_owned(),
                title: field("file_name").map(str::to_owned),
                ..WebCite::default()
            },
            at,
        );
    }
    let names: Vec<&str> = ["file_name", "document_uri", "source"]
        .iter()
        .filter_map(|k| field(k))
        .collect();
    let found = crate::documents::Documents::find_any(inputs.documents.as_ref(), &names);
    let Some((docs, index)) = found else {
        bail!(
            "{}: `{at}`: the cited file {:?} has no http(s) URI; describe it in a documents file with \"key\": {:?} and pass it with --documents",
            inputs.response,
            names.first().copied().unwrap_or("(unnamed)"),
            names.first().copied().unwrap_or("…")
        );
    };
    match annotation.get("page_number").and_then(Value::as_u64) {
        Some(page) => docs.located(
            index,
            Location {
                letter: 'p',
                start: page,
                end: page + 1,
            },
            ("source", ""),
            field("file_name"),
            inputs,
            draft,
            at,
        ),
        None => {
            let passage = crate::documents::Passage {
                title: docs.get(index).and_then(|d| d.title.clone()),
                document_title: field("file_name").map(str::to_owned),
                ..Default::default()
            };
            docs.register(index, &mut draft.sources)?;
            Ok(draft.push(docs.item(index, "", passage)))
        }
    }
}
