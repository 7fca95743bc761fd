//! Writes go nowhere they should not, tried as an attacker would on an
//! untrusted checkout: `check` (which runs no preprocessor command, so it
//! looks safe to run) with a symlink committed at the report path, at the
//! names a temporary file might have, or as a directory inside the book;
//! `report` spelled to reach an input (`./src/x.json`, `src/../src/x.json`,
//! the store, `book.toml`); two builds writing one report at once; an
//! import that fails after reading everything.

use crate::common::{TestBook, binary};
use assert_cmd::Command;
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
    // The hand-written chapter is kept even with `--force`
    // (tests/it/trust_import.rs tests the refusal); once its author deletes
    // it, a successful import writes both, whole (`--force`: no import
    // wrote the store).
    let (code, stderr) = import_args(
        dir.path(),
        &fixture("text-citations.json"),
        &[
            "--chapter",
            "answer.md",
            "--store",
            "answer.json",
            "--force",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&chapter).unwrap(),
        "# My chapter\n\nKeep me.\n"
    );
    std::fs::remove_file(&chapter).unwrap();
    let (code, stderr) = import_args(
        dir.path(),
        &fixture("text-citations.json"),
        &[
            "--chapter",
            "answer.md",
            "--store",
            "answer.json",
            "--force",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(&chapter).unwrap().contains("[1]"));
}

/// Runs `check .` with environment variables: exit code and report text.
fn check_with(book: &TestBook, env: &[(&str, &str)]) -> std::process::Child {
    let mut command = std::process::Command::new(binary());
    command
        .current_dir(book.root())
        .args(["check", "."])
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    command.spawn().unwrap()
}

#[test]
fn of_two_runs_writing_different_reports_at_once_the_last_wins_whole() {
    let book = TestBook::new(
        "as-of = \"2026-02-11\"\nmode = \"warn\"\nreport = \"evidence-report.json\"",
        &[(
            "c.md",
            "# Brief\n\nRates held at 4.4\u{a0}percent 日本 [EVID:ev_fomc].\n",
        )],
    );
    // The same book judged on two dates (stale evidence on the second)
    // gives two different reports.
    let dates = [
        ("MDBOOK_PREPROCESSOR__EVIDENCE__AS_OF", "2026-02-11"),
        ("MDBOOK_PREPROCESSOR__EVIDENCE__AS_OF", "2031-02-11"),
    ];
    let alone: Vec<String> = dates
        .iter()
        .map(|env| {
            let out = check_with(&book, &[*env]).wait_with_output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            std::fs::read_to_string(book.root().join("evidence-report.json")).unwrap()
        })
        .collect();
    assert_ne!(alone[0], alone[1]);
    for _ in 0..10 {
        let children = dates.map(|env| check_with(&book, &[env]));
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        // Exactly one run's report, never a mix or a torn file.
        let report = std::fs::read_to_string(book.root().join("evidence-report.json")).unwrap();
        assert!(alone.contains(&report), "{report}");
    }
}

#[cfg(unix)]
#[test]
fn a_source_directory_that_is_a_symlink_inside_the_book_is_protected_where_it_leads() {
    // `src` links to `content`: `content/x.json` is a source file.
    for report in ["content/x.json", "./content/../content/new/x.json"] {
        let book = book_reporting_to(report);
        std::fs::rename(book.root().join("src"), book.root().join("content")).unwrap();
        std::os::unix::fs::symlink("content", book.root().join("src")).unwrap();
        let (code, stderr) = check(&book);
        assert_eq!(code, 2, "{report}: {stderr}");
        assert!(
            stderr.contains("source directory `src`"),
            "{report}: {stderr}"
        );
        assert!(!book.root().join("content/x.json").exists());
        assert!(!book.root().join("content/new").exists());
    }
}

