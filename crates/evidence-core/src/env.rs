//! What the process's environment says about where it runs, as data: the
//! binary reads it once where a run starts and passes it down, so that no
//! stage reads a variable or the current directory itself, and tests say
//! which variables they mean instead of setting process-wide ones.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// The variables that say a CI system runs this (the one every common
/// system sets, and those of systems that set no `CI`).
const CI_VARIABLES: [&str; 5] = ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"];

/// The environment variables a run was started with, and its current
/// directory. `Debug` shows the variables' names, never their values (an
/// API key or a signing key's passphrase can be among them).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Environment {
    /// Every variable whose name is UTF-8 (every name read is), by name.
    vars: BTreeMap<String, OsString>,
    /// The current directory; empty when it could not be read.
    current_dir: PathBuf,
}

impl Environment {
    /// The environment of the variables `vars` (a name that is not UTF-8
    /// is left out) and the current directory `current_dir`.
    pub fn new<N, V>(vars: impl IntoIterator<Item = (N, V)>, current_dir: PathBuf) -> Environment
    where
        N: Into<OsString>,
        V: Into<OsString>,
    {
        let vars = vars
            .into_iter()
            .filter_map(|(name, value)| Some((name.into().into_string().ok()?, value.into())))
            .collect();
        Environment { vars, current_dir }
    }

    /// The value of the variable `name`, when it is set (perhaps empty).
    /// On Windows, whose variables are named without regard to case, in
    /// any case (as `std::env::var_os` finds them).
    pub fn var(&self, name: &str) -> Option<&OsStr> {
        let found = self.vars.get(name).or_else(|| {
            cfg!(windows)
                .then(|| self.vars.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)))
                .flatten()
                .map(|(_, value)| value)
        });
        found.map(OsString::as_os_str)
    }

    /// The names of the variables set, in sorted order.
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.vars.keys().map(String::as_str)
    }

    /// The current directory the run was started in; empty when it could
    /// not be read.
    pub fn current_dir(&self) -> &Path {
        &self.current_dir
    }

    /// Whether a CI system runs this: one of its variables is set, not
    /// empty and not `false`.
    pub fn on_ci(&self) -> bool {
        CI_VARIABLES.iter().any(|name| {
            self.var(name)
                .is_some_and(|v| !v.is_empty() && v != "false")
        })
    }
}

impl std::fmt::Debug for Environment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Environment")
            .field("vars", &self.vars.keys().collect::<Vec<_>>())
            .field("current_dir", &self.current_dir)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(vars: &[(&str, &str)]) -> Environment {
        Environment::new(vars.iter().copied(), PathBuf::new())
    }

    #[test]
    fn ci_is_any_of_its_variables_set_and_not_false() {
        assert!(!of(&[]).on_ci());
        assert!(!of(&[("CI", ""), ("GITHUB_ACTIONS", "false"), ("PATH", "/bin")]).on_ci());
        for name in CI_VARIABLES {
            assert!(of(&[(name, "true")]).on_ci(), "{name}");
        }
        assert!(of(&[("TF_BUILD", "True")]).on_ci());
    }

    #[test]
    fn values_are_kept_and_never_shown() {
        let environment = of(&[("OPENAI_API_KEY", "sk-東京 secret"), ("CI", "1")]);
        assert_eq!(
            environment.var("OPENAI_API_KEY"),
            Some(OsStr::new("sk-東京 secret"))
        );
        assert_eq!(environment.var("HOME"), None);
        assert_eq!(
            environment.names().collect::<Vec<_>>(),
            ["CI", "OPENAI_API_KEY"]
        );
        let shown = format!("{environment:?}");
        assert!(shown.contains("OPENAI_API_KEY"), "{shown}");
        assert!(!shown.contains("secret"), "{shown}");
    }
}
