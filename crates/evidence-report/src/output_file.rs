//! Where `check --output FILE` may write (the GitHub Action writes its
//! SARIF this way, never with a shell's `>`, which follows whatever link a
//! pull request commits at the path: `evidence.sarif -> .git/config`). The
//! path comes from a workflow, but the checkout it points into is the pull
//! request's, so the file is held to the validation report's rule
//! ([`super::target`]), with the current directory for the book's root:
//!
//! - inside the current directory once `..` and every existing symlink on
//!   the way are resolved (an absolute path outside it, such as
//!   `$RUNNER_TEMP/evidence.sarif`, is held to its own directory);
//! - never a symlink, directory, FIFO or device; never in a hidden
//!   directory or onto a hidden file (`.git/`, `.github/`), as written or
//!   as resolved; no component Windows would shorten;
//! - named for its format: `.sarif` or `.json` for SARIF, `.json` for JSON;
//! - never onto or into the book's inputs and outputs (however spelled);
//! - over an existing file only when it is an earlier output of ours (a
//!   JSON report or error of `mdbook-evidence`, or a SARIF log whose tool
//!   is `mdbook-evidence`).
//!
//! It is checked before the book is read and again at the write, through
//! the one safe writer (whole or not at all).

use crate::format::Format;
use crate::target::{ReportInputs, bad_component, input_by_case, refused_write};
use evidence_core::safe_write::{SafeWriter, WriteError};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The file `check --output` writes its format to.
#[derive(Debug, Clone)]
pub struct OutputFile {
    /// The path as given.
    asked: PathBuf,
    format: Format,
    /// The directory the check was started in, which `asked` is relative
    /// to and must stay inside (empty when it could not be read).
    current_dir: PathBuf,
}

/// Why `--output` may not be written where it says.
#[derive(Debug, thiserror::Error)]
#[error("--output {:?} {why}; give another path inside the current directory, such as {:?}", .asked.display().to_string(), .example)]
pub struct OutputRefusal {
    asked: PathBuf,
    why: String,
    example: &'static str,
}

impl OutputFile {
    /// The file at `asked` (in `current_dir`, the directory the check was
    /// started in) for `format`, once its path is checked against what is
    /// known of the book at `root` before it is read (checked again at the
    /// write, against all of its inputs).
    pub fn new(
        asked: &Path,
        format: Format,
        root: &Path,
        current_dir: &Path,
    ) -> Result<OutputFile, OutputRefusal> {
        let file = OutputFile {
            asked: asked.to_owned(),
            format,
            current_dir: current_dir.to_owned(),
        };
        if !matches!(format, Format::Json | Format::Sarif) {
            return Err(file
                .refuse("is for the machine formats: `--format json` or `--format sarif`".into()));
        }
        file.writer(&ReportInputs::defaults(root))?;
        Ok(file)
    }

    /// Writes `bytes` whole, never onto `inputs` (the book's inputs and
    /// outputs), with the path checked again now.
    pub(crate) fn write(&self, bytes: &[u8], inputs: &ReportInputs) -> Result<(), OutputRefusal> {
        let (writer, path) = self.writer(inputs)?;
        writer
            .write(&path, bytes)
            .map_err(|e| self.refuse(refused(e)))
    }

    fn refuse(&self, why: String) -> OutputRefusal {
        OutputRefusal {
            asked: self.asked.clone(),
            why,
            example: match (self.format, self.asked.to_str()) {
                (Format::Sarif, Some("evidence.sarif")) => "reports/evidence.sarif",
                (Format::Sarif, _) => "evidence.sarif",
                (_, Some("evidence-check.json")) => "reports/evidence-check.json",
                _ => "evidence-check.json",
            },
        }
    }

