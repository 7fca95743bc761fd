//! The validation report never lands on the checkout's own files: a pull
//! request's `book.toml` sets `report` to `.git/config` (and every other
//! spelling of a hidden, tool-owned or book-read file: case, `..`, symlinks,
//! trailing dots and spaces, invisible characters, look-alikes), and `check`
//! (what CI runs) and the build must refuse before writing anything, say
//! why, and leave the file as it was. A report replaces only an earlier
//! report.

use crate::common::{TestBook, binary, run_stdin_with};
use assert_cmd::Command;
use std::path::Path;

const CHAPTER: &str = "# Brief\n\nThe Fed held rates in 東京 [EVID:ev_fomc].\n";

/// A book whose report goes to `report`, with a git checkout's files and a
/// theme, an extra CSS file and a watched directory beside its own.
fn book(report: &str) -> TestBook {
    let book = TestBook::new(
        &format!("as-of = \"2026-02-11\"\nmode = \"warn\"\nreport = \"{report}\""),
        &[("c.md", CHAPTER)],
    );
    let root = book.root();
    for (path, text) in [
        (".git/config", "[core]\n\tbare = false\n"),
        (".git/hooks/README", "hooks\n"),
        (".github/workflows/ci.yml", "on: push\n"),
        (".gitignore", "book/\n"),
        ("README.md", "# Docs\n"),
        ("package.json", "{\"name\": \"docs\"}\n"),
        ("theme/head.hbs", "<meta>\n"),
        ("custom.css", "body {}\n"),
        ("watched/notes.txt", "n\n"),
        ("東京/メモ.json", "{}\n"),
    ] {
        std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
        std::fs::write(root.join(path), text).unwrap();
    }
    let toml = std::fs::read_to_string(root.join("book.toml")).unwrap();
    std::fs::write(
        root.join("book.toml"),
        format!(
            "{toml}\n[build]\nextra-watch-dirs = [\"watched\"]\n\n[output.html]\nadditional-css = [\"custom.css\"]\n"
        ),
    )
    .unwrap();
    book
}

/// Every file under `root`, with its bytes.
fn files(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap_or_default();
                out.push((path.display().to_string(), bytes));
            }
        }
    }
    out.sort();
    out
}

