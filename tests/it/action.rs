//! The repository's GitHub Action (`action.yml`): its verify and check
//! steps, run as
//! the runner runs it (bash, the inputs in the environment, outputs to
//! `$GITHUB_OUTPUT`) with this build's binary on the `PATH`, on the example
//! books; and every input documented in the guide's CI recipes. The YAML
//! itself is linted against its schema by `.ci/lint-workflows`.

use crate::common::action::{action, repo, step};
use std::path::Path;

/// One "now" for every run of this test binary, in seconds: a message
/// that states the time it was checked at (`expired … as of …`) is the
/// same in a baseline and in the run compared with it, however long the
/// runs take.
fn now() -> String {
    static NOW: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NOW.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("the clock is after 1970")
            .as_secs()
            .to_string()
    })
    .clone()
}

/// Runs the check step on `book` with `deny` and `sarif`: its exit status,
/// its `$GITHUB_OUTPUT` and its stdout.
fn check_step(book: &Path, deny: &str, sarif: &str, baseline: &str) -> (i32, String, String) {
    let (code, output, stdout, _) = check_step_in(&repo(), book, deny, sarif, baseline);
    (code, output, stdout)
}

/// Runs the check step in the checkout `dir`: its exit status, its
/// `$GITHUB_OUTPUT`, its stdout and its stderr.
fn check_step_in(
    checkout: &Path,
    book: &Path,
    deny: &str,
    sarif: &str,
    baseline: &str,
) -> (i32, String, String, String) {
    let book = book.to_str().expect("test books have UTF-8 paths");
    let epoch = now();
    step(
        "check",
        checkout,
        &[
            ("BOOK", book),
            ("DENY", deny),
            ("SARIF", sarif),
            ("BASELINE", baseline),
            ("SOURCE_DATE_EPOCH", &epoch),
        ],
    )
}

#[test]
fn the_check_step_passes_a_clean_book_and_fails_a_failing_one() {
    let (code, output, _) = check_step(Path::new("book-example/report"), "", "", "");
    assert_eq!((code, output.as_str()), (0, "status=0\n"));

    // Outside the checkout, in a directory of the runner's (as
    // `${{ runner.temp }}/evidence.sarif`).
    let dir = tempfile::tempdir().unwrap();
    let sarif = dir.path().join("証拠 evidence.sarif");
    let (code, output, stdout) = check_step(
        Path::new("book-example/failing"),
        "warnings, removals",
        sarif.to_str().unwrap(),
        "",
    );
    assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stdout}");
    assert!(
        stdout.contains("::error file=book-example/failing/src/"),
        "{stdout}"
    );
    let log: serde_json::Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
    assert_eq!(log["version"], "2.1.0");
    assert!(!log["runs"][0]["results"].as_array().unwrap().is_empty());

    // With its own report as the baseline, the failing book's debt is
    // known: the step passes and the SARIF holds no result.
    let json = std::process::Command::new(crate::common::binary())
        .args(["check", "book-example/failing", "--format", "json"])
        .current_dir(repo())
        .env_remove("GITHUB_ACTIONS")
        .env("SOURCE_DATE_EPOCH", now())
        .output()
        .unwrap();
    let baseline = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(baseline.path(), &json.stdout).unwrap();
    let (code, output, stdout) = check_step(
        Path::new("book-example/failing"),
        "",
        sarif.to_str().unwrap(),
        baseline.path().to_str().unwrap(),
    );
    assert_eq!((code, output.as_str()), (0, "status=0\n"), "{stdout}");
    let log: serde_json::Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
    assert!(log["runs"][0]["results"].as_array().unwrap().is_empty());
}

#[test]
fn a_check_that_cannot_run_writes_no_sarif_and_an_unknown_deny_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let sarif = dir.path().join("evidence.sarif");
    let (code, output, _) = check_step(
        Path::new("does/not/exist 東京"),
        "",
        sarif.to_str().unwrap(),
        "",
    );
    assert_eq!((code, output.as_str()), (2, "status=2\n"));
    assert!(!sarif.exists());

    let (code, _, stdout) = check_step(Path::new("book-example/report"), "warning", "", "");
    assert_eq!(code, 2);
    assert!(stdout.contains("unknown `deny` value"), "{stdout}");
}

