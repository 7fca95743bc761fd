//! `missing-support`: With `require-support = true`, a citation of a passage
//! has no current verdict.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;

/// What `missing-support` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MissingSupport,
    help: "check the citation with your checker (`mdbook-evidence export-claims` lists what to check) and add its verdict to the support file",
    doc: &[
        "With `require-support = true`, a citation of a passage has no",
        "current verdict.",
    ],
    guide_page: guide_page!("missing-support"),
    options: &["require-support"],
    terminal: None,
    file: file!(),
};

/// The setting of `missing-support` (`require-support`): the only value of
/// the configuration it reads. With it off, a citation with no verdict is
/// no violation and a stale verdict is `stale-support`'s.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// Whether every citation of a passage needs a current verdict
    /// (`require-support`).
    pub(crate) require_support: bool,
}

impl Options {
    /// The rule's setting in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            require_support: config.require_support,
        }
    }
}

/// The violation of a citation of item `id` with no verdict, when
/// `require-support` is on.
pub(crate) fn no_verdict(id: &str) -> (Rule, String) {
    (
        META.rule,
        format!("no verdict on this claim and the passage of `{id}` (require-support = true)"),
    )
}

/// The violation of a citation of item `id` whose stored `verdict` was
/// given for another text of `what`, when `require-support` is on.
pub(crate) fn stale_verdict(id: &str, verdict: &str, what: &str) -> (Rule, String) {
    (
        META.rule,
        format!(
            "no current verdict on this claim and the passage of `{id}` (require-support = true): the one stored, from {verdict}, was given for another text of {what}"
        ),
    )
}
