//! Anthropic Messages API responses: `text` blocks whose `citations` point
//! into documents sent with the request, search results sent with it, web
//! search results and pages fetched by the server tools.
//!
//! | citation | what it points at | becomes |
//! |---|---|---|
//! | `char_location` | characters `start..end` of a document | item `<stem>_c<start>-<end>` |
//! | `page_location` | pages `start..end` (1-based, end exclusive) of a PDF | item `<stem>_p<start>-<end>`, its title followed by the pages (`p. 3`, `pp. 3–4`) |
//! | `content_block_location` | content blocks `start..end` of a custom-content document | item `<stem>_b<start>-<end>` |
//! | `search_result_location` | blocks of a search result sent in the request, by its `source` | a web item (`source` is a URL), or the documents entry whose `key` is `source` |
//! | `web_search_result_location` | a page found by the web search tool | a web item; `page_age`, when a date, is its publication date |
//!
//! Documents are described by `--documents` in the order sent (the API's
//! `document_index`). Pages fetched by the web fetch tool come after them:
//! a `document_index` past the documents file's is a fetched page, in the
//! order of the response's `web_fetch_tool_result` blocks, and becomes a
//! web item (its `retrieved_at` the item's `fetched_at`). A document the
//! API gives no title (`document_title: null`) takes the documents file's
//! `title` or `--title-for <index> TITLE`; without either it is refused.
//! Where several passages of one place are cited (two quotes from one
//! page of a PDF), each is its own item (the place's id and a passage
//! hash).
//!
//! Thinking and tool blocks are not part of the answer; text on either side
//! of a tool block is kept as two paragraphs. Uncited text right before a
//! tool call ("Let me search for…") is the model's narration, kept as an
//! HTML comment so that it is no claim.

use crate::documents::{Location, Passage, pages};
use crate::entities;
use crate::offsets::{CharIndex, char_slice};
use crate::web::WebCite;
use crate::{Draft, Inputs, from_value};
use anyhow::bail;
use serde::Deserialize;
use serde_json::Value;
use std::cell::OnceCell;
use std::collections::HashMap;

/// A `text` content block.
#[derive(Deserialize)]
struct TextBlock {
    text: String,
    #[serde(default)]
    citations: Option<Vec<Value>>,
}

/// A citation of a document: `char_location`, `page_location` or
/// `content_block_location`.
#[derive(Deserialize)]
struct DocumentCitation {
    cited_text: String,
    document_index: usize,
    #[serde(default)]
    document_title: Option<String>,
    #[serde(default)]
    start_char_index: Option<u64>,
    #[serde(default)]
    end_char_index: Option<u64>,
    #[serde(default)]
    start_page_number: Option<u64>,
    #[serde(default)]
    end_page_number: Option<u64>,
    #[serde(default)]
    start_block_index: Option<u64>,
    #[serde(default)]
    end_block_index: Option<u64>,
}

/// A `search_result_location` citation.
#[derive(Deserialize)]
struct SearchResultCitation {
    cited_text: String,
    source: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    start_block_index: Option<u64>,
    #[serde(default)]
    end_block_index: Option<u64>,
}

/// A `web_search_result_location` citation.
#[derive(Deserialize)]
struct WebSearchCitation {
    cited_text: String,
    url: String,
    #[serde(default)]
    title: Option<String>,
}

/// A page the web fetch tool fetched.
struct Fetched {
    url: String,
    title: Option<String>,
    retrieved_at: Option<String>,
    /// The text fetched (not for PDFs, sent as base64).
    text: Option<String>,
    /// The index of `text`, for the character locations of its citations.
    char_index: OnceCell<CharIndex>,
}

/// What the server tools brought into the response.
#[derive(Default)]
struct ToolResults {
    /// Web search results: URL → page age.
    page_age: HashMap<String, String>,
    /// Fetched pages, in order.
    fetched: Vec<Fetched>,
}

impl ToolResults {
    fn collect(blocks: &[Value]) -> ToolResults {
        let mut out = ToolResults::default();
        for block in blocks {
            let content = block.get("content");
            match block.get("type").and_then(Value::as_str) {
                Some("web_search_tool_result") => {
                    for result in content.and_then(Value::as_array).into_iter().flatten() {
                        if let (Some(url), Some(age)) = (
                            result.get("url").and_then(Value::as_str),
                            result.get("page_age").and_then(Value::as_str),
                        ) {
                            out.page_age.insert(url.to_owned(), age.to_owned());
                        }
                    }
                }
                Some("web_fetch_tool_result") => {
                    let Some(result) = content.filter(|c| {
                        c.get("type").and_then(Value::as_str) == Some("web_fetch_result")
                    }) else {
                        continue;
                    };
                    let str_at = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_owned);
                    let document = result.get("content");
                    let source = document.and_then(|d| d.get("source"));
                    let is_text =
                        source.and_then(|s| s.get("type")).and_then(Value::as_str) == Some("text");
                    out.fetched.push(Fetched {
                        url: str_at(result.get("url")).unwrap_or_default(),
                        title: str_at(document.and_then(|d| d.get("title"))),
                        retrieved_at: str_at(result.get("retrieved_at")),
                        text: str_at(source.and_then(|s| s.get("data"))).filter(|_| is_text),
                        char_index: OnceCell::new(),
                    });
                }
                _ => {}
            }
        }
        out
    }
}

