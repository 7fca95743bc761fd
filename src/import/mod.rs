//! Importers: turn a model API's cited answer into a chapter with `[N]`
//! markers and an `evidence.v1` store fragment holding the citations
//! (seed 000 §2: the API's citations become citation objects; the numbers
//! are presentation).
//!
//! An importer reads everything and builds both outputs in memory before it
//! writes either, each through a temporary file renamed into place, so a
//! failed import leaves no half-written file.

pub mod anthropic;

use anyhow::{Context, bail};
use serde::de::DeserializeOwned;
use std::path::{Component, Path};

/// Reads a JSON file into `T`, with errors that name the file, the line and
/// column, and the JSON path of a value of the wrong type.
fn read_json<T: DeserializeOwned>(path: &Path, what: &str) -> anyhow::Result<T> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read {what} `{}`", path.display()))?;
    let text = std::str::from_utf8(&bytes).map_err(|err| {
        anyhow::anyhow!(
            "{what} `{}` is not UTF-8 (invalid byte at offset {}); save it as UTF-8",
            path.display(),
            err.valid_up_to()
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let json_path = err.path().to_string();
        let inner = err.into_inner();
        let message = inner.to_string();
        let message = message
            .rfind(" at line ")
            .map_or(message.as_str(), |at| &message[..at]);
        if inner.is_data() {
            anyhow::anyhow!(
                "{}:{}:{}: `{json_path}`: {message}",
                path.display(),
                inner.line(),
                inner.column()
            )
        } else {
            anyhow::anyhow!(
                "{}:{}:{}: malformed JSON in {what}: {message}",
                path.display(),
                inner.line(),
                inner.column()
            )
        }
    })
}

/// Writes `contents` to `path` through a temporary file in the same
/// directory, renamed into place: readers never see half a file.
fn write_atomically(path: &Path, contents: &str) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "cannot write `{}`: directory `{}` does not exist",
            path.display(),
            dir.display()
        );
    }
    let name = path
        .file_name()
        .with_context(|| format!("cannot write `{}`: not a file path", path.display()))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = std::fs::write(&tmp, contents).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(err) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(err).with_context(|| format!("cannot write `{}`", path.display()));
    }
    Ok(())
}

/// The key of a chapter written to `path` in the store's `chapters` map:
/// the path after its last `src` directory (`book/src/answers/q1.md` →
/// `answers/q1.md`), else the file name.
pub fn chapter_key_for(path: &Path) -> String {
    let parts: Vec<&str> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => part.to_str(),
            _ => None,
        })
        .collect();
    let after_src = parts
        .iter()
        .rposition(|part| *part == "src")
        .map_or(parts.len().saturating_sub(1), |i| i + 1);
    parts[after_src.min(parts.len())..].join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chapter_keys_are_relative_to_src() {
        assert_eq!(
            chapter_key_for(Path::new("book/src/answers/q1.md")),
            "answers/q1.md"
        );
        assert_eq!(chapter_key_for(Path::new("src/a.md")), "a.md");
        assert_eq!(
            chapter_key_for(Path::new("/tmp/out/answer.md")),
            "answer.md"
        );
        assert_eq!(chapter_key_for(Path::new("answer.md")), "answer.md");
    }
}
