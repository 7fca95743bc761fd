//! Writes go nowhere they should not, tried as an attacker would on an
//! untrusted checkout: `check` (which runs no preprocessor command, so it
//! looks safe to run) with a symlink committed at the report path, at the
//! names a temporary file might have, or as a directory inside the book;
//! `report` spelled to reach an input (`./src/x.json`, `src/../src/x.json`,
//! the store, `book.toml`); two builds writing one report at once; an
//! import that fails after reading everything.

mod common;

use assert_cmd::Command;
use common::{TestBook, binary};
use std::path::Path;

const CHAPTER: &str = "# Brief\n\nThe Fed held rates steady this month [EVID:ev_fomc].\n";

/// Runs `check .` in the book: exit code and stderr.
fn check(book: &TestBook) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(book.root())
        .args(["check", "."])
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A book whose report goes to `report`.
fn book_reporting_to(report: &str) -> TestBook {
    TestBook::new(
        &format!("as-of = \"2026-02-11\"\nreport = \"{report}\""),
        &[("c.md", CHAPTER)],
    )
}

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

#[cfg(unix)]
#[test]
fn a_symlink_committed_at_the_report_path_is_refused_before_anything_runs() {
    let (_outside, victim) = victim();
    let book = book_reporting_to("evidence-report.json");
    std::os::unix::fs::symlink(&victim, book.root().join("evidence-report.json")).unwrap();
    let (code, stderr) = check(&book);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("preprocessor.evidence.report") && stderr.contains("a symlink"),
        "{stderr}"
    );
    assert_untouched(&victim);
    // A build refuses it the same way.
    assert!(book.build().is_err());
    assert_untouched(&victim);
}

#[cfg(unix)]
#[test]
fn symlinks_at_temporary_looking_names_are_never_followed() {
    let (_outside, victim) = victim();
    let book = book_reporting_to("evidence-report.json");
    // The names a writer with a fixed temporary name might use.
    for name in [
        "evidence-report.json.tmp",
        ".evidence-report.json.tmp",
        "evidence-report.json~",
        ".mdbook-evidence.tmp",
        ".mdbook-evidence.evidence-report.json.tmp",
    ] {
        std::os::unix::fs::symlink(&victim, book.root().join(name)).unwrap();
    }
    for _ in 0..3 {
        let (code, stderr) = check(&book);
        assert_eq!(code, 0, "{stderr}");
    }
    assert_untouched(&victim);
    let report = std::fs::read_to_string(book.root().join("evidence-report.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&report).expect("a whole JSON report");
    // No temporary file is left beside it.
    let stray: Vec<_> = std::fs::read_dir(book.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".mdbook-evidence.") && n != ".mdbook-evidence.tmp")
        .filter(|n| n != ".mdbook-evidence.evidence-report.json.tmp")
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

#[cfg(unix)]
#[test]
fn a_symlinked_directory_inside_the_book_does_not_lead_out() {
    let (outside, victim) = victim();
    for report in [
        "out/evidence-report.json",
        "out/.bashrc",
        "./out/../out/x.json",
    ] {
        let book = book_reporting_to(report);
        std::os::unix::fs::symlink(outside.path(), book.root().join("out")).unwrap();
        let (code, stderr) = check(&book);
        assert_eq!(code, 2, "{report}: {stderr}");
        assert!(
            stderr.contains("outside the book root"),
            "{report}: {stderr}"
        );
        assert_untouched(&victim);
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    }
    // A symlinked directory pointing at the book's own source.
    let book = book_reporting_to("published/evidence-report.json");
    std::os::unix::fs::symlink(book.root().join("src"), book.root().join("published")).unwrap();
    let (code, stderr) = check(&book);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("source directory `src`"), "{stderr}");
    assert!(!book.root().join("src/evidence-report.json").exists());
}

#[test]
fn every_spelling_of_an_input_is_refused_with_a_config_error() {
    for (report, says) in [
        ("./src/x.json", "source directory `src`"),
        ("src/../src/x.json", "source directory `src`"),
        ("src/nested/new/x.json", "source directory `src`"),
        ("src/c.md", "source directory `src`"),
        ("book.toml", "`book.toml`"),
        ("./book.toml", "`book.toml`"),
        ("evidence/../book.toml", "`book.toml`"),
        ("evidence/store.json", "evidence store"),
        ("./evidence/store.json", "evidence store"),
        ("book/x.json", "build directory `book`"),
        ("./book/../book/x.json", "build directory `book`"),
        ("theme/evidence/citation.html", "template directory"),
        ("../x.json", "inside the book root"),
        ("a/../../x.json", "inside the book root"),
        (".", "inside the book root"),
    ] {
        let book = book_reporting_to(report);
        let before = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
        let store = std::fs::read_to_string(book.root().join("evidence/store.json")).unwrap();
        let (code, stderr) = check(&book);
        assert_eq!(code, 2, "{report}: {stderr}");
        assert!(
            stderr.contains("preprocessor.evidence.report") && stderr.contains(says),
            "{report}: expected {says:?} in {stderr}"
        );
        // The error, then (from the one emitter) where it is in book.toml.
        assert!(stderr.lines().count() <= 2, "{report}: {stderr}");
        assert_eq!(
            std::fs::read_to_string(book.root().join("book.toml")).unwrap(),
            before
        );
        assert_eq!(
            std::fs::read_to_string(book.root().join("evidence/store.json")).unwrap(),
            store
        );
        assert!(!book.root().join("src/x.json").exists());
    }
    // A store given as a directory protects every file in it.
    let book = TestBook::new(
        "store = \"evidence\"\nas-of = \"2026-02-11\"\nreport = \"evidence/report.json\"",
        &[("c.md", CHAPTER)],
    );
    let (code, stderr) = check(&book);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("evidence store directory `evidence`"),
        "{stderr}"
    );
    // A report beside the store, under a name of its own, is fine.
    let book = book_reporting_to("./reports/../evidence-report.json");
    let (code, stderr) = check(&book);
    assert_eq!(code, 0, "{stderr}");
    assert!(book.root().join("evidence-report.json").is_file());
}

