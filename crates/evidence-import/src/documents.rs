//! Documents that were sent with a request (`--documents`) or uploaded as
//! files (`--files`), described by the user: a response cites them by
//! position or by name and knows nothing of where they came from.
//!
//! ```json
//! {"documents": [
//!   {"id": "ev_fomc", "source_id": "fed_press_releases", "publisher": "Federal Reserve",
//!    "tier": 1, "paywall_policy": "full",
//!    "url": "https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm",
//!    "title": "FOMC statement", "published_at": "2026-02-10T19:00:00Z",
//!    "fetched_at": "2026-02-10T19:04:12Z", "doc_id": "doc_3d4b", "tags": ["policy_centralbank"],
//!    "key": "doc:0", "text": "The plain text that was sent"}
//! ]}
//! ```
//!
//! `source_id`, `publisher`, `tier` (1–4), `url` (absolute http or https)
//! and `published_at` (RFC 3339, or a date alone) are required. `id` is the stem of the
//! evidence ids (default `ev_doc<index>`); `key` is the name the response
//! uses for the document (a Cohere document id, a Gemini retrieved
//! context's title or URI, an OpenAI file id); `text`, when given, is what
//! character locations are checked against. A `--files` map has the same
//! entries, keyed by file id: `{"file-abc": {…}}`.

use crate::fragment::{Cited, Item, Quote, Snippet, SourceEntry, Sources};
use crate::offsets::{CharIndex, char_slice};
use crate::{Draft, Inputs};
use anyhow::{Context as _, bail};
use evidence_core::store::{PaywallPolicy, parse_instant};
use evidence_core::syntax::is_evidence_id;
use serde::Deserialize;
use std::cell::OnceCell;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// A documents file as written.
#[derive(Deserialize)]
struct DocumentsFile {
    documents: Vec<Document>,
}

/// A document that was sent, with its source metadata.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Document {
    #[serde(default)]
    id: Option<String>,
    /// The name the response uses for the document.
    #[serde(default)]
    pub(crate) key: Option<String>,
    source_id: String,
    publisher: String,
    tier: u8,
    #[serde(default)]
    paywall_policy: PaywallPolicy,
    url: String,
    #[serde(default)]
    pub title: Option<String>,
    published_at: String,
    #[serde(default)]
    fetched_at: Option<String>,
    #[serde(default)]
    doc_id: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
    /// The document's text, for checking character locations.
    #[serde(default)]
    pub(crate) text: Option<String>,
    /// The index of `text`, made for its first character location (a
    /// response may cite one document thousands of times).
    #[serde(skip)]
    char_index: OnceCell<CharIndex>,
}

/// The documents of a documents file or a files map, checked.
#[derive(Debug)]
pub(crate) struct Documents {
    list: Vec<Document>,
    /// The file, for messages.
    pub(crate) file: String,
    /// How entries are named in messages: `documents[3]` or `"file-abc"`.
    keyed: bool,
    /// The first document of each name (`key`, `doc_id`, `id`), for
    /// [`Documents::find`]: a response may name thousands.
    by_name: HashMap<String, usize>,
}

impl Documents {
    /// Reads a documents file (`{"documents": [...]}`).
    pub(crate) fn read(path: &Path) -> anyhow::Result<Documents> {
        let file: DocumentsFile = crate::read_json(path, "documents file")?;
        Documents::checked(file.documents, path, false)
    }

    /// Reads a files map (`{"<file id>": {...}}`).
    pub(crate) fn read_files(path: &Path) -> anyhow::Result<Documents> {
        let map: BTreeMap<String, Document> = crate::read_json(path, "files map")?;
        let list = map
            .into_iter()
            .map(|(key, mut doc)| {
                doc.key = Some(key);
                doc
            })
            .collect();
        Documents::checked(list, path, true)
    }

    fn checked(list: Vec<Document>, path: &Path, keyed: bool) -> anyhow::Result<Documents> {
        let mut by_name = HashMap::new();
        for (i, d) in list.iter().enumerate() {
            for name in [&d.key, &d.doc_id, &d.id].into_iter().flatten() {
                by_name.entry(name.clone()).or_insert(i);
            }
        }
        let docs = Documents {
            list,
            file: path.display().to_string(),
            keyed,
            by_name,
        };
        docs.check()?;
        Ok(docs)
    }

    /// How many documents there are.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    /// The document at `index` (the order sent).
    pub(crate) fn get(&self, index: usize) -> Option<&Document> {
        self.list.get(index)
    }

