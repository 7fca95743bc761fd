//! Reading JSON a user wrote (stores, model answers, documents, config
//! tables) with errors a person can act on: the JSON path of the value that
//! does not fit, and its line and column.

use serde::de::DeserializeOwned;

/// JSON that could not be read as the type asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JsonError {
    /// The JSON path of the offending value (`evidence[3].title`), `.` for
    /// the top level.
    pub json_path: String,
    /// 1-based line; 0 when the JSON was already parsed (a value).
    pub line: usize,
    /// 1-based column; 0 when unknown.
    pub column: usize,
    /// What was expected, without serde_json's position suffix.
    pub message: String,
    /// Whether the JSON was well formed and only the value did not fit
    /// (false: malformed JSON, or the input ended early).
    pub is_data: bool,
}

impl JsonError {
    fn new(err: serde_path_to_error::Error<serde_json::Error>) -> JsonError {
        let json_path = err.path().to_string();
        let inner = err.into_inner();
        JsonError {
            json_path,
            line: inner.line(),
            column: inner.column(),
            message: strip_position(&inner.to_string()),
            is_data: inner.is_data(),
        }
    }
}

/// Deserializes `text` into `T`.
pub(crate) fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, JsonError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(JsonError::new)
}

/// Deserializes an already parsed `value` into `T`.
pub(crate) fn from_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, JsonError> {
    serde_path_to_error::deserialize(value).map_err(JsonError::new)
}

/// serde_json appends " at line L column C" to its messages; we print the
/// position in front, as `file:line:col`, so drop the suffix.
pub(crate) fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

/// The byte offset of 1-based `line` and `column` (serde_json counts
/// columns in bytes) in `text`, if they are inside it.
pub(crate) fn offset_of(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let offset = (start + column).min(text.len());
    Some(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Item {
        title: String,
    }

    #[test]
    fn names_the_path_and_position() {
        let err = from_str::<Vec<Item>>("[{\"title\": \"東京\"},\n {\"title\": 3}]").unwrap_err();
        assert_eq!(err.json_path, "[1].title");
        assert_eq!((err.line, err.column), (2, 12));
        assert!(err.is_data);
        assert!(!err.message.contains(" at line "), "{}", err.message);
        let err = from_str::<Vec<Item>>("[{\"title\": \"x\"},]").unwrap_err();
        assert!(!err.is_data);
    }
}