/// `check .` in the book: status and stderr.
fn check(book: &TestBook, env: &[(&str, &str)]) -> (i32, String) {
    let out = Command::new(binary())
        .current_dir(book.root())
        .args(["check", "."])
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Asserts that `check` and the preprocessor refuse `report` with a
/// message holding `says`, and that no file of the book changed.
fn refused(book: &TestBook, report: &str, says: &str) {
    let before = files(book.root());
    let (code, stderr) = check(book, &[]);
    assert_eq!(code, 2, "{report:?}: {stderr}");
    assert!(
        stderr.contains("preprocessor.evidence.report") && stderr.contains(says),
        "{report:?}: expected {says:?} in {stderr}"
    );
    assert!(!stderr.contains("remove it"), "{report:?}: {stderr}");
    let run = run_stdin_with(book.root(), &book.stdin("html"), &[]);
    assert_eq!(run.code, 2, "{report:?}: {}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(files(book.root()), before, "{report:?}: a file changed");
}

#[test]
fn a_report_never_goes_into_a_hidden_directory_or_onto_a_dot_file() {
    for (report, says) in [
        (".git/config", "`.git`, a hidden directory"),
        ("./.git/config", "`.git`, a hidden directory"),
        ("src/../.git/config", "`.git`, a hidden directory"),
        (".GIT/config", "`.GIT`, a hidden directory"),
        (".Git/hooks/pre-commit.json", "a hidden directory"),
        (".git./config", "a hidden directory"),
        (".github/workflows/ci.json", "`.github`, a hidden directory"),
        (".vscode/settings.json", "a hidden directory"),
        (".gitignore", "a hidden file"),
        (".evidence-report.json", "a hidden file"),
        // An invisible character (HFS+ ignores it) before the dot.
        ("\u{200c}.git/config", "a hidden directory"),
        ("\u{feff}.github/x.json", "a hidden directory"),
        (".東京/報告.json", "a hidden directory"),
    ] {
        let book = book(
            &report
                .replace('\u{200c}', "\\u200c")
                .replace('\u{feff}', "\\ufeff"),
        );
        refused(&book, report, says);
    }
}

#[cfg(unix)]
#[test]
fn a_symlink_inside_the_book_does_not_lead_into_git() {
    let book = book("out/config.json");
    std::os::unix::fs::symlink(book.root().join(".git"), book.root().join("out")).unwrap();
    refused(&book, "out/config.json", "`.git`, a hidden directory");
    assert!(!book.root().join(".git/config.json").exists());
    // And a symlink at the report path itself, to the git config.
    let book = book_with_link();
    refused(&book, "r.json", "a symlink to");
}

/// A book whose report path is a symlink to its git config.
#[cfg(unix)]
fn book_with_link() -> TestBook {
    let book = book("r.json");
    std::os::unix::fs::symlink(book.root().join(".git/config"), book.root().join("r.json"))
        .unwrap();
    book
}

#[test]
fn a_report_never_replaces_a_file_the_book_or_the_checkout_reads() {
    for (report, says) in [
        ("README.md", "does not end in `.json`"),
        ("Makefile", "does not end in `.json`"),
        ("custom.css", "`output.html.additional-css`"),
        ("book.toml", "`book.toml`"),
        ("package.json", "not a validation report"),
        ("東京/メモ.json", "not a validation report"),
        ("theme/head.hbs", "theme directory `theme`"),
        ("theme/new.json", "theme directory `theme`"),
        ("watched/r.json", "`mdbook serve` watches"),
        ("evidence/store.json", "evidence store"),
        ("src/SUMMARY.md", "source directory `src`"),
        ("book/r.json", "build directory `book`"),
        // Another case names the same file on macOS and Windows.
        ("SRC/r.json", "another case"),
        ("Book/r.json", "another case"),
        ("EVIDENCE/store.json", "another case"),
        ("Theme/x.json", "another case"),
        // Windows drops trailing dots and spaces.
        ("r.json.", "ending in a dot or a space"),
        ("src./r.json", "ending in a dot or a space"),
        ("out /r.json", "ending in a dot or a space"),
    ] {
        let book = book(report);
        refused(&book, report, says);
    }
}

#[test]
fn a_path_through_a_regular_file_says_what_it_is() {
    let book = book("README.md/r.json");
    refused(
        &book,
        "README.md/r.json",
        "README.md, which is a regular file, where a directory is needed",
    );
}

#[test]
fn a_report_replaces_an_earlier_report_and_may_use_any_new_json_name() {
    for report in [
        "evidence-report.json",
        "reports/東京 報告.JSON",
        "a.b/ｒ.json",
    ] {
        let book = book(report);
        for run in 0..2 {
            let (code, stderr) = check(&book, &[]);
            assert_eq!(code, 0, "{report} run {run}: {stderr}");
            let text = std::fs::read_to_string(book.root().join(report)).unwrap();
            assert!(text.contains("evidence-report.v1"), "{report}: {text}");
        }
    }
    // A file with a report's name that is not one is kept.
    let book = book("evidence-report.json");
    std::fs::write(book.root().join("evidence-report.json"), "mine\n").unwrap();
    refused(&book, "evidence-report.json", "not a validation report");
    assert_eq!(
        std::fs::read_to_string(book.root().join("evidence-report.json")).unwrap(),
        "mine\n"
    );
}

#[test]
fn a_report_set_from_the_environment_is_refused_naming_the_variable() {
    let book = book("evidence-report.json");
    let before = files(book.root());
    let (code, stderr) = check(
        &book,
        &[("MDBOOK_PREPROCESSOR__EVIDENCE__REPORT", ".git/config")],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("environment variable MDBOOK_PREPROCESSOR__EVIDENCE__REPORT")
            && stderr.contains("a hidden directory")
            && !stderr.contains("-->"),
        "{stderr}"
    );
    assert_eq!(files(book.root()), before);
}
