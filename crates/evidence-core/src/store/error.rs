//! Why a store cannot be loaded: every refusal names the file and the
//! place in it, and says how to fix it.

use crate::limits;
use crate::store::{CITATION_V1, EVIDENCE_V1, Origin, SUPPORT_V1};
use std::path::{Path, PathBuf};

/// A store that cannot be loaded. Each variant names the file and says how
/// to fix it; none of them leaves a partly loaded store behind.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A configured store path does not exist (and the existing path
    /// nearest it).
    #[error("evidence store `{}` does not exist{}; check `store` under [preprocessor.evidence] (paths are relative to the book root)", .0.display(), .1)]
    Missing(PathBuf, Nearest),
    /// A path under the `support` key that does not exist.
    #[error("support file `{}` does not exist{}; check `support` under [preprocessor.evidence] (paths are relative to the book root)", .0.display(), .1)]
    MissingSupport(PathBuf, Nearest),
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
    /// An evidence id given by two `evidence.v1` items that differ (two
    /// items alike are one, merged).
    #[error(
        "evidence id `{id}` is defined twice: in {first} and in {second}, differently (their `{field}` differs); keep one of them, or give each its own id (`import --book` gives a passage its own id when the store holds another passage under the same id)"
    )]
    Conflict {
        /// The id.
        id: String,
        /// The first field that differs.
        field: &'static str,
        /// The first definition.
        first: Box<Origin>,
        /// The second definition.
        second: Box<Origin>,
    },
    /// A line of a JSON Lines file (a `support.v1` verdict) that cannot be
    /// read as one record.
    #[error("{}:{line}: {message}", path.display())]
    Record {
        /// The `*.jsonl` file.
        path: PathBuf,
        /// The 1-based line of the record.
        line: usize,
        /// What is wrong.
        message: String,
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
    /// More than one of the errors above, in file order: all that reading
    /// the store found, so that they are fixed in one go.
    #[error("{} errors in the evidence store: {}", count(.0), numbered(.0))]
    Several(Vec<StoreError>),
    /// The errors of a file past the ones listed, counted.
    #[error("{}: {count} more sources or items do not fit either (only the first {} of a file are listed); fix these and run again", path.display(), crate::store::schema::MAX_LISTED)]
    Unlisted {
        /// The file.
        path: PathBuf,
        /// How many more.
        count: usize,
    },
}

impl StoreError {
    /// `errors` as one error: the one itself, or [`StoreError::Several`]
    /// (nested lists flattened).
    pub(super) fn several(errors: Vec<StoreError>) -> StoreError {
        let mut flat: Vec<StoreError> = Vec::with_capacity(errors.len());
        for error in errors {
            match error {
                StoreError::Several(inner) => flat.extend(inner),
                one => flat.push(one),
            }
        }
        if flat.len() == 1 {
            flat.remove(0)
        } else {
            StoreError::Several(flat)
        }
    }

    /// The file, line and column (in characters; 0 when not known) of an
    /// error located in a store file.
    pub(crate) fn position(&self) -> (PathBuf, usize, usize) {
        match self {
            StoreError::Syntax {
                path, line, column, ..
            }
            | StoreError::Schema {
                path, line, column, ..
            } => (path.clone(), *line, *column),
            StoreError::SchemaVersion { path, line, .. }
            | StoreError::Record { path, line, .. } => (path.clone(), *line, 0),
            StoreError::Several(errors) => errors
                .first()
                .map_or((PathBuf::new(), 0, 0), StoreError::position),
            StoreError::Duplicate { second: origin, .. }
            | StoreError::Conflict { second: origin, .. }
            | StoreError::InvalidId { origin, .. } => (origin.file.clone(), 0, 0),
            StoreError::Missing(path, _)
            | StoreError::MissingSupport(path, _)
            | StoreError::NotAFile(path)
            | StoreError::Io { path, .. }
            | StoreError::TooLarge { path, .. }
            | StoreError::NotUtf8 { path, .. }
            | StoreError::Unlisted { path, .. } => (path.clone(), 0, 0),
        }
    }

    /// How many errors this one stands for.
    pub fn count(&self) -> usize {
        match self {
            StoreError::Several(errors) => count(errors),
            StoreError::Unlisted { count, .. } => *count,
            _ => 1,
        }
    }

    /// Each error this one holds: itself, or the errors of a
    /// [`StoreError::Several`].
    pub fn each(&self) -> &[StoreError] {
        match self {
            StoreError::Several(errors) => errors,
            one => std::slice::from_ref(one),
        }
    }
}

/// How many errors `errors` stand for.
fn count(errors: &[StoreError]) -> usize {
    errors.iter().map(StoreError::count).sum()
}

