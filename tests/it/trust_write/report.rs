//! The report and the build's writes: a symlink at the report path or at
//! temporary-looking names, a symlinked directory inside the book, every
//! spelling of an input as the report, two runs writing at once, and the
//! build and template directories.

use super::*;
use crate::common::{TestBook, binary};
use assert_cmd::Command;

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

/// The write checks again what loading checked: a report path that has
/// become the build or template directory's (a symlink made after the
/// build started, here a report path set after loading) is refused when
/// the report is written, and nothing is written there.
#[test]
fn the_write_refuses_the_build_and_template_directories_too() {
    use evidence_core::config::Config;
    use evidence_report::{Destination, ReportEnvironment, emit};
    use mdbook_evidence::session::Session;
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
        let report_inputs = evidence_report::ReportInputs::new(
            root,
            "src".as_ref(),
            "book".as_ref(),
            &root.join("theme/evidence"),
            &config,
        );
        let store = evidence_core::store::load(root, &[std::path::PathBuf::from("store.json")])
            .expect("store loads");
        let setup = Session::in_memory(
            config,
            store,
            root.to_path_buf(),
            evidence_render::Target::Html,
            report_inputs,
        );
        let mut book = Book::new();
        book.push_item(BookItem::Chapter(Chapter::new(
            "c",
            CHAPTER.to_owned(),
            "c.md",
            Vec::new(),
        )));
        let outcome = setup.process(&mut book);
        // Not on GitHub Actions: nothing goes to a CI's step summary.
        let environment = ReportEnvironment::default();
        let written = emit(
            &outcome,
            &setup.report_context(),
            Destination::Build,
            &environment,
        );
        let error = written.expect_err("refused").to_string();
        assert!(error.contains("directory"), "{report}: {error}");
        assert!(!root.join(report).exists(), "{report} written");
    }
}
