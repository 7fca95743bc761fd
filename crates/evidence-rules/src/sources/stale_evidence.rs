//! `stale-evidence`: The cited item was published more than `max-age-days`
//! before the as-of date.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::rule::Rule;
use evidence_core::store::EvidenceItem;
use jiff::Timestamp;

/// What `stale-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::StaleEvidence,
    help: "cite fresher evidence, or raise `max-age-days`",
    doc: &["The cited item was published more than `max-age-days` before the as-of date."],
    guide_page: guide_page!("stale-evidence"),
    options: &["max-age-days", "as-of"],
    terminal: None,
    file: file!(),
};

/// The settings of `stale-evidence` (`max-age-days`, `as-of`): the only
/// values of the configuration it reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// Evidence published longer ago than this is stale; none: no age is
    /// too old (`max-age-days`).
    pub(crate) max_age_days: Option<u32>,
    /// The instant ages are measured to (`as-of`).
    pub(crate) as_of: Timestamp,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            max_age_days: config.max_age_days,
            as_of: config.as_of,
        }
    }
}

/// The violation of item `id` when it was published more than
/// `max-age-days` before the as-of date.
pub(crate) fn check(id: &str, item: &EvidenceItem, options: &Options) -> Option<Violation> {
    let as_of = options.as_of;
    let (Some(days), Some(published_at)) = (options.max_age_days, item.published_at) else {
        return None;
    };
    let age = as_of.as_second() - published_at.at.as_second();
    (age > i64::from(days) * 86_400).then(|| {
        let age_days = age / 86_400;
        (
            Rule::StaleEvidence,
            format!(
                "evidence `{id}` was published {age_days} days before the as-of date {} (max-age-days = {days})",
                as_of.strftime("%Y-%m-%d")
            ),
        )
    })
}
