//! The Action's steps run as the runner runs them: the `run: |` script
//! of a step of `action.yml`, in bash, its inputs in the environment, its
//! outputs to `$GITHUB_OUTPUT`, this build's binary on the `PATH`. Shared
//! by `tests/it/action.rs` (the check and verify steps) and
//! `tests/it/action_install.rs` (the version and install steps).

#![allow(dead_code)]

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn action() -> String {
    std::fs::read_to_string(repo().join("action.yml")).expect("action.yml")
}

/// The `run: |` script of the step whose `id` is `id`.
pub fn step_script(action: &str, id: &str) -> String {
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

/// Runs step `id` in `checkout` as the runner would, with `env` (the
/// step's inputs): its exit status, its `$GITHUB_OUTPUT`, its stdout and
/// stderr.
pub fn step(id: &str, checkout: &Path, env: &[(&str, &str)]) -> (i32, String, String, String) {
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
        .args(["-e", "-c", &step_script(&action(), id)])
        .current_dir(checkout)
        .env("PATH", path)
        .env("GITHUB_OUTPUT", &output)
        .env("GITHUB_ACTIONS", "true")
        .env_remove("SOURCE_DATE_EPOCH")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("OPENAI_API_KEY")
        .env_remove("HTTP_PROXY")
        .env_remove("http_proxy")
        .env_remove("ALL_PROXY")
        .env_remove("all_proxy")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("no_proxy", "127.0.0.1,localhost")
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    (
        run.status.code().unwrap_or(-1),
        std::fs::read_to_string(&output).unwrap(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}
