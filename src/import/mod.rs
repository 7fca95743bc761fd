//! Importers: turn a model API's cited answer into a chapter with `[N]`
//! markers and an `evidence.v1` store fragment holding the citations
//! (the API's citations become evidence items; the `[N]` numbers are
//! presentation).
//!
//! An importer reads everything and builds both outputs in memory before it
//! writes either, each through a temporary file renamed into place, so a
//! failed import leaves no half-written file.

mod answer_text;
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
    crate::json_input::from_str(text).map_err(|err| {
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

/// Writes every file or none, each whole, with the one safe writer: the
/// files stay in the directories named (never through a symlink), and a
/// refused or failed file leaves the others unwritten.
fn write_together(files: &[(&Path, &str)]) -> anyhow::Result<()> {
    let mut dirs = Vec::new();
    for (path, _) in files {
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
        dirs.push(std::fs::canonicalize(dir)?);
    }
    // The writer's root: the deepest directory holding every file.
    let mut root = dirs.first().cloned().unwrap_or_default();
    while !dirs.iter().all(|d| d.starts_with(&root)) && root.pop() {}
    let bytes: Vec<(&Path, &[u8])> = files.iter().map(|(p, c)| (*p, c.as_bytes())).collect();
    crate::safe_write::SafeWriter::new(&root)?.write_all(&bytes)?;
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