/// Converts the content blocks of a Messages API response.
pub(crate) fn convert(blocks: &[Value], inputs: &Inputs) -> anyhow::Result<Draft> {
    let tools = ToolResults::collect(blocks);
    let mut draft = Draft::default();
    for (b, block) in blocks.iter().enumerate() {
        if block.get("type").and_then(Value::as_str) != Some("text") {
            draft.answer.paragraph_break();
            continue;
        }
        let path = format!("content[{b}]");
        let text: TextBlock = from_value(block, &inputs.response, &path)?;
        let cites = text.citations.as_ref().is_some_and(|c| !c.is_empty());
        if !cites && blocks.get(b + 1).is_some_and(is_tool_call) {
            draft.answer.push_narration(&text.text);
            continue;
        }
        let start = draft.answer.text().len();
        draft.answer.push(&text.text);
        let end = draft.answer.text().len();
        for (c, raw) in text.citations.unwrap_or_default().iter().enumerate() {
            let at = format!("{path}.citations[{c}]");
            let Some(cited) = citation(raw, inputs, &tools, &mut draft, &at)? else {
                continue;
            };
            // The block is what the citation supports: each of its
            // paragraphs and list items.
            draft.answer.cite_span(start..end, cited);
        }
    }
    Ok(draft)
}

/// Whether `block` calls a tool (`tool_use`, `server_tool_use`,
/// `mcp_tool_use`): the uncited text before one is the model's narration.
fn is_tool_call(block: &Value) -> bool {
    block
        .get("type")
        .and_then(Value::as_str)
        .is_some_and(|t| t.ends_with("tool_use"))
}

