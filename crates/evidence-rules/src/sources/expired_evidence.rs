//! `expired-evidence`: The cited item's `expires_at` is before the as-of date.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;
use evidence_core::store::EvidenceItem;
use jiff::Timestamp;

/// What `expired-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ExpiredEvidence,
    help: "refresh the evidence, or cite an item that has not expired",
    doc: &["The cited item's `expires_at` is before the as-of date."],
    guide_page: guide_page!("expired-evidence"),
    options: &["as-of"],
    terminal: None,
    file: file!(),
};

/// The setting of `expired-evidence` (`as-of`): the only value of the
/// configuration it reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// The instant `expires_at` is compared with (`as-of`).
    pub(crate) as_of: Timestamp,
}

impl Options {
    /// The rule's setting in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            as_of: config.as_of,
        }
    }
}

/// The violation of item `id` when its `expires_at` is before the as-of
/// date.
pub(crate) fn check(id: &str, item: &EvidenceItem, options: &Options) -> Option<Violation> {
    let as_of = options.as_of;
    let expires_at = item.expires_at?;
    (expires_at < as_of).then(|| {
        (
            Rule::ExpiredEvidence,
            format!(
                "evidence `{id}` expired at {expires_at} (as of {})",
                as_of.strftime("%Y-%m-%dT%H:%M:%SZ")
            ),
        )
    })
}
