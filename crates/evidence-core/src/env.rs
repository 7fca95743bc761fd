//! What the process's environment says about where it runs.

/// Whether a CI system runs this (the variable every common one sets).
pub fn on_ci() -> bool {
    ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"]
        .iter()
        .any(|var| std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "false"))
}
