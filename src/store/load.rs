//! Loading store files from disk into a [`Store`].

use super::model::{EvidenceItem, PaywallPolicy, Source};
use super::{CITATION_V1, CitationList, EVIDENCE_V1, Origin, Store, citation, is_valid_id};
use crate::limits;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;
use std::path::{Path, PathBuf};

/// A store that cannot be loaded. Each variant names the file and says how
/// to fix it; none of them leaves a partly loaded store behind.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A configured store path does not exist.
    #[error("evidence store `{}` does not exist; check `store` under [preprocessor.evidence] (paths are relative to the book root)", .0.display())]
    Missing(PathBuf),
    /// A store directory without any `*.json` or `*.jsonl` file.
    #[error("evidence store directory `{}` holds no *.json or *.jsonl file; add a store file or point `store` at another directory", .0.display())]
    EmptyDirectory(PathBuf),
    /// An I/O error while reading a store file or directory.
    #[error("cannot read evidence store `{}`: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A store path that is neither a file nor a directory (a device, a pipe).
    #[error("evidence store `{}` is not a regular file; point `store` at a JSON file or a directory of them", .0.display())]
    NotAFile(PathBuf),
    /// Store files larger, together, than the limit.
    #[error("evidence store `{}` takes the store files past {} (the limit); split the store or raise the limit with {}=<bytes>", path.display(), limits::size(*limit), limits::MAX_STORE_BYTES_VAR)]
    TooLarge {
        /// The file that went past the limit.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
    },
    /// A store file that is not UTF-8.
    #[error("evidence store `{}` is not UTF-8 (invalid byte at offset {offset}); save it as UTF-8", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// A store file that is not well-formed JSON.
    #[error("{}:{line}:{column}: malformed JSON in evidence store: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser found.
        message: String,
    },
    /// A well-formed store file whose values do not fit the schema.
    #[error("{}:{line}:{column}: `{json_path}`: {message}", path.display())]
    Schema {
        /// The file.
        path: PathBuf,
        /// The JSON path of the offending value, e.g. `evidence[12].published_at`.
        json_path: String,
        /// 1-based line (0 when unknown).
        line: usize,
        /// 1-based column (0 when unknown).
        column: usize,
        /// What was expected.
        message: String,
    },
    /// A store file (or a record of a `*.jsonl` file) with a missing or
    /// unknown `schema_version`.
    #[error("{}: {found}; this build reads schema_version {}", place(path, *line), versions())]
    SchemaVersion {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the record in a `*.jsonl` file; 0 for a
        /// `*.json` file, whose version is the file's.
        line: usize,
        /// What the file says (or that it says nothing).
        found: String,
    },
    /// A `citation.v1` record whose `normalized_url` or `cid` does not follow
    /// from its `url_original` (seed 002).
    #[error("{}:{line}: {message}", path.display())]
    Record {
        /// The `*.jsonl` file.
        path: PathBuf,
        /// The 1-based line of the record.
        line: usize,
        /// What is inconsistent.
        message: String,
    },
    /// An id (evidence, source or chapter) defined twice.
    #[error("{kind} `{id}` is defined twice: in {first} and in {second}; keep one of them")]
    Duplicate {
        /// `evidence id`, `source id` or `chapter`.
        kind: &'static str,
        /// The duplicated id.
        id: String,
        /// The first definition.
        first: Box<Origin>,
        /// The second definition.
        second: Box<Origin>,
    },
    /// An id that is not of the allowed shape.
    #[error("{origin}: invalid {kind} {id:?}: use ASCII letters, digits and `_ . : / -` only")]
    InvalidId {
        /// `evidence id` or `chapter list entry`.
        kind: &'static str,
        /// The id.
        id: String,
        /// Where it is.
        origin: Box<Origin>,
    },
}

fn versions() -> String {
    format!(
        "\"{EVIDENCE_V1}\" (a *.json store file) and \"{CITATION_V1}\" (each line of a *.jsonl file)"
    )
}

