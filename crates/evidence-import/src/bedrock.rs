//! Amazon Bedrock Converse responses: `output.message.content[]`, blocks
//! that are unions named by their one key (`text`, `citationsContent`,
//! `toolUse`, `reasoningContent`, …).
//!
//! A `citationsContent` block holds the cited part of the answer itself
//! (`content[].text`) and the `citations` it rests on, so each citation
//! covers that text: every paragraph or list item of it is marked. A
//! citation's `location` is one of:
//!
//! | location | points at | becomes |
//! |---|---|---|
//! | `documentChar` {`documentIndex`, `start`, `end`} | characters of a document sent | item `<stem>_c<start>-<end>`, checked against the documents file's `text` |
//! | `documentPage` | pages (as Claude counts them: from 1, end exclusive) | item `<stem>_p<start>-<end>`, titled with its pages |
//! | `documentChunk` | chunks of a document | item `<stem>_b<start>-<end>` |
//! | `web` {`url`, `domain`} | a page found by web search | a web item |
//! | `searchResultLocation` {`searchResultIndex`, `start`, `end`} | blocks of a search result sent, named by the citation's `source` | a web item (`source` a URL), else the documents entry whose `key` is `source` |
//!
//! A citation with another location (`s3Location`, or one newer than this
//! version) or none is skipped with a note naming it; the others import.
//!
//! The quoted passage is `sourceContent[].text`; the citation's `title` is
//! the document's name as sent (used when the documents file gives no
//! title). Reasoning blocks are not part of the answer; text on either side
//! of a tool block stays two paragraphs, and a `text` block right before a
//! `toolUse` is the model's narration, kept as an HTML comment.

use crate::documents::Location;
use crate::web::WebCite;
use crate::{Draft, Inputs, from_value};
use anyhow::bail;
use serde::Deserialize;
use serde_json::Value;

/// The keys a Converse content block (a union) may have.
pub(crate) const BLOCK_KEYS: &[&str] = &[
    "text",
    "citationsContent",
    "toolUse",
    "toolResult",
    "reasoningContent",
    "image",
    "document",
    "video",
    "audio",
    "guardContent",
    "cachePoint",
    "searchResult",
];

/// The citation locations this version reads; others are skipped.
const LOCATIONS: &[&str] = &[
    "documentChar",
    "documentPage",
    "documentChunk",
    "web",
    "searchResultLocation",
];

/// A citation of a `citationsContent` block.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Citation {
    #[serde(default)]
    location: Option<Value>,
    #[serde(default)]
    source_content: Vec<Text>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    source: Option<String>,
}

/// `{"text": …}`, in `content` and `sourceContent`.
#[derive(Deserialize)]
struct Text {
    #[serde(default)]
    text: String,
}

/// A document location: `documentChar`, `documentPage`, `documentChunk`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DocumentLocation {
    document_index: usize,
    start: u64,
    end: u64,
}

/// How to get a position for a `citationsContent` block without text.
const UNPLACED_HINT: &str = "Bedrock puts the cited text in `citationsContent.content[].text`: keep it in the saved response";

/// Converts the content blocks of a Converse response's message.
pub(crate) fn convert(blocks: &[Value], inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    for (b, block) in blocks.iter().enumerate() {
        let path = format!("output.message.content[{b}]");
        if let Some(text) = block.get("text") {
            let Some(text) = text.as_str() else {
                bail!("{}: `{path}.text`: expected a string", inputs.response);
            };
            if blocks
                .get(b + 1)
                .is_some_and(|next| next.get("toolUse").is_some())
            {
                draft.answer.push_narration(text);
            } else {
                draft.answer.push(text);
            }
        } else if let Some(cited) = block.get("citationsContent") {
            cited_block(
                cited,
                inputs,
                &mut draft,
                &format!("{path}.citationsContent"),
            )?;
        } else if block.get("reasoningContent").is_none() && block.get("cachePoint").is_none() {
            draft.answer.paragraph_break();
        }
    }
    Ok(draft)
}

/// A `citationsContent` block: its text, cited by each of its citations.
fn cited_block(
    block: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    path: &str,
) -> anyhow::Result<()> {
    let content: Vec<Text> = match block.get("content") {
        Some(content) => from_value(content, &inputs.response, &format!("{path}.content"))?,
        None => Vec::new(),
    };
    let start = draft.answer.text().len();
    for part in &content {
        draft.answer.push(&part.text);
    }
    let end = draft.answer.text().len();
    let citations: Vec<Value> = match block.get("citations") {
        Some(c) => from_value(c, &inputs.response, &format!("{path}.citations"))?,
        None => Vec::new(),
    };
    for (c, raw) in citations.iter().enumerate() {
        let at = format!("{path}.citations[{c}]");
        let Some(d) = citation(raw, inputs, draft, &at)? else {
            continue;
        };
        if start < end {
            draft.answer.cite_span(start..end, d);
        } else {
            draft.answer.list_unplaced(d);
            draft.unplaced_hint = Some(UNPLACED_HINT);
        }
    }
    Ok(())
}

