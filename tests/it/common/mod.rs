//! Test books: real mdBook 0.5 books on disk, built in process by
//! `mdbook-driver` with the real `mdbook-evidence` binary as the command
//! preprocessor, or fed to the binary exactly as mdBook feeds it.

#![allow(dead_code)]

pub mod action;
pub mod chromium;
pub mod fetch;
pub mod import;
pub mod import_fuzz;
pub mod invariants;
pub mod skip;
pub mod stores;
pub mod verify;

use assert_cmd::Command;
use mdbook_driver::MDBook;
use mdbook_preprocessor::PreprocessorContext;
use std::path::{Path, PathBuf};
// Most books use it: `common::STORE` as before it had a file of its own.
pub use stores::STORE;

/// The binary under test.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_mdbook-evidence"))
}

/// A book in a temporary directory.
pub struct TestBook {
    pub dir: tempfile::TempDir,
}

impl TestBook {
    /// A book whose `[preprocessor.evidence]` table has `config` (TOML lines)
    /// besides `command`, and whose chapters are `(path, content)` pairs.
    pub fn new(config: &str, chapters: &[(&str, &str)]) -> TestBook {
        Self::with_store(config, STORE, chapters)
    }

    /// Like [`TestBook::new`] with another store (written to `evidence/store.json`).
    pub fn with_store(config: &str, store: &str, chapters: &[(&str, &str)]) -> TestBook {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        let mut summary = String::from("# Summary\n\n");
        for (path, content) in chapters {
            let file = root.join("src").join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, content).unwrap();
            if !path.starts_with('_') {
                summary.push_str(&format!("- [{path}]({path})\n"));
            }
        }
        std::fs::write(root.join("src/SUMMARY.md"), summary).unwrap();
        std::fs::create_dir_all(root.join("evidence")).unwrap();
        std::fs::write(root.join("evidence/store.json"), store).unwrap();
        let config = if config.contains("store =") {
            config.to_owned()
        } else {
            format!("store = \"evidence/store.json\"\n{config}")
        };
        std::fs::write(
            root.join("book.toml"),
            format!(
                "[book]\ntitle = \"Test\"\n\n[preprocessor.evidence]\ncommand = \"'{}'\"\nafter = [\"links\"]\n{config}\n",
                binary().display()
            ),
        )
        .unwrap();
        TestBook { dir }
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Builds the book with mdBook (HTML renderer), as `mdbook build` does.
    pub fn build(&self) -> anyhow::Result<()> {
        MDBook::load(self.root())?.build()
    }

    /// `mdbook-evidence check . --format json` in the book's root, with no
    /// CI environment: the exit status and the JSON report (a check that
    /// could not run fails the test).
    pub fn check_json(&self) -> (i32, serde_json::Value) {
        let out = Command::new(binary())
            .current_dir(self.root())
            .args(["check", ".", "--format", "json"])
            .env("NO_COLOR", "1")
            .env_remove("GITHUB_ACTIONS")
            .env_remove("GITHUB_STEP_SUMMARY")
            .env_remove("SOURCE_DATE_EPOCH")
            .output()
            .expect("binary runs");
        let code = out.status.code().unwrap_or(-1);
        assert!(
            code == 0 || code == 1,
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report = serde_json::from_slice(&out.stdout).expect("the report is JSON");
        (code, report)
    }

    /// The HTML page of a chapter after [`TestBook::build`].
    pub fn html(&self, chapter: &str) -> String {
        let page = self
            .root()
            .join("book")
            .join(chapter.replace(".md", ".html"));
        std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()))
    }

    /// The JSON that mdBook sends the preprocessor for `renderer`, after
    /// the preprocessors that run before ours (`links`).
    pub fn stdin(&self, renderer: &str) -> String {
        let md = MDBook::load(self.root()).expect("book loads");
        let ctx = PreprocessorContext::new(
            self.root().to_owned(),
            md.config.clone(),
            renderer.to_owned(),
        );
        let mut book = md.book.clone();
        use mdbook_preprocessor::Preprocessor;
        book = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
            .run(&ctx, book)
            .expect("links preprocessor");
        serde_json::to_string(&(ctx, book)).unwrap()
    }

    /// Runs the binary on this book as mdBook would for `renderer`.
    pub fn run(&self, renderer: &str) -> Run {
        run_stdin(self.root(), &self.stdin(renderer))
    }
}

/// The outcome of one run of the binary.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The chapters' contents from stdout, by source path.
    pub fn chapters(&self) -> Vec<(String, String)> {
        let book: mdbook_preprocessor::book::Book =
            serde_json::from_str(&self.stdout).expect("stdout is a book");
        book.chapters()
            .map(|c| {
                (
                    c.source_path.as_ref().unwrap().display().to_string(),
                    c.content.clone(),
                )
            })
            .collect()
    }

    /// One chapter's content from stdout.
    pub fn chapter(&self, path: &str) -> String {
        self.chapters()
            .into_iter()
            .find(|(p, _)| p == path)
            .unwrap_or_else(|| panic!("no chapter {path}"))
            .1
    }
}

/// Runs the binary with `stdin` in `dir`, without colour.
pub fn run_stdin(dir: &Path, stdin: &str) -> Run {
    run_stdin_with(dir, stdin, &[])
}

/// [`run_stdin`] with environment variables set.
pub fn run_stdin_with(dir: &Path, stdin: &str, env: &[(&str, &str)]) -> Run {
    let output = Command::new(binary())
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("SOURCE_DATE_EPOCH")
        .envs(env.iter().copied())
        .write_stdin(stdin.to_owned())
        .output()
        .expect("binary runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Feeds a run's output book back in (for idempotence checks).
pub fn rerun(dir: &Path, first_stdin: &str, first: &Run) -> Run {
    let (ctx, _): (serde_json::Value, serde_json::Value) =
        serde_json::from_str(first_stdin).unwrap();
    let book: serde_json::Value = serde_json::from_str(&first.stdout).unwrap();
    run_stdin(dir, &serde_json::to_string(&(ctx, book)).unwrap())
}

/// Runs the binary on `stdin` in `dir` and, when it succeeds, once more on
/// its output, checking that the second run changes nothing; returns the
/// first run.
pub fn run_twice(dir: &Path, stdin: &str) -> Run {
    let first = run_stdin(dir, stdin);
    if first.code == 0 {
        let second = rerun(dir, stdin, &first);
        assert_eq!(second.code, 0, "{}", second.stderr);
        assert_eq!(second.chapters(), first.chapters(), "not idempotent");
    }
    first
}

/// Runs the binary twice on a one-chapter book (`c.md`); see [`run_twice`].
pub fn twice(config: &str, store: &str, renderer: &str, chapter: &str) -> Run {
    let book = TestBook::with_store(config, store, &[("c.md", chapter)]);
    run_twice(book.root(), &book.stdin(renderer))
}

/// `mdbook-evidence check ARGS` run in `dir` with no colour and no CI
/// environment (plus `env`): the exit status, stdout and stderr.
pub fn check_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(binary())
        .arg("check")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("CI")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("GITHUB_WORKSPACE")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
