//! Text from inputs never becomes a line of its own on any stream, so that
//! a CI runner never reads a command from it: a chapter, a store (ids,
//! publishers, titles, unknown keys, file names), an environment override
//! and a command-line path each carry line breaks (`\n`, `\r`, U+0085,
//! U+2028, U+2029) followed by GitHub workflow commands (`::stop-commands::`,
//! `::error::`, after ASCII or ideographic spaces too) and legacy or Azure
//! ones (`##[error]`, `##[stop-commands]`, `##vso[…]`), which the runner
//! reads anywhere in a line. Every output is tried: `check` in the four
//! formats (stdout, stderr and the step summary), the preprocessor inside
//! `mdbook build` on GitHub Actions, runs that cannot judge the book, and
//! `import`, `install` and `export-claims`. No line may give a runner a
//! command but the tool's own annotations, which must still be there.

use crate::common::{TestBook, binary};
use assert_cmd::Command;
use serde_json::json;
use std::path::Path;

/// What an attacker puts in every field: a break of every kind before a
/// command of every kind, with non-ASCII text around them.
const PAYLOADS: &[&str] = &[
    "\n::stop-commands::tok1",
    "東京\r::error::forged by CR",
    "\u{2028}::warning::forged by LS\u{2029}::notice::PS",
    "x\u{85}::error::NEL\n\u{3000}::add-mask::ideographic space",
    "\n##[error]legacy ##[stop-commands]tok2 ##VSO[task.complete result=Succeeded]",
    "\r\n  ::set-output name=a::b ###[group]é",
];

/// Whether a CI runner could read a command in `line`: GitHub's workflow
/// commands start the line once whitespace is trimmed (Unicode whitespace,
/// as .NET trims); legacy GitHub and Azure commands stand anywhere.
fn command_in(line: &str) -> Option<&'static str> {
    let lower = line.to_ascii_lowercase();
    if line.trim_start().starts_with("::") {
        Some("::")
    } else if line.contains("##[") {
        Some("##[")
    } else if lower.contains("##vso[") {
        Some("##vso[")
    } else {
        None
    }
}

/// One of the tool's own annotations, as the runner parses it: the command
/// name and its properties.
fn own_annotation(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("::") else {
        return false;
    };
    let Some(end) = rest.find("::") else {
        return false;
    };
    let info = &rest[..end];
    let name = info.split(' ').next().unwrap_or("");
    ["error", "warning", "notice"].contains(&name) && info.contains("title=mdbook-evidence")
}

/// Checks every line of `output` (split wherever any reader could split
/// it), and returns how many of the tool's own annotations it holds.
fn assert_inert(what: &str, output: &str) -> usize {
    let mut own = 0;
    for line in output.split(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']) {
        assert!(
            !line.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{b}', '\u{c}']),
            "{what}: a control character in {line:?}"
        );
        let Some(kind) = command_in(line) else {
            continue;
        };
        assert!(
            kind == "::" && own_annotation(line),
            "{what}: a `{kind}` command from an input in the line {line:?}\n--- whole output:\n{output}"
        );
        own += 1;
    }
    own
}

/// The outcome of one run: status, stdout, stderr, the step summary.
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
    summary: String,
}

/// Runs the binary in `dir` with `args`, `stdin` and `env`, with a step
/// summary file.
fn run(dir: &Path, args: &[&str], stdin: Option<String>, env: &[(&str, &str)]) -> Out {
    let summary = tempfile::NamedTempFile::new().expect("summary file");
    let mut command = Command::new(binary());
    command
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .env("GITHUB_STEP_SUMMARY", summary.path())
        .env_remove("GITHUB_ACTIONS")
        .env_remove("GITHUB_WORKSPACE")
        .env_remove("SOURCE_DATE_EPOCH")
        .envs(env.iter().copied())
        .timeout(std::time::Duration::from_secs(60));
    if let Some(stdin) = stdin {
        command.write_stdin(stdin);
    }
    let output = command.output().expect("binary runs");
    Out {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        summary: std::fs::read_to_string(summary.path()).expect("summary"),
    }
}