#[test]
fn two_runs_writing_one_report_at_once_both_succeed_and_leave_it_whole() {
    let book = book_reporting_to("evidence-report.json");
    for _ in 0..10 {
        let spawn = || {
            std::process::Command::new(binary())
                .current_dir(book.root())
                .args(["check", "."])
                .env("NO_COLOR", "1")
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        for child in [a, b] {
            let out = child.wait_with_output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let report = std::fs::read_to_string(book.root().join("evidence-report.json")).unwrap();
        let value: serde_json::Value = serde_json::from_str(&report).expect("a whole report");
        assert!(value.is_object());
    }
    let names: Vec<_> = std::fs::read_dir(book.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(names.is_empty(), "temporary files left: {names:?}");
}

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/anthropic")
        .join(name)
}

/// Imports the fixture answer into `dir` as `answer.md` and `store`.
fn import(dir: &Path, response: &Path, store: &str) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .args(["import", "anthropic"])
        .arg(response)
        .arg("--documents")
        .arg(fixture("documents.json"))
        .args(["--chapter", "answer.md", "--store", store])
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_failed_import_leaves_the_chapter_and_the_store_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let chapter = dir.path().join("answer.md");
    std::fs::write(&chapter, "# My chapter\n\nKeep me.\n").unwrap();
    std::fs::write(dir.path().join("answer.json"), "{\"keep\": true}\n").unwrap();
    // The store cannot be written (a directory is in the way): nothing is.
    std::fs::create_dir(dir.path().join("taken.json")).unwrap();
    let (code, stderr) = import(dir.path(), &fixture("text-citations.json"), "taken.json");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&chapter).unwrap(),
        "# My chapter\n\nKeep me.\n"
    );
    // A bad answer: nothing is written either.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"content\": [ {\"type\": \"text\",} ]}").unwrap();
    let (code, stderr) = import(dir.path(), &bad, "answer.json");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&chapter).unwrap(),
        "# My chapter\n\nKeep me.\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("answer.json")).unwrap(),
        "{\"keep\": true}\n"
    );
    // A store path through a symlink to outside: refused, chapter kept.
    #[cfg(unix)]
    {
        let (_outside, victim) = victim();
        std::os::unix::fs::symlink(&victim, dir.path().join("linked.json")).unwrap();
        let (code, stderr) = import(dir.path(), &fixture("text-citations.json"), "linked.json");
        assert_eq!(code, 2, "{stderr}");
        assert_untouched(&victim);
        assert_eq!(
            std::fs::read_to_string(&chapter).unwrap(),
            "# My chapter\n\nKeep me.\n"
        );
    }
    // And a successful import replaces both, whole.
    let (code, stderr) = import(dir.path(), &fixture("text-citations.json"), "answer.json");
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(&chapter).unwrap().contains("[1]"));
}
