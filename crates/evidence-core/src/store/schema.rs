//! What both store formats share when reading a document: the
//! `schema_version` check and typed deserialization with positions.

use crate::json_input::JsonError;
use crate::store::StoreError;
use crate::store::model::{EvidenceItem, Source};
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
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
    crate::json_input::from_str(text).map_err(|err| schema_error(path, text, err, line))
}

/// The error of a value of `text` that does not fit, located in it.
fn schema_error(path: &Path, text: &str, err: JsonError, line: Option<usize>) -> StoreError {
    let message = explain(text, &err);
    // A value read whole before it is checked (a date) is reported past
    // its object: point at the value of its key instead. A name that is
    // not known is reported at itself.
    let about_key = ["unknown field", "duplicate"]
        .iter()
        .any(|p| err.message.starts_with(p));
    let key = err
        .json_path
        .rsplit('.')
        .next()
        .filter(|key| !about_key && !key.is_empty() && !key.ends_with(']'));
    let (at_line, column) = value_start(text, err.line, err.column, key);
    StoreError::Schema {
        path: path.to_owned(),
        json_path: err.json_path,
        line: line.unwrap_or(at_line),
        column,
        message,
    }
}

/// The top level of a store file, each source and item kept as its text.
#[derive(serde::Deserialize)]
struct Outline<'a> {
    #[serde(default, borrow)]
    sources: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    evidence: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    chapters: Option<&'a RawValue>,
}

/// The keys of a store file's top level, to name one that is not known.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // Read for the unknown keys only.
struct TopLevel {
    #[serde(default, rename = "$schema")]
    schema: IgnoredAny,
    #[serde(default)]
    schema_version: IgnoredAny,
    #[serde(default)]
    sources: IgnoredAny,
    #[serde(default)]
    evidence: IgnoredAny,
    #[serde(default)]
    chapters: IgnoredAny,
}

/// The `chapters` object, read as the loader reads it.
#[derive(serde::Deserialize)]
#[allow(dead_code)] // Read for its errors only.
struct Chapters(#[serde(deserialize_with = "chapter_lists")] BTreeMap<String, Vec<String>>);

/// Every value of the store file `text` that does not fit, given `first`,
/// the first one found reading the file whole: each source and each item is
/// read again on its own, so that a file with several mistakes has them all
/// reported at once, in file order (one is returned as it is). Only a file
/// that failed is read this way.
pub(super) fn every_error(path: &Path, text: &str, first: StoreError) -> StoreError {
    let Ok(outline) = serde_json::from_str::<Outline<'_>>(text) else {
        return first;
    };
    let sources = outline.sources.iter().enumerate().filter_map(|(i, value)| {
        element_error::<Source>(path, text, value, &format!("sources[{i}]"))
    });
    let items = outline
        .evidence
        .iter()
        .enumerate()
        .filter_map(|(i, value)| {
            element_error::<EvidenceItem>(path, text, value, &format!("evidence[{i}]"))
        });
    let chapters = outline
        .chapters
        .and_then(|value| element_error::<Chapters>(path, text, value, "chapters"));
    let top = deserialize::<TopLevel>(path, text, None).err();
    let mut found = sources.chain(items).chain(chapters).chain(top);
    let mut errors: Vec<StoreError> = found.by_ref().take(MAX_LISTED).collect();
    if !errors.iter().any(|e| same_place(e, &first)) {
        errors.push(first);
    }
    errors.sort_by_key(StoreError::position);
    // A pipeline's systematic mistake can make every item of a large file
    // wrong: the rest are counted, not each kept and printed.
    let more = found.count();
    if more > 0 {
        errors.push(StoreError::Unlisted {
            path: path.to_owned(),
            count: more,
        });
    }
    StoreError::several(errors)
}

/// The most errors of one file listed.
pub(super) const MAX_LISTED: usize = 50;

/// Whether two errors are at one place of one file.
fn same_place(a: &StoreError, b: &StoreError) -> bool {
    a.position() == b.position()
}

/// The error of one source or item (`value`, a slice of `text`, whose JSON
/// path is `at`), located in the whole file.
fn element_error<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
    value: &RawValue,
    at: &str,
) -> Option<StoreError> {
    let slice = value.get();
    let err = crate::json_input::from_str::<T>(slice).err()?;
    // The slice is borrowed from `text`: where it starts in the file.
    let base = (slice.as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|base| base + slice.len() <= text.len())?;
    let end = base + crate::json_input::offset_of(slice, err.line, err.column)?;
    let end = text.floor_char_boundary(end.min(text.len()));
    let line_start = text[..end].rfind('\n').map_or(0, |nl| nl + 1);
    let json_path = match err.json_path.as_str() {
        "." => at.to_owned(),
        inner if inner.starts_with('[') => format!("{at}{inner}"),
        inner => format!("{at}.{inner}"),
    };
    let err = JsonError {
        json_path,
        line: text[..end].matches('\n').count() + 1,
        column: end - line_start,
        ..err
    };
    Some(schema_error(path, text, err, None))
}

/// Where to point for a value that does not fit, which serde reports just
/// after it (1-based `line`, `column` in bytes): at the opening quote of a
/// string (a date, a name, a key), else where serde stopped; as a line and
/// a column in characters, as editors count them.
fn value_start(text: &str, line: usize, column: usize, key: Option<&str>) -> (usize, usize) {
    if line == 0 {
        return (line, column);
    }
    let Some(end) = crate::json_input::offset_of(text, line, column) else {
        return (line, column);
    };
    let before = &text[..text.floor_char_boundary(end)];
    let start = key
        .and_then(|key| value_of_key(before, key))
        .or_else(|| before.strip_suffix('"').and_then(opening_quote))
        .unwrap_or(before.len());
    crate::source_map::line_column(text, start)
}

/// The offset of the value of the last `"key":` in `before` (a text
/// search: good enough to point at it).
fn value_of_key(before: &str, key: &str) -> Option<usize> {
    let quoted = serde_json::to_string(key).ok()?;
    let mut end = before.len();
    while let Some(at) = before[..end].rfind(&quoted) {
        let after = &before[at + quoted.len()..];
        let trimmed = after.trim_start();
        if let Some(value) = trimmed.strip_prefix(':') {
            let value = value.trim_start();
            return Some(before.len() - value.len());
        }
        end = at;
    }
    None
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
fn explain(text: &str, err: &JsonError) -> String {
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

/// The `chapters` object, refusing a chapter given twice (JSON would keep
/// only the last list, silently).
pub(super) fn chapter_lists<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, Vec<String>>, D::Error> {
    struct Lists;
    impl<'de> serde::de::Visitor<'de> for Lists {
        type Value = BTreeMap<String, Vec<String>>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object of chapter paths to lists of evidence ids")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, ids)) = map.next_entry::<String, Vec<String>>()? {
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!(
                        "duplicate chapter `{key}`"
                    )));
                }
                out.insert(key, ids);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Lists)
}
