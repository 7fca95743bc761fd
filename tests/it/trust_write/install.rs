//! `install`'s writes: no directory where a store file is named, and never
//! through symlinks in the book.

use super::*;
use crate::common::binary;
use assert_cmd::Command;
use std::path::Path;

/// Runs `install` on the book at `dir`: exit code and everything it said.
fn install(dir: &Path) -> (i32, String) {
    let out = Command::new(binary())
        .args(["install"])
        .arg(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn install_never_makes_a_directory_where_a_store_file_is_named() {
    for store in [
        "evidence/citations.jsonl",
        "evidence/store.json",
        "evidence/STORE.JSON",
        "evidence/Store.Jsonl",
        "evidence/引用.json",
        "./evidence/../evidence/store.json",
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("book.toml"),
            format!("[book]\ntitle = \"t\"\n\n[preprocessor.evidence]\nstore = \"{store}\"\n"),
        )
        .unwrap();
        let (code, out) = install(dir.path());
        assert_eq!(code, 0, "{store}: {out}");
        assert!(dir.path().join("evidence").is_dir(), "{store}: {out}");
        let made: Vec<_> = std::fs::read_dir(dir.path().join("evidence"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(made.is_empty(), "{store}: made {made:?}: {out}");
    }
}

#[cfg(unix)]
#[test]
fn install_never_writes_through_symlinks_in_the_book() {
    let (outside, victim) = victim();
    // The store's directory and the theme lead out of the book.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("book.toml"),
        "[book]\ntitle = \"t\"\n\n[preprocessor.evidence]\nstore = \"linked/new/store.json\"\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).unwrap();
    let (code, out) = install(dir.path());
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("outside"), "{out}");
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("book.toml"), "[book]\ntitle = \"t\"\n").unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("theme")).unwrap();
    let toml = std::fs::read_to_string(dir.path().join("book.toml")).unwrap();
    let (code, out) = install(dir.path());
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("outside"), "{out}");
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    assert_untouched(&victim);
    // Nothing half-done: book.toml is written last, after the assets.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("book.toml")).unwrap(),
        toml
    );
}