    /// The writer and the absolute path, once the path is checked against
    /// the rule above.
    fn writer(&self, inputs: &ReportInputs) -> Result<(SafeWriter, PathBuf), OutputRefusal> {
        let fail = |e: std::io::Error| self.refuse(format!("cannot be checked: {e}"));
        if self.current_dir.as_os_str().is_empty() {
            return Err(
                self.refuse("cannot be checked: the current directory cannot be read".into())
            );
        }
        let here = self.current_dir.clone();
        let path = here.join(&self.asked);
        let root = if path.starts_with(&here) {
            here
        } else {
            path.parent().unwrap_or(&here).to_owned()
        };
        let mut writer = SafeWriter::new(&root).map_err(|e| self.refuse(refused(e)))?;
        inputs.protect_in(&mut writer);
        let target = writer.check(&path).map_err(|e| self.refuse(refused(e)))?;
        let real_root = std::fs::canonicalize(&root).map_err(fail)?;
        let spelled = path.strip_prefix(&root).unwrap_or(&path);
        let resolved = target.strip_prefix(&real_root).unwrap_or(&target);
        for name in [spelled, resolved] {
            if let Some(why) = bad_component(name) {
                return Err(self.refuse(why));
            }
        }
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let named = match self.format {
            Format::Sarif => name.ends_with(".sarif") || name.ends_with(".json"),
            _ => name.ends_with(".json"),
        };
        if !named {
            return Err(self.refuse(match self.format {
                Format::Sarif => "does not end in `.sarif` or `.json`".into(),
                _ => "does not end in `.json`".into(),
            }));
        }
        if let Some(what) = input_by_case(&target, inputs) {
            return Err(self.refuse(format!(
                "is {what} (spelled in another case, which macOS and Windows fold together)"
            )));
        }
        if !earlier_output(&target).map_err(fail)? {
            return Err(self.refuse(
                "is an existing file that no check wrote; --output only replaces its own earlier output".into(),
            ));
        }
        Ok((writer, path))
    }
}

/// The safe writer's refusal, said from `--output`'s side.
fn refused(error: WriteError) -> String {
    match error {
        WriteError::OutsideRoot { resolved, .. } => format!(
            "resolves to {}, outside the current directory",
            resolved.display()
        ),
        other => refused_write(other),
    }
}

/// Whether `target` may be replaced: nothing is there, or an earlier
/// output of `check` is (the JSON report or error, or a SARIF log of this
/// tool). What is not a regular file is refused by the writer, which says
/// what it is.
fn earlier_output(target: &Path) -> std::io::Result<bool> {
    match std::fs::symlink_metadata(target) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(true),
        Err(e) => return Err(e),
        Ok(meta) if !meta.is_file() => return Ok(true),
        Ok(_) => {}
    }
    let Ok(bytes) = evidence_core::limits::read_file(target, evidence_core::limits::Limit::file())
    else {
        return Ok(false);
    };
    let Ok(value) = serde_json::from_slice::<Value>(&bytes) else {
        return Ok(false);
    };
    let ours_json = value
        .get("schema_version")
        .and_then(Value::as_str)
        .is_some_and(|v| v.starts_with("evidence-report.") || v.starts_with("evidence-error."));
    let ours_sarif = value
        .get("runs")
        .and_then(Value::as_array)
        .is_some_and(|runs| {
            !runs.is_empty()
                && runs.iter().all(|run| {
                    run.pointer("/tool/driver/name").and_then(Value::as_str)
                        == Some(evidence_core::tool::TOOL_NAME)
                })
        });
    Ok(ours_json || ours_sarif)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path is taken in the current directory given, never the
    /// process's, and held inside it.
    #[test]
    fn the_file_is_in_the_current_directory_given() {
        let dir = tempfile::tempdir().unwrap();
        let here = dir.path().join("東京 repo");
        std::fs::create_dir(&here).unwrap();
        let root = here.join("docs");
        let asked = Path::new("out.json");
        let file = OutputFile::new(asked, Format::Json, &root, &here).unwrap();
        file.write(b"{}\n", &ReportInputs::defaults(&root)).unwrap();
        assert_eq!(std::fs::read(here.join("out.json")).unwrap(), b"{}\n");
        let above = OutputFile::new(Path::new("../out.json"), Format::Json, &root, &here);
        let refusal = above.unwrap_err().to_string();
        assert!(
            refusal.contains("inside the current directory"),
            "{refusal}"
        );
        let unknown = OutputFile::new(asked, Format::Json, &root, Path::new(""));
        assert_eq!(
            unknown.unwrap_err().to_string(),
            "--output \"out.json\" cannot be checked: the current directory cannot be read; give another path inside the current directory, such as \"evidence-check.json\""
        );
    }

    #[test]
    fn only_an_earlier_output_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("東京.sarif");
        assert!(earlier_output(&path).unwrap());
        for other in [
            "[core]\n\tbare = false\n",
            "",
            r#"{"runs": [{"tool": {"driver": {"name": "CodeQL"}}}]}"#,
            r#"{"runs": []}"#,
            r#"{"schema_version": "evidence.v1"}"#,
        ] {
            std::fs::write(&path, other).unwrap();
            assert!(!earlier_output(&path).unwrap(), "{other}");
        }
        for ours in [
            r#"{"runs": [{"tool": {"driver": {"name": "mdbook-evidence"}}}]}"#,
            r#"{"schema_version": "evidence-report.v1"}"#,
            r#"{"schema_version": "evidence-error.v1"}"#,
        ] {
            std::fs::write(&path, ours).unwrap();
            assert!(earlier_output(&path).unwrap(), "{ours}");
        }
    }
}
