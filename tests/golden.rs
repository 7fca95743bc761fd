//! Byte-identical output across refactorings: the example books and the
//! benchmark's generated books are run through the binary (as mdBook feeds
//! it, both renderers) and through `check` (every format), and a digest of
//! everything that comes out — exit status, stdout, stderr, the validation
//! report — is compared with `tests/golden/digests.txt`.
//!
//! A change that is meant to alter the output re-records the digests with
//! `EVIDENCE_BLESS=1 cargo test --test golden` and says why in its commit.

#[path = "../examples/bench/book.rs"]
mod book;
mod common;

use assert_cmd::Command;
use common::{TestBook, binary};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

const DIGESTS: &str = "tests/golden/digests.txt";

/// What one run produced, as one digest. With `EVIDENCE_GOLDEN_DUMP=DIR`,
/// the parts are also written to `DIR/<digest>.*`, to diff two runs.
fn digest(code: Option<i32>, stdout: &[u8], stderr: &[u8], report: Option<&[u8]>) -> String {
    let mut hash = Sha256::new();
    hash.update(format!("{code:?}\n").as_bytes());
    for part in [stdout, stderr, report.unwrap_or(b"-")] {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    let digest = hash.finalize().iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    });
    if let Some(dir) = std::env::var_os("EVIDENCE_GOLDEN_DUMP") {
        let dir = Path::new(&dir);
        std::fs::create_dir_all(dir).expect("dump dir");
        for (part, bytes) in [
            ("stdout", stdout),
            ("stderr", stderr),
            ("report", report.unwrap_or(b"-")),
        ] {
            std::fs::write(dir.join(format!("{digest}.{part}")), bytes).expect("dump");
        }
    }
    digest
}

/// The validation report a run left in `root`, then removed (so the next
/// run writes its own).
fn take_report(root: &Path) -> Option<Vec<u8>> {
    let path = root.join("evidence-report.json");
    let bytes = std::fs::read(&path).ok()?;
    std::fs::remove_file(&path).ok();
    Some(bytes)
}

/// Runs the binary in `root` with `args`, on `stdin` when given, and
/// digests what it produced.
fn run(root: &Path, args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]) -> String {
    let mut command = Command::new(binary());
    command
        .current_dir(root)
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("SOURCE_DATE_EPOCH")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("CI")
        .env_remove("GITHUB_STEP_SUMMARY")
        .envs(env.iter().copied());
    if let Some(stdin) = stdin {
        command.write_stdin(stdin.to_owned());
    }
    let output = command.output().expect("binary runs");
    let report = take_report(root);
    // SARIF names the directory it ran in (a temporary one here) by its
    // absolute URI: the one part of the output that is the machine's.
    let here = url::Url::from_directory_path(root).expect("an absolute root");
    let stdout = String::from_utf8_lossy(&output.stdout).replace(here.as_str(), "file:///ROOT/");
    digest(
        output.status.code(),
        stdout.as_bytes(),
        &output.stderr,
        report.as_deref(),
    )
}

/// Runs the binary as a preprocessor on `stdin` in `root`.
fn preprocess(root: &Path, stdin: &str, env: &[(&str, &str)]) -> String {
    run(root, &[], Some(stdin), env)
}

/// Runs `mdbook-evidence check . --format FORMAT` in `root`.
fn check(root: &Path, format: &str, env: &[(&str, &str)]) -> String {
    run(root, &["check", ".", "--format", format], None, env)
}

/// The JSON mdBook sends the preprocessor of the book in `root`, with
/// `[preprocessor.evidence]` keys overridden as the environment would.
fn stdin_of(root: &Path, renderer: &str, overrides: &[(&str, &str)]) -> String {
    use mdbook_preprocessor::Preprocessor;
    let mut md = mdbook_driver::MDBook::load(root).expect("book loads");
    for (key, value) in overrides {
        md.config
            .set(format!("preprocessor.evidence.{key}"), *value)
            .expect("override");
    }
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        root.to_owned(),
        md.config.clone(),
        renderer.to_owned(),
    );
    let book = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .expect("links preprocessor");
    serde_json::to_string(&(ctx, book)).expect("serializes")
}

/// Copies a directory tree.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read_dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// Every case, by name.
fn digests() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    // The example books, copied so that their reports land in a scratch
    // directory; judged on their own date, whatever today's is.
    let examples = tempfile::tempdir().expect("temp dir");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("book-example"),
        examples.path(),
    );
    let as_of = ("as-of", "2026-02-11");
    let cases: [(&str, &[(&str, &str)]); 5] = [
        ("report", &[as_of]),
        ("remove", &[as_of]),
        ("failing", &[as_of]),
        ("failing", &[as_of, ("mode", "downgrade")]),
        ("failing", &[as_of, ("mode", "remove")]),
    ];
    for (n, (name, overrides)) in cases.iter().enumerate() {
        let root = examples.path().join(name);
        for renderer in ["html", "markdown"] {
            let stdin = stdin_of(&root, renderer, overrides);
            out.insert(
                format!("{name}.{n}.{renderer}"),
                preprocess(&root, &stdin, &[]),
            );
        }
        let env: Vec<(String, &str)> = overrides
            .iter()
            .map(|(k, v)| {
                let key = k.to_uppercase().replace('-', "_");
                (format!("MDBOOK_PREPROCESSOR__EVIDENCE__{key}"), *v)
            })
            .collect();
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        for format in ["human", "json", "sarif", "github"] {
            out.insert(
                format!("{name}.{n}.check-{format}"),
                check(&root, format, &env),
            );
        }
    }
    // The benchmark's books, small.
    for style in [book::Style::Evid, book::Style::Numbered] {
        let spec = book::Spec {
            chapters: 24,
            items: 600,
            style,
        };
        let chapters: Vec<(String, String)> = (0..spec.chapters)
            .map(|c| (book::chapter_path(c), book::chapter(&spec, c)))
            .collect();
        let chapters: Vec<(&str, &str)> = chapters
            .iter()
            .map(|(p, c)| (p.as_str(), c.as_str()))
            .collect();
        let test = TestBook::with_store(
            "as-of = \"2026-02-11\"",
            &book::store_json(&spec),
            &chapters,
        );
        for renderer in ["html", "markdown"] {
            out.insert(
                format!("bench-{style:?}.{renderer}"),
                preprocess(test.root(), &test.stdin(renderer), &[]),
            );
        }
    }
    out
}

#[test]
fn output_is_byte_identical_to_the_recorded_digests() {
    let got = digests();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIGESTS);
    let text: String = got.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
    if std::env::var_os("EVIDENCE_BLESS").is_some() {
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        std::fs::write(&file, text).expect("write digests");
        return;
    }
    let recorded = std::fs::read_to_string(&file).expect("tests/golden/digests.txt exists");
    let recorded: BTreeMap<&str, &str> =
        recorded.lines().filter_map(|l| l.split_once(' ')).collect();
    let changed: Vec<String> = got
        .iter()
        .filter(|(k, v)| recorded.get(k.as_str()) != Some(&v.as_str()))
        .map(|(k, v)| format!("{k} (now {v})"))
        .collect();
    assert!(
        changed.is_empty() && recorded.len() == got.len(),
        "output changed for {changed:?} ({} recorded, {} run); if intended, rerun with EVIDENCE_BLESS=1 and say why in the commit",
        recorded.len(),
        got.len()
    );
}
