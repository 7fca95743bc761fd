//! The JSON an import reads besides the response's own shape (the
//! `--documents`, `--files` and `--sources` files, and each part of a
//! response as its vendor's type): errors that say where, as a store's do.

use serde::de::DeserializeOwned;
use std::path::Path;

/// Reads a JSON file into `T`, with errors that name the file, the line and
/// column, and the JSON path of a value of the wrong type.
pub(super) fn read_json<T: DeserializeOwned>(path: &Path, what: &str) -> anyhow::Result<T> {
    let bytes = evidence_core::limits::read_file(path, evidence_core::limits::Limit::file())
        .map_err(|e| anyhow::anyhow!("cannot read {what} `{}`: {}", path.display(), e.reason()))?;
    let text = std::str::from_utf8(&bytes).map_err(|err| {
        anyhow::anyhow!(
            "{what} `{}` is not UTF-8 (invalid byte at offset {}); save it as UTF-8",
            path.display(),
            err.valid_up_to()
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    evidence_core::json_input::from_str(text).map_err(|err| {
        let (line, column, message) = (err.line, err.column, &err.message);
        if err.is_data {
            anyhow::anyhow!(
                "{}:{line}:{column}: `{}`: {message}",
                path.display(),
                err.json_path
            )
        } else {
            anyhow::anyhow!(
                "{}:{line}:{column}: malformed JSON in {what}: {message}",
                path.display()
            )
        }
    })
}

/// Deserializes `value` (at `path` in `file`), naming the JSON path of a
/// value of the wrong type.
pub(super) fn from_value<T: DeserializeOwned>(
    value: &serde_json::Value,
    file: &str,
    path: &str,
) -> anyhow::Result<T> {
    evidence_core::json_input::from_value(value).map_err(|err| {
        let full = if err.json_path == "." {
            path.to_owned()
        } else {
            format!("{path}.{}", err.json_path)
        };
        anyhow::anyhow!("{file}: `{full}`: {}", err.message)
    })
}