/// Runs `import anthropic` in `dir` with `args` after the response.
fn import_args(dir: &Path, response: &Path, args: &[&str]) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .args(["import", "anthropic"])
        .arg(response)
        .arg("--documents")
        .arg(fixture("documents.json"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Every file of `dir` (not below it) with its content; symlinks as
/// `-> target`.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let meta = std::fs::symlink_metadata(e.path()).unwrap();
            let content = if meta.file_type().is_symlink() {
                format!("-> {}", std::fs::read_link(e.path()).unwrap().display())
            } else if meta.is_dir() {
                "<dir>".to_owned()
            } else if meta.is_file() {
                std::fs::read_to_string(e.path()).unwrap_or_default()
            } else {
                "<special>".to_owned()
            };
            (name, content)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn an_import_writes_its_chapter_and_store_together_or_neither_whatever_is_in_the_way() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("answer.md"), "# Mine\n\nKeep me 日本.\n").unwrap();
    std::fs::write(root.join("answer.json"), "{\"keep\": true}\n").unwrap();
    let response = root.join("response.json");
    std::fs::copy(fixture("text-citations.json"), &response).unwrap();
    // A directory where the chapter goes: the store is not written either.
    std::fs::create_dir(root.join("taken.md")).unwrap();
    std::fs::create_dir(root.join("sub")).unwrap();
    let before = snapshot(root);
    let refused: &[(&[&str], &str)] = &[
        (
            &["--chapter", "taken.md", "--store", "answer.json"],
            "a directory",
        ),
        // One file named twice, however spelled: the store would replace
        // the chapter.
        (
            &["--chapter", "answer.md", "--store", "./answer.md"],
            "the same file",
        ),
        (
            &["--chapter", "answer.md", "--store", "sub/../answer.md"],
            "the same file",
        ),
        // The inputs of the import itself.
        (
            &["--chapter", "response.json", "--store", "answer.json"],
            "the response being imported",
        ),
        (
            &["--chapter", "answer.md", "--store", "./response.json"],
            "the response being imported",
        ),
    ];
    for (args, says) in refused {
        let (code, stderr) = import_args(root, &response, args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains(says),
            "{args:?}: expected {says:?} in {stderr}"
        );
        assert_eq!(snapshot(root), before, "{args:?}");
    }
    // The --documents file is an input too.
    std::fs::copy(fixture("documents.json"), root.join("documents.json")).unwrap();
    let output = Command::new(binary())
        .current_dir(root)
        .args(["import", "anthropic"])
        .arg(&response)
        .args(["--documents", "documents.json", "--chapter", "answer.md"])
        .args(["--store", "./documents.json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the --documents file"), "{stderr}");
    assert_eq!(
        std::fs::read(root.join("documents.json")).unwrap(),
        std::fs::read(fixture("documents.json")).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(root.join("answer.md")).unwrap(),
        "# Mine\n\nKeep me 日本.\n"
    );
}

