//! `mdbook-evidence import anthropic`: an Anthropic Messages API response
//! whose text blocks carry `citations`, plus the documents that were sent,
//! become a chapter with `[N]` markers and an `evidence.v1` store fragment.
//!
//! # The documents file
//!
//! The API's citations point at documents by position (`document_index`)
//! and know nothing of where a document came from, so the documents that
//! were sent are described in a JSON file, in the order they were sent:
//!
//! ```json
//! {"documents": [
//!   {"id": "ev_fomc", "source_id": "fed_press_releases", "publisher": "Federal Reserve",
//!    "tier": 1, "paywall_policy": "full",
//!    "url": "https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm",
//!    "title": "FOMC statement", "published_at": "2026-02-10T19:00:00Z",
//!    "fetched_at": "2026-02-10T19:04:12Z", "doc_id": "doc_3d4b", "tags": ["policy_centralbank"],
//!    "text": "The plain text that was sent as the document's source.data"}
//! ]}
//! ```
//!
//! `source_id`, `publisher`, `tier` (1–4), `url` (absolute http or https)
//! and `published_at` (RFC 3339) are required: a citation without them is refused, as are API
//! citations without them. `id` (the stem of the evidence ids, default
//! `ev_doc<index>`), `paywall_policy` (`full` by default, or
//! `metadata_only`), `title` (else the API's `document_title` stands in),
//! `fetched_at`, `doc_id`, `tags` and `text` are optional. With `text`,
//! every `char_location` citation is checked against it.
//!
//! # What is made of a citation
//!
//! Each distinct cited passage (document and location) becomes one item,
//! numbered in order of first citation, with id
//! `<stem>_c<start>-<end>` (characters), `_p<start>-<end>` (pages) or
//! `_b<start>-<end>` (content blocks). The fragment registers the sources
//! of the cited documents unless asked not to (`--no-sources`, for a book
//! whose store registers them already). For a full-text source an item keeps the
//! API's `cited_text`, a `quote_span` (with character offsets for
//! `char_location`) and a `source_span` (`char_location` only); for a
//! `metadata_only` source it keeps no quote: the cited text becomes the
//! `snippet_span` (a paywalled source keeps no quote). Each cited text block of the answer is
//! followed by its `[N]` markers.

use super::{read_json, write_together};
use crate::store::{PaywallPolicy, char_slice, is_valid_id, parse_rfc3339};
use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// What to import and where to write it.
#[derive(Debug, Clone)]
pub struct Options<'a> {
    /// The Messages API response (JSON).
    pub response: &'a Path,
    /// The documents file (see the [module docs](self)).
    pub documents: &'a Path,
    /// Where to write the chapter.
    pub chapter: &'a Path,
    /// Where to write the store fragment.
    pub store: &'a Path,
    /// The chapter's key in the store's `chapters` map; by default its path
    /// after `src/` (see [`super::chapter_key_for`]).
    pub chapter_key: Option<String>,
    /// A level-1 heading for the chapter.
    pub title: Option<String>,
    /// Whether the fragment registers the sources of the cited documents
    /// (leave them out when the book's store already registers them: a
    /// source id may be defined only once in a store).
    pub sources: bool,
}

/// What an import produced.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The chapter's markdown.
    pub chapter: String,
    /// The store fragment (`evidence.v1` JSON).
    pub store: String,
    /// How many citations the response carries.
    pub citations: usize,
    /// How many distinct items they became.
    pub items: usize,
}

/// Reads the response and the documents, converts them, and writes the
/// chapter and the store fragment (nothing is written unless both could be
/// built).
pub fn import(options: &Options<'_>) -> anyhow::Result<Imported> {
    let response: Response = read_json(options.response, "response")?;
    let documents: DocumentsFile = read_json(options.documents, "documents file")?;
    let key = options
        .chapter_key
        .clone()
        .unwrap_or_else(|| super::chapter_key_for(options.chapter));
    let imported = convert(
        &response,
        &documents,
        &key,
        options.title.as_deref(),
        options.sources,
        &Names {
            response: &options.response.display().to_string(),
            documents: &options.documents.display().to_string(),
        },
    )?;
    write_together(&[
        (options.chapter, &imported.chapter),
        (options.store, &imported.store),
    ])?;
    Ok(imported)
}

