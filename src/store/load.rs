//! Loading store files from disk into a [`Store`].

use super::model::{EvidenceItem, Source};
use super::{CitationList, Origin, SCHEMA_VERSIONS, Store, is_valid_id};
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
    /// A store directory without any `*.json` file.
    #[error("evidence store directory `{}` holds no *.json file; add a store file or point `store` at another directory", .0.display())]
    EmptyDirectory(PathBuf),
    /// An I/O error while reading a store file or directory.
    #[error("cannot read evidence store `{}`: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
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
    /// A store file with a missing or unknown `schema_version`.
    #[error("{}: {found}; this build reads schema_version {}", path.display(), versions())]
    SchemaVersion {
        /// The file.
        path: PathBuf,
        /// What the file says (or that it says nothing).
        found: String,
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
    SCHEMA_VERSIONS
        .iter()
        .map(|v| format!("\"{v}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One `evidence.v1` file as written on disk.
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
                    .is_some_and(|ext| ext == "json")
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
    let mut item_files: Vec<(usize, PathBuf)> = Vec::new();
    let mut source_origins: HashMap<String, Origin> = HashMap::new();
    for file in files {
        let bytes = std::fs::read(root.join(&file)).map_err(|source| StoreError::Io {
            path: file.clone(),
            source,
        })?;
        let parsed = parse_file(&file, &bytes)?;
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
    store.items.shrink_to_fit();
    Ok(store)
}

/// Parses one store file, checking its encoding, syntax and version.
fn parse_file(path: &Path, bytes: &[u8]) -> Result<StoreFile, StoreError> {
    let text = std::str::from_utf8(bytes).map_err(|err| StoreError::NotUtf8 {
        path: path.to_owned(),
        offset: err.valid_up_to(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(StoreError::Syntax {
            path: path.to_owned(),
            line: 1,
            column: 1,
            message: "the file is empty; a store is a JSON object with \"schema_version\": \"evidence.v1\"".into(),
        });
    }

    // The happy path is one plain pass. Only a file that does not parse is
    // read again: first for its version (an unknown version explains the
    // rest), then with the JSON path tracked for the error message.
    let mut file = match serde_json::from_str::<StoreFile>(text) {
        Ok(file) => file,
        Err(plain) => {
            let probe: VersionProbe =
                serde_json::from_str(text).map_err(|err| syntax(path, &err))?;
            check_version(path, probe.schema_version)?;
            let mut de = serde_json::Deserializer::from_str(text);
            let (json_path, err) = match serde_path_to_error::deserialize::<_, StoreFile>(&mut de) {
                Err(err) => (err.path().to_string(), err.into_inner()),
                // The same parse, tracked, cannot succeed; if it did, the
                // plain error still says what and where.
                Ok(_) => (".".to_owned(), plain),
            };
            return Err(StoreError::Schema {
                path: path.to_owned(),
                json_path,
                line: err.line(),
                column: err.column(),
                message: strip_position(&err.to_string()),
            });
        }
    };
    check_version(path, file.schema_version.take())?;
    Ok(file)
}

/// Accepts the versions this build reads.
fn check_version(path: &Path, version: Option<serde_json::Value>) -> Result<(), StoreError> {
    match version {
        Some(serde_json::Value::String(v)) if SCHEMA_VERSIONS.contains(&v.as_str()) => Ok(()),
        Some(serde_json::Value::String(v)) => Err(StoreError::SchemaVersion {
            path: path.to_owned(),
            found: format!("unknown schema_version {v:?}"),
        }),
        Some(other) => Err(StoreError::SchemaVersion {
            path: path.to_owned(),
            found: format!("schema_version must be a string, found {other}"),
        }),
        None => Err(StoreError::SchemaVersion {
            path: path.to_owned(),
            found: "missing \"schema_version\"; add \"schema_version\": \"evidence.v1\"".into(),
        }),
    }
}

/// serde_json appends " at line L column C" to its messages; we print the
/// position in front, as `file:line:col`, so drop the suffix.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

fn syntax(path: &Path, err: &serde_json::Error) -> StoreError {
    if err.is_data() {
        // The probe only fails on data when the top level is not an object.
        return StoreError::Schema {
            path: path.to_owned(),
            json_path: ".".into(),
            line: err.line(),
            column: err.column(),
            message: "a store file must be a JSON object with \"schema_version\", \"sources\" and \"evidence\"".into(),
        };
    }
    StoreError::Syntax {
        path: path.to_owned(),
        line: err.line(),
        column: err.column(),
        message: strip_position(&err.to_string()),
    }
}

/// Merges a parsed file into the store. `item_files` records where each
/// file's items start in the store, so that a duplicate can be traced to
/// its file and position without keeping an origin per item.
fn merge(
    store: &mut Store,
    item_files: &mut Vec<(usize, PathBuf)>,
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
    if start == 0 {
        store.items = parsed.evidence;
    } else {
        store.items.extend(parsed.evidence);
    }
    item_files.push((start, file.to_owned()));
    let origin_of = |item_files: &[(usize, PathBuf)], at: usize, suffix: &str| {
        let (file_start, file) = item_files
            .iter()
            .rev()
            .find(|(file_start, _)| *file_start <= at)
            .expect("every item comes from a merged file");
        Box::new(Origin {
            file: file.clone(),
            json_path: format!("evidence[{}]{suffix}", at - file_start),
        })
    };
    let (items, hasher) = (&store.items, &store.hasher);
    store
        .index
        .reserve(items.len() - start, |&at| hasher.hash_one(&items[at].id));
    for at in start..store.items.len() {
        if !is_valid_id(&store.items[at].id) {
            return Err(StoreError::InvalidId {
                kind: "evidence id",
                id: store.items[at].id.clone(),
                origin: origin_of(item_files, at, ".id"),
            });
        }
        if let Err(first) = store.index_item(at) {
            return Err(StoreError::Duplicate {
                kind: "evidence id",
                id: store.items[at].id.clone(),
                first: origin_of(item_files, first, ""),
                second: origin_of(item_files, at, ""),
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
}