#[cfg(unix)]
#[test]
fn an_import_never_writes_through_symlinks_at_its_targets_or_temporary_names() {
    let (outside, victim) = victim();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("answer.json"), "{\"keep\": true}\n").unwrap();
    // The chapter's path is a symlink to a file outside: refused, the
    // store untouched. (Outside a book, the directories named are where the
    // files go, as written: a symlinked directory there is the user's own
    // path; in a book, one leading out is refused: see the next test.)
    std::os::unix::fs::symlink(&victim, root.join("linked.md")).unwrap();
    std::fs::create_dir(root.join("dir")).unwrap();
    std::os::unix::fs::symlink(&victim, root.join("dir/linked.md")).unwrap();
    for chapter in ["linked.md", "./dir/../linked.md", "dir/linked.md"] {
        let (code, stderr) = import_args(
            root,
            &fixture("text-citations.json"),
            &["--chapter", chapter, "--store", "answer.json"],
        );
        assert_eq!(code, 2, "{chapter}: {stderr}");
        assert!(stderr.contains("a symlink"), "{chapter}: {stderr}");
        assert_untouched(&victim);
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
        assert_eq!(
            std::fs::read_to_string(root.join("answer.json")).unwrap(),
            "{\"keep\": true}\n"
        );
    }
    // Symlinks at the names a temporary file might have: never followed.
    for name in [
        "answer.md.tmp",
        ".answer.md.tmp",
        "answer.json.tmp",
        ".mdbook-evidence.tmp",
        "answer.md~",
    ] {
        std::os::unix::fs::symlink(&victim, root.join(name)).unwrap();
    }
    for _ in 0..3 {
        // `--force`: `answer.json` is a file no import wrote.
        let (code, stderr) = import_args(
            root,
            &fixture("text-citations.json"),
            &[
                "--chapter",
                "answer.md",
                "--store",
                "answer.json",
                "--force",
            ],
        );
        assert_eq!(code, 0, "{stderr}");
    }
    assert_untouched(&victim);
    assert!(
        std::fs::read_to_string(root.join("answer.md"))
            .unwrap()
            .contains("[1]")
    );
    let store = std::fs::read_to_string(root.join("answer.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&store).expect("a whole store");
}

#[test]
fn an_import_into_a_book_never_writes_its_book_toml_or_outside_it() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
    let root = book.root();
    let toml = std::fs::read_to_string(root.join("book.toml")).unwrap();
    let response = fixture("text-citations.json");
    let refused: &[(&[&str], &str)] = &[
        (&["--chapter", "../book.toml"], "book.toml"),
        (&["--chapter", "x/../../book.toml"], "book.toml"),
        (
            &["--chapter", "answer.md", "--store", "book.toml"],
            "book.toml",
        ),
        (
            &["--chapter", "answer.md", "--store", "src/../book.toml"],
            "book.toml",
        ),
        (
            &["--chapter", "answer.md", "--store", "./book.toml"],
            "book.toml",
        ),
        (&["--chapter", "../../answer.md"], "outside"),
        (
            &["--chapter", "answer.md", "--store", "../evidence.json"],
            "outside",
        ),
    ];
    for (args, says) in refused {
        let mut all = vec!["--book", "."];
        all.extend_from_slice(args);
        let (code, stderr) = import_args(root, &response, &all);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains(says),
            "{args:?}: expected {says:?} in {stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(root.join("book.toml")).unwrap(),
            toml
        );
        assert!(!root.join("src/answer.md").exists(), "{args:?}");
        assert!(!root.parent().unwrap().join("evidence.json").exists());
    }
    // The store's directory named as the store: a directory, refused.
    let (code, stderr) = import_args(
        root,
        &response,
        &[
            "--book",
            ".",
            "--chapter",
            "answer.md",
            "--store",
            "evidence",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a directory"), "{stderr}");
    assert!(!root.join("src/answer.md").exists());
    // A symlinked directory under src/ leading out of the book.
    #[cfg(unix)]
    {
        let (outside, victim) = victim();
        std::os::unix::fs::symlink(outside.path(), root.join("src/linked")).unwrap();
        let (code, stderr) = import_args(
            root,
            &response,
            &["--book", ".", "--chapter", "linked/answer.md"],
        );
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("outside"), "{stderr}");
        assert_untouched(&victim);
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    }
}

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

/// The write checks again what loading checked: a report path that has
/// become the build or template directory's (a symlink made after the
/// build started, here a report path set after loading) is refused when
/// the report is written, and nothing is written there.
#[test]
fn the_write_refuses_the_build_and_template_directories_too() {
    use mdbook_evidence::config::Config;
    use mdbook_evidence::preprocess::{Setup, process_book};
    use mdbook_evidence::report::{Destination, emit};
    use mdbook_preprocessor::book::{Book, BookItem, Chapter};
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    for sub in ["book", "theme/evidence", "src"] {
        std::fs::create_dir_all(root.join(sub)).expect("mkdir");
    }
    std::fs::write(root.join("store.json"), crate::common::STORE).expect("store");
    for report in ["book/東京 report.json", "theme/evidence/r.json"] {
        let config = Config::from_value(serde_json::json!({
            "store": "store.json",
            "report": report,
            "as-of": "2026-02-11",
        }))
        .expect("valid config");
        let report_inputs = mdbook_evidence::report::ReportInputs::new(
            root,
            "src".as_ref(),
            "book".as_ref(),
            &root.join("theme/evidence"),
            &config,
        );
        let store = mdbook_evidence::store::load(root, &[std::path::PathBuf::from("store.json")])
            .expect("store loads");
        let setup = Setup::new(
            config,
            store,
            root.to_path_buf(),
            mdbook_evidence::render::Target::Html,
            report_inputs,
        );
        let mut book = Book::new();
        book.push_item(BookItem::Chapter(Chapter::new(
            "c",
            CHAPTER.to_owned(),
            "c.md",
            Vec::new(),
        )));
        let outcome = process_book(&setup, &mut book);
        let written = emit(&outcome, &setup.report_context(), Destination::Build);
        let error = written.expect_err("refused").to_string();
        assert!(error.contains("directory"), "{report}: {error}");
        assert!(!root.join(report).exists(), "{report} written");
    }
}
