//! Where the validation report may be written. `report` comes from
//! `book.toml`, which a pull request controls, and `check` (the command CI
//! runs) writes it; so the path is held to one rule, checked when the book
//! is loaded and again just before the write (a symlink can appear in
//! between). The report goes:
//!
//! - inside the book's root, once `..` and every existing symlink on the
//!   way are resolved;
//! - under a name ending in `.json` (in any case), so that it never becomes
//!   a file another tool runs or reads by its name (a `Makefile`, a
//!   `conftest.py`);
//! - never into a hidden directory or onto a hidden file, as written or
//!   as resolved: no component starting with `.` (`.git/`, `.GIT/`,
//!   `.github/`, `.vscode/`, `.gitignore`), a leading invisible character
//!   (one that HFS+ ignores) not hiding the dot; nor through a component
//!   ending in a dot or a space (Windows drops those: `src.` is `src`);
//! - never onto or into what the book reads or makes: `book.toml`, the
//!   source, build and theme directories (templates included), the stores
//!   and support verdicts, the HTML renderer's additional CSS and JS, and
//!   the directories `mdbook serve` watches (`build.extra-watch-dirs`),
//!   however spelled: symlinks resolved, and compared without regard to
//!   case (macOS and Windows fold it);
//! - over an existing file only when that file is an earlier validation
//!   report: whatever else stands there (any file of the book or of the
//!   checkout, under any spelling the file system folds together) is
//!   refused; a symlink, directory, FIFO or device at the path is too.

use evidence_core::config::Config;
use evidence_core::safe_write::{SafeWriter, WriteError};
use mdbook_preprocessor::PreprocessorContext;
use std::path::{Component, Path, PathBuf};

/// How every report this version writes begins (`json::ValidationReport`
/// serializes `schema_version` first, pretty-printed).
const REPORT_START: &[u8] = b"{\n  \"schema_version\": \"evidence-report.";

/// What a validation report is never written onto or into: the book's
/// inputs and outputs, absolute, each with how a refusal names it.
#[derive(Debug, Clone, Default)]
pub struct ReportInputs {
    inputs: Vec<(PathBuf, String)>,
}

impl ReportInputs {
    /// The inputs and outputs of the book `ctx` describes, read with
    /// `config`, whose templates are in `template_dir`: those of
    /// [`ReportInputs::new`], the HTML renderer's additional CSS and JS,
    /// and the directories `mdbook serve` watches.
    pub fn of(ctx: &PreprocessorContext, config: &Config, template_dir: &Path) -> ReportInputs {
        let root = &ctx.root;
        let book = &ctx.config;
        let mut inputs = ReportInputs::new(
            root,
            &book.book.src,
            &book.build.build_dir,
            template_dir,
            config,
        );
        if let Some(html) = book.html_config() {
            for (key, assets) in [
                ("additional-css", &html.additional_css),
                ("additional-js", &html.additional_js),
            ] {
                for asset in assets {
                    let what = format!(
                        "`{}`, a file the HTML renderer publishes (`output.html.{key}`)",
                        asset.display()
                    );
                    inputs.add(root.join(asset), what);
                }
            }
        }
        for dir in &book.build.extra_watch_dirs {
            let what = format!(
                "inside `{}`, which `mdbook serve` watches (`build.extra-watch-dirs`): each report would start another build",
                dir.display()
            );
            inputs.add(root.join(dir), what);
        }
        inputs
    }

    /// The inputs and outputs of the book at `root` with the source
    /// directory `src_dir` and the build directory `build_dir` (relative to
    /// `root`), its templates in `template_dir`, read with `config`:
    /// `book.toml`, those directories, the theme directory above
    /// `template_dir`, the stores and the support verdicts.
    pub fn new(
        root: &Path,
        src_dir: &Path,
        build_dir: &Path,
        template_dir: &Path,
        config: &Config,
    ) -> ReportInputs {
        let shown = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
        let mut inputs = ReportInputs::default();
        inputs.add(
            root.join("book.toml"),
            "the book's `book.toml`, an input of every build".into(),
        );
        inputs.add(
            root.join(src_dir),
            format!(
                "inside the book's source directory `{}`, which mdBook reads and publishes",
                src_dir.display()
            ),
        );
        inputs.add(
            root.join(build_dir),
            format!(
                "inside the build directory `{}`, which mdBook wipes on every build",
                build_dir.display()
            ),
        );
        for store in &config.store {
            let what = if root.join(store).is_dir() {
                "inside the evidence store directory"
            } else {
                "the evidence store"
            };
            let what = format!("{what} `{}`, an input of every build", store.display());
            inputs.add(root.join(store), what);
        }
        for support in &config.support {
            let what = format!(
                "the support verdicts `{}`, an input of every build",
                support.display()
            );
            inputs.add(root.join(support), what);
        }
        inputs.add(
            template_dir.to_owned(),
            format!(
                "inside the template directory `{}`, an input of every build",
                shown(template_dir)
            ),
        );
        if let Some(theme) = template_dir.parent() {
            let what = format!(
                "inside the theme directory `{}`, which the HTML renderer reads",
                shown(theme)
            );
            inputs.add(theme.to_owned(), what);
        }
        inputs
    }