/// Drafts the item of one citation; returns its draft index, or `None`
/// for a location this version does not read (skipped with a note).
fn citation(
    raw: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<Option<usize>> {
    let name = &inputs.response;
    let mut cite: Citation = from_value(raw, name, at)?;
    let quoted: Vec<&str> = cite
        .source_content
        .iter()
        .map(|t| t.text.as_str())
        .collect();
    let quoted = quoted.join("\n");
    let location = cite.location.take();
    // A union named by its one key; a key this version does not know (a
    // newer location) skips this citation only.
    let Some((kind, fields)) = location
        .as_ref()
        .and_then(Value::as_object)
        .and_then(|l| l.iter().find(|(k, _)| LOCATIONS.contains(&k.as_str())))
    else {
        let kinds: Vec<&str> = location
            .as_ref()
            .and_then(Value::as_object)
            .map(|l| l.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let kind = match kinds.as_slice() {
            [] => "(no location)".to_owned(),
            kinds => format!("location {}", kinds.join(", ")),
        };
        draft.skip(Some(&kind));
        return Ok(None);
    };
    let where_ = format!("{at}.location.{kind}");
    let letter = match kind.as_str() {
        "documentChar" => 'c',
        "documentPage" => 'p',
        "documentChunk" => 'b',
        "web" => return web(fields, cite, quoted, inputs, draft, &where_).map(Some),
        _ => return search_result(cite, quoted, inputs, draft, at).map(Some),
    };
    let loc: DocumentLocation = from_value(fields, name, &where_)?;
    if loc.start > loc.end {
        bail!(
            "{name}: `{where_}`: the location starts after it ends ({} > {})",
            loc.start,
            loc.end
        );
    }
    let index = loc.document_index;
    let Some(docs) = inputs.documents.as_ref().filter(|d| index < d.len()) else {
        match &inputs.documents {
            Some(docs) => bail!(
                "{name}: `{where_}.documentIndex`: document {index} was cited, but {} lists {}; list every document sent, in the order sent",
                docs.file,
                evidence_core::display::counted(docs.len(), "document", "documents")
            ),
            None => bail!(
                "{name}: `{where_}.documentIndex`: document {index} was cited: describe the documents sent with the request in a documents file, in the order sent, and pass it with --documents"
            ),
        }
    };
    let location = Location {
        letter,
        start: loc.start,
        end: loc.end,
    };
    docs.located(
        index,
        location,
        ("sourceContent", &quoted),
        cite.title.as_deref(),
        inputs,
        draft,
        &where_,
    )
    .map(Some)
}

/// A `web` location: the page found by a web search.
fn web(
    fields: &Value,
    cite: Citation,
    quoted: String,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let url = fields
        .get("url")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if url.trim().is_empty() {
        bail!(
            "{}: `{at}.url`: a web citation without a URL (found {}); Bedrock has been seen to send an empty `web` location for a citation of a document: cite documents with citations enabled and save the response again",
            inputs.response,
            fields
        );
    }
    draft.web(
        inputs,
        WebCite {
            url: url.to_owned(),
            title: cite.title,
            passage: Some(quoted).filter(|q| !q.trim().is_empty()),
            ..WebCite::default()
        },
        at,
    )
}

/// A `searchResultLocation`: a search result sent with the request, named
/// by the citation's `source`.
fn search_result(
    cite: Citation,
    quoted: String,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let source = cite.source.clone().unwrap_or_default();
    if evidence_core::store::is_http_url(source.trim()) {
        return draft.web(
            inputs,
            WebCite {
                url: source,
                title: cite.title,
                passage: Some(quoted),
                ..WebCite::default()
            },
            at,
        );
    }
    let found = inputs
        .documents
        .as_ref()
        .and_then(|docs| Some((docs, docs.find(&source)?)));
    let Some((docs, index)) = found else {
        bail!(
            "{}: `{at}.source`: the search result {source:?} has no http(s) URL as its source; describe it in a documents file with \"key\": {source:?} and pass it with --documents",
            inputs.response
        );
    };
    let passage = crate::documents::Passage {
        text: quoted,
        title: docs.get(index).and_then(|d| d.title.clone()).or(cite.title),
        ..Default::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(draft.push(docs.item(index, "", passage)))
}