/// File names for messages.
struct Names<'a> {
    response: &'a str,
    documents: &'a str,
}

/// A Messages API response: only `content` is read.
#[derive(Deserialize)]
struct Response {
    content: Vec<serde_json::Value>,
}

/// A `text` content block.
#[derive(Deserialize)]
struct TextBlock {
    text: String,
    #[serde(default)]
    citations: Option<Vec<serde_json::Value>>,
}

/// A citation of a document sent with the request: `char_location`,
/// `page_location` or `content_block_location`.
#[derive(Deserialize)]
struct Citation {
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

#[derive(Deserialize)]
struct DocumentsFile {
    documents: Vec<Document>,
}

/// A document that was sent, with its source metadata.
#[derive(Deserialize)]
struct Document {
    #[serde(default)]
    id: Option<String>,
    source_id: String,
    publisher: String,
    tier: u8,
    #[serde(default)]
    paywall_policy: PaywallPolicy,
    url: String,
    #[serde(default)]
    title: Option<String>,
    published_at: String,
    #[serde(default)]
    fetched_at: Option<String>,
    #[serde(default)]
    doc_id: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    text: Option<String>,
}

/// The store fragment, as written.
#[derive(Serialize)]
struct StoreOut<'a> {
    schema_version: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sources: Vec<SourceOut<'a>>,
    evidence: Vec<ItemOut<'a>>,
    chapters: BTreeMap<&'a str, Vec<String>>,
}

#[derive(Serialize, PartialEq)]
struct SourceOut<'a> {
    source_id: &'a str,
    publisher: &'a str,
    tier: u8,
    paywall_policy: &'static str,
}

#[derive(Serialize)]
struct ItemOut<'a> {
    id: String,
    source_id: &'a str,
    publisher: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    doc_id: Option<&'a str>,
    url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    document_title: Option<String>,
    published_at: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    fetched_at: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cited_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source_span: Option<[u64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quote_span: Option<QuoteOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    snippet_span: Option<SnippetOut>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    tags: &'a [String],
}

#[derive(Serialize)]
struct QuoteOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<u64>,
    text: String,
}

#[derive(Serialize)]
struct SnippetOut {
    text: String,
}

/// Where a citation points: the document, the kind of location (`c`
/// characters, `p` pages, `b` content blocks) and the range.
type Location = (usize, char, u64, u64);

fn convert(
    response: &Response,
    documents: &DocumentsFile,
    chapter_key: &str,
    title: Option<&str>,
    with_sources: bool,
    names: &Names<'_>,
) -> anyhow::Result<Imported> {
    let docs = &documents.documents;
    check_documents(docs, names.documents)?;
    let mut sources = sources_of(docs, names.documents)?;

    let mut chapter = String::new();
    if let Some(title) = title {
        chapter.push_str("# ");
        chapter.push_str(title);
        chapter.push_str("\n\n");
    }
    let mut items: Vec<ItemOut<'_>> = Vec::new();
    let mut number_of: HashMap<Location, usize> = HashMap::new();
    let mut citations = 0;
    for (b, block) in response.content.iter().enumerate() {
        if block.get("type").and_then(serde_json::Value::as_str) != Some("text") {
            // Thinking, tool use and the like are not part of the answer.
            continue;
        }
        let path = format!("content[{b}]");
        let block: TextBlock = from_value(block, names.response, &path)?;
        let text = escape_markers(&block.text);
        let cites = block.citations.unwrap_or_default();
        if cites.is_empty() {
            chapter.push_str(&text);
            continue;
        }
        let body = text.trim_end();
        chapter.push_str(body);
        let mut markers: Vec<usize> = Vec::new();
        for (c, raw) in cites.iter().enumerate() {
            let path = format!("{path}.citations[{c}]");
            let (location, item) = citation_item(raw, docs, names, &path)?;
            citations += 1;
            let number = *number_of.entry(location).or_insert_with(|| {
                items.push(item);
                items.len()
            });
            if !markers.contains(&number) {
                markers.push(number);
            }
        }
        chapter.push(' ');
        for number in markers {
            chapter.push_str(&format!("[{number}]"));
        }
        chapter.push_str(&text[body.len()..]);
    }
    if !chapter.ends_with('\n') {
        chapter.push('\n');
    }
    // The markers added above are the only markup the answer may bring.
    let chapter = super::answer_text::neutralize(&chapter);

    let ids: Vec<String> = items.iter().map(|item| item.id.clone()).collect();
    sources.retain(|source| with_sources && items.iter().any(|i| i.source_id == source.source_id));
    let store = StoreOut {
        schema_version: crate::store::EVIDENCE_V1,
        sources,
        evidence: items,
        chapters: BTreeMap::from([(chapter_key, ids)]),
    };
    let mut json = serde_json::to_string_pretty(&store).context("cannot serialize the store")?;
    json.push('\n');
    Ok(Imported {
        chapter,
        items: store.evidence.len(),
        store: json,
        citations,
    })
}

