//! A run that could not judge the book (a store, config or template that
//! cannot be used, a book that does not load): what went wrong and where,
//! taken from the error types' fields, for every output format.

use crate::emit_error::EmitError;
use evidence_core::config::ConfigError;
use evidence_core::env::Environment;
use evidence_core::error::{SetupError, TemplateError};
use evidence_core::order::UnexpandedDirective;
use evidence_core::store::StoreError;
use std::path::{Path, PathBuf};

/// Why a run stopped before judging, and where the cause is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong and how to fix it (the whole error chain).
    pub message: String,
    /// The file (and place in it) at fault, when known.
    pub location: Option<FailureLocation>,
    /// Each error of a store file, with its line and column, drawn with
    /// the line at fault (every one the store had, not only the first).
    pub(crate) parts: Vec<FailurePart>,
}

/// One error of a store file: what is wrong (the message without its
/// place) and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailurePart {
    /// What is wrong and how to fix it.
    pub message: String,
    /// Where: a file, a line and a column.
    pub location: FailureLocation,
    /// How many errors it stands for: 1, or those of a file not listed.
    pub count: usize,
}

/// Where the cause of a [`Failure`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailureLocation {
    /// The file: relative to the book's root, or absolute.
    pub(crate) file: PathBuf,
    /// 1-based line, when known.
    pub(crate) line: Option<usize>,
    /// 1-based column (in characters), when known.
    pub(crate) column: Option<usize>,
    /// The JSON path of the offending value in a store file, when known.
    pub(crate) json_path: Option<String>,
}

impl FailureLocation {
    /// The whole file `file`.
    fn file(file: impl Into<PathBuf>) -> FailureLocation {
        FailureLocation {
            file: file.into(),
            line: None,
            column: None,
            json_path: None,
        }
    }

    /// `file` at `line` and `column` (0: unknown).
    fn at(file: impl Into<PathBuf>, line: usize, column: usize) -> FailureLocation {
        FailureLocation {
            line: (line > 0).then_some(line),
            column: (line > 0 && column > 0).then_some(column),
            ..FailureLocation::file(file)
        }
    }

    /// `file:line:column`, as far as known, with the file shown by `show`.
    pub(crate) fn display(&self, show: impl Fn(&Path) -> String) -> String {
        let mut out = show(&self.file);
        if let Some(line) = self.line {
            out.push_str(&format!(":{line}"));
            if let Some(column) = self.column {
                out.push_str(&format!(":{column}"));
            }
        }
        out
    }
}

impl Failure {
    /// The failure of a run of the book at `root`, in `environment`, that
    /// stopped with `error`: its message, and the location held by the
    /// first error of its chain that has one (none in book.toml for a
    /// value one of `environment`'s variables set).
    pub fn new(error: &anyhow::Error, root: &Path, environment: &Environment) -> Failure {
        let location = error.chain().find_map(|cause| {
            if let Some(e) = cause.downcast_ref::<SetupError>() {
                return setup_location(e, root, environment);
            }
            if let Some(e) = cause.downcast_ref::<UnexpandedDirective>() {
                return Some(unexpanded_location(e));
            }
            if let Some(e) = cause.downcast_ref::<StoreError>() {
                return Some(store_location(e, root, environment));
            }
            if let Some(e) = cause.downcast_ref::<ConfigError>() {
                return config_location(e, root);
            }
            if let Some(e) = cause.downcast_ref::<TemplateError>() {
                return Some(template_location(e, root));
            }
            cause
                .downcast_ref::<EmitError>()
                .and_then(|e| emit_location(e, root, environment))
        });
        let parts = error
            .chain()
            .find_map(|cause| match cause.downcast_ref::<SetupError>() {
                Some(SetupError::Store(e)) => Some(e),
                _ => cause.downcast_ref::<StoreError>(),
            })
            .map(|e| store_parts(e, root, environment))
            .unwrap_or_default();
        Failure {
            message: format!("{error:#}"),
            location,
            parts,
        }
    }
}

/// Each error of `error`, with its message from after its
/// `file:line:col: `: every one of several, one alone when it has a line
/// to draw.
fn store_parts(error: &StoreError, root: &Path, environment: &Environment) -> Vec<FailurePart> {
    let several = error.each().len() > 1;
    error
        .each()
        .iter()
        .filter_map(|one| {
            let location = store_location(one, root, environment);
            if !several {
                location.line?;
            }
            let message = one.to_string();
            let place = format!("{}: ", location.display(|p| p.display().to_string()));
            let message = message.strip_prefix(&place).unwrap_or(&message).to_owned();
            Some(FailurePart {
                message,
                location,
                count: one.count(),
            })
        })
        .collect()
}

