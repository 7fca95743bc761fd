//! What the import tests share: the recorded responses of the corpus, the
//! hand-written fixtures, running `import`, and building what it wrote as a
//! real mdBook book.
//!
//! The corpus is read from `$EVIDENCE_CORPUS_DIR/apis` (default
//! `../shared/corpora/apis` beside the clone). When neither
//! `EVIDENCE_CORPUS_DIR` nor `CI` is set and it is absent (a plain clone),
//! a test that needs it says so on stderr and passes; otherwise a missing
//! sample fails the test.

#![allow(dead_code)]

use crate::common::{Run, TestBook, binary, run_stdin};
use assert_cmd::Command;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// A recorded response of the corpus (`name` without `.json`), or `None`
/// when the corpus is absent and may be.
#[track_caller]
pub fn sample(name: &str) -> Option<PathBuf> {
    let explicit = std::env::var_os("EVIDENCE_CORPUS_DIR").map(PathBuf::from);
    let dir = explicit
        .clone()
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora"))
        .join("apis");
    let file = dir.join(format!("{name}.json"));
    if file.is_file() {
        // A relative `EVIDENCE_CORPUS_DIR` (CI sets `../shared/corpora`) is
        // relative to where the tests started; the import commands run in a
        // temporary book, so hand them an absolute path.
        return Some(std::fs::canonicalize(&file).unwrap_or(file));
    }
    if explicit.is_none() && std::env::var_os("CI").is_none() {
        crate::common::skip::note(
            &format!("recorded response {}", file.display()),
            "it is absent; set EVIDENCE_CORPUS_DIR to the directory holding apis/",
        );
        return None;
    }
    panic!(
        "recorded response {} is missing; set EVIDENCE_CORPUS_DIR to the directory holding apis/",
        file.display()
    )
}

/// A hand-written fixture (see tests/fixtures/import/README.md).
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/import")
        .join(name)
}

/// What one import did.
pub struct Imported {
    /// Exit status.
    pub code: i32,
    /// What it said.
    pub stderr: String,
    /// The chapter it wrote.
    pub chapter: Option<String>,
    /// The store fragment it wrote.
    pub store: Option<String>,
}

impl Imported {
    /// Checks that it succeeded.
    pub fn ok(self) -> Imported {
        assert_eq!(self.code, 0, "import failed: {}", self.stderr);
        self
    }

    /// The chapter.
    pub fn chapter(&self) -> &str {
        self.chapter.as_deref().expect("a chapter was written")
    }

    /// The fragment, parsed.
    pub fn store(&self) -> serde_json::Value {
        serde_json::from_str(self.store.as_deref().expect("a store was written"))
            .expect("the fragment is JSON")
    }

    /// The fragment's items, in citation-number order.
    pub fn items(&self) -> Vec<serde_json::Value> {
        self.store()["evidence"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Checks that it failed (exit 2) with one line holding `expected`,
    /// having written nothing.
    pub fn refused(&self, expected: &str) {
        assert_eq!(self.code, 2, "{}", self.stderr);
        assert_eq!(self.stderr.lines().count(), 1, "{}", self.stderr);
        assert!(
            self.stderr.contains(expected),
            "{expected}\n{}",
            self.stderr
        );
        assert!(
            self.chapter.is_none() && self.store.is_none(),
            "nothing written"
        );
    }
}

/// Runs `mdbook-evidence import ARGS --chapter answer.md --store
/// answer.json` in `dir`.
pub fn import<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Imported {
    let _ = std::fs::remove_file(dir.join("answer.md"));
    let _ = std::fs::remove_file(dir.join("answer.json"));
    let (code, stderr) = run_import(
        dir,
        args.iter()
            .map(|a| a.as_ref().to_owned())
            .chain(["--chapter", "answer.md", "--store", "answer.json"].map(Into::into)),
    );
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    Imported {
        code,
        stderr,
        chapter: read("answer.md").map(|c| without_record(&c)),
        store: read("answer.json"),
    }
}

/// A chapter without the import record at its end, one line or several
/// (see `crates/evidence-core/src/import_record.rs`; tests/it/trust_import.rs tests it).
pub fn without_record(chapter: &str) -> String {
    let body = chapter.trim_end_matches('\n');
    match body.rfind("\n<!-- mdbook-evidence import of ") {
        Some(nl) if body.ends_with("-->") => chapter[..nl].to_owned(),
        _ => chapter.to_owned(),
    }
}

/// Runs `mdbook-evidence import ARGS` in `dir`: exit status and stderr.
pub fn run_import(dir: &Path, args: impl IntoIterator<Item = std::ffi::OsString>) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .arg("import")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

/// A book of one imported chapter (`answer.md`) and its fragment, with
/// `config` under `[preprocessor.evidence]`: the preprocessor's run, and
/// the book, built by mdBook when the run succeeded.
pub fn build(done: &Imported, config: &str) -> (TestBook, Run) {
    let book = TestBook::with_store(
        config,
        done.store.as_deref().expect("a store"),
        &[("answer.md", done.chapter())],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    if run.code == 0 {
        book.build().expect("mdBook builds the imported book");
    }
    (book, run)
}

/// The rule ids of the diagnostics a run printed, in order.
pub fn rules(run: &Run) -> Vec<String> {
    run.stderr
        .lines()
        .filter_map(|line| {
            let rest = line
                .strip_prefix("error[")
                .or_else(|| line.strip_prefix("warning["))?;
            Some(rest[..rest.find(']')?].to_owned())
        })
        .collect()
}

/// Checks that the run published (exit 0) with no diagnostic but of the
/// rules in `allowed` (each allowance says why in the test).
pub fn assert_published(run: &Run, allowed: &[&str]) {
    assert_eq!(run.code, 0, "{}", run.stderr);
    for rule in rules(run) {
        assert!(allowed.contains(&rule.as_str()), "{rule}:\n{}", run.stderr);
    }
}

/// The text of the HTML page's `<main>`.
pub fn main_html(book: &TestBook, chapter: &str) -> String {
    let html = book.html(chapter);
    let start = html.find("<main>").unwrap_or(0);
    let end = html.find("</main>").unwrap_or(html.len());
    html[start..end].replace('\n', " ")
}

/// Writes `value` as `name` in `dir` (a response or metadata file a test
/// makes in the shape an API documents); returns its path.
pub fn write_json(dir: &Path, name: &str, value: &serde_json::Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(value).expect("JSON")).expect("written");
    path
}

/// A `--sources` file in `dir` giving each host a publisher, tier 2 and a
/// date, so that a build judges the answer and not the missing metadata.
pub fn sources_for(dir: &Path, hosts: &[&str]) -> PathBuf {
    let entries: serde_json::Map<String, serde_json::Value> = hosts
        .iter()
        .map(|host| {
            (
                (*host).to_owned(),
                serde_json::json!({"publisher": host, "tier": 2, "published_at": "2026-01-01"}),
            )
        })
        .collect();
    write_json(
        dir,
        "sources.json",
        &serde_json::json!({ "sources": entries }),
    )
}
