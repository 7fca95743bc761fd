//! The store fragment an import writes: one `evidence.v1` item per distinct
//! cited passage, the registry entries those items need, and the chapter's
//! citation list.
//!
//! Items are made by the importers as [`Cited`] drafts whose id is the id of
//! the cited *place* (a document location, or a web page's `cid`). Where
//! one place is cited for several different passages, each passage becomes
//! its own item: the place's id plus `.` and the first 12 hex digits of the
//! SHA-256 of the passage. The same answer therefore always gives the same
//! ids, and two answers citing the same passage give the same item.

use anyhow::bail;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};

/// One evidence item as written to the fragment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Item {
    /// The evidence id.
    pub(crate) id: String,
    /// The registry entry of its source.
    pub(crate) source_id: String,
    /// The publisher, when the item names one (a document's); a web item
    /// takes its source's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) publisher: Option<String>,
    /// The pipeline's own document id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) doc_id: Option<String>,
    /// The cited document's URL, as the response or the documents file gives it.
    pub(crate) url: String,
    /// The title, when known apart from the API's `document_title`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The title the API reported for a document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) document_title: Option<String>,
    /// RFC 3339 publication time, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) published_at: Option<String>,
    /// RFC 3339 time the document was fetched, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) fetched_at: Option<String>,
    /// The passage cited (full-text sources only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cited_text: Option<String>,
    /// Character offsets of `cited_text` in the document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source_span: Option<[u64; 2]>,
    /// The passage as a located quote (full-text sources only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) quote_span: Option<Quote>,
    /// A snippet: what was cited of a paywalled source, or a search
    /// result's summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) snippet_span: Option<Snippet>,
    /// Free-form tags (`redirect-url` marks a URL that only redirects).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) tags: Vec<String>,
}

/// A located quote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Quote {
    /// Character offset of the quote in the document, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) start: Option<u64>,
    /// Character offset of its end (exclusive), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) end: Option<u64>,
    /// The quoted text.
    pub(crate) text: String,
}

/// A snippet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Snippet {
    /// Its text.
    pub(crate) text: String,
}

/// A registry entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct SourceEntry {
    /// The source id items refer to.
    pub(crate) source_id: String,
    /// The publisher's name.
    pub(crate) publisher: String,
    /// Credibility tier, 1 to 4.
    pub(crate) tier: u8,
    /// `full` or `metadata_only`.
    pub(crate) paywall_policy: &'static str,
}

/// An item drafted by an importer: its id is the cited place's, and
/// `passage` (when the place has one) tells passages of one place apart.
#[derive(Debug, Clone)]
pub(crate) struct Cited {
    /// The item, its id the place's.
    pub(crate) item: Item,
    /// The cited passage, for the passage hash.
    pub(crate) passage: Option<String>,
}

/// The first 12 hex digits of the SHA-256 of `passage` (trimmed): enough to
/// tell the passages of one page apart, short enough to read.
pub(crate) fn passage_hash(passage: &str) -> String {
    let digest = Sha256::digest(passage.trim().as_bytes());
    evidence_core::hex::lower_hex(&digest[..6])
}

/// Gives each draft its final id and merges drafts of the same passage:
/// returns the distinct items (in draft order) and, for each draft, the
/// index of its item.
pub(crate) fn finalize(drafts: Vec<Cited>) -> anyhow::Result<(Vec<Item>, Vec<usize>)> {
    let mut passages: HashMap<&str, Vec<Option<&str>>> = HashMap::new();
    for draft in &drafts {
        let seen = passages.entry(draft.item.id.as_str()).or_default();
        let passage = draft.passage.as_deref().map(str::trim);
        if !seen.contains(&passage) {
            seen.push(passage);
        }
    }
    let several: Vec<String> = passages
        .into_iter()
        .filter(|(_, seen)| seen.len() > 1)
        .map(|(id, _)| id.to_owned())
        .collect();
    let mut items: Vec<Item> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut index_of = Vec::with_capacity(drafts.len());
    for draft in drafts {
        let mut item = draft.item;
        if let Some(passage) = &draft.passage
            && several.contains(&item.id)
        {
            item.id = format!("{}.{}", item.id, passage_hash(passage));
        }
        match at.get(&item.id) {
            // The same passage cited twice: one item. Drafts of one passage
            // are made from the same data, so they agree; a second title
            // or date for it (two search results of one page) loses.
            Some(&i) => index_of.push(i),
            None => {
                at.insert(item.id.clone(), items.len());
                index_of.push(items.len());
                items.push(item);
            }
        }
    }
    Ok((items, index_of))
}

