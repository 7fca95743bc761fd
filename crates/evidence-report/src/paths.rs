//! The one path rule of every output: a file is named relative to the
//! current directory (where the command was run, and where editors,
//! terminals and CI tools resolve paths), or by its absolute path when it
//! is outside that directory.
//!
//! Inside `mdbook build` the preprocessor runs in the book's root, so its
//! paths are relative to the book (`src/intro.md`); `mdbook-evidence check
//! docs`, run from the repository root, prints `docs/src/intro.md` in every
//! format. GitHub annotations written inside `mdbook build` are the one
//! exception: GitHub resolves them against the repository
//! (`GITHUB_WORKSPACE`), so they are relative to it.

use std::path::{Path, PathBuf};

/// How an output names files: the book's root and the directory paths
/// are shown relative to.
#[derive(Debug, Clone)]
pub struct PathStyle {
    /// The book's root directory, absolute.
    root: PathBuf,
    /// The directory shown paths are relative to, absolute.
    base: PathBuf,
}

impl PathStyle {
    /// Paths of the book at `root` shown relative to `current_dir`, the
    /// directory the run was started in (read once, where it starts).
    pub fn from_current_dir(root: &Path, current_dir: &Path) -> PathStyle {
        PathStyle::relative_to(root, current_dir, current_dir)
    }

    /// Paths of the book at `root` shown relative to `base` (both made
    /// absolute against the current directory, `current_dir`).
    pub(crate) fn relative_to(root: &Path, base: &Path, current_dir: &Path) -> PathStyle {
        PathStyle {
            root: absolute(root, current_dir),
            base: absolute(base, current_dir),
        }
    }

    /// Paths of the book at `root` as GitHub resolves them: relative to
    /// the repository's `workspace` (`GITHUB_WORKSPACE`) when known, else
    /// to the current directory, `current_dir`.
    pub(crate) fn for_github(
        root: &Path,
        workspace: Option<&Path>,
        current_dir: &Path,
    ) -> PathStyle {
        PathStyle::relative_to(root, workspace.unwrap_or(current_dir), current_dir)
    }

    /// The directory paths are shown relative to.
    pub(crate) fn base(&self) -> &Path {
        &self.base
    }

    /// `path` (relative to the book's root, or absolute) as shown: relative
    /// to the base directory when inside it, else absolute.
    pub(crate) fn show(&self, path: &Path) -> String {
        self.relative(path)
            .unwrap_or_else(|| self.absolute(path))
            .display()
            .to_string()
    }

    /// `path` (relative to the book's root, or absolute) relative to the
    /// base directory, when it is inside it.
    pub(crate) fn relative(&self, path: &Path) -> Option<PathBuf> {
        let full = self.absolute(path);
        if let Ok(rest) = full.strip_prefix(&self.base) {
            return Some(rest.to_owned());
        }
        // The same directories by another name (a symbolic link).
        let base = std::fs::canonicalize(&self.base).ok()?;
        let full = std::fs::canonicalize(&full).ok()?;
        full.strip_prefix(base).ok().map(Path::to_owned)
    }

    /// `path` (relative to the book's root, or absolute) made absolute.
    pub(crate) fn absolute(&self, path: &Path) -> PathBuf {
        normalize(&self.root.join(path))
    }
}

/// `path` made absolute against the current directory `current_dir`, as
/// `std::path::absolute` does against the process's, without resolving
/// symbolic links: an empty path stays empty (it refuses one), and so does
/// a relative one when the current directory could not be read (empty).
fn absolute(path: &Path, current_dir: &Path) -> PathBuf {
    if path.as_os_str().is_empty() {
        return PathBuf::new();
    }
    normalize(&current_dir.join(path))
}

/// `path` without `.` components, and with each `..` taking out the
/// component before it (lexically, as a shell's `cd` does).
fn normalize(path: &Path) -> PathBuf {
    evidence_core::paths::lexical(path, evidence_core::paths::ParentAtStart::Kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_to_the_base_when_inside_it_else_absolute() {
        let style = PathStyle::from_current_dir(Path::new("/repo/docs"), Path::new("/repo"));
        assert_eq!(style.show(Path::new("src/a.md")), "docs/src/a.md");
        assert_eq!(style.show(Path::new("./src/../src/b.md")), "docs/src/b.md");
        assert_eq!(style.show(Path::new("/repo/docs/theme/x")), "docs/theme/x");
        assert_eq!(
            style.show(Path::new("/elsewhere/s.json")),
            "/elsewhere/s.json"
        );
        let inside = PathStyle::from_current_dir(Path::new("/repo/docs"), Path::new("/repo/docs"));
        assert_eq!(inside.show(Path::new("src/東京 a.md")), "src/東京 a.md");
        let above =
            PathStyle::from_current_dir(Path::new("/repo/docs"), Path::new("/repo/docs/src"));
        assert_eq!(above.show(Path::new("src/a.md")), "a.md");
        assert_eq!(above.show(Path::new("book.toml")), "/repo/docs/book.toml");
    }

    /// A relative root and base are made absolute against the current
    /// directory given, never the process's.
    #[test]
    fn relative_paths_are_resolved_against_the_current_directory_given() {
        let here = Path::new("/nowhere/repo");
        let style = PathStyle::from_current_dir(Path::new("docs"), here);
        assert_eq!(style.show(Path::new("src/a.md")), "docs/src/a.md");
        assert_eq!(style.show(Path::new("../../x.json")), "/nowhere/x.json");
        let github = PathStyle::for_github(Path::new("."), Some(Path::new("..")), here);
        assert_eq!(github.show(Path::new("src/a.md")), "repo/src/a.md");
        let report = PathStyle::relative_to(Path::new("docs"), Path::new("docs"), here);
        assert_eq!(report.show(Path::new("../x.json")), "/nowhere/repo/x.json");
    }
}
