//! Loading store files from disk into a [`Store`].

use crate::limits;
use crate::limits::ReadError;
use crate::store::error::{Nearest, StoreError, not_an_object, syntax_in};
use crate::store::merge;
use crate::store::merge::Broken;
use crate::store::model::{EvidenceItem, Source};
use crate::store::schema::{check_version, deserialize};
use crate::store::{
    CITATION_V1, CitationList, EVIDENCE_V1, InvalidRecord, Origin, Store, citation,
};
use crate::syntax::is_evidence_id;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::BuildHasher;
use std::path::{Path, PathBuf};

/// Whether a path names a `citation.v1` JSON Lines file.
fn is_jsonl(path: &Path) -> bool {
    path.extension().is_some_and(|ext| ext == "jsonl")
}

/// One `evidence.v1` file as written on disk (or the records of a
/// `citation.v1` file, with their lines).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StoreFile {
    /// The JSON Schema an editor checks the file against; not read.
    #[serde(default, rename = "$schema")]
    _schema: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    schema_version: Option<serde_json::Value>,
    #[serde(default)]
    sources: Vec<Source>,
    #[serde(default)]
    evidence: Vec<EvidenceItem>,
    #[serde(default, deserialize_with = "crate::store::schema::chapter_lists")]
    chapters: BTreeMap<String, Vec<String>>,
    #[serde(skip)]
    records: Vec<citation::Line>,
    /// The verdicts of a `support.v1` file.
    #[serde(skip)]
    verdicts: Vec<crate::store::SupportRecord>,
    /// The records of a `fetched.v1` file.
    #[serde(skip)]
    fetched: Vec<crate::store::FetchedRecord>,
}

/// Only the version, read before the rest so that an unknown version is
/// reported as such rather than as a confusing field error.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(default)]
    schema_version: Option<serde_json::Value>,
}

/// Loads and merges the store files at `paths` (files or directories),
/// resolved against `root`. Files in a directory are read in name order;
/// a directory without any is an empty part of the store.
pub fn load(root: &Path, paths: &[PathBuf]) -> Result<Store, StoreError> {
    let mut files = Vec::new();
    let mut empty_dirs = Vec::new();
    for path in paths {
        let full = root.join(path);
        let meta = std::fs::metadata(&full).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => {
                StoreError::Missing(path.clone(), Nearest::to(root, path))
            }
            _ => StoreError::Io {
                path: path.clone(),
                source,
            },
        })?;
        if meta.is_dir() {
            let mut found = Vec::new();
            let entries = std::fs::read_dir(&full).map_err(|source| StoreError::Io {
                path: path.clone(),
                source,
            })?;
            for entry in entries {
                let entry = entry.map_err(|source| StoreError::Io {
                    path: path.clone(),
                    source,
                })?;
                let name = entry.file_name();
                // A store file that is a FIFO, socket or device is refused
                // when read (by its type, never opened); a subdirectory is
                // not part of the store.
                if Path::new(&name)
                    .extension()
                    .is_some_and(|ext| ext == "json" || ext == "jsonl")
                    && !entry.path().is_dir()
                {
                    found.push(path.join(name));
                }
            }
            // A directory with no store file yet (as `install` leaves it)
            // is an empty store: every citation is then unknown, and its
            // message names the empty directory.
            if found.is_empty() {
                empty_dirs.push(path.clone());
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }

    let mut store = Store {
        empty_dirs,
        ..Store::default()
    };
    let mut seen = Seen::default();
    let limit = limits::limit(limits::MAX_STORE_BYTES, limits::MAX_STORE_BYTES_VAR);
    let mut budget = limit;
    // Every file is read and parsed, so that the errors of all of them are
    // reported at once; after the first error nothing more is merged (a
    // file left out would make merging report what is not wrong).
    let mut errors = Vec::new();
    for file in files {
        let parsed =
            read_file(root, &file, &mut budget, limit).and_then(|bytes| parse_bytes(&file, &bytes));
        // The items own their text: the file's bytes are gone by now.
        let merged = parsed.and_then(|parsed| {
            if errors.is_empty() {
                merge(&mut store, &mut seen, &file, parsed)
            } else {
                Ok(())
            }
        });
        if let Err(error) = merged {
            errors.push(error);
        }
    }
    if !errors.is_empty() {
        return Err(StoreError::several(errors));
    }
    finish(&mut store, seen);
    store.items.shrink_to_fit();
    Ok(store)
}