fn setup_location(
    error: &SetupError,
    root: &Path,
    environment: &Environment,
) -> Option<FailureLocation> {
    match error {
        SetupError::Config(e) => config_location(e, root),
        SetupError::Template(e) => Some(template_location(e, root)),
        SetupError::Store(e) => Some(store_location(e, root, environment)),
        SetupError::Unexpanded(e) => Some(unexpanded_location(e)),
    }
}

/// Where an unexpanded `{{#include}}` is: the chapter, at the directive.
fn unexpanded_location(error: &UnexpandedDirective) -> FailureLocation {
    FailureLocation::at(&error.path, error.line, error.column)
}

/// Where a store error is: its fields, never its message.
fn store_location(error: &StoreError, root: &Path, environment: &Environment) -> FailureLocation {
    match error {
        // The key that names the path: where to fix it.
        StoreError::Missing(path, _) => key_location("store", path, root, environment),
        StoreError::MissingSupport(path, _) => key_location("support", path, root, environment),
        StoreError::NotAFile(path)
        | StoreError::Io { path, .. }
        | StoreError::TooLarge { path, .. }
        | StoreError::Unlisted { path, .. } => FailureLocation::file(path),
        StoreError::NotUtf8 { path, offset } => {
            // The line of the invalid byte, read again: the error only
            // keeps its offset.
            let line = evidence_core::limits::read_file(
                &root.join(path),
                evidence_core::limits::Limit::file(),
            )
            .ok()
            .map(|bytes| {
                let before = &bytes[..(*offset).min(bytes.len())];
                before.iter().filter(|&&b| b == b'\n').count() + 1
            })
            .unwrap_or(0);
            FailureLocation::at(path, line, 0)
        }
        StoreError::Syntax {
            path, line, column, ..
        } => FailureLocation::at(path, *line, *column),
        StoreError::Schema {
            path,
            json_path,
            line,
            column,
            ..
        } => FailureLocation {
            json_path: Some(json_path.clone()),
            ..FailureLocation::at(path, *line, *column)
        },
        StoreError::SchemaVersion { path, line, .. } | StoreError::Record { path, line, .. } => {
            FailureLocation::at(path, *line, 0)
        }
        StoreError::Several(errors) => errors.first().map_or_else(
            || FailureLocation::file(PathBuf::new()),
            |first| store_location(first, root, environment),
        ),
        StoreError::Duplicate { second: origin, .. }
        | StoreError::Conflict { second: origin, .. }
        | StoreError::InvalidId { origin, .. } => FailureLocation {
            json_path: Some(origin.json_path.clone()),
            ..FailureLocation::file(&origin.file)
        },
    }
}

/// The value of `key` in book.toml, which names `path` (the path itself
/// when book.toml does not hold the key: a variable of `environment` set
/// it).
fn key_location(key: &str, path: &Path, root: &Path, environment: &Environment) -> FailureLocation {
    config_location(&ConfigError::invalid(key, String::new(), environment), root)
        .filter(|location| location.line.is_some())
        .unwrap_or_else(|| FailureLocation::file(path))
}

/// Where a template error is: the template file (relative to the book
/// when inside it), line and column.
fn template_location(error: &TemplateError, root: &Path) -> FailureLocation {
    let file = error.path.strip_prefix(root).unwrap_or(&error.path);
    FailureLocation::at(file, error.line, error.column)
}

/// Where a configuration error is: the key (or value) at fault in
/// `book.toml`, found in the file; the file alone when the key is not in
/// it. None for a value set by an `MDBOOK_PREPROCESSOR__EVIDENCE__*`
/// variable, which the message names: no file holds it.
fn config_location(error: &ConfigError, root: &Path) -> Option<FailureLocation> {
    let (key, at_value) = match error {
        ConfigError::MissingStore => ("", false),
        ConfigError::UnknownKey { key, .. } => (key.as_str(), false),
        ConfigError::Invalid { key, .. } => (key.as_str(), true),
        ConfigError::FromEnvironment { .. } | ConfigError::Environment { .. } => return None,
    };
    let file = PathBuf::from("book.toml");
    let Ok(text) =
        evidence_core::limits::read_text(&root.join(&file), evidence_core::limits::Limit::file())
    else {
        return Some(FailureLocation::file(file));
    };
    Some(match toml_key_offset(&text, key, at_value) {
        Some(offset) => {
            let (line, column) = evidence_core::source_map::line_column(&text, offset);
            FailureLocation::at(file, line, column)
        }
        None => FailureLocation::file(file),
    })
}

