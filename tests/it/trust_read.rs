//! Every file the tool reads is a regular file read under a named limit,
//! tried as an attacker who controls a checkout would: at each place a
//! file is read (a template override, an asset `install` compares,
//! `book.toml`, a chapter `check` hands to mdBook, a store file, an answer
//! and each map given to `import`), a FIFO that no one writes to, a
//! committed symlink to `/dev/zero`, a directory, and a file over the
//! limit. Each is refused with a message naming the file, what it is and
//! how to fix it (the limit's variable), exit status 2, nothing written.
//!
//! None of these may hang: the reader checks a path's type before opening
//! it, and opens without blocking. The commands still run under a
//! generous timeout, so that a regression fails instead of hanging the
//! suite (no time is asserted).

#![cfg(unix)]

use crate::common::{TestBook, binary};
use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The limit the oversize cases run under, and a file over it.
const SMALL_LIMIT: &str = "8192";

/// A hostile file put where one is read.
#[derive(Debug, Clone, Copy)]
enum Hostile {
    Fifo,
    DevZero,
    Directory,
    Oversize,
}

const ALL: [Hostile; 4] = [
    Hostile::Fifo,
    Hostile::DevZero,
    Hostile::Directory,
    Hostile::Oversize,
];

impl Hostile {
    /// Puts it at `path` (replacing a file there); `oversize` is the
    /// content of the oversize case, made larger than [`SMALL_LIMIT`].
    fn put(self, path: &Path, oversize: &str) {
        if path.is_file() {
            std::fs::remove_file(path).unwrap();
        }
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        match self {
            Hostile::Fifo => {
                let status = std::process::Command::new("mkfifo")
                    .arg(path)
                    .status()
                    .expect("mkfifo runs");
                assert!(status.success());
            }
            Hostile::DevZero => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
            Hostile::Directory => std::fs::create_dir(path).unwrap(),
            Hostile::Oversize => {
                let mut text = oversize.to_owned();
                while text.len() <= 8192 {
                    text.push_str(oversize);
                }
                std::fs::write(path, text).unwrap();
            }
        }
    }

    /// What the refusal says the file is.
    fn said(self) -> &'static str {
        match self {
            Hostile::Fifo => "is a FIFO (named pipe), not a regular file",
            Hostile::DevZero => "a symlink to `/dev/zero`, a device, not a regular file",
            Hostile::Directory => "is a directory, not a regular file",
            Hostile::Oversize => "larger than 8192 bytes",
        }
    }

    /// The environment the case runs in: the oversize case under a small
    /// limit for every file read.
    fn env(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Hostile::Oversize => vec![("MDBOOK_EVIDENCE_MAX_FILE_BYTES", SMALL_LIMIT)],
            _ => Vec::new(),
        }
    }
}

