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
    /// Paths of the book at `root` shown relative to the current directory.
    pub fn from_current_dir(root: &Path) -> PathStyle {
        let base = std::env::current_dir().unwrap_or_default();
        PathStyle::relative_to(root, &base)
    }

    /// Paths of the book at `root` shown relative to `base` (both made
    /// absolute against the current directory).
    pub(crate) fn relative_to(root: &Path, base: &Path) -> PathStyle {
        PathStyle {
            root: absolute(root),
            base: absolute(base),
        }
    }

    /// Paths of the book at `root` as GitHub resolves them: relative to
    /// the repository's `workspace` (`GITHUB_WORKSPACE`) when known, else
    /// to the current directory.
    pub(crate) fn for_github(root: &Path, workspace: Option<&Path>) -> PathStyle {
        match workspace {
            Some(workspace) => PathStyle::relative_to(root, workspace),
            None => PathStyle::from_current_dir(root),
        }
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

/// `path` made absolute against the current directory, without resolving
/// symbolic links.
fn absolute(path: &Path) -> PathBuf {
    normalize(&std::path::absolute(path).unwrap_or_else(|_| path.to_owned()))
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
        let style = PathStyle::relative_to(Path::new("/repo/docs"), Path::new("/repo"));
        assert_eq!(style.show(Path::new("src/a.md")), "docs/src/a.md");
        assert_eq!(style.show(Path::new("./src/../src/b.md")), "docs/src/b.md");
        assert_eq!(style.show(Path::new("/repo/docs/theme/x")), "docs/theme/x");
        assert_eq!(
            style.show(Path::new("/elsewhere/s.json")),
            "/elsewhere/s.json"
        );
        let inside = PathStyle::relative_to(Path::new("/repo/docs"), Path::new("/repo/docs"));
        assert_eq!(inside.show(Path::new("src/東京 a.md")), "src/東京 a.md");
        let above = PathStyle::relative_to(Path::new("/repo/docs"), Path::new("/repo/docs/src"));
        assert_eq!(above.show(Path::new("src/a.md")), "a.md");
        assert_eq!(above.show(Path::new("book.toml")), "/repo/docs/book.toml");
    }
}