/// `file` or `file:line`.
fn place(path: &Path, line: usize) -> String {
    if line == 0 {
        path.display().to_string()
    } else {
        format!("{}:{line}", path.display())
    }
}

/// Whether a path names a `citation.v1` JSON Lines file.
fn is_jsonl(path: &Path) -> bool {
    path.extension().is_some_and(|ext| ext == "jsonl")
}

/// One `evidence.v1` file as written on disk (or the records of a
/// `citation.v1` file, with their lines).
#[derive(Deserialize)]
struct StoreFile {
    #[serde(default)]
    schema_version: Option<serde_json::Value>,
    #[serde(default)]
    sources: Vec<Source>,
    #[serde(default)]
    evidence: Vec<EvidenceItem>,
    #[serde(default)]
    chapters: BTreeMap<String, Vec<String>>,
    #[serde(skip)]
    records: Vec<(usize, EvidenceItem)>,
}

/// Only the version, read before the rest so that an unknown version is
/// reported as such rather than as a confusing field error.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(default)]
    schema_version: Option<serde_json::Value>,
}

/// Loads and merges the store files at `paths` (files or directories),
/// resolved against `root`. Files in a directory are read in name order.
pub fn load(root: &Path, paths: &[PathBuf]) -> Result<Store, StoreError> {
    let mut files = Vec::new();
    for path in paths {
        let full = root.join(path);
        let meta = std::fs::metadata(&full).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => StoreError::Missing(path.clone()),
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
                if Path::new(&name)
                    .extension()
                    .is_some_and(|ext| ext == "json" || ext == "jsonl")
                    && entry.path().is_file()
                {
                    found.push(path.join(name));
                }
            }
            if found.is_empty() {
                return Err(StoreError::EmptyDirectory(path.clone()));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }

    let mut store = Store::default();
    let mut item_files: Vec<ItemFile> = Vec::new();
    let mut source_origins: HashMap<String, Origin> = HashMap::new();
    let limit = limits::limit(limits::MAX_STORE_BYTES, limits::MAX_STORE_BYTES_VAR);
    let mut budget = limit;
    for file in files {
        let bytes = read_file(root, &file, &mut budget, limit)?;
        let parsed = parse_bytes(&file, &bytes)?;
        // The items own their text: the file's bytes can go before merging.
        drop(bytes);
        merge(
            &mut store,
            &mut item_files,
            &mut source_origins,
            &file,
            parsed,
        )?;
    }
    assign_record_sources(&mut store);
    store.items.shrink_to_fit();
    Ok(store)
}

/// Reads a store file: a regular file, within what is left of the budget.
fn read_file(
    root: &Path,
    file: &Path,
    budget: &mut u64,
    limit: u64,
) -> Result<Vec<u8>, StoreError> {
    let io = |source| StoreError::Io {
        path: file.to_owned(),
        source,
    };
    let handle = std::fs::File::open(root.join(file)).map_err(io)?;
    let meta = handle.metadata().map_err(io)?;
    let too_large = || StoreError::TooLarge {
        path: file.to_owned(),
        limit,
    };
    if !meta.is_file() {
        return Err(StoreError::NotAFile(file.to_owned()));
    }
    if meta.len() > *budget {
        return Err(too_large());
    }
    let bytes = limits::read_limited(handle, *budget)
        .map_err(io)?
        .ok_or_else(too_large)?;
    *budget -= bytes.len() as u64;
    Ok(bytes)
}

/// Loads one store file from its bytes, as [`load`] loads a file on disk;
/// `file` names it in messages (its extension picks the format). For
/// callers that hold the bytes already, and for fuzzing the loader.
pub fn load_bytes(file: &Path, bytes: &[u8]) -> Result<Store, StoreError> {
    let mut store = Store::default();
    let parsed = parse_bytes(file, bytes)?;
    merge(
        &mut store,
        &mut Vec::new(),
        &mut HashMap::new(),
        file,
        parsed,
    )?;
    assign_record_sources(&mut store);
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
        let records = citation::parse_jsonl(file, text)?;
        Ok(StoreFile {
            schema_version: None,
            sources: Vec::new(),
            evidence: Vec::new(),
            chapters: BTreeMap::new(),
            records,
        })
    } else {
        parse_file(file, text)
    }
}