/// Deserializes `value` (at `path` in `file`), naming the JSON path of a
/// value of the wrong type.
fn from_value<T: serde::de::DeserializeOwned>(
    value: &serde_json::Value,
    file: &str,
    path: &str,
) -> anyhow::Result<T> {
    crate::json_input::from_value(value).map_err(|err| {
        let full = if err.json_path == "." {
            path.to_owned()
        } else {
            format!("{path}.{}", err.json_path)
        };
        anyhow::anyhow!("{file}: `{full}`: {}", err.message)
    })
}

/// Checks each document's required metadata and id.
fn check_documents(docs: &[Document], file: &str) -> anyhow::Result<()> {
    let mut stems: HashMap<String, usize> = HashMap::new();
    for (i, doc) in docs.iter().enumerate() {
        let at = |field: &str| format!("{file}: `documents[{i}].{field}`");
        if !(1..=4).contains(&doc.tier) {
            bail!(
                "{}: expected a tier from 1 to 4, found {}",
                at("tier"),
                doc.tier
            );
        }
        if !crate::rules::is_http_url(&doc.url) {
            bail!(
                "{}: {:?} is not an absolute http or https URL; citations need one",
                at("url"),
                doc.url
            );
        }
        parse_rfc3339(&doc.published_at)
            .map_err(|e| anyhow::anyhow!("{}: {e}", at("published_at")))?;
        if let Some(fetched) = &doc.fetched_at {
            parse_rfc3339(fetched).map_err(|e| anyhow::anyhow!("{}: {e}", at("fetched_at")))?;
        }
        let stem = stem(doc, i);
        if !is_valid_id(&stem) {
            bail!(
                "{}: invalid id {stem:?}: use ASCII letters, digits and `_ . : / -` only",
                at("id")
            );
        }
        if let Some(first) = stems.insert(stem.clone(), i) {
            bail!(
                "{}: id {stem:?} is also the id of documents[{first}]",
                at("id")
            );
        }
    }
    Ok(())
}

/// The stem of a document's evidence ids.
fn stem(doc: &Document, index: usize) -> String {
    doc.id.clone().unwrap_or_else(|| format!("ev_doc{index}"))
}

/// The source registry: one entry per source id, which documents of the
/// same source must agree on.
fn sources_of<'d>(docs: &'d [Document], file: &str) -> anyhow::Result<Vec<SourceOut<'d>>> {
    let mut out: Vec<(usize, SourceOut<'d>)> = Vec::new();
    for (i, doc) in docs.iter().enumerate() {
        let source = SourceOut {
            source_id: &doc.source_id,
            publisher: &doc.publisher,
            tier: doc.tier,
            paywall_policy: match doc.paywall_policy {
                PaywallPolicy::Full => "full",
                PaywallPolicy::MetadataOnly => "metadata_only",
            },
        };
        match out.iter().find(|(_, s)| s.source_id == source.source_id) {
            Some((first, existing)) if *existing != source => bail!(
                "{file}: documents[{first}] and documents[{i}] are both from source `{}` but give it a different publisher, tier or paywall_policy",
                doc.source_id
            ),
            Some(_) => {}
            None => out.push((i, source)),
        }
    }
    Ok(out.into_iter().map(|(_, s)| s).collect())
}