/// Runs `check` in every format and the preprocessor on GitHub Actions
/// over `book`, asserting every stream inert; returns the tool's own
/// annotations counted per run, and the runs.
fn every_output(book: &TestBook, env: &[(&str, &str)], what: &str) -> Vec<(String, usize, Out)> {
    let mut runs = Vec::new();
    for format in ["human", "github", "json", "sarif"] {
        let out = run(book.root(), &["check", ".", "--format", format], None, env);
        runs.push((format!("check --format {format}"), out));
    }
    let mut actions = env.to_vec();
    actions.push(("GITHUB_ACTIONS", "true"));
    let out = run(book.root(), &[], Some(stdin(book, env)), &actions);
    runs.push(("mdbook build on GitHub Actions".to_owned(), out));
    runs.into_iter()
        .map(|(name, out)| {
            let name = format!("{what}, {name}");
            // In the build, stdout is the book for mdBook, not a log.
            let stdout = if name.ends_with("Actions") {
                ""
            } else {
                &out.stdout
            };
            let own = assert_inert(&format!("{name} (stdout)"), stdout)
                + assert_inert(&format!("{name} (stderr)"), &out.stderr);
            assert_inert(&format!("{name} (step summary)"), &out.summary);
            (name, own, out)
        })
        .collect()
}

/// What mdBook sends the preprocessor for `book` with `env` set: its
/// `MDBOOK_PREPROCESSOR__EVIDENCE__*` overrides applied to the config, as
/// strings (what mdBook makes of a value that is not JSON).
fn stdin(book: &TestBook, env: &[(&str, &str)]) -> String {
    let (mut ctx, items): (serde_json::Value, serde_json::Value) =
        serde_json::from_str(&book.stdin("html")).expect("stdin");
    for (name, value) in env {
        if let Some(key) = name.strip_prefix("MDBOOK_PREPROCESSOR__EVIDENCE__") {
            let key = key.to_lowercase().replace('_', "-");
            ctx["config"]["preprocessor"]["evidence"][key] = json!(value);
        }
    }
    serde_json::to_string(&(ctx, items)).expect("JSON")
}

/// A store whose every text field carries `payload`.
fn hostile_store(payload: &str) -> String {
    json!({
        "schema_version": "evidence.v1",
        "sources": [{"source_id": "s", "publisher": format!("Pub {payload}"), "tier": 2}],
        "evidence": [
            {"id": "ev_a", "source_id": "s", "url": "https://a.example/1",
             "title": format!("T {payload}"), "published_at": "2026-02-10T19:00:00Z"},
            {"id": "ev_b", "source_id": "s", "url": "https://a.example/2",
             "title": "T", "published_at": "2026-02-10T19:00:00Z"},
            {"id": "ev_c", "source_id": format!("gone {payload}"), "url": "https://a.example/3",
             "title": "T", "published_at": "2026-02-10T19:00:00Z"}
        ]
    })
    .to_string()
}

#[test]
fn store_and_chapter_text_never_commands_a_runner() {
    for payload in PAYLOADS {
        let chapter = format!(
            "# T\n\n- Rates rose in 東京 [EVID:ev_a].\n\n- Rates fell [EVID:ev_b].\n\n\
             - Rates held [EVID:ev_c].\n\n- An uncited claim {payload} here.\n"
        );
        let book = TestBook::with_store(
            "as-of = \"2026-02-11\"\ndiversity = { min-items = 1, max-publisher-share = 0.5 }",
            &hostile_store(payload),
            &[("a.md", &chapter)],
        );
        for (name, own, out) in every_output(&book, &[], &format!("{payload:?}")) {
            assert_eq!(out.code, 1, "{name}: {}", out.stderr);
            // The tool's own annotations are all there: the unknown
            // source, the dominant publisher and the uncited claim.
            let annotated = name.contains("github") || name.ends_with("Actions");
            let all = format!("{}{}", out.stdout, out.stderr);
            for rule in ["publisher-dominance", "unknown-source", "ungrounded-claim"] {
                let line = format!("title=mdbook-evidence {rule}::");
                assert_eq!(all.contains(&line), annotated, "{name}: {rule}\n{all}");
            }
            assert_eq!(own > 0, annotated, "{name}:\n{all}");
            // Nothing is lost: the machine formats hold the text as it is.
            if name.ends_with("json") {
                let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
                let messages = report["violations"].to_string();
                assert!(
                    report["violations"]
                        .as_array()
                        .expect("violations")
                        .iter()
                        .any(|v| v["message"].as_str().is_some_and(|m| m.contains(payload))),
                    "{name}: {messages}"
                );
            }
        }
    }
}