/// `(1) first (2) second …`, for a message on one line.
fn numbered(errors: &[StoreError]) -> String {
    let parts: Vec<String> = errors
        .iter()
        .enumerate()
        .map(|(i, e)| format!("({}) {e}", i + 1))
        .collect();
    parts.join(" ")
}

/// The existing path nearest a configured path that does not exist, said
/// as ` (did you mean `evidence`?)`, or the nearest directory that exists.
#[derive(Debug, Default)]
pub struct Nearest(Option<NearestPath>, Vec<String>);

#[derive(Debug)]
enum NearestPath {
    /// The path with each missing name replaced by the nearest one.
    Similar(PathBuf),
    /// The deepest directory of the path that exists (not the root).
    Directory(PathBuf),
}

impl Nearest {
    /// The path nearest `path` (relative to `root`) that exists: each name
    /// that does not exist replaced by the nearest name in its directory
    /// (within two edits); else the deepest directory on the way.
    pub(super) fn to(root: &Path, path: &Path) -> Nearest {
        let mut found = PathBuf::new();
        let mut changed = false;
        for part in path.components() {
            let std::path::Component::Normal(name) = part else {
                found.push(part);
                continue;
            };
            if root.join(&found).join(name).exists() {
                found.push(name);
                continue;
            }
            let names = name_list(&root.join(&found));
            let near = name
                .to_str()
                .and_then(|name| crate::suggest::closest(name, names.iter().map(String::as_str)));
            match near {
                Some(near) => {
                    found.push(near);
                    changed = true;
                }
                None => {
                    if found.as_os_str().is_empty() || !root.join(&found).is_dir() {
                        return Nearest::default();
                    }
                    let mut files: Vec<String> = names
                        .into_iter()
                        .filter(|n| n.ends_with(".json") || n.ends_with(".jsonl"))
                        .collect();
                    files.sort();
                    return Nearest(Some(NearestPath::Directory(found)), files);
                }
            }
        }
        let similar = changed && root.join(&found).exists();
        Nearest(similar.then_some(NearestPath::Similar(found)), Vec::new())
    }
}

/// The names in a directory (the first 10,000: enough to find a typo,
/// bounded for a huge one).
fn name_list(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
                .take(10_000)
                .collect()
        })
        .unwrap_or_default()
}

impl std::fmt::Display for Nearest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(NearestPath::Similar(path)) => write!(f, " (did you mean `{}`?)", path.display()),
            Some(NearestPath::Directory(dir)) => {
                let mut names = self.1.iter().map(|name| format!("`{name}`"));
                let listed: Vec<String> = names.by_ref().take(3).collect();
                match (listed.is_empty(), names.next().is_some()) {
                    (true, _) => {
                        write!(f, " (`{}` holds no *.json or *.jsonl file)", dir.display())
                    }
                    (false, more) => write!(
                        f,
                        " (`{}` holds {}{})",
                        dir.display(),
                        listed.join(", "),
                        if more { ", …" } else { "" }
                    ),
                }
            }
            None => Ok(()),
        }
    }
}

fn versions() -> String {
    format!(
        "\"{EVIDENCE_V1}\" (a *.json store file), \"{CITATION_V1}\" (each line of a *.jsonl file) and \"{SUPPORT_V1}\" (each line of a *.jsonl file of verdicts)"
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

/// A store file that is not valid JSON, or whose top level is no object.
fn syntax(path: &Path, err: &serde_json::Error) -> StoreError {
    if err.is_data() {
        // The probe only fails on data when the top level is not an object.
        return not_an_object(path, err.line(), err.column());
    }
    StoreError::Syntax {
        path: path.to_owned(),
        line: err.line(),
        column: err.column(),
        message: crate::json_input::strip_position(&err.to_string()),
    }
}

/// [`syntax`], naming a trailing comma where serde_json names the closer
/// after it.
pub(super) fn syntax_in(path: &Path, text: &str, err: &serde_json::Error) -> StoreError {
    match crate::json_input::trailing_comma(text, err.line(), err.column()) {
        Some((line, column, message)) if !err.is_data() => StoreError::Syntax {
            path: path.to_owned(),
            line,
            column,
            message,
        },
        _ => syntax(path, err),
    }
}

/// A store file whose top level is not an object.
pub(super) fn not_an_object(path: &Path, line: usize, column: usize) -> StoreError {
    StoreError::Schema {
        path: path.to_owned(),
        json_path: ".".into(),
        line,
        column,
        message: "a store file must be a JSON object with \"schema_version\", \"sources\" and \"evidence\"".into(),
    }
}