/// Reads a store file: a regular file, within what is left of the budget.
pub(super) fn read_file(
    root: &Path,
    file: &Path,
    budget: &mut u64,
    limit: u64,
) -> Result<Vec<u8>, StoreError> {
    // The one reader: by file type before opening (opening a FIFO blocks
    // until a writer comes, and a device never ends), then within what is
    // left of the budget.
    let left = limits::Limit {
        bytes: *budget,
        what: "all store files together",
        var: limits::MAX_STORE_BYTES_VAR,
    };
    let bytes = limits::read_file(&root.join(file), left).map_err(|error| match error {
        ReadError::NotAFile { .. } => StoreError::NotAFile(file.to_owned()),
        ReadError::TooLarge { .. } => StoreError::TooLarge {
            path: file.to_owned(),
            limit,
        },
        ReadError::NotFound(_) => StoreError::Io {
            path: file.to_owned(),
            source: std::io::ErrorKind::NotFound.into(),
        },
        ReadError::Io { source, .. } => StoreError::Io {
            path: file.to_owned(),
            source,
        },
        other @ ReadError::NotUtf8 { .. } => StoreError::Io {
            path: file.to_owned(),
            source: std::io::Error::other(other.to_string()),
        },
    })?;
    *budget -= bytes.len() as u64;
    Ok(bytes)
}

/// Loads one store file from its bytes, as [`load`] loads a file on disk;
/// `file` names it in messages (its extension picks the format). For
/// callers that hold the bytes already, and for fuzzing the loader.
pub fn load_bytes(file: &Path, bytes: &[u8]) -> Result<Store, StoreError> {
    let mut store = Store::default();
    let parsed = parse_bytes(file, bytes)?;
    let mut seen = Seen::default();
    merge(&mut store, &mut seen, file, parsed)?;
    finish(&mut store, seen);
    Ok(store)
}