/// Runs the binary with `args` in `dir`: exit code, stdout and stderr.
fn run(dir: &Path, args: &[&str], hostile: Hostile) -> (i32, String, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .envs(hostile.env())
        .timeout(Duration::from_secs(120))
        .output()
        .expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Asserts a refusal: exit 2, naming `file` and what it is.
fn assert_refused(
    case: &str,
    hostile: Hostile,
    (code, _, stderr): (i32, String, String),
    file: &str,
) {
    assert_eq!(code, 2, "{case} {hostile:?}: {stderr}");
    assert!(
        stderr.contains(file),
        "{case} {hostile:?}: names {file}: {stderr}"
    );
    assert!(
        stderr.contains(hostile.said()),
        "{case} {hostile:?}: {stderr}"
    );
    if let Hostile::Oversize = hostile {
        let var = if case == "store" {
            "MDBOOK_EVIDENCE_MAX_STORE_BYTES"
        } else {
            "MDBOOK_EVIDENCE_MAX_FILE_BYTES"
        };
        assert!(
            stderr.contains(&format!("{var}=<bytes>")),
            "{case}: {stderr}"
        );
    }
}

const CHAPTER: &str = "# Brief\n\nThe Fed held rates steady in 東京 this month [EVID:ev_fomc].\n";

#[test]
fn a_template_override_that_is_not_a_readable_file_is_refused_by_check_and_build() {
    for (theme, config) in [
        ("theme", String::new()),
        ("тема", "\n[output.html]\ntheme = \"тема\"".to_owned()),
    ] {
        for hostile in ALL {
            let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
            let toml = book.root().join("book.toml");
            let text = std::fs::read_to_string(&toml).unwrap();
            std::fs::write(&toml, format!("{text}{config}\n")).unwrap();
            let template = book.root().join(theme).join("evidence/reference.html");
            hostile.put(
                &template,
                "<p class=\"evidence-ref\">[{{number}}] 東京</p>\n",
            );
            let checked = run(book.root(), &["check", "."], hostile);
            assert_refused("template", hostile, checked, "reference.html");
            // mdBook runs the preprocessor the same way: refused there too.
            let stdin = book.stdin("html");
            let output = Command::new(binary())
                .current_dir(book.root())
                .env("NO_COLOR", "1")
                .envs(hostile.env())
                .write_stdin(stdin)
                .timeout(Duration::from_secs(120))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            assert_eq!(output.status.code(), Some(2), "{hostile:?}: {stderr}");
            assert!(
                output.stdout.is_empty(),
                "{hostile:?}: nothing half-written"
            );
            assert!(stderr.contains(hostile.said()), "{hostile:?}: {stderr}");
        }
    }
}

#[test]
fn a_book_toml_or_chapter_that_is_not_a_readable_file_is_refused_by_check() {
    for hostile in ALL {
        let book = TestBook::new("as-of = \"2026-02-11\"", &[("глава.md", CHAPTER)]);
        hostile.put(&book.root().join("src/глава.md"), CHAPTER);
        let checked = run(book.root(), &["check", "."], hostile);
        if let Hostile::Directory = hostile {
            // mdBook reads the chapters, and says so itself.
            let (code, _, stderr) = checked;
            assert_eq!(code, 2, "{stderr}");
            assert!(stderr.contains("`глава.md`: Is a directory"), "{stderr}");
        } else {
            assert_refused("chapter", hostile, checked, "глава.md");
        }

        let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
        let toml = book.root().join("book.toml");
        let text = std::fs::read_to_string(&toml).unwrap();
        hostile.put(&toml, &format!("{text}\n# 東京 padding\n"));
        let checked = run(book.root(), &["check", "."], hostile);
        assert_refused("book.toml", hostile, checked, "book.toml");
    }
}

#[test]
fn a_store_file_that_is_not_a_readable_file_is_refused() {
    // A directory is a store of its own (its files are read): not here.
    for hostile in [Hostile::Fifo, Hostile::DevZero, Hostile::Oversize] {
        let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
        let store = book.root().join("evidence/store.json");
        let padding = format!("{}\n", crate::common::STORE);
        hostile.put(&store, &padding);
        let output = Command::new(binary())
            .current_dir(book.root())
            .args(["check", "."])
            .env("NO_COLOR", "1")
            .env("MDBOOK_EVIDENCE_MAX_STORE_BYTES", SMALL_LIMIT)
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{hostile:?}: {stderr}");
        assert!(stderr.contains("evidence/store.json"), "{stderr}");
        match hostile {
            Hostile::Oversize => assert!(
                stderr.contains("MDBOOK_EVIDENCE_MAX_STORE_BYTES=<bytes>"),
                "{stderr}"
            ),
            _ => assert!(stderr.contains("not a regular file"), "{stderr}"),
        }
    }
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn an_answer_or_map_given_to_import_that_is_not_a_readable_file_is_refused() {
    let response = fixture("anthropic/text-citations.json");
    let documents = fixture("anthropic/documents.json");
    let sources = fixture("import/web-sources.json");
    for (what, name) in [
        ("response", "ответ.json"),
        ("documents", "документы.json"),
        ("sources", "sources.json"),
    ] {
        for hostile in ALL {
            let dir = tempfile::tempdir().unwrap();
            let copy = |from: &Path, to: &str| {
                std::fs::copy(from, dir.path().join(to)).unwrap();
                to.to_owned()
            };
            let mut response_at = copy(&response, "response.json");
            let mut documents_at = copy(&documents, "documents.json");
            let mut sources_at = copy(&sources, "web.json");
            let original = match what {
                "response" => &response,
                "documents" => &documents,
                _ => &sources,
            };
            let content = std::fs::read_to_string(original).unwrap();
            hostile.put(&dir.path().join(name), &format!("{content}\n"));
            match what {
                "response" => response_at = name.to_owned(),
                "documents" => documents_at = name.to_owned(),
                _ => sources_at = name.to_owned(),
            }
            let args = [
                "import",
                "anthropic",
                &response_at,
                "--documents",
                &documents_at,
                "--sources",
                &sources_at,
                "--chapter",
                "answer.md",
                "--store",
                "answer.json",
            ];
            let outcome = run(dir.path(), &args, hostile);
            let (code, _, stderr) = &outcome;
            // The oversize JSON is also malformed (repeated): what matters
            // is that the limit refuses it before it is parsed.
            assert_eq!(*code, 2, "{what} {hostile:?}: {stderr}");
            assert_refused(what, hostile, outcome.clone(), name);
            assert!(!dir.path().join("answer.md").exists(), "nothing written");
            assert!(!dir.path().join("answer.json").exists(), "nothing written");
        }
    }
}

#[test]
fn install_refuses_a_book_toml_or_asset_that_is_not_a_readable_file() {
    for hostile in ALL {
        let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
        hostile.put(
            &book.root().join("theme/evidence/evidence.css"),
            "/* 東京 */ .evidence { color: red; }\n",
        );
        let installed = run(book.root(), &["install", "."], hostile);
        assert_refused("asset", hostile, installed, "evidence.css");
        // Refused before anything is written: book.toml is as it was.
        let toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
        assert!(!toml.contains("additional-css"), "{toml}");

        let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
        let toml = book.root().join("book.toml");
        let text = std::fs::read_to_string(&toml).unwrap();
        hostile.put(&toml, &format!("{text}\n# 東京 padding\n"));
        let installed = run(book.root(), &["install", "."], hostile);
        assert_refused("install book.toml", hostile, installed, "book.toml");
    }
}