    /// What is known of the book at `root` when its config could not be
    /// read: its `book.toml` and mdBook's default source, build and theme
    /// directories.
    pub(crate) fn defaults(root: &Path) -> ReportInputs {
        let mut inputs = ReportInputs::default();
        for (path, what) in [
            (
                "book.toml",
                "the book's `book.toml`, an input of every build",
            ),
            (
                "src",
                "inside the book's source directory `src`, which mdBook reads and publishes",
            ),
            (
                "book",
                "inside the build directory `book`, which mdBook wipes on every build",
            ),
            (
                "theme",
                "inside the theme directory `theme`, which the HTML renderer reads",
            ),
        ] {
            inputs.add(root.join(path), what.into());
        }
        inputs
    }

    /// Protects every input and output in `writer` (which the cache
    /// writes its entries with).
    pub fn protect_in(&self, writer: &mut SafeWriter) {
        for (input, what) in &self.inputs {
            writer.protect(input, what.clone());
        }
    }

    /// Adds `path`, named `what` in a refusal.
    fn add(&mut self, path: PathBuf, what: String) {
        self.inputs.push((path, what));
    }
}

/// Why the report may not be written where `report` says.
#[derive(Debug, thiserror::Error)]
#[error("{:?} {why}; choose another path inside the book, such as {:?}", .report.display().to_string(), example(.report))]
pub struct Refusal {
    /// The path as `book.toml` gives it.
    report: PathBuf,
    /// What is wrong with it.
    why: String,
}

/// Checks that the report may be written at `report` (relative to the book
/// at `root`), as `writer_for` does.
pub fn check_report_path(root: &Path, inputs: &ReportInputs, report: &Path) -> Result<(), Refusal> {
    writer_for(root, inputs, report).map(drop)
}

/// A path the report may go to, for a refusal of `report`.
fn example(report: &Path) -> &'static str {
    if report == Path::new("evidence-report.json") {
        "reports/evidence-report.json"
    } else {
        "evidence-report.json"
    }
}

/// The writer that may write the report at `report` (relative to the book
/// at `root`), once the path is checked against the rule above.
pub(crate) fn writer_for(
    root: &Path,
    inputs: &ReportInputs,
    report: &Path,
) -> Result<(SafeWriter, PathBuf), Refusal> {
    let refuse = |why: String| Refusal {
        report: report.to_owned(),
        why,
    };
    let mut writer =
        SafeWriter::new(root).map_err(|e| refuse(format!("cannot be checked: {e}")))?;
    for (input, what) in &inputs.inputs {
        writer.protect(input, what.clone());
    }
    let path = root.join(report);
    let target = writer.check(&path).map_err(|e| refuse(refused_write(e)))?;
    let real_root =
        std::fs::canonicalize(root).map_err(|e| refuse(format!("cannot be checked: {e}")))?;
    let resolved = target.strip_prefix(&real_root).unwrap_or(&target);
    for spelled in [report, resolved] {
        if let Some(why) = bad_component(spelled) {
            return Err(refuse(why));
        }
    }
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase());
    if !name.is_some_and(|n| n.ends_with(".json")) {
        return Err(refuse("does not end in `.json`".into()));
    }
    if let Some(what) = input_by_case(&target, inputs) {
        return Err(refuse(format!(
            "is {what} (spelled in another case, which macOS and Windows fold together)"
        )));
    }
    if !replaceable(&target).map_err(|e| refuse(format!("cannot be checked: {e}")))? {
        return Err(refuse(
            "is an existing file that is not a validation report; a report only replaces an earlier report".into(),
        ));
    }
    Ok((writer, path))
}