#[test]
fn a_run_that_cannot_judge_the_book_never_commands_a_runner() {
    let chapter = "# T\n\n- Rates rose in 東京 [EVID:ev_a].\n";
    for payload in PAYLOADS {
        // An unknown key in a store item.
        let mut item = json!({"id": "ev_a", "source_id": "s", "url": "https://a.example/1",
            "title": "T", "published_at": "2026-02-10T19:00:00Z"});
        item[format!("k{payload}")] = json!(1);
        let store = json!({"schema_version": "evidence.v1",
            "sources": [{"source_id": "s", "publisher": "P", "tier": 2}], "evidence": [item]});
        let unknown_key = TestBook::with_store("", &store.to_string(), &[("a.md", chapter)]);
        // A store file whose name holds the payload, malformed.
        let file_name = TestBook::with_store(
            "store = \"evidence\"",
            &hostile_store(""),
            &[("a.md", chapter)],
        );
        let name = format!("bad {}.json", payload.replace('/', "|"));
        std::fs::write(
            file_name.root().join("evidence").join(&name),
            "{\"evidence\": [",
        )
        .unwrap();
        // A value set from the environment.
        let env_book = TestBook::with_store("", &hostile_store(""), &[("a.md", chapter)]);
        let env = [("MDBOOK_PREPROCESSOR__EVIDENCE__MODE", *payload)];
        for (book, env, what) in [
            (&unknown_key, &[][..], "an unknown store key"),
            (&file_name, &[][..], "a store file name"),
            (&env_book, &env[..], "an environment override"),
        ] {
            let what = format!("{what} {payload:?}");
            for (name, own, out) in every_output(book, env, &what) {
                assert_eq!(out.code, 2, "{name}: {}", out.stderr);
                assert!(
                    out.stderr.contains("error: mdbook-evidence: "),
                    "{name}: {}",
                    out.stderr
                );
                // The tool's own `::error` for the failure is there.
                let annotated = name.contains("github") || name.ends_with("Actions");
                assert_eq!(
                    own,
                    usize::from(annotated),
                    "{name}:\n{}{}",
                    out.stdout,
                    out.stderr
                );
            }
        }
    }
}

#[test]
fn import_install_and_export_messages_never_command_a_runner() {
    let dir = tempfile::tempdir().unwrap();
    for payload in PAYLOADS {
        let path = format!("r {}.json", payload.replace('/', "|"));
        let runs = [
            vec![
                "import",
                "anthropic",
                &path,
                "--chapter",
                "c.md",
                "--store",
                "s.json",
            ],
            vec!["import", &path, "--book", &path],
            vec!["install", &path],
            vec!["export-claims", &path],
        ];
        for args in runs {
            let out = run(dir.path(), &args, None, &[("GITHUB_ACTIONS", "true")]);
            let what = format!("{args:?}");
            assert_eq!(out.code, 2, "{what}: {}", out.stderr);
            assert!(
                out.stderr.starts_with("error: mdbook-evidence "),
                "{what}: {}",
                out.stderr
            );
            assert_eq!(
                assert_inert(&what, &out.stdout) + assert_inert(&what, &out.stderr),
                0
            );
        }
    }
    // An import that succeeds, into a chapter and a store whose names hold
    // a payload: the message that names them stays on its line.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anthropic");
    for payload in PAYLOADS {
        let chapter = format!("c {}.md", payload.replace('/', "|"));
        let store = format!("s {}.json", payload.replace('/', "|"));
        let response = fixtures.join("text-citations.json");
        let documents = fixtures.join("documents.json");
        let args = [
            "import",
            "anthropic",
            response.to_str().unwrap(),
            "--documents",
            documents.to_str().unwrap(),
            "--chapter",
            &chapter,
            "--store",
            &store,
        ];
        let out = run(dir.path(), &args, None, &[]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(out.stderr.contains("imported"), "{}", out.stderr);
        assert_eq!(assert_inert(&format!("import {payload:?}"), &out.stderr), 0);
    }
}

#[test]
fn a_book_toml_that_does_not_parse_is_one_line_naming_the_place() {
    let book = TestBook::new("", &[("a.md", "# T\n")]);
    let path = book.root().join("book.toml");
    let toml = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        format!("{toml}mode = \"東京 ##[stop-commands]x\n::error::x\n"),
    )
    .unwrap();
    for format in ["human", "github", "json", "sarif"] {
        let out = run(book.root(), &["check", ".", "--format", format], None, &[]);
        assert_eq!(out.code, 2, "{}", out.stderr);
        let lines: Vec<&str> = out.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{format}: {}", out.stderr);
        assert!(
            lines[0].starts_with("error: mdbook-evidence: book.toml:")
                && lines[0].ends_with("; fix book.toml's TOML syntax"),
            "{format}: {}",
            out.stderr
        );
        let own = assert_inert(format, &out.stdout) + assert_inert(format, &out.stderr);
        assert_eq!(
            own,
            usize::from(format == "github"),
            "{format}: {}",
            out.stdout
        );
    }
}
