//! `policy-claim`: a claim whose cited evidence carries a policy tag
//! (`policy-tags`, by default `policy_centralbank` and `macro_data`; an item's
//! tags and its source's count) must cite a tier-1 item when the chapter's
//! evidence pack holds a tier-1 item with that tag. The pack is the chapter's
//! citation list in the store, or else every item the chapter cites.

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::rule::Rule;
use evidence_text::claims::{Claim, claim_finding};

/// What `policy-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::PolicyClaim,
    help: "cite the official (tier 1) source of the policy or data release directly",
    doc: &[
        "A claim about policy (tagged evidence) cites no tier-1 item although",
        "the chapter's evidence holds one with the same tag.",
    ],
    guide_page: guide_page!("policy-claim"),
    options: &["policy-tags"],
    terminal: None,
    file: file!(),
};

/// What replaces a claim failing `policy-claim` in `remove` mode: what it
/// lacks.
pub(crate) const REPLACEMENT: &str = evidence_core::syntax::CITE_OFFICIAL;

/// The setting of `policy-claim` (`policy-tags`): the only value of the
/// configuration it reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options<'c> {
    /// The tags that make a claim a policy claim (`policy-tags`).
    pub(crate) tags: &'c [String],
}

impl Options<'_> {
    /// The rule's setting in `config`.
    pub(crate) fn of(config: &Config) -> Options<'_> {
        Options {
            tags: &config.policy_tags,
        }
    }
}

/// The policy tags of an item: its own and its source's, among `policy_tags`.
pub(crate) fn policy_tags<'a>(item: &Resolved<'a>, policy_tags: &'a [String]) -> Vec<&'a str> {
    policy_tags
        .iter()
        .filter(|tag| {
            item.item.tags.iter().any(|t| t == *tag) || item.source.tags.iter().any(|t| t == *tag)
        })
        .map(String::as_str)
        .collect()
}

/// For a claim citing `cited`, the tier-1 item of the pack it should have
/// cited, if the rule is violated. The pack is asked for only then.
pub(crate) fn missing_official<'a, 'p>(
    cited: &[&Resolved<'a>],
    pack: impl FnOnce() -> &'p [Resolved<'a>],
    tags: &'a [String],
) -> Option<(&'a str, &'a str)>
where
    'a: 'p,
{
    if cited.iter().any(|r| r.source.tier == 1) {
        return None;
    }
    let claim_tags: Vec<&str> = cited.iter().flat_map(|r| policy_tags(r, tags)).collect();
    if claim_tags.is_empty() {
        return None;
    }
    pack().iter().filter(|p| p.source.tier == 1).find_map(|p| {
        policy_tags(p, tags)
            .into_iter()
            .find(|t| claim_tags.contains(t))
            .map(|t| (p.id, t))
    })
}

/// The finding of a policy `claim` citing `cited` (whose ids are `ids`)
/// and no tier-1 item, when the chapter's pack holds one with its tag.
pub(crate) fn check<'a, 'p>(
    claim: &Claim,
    cited: &[&Resolved<'a>],
    pack: impl FnOnce() -> &'p [Resolved<'a>],
    options: &Options<'a>,
    ids: impl FnOnce() -> Vec<String>,
) -> Option<Finding>
where
    'a: 'p,
{
    let (official, tag) = missing_official(cited, pack, options.tags)?;
    let message = format!(
        "policy claim (`{tag}`) cites no tier-1 source, but the chapter's evidence holds `{official}`"
    );
    Some(claim_finding(claim, META.rule, message, ids()))
}