/// Gives every item read from a `citation.v1` record a source, once the
/// whole registry is known. Records name no source: the registered source
/// whose longest `url_prefixes` entry starts the record's `url` is its
/// source; failing that, one source per host (`web:<host>`) is made up,
/// tier 3 (neither official nor monitor-only: nothing is known of it),
/// with the record's publisher or the host as publisher.
fn assign_record_sources(store: &mut Store) {
    let mut prefixes: Vec<(&str, &str)> = store
        .sources
        .values()
        .flat_map(|source| {
            source
                .url_prefixes
                .iter()
                .filter(|prefix| !prefix.is_empty())
                .map(|prefix| (prefix.as_str(), source.source_id.as_str()))
        })
        .collect();
    // Longest prefix first; ties by source id, so the choice is stable.
    prefixes.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.1.cmp(b.1)));
    let mut made_up: BTreeMap<String, Source> = BTreeMap::new();
    for item in &mut store.items {
        if item.link_check.is_none() || item.source_id.is_some() {
            continue;
        }
        let url = item.url.as_deref().unwrap_or_default();
        if let Some((_, source_id)) = prefixes.iter().find(|(prefix, _)| url.starts_with(prefix)) {
            item.source_id = Some((*source_id).to_owned());
            continue;
        }
        let host = url::Url::parse(url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned))
            .unwrap_or_else(|| "unknown-host".to_owned());
        let source_id = format!("web:{host}");
        if !store.sources.contains_key(&source_id) {
            made_up.entry(source_id.clone()).or_insert_with(|| Source {
                source_id: source_id.clone(),
                publisher: host,
                tier: 3,
                paywall_policy: PaywallPolicy::Full,
                url_prefixes: Vec::new(),
                tags: Vec::new(),
            });
        }
        item.source_id = Some(source_id);
    }
    store.sources.extend(made_up);
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
                serde_json::from_str(text).map_err(|err| syntax(path, &err))?;
            check(probe.schema_version)?;
            deserialize(path, text, None)
        }
    }
}

/// Checks the `schema_version` read from a file (or a record) against the
/// one such a file holds. `other` is the version of the other kind of file
/// and what to say when it is found; the error says what was found.
pub(super) fn check_version(
    found: Option<serde_json::Value>,
    expected: &str,
    other: (&str, &str),
    missing: &str,
) -> Result<(), String> {
    match found {
        Some(serde_json::Value::String(v)) if v == expected => Ok(()),
        Some(serde_json::Value::String(v)) if v == other.0 => Err(other.1.to_owned()),
        Some(serde_json::Value::String(v)) => Err(format!("unknown schema_version {v:?}")),
        Some(other) => Err(format!("schema_version must be a string, found {other}")),
        None => Err(missing.to_owned()),
    }
}

/// Deserializes `text`, naming the JSON path of a value that does not fit.
/// `line` is the line of `text` in its file when `text` is one line of it.
pub(super) fn deserialize<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
    line: Option<usize>,
) -> Result<T, StoreError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let json_path = err.path().to_string();
        let inner = err.into_inner();
        StoreError::Schema {
            path: path.to_owned(),
            json_path,
            line: line.unwrap_or(inner.line()),
            column: inner.column(),
            message: strip_position(&inner.to_string()),
        }
    })
}

/// serde_json appends " at line L column C" to its messages; we print the
/// position in front, as `file:line:col`, so drop the suffix.
pub(super) fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

fn syntax(path: &Path, err: &serde_json::Error) -> StoreError {
    if err.is_data() {
        // The probe only fails on data when the top level is not an object.
        return not_an_object(path, err.line(), err.column());
    }
    StoreError::Syntax {
        path: path.to_owned(),
        line: err.line(),
        column: err.column(),
        message: strip_position(&err.to_string()),
    }
}

