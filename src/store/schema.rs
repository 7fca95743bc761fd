//! What both store formats share when reading a document: the
//! `schema_version` check and typed deserialization with positions.

use super::StoreError;
use std::path::Path;

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
    crate::json_input::from_str(text).map_err(|err| StoreError::Schema {
        path: path.to_owned(),
        json_path: err.json_path,
        line: line.unwrap_or(err.line),
        column: err.column,
        message: err.message,
    })
}
