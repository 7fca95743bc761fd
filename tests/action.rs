//! The repository's GitHub Action (`action.yml`): its check step, run as
//! the runner runs it (bash, the inputs in the environment, outputs to
//! `$GITHUB_OUTPUT`) with this build's binary on the `PATH`, on the example
//! books; and every input documented in the guide's CI recipes. The YAML
//! itself is linted against its schema by `.ci/lint-workflows`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn action() -> String {
    std::fs::read_to_string(repo().join("action.yml")).expect("action.yml")
}

/// The `run: |` script of the step whose `id` is `id`.
fn step_script(action: &str, id: &str) -> String {
    let lines: Vec<&str> = action.lines().collect();
    let step = lines
        .iter()
        .position(|l| l.trim() == format!("- id: {id}"))
        .expect("the step");
    let run = step
        + lines[step..]
            .iter()
            .position(|l| l.trim() == "run: |")
            .expect("its script");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let body_indent = indent(lines[run]) + 2;
    lines[run + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) >= body_indent)
        .map(|l| l.get(body_indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

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
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("github-output");
    std::fs::write(&output, "").unwrap();
    let bin_dir = common::binary().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = Command::new("bash")
        .args(["-e", "-c", &step_script(&action(), "check")])
        .current_dir(repo())
        .env("PATH", path)
        .env("BOOK", book)
        .env("DENY", deny)
        .env("SARIF", sarif)
        .env("BASELINE", baseline)
        .env("GITHUB_OUTPUT", &output)
        .env("GITHUB_ACTIONS", "true")
        .env("SOURCE_DATE_EPOCH", now())
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .expect("bash runs");
    (
        run.status.code().unwrap_or(-1),
        std::fs::read_to_string(&output).unwrap(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
    )
}

#[test]
fn the_check_step_passes_a_clean_book_and_fails_a_failing_one() {
    let (code, output, _) = check_step(Path::new("book-example/report"), "", "", "");
    assert_eq!((code, output.as_str()), (0, "status=0\n"));

    let sarif = tempfile::NamedTempFile::new().unwrap();
    let (code, output, stdout) = check_step(
        Path::new("book-example/failing"),
        "warnings, removals",
        sarif.path().to_str().unwrap(),
        "",
    );
    assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stdout}");
    assert!(
        stdout.contains("::error file=book-example/failing/src/"),
        "{stdout}"
    );
    let log: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sarif.path()).unwrap()).unwrap();
    assert_eq!(log["version"], "2.1.0");
    assert!(!log["runs"][0]["results"].as_array().unwrap().is_empty());

    // With its own report as the baseline, the failing book's debt is
    // known: the step passes and the SARIF holds no result.
    let json = std::process::Command::new(common::binary())
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
        sarif.path().to_str().unwrap(),
        baseline.path().to_str().unwrap(),
    );
    assert_eq!((code, output.as_str()), (0, "status=0\n"), "{stdout}");
    let log: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sarif.path()).unwrap()).unwrap();
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
    assert_eq!(inputs, ["book", "version", "deny", "baseline", "sarif"]);
    for input in inputs {
        assert!(guide.contains(&format!("| `{input}` |")), "{input}");
    }
}