#[test]
fn every_input_of_the_action_is_in_the_guide() {
    let action = action();
    let guide = std::fs::read_to_string(repo().join("guide/src/ci.md")).unwrap();
    let inputs: Vec<&str> = action
        .split("\ninputs:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && l.ends_with(':'))
        .map(|l| l.trim().trim_end_matches(':'))
        .collect();
    assert_eq!(
        inputs,
        [
            "book",
            "version",
            "deny",
            "baseline",
            "sarif",
            "verify-api-base",
            "verify-model",
            "verify-profile",
            "verify-api-key",
            "verify-max-requests",
            "require-support"
        ]
    );
    for input in inputs {
        assert!(guide.contains(&format!("| `{input}` |")), "{input}");
    }
}

/// A failing book as a pull request's checkout: the book at its root, a
/// `.git/config` the SARIF must never replace.
fn checkout() -> crate::common::TestBook {
    let book = crate::common::TestBook::new(
        "",
        &[(
            "東京.md",
            "# 東京\n\nStocks crashed in 東京\u{3000}today, traders said.\n",
        )],
    );
    std::fs::create_dir_all(book.root().join(".git")).unwrap();
    std::fs::write(book.root().join(".git/config"), GIT_CONFIG).unwrap();
    book
}

const GIT_CONFIG: &str = "[core]\n\tbare = false\n";

#[test]
fn the_sarif_never_goes_through_a_link_the_pull_request_commits() {
    use std::os::unix::fs::symlink;
    let book = checkout();
    let root = book.root();
    std::fs::create_dir(root.join("out")).unwrap();
    std::fs::write(root.join("notes.sarif"), "{\"runs\": []}\n").unwrap();
    symlink(".git", root.join("git\u{200f}")).unwrap();
    for (name, link) in [
        ("evidence.sarif", Some(".git/config")),
        ("東京\u{a0}.sarif", Some(".git/config")),
        ("out/😀.sarif", Some("../.git/config")),
        ("dangling.sarif", Some(".git/new.sarif")),
        ("outside.sarif", Some("/tmp/mdbook-evidence-outside.sarif")),
        ("git\u{200f}/x.sarif", None),
        (".git/x.sarif", None),
        ("\u{200c}.github/x.sarif", None),
        ("book.toml", None),
        ("notes.sarif", None),
        ("src/東京.md", None),
        ("src/東京 new.sarif", None),
        ("theme/evidence/x.sarif", None),
        ("evidence/store.json", None),
    ] {
        if let Some(link) = link {
            symlink(link, root.join(name)).unwrap();
        }
        let (code, output, _, stderr) = check_step_in(root, Path::new("."), "", name, "");
        assert_eq!(
            (code, output.as_str()),
            (2, "status=2\n"),
            "{name}: {stderr}"
        );
        assert!(stderr.contains("--output"), "{name}: {stderr}");
        assert_eq!(
            std::fs::read_to_string(root.join(".git/config")).unwrap(),
            GIT_CONFIG,
            "{name}"
        );
        let entries: Vec<_> = std::fs::read_dir(root.join(".git")).unwrap().collect();
        assert_eq!(entries.len(), 1, "{name}: nothing new in .git");
        if link.is_some() {
            assert!(root.join(name).is_symlink(), "{name}: the link stays");
        }
    }
    assert!(!Path::new("/tmp/mdbook-evidence-outside.sarif").exists());
    assert_eq!(
        std::fs::read_to_string(root.join("notes.sarif")).unwrap(),
        "{\"runs\": []}\n"
    );
    assert!(book.build().is_err(), "the book's files are as they were");

    // A new file, then the same file again (an earlier SARIF of ours).
    for _ in 0..2 {
        let (code, output, _, stderr) =
            check_step_in(root, Path::new("."), "", "reports/東京 evidence.sarif", "");
        assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stderr}");
        let log: serde_json::Value = serde_json::from_slice(
            &std::fs::read(root.join("reports/東京 evidence.sarif")).unwrap(),
        )
        .unwrap();
        assert_eq!(log["runs"][0]["tool"]["driver"]["name"], "mdbook-evidence");
    }
}

#[test]
fn check_output_takes_only_the_machine_formats_and_their_names() {
    let book = checkout();
    let root = book.root();
    for (args, says) in [
        (&["--format", "human"][..], "machine formats"),
        (&["--format", "github"][..], "machine formats"),
        (
            &["--format", "sarif"][..],
            "does not end in `.sarif` or `.json`",
        ),
    ] {
        let mut all = vec!["."];
        all.extend_from_slice(args);
        all.extend(["--output", "東京.txt"]);
        let (code, stdout, stderr) = crate::common::check_in(root, &all, &[]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(!root.join("東京.txt").exists());
    // JSON, as the report would be; a check that cannot run writes its
    // error there too, over the earlier output.
    let (code, stdout, stderr) =
        crate::common::check_in(root, &[".", "--format", "json", "--output", "r.json"], &[]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("r.json")).unwrap()).unwrap();
    assert_eq!(report["schema_version"], "evidence-report.v1");
    std::fs::write(root.join("book.toml"), "[book\n").unwrap();
    let (code, stdout, _) =
        crate::common::check_in(root, &[".", "--format", "json", "--output", "r.json"], &[]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    let error: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("r.json")).unwrap()).unwrap();
    assert_eq!(error["schema_version"], "evidence-error.v1");
}

