//! Reading JSON a user wrote (stores, model answers, documents, config
//! tables) with errors a person can act on: the JSON path of the value that
//! does not fit, and its line and column.

use serde::de::DeserializeOwned;

/// JSON that could not be read as the type asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
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
            message: crate::suggest::with_nearest_name(strip_position(&inner.to_string())),
            is_data: inner.is_data(),
        }
    }
}

/// Deserializes `text` into `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, JsonError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let mut err = JsonError::new(err);
        if !err.is_data
            && let Some((line, column, message)) = trailing_comma(text, err.line, err.column)
        {
            (err.line, err.column, err.message) = (line, column, message);
        }
        err
    })
}

/// A comma before a closing `]` or `}`, which JavaScript allows and JSON
/// does not: serde_json reports it at the closer as "expected value" or
/// "key must be a string", which says nothing of the comma. Given the
/// position of a syntax error (1-based line, column in bytes), the comma's
/// position and a message naming it, if that is the mistake.
pub(crate) fn trailing_comma(
    text: &str,
    line: usize,
    column: usize,
) -> Option<(usize, usize, String)> {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let at = line_start + column.checked_sub(1)?;
    let closer = text.get(at..)?.chars().next()?;
    let what = match closer {
        ']' => "the last element of an array",
        '}' => "the last field of an object",
        _ => return None,
    };
    let before = text.get(..at)?.trim_end();
    if !before.ends_with(',') {
        return None;
    }
    let comma = before.len() - 1;
    let comma_line_start = text[..comma].rfind('\n').map_or(0, |nl| nl + 1);
    let comma_line = text[..comma].matches('\n').count() + 1;
    Some((
        comma_line,
        comma - comma_line_start + 1,
        format!("trailing comma after {what}: JSON allows none before `{closer}`; remove this `,`"),
    ))
}

/// Deserializes an already parsed `value` into `T`.
pub fn from_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, JsonError> {
    serde_path_to_error::deserialize(value).map_err(JsonError::new)
}

/// serde_json appends " at line L column C" to its messages; we print the
/// position in front, as `file:line:col`, so drop the suffix.
pub fn strip_position(message: &str) -> String {
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

    #[test]
    fn a_trailing_comma_is_named_where_it_stands() {
        // In an array, after the last element.
        let err = from_str::<Vec<Item>>("[{\"title\": \"東京\"},\n ]").unwrap_err();
        assert_eq!((err.line, err.column), (1, 21));
        assert!(
            err.message
                .starts_with("trailing comma after the last element of an array"),
            "{}",
            err.message
        );
        // In an object, after the last field.
        let err = from_str::<Vec<Item>>("[{\"title\": \"x\",\n  }]").unwrap_err();
        assert_eq!((err.line, err.column), (1, 15));
        assert!(
            err.message.contains("the last field of an object"),
            "{}",
            err.message
        );
        // Other syntax errors keep serde's words.
        let err = from_str::<Vec<Item>>("[{\"title\": }]").unwrap_err();
        assert_eq!(err.message, "expected value");
        assert_eq!(trailing_comma("[1, ]", 1, 2), None);
    }
}
