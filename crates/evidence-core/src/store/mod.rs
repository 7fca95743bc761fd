//! The evidence store: formats, loading, and the evidence model.
//!
//! A store is one or more `evidence.v1` JSON files and `citation.v1` JSON
//! Lines files (or directories of them), merged into hash maps once per
//! build so that every lookup is O(1).

mod citation;
mod citation_record;
mod dates;
mod error;
mod fetched;
mod load;
mod merge;
mod model;
mod normalize;
mod schema;
mod support;

pub use self::normalize::{address_title, cid, is_content_addressed, is_http_url, normalize_url};
pub use self::support::{
    Checker, SUPPORT_V1, Support, SupportRecord, SupportStatus, SupportVerdict, claim_key,
    item_passage, passage_key, passages_key,
};
pub(crate) use crate::store::citation::CITATION_V1;
pub use crate::store::citation_record::CitationRecord;
pub use crate::store::dates::{parse_instant, parse_rfc3339};
pub use crate::store::error::StoreError;
pub use crate::store::fetched::{
    ChangedPassage, FETCHED_V1, FetchOutcome, FetchStatus, FetchedRecord, Recheck, RecheckOutcome,
    is_fetched_file as is_fetched_text, parse_fetched,
};
pub use crate::store::load::{load, load_bytes};
pub use crate::store::model::{
    EvidenceItem, LinkCheck, LinkStatus, PaywallPolicy, Published, QuoteSpan, SnippetSpan, Source,
    Status, char_slice,
};

use hashbrown::{HashTable, hash_table};
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::path::{Path, PathBuf};

/// The schema version of a store file (`*.json`).
pub const EVIDENCE_V1: &str = "evidence.v1";

/// The schema versions this build reads: `evidence.v1` store files (`*.json`),
/// `citation.v1` records and `support.v1` verdicts (each line of a `*.jsonl`
/// file).
pub const SCHEMA_VERSIONS: &[&str] = &[EVIDENCE_V1, CITATION_V1, SUPPORT_V1, FETCHED_V1];

/// Where something was defined in the store: which file, and which JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The store file, as given in the config (relative to the book root).
    pub file: PathBuf,
    /// The JSON path inside the file, e.g. `evidence[3]`.
    pub json_path: String,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.file.display(), self.json_path)
    }
}

/// A `citation.v1` record that fails its checks, or two records of one URL
/// that disagree: citing its id is an `invalid-evidence` error; not citing
/// it is worth a warning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidRecord {
    /// The id it is cited by, when the record names one.
    pub id: Option<String>,
    /// Where it is (`file`, `line N`).
    pub origin: Origin,
    /// What is wrong with it.
    pub reason: String,
}

/// A chapter's ordered citation list: `[1]` is the first id.
#[derive(Debug, Clone)]
pub struct CitationList {
    /// Evidence ids, in citation-number order.
    pub ids: Vec<String>,
    /// Where the list was defined.
    pub origin: Origin,
}

/// The merged evidence store.
#[derive(Debug, Default)]
pub struct Store {
    /// Every item, in load order, as parsed: not moved, nor copied.
    items: Vec<EvidenceItem>,
    /// Positions in `items`, found by hashing the id that each item holds,
    /// so that no id is stored twice.
    index: HashTable<usize>,
    hasher: RandomState,
    sources: HashMap<String, Source>,
    /// Sources made up for `citation.v1` records (`web:<host>`), which no
    /// store file registers.
    made_up: Vec<String>,
    chapters: HashMap<String, CitationList>,
    invalid_records: Vec<InvalidRecord>,
    /// Verdicts of support checkers (`support.v1`).
    support: Support,
    /// Every id, one after the other, made on first use by [`Store::ids`].
    ids: std::sync::OnceLock<IdList>,
    /// The configured store directories that held no store file.
    empty_dirs: Vec<PathBuf>,
}

/// The store's ids in one buffer: searching them all for the one nearest a
/// mistyped id reads a few megabytes, not every item.
#[derive(Debug, Default)]
struct IdList {
    /// The ids, concatenated in load order.
    text: String,
    /// Where each id ends in `text`.
    ends: Vec<usize>,
}

impl Store {
    /// Looks an evidence item up by id.
    pub fn item(&self, id: &str) -> Option<&EvidenceItem> {
        let hash = self.hasher.hash_one(id);
        self.index
            .find(hash, |&at| self.items[at].id == id)
            .map(|&at| &self.items[at])
    }

    /// The position in `items` of the item `id`.
    fn position(&self, id: &str) -> Option<usize> {
        let hash = self.hasher.hash_one(id);
        self.index
            .find(hash, |&at| self.items[at].id == id)
            .copied()
    }