/// The registry entries of a fragment, each once.
#[derive(Debug, Default)]
pub(crate) struct Sources {
    entries: Vec<SourceEntry>,
    /// Where each source id is in `entries` (an answer may cite thousands
    /// of sites).
    index: HashMap<String, usize>,
}

impl Sources {
    /// Adds `entry`; a source id given twice must be given alike, else the
    /// error says what differs (`why` names where the second came from).
    pub(crate) fn add(&mut self, entry: SourceEntry, why: &str) -> anyhow::Result<()> {
        match self.index.get(&entry.source_id).map(|&i| &self.entries[i]) {
            Some(first) if *first != entry => bail!(
                "{why}: source `{}` would be registered twice, differently (publisher {:?}, tier {}, {} and publisher {:?}, tier {}, {}); give the two their own `source_id`, or the same metadata",
                entry.source_id,
                first.publisher,
                first.tier,
                first.paywall_policy,
                entry.publisher,
                entry.tier,
                entry.paywall_policy
            ),
            Some(_) => Ok(()),
            None => {
                self.index
                    .insert(entry.source_id.clone(), self.entries.len());
                self.entries.push(entry);
                Ok(())
            }
        }
    }

    /// The entry of `source_id`.
    #[cfg(test)]
    pub(crate) fn get(&self, source_id: &str) -> Option<&SourceEntry> {
        self.index.get(source_id).map(|&i| &self.entries[i])
    }

    /// The entries, in the order added.
    pub(crate) fn into_vec(self) -> Vec<SourceEntry> {
        self.entries
    }
}

/// The fragment, as written.
#[derive(Serialize)]
struct StoreOut<'a> {
    schema_version: &'static str,
    #[serde(skip_serializing_if = "<[SourceEntry]>::is_empty")]
    sources: &'a [SourceEntry],
    evidence: &'a [&'a Item],
    chapters: BTreeMap<&'a str, &'a [&'a str]>,
}

/// The fragment's JSON: the `sources` and `items` to write, and the
/// chapter's citation list (ids in number order, some of them perhaps of
/// items the book's store holds already).
pub(crate) fn to_json(
    sources: &[SourceEntry],
    items: &[&Item],
    list: &[&str],
    chapter_key: &str,
) -> anyhow::Result<String> {
    let store = StoreOut {
        schema_version: evidence_core::store::EVIDENCE_V1,
        sources,
        evidence: items,
        chapters: BTreeMap::from([(chapter_key, list)]),
    };
    let mut json = serde_json::to_string_pretty(&store)?;
    json.push('\n');
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(id: &str, passage: Option<&str>) -> Cited {
        Cited {
            item: Item {
                id: id.to_owned(),
                source_id: "s".into(),
                publisher: None,
                doc_id: None,
                url: "https://a.example/".into(),
                title: Some("T".into()),
                document_title: None,
                published_at: None,
                fetched_at: None,
                cited_text: passage.map(str::to_owned),
                source_span: None,
                quote_span: None,
                snippet_span: None,
                tags: Vec::new(),
            },
            passage: passage.map(str::to_owned),
        }
    }

    #[test]
    fn one_passage_keeps_the_place_id_several_get_a_hash_each() {
        let (items, index_of) = finalize(vec![
            draft("cid_a", Some("first")),
            draft("cid_b", Some("only")),
            draft("cid_a", Some("second ")),
            draft("cid_a", Some("first")),
            draft("cid_b", Some("only")),
        ])
        .unwrap();
        let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                format!("cid_a.{}", passage_hash("first")).as_str(),
                "cid_b",
                &format!("cid_a.{}", passage_hash("second")),
            ]
        );
        assert_eq!(index_of, [0, 1, 2, 0, 1]);
        assert_eq!(passage_hash("first").len(), 12);
    }
}