/// The byte offset in `book.toml`'s `text` of `key` (dotted, with `[i]`
/// array indices) under `[preprocessor.evidence]`: of its value when
/// `at_value`, else of the key itself; of the table when `key` is empty.
fn toml_key_offset(text: &str, key: &str, at_value: bool) -> Option<usize> {
    let document = toml_edit::Document::parse(text).ok()?;
    let preprocessor = document.get("preprocessor")?.as_table_like()?;
    let (table_key, table) = preprocessor.get_key_value("evidence")?;
    let mut found = table_key.span().or_else(|| table.span())?.start;
    let mut item = table;
    for part in key.split('.').filter(|p| !p.is_empty()) {
        let (name, indices) = match part.find('[') {
            Some(at) => (&part[..at], &part[at..]),
            None => (part, ""),
        };
        let Some((k, value)) = item.as_table_like().and_then(|t| t.get_key_value(name)) else {
            return Some(found);
        };
        found = if at_value { value.span() } else { k.span() }
            .or_else(|| k.span())
            .map_or(found, |s| s.start);
        item = value;
        if let Some(index) = indices
            .split(['[', ']'])
            .find_map(|i| i.parse::<usize>().ok())
        {
            let element = item.as_array().and_then(|a| a.get(index));
            return Some(element.and_then(|e| e.span()).map_or(found, |s| s.start));
        }
    }
    Some(found)
}

/// Where a report file that could not be written is: the file, or the
/// `report` key that asked for a place it may not go.
fn emit_location(
    error: &EmitError,
    root: &Path,
    environment: &Environment,
) -> Option<FailureLocation> {
    match error {
        EmitError::Report { path, .. } => Some(FailureLocation::file(path)),
        EmitError::Refused(refusal) => {
            let error = ConfigError::invalid("report", refusal.to_string(), environment);
            config_location(&error, root)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK_TOML: &str = "[book]\ntitle = \"東京 T\"\n\n[preprocessor.evidence]\nstore = \"evidence\"\nmdoe = \"warn\"\nexclude = [\"a\", \"[\"]\n\n[preprocessor.evidence.diversity]\nmin-items = -1\n";

    fn at(key: &str, at_value: bool) -> (usize, usize) {
        let offset = toml_key_offset(BOOK_TOML, key, at_value).expect("found");
        evidence_core::source_map::line_column(BOOK_TOML, offset)
    }

    #[test]
    fn config_keys_are_found_in_book_toml() {
        assert_eq!(at("mdoe", false), (6, 1));
        assert_eq!(at("store", true), (5, 9));
        assert_eq!(at("exclude[1]", true), (7, 17));
        assert_eq!(at("diversity.min-items", true), (10, 13));
        // A key that is not in the file (an environment override): the table.
        assert_eq!(at("mode", true).0, 4);
        assert_eq!(at("", false).0, 4);
        assert_eq!(toml_key_offset("[book]\n", "mode", true), None);
        assert_eq!(toml_key_offset("not toml [", "mode", true), None);
    }

    #[test]
    fn store_errors_are_located_by_their_fields() {
        let error = StoreError::Schema {
            path: "evidence/s.json".into(),
            json_path: "evidence[2].url".into(),
            line: 7,
            column: 12,
            message: "expected a string".into(),
        };
        let location = store_location(&error, Path::new("/nowhere"), &Environment::default());
        assert_eq!(
            location.display(|p| p.display().to_string()),
            "evidence/s.json:7:12"
        );
        assert_eq!(location.json_path.as_deref(), Some("evidence[2].url"));
        let error = StoreError::SchemaVersion {
            path: "evidence/s.json".into(),
            line: 0,
            found: "no schema_version".into(),
        };
        let location = store_location(&error, Path::new("/nowhere"), &Environment::default());
        assert_eq!((location.line, location.column), (None, None));
    }
}
