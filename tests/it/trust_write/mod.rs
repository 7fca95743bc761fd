//! Writes go nowhere they should not, tried as an attacker would on an
//! untrusted checkout: `check` (which runs no preprocessor command, so it
//! looks safe to run) with a symlink committed at the report path, at the
//! names a temporary file might have, or as a directory inside the book;
//! `report` spelled to reach an input (`./src/x.json`, `src/../src/x.json`,
//! the store, `book.toml`); two builds writing one report at once; an
//! import that fails after reading everything.

use std::path::Path;

mod import;
mod install;
mod report;

const CHAPTER: &str = "# Brief\n\nThe Fed held rates steady this month [EVID:ev_fomc].\n";

/// A file outside the book that must never change.
fn victim() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(".bashrc");
    std::fs::write(&path, "# untouched\n").unwrap();
    (dir, path)
}

fn assert_untouched(path: &Path) {
    assert_eq!(std::fs::read_to_string(path).unwrap(), "# untouched\n");
}