    /// The index of the document the response calls `name`: its `key`, its
    /// `doc_id` or its `id`.
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The documents file and the index of the first of `names` (the names
    /// a citation gives its document, most telling first) that it holds.
    pub(crate) fn find_any<'d, S: AsRef<str>>(
        documents: Option<&'d Documents>,
        names: &[S],
    ) -> Option<(&'d Documents, usize)> {
        let docs = documents?;
        Some((docs, names.iter().find_map(|n| docs.find(n.as_ref()))?))
    }

    /// `documents[3]` (or the file id) in `file`, for messages.
    pub(crate) fn place(&self, index: usize) -> String {
        self.place_field(index, "")
    }

    /// `documents[3].field` (or the file id's field) in `file`.
    fn place_field(&self, index: usize, field: &str) -> String {
        let dot = if field.is_empty() { "" } else { "." };
        match self.list.get(index).and_then(|d| d.key.as_deref()) {
            Some(key) if self.keyed => format!("{}: `{key}{dot}{field}`", self.file),
            _ => format!("{}: `documents[{index}]{dot}{field}`", self.file),
        }
    }

    /// Checks each document's metadata and id.
    fn check(&self) -> anyhow::Result<()> {
        let mut stems: HashMap<String, usize> = HashMap::new();
        for (i, doc) in self.list.iter().enumerate() {
            let at = |field: &str| self.place_field(i, field);
            if !(1..=4).contains(&doc.tier) {
                bail!(
                    "{}: expected a tier from 1 to 4, found {}",
                    at("tier"),
                    doc.tier
                );
            }
            if !evidence_core::store::is_http_url(&doc.url) {
                bail!(
                    "{}: {:?} is not an absolute http or https URL; citations need one",
                    at("url"),
                    doc.url
                );
            }
            parse_instant(&doc.published_at)
                .map_err(|e| anyhow::anyhow!("{}: {e}", at("published_at")))?;
            if let Some(fetched) = &doc.fetched_at {
                parse_instant(fetched).map_err(|e| anyhow::anyhow!("{}: {e}", at("fetched_at")))?;
            }
            let stem = self.stem(i);
            if !is_evidence_id(&stem) {
                bail!(
                    "{}: invalid id {stem:?}: use ASCII letters, digits and `_ . : / -` only",
                    at("id")
                );
            }
            if let Some(first) = stems.insert(stem.clone(), i) {
                bail!(
                    "{}: id {stem:?} is also the id of {}",
                    at("id"),
                    self.place(first)
                );
            }
        }
        Ok(())
    }

    /// The stem of a document's evidence ids.
    pub(crate) fn stem(&self, index: usize) -> String {
        let doc = &self.list[index];
        doc.id.clone().unwrap_or_else(|| match &doc.key {
            Some(key) if self.keyed => format!("ev_{}", id_safe(key)),
            _ => format!("ev_doc{index}"),
        })
    }

    /// Registers the source of the document at `index`.
    pub(crate) fn register(&self, index: usize, sources: &mut Sources) -> anyhow::Result<()> {
        let doc = &self.list[index];
        sources.add(
            SourceEntry {
                source_id: doc.source_id.clone(),
                publisher: doc.publisher.clone(),
                tier: doc.tier,
                paywall_policy: policy_name(doc.paywall_policy),
            },
            &self.place(index),
        )
    }

    /// The item of a passage of the document at `index`: `place` is the
    /// id's suffix for the location (`_c0-20`, or empty for the whole
    /// document), `offsets` the passage's character offsets in it.
    pub(crate) fn item(&self, index: usize, place: &str, passage: Passage) -> Cited {
        let doc = &self.list[index];
        let full = doc.paywall_policy == PaywallPolicy::Full;
        // A citation of a whole file gives no passage.
        let text = Some(passage.text).filter(|t| !t.trim().is_empty());
        let item = Item {
            id: format!("{}{place}", self.stem(index)),
            source_id: doc.source_id.clone(),
            publisher: Some(doc.publisher.clone()),
            doc_id: doc.doc_id.clone(),
            url: doc.url.clone(),
            title: passage.title.or_else(|| doc.title.clone()),
            document_title: passage.document_title,
            published_at: Some(doc.published_at.clone()),
            fetched_at: doc.fetched_at.clone(),
            cited_text: text.clone().filter(|_| full),
            source_span: passage.offsets.filter(|_| full).map(|(s, e)| [s, e]),
            quote_span: text.clone().filter(|_| full).map(|text| Quote {
                start: passage.offsets.map(|o| o.0),
                end: passage.offsets.map(|o| o.1),
                text: passage.quote.unwrap_or(text),
            }),
            // A metadata-only source keeps no quote: what the model cited
            // of it is the snippet it was given.
            snippet_span: text.clone().filter(|_| !full).map(|text| Snippet { text }),
            tags: doc.tags.clone(),
        };
        Cited {
            item,
            passage: text,
        }
    }
}