fn not_an_object(path: &Path, line: usize, column: usize) -> StoreError {
    StoreError::Schema {
        path: path.to_owned(),
        json_path: ".".into(),
        line,
        column,
        message: "a store file must be a JSON object with \"schema_version\", \"sources\" and \"evidence\"".into(),
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
    let (file, place) = item_files
        .iter()
        .rev()
        .find_map(|file| Some((file, file.place(at)?)))
        .expect("every item comes from a merged file");
    Box::new(Origin {
        file: file.path.clone(),
        json_path: format!("{place}{suffix}"),
    })
}

/// Merges a parsed file into the store.
fn merge(
    store: &mut Store,
    item_files: &mut Vec<ItemFile>,
    source_origins: &mut HashMap<String, Origin>,
    file: &Path,
    parsed: StoreFile,
) -> Result<(), StoreError> {
    let origin = |json_path: String| Origin {
        file: file.to_owned(),
        json_path,
    };
    store.sources.reserve(parsed.sources.len());
    for (i, source) in parsed.sources.into_iter().enumerate() {
        let here = origin(format!("sources[{i}]"));
        if let Some(first) = source_origins.get(&source.source_id) {
            return Err(StoreError::Duplicate {
                kind: "source id",
                id: source.source_id,
                first: Box::new(first.clone()),
                second: Box::new(here),
            });
        }
        source_origins.insert(source.source_id.clone(), here);
        store.sources.insert(source.source_id.clone(), source);
    }
    // The parsed items become the store's (the first file's are not even
    // moved); each is checked and indexed where it lies.
    let start = store.items.len();
    let evidence = parsed.evidence.len();
    let (record_lines, records): (Vec<usize>, Vec<EvidenceItem>) =
        parsed.records.into_iter().unzip();
    if start == 0 {
        store.items = parsed.evidence;
    } else {
        store.items.extend(parsed.evidence);
    }
    store.items.extend(records);
    item_files.push(ItemFile {
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
        if !is_valid_id(&store.items[at].id) {
            return Err(StoreError::InvalidId {
                kind: "evidence id",
                id: store.items[at].id.clone(),
                origin: item_origin(item_files, at, ".id"),
            });
        }
        if let Err(first) = store.index_item(at) {
            return Err(StoreError::Duplicate {
                kind: "evidence id",
                id: store.items[at].id.clone(),
                first: item_origin(item_files, first, ""),
                second: item_origin(item_files, at, ""),
            });
        }
    }
    for (chapter, ids) in parsed.chapters {
        let here = origin(format!("chapters[{chapter:?}]"));
        let mut seen = HashMap::new();
        for (n, id) in ids.iter().enumerate() {
            if !is_valid_id(id) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
        std::fs::write(dir.join(name), text).unwrap();
        PathBuf::from(name)
    }

    fn load_one(text: &str) -> Result<Store, StoreError> {
        let dir = tempfile::tempdir().unwrap();
        let file = write(dir.path(), "store.json", text.as_bytes());
        load(dir.path(), &[file])
    }

    const MINIMAL: &str = r#"{"schema_version":"evidence.v1",
        "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
        "evidence":[{"id":"ev_1","source_id":"fed","url":"https://fed.gov/a","title":"A",
                     "published_at":"2026-02-10T14:00:00Z","future_field":{"x":1}}],
        "chapters":{"brief.md":["ev_1"]}}"#;

    #[test]
    fn loads_a_minimal_store_and_ignores_unknown_fields() {
        let store = load_one(MINIMAL).unwrap();
        assert_eq!(store.len(), 1);
        assert_eq!(store.item("ev_1").unwrap().title.as_deref(), Some("A"));
        assert_eq!(store.source("fed").unwrap().tier, 1);
        assert_eq!(
            store.citation_list(Path::new("brief.md")).unwrap().ids,
            ["ev_1"]
        );
    }

    #[test]
    fn malformed_json_names_line_and_column() {
        let err =
            load_one("{\"schema_version\": \"evidence.v1\",\n  \"evidence\": [,]}").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("store.json:2:"), "{msg}");
        assert!(msg.contains("malformed JSON"), "{msg}");
    }

    #[test]
    fn wrong_type_names_the_json_path() {
        let err = load_one(
            r#"{"schema_version":"evidence.v1","evidence":[{"id":"a"},{"id":"b","published_at":"yesterday"}]}"#,
        )
        .unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("`evidence[1].published_at`"), "{msg}");
        assert!(msg.contains("RFC 3339"), "{msg}");
    }

    #[test]
    fn tier_out_of_range_is_reported() {
        let err = load_one(
            r#"{"schema_version":"evidence.v1","sources":[{"source_id":"s","publisher":"P","tier":7}]}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("`sources[0].tier`"), "{err}");
    }

    #[test]
    fn unknown_or_missing_schema_version_names_the_readable_ones() {
        let err = load_one(r#"{"schema_version":"evidence.v9"}"#).unwrap_err();
        assert!(err.to_string().contains("\"evidence.v1\""), "{err}");
        let err = load_one(r#"{"evidence":[]}"#).unwrap_err();
        assert!(
            err.to_string().contains("missing \"schema_version\""),
            "{err}"
        );
    }

    #[test]
    fn empty_not_utf8_and_missing_each_have_their_own_error() {
        assert!(matches!(load_one("  \n"), Err(StoreError::Syntax { .. })));
        let dir = tempfile::tempdir().unwrap();
        let file = write(dir.path(), "bad.json", b"{\"schema_version\": \"\xff\"}");
        assert!(matches!(
            load(dir.path(), &[file]),
            Err(StoreError::NotUtf8 { offset: 20, .. })
        ));
        assert!(matches!(
            load(dir.path(), &[PathBuf::from("nope.json")]),
            Err(StoreError::Missing(_))
        ));
        std::fs::create_dir(dir.path().join("empty")).unwrap();
        assert!(matches!(
            load(dir.path(), &[PathBuf::from("empty")]),
            Err(StoreError::EmptyDirectory(_))
        ));
    }

    #[test]
    fn directory_merges_files_and_duplicates_name_both_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("ev")).unwrap();
        write(dir.path(), "ev/a.json", MINIMAL.as_bytes());
        write(
            dir.path(),
            "ev/b.json",
            br#"{"schema_version":"evidence.v1","evidence":[{"id":"ev_2"}]}"#,
        );
        write(dir.path(), "ev/notes.txt", b"ignored");
        let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
        assert_eq!(store.len(), 2);

        write(
            dir.path(),
            "ev/c.json",
            br#"{"schema_version":"evidence.v1","evidence":[{"id":"x"},{"id":"ev_1"}]}"#,
        );
        let msg = load(dir.path(), &[PathBuf::from("ev")])
            .unwrap_err()
            .to_string();
        assert!(msg.contains("ev/a.json (evidence[0])"), "{msg}");
        assert!(msg.contains("ev/c.json (evidence[1])"), "{msg}");
    }

    #[test]
    fn a_top_level_array_is_not_a_store() {
        for (text, at) in [
            ("[\"evidence.v1\"]", "store.json:1:1:"),
            ("\n  []", "store.json:2:3:"),
        ] {
            let msg = load_one(text).unwrap_err().to_string();
            assert!(msg.starts_with(at), "{msg}");
            assert!(msg.contains("must be a JSON object"), "{msg}");
        }
    }

    #[test]
    fn every_item_of_a_large_store_is_found_by_id() {
        let items: Vec<String> = (0..5000)
            .map(|i| format!(r#"{{"id":"ev_{i}","title":"T{i}"}}"#))
            .collect();
        let store = load_one(&format!(
            r#"{{"schema_version":"evidence.v1","evidence":[{}]}}"#,
            items.join(",")
        ))
        .unwrap();
        assert_eq!(store.len(), 5000);
        for i in 0..5000 {
            let (id, item) = store.item_entry(&format!("ev_{i}")).unwrap();
            assert_eq!(id, format!("ev_{i}"));
            assert_eq!(item.title.as_deref(), Some(format!("T{i}").as_str()));
        }
        assert!(store.item("ev_5000").is_none());
    }

    #[test]
    fn the_first_problem_in_file_order_is_reported() {
        let err = load_one(
            r#"{"schema_version":"evidence.v1","evidence":[{"id":"a"},{"id":"b"},{"id":"a"},{"id":"c d"}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("store.json (evidence[0]) and in store.json (evidence[2])"),
            "{err}"
        );
        let err = load_one(
            r#"{"schema_version":"evidence.v1","evidence":[{"id":"a"},{"id":"c d"},{"id":"a"}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("evidence[1].id"), "{err}");
    }

    #[test]
    fn invalid_ids_are_rejected() {
        let err =
            load_one(r#"{"schema_version":"evidence.v1","evidence":[{"id":"ev 1"}]}"#).unwrap_err();
        assert!(err.to_string().contains("evidence[0].id"), "{err}");
    }

    /// A `citation.v1` record line for `url_original`, with the right
    /// `normalized_url` and `cid` and `extra` JSON fields appended.
    fn record(url_original: &str, status: &str, extra: &str) -> String {
        let normalized = crate::store::normalize_url(url_original).unwrap();
        let cid = crate::store::cid(&normalized);
        format!(
            r#"{{"schema_version":"citation.v1","normalized_url":"{normalized}","cid":"{cid}","url":"{normalized}","url_original":"{url_original}","status":"{status}","checked_at":"2026-02-13T12:35:00Z","found_by":[{{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}}],"notes":"ok"{extra}}}"#
        )
    }

    fn load_jsonl(lines: &[String]) -> Result<Store, StoreError> {
        let dir = tempfile::tempdir().unwrap();
        let file = write(dir.path(), "citations.jsonl", lines.join("\n").as_bytes());
        load(dir.path(), &[file])
    }

    /// The seed's valid example, with the cid computed by `sha256sum`.
    const SEED_VALID: &str = r#"{"schema_version":"citation.v1","normalized_url":"https://example.com/doc","cid":"cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db","url":"https://example.com/doc","url_original":"https://example.com/doc?utm_source=x","status":"valid","checked_at":"2026-02-13T12:35:00Z","http_status":200,"title":"Example Doc","publisher":"Example","found_by":[{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}],"evidence_snippet":"This doc states ...","notes":"ok"}"#;

    #[test]
    fn a_jsonl_record_is_an_item_cited_by_its_cid() {
        let store = load_jsonl(&[SEED_VALID.to_owned()]).unwrap();
        let item = store
            .item("cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db")
            .unwrap();
        assert_eq!(item.title.as_deref(), Some("Example Doc"));
        assert_eq!(item.publisher.as_deref(), Some("Example"));
        assert_eq!(item.url.as_deref(), Some("https://example.com/doc"));
        assert_eq!(
            item.snippet_span.as_ref().unwrap().text,
            "This doc states ..."
        );
        assert_eq!(item.status, crate::store::Status::Active);
        assert!(item.published_at.is_none());
        assert_eq!(item.fetched_at.unwrap().to_string(), "2026-02-13T12:35:00Z");
        let check = item.link_check.as_ref().unwrap();
        assert_eq!(check.http_status, Some(200));
        // No registry: a tier-3 source per host is made up.
        assert_eq!(item.source_id.as_deref(), Some("web:example.com"));
        let source = store.source("web:example.com").unwrap();
        assert_eq!((source.tier, source.publisher.as_str()), (3, "example.com"));
    }

    #[test]
    fn failed_link_checks_load_as_invalid_items() {
        let lines: Vec<String> = ["invalid", "mismatch", "blocked", "paywalled", "valid"]
            .iter()
            .enumerate()
            .map(|(i, status)| record(&format!("https://example.com/{i}"), status, ""))
            .collect();
        let store = load_jsonl(&lines).unwrap();
        let status = |i: usize| {
            let normalized =
                crate::store::normalize_url(&format!("https://example.com/{i}")).unwrap();
            store.item(&crate::store::cid(&normalized)).unwrap().status
        };
        use crate::store::Status::{Active, Invalid};
        assert_eq!(
            [status(0), status(1), status(2), status(3), status(4)],
            [Invalid, Invalid, Invalid, Active, Active]
        );
    }

    #[test]
    fn records_take_the_registered_source_with_the_longest_url_prefix() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("ev")).unwrap();
        write(
            dir.path(),
            "ev/sources.json",
            br#"{"schema_version":"evidence.v1","sources":[
              {"source_id":"fed","publisher":"Federal Reserve","tier":1,"url_prefixes":["https://www.federalreserve.gov/"]},
              {"source_id":"fed_pr","publisher":"Federal Reserve Board","tier":1,"url_prefixes":["https://www.federalreserve.gov/newsevents/"]}]}"#,
        );
        let lines = [
            record(
                "https://www.federalreserve.gov/newsevents/pressreleases/x.htm",
                "valid",
                "",
            ),
            record(
                "https://www.federalreserve.gov/monetarypolicy.htm",
                "valid",
                "",
            ),
            record("https://blog.example.org/post", "valid", ""),
        ];
        write(
            dir.path(),
            "ev/citations.jsonl",
            lines.join("\r\n").as_bytes(),
        );
        let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
        let source_of = |url: &str| {
            let id = crate::store::cid(&crate::store::normalize_url(url).unwrap());
            store.item(&id).unwrap().source_id.clone().unwrap()
        };
        assert_eq!(
            source_of("https://www.federalreserve.gov/newsevents/pressreleases/x.htm"),
            "fed_pr"
        );
        assert_eq!(
            source_of("https://www.federalreserve.gov/monetarypolicy.htm"),
            "fed"
        );
        assert_eq!(
            source_of("https://blog.example.org/post"),
            "web:blog.example.org"
        );
    }

    #[test]
    fn a_wrong_normalized_url_or_cid_names_file_and_line() {
        // The seed's invalid example writes `https://dead.example.com`, but
        // parsing gives that URL the path `/`.
        let seed_invalid = r#"{"schema_version":"citation.v1","normalized_url":"https://dead.example.com","cid":"cid_x","url":"https://dead.example.com","url_original":"https://dead.example.com","status":"invalid","checked_at":"2026-02-13T12:35:00Z","http_status":404,"title":null,"publisher":null,"found_by":[{"wave":1,"perspective_id":"p2","agent_type":"PerplexityResearcher","artifact_path":"wave-1/p2.md"}],"evidence_snippet":null,"notes":"404"}"#;
        let err = load_jsonl(&[
            SEED_VALID.to_owned(),
            String::new(),
            seed_invalid.to_owned(),
        ])
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with("citations.jsonl:3: `normalized_url` is \"https://dead.example.com\""),
            "{err}"
        );
        assert!(
            err.contains("normalizes to \"https://dead.example.com/\""),
            "{err}"
        );

        let wrong_cid = SEED_VALID.replace("cid_9813a8", "cid_0000a8");
        let err = load_jsonl(&[wrong_cid]).unwrap_err().to_string();
        assert!(
            err.starts_with("citations.jsonl:1: `cid` is \"cid_0000a8"),
            "{err}"
        );
        assert!(err.contains("gives \"cid_9813a80c"), "{err}");

        let upper = SEED_VALID.replace("cid_9813a80c59ae", "cid_9813A80C59AE");
        assert!(
            load_jsonl(&[upper])
                .unwrap_err()
                .to_string()
                .contains("`cid`")
        );

        let relative = record("https://example.com/a", "valid", "").replace(
            "\"url_original\":\"https://example.com/a\"",
            "\"url_original\":\"/a\"",
        );
        let err = load_jsonl(&[relative]).unwrap_err().to_string();
        assert!(
            err.contains("citations.jsonl:1: `url_original` \"/a\" is not an absolute URL"),
            "{err}"
        );
    }

    #[test]
    fn every_record_needs_its_schema_version() {
        let good = record("https://example.com/a", "valid", "");
        let missing = good.replace(r#""schema_version":"citation.v1","#, "");
        let err = load_jsonl(&[good.clone(), missing])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("citations.jsonl:2: missing \"schema_version\""),
            "{err}"
        );
        assert!(
            err.contains("\"citation.v1\" (each line of a *.jsonl file)"),
            "{err}"
        );

        let newer = good.replace("citation.v1", "citation.v2");
        let err = load_jsonl(&[newer]).unwrap_err().to_string();
        assert!(
            err.contains("citations.jsonl:1: unknown schema_version \"citation.v2\""),
            "{err}"
        );

        // A citation.v1 record in a *.json file is pointed to the right place.
        let err = load_one(&good).unwrap_err().to_string();
        assert!(err.contains("go one per line in a *.jsonl file"), "{err}");
    }

    #[test]
    fn jsonl_syntax_and_type_errors_name_line_column_and_path() {
        let good = record("https://example.com/a", "valid", "");
        let err = load_jsonl(&[good.clone(), "{\"schema_version\": ".into()])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("citations.jsonl:2:"), "{err}");
        assert!(err.contains("malformed JSON"), "{err}");

        let bad_wave = good.replace("\"wave\":1", "\"wave\":\"one\"");
        let err = load_jsonl(&[bad_wave]).unwrap_err().to_string();
        assert!(err.starts_with("citations.jsonl:1:"), "{err}");
        assert!(err.contains("`found_by[0].wave`"), "{err}");

        let bad_status = good.replace("\"status\":\"valid\"", "\"status\":\"gone\"");
        let err = load_jsonl(&[bad_status]).unwrap_err().to_string();
        assert!(
            err.contains("`status`") && err.contains("paywalled"),
            "{err}"
        );

        let no_notes = good.replace(",\"notes\":\"ok\"", "");
        let err = load_jsonl(&[no_notes]).unwrap_err().to_string();
        assert!(err.contains("missing field `notes`"), "{err}");

        let bad_date = good.replace("2026-02-13T12:35:00Z", "2026-02-13");
        let err = load_jsonl(&[bad_date]).unwrap_err().to_string();
        assert!(
            err.contains("`checked_at`") && err.contains("RFC 3339"),
            "{err}"
        );

        let err = load_jsonl(&["[1, 2]".into()]).unwrap_err().to_string();
        assert!(err.contains("must be a JSON object"), "{err}");
    }

    #[test]
    fn a_cid_twice_names_both_lines() {
        let good = record("https://example.com/a", "valid", "");
        let again = record("https://example.com/a#other", "valid", "");
        let err = load_jsonl(&[good, again]).unwrap_err().to_string();
        assert!(err.contains("citations.jsonl (line 1)"), "{err}");
        assert!(err.contains("citations.jsonl (line 2)"), "{err}");
    }

    #[test]
    fn newer_fields_are_ignored_and_optional_fields_may_be_absent() {
        let newer = record(
            "https://example.com/a",
            "valid",
            r#","archived_url":"https://archive.example/x","found_by_v2":{"x":[1]}"#,
        );
        let store = load_jsonl(&[newer]).unwrap();
        assert_eq!(store.len(), 1);
        // An old evidence.v1 store without the rich fields of seed 001 loads,
        // and so does one with fields this build does not know.
        let store = load_one(
            r#"{"schema_version":"evidence.v1","evidence":[
                {"id":"old","url":"https://a.example/x","title":"T"},
                {"id":"rich","cited_text":"the grass is green","source_span":[0,18],
                 "document_title":"Grass","content":"the grass is green.",
                 "attribution":{"model":"future"},"confidence":0.9}]}"#,
        )
        .unwrap();
        let old = store.item("old").unwrap();
        assert!(old.cited_text.is_none() && old.source_span.is_none() && old.content.is_none());
        let rich = store.item("rich").unwrap();
        assert_eq!(rich.source_span, Some([0, 18]));
        assert_eq!(rich.display_title(), Some("Grass"));
        assert_eq!(rich.cited_passage(), Some("the grass is green"));
    }

    #[test]
    fn an_empty_jsonl_file_is_an_empty_store_and_a_directory_may_hold_only_jsonl() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("ev")).unwrap();
        write(dir.path(), "ev/citations.jsonl", b"\n\n");
        let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
        assert!(store.is_empty());
    }
}
