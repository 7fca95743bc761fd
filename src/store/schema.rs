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
    crate::json_input::from_str(text).map_err(|err| {
        let message = explain(text, &err);
        let (at_line, column) = value_start(text, err.line, err.column);
        StoreError::Schema {
            path: path.to_owned(),
            json_path: err.json_path,
            line: line.unwrap_or(at_line),
            column,
            message,
        }
    })
}

/// Where to point for a value that does not fit, which serde reports just
/// after it (1-based `line`, `column` in bytes): at the opening quote of a
/// string (a date, a name, a key), else where serde stopped; as a line and
/// a column in characters, as editors count them.
fn value_start(text: &str, line: usize, column: usize) -> (usize, usize) {
    if line == 0 {
        return (line, column);
    }
    let Some(end) = crate::json_input::offset_of(text, line, column) else {
        return (line, column);
    };
    let before = &text[..text.floor_char_boundary(end)];
    let start = before
        .strip_suffix('"')
        .and_then(opening_quote)
        .unwrap_or(before.len());
    crate::source_map::line_column(text, start)
}

/// The offset of the quote that opens the JSON string whose closing quote
/// `before` ends just before: the last `"` not escaped (inside a string
/// every `"` is).
fn opening_quote(before: &str) -> Option<usize> {
    let mut end = before.len();
    while let Some(at) = before[..end].rfind('"') {
        let backslashes = before[..at]
            .bytes()
            .rev()
            .take_while(|&b| b == b'\\')
            .count();
        if backslashes % 2 == 0 {
            return Some(at);
        }
        end = at;
    }
    None
}

/// serde's message, with help: the known field nearest a mistyped one, and
/// where a key given twice was first given.
fn explain(text: &str, err: &crate::json_input::JsonError) -> String {
    let message = &err.message;
    // The nearest field is named below, among the fields.
    let serde_words = message
        .split_once("; did you mean")
        .map_or(message.as_str(), |(m, _)| m);
    if let Some(rest) = serde_words.strip_prefix("unknown field `")
        && let Some((field, expected)) = rest.split_once('`')
    {
        let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        let hint = crate::suggest::closest(field, known.iter().copied())
            .map(|k| format!("did you mean `{k}`? "))
            .unwrap_or_default();
        return format!(
            "unknown field `{field}`: {hint}The fields here are {}. Fields are checked so that a typo is not silently ignored; a store written for a newer format says so in its `schema_version`.",
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for (prefix, what) in [
        ("duplicate field `", "field"),
        ("duplicate chapter `", "chapter"),
    ] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some((key, _)) = rest.split_once('`')
            && let Some((line, column)) = first_key(text, key, err.line, err.column)
        {
            return format!(
                "{what} `{key}` is given twice in one object (first at line {line}, column {column}); JSON keeps only one of them: merge the two"
            );
        }
    }
    message.clone()
}

/// The line and column of the first `"key":` in `text` before the error
/// at `line`:`column` (a text search: good enough to point at it).
fn first_key(text: &str, key: &str, line: usize, column: usize) -> Option<(usize, usize)> {
    let quoted = serde_json::to_string(key).ok()?;
    let end = crate::json_input::offset_of(text, line, column)?;
    let mut from = 0;
    while let Some(at) = text.get(from..end)?.find(&quoted) {
        let start = from + at;
        let after = &text[start + quoted.len()..];
        if after.trim_start().starts_with(':') {
            let before = &text[..start];
            let line = before.matches('\n').count() + 1;
            let column = before
                .rfind('\n')
                .map_or(before, |nl| &before[nl + 1..])
                .chars()
                .count()
                + 1;
            return Some((line, column));
        }
        from = start + quoted.len();
    }
    None
}