#[test]
fn the_action_writes_no_file_with_the_shell() {
    // Only the runner's own $GITHUB_OUTPUT, outside the checkout, is
    // appended to; everything else goes through `check --output` (and a
    // release's download, to a new directory under $RUNNER_TEMP, through
    // curl's --output).
    for (at, line) in action().lines().enumerate() {
        let code = line.split(" #").next().unwrap_or("").trim_start();
        if code.starts_with('#') {
            continue;
        }
        let rest = code.replace(">> \"$GITHUB_OUTPUT\"", "");
        assert!(
            !rest.contains('>') && !rest.contains("tee "),
            "action.yml:{}: {line}",
            at + 1
        );
    }
    assert!(action().contains("--output \"$SARIF\""));
}

#[test]
fn the_verify_step_stores_verdicts_that_the_check_step_enforces() {
    let book = crate::common::verify::book();
    let server = crate::common::verify::ChatServer::start(|r, _| {
        let answer = if r.claim.contains("fell") {
            r#"{"verdict":"unsupported","quote":"","reason":"It rose."}"#
        } else {
            r#"{"verdict":"supported","quote":"increased","reason":"Stated."}"#
        };
        crate::common::verify::Reply::answer(answer)
    });
    // A secret pasted with its line break: trimmed.
    let key = "sk-test-0123456789abcdef";
    let pasted = format!("{key}\n");
    let inputs = [
        ("BOOK", "."),
        ("API_BASE", server.base.as_str()),
        ("MODEL", "gpt-4o-mini"),
        ("PROFILE", "judge-json"),
        ("MAX_REQUESTS", ""),
        ("EVIDENCE_VERIFY_KEY", pasted.as_str()),
    ];
    let (code, output, stdout, stderr) = step("verify", book.root(), &inputs);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(output, "status=0\n");
    assert!(!stdout.contains(key) && !stderr.contains(key));
    let requests = server.requests();
    assert_eq!(requests.len(), 2, "{stdout}{stderr}");
    let auth = requests[0]
        .headers
        .iter()
        .find(|(n, _)| n == "authorization");
    assert_eq!(
        auth.map(|(_, v)| v.as_str()),
        Some(format!("Bearer {key}").as_str())
    );
    assert_eq!(crate::common::verify::stored(&book).len(), 2);

    let check = |require: &str| {
        step(
            "check",
            book.root(),
            &[
                ("BOOK", "."),
                ("DENY", ""),
                ("SARIF", ""),
                ("BASELINE", ""),
                ("REQUIRE_SUPPORT", require),
            ],
        )
    };
    let (code, output, stdout, _) = check("false");
    assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stdout}");
    assert!(stdout.contains("unsupported-claim"), "{stdout}");
    // require-support: a new claim without a verdict fails the check too.
    let chapter = book.root().join("src/brief.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(
        &chapter,
        format!("{text}\nShelter led the increase [EVID:ev_cpi].\n"),
    )
    .unwrap();
    let (_, _, stdout, _) = check("true");
    assert!(stdout.contains("missing-support"), "{stdout}");
    let (_, _, stdout, _) = check("false");
    assert!(!stdout.contains("missing-support"), "{stdout}");
    let (code, output, stdout, _) = check("yes");
    assert_eq!((code, output.as_str()), (2, "status=2\n"));
    assert!(
        stdout.contains("`require-support` is true or false"),
        "{stdout}"
    );
}

#[test]
fn the_verify_step_without_a_model_or_with_a_dead_server_stops_the_job() {
    let book = crate::common::verify::book();
    let (code, output, stdout, _) = step(
        "verify",
        book.root(),
        &[
            ("BOOK", "."),
            ("API_BASE", "http://127.0.0.1:9/v1"),
            ("MODEL", ""),
            ("PROFILE", "judge-json"),
        ],
    );
    assert_eq!((code, output.as_str()), (2, "status=2\n"));
    assert!(stdout.contains("verify-model is empty"), "{stdout}");
    let (code, output, _, stderr) = step(
        "verify",
        book.root(),
        &[
            ("BOOK", "."),
            ("API_BASE", "http://127.0.0.1:9/v1"),
            ("MODEL", "m"),
            ("PROFILE", "judge-json"),
        ],
    );
    assert_eq!((code, output.as_str()), (2, "status=2\n"), "{stderr}");
    assert!(stderr.contains("cannot reach"), "{stderr}");
    assert!(crate::common::verify::stored(&book).is_empty());
}
