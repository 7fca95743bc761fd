//! Byte-identical output across refactorings: the example books and the
//! benchmark's generated books are run through the binary (as mdBook feeds
//! it, both renderers) and through `check` (every format), and everything
//! that comes out — exit status, stdout, stderr, the validation report — is
//! compared with the snapshots in `tests/golden/` (insta), so that a change
//! shows as a diff.
//!
//! A change that is meant to alter the output re-records them with
//! `INSTA_UPDATE=always cargo test --test it golden::` and says why in its commit.

use crate::book;
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;

/// What one run produced.
struct Output {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    report: Option<String>,
}

/// The validation report a run left in `root`, then removed (so the next
/// run writes its own).
fn take_report(root: &Path) -> Option<String> {
    let path = root.join("evidence-report.json");
    let bytes = std::fs::read(&path).ok()?;
    std::fs::remove_file(&path).ok();
    Some(String::from_utf8(bytes).expect("the report is UTF-8"))
}

/// Runs the binary in `root` with `args`, on `stdin` when given.
fn run(root: &Path, args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]) -> Output {
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
    Output {
        code: output.status.code(),
        stdout,
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        report,
    }
}

/// Runs the binary as a preprocessor on `stdin` in `root`.
fn preprocess(root: &Path, stdin: &str, env: &[(&str, &str)]) -> Output {
    run(root, &[], Some(stdin), env)
}

/// Runs `mdbook-evidence check . --format FORMAT` in `root`.
fn check(root: &Path, format: &str, env: &[(&str, &str)]) -> Output {
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
fn outputs() -> BTreeMap<String, Output> {
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

/// One part of an output as its snapshot: its length in bytes first (insta
/// trims trailing whitespace when it compares, the length does not), then
/// the text up to an end line. The preprocessor's stdout is one line of
/// JSON: a line break is put after each `\n` escape, so that a chapter
/// reads line by line; taking every line break out gives the bytes back.
fn snapshot_of(text: Option<&str>, json_line: bool) -> String {
    let Some(text) = text else {
        return "none\n".to_owned();
    };
    if json_line && !text.is_empty() && !text.contains('\n') {
        let split = text.replace("\\n", "\\n\n");
        return format!(
            "{} bytes, a line break added after each \\n escape\n{split}\n--- end\n",
            text.len()
        );
    }
    format!("{} bytes\n{text}\n--- end\n", text.len())
}

#[test]
fn output_is_byte_identical_to_the_recorded_snapshots() {
    let got = outputs();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    let _bound = settings.bind_to_scope();
    let mut snapshots: Vec<(String, String)> = vec![(
        "exit-codes".to_owned(),
        got.iter()
            .map(|(case, output)| format!("{case} {:?}\n", output.code))
            .collect(),
    )];
    for (case, output) in &got {
        let protocol = !case.contains(".check-");
        snapshots.extend([
            (
                format!("{case}.stdout"),
                snapshot_of(Some(&output.stdout), protocol),
            ),
            (
                format!("{case}.stderr"),
                snapshot_of(Some(&output.stderr), false),
            ),
            (
                format!("{case}.report"),
                snapshot_of(output.report.as_deref(), false),
            ),
        ]);
    }
    // Every snapshot is compared (each failure prints its diff), then the
    // test fails naming them all.
    let changed: Vec<&str> = snapshots
        .iter()
        .filter(|(name, text)| {
            std::panic::catch_unwind(|| insta::assert_snapshot!(name.as_str(), text)).is_err()
        })
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        changed.is_empty(),
        "output changed for {changed:?}; if intended, rerun with INSTA_UPDATE=always and say why in the commit"
    );
}