/// Drafts the item of one citation; returns its draft index.
fn citation(
    raw: &Value,
    inputs: &Inputs,
    tools: &ToolResults,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<Option<usize>> {
    let name = &inputs.response;
    match raw.get("type").and_then(Value::as_str) {
        Some(kind @ ("char_location" | "page_location" | "content_block_location")) => {
            let cite: DocumentCitation = from_value(raw, name, at)?;
            document_citation(&cite, kind, inputs, tools, draft, at).map(Some)
        }
        Some("search_result_location") => {
            let cite: SearchResultCitation = from_value(raw, name, at)?;
            search_result(cite, inputs, draft, at).map(Some)
        }
        Some("web_search_result_location") => {
            let cite: WebSearchCitation = from_value(raw, name, at)?;
            let published_at = tools.page_age.get(&cite.url).and_then(|age| page_date(age));
            // Scraped from the page's HTML, with its character references.
            draft.web_or_drop(
                inputs,
                WebCite {
                    url: cite.url,
                    title: cite.title.as_deref().map(entities::decode),
                    passage: Some(entities::decode(&cite.cited_text)),
                    published_at,
                    ..WebCite::default()
                },
                at,
            )
        }
        // A kind newer than this version: skipped with a note naming it.
        other => {
            draft.skip(other);
            Ok(None)
        }
    }
}

/// The location of a document citation: its kind letter and range.
fn location(
    cite: &DocumentCitation,
    kind: &str,
    name: &str,
    at: &str,
) -> anyhow::Result<(char, u64, u64)> {
    let (letter, start, end, fields) = match kind {
        "char_location" => (
            'c',
            cite.start_char_index,
            cite.end_char_index,
            "start_char_index and end_char_index",
        ),
        "page_location" => (
            'p',
            cite.start_page_number,
            cite.end_page_number,
            "start_page_number and end_page_number",
        ),
        _ => (
            'b',
            cite.start_block_index,
            cite.end_block_index,
            "start_block_index and end_block_index",
        ),
    };
    let (Some(start), Some(end)) = (start, end) else {
        bail!("{name}: `{at}`: a {kind} citation needs {fields}");
    };
    if start > end {
        bail!("{name}: `{at}`: the location starts after it ends ({start} > {end})");
    }
    Ok((letter, start, end))
}

/// A citation of a document sent with the request, or of a fetched page.
fn document_citation(
    cite: &DocumentCitation,
    kind: &str,
    inputs: &Inputs,
    tools: &ToolResults,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let name = &inputs.response;
    let (letter, start, end) = location(cite, kind, name, at)?;
    let index = cite.document_index;
    let sent = inputs.documents.as_ref().map_or(0, |docs| docs.len());
    let Some(docs) = inputs.documents.as_ref().filter(|_| index < sent) else {
        if index - sent < tools.fetched.len() {
            return fetched_citation(
                cite,
                letter,
                (start, end),
                index - sent,
                inputs,
                tools,
                draft,
                at,
            );
        }
        match &inputs.documents {
            Some(docs) => bail!(
                "{name}: `{at}.document_index`: document {index} was cited, but {} lists {}{}; list every document sent, in the order sent",
                docs.file,
                evidence_core::display::counted(docs.len(), "document", "documents"),
                fetched_note(tools)
            ),
            None => bail!(
                "{name}: `{at}.document_index`: document {index} was cited: describe the documents sent with the request in a documents file, in the order sent, and pass it with --documents{}",
                fetched_note(tools)
            ),
        }
    };
    docs.located(
        index,
        Location { letter, start, end },
        ("cited_text", &cite.cited_text),
        cite.document_title.as_deref(),
        inputs,
        draft,
        at,
    )
}

/// Says where fetched pages would have been counted, for messages.
fn fetched_note(tools: &ToolResults) -> String {
    match tools.fetched.len() {
        0 => String::new(),
        n => format!(
            " (and the response fetched {}, counted after them)",
            evidence_core::display::counted(n, "page", "pages")
        ),
    }
}

/// A citation of a page fetched by the web fetch tool: the `fetched`-th,
/// unless only another fetched page holds the cited text.
#[allow(clippy::too_many_arguments)]
fn fetched_citation(
    cite: &DocumentCitation,
    letter: char,
    (start, end): (u64, u64),
    fetched: usize,
    inputs: &Inputs,
    tools: &ToolResults,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let holds = |page: &Fetched| {
        page.text
            .as_deref()
            .and_then(|text| char_slice(text, &page.char_index, start, end))
            .is_some_and(|s| s.trim() == cite.cited_text.trim())
    };
    let page = if letter == 'c' && !holds(&tools.fetched[fetched]) {
        tools
            .fetched
            .iter()
            .find(|p| holds(p))
            .unwrap_or(&tools.fetched[fetched])
    } else {
        &tools.fetched[fetched]
    };
    let mut title = page.title.clone().or_else(|| cite.document_title.clone());
    if letter == 'p' {
        title = title.map(|t| format!("{t}, {}", pages(start, end)));
    }
    draft.web(
        inputs,
        WebCite {
            url: page.url.clone(),
            title,
            passage: Some(cite.cited_text.clone()),
            offsets: (letter == 'c').then_some((start, end)),
            fetched_at: page.retrieved_at.clone(),
            ..WebCite::default()
        },
        at,
    )
}

/// A citation of a search result sent with the request.
fn search_result(
    cite: SearchResultCitation,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    if evidence_core::store::is_http_url(cite.source.trim()) {
        return draft.web(
            inputs,
            WebCite {
                url: cite.source,
                title: cite.title,
                passage: Some(cite.cited_text),
                ..WebCite::default()
            },
            at,
        );
    }
    let found = inputs
        .documents
        .as_ref()
        .and_then(|docs| Some((docs, docs.find(&cite.source)?)));
    let Some((docs, index)) = found else {
        bail!(
            "{}: `{at}.source`: the search result {:?} has no http(s) URL as its source; describe it in a documents file with \"key\": {:?} and pass it with --documents",
            inputs.response,
            cite.source,
            cite.source
        );
    };
    let blocks = match (cite.start_block_index, cite.end_block_index) {
        (Some(s), Some(e)) => format!("_r{s}-{e}"),
        _ => String::new(),
    };
    let passage = Passage {
        text: cite.cited_text,
        title: docs.get(index).and_then(|d| d.title.clone()).or(cite.title),
        ..Passage::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(draft.push(docs.item(index, &blocks, passage)))
}

/// A web search result's `page_age` as a publication date, when it is a
/// date (`April 30, 2025`); relative ages (`5 days ago`) say nothing without
/// the day of the search, which the response does not give.
fn page_date(age: &str) -> Option<String> {
    let age = age.trim();
    for format in ["%B %d, %Y", "%b %d, %Y", "%Y-%m-%d", "%d %B %Y"] {
        if let Ok(date) = jiff::civil::Date::strptime(format, age) {
            return Some(format!("{date}T00:00:00Z"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_age_is_a_date_only_when_it_says_one() {
        assert_eq!(
            page_date("April 30, 2025").as_deref(),
            Some("2025-04-30T00:00:00Z")
        );
        assert_eq!(
            page_date("Jul 7, 2025").as_deref(),
            Some("2025-07-07T00:00:00Z")
        );
        assert_eq!(page_date("5 days ago"), None);
        assert_eq!(page_date("1 week ago"), None);
    }
}