/// Makes the store item of one citation, checking it against its document.
fn citation_item<'d>(
    raw: &serde_json::Value,
    docs: &'d [Document],
    names: &Names<'_>,
    path: &str,
) -> anyhow::Result<(Location, ItemOut<'d>)> {
    let kind = raw.get("type").and_then(serde_json::Value::as_str);
    let kind = match kind {
        Some("char_location") => 'c',
        Some("page_location") => 'p',
        Some("content_block_location") => 'b',
        other => bail!(
            "{}: `{path}.type`: citation type {} is not supported; only citations of documents sent with the request (char_location, page_location, content_block_location) can be imported",
            names.response,
            other.map_or_else(|| "(missing)".to_owned(), |t| format!("{t:?}"))
        ),
    };
    let cite: Citation = from_value(raw, names.response, path)?;
    let Some(doc) = docs.get(cite.document_index) else {
        bail!(
            "{}: `{path}.document_index`: document {} was cited, but {} lists {} document(s); list every document sent, in the order sent",
            names.response,
            cite.document_index,
            names.documents,
            docs.len()
        );
    };
    let (start, end) = match kind {
        'c' => (cite.start_char_index, cite.end_char_index),
        'p' => (cite.start_page_number, cite.end_page_number),
        _ => (cite.start_block_index, cite.end_block_index),
    };
    let (Some(start), Some(end)) = (start, end) else {
        let fields = match kind {
            'c' => "start_char_index and end_char_index",
            'p' => "start_page_number and end_page_number",
            _ => "start_block_index and end_block_index",
        };
        bail!(
            "{}: `{path}`: a {} citation needs {fields}",
            names.response,
            kind_name(kind)
        );
    };
    if start > end {
        bail!(
            "{}: `{path}`: the location starts after it ends ({start} > {end})",
            names.response
        );
    }

    // With the document's text, a character location must select the
    // cited text (the API may differ in surrounding whitespace).
    let mut quote = cite.cited_text.clone();
    if kind == 'c'
        && let Some(text) = &doc.text
    {
        let selected = char_slice(text, start, end).with_context(|| {
            format!(
                "{}: `{path}`: characters {start}..{end} are outside documents[{}].text ({} characters)",
                names.response,
                cite.document_index,
                text.chars().count()
            )
        })?;
        if selected.trim() != cite.cited_text.trim() {
            bail!(
                "{}: `{path}`: cited_text {:?} is not characters {start}..{end} of documents[{}].text ({selected:?}); {} must hold the documents in the order they were sent",
                names.response,
                cite.cited_text,
                cite.document_index,
                names.documents
            );
        }
        selected.clone_into(&mut quote);
    }

    let id = format!("{}_{kind}{start}-{end}", stem(doc, cite.document_index));
    let full = doc.paywall_policy == PaywallPolicy::Full;
    let item = ItemOut {
        id,
        source_id: &doc.source_id,
        publisher: &doc.publisher,
        doc_id: doc.doc_id.as_deref(),
        url: &doc.url,
        title: doc.title.as_deref(),
        document_title: cite.document_title.clone(),
        published_at: &doc.published_at,
        fetched_at: doc.fetched_at.as_deref(),
        cited_text: full.then(|| cite.cited_text.clone()),
        source_span: (full && kind == 'c').then_some([start, end]),
        quote_span: full.then(|| QuoteOut {
            start: (kind == 'c').then_some(start),
            end: (kind == 'c').then_some(end),
            text: quote,
        }),
        // A metadata-only source keeps no quote (the paywall rule): what the
        // model cited of it is the snippet it was given.
        snippet_span: (!full).then(|| SnippetOut {
            text: cite.cited_text.clone(),
        }),
        tags: &doc.tags,
    };
    Ok(((cite.document_index, kind, start, end), item))
}

fn kind_name(kind: char) -> &'static str {
    match kind {
        'c' => "char_location",
        'p' => "page_location",
        _ => "content_block_location",
    }
}

/// Escapes what the model wrote that would read as a marker (`[3]`,
/// `[EVID:…]`), so that only the importer's markers cite.
fn escape_markers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if c == '[' && !crate::markers::is_escaped(text, i) {
            let rest = &text[i + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let number = digits > 0 && rest[digits..].starts_with(']');
            if number || rest.starts_with("EVID:") {
                out.push('\\');
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_markers_in_the_answer_are_escaped() {
        assert_eq!(
            escape_markers("see [3] and [EVID:x] but not [a] or \\[4] or [^1]"),
            "see \\[3] and \\[EVID:x] but not [a] or \\[4] or [^1]"
        );
    }
}