    /// The `citation.v1` records that fail their checks (each also an
    /// invalid item, when it names an id), in load order.
    pub fn invalid_records(&self) -> &[InvalidRecord] {
        &self.invalid_records
    }

    /// Looks an evidence item up by id, returning the stored id too (which
    /// lives as long as the store).
    pub fn item_entry(&self, id: &str) -> Option<(&str, &EvidenceItem)> {
        self.item(id).map(|item| (item.id.as_str(), item))
    }

    /// [`Store::item_entry`], with the item's index in load order (the key
    /// of whatever is kept per item beside the store).
    pub fn indexed_entry(&self, id: &str) -> Option<(usize, &str, &EvidenceItem)> {
        let at = self.position(id)?;
        let item = &self.items[at];
        Some((at, item.id.as_str(), item))
    }

    /// Indexes the item at `at`; when an item with its id is indexed
    /// already, returns that one's position instead.
    fn index_item(&mut self, at: usize) -> Result<(), usize> {
        let Store {
            items,
            index,
            hasher,
            ..
        } = self;
        let id = &items[at].id;
        match index.entry(
            hasher.hash_one(id),
            |&other| items[other].id == *id,
            |&other| hasher.hash_one(&items[other].id),
        ) {
            hash_table::Entry::Occupied(first) => Err(*first.get()),
            hash_table::Entry::Vacant(slot) => {
                slot.insert(at);
                Ok(())
            }
        }
    }

    /// Looks a registry entry up by source id.
    pub fn source(&self, source_id: &str) -> Option<&Source> {
        self.sources.get(source_id)
    }

    /// Every source (made-up ones too) and whether a store file registers
    /// it, by id: what the cache's key reads of the registry.
    pub fn sources_by_id(&self) -> std::collections::BTreeMap<&str, (&Source, bool)> {
        self.sources
            .iter()
            .map(|(id, source)| (id.as_str(), (source, self.is_registered(id))))
            .collect()
    }

    /// Whether a store file registers `source_id` (a source made up for
    /// `citation.v1` records from their host is not registered).
    pub fn is_registered(&self, source_id: &str) -> bool {
        self.sources.contains_key(source_id) && !self.made_up.iter().any(|id| id == source_id)
    }

    /// The registered source id nearest a `source_id` that is not
    /// registered (a typo), if one is near.
    pub fn nearest_source(&self, source_id: &str) -> Option<&str> {
        let registered = self
            .sources
            .keys()
            .map(String::as_str)
            .filter(|id| self.is_registered(id));
        crate::suggest::closest(source_id, registered)
    }

    /// The citation list of a chapter, by its path relative to `src/`.
    pub fn citation_list(&self, chapter: &Path) -> Option<&CitationList> {
        self.chapters.get(&chapter_key(chapter))
    }

    /// Every chapter key that has a citation list.
    pub fn chapter_keys(&self) -> impl Iterator<Item = (&str, &CitationList)> {
        self.chapters.iter().map(|(key, list)| (key.as_str(), list))
    }

    /// The verdicts of support checkers read with the store (`support.v1`
    /// files in the store, and those of the `support` key).
    pub fn support(&self) -> &Support {
        &self.support
    }

    /// Reads the `support.v1` files and directories at `paths` (relative
    /// to `root`), as the `support` key names them.
    pub fn load_support(&mut self, root: &Path, paths: &[PathBuf]) -> Result<(), StoreError> {
        support::load_support(root, paths, &mut self.support)
    }

    /// Every evidence id, in load order (read from a compact copy made
    /// on first use, as this is for searching them all).
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        let list = self.ids.get_or_init(|| {
            let mut list = IdList::default();
            for item in &self.items {
                list.text.push_str(&item.id);
                list.ends.push(list.text.len());
            }
            list
        });
        let starts = std::iter::once(0).chain(list.ends.iter().copied());
        starts
            .zip(list.ends.iter().copied())
            .map(|(start, end)| &list.text[start..end])
    }

    /// The number of evidence items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the store holds no evidence items.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The configured store directories (relative to the book root) that
    /// held no `*.json` or `*.jsonl` file.
    pub fn empty_directories(&self) -> &[PathBuf] {
        &self.empty_dirs
    }
}

/// The key of a chapter in the `chapters` map: its source path relative to
/// `src/`, with `/` separators whatever the platform.
pub fn chapter_key(path: &Path) -> String {
    let mut key = String::new();
    for (i, part) in path.components().enumerate() {
        if i > 0 {
            key.push('/');
        }
        key.push_str(&part.as_os_str().to_string_lossy());
    }
    key
}