/// Decodes one store file (UTF-8, an optional BOM) and parses it as
/// `citation.v1` JSON Lines or an `evidence.v1` document, by extension.
fn parse_bytes(file: &Path, bytes: &[u8]) -> Result<StoreFile, StoreError> {
    let text = std::str::from_utf8(bytes).map_err(|err| StoreError::NotUtf8 {
        path: file.to_owned(),
        offset: err.valid_up_to(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if is_jsonl(file) {
        let (mut records, mut verdicts, mut fetched) = (Vec::new(), Vec::new(), Vec::new());
        if crate::store::support::is_support_file(text) {
            verdicts = crate::store::support::parse_support(file, text)?;
        } else if crate::store::fetched::is_fetched_file(text) {
            fetched = crate::store::fetched::parse_fetched(file, text)?;
        } else {
            records = citation::parse_jsonl(file, text)?;
        }
        Ok(StoreFile {
            _schema: None,
            schema_version: None,
            sources: Vec::new(),
            evidence: Vec::new(),
            chapters: BTreeMap::new(),
            records,
            verdicts,
            fetched,
        })
    } else {
        parse_file(file, text)
    }
}

/// Parses one `evidence.v1` store file, checking its syntax and version.
fn parse_file(path: &Path, text: &str) -> Result<StoreFile, StoreError> {
    if text.trim().is_empty() {
        return Err(StoreError::Syntax {
            path: path.to_owned(),
            line: 1,
            column: 1,
            message: "the file is empty; a store is a JSON object with \"schema_version\": \"evidence.v1\"".into(),
        });
    }

    // serde reads a struct from an array too (`["evidence.v1"]` would pass
    // the probe), so check the top level is an object first.
    let body = text.trim_start();
    if !body.starts_with('{') {
        let (line, column) = crate::source_map::line_column(text, text.len() - body.len());
        return Err(not_an_object(path, line, column));
    }
    let version_error = |found: String| StoreError::SchemaVersion {
        path: path.to_owned(),
        line: 0,
        found,
    };
    let check = |found| {
        check_version(
            found,
            EVIDENCE_V1,
            (
                CITATION_V1,
                "citation.v1 records go one per line in a *.jsonl file",
            ),
            "missing \"schema_version\"; add \"schema_version\": \"evidence.v1\"",
        )
        .map_err(version_error)
    };
    // The happy path is one plain pass. Only a file that does not parse is
    // read again: first for its version (an unknown version explains the
    // rest), then with the JSON path tracked for the error message.
    match serde_json::from_str::<StoreFile>(text) {
        Ok(mut file) => {
            check(file.schema_version.take())?;
            Ok(file)
        }
        Err(_) => {
            let probe: VersionProbe =
                serde_json::from_str(text).map_err(|err| syntax_in(path, text, &err))?;
            check(probe.schema_version)?;
            deserialize(path, text, None)
                .map_err(|first| crate::store::schema::every_error(path, text, first))
        }
    }
}

/// Where a file's items lie in the store, so that a duplicate can be traced
/// to its file and position without keeping an origin per item.
pub(super) struct ItemFile {
    /// The store position of the file's first item.
    start: usize,
    path: PathBuf,
    /// How many items came from `evidence` (the rest are records).
    evidence: usize,
    /// The line of each record, in order.
    record_lines: Vec<usize>,
}

impl ItemFile {
    /// The place of the item at store position `at`, if it is this file's.
    fn place(&self, at: usize) -> Option<String> {
        let k = at.checked_sub(self.start)?;
        if k < self.evidence {
            Some(format!("evidence[{k}]"))
        } else {
            self.record_lines
                .get(k - self.evidence)
                .map(|line| format!("line {line}"))
        }
    }
}

/// The origin of the item at store position `at`, with `suffix` after its
/// place.
fn item_origin(item_files: &[ItemFile], at: usize, suffix: &str) -> Box<Origin> {
    // Every item comes from a merged file; were one not to, its origin is
    // the store's last file and its position, never a panic.
    let (file, place) = item_files
        .iter()
        .rev()
        .find_map(|file| Some((file.path.clone(), file.place(at)?)))
        .unwrap_or_else(|| {
            let file = item_files
                .last()
                .map(|f| f.path.clone())
                .unwrap_or_default();
            (file, format!("item {at}"))
        });
    Box::new(Origin {
        file,
        json_path: format!("{place}{suffix}"),
    })
}

/// What merging remembers from one file to the next.
#[derive(Default)]
struct Seen {
    /// Where each file's items lie.
    item_files: Vec<ItemFile>,
    /// Where each source was registered.
    source_origins: HashMap<String, Origin>,
    /// Positions of items merged into an earlier one (removed at the end).
    merged_away: HashSet<usize>,
    /// Positions of invalid items standing for records that fail checks.
    broken: HashSet<usize>,
    /// `fetched.v1` records, applied to their items once all are merged.
    fetched: Vec<crate::store::FetchedRecord>,
}

/// Merges a parsed file into the store.
fn merge(
    store: &mut Store,
    seen: &mut Seen,
    file: &Path,
    parsed: StoreFile,
) -> Result<(), StoreError> {
    let origin = |json_path: String| Origin {
        file: file.to_owned(),
        json_path,
    };
    store.support.extend(parsed.verdicts);
    seen.fetched.extend(parsed.fetched);
    store.sources.reserve(parsed.sources.len());
    for (i, source) in parsed.sources.into_iter().enumerate() {
        let here = origin(format!("sources[{i}]"));
        if let Some(first) = seen.source_origins.get(&source.source_id) {
            // Two files registering one source alike register it once (one
            // file defines each source once).
            if first.file != file
                && store
                    .sources
                    .get(&source.source_id)
                    .is_some_and(|known| merge::same_source(known, &source))
            {
                continue;
            }
            return Err(StoreError::Duplicate {
                kind: "source id",
                id: source.source_id,
                first: Box::new(first.clone()),
                second: Box::new(here),
            });
        }
        seen.source_origins.insert(source.source_id.clone(), here);
        store.sources.insert(source.source_id.clone(), source);
    }
    // The parsed items become the store's (the first file's are not even
    // moved); each is checked and indexed where it lies.
    let start = store.items.len();
    let evidence = parsed.evidence.len();
    let (record_lines, records) = record_items(store, seen, file, parsed.records, start + evidence);
    if start == 0 {
        store.items = parsed.evidence;
    } else {
        store.items.extend(parsed.evidence);
    }
    store.items.extend(records);
    seen.item_files.push(ItemFile {
        start,
        path: file.to_owned(),
        evidence,
        record_lines,
    });
    let (items, hasher) = (&store.items, &store.hasher);
    store
        .index
        .reserve(items.len() - start, |&at| hasher.hash_one(&items[at].id));
    for at in start..store.items.len() {
        if !is_evidence_id(&store.items[at].id) {
            return Err(StoreError::InvalidId {
                kind: "evidence id",
                id: store.items[at].id.clone(),
                origin: item_origin(&seen.item_files, at, ".id"),
            });
        }
        if let Err(first) = store.index_item(at) {
            // One evidence.v1 file defines each id once; two files may hold
            // one item alike, and records of one URL may come twice.
            let records =
                store.items[first].link_check.is_some() && store.items[at].link_check.is_some();
            if first >= start && !records {
                return Err(StoreError::Duplicate {
                    kind: "evidence id",
                    id: store.items[at].id.clone(),
                    first: item_origin(&seen.item_files, first, ""),
                    second: item_origin(&seen.item_files, at, ""),
                });
            }
            merge_duplicate(store, seen, first, at)?;
        }
    }
    for (chapter, ids) in parsed.chapters {
        let here = origin(format!("chapters[{chapter:?}]"));
        let mut seen = HashMap::new();
        for (n, id) in ids.iter().enumerate() {
            if !is_evidence_id(id) {
                return Err(StoreError::InvalidId {
                    kind: "chapter list entry",
                    id: id.clone(),
                    origin: Box::new(origin(format!("chapters[{chapter:?}][{n}]"))),
                });
            }
            if let Some(first) = seen.insert(id.as_str(), n) {
                return Err(StoreError::Duplicate {
                    kind: "citation",
                    id: id.clone(),
                    first: Box::new(origin(format!("chapters[{chapter:?}][{first}]"))),
                    second: Box::new(origin(format!("chapters[{chapter:?}][{n}]"))),
                });
            }
        }
        if let Some(first) = store.chapters.get(&chapter) {
            return Err(StoreError::Duplicate {
                kind: "chapter citation list",
                id: chapter,
                first: Box::new(first.origin.clone()),
                second: Box::new(here),
            });
        }
        store
            .chapters
            .insert(chapter, CitationList { ids, origin: here });
    }
    Ok(())
}
/// The items of a `*.jsonl` file's lines, to go at store position `at`,
/// and their lines; records that fail their checks are noted.
fn record_items(
    store: &mut Store,
    seen: &mut Seen,
    file: &Path,
    lines: Vec<citation::Line>,
    at: usize,
) -> (Vec<usize>, Vec<EvidenceItem>) {
    let mut record_lines = Vec::new();
    let mut records = Vec::new();
    for line in lines {
        if let Some(reason) = line.defect.clone() {
            store.invalid_records.push(InvalidRecord {
                id: line.item.as_ref().map(|item| item.id.clone()),
                origin: Origin {
                    file: file.to_owned(),
                    json_path: format!("line {}", line.number),
                },
                reason,
            });
        }
        if let Some(item) = line.item {
            if line.defect.is_some() {
                seen.broken.insert(at + records.len());
            }
            record_lines.push(line.number);
            records.push(item);
        }
    }
    (record_lines, records)
}

/// Merges the item at `at` into the earlier one with its id, at `first`
/// (see [`merge`](mod@super::merge)).
fn merge_duplicate(
    store: &mut Store,
    seen: &mut Seen,
    first: usize,
    at: usize,
) -> Result<(), StoreError> {
    let first_at = item_origin(&seen.item_files, first, "");
    let later_at = item_origin(&seen.item_files, at, "");
    let flags = (
        Broken(seen.broken.contains(&first)),
        Broken(seen.broken.contains(&at)),
    );
    let later = std::mem::take(&mut store.items[at]);
    let id = later.id.clone();
    match merge::merge(
        &mut store.items[first],
        later,
        flags,
        (&first_at, &later_at),
    ) {
        Ok(reason) => {
            if flags.0.0 && !flags.1.0 {
                seen.broken.remove(&first);
            }
            if let Some(reason) = reason {
                store.invalid_records.push(InvalidRecord {
                    id: Some(id),
                    origin: *later_at,
                    reason,
                });
            }
            seen.merged_away.insert(at);
            Ok(())
        }
        Err(field) => Err(StoreError::Conflict {
            id,
            field,
            first: first_at,
            second: later_at,
        }),
    }
}

/// Once every file is merged: drops the items merged into others, gives
/// passage items their page's link check, and sources to records.
fn finish(store: &mut Store, seen: Seen) {
    if !seen.merged_away.is_empty() {
        let mut at = 0;
        store.items.retain(|_| {
            at += 1;
            !seen.merged_away.contains(&(at - 1))
        });
        store.index.clear();
        for at in 0..store.items.len() {
            // The ids are distinct now: every duplicate was merged away.
            let _ = store.index_item(at);
        }
    }
    let pairs: Vec<(usize, usize)> = (0..store.items.len())
        .filter_map(|at| {
            let page = merge::page_cid(&store.items[at].id)?;
            Some((at, store.position(page)?))
        })
        .collect();
    merge::inherit_link_checks(&mut store.items, &pairs);
    for record in seen.fetched {
        if let Some(at) = store.position(&record.id) {
            crate::store::fetched::attach(&mut store.items[at], record);
        }
    }
    merge::assign_record_sources(store);
    merge::title_untitled_records(store);
}

#[cfg(test)]
mod tests;