/// Where in a document a citation points: `letter` names the unit in the
/// item's id (`c` characters, `p` pages from 1 with the end exclusive, `b`
/// content blocks or chunks), `start..end` the range.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Location {
    pub(crate) letter: char,
    pub(crate) start: u64,
    pub(crate) end: u64,
}

impl Documents {
    /// Drafts the item of `cited_text` (the response's `field`) at
    /// `location` of document `index`
    /// (Anthropic's and Bedrock's document citations): a character location
    /// must select the cited text in the document's `text` when it is
    /// given; the title is the documents file's, else the API's
    /// (`api_title`), else `--title-for`, else the import is refused; pages
    /// follow the title.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn located(
        &self,
        index: usize,
        location: Location,
        (field, cited_text): (&str, &str),
        api_title: Option<&str>,
        inputs: &Inputs,
        draft: &mut Draft,
        at: &str,
    ) -> anyhow::Result<usize> {
        let name = &inputs.response;
        let Location { letter, start, end } = location;
        let Some(doc) = self.get(index) else {
            bail!("{name}: `{at}`: no document {index}");
        };
        let mut passage = Passage {
            text: cited_text.to_owned(),
            document_title: api_title.map(str::to_owned),
            ..Passage::default()
        };
        // With the document's text, a character location must select the
        // cited text (the API may differ in surrounding white space).
        if letter == 'c' {
            passage.offsets = Some((start, end));
            if let Some(text) = &doc.text {
                let selected = char_slice(text, &doc.char_index, start, end).with_context(|| {
                    format!(
                        "{name}: `{at}`: characters {start}..{end} are outside {}.text ({} characters)",
                        self.place(index),
                        text.chars().count()
                    )
                })?;
                if selected.trim() != cited_text.trim() {
                    bail!(
                        "{name}: `{at}`: {field} {cited_text:?} is not characters {start}..{end} of {}.text ({selected:?}); {} must hold the documents in the order they were sent",
                        self.place(index),
                        self.file
                    );
                }
                passage.quote = Some(selected.to_owned());
            }
        }
        let title = match doc.title.clone().or_else(|| api_title.map(str::to_owned)) {
            Some(title) => title,
            None => {
                let keys = [index.to_string()];
                let keys: Vec<&str> = keys
                    .iter()
                    .map(String::as_str)
                    .chain(doc.key.as_deref())
                    .collect();
                let title = inputs.sites.title_for(&keys).with_context(|| {
                    format!(
                        "{name}: `{at}`: document {index} has no title: {} gives none and the response names none; add \"title\" to it, or pass --title-for {index} TITLE",
                        self.place(index)
                    )
                })?;
                passage.title = Some(title.clone());
                title
            }
        };
        if letter == 'p' {
            passage.title = Some(format!("{title}, {}", pages(start, end)));
        }
        self.register(index, &mut draft.sources)?;
        let place = format!("_{letter}{start}-{end}");
        Ok(draft.push(self.item(index, &place, passage)))
    }
}

/// Pages `start..end` (end exclusive) as a reader writes them.
pub(crate) fn pages(start: u64, end: u64) -> String {
    let last = end.saturating_sub(1).max(start);
    if last == start {
        format!("p. {start}")
    } else {
        format!("pp. {start}–{last}")
    }
}

/// What is cited of a document.
#[derive(Debug, Default)]
pub(crate) struct Passage {
    /// The cited text as the API gives it.
    pub(crate) text: String,
    /// The text at `offsets` in the document's own `text`, when checked.
    pub(crate) quote: Option<String>,
    /// Character offsets in the document.
    pub(crate) offsets: Option<(u64, u64)>,
    /// A title for the item (the document's with pages, or one given).
    pub title: Option<String>,
    /// The API's `document_title`.
    pub(crate) document_title: Option<String>,
}

/// The store's name of a paywall policy.
pub(crate) fn policy_name(policy: PaywallPolicy) -> &'static str {
    match policy {
        PaywallPolicy::Full => "full",
        PaywallPolicy::MetadataOnly => "metadata_only",
    }
}

/// `name` with every character an id may not hold replaced by `_`.
pub(crate) fn id_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_.:/-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_one_based_with_the_end_exclusive() {
        assert_eq!(pages(1, 2), "p. 1");
        assert_eq!(pages(3, 5), "pp. 3–4");
        assert_eq!(pages(3, 3), "p. 3");
    }
}
