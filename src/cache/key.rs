//! What a chapter's result depends on, hashed: the key an entry is stored
//! under, and the state of the store items it read, checked on every hit.
//!
//! When unsure whether something matters, it is hashed: a needless miss
//! costs a chapter's time, a wrong hit publishes a wrong page.

use evidence_core::config::Config;
use evidence_core::markers::{MarkerKind, Scan};
use evidence_core::store::{CitationList, EvidenceItem, Store};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// Bumped whenever an entry's layout or what a key covers changes.
pub(super) const FORMAT: u32 = 2;

/// A SHA-256 fed with labelled fields: each field is its label, its
/// length and its bytes, so no two different lists of fields hash alike.
pub(super) struct Hasher(Sha256);

impl Hasher {
    pub(super) fn new(domain: &str) -> Hasher {
        let mut hasher = Hasher(Sha256::new());
        hasher.field("domain", domain.as_bytes());
        hasher
    }

    pub(super) fn field(&mut self, label: &str, bytes: &[u8]) -> &mut Hasher {
        for part in [label.as_bytes(), bytes] {
            self.0.update((part.len() as u64).to_le_bytes());
            self.0.update(part);
        }
        self
    }

    /// A field whose bytes are `value`'s `Debug` text: every field of
    /// the value, with no list of them here to forget one (and none of
    /// the types read this way holds a hash map, whose order would vary).
    pub(super) fn debug(&mut self, label: &str, value: &impl std::fmt::Debug) -> &mut Hasher {
        self.field(label, format!("{value:?}").as_bytes())
    }

    pub(super) fn hex(self) -> String {
        hex(&self.0.finalize())
    }
}

pub(super) use evidence_core::hex::lower_hex as hex;

/// What this binary is: its version and the hash of the executable, so
/// that a binary rebuilt between versions never reads what another judged,
/// while the same binary installed again (on CI, each run) reads it. An
/// executable that cannot be read leaves its size and time.
pub(super) fn binary_identity() -> String {
    let version = crate::TOOL_VERSION;
    let Ok(exe) = std::env::current_exe() else {
        return format!("{version} unknown");
    };
    if let Ok(bytes) = evidence_core::limits::read_file(&exe, evidence_core::limits::Limit::file())
    {
        return format!("{version} {}", hex(&Sha256::digest(&bytes)));
    }
    let meta = std::fs::metadata(&exe).ok();
    let time = meta
        .as_ref()
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{version} {} {time}", meta.map_or(0, |m| m.len()))
}

/// The part of every chapter's key that the whole run shares: the
/// binary, the book's whole configuration (every `book.toml` key and
/// environment override, as mdBook hands it over), and the parts of the
/// store every chapter may read (the source registry, the support
/// verdicts).
pub(super) fn run_key(binary: &str, book_config: &str, setup: &str, store: &Store) -> String {
    let mut hasher = Hasher::new("mdbook-evidence run");
    hasher
        .field("format", &FORMAT.to_le_bytes())
        .field("binary", binary.as_bytes())
        .field("book config", book_config.as_bytes())
        .field("setup", setup.as_bytes())
        .debug("sources", &store.sources_by_id())
        .debug("support", &store.support().records());
    hasher.hex()
}

/// The key of one chapter: the run's key, the chapter's path, whether it
/// is checked, its text and its citation list.
pub(super) fn chapter_key(
    run: &str,
    path: &str,
    checked: bool,
    content: &str,
    list: Option<&CitationList>,
) -> String {
    let mut hasher = Hasher::new("mdbook-evidence chapter");
    hasher
        .field("run", run.as_bytes())
        .field("path", path.as_bytes())
        .field("checked", &[u8::from(checked)])
        .field("content", content.as_bytes())
        .debug("list", &list);
    hasher.hex()
}

/// The ids a chapter's text and citation list name: the store items its
/// judgement may read. Sorted, each once.
pub(super) fn cited_ids(scan: &Scan, list: Option<&CitationList>) -> Vec<String> {
    let mut ids: Vec<String> = scan
        .markers
        .iter()
        .filter_map(|m| match &m.kind {
            MarkerKind::Evidence(id) | MarkerKind::Rendered(id) => Some(id.clone()),
            MarkerKind::Number(_) | MarkerKind::Malformed(_) => None,
        })
        .chain(list.into_iter().flat_map(|l| l.ids.iter().cloned()))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The state of the store items `ids` as a chapter's judgement reads
/// them, hashed: each item and its source, whether it is stale or expired
/// at this run's as-of date (and the date as its finding words it), and,
/// when one is missing, every id of the store (the finding names the
/// nearest).
pub(super) fn deps_hash(ids: &[String], store: &Store, config: &Config, memo: &ItemMemo) -> String {
    let mut hasher = Hasher::new("mdbook-evidence deps");
    let mut missing = false;
    for id in ids {
        hasher.field("id", id.as_bytes());
        match store.item(id) {
            Some(item) => {
                hasher.field("item", item_hash(item, store, config, memo).as_bytes());
            }
            None => {
                missing = true;
                hasher.field("missing", b"");
            }
        }
    }
    if missing {
        for id in store.ids() {
            hasher.field("store id", id.as_bytes());
        }
        hasher.debug("empty dirs", &store.empty_directories());
    }
    hasher.hex()
}

/// Each item's state, hashed once per run however many chapters cite it,
/// by the item's address in the store (which outlives the run's cache).
pub(super) type ItemMemo = std::sync::Mutex<std::collections::HashMap<usize, String>>;

/// The hash of what a chapter's judgement reads of `item`: the item, its
/// source, and its dates' verdict at the as-of date.
fn item_hash(item: &EvidenceItem, store: &Store, config: &Config, memo: &ItemMemo) -> String {
    let at = std::ptr::from_ref(item) as usize;
    if let Some(hash) = memo.lock().ok().and_then(|m| m.get(&at).cloned()) {
        return hash;
    }
    let source = item.source_id.as_deref().and_then(|s| store.source(s));
    let mut hasher = Hasher::new("mdbook-evidence item");
    hasher
        .debug("item", &bare(item))
        .debug("source", &source)
        .field("dates", date_state(item, config).as_bytes());
    let hash = hasher.hex();
    if let Ok(mut memo) = memo.lock() {
        memo.insert(at, hash.clone());
    }
    hash
}

/// `item` without what judging memoizes in it (filled or not depending
/// on what ran before): only what the store says. Every lazily read field
/// must be emptied here: filled in the run that writes an entry and empty
/// in the one that reads it, it would make every entry citing the item a
/// miss.
fn bare(item: &EvidenceItem) -> EvidenceItem {
    EvidenceItem {
        link: Default::default(),
        ..item.clone()
    }
}

/// What `stale-evidence` and `expired-evidence` make of `item` at the
/// configured as-of date: the result and the words their findings use,
/// so that an entry stays valid until one of them changes, not only for
/// the second it was made.
fn date_state(item: &EvidenceItem, config: &Config) -> String {
    let as_of = config.as_of;
    let mut state = String::new();
    if let (Some(days), Some(published_at)) = (config.max_age_days, item.published_at) {
        let age = as_of.as_second() - published_at.at.as_second();
        if age > i64::from(days) * 86_400 {
            let _ = write!(
                state,
                "stale {} {}; ",
                age / 86_400,
                as_of.strftime("%Y-%m-%d")
            );
        }
    }
    if let Some(expires_at) = item.expires_at
        && expires_at < as_of
    {
        let _ = write!(state, "expired {}", as_of.strftime("%Y-%m-%dT%H:%M:%SZ"));
    }
    state
}