/// The refusal of the one safe writer, said from the report's side.
pub(super) fn refused_write(error: WriteError) -> String {
    match error {
        WriteError::OutsideRoot { resolved, .. } => {
            format!("resolves to {}, outside the book root", resolved.display())
        }
        WriteError::Input { what, .. } => format!("is {what}"),
        WriteError::NotAFile {
            path,
            at,
            kind,
            expected,
            ..
        } => {
            if at == path {
                format!("is {kind}, where {expected} is needed")
            } else {
                format!(
                    "goes through {}, which is {kind}, where {expected} is needed",
                    at.display()
                )
            }
        }
        other => format!("cannot be written: {other}"),
    }
}

/// What is wrong with a component of `path` (below the book's root), if
/// anything: a hidden one, or one Windows would shorten.
pub(super) fn bad_component(path: &Path) -> Option<String> {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if part.trim_start_matches(invisible).starts_with('.') {
            return Some(if last {
                format!("is a hidden file (`{part}`); dot-files belong to git and other tools")
            } else {
                format!(
                    "is inside `{part}`, a hidden directory; `.git`, `.github` and other dot-directories belong to git and other tools"
                )
            });
        }
        if part.ends_with(['.', ' ']) {
            return Some(format!(
                "has a component ending in a dot or a space (`{part}`), which Windows drops: it would name another file there"
            ));
        }
    }
    None
}

/// Characters HFS+ ignores in a file name, and other invisible ones that
/// could stand before a dot: zero-width spaces and joiners, directional
/// marks, word joiners, the byte-order mark, the soft hyphen.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}'
    )
}

/// The input `target` lies in or on when case is ignored, if any.
pub(super) fn input_by_case<'i>(target: &Path, inputs: &'i ReportInputs) -> Option<&'i str> {
    let fold = |p: &Path| -> Vec<String> {
        p.components()
            .map(|c| c.as_os_str().to_string_lossy().to_lowercase())
            .collect()
    };
    let target = fold(target);
    inputs.inputs.iter().find_map(|(input, what)| {
        let input = fold(&real(input));
        target.starts_with(&input).then_some(what.as_str())
    })
}

/// `path` absolute, with its symlinks resolved as far as it exists (a
/// missing file under an existing directory, such as a build directory
/// not built yet, is that directory's, resolved, and its name).
fn real(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) => match std::fs::canonicalize(parent) {
            Ok(parent) => parent.join(name),
            Err(_) => absolute,
        },
        _ => absolute,
    }
}

/// Whether the report may be written at `target`: nothing is there, or an
/// earlier report is (a regular file that begins as every report does).
fn replaceable(target: &Path) -> std::io::Result<bool> {
    match std::fs::symlink_metadata(target) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(e),
        // Not a regular file: the writer refuses it, saying what it is.
        Ok(meta) if !meta.is_file() => Ok(true),
        Ok(_) => {
            let start = evidence_core::limits::read_start(target, REPORT_START.len() as u64)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            Ok(start == REPORT_START)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_and_windows_shortened_components_are_named() {
        for (path, says) in [
            (".git/config", "`.git`, a hidden directory"),
            ("docs/.GIT/x.json", "`.GIT`, a hidden directory"),
            (".github/workflows/x.json", "`.github`"),
            ("\u{200c}.git/x.json", "hidden directory"),
            (".evidence-report.json", "a hidden file"),
            ("src./x.json", "`src.`"),
            ("out /東京.json", "`out `"),
        ] {
            let why = bad_component(Path::new(path)).expect(path);
            assert!(why.contains(says), "{path}: {why}");
        }
        for path in ["evidence-report.json", "reports/東京.json", "a.b/r.json"] {
            assert_eq!(bad_component(Path::new(path)), None, "{path}");
        }
    }

    #[test]
    fn only_an_earlier_report_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        assert!(replaceable(&path).unwrap());
        std::fs::write(&path, "[core]\n\tbare = false\n").unwrap();
        assert!(!replaceable(&path).unwrap());
        std::fs::write(&path, "").unwrap();
        assert!(!replaceable(&path).unwrap());
        let mut report = REPORT_START.to_vec();
        report.extend_from_slice(b"v1\",\n  \"mode\": \"fail\"\n}\n");
        std::fs::write(&path, report).unwrap();
        assert!(replaceable(&path).unwrap());
    }
}
