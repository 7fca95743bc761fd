//! `removal-escalation`: In `remove` mode, more than `max-removed` claims were
//! removed from the chapter, or a checked section was left without a claim.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::{Config, Escalate};
use evidence_core::rule::Rule;

/// What `removal-escalation` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::RemovalEscalation,
    help: "cite evidence for the removed claims; the chapter cannot be published with this many gaps",
    doc: &[
        "In `remove` mode, more than `max-removed` claims were removed from",
        "the chapter, or a checked section was left without a claim.",
    ],
    guide_page: guide_page!("removal-escalation"),
    options: &["max-removed", "sections", "escalate"],
    terminal: None,
    file: file!(),
};

/// The settings of `removal-escalation` (`max-removed`, `sections`,
/// `escalate`): the only values of the configuration it reads (the judge
/// reads `escalate` here to say what an escalated chapter gets).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options<'c> {
    /// More removed claims than this in a chapter escalate it
    /// (`max-removed`).
    pub(crate) max_removed: usize,
    /// The checked sections, each of which must keep a claim (`sections`).
    pub(crate) sections: &'c [String],
    /// What an escalated chapter gets (`escalate`).
    pub(crate) escalate: Escalate,
}

impl Options<'_> {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options<'_> {
        Options {
            max_removed: config.max_removed,
            sections: &config.sections,
            escalate: config.escalate,
        }
    }
}

/// Why removing claims leaves a chapter unfit, each reason a phrase of the
/// finding's message (none: the removals are enough). `removed` claims
/// were removed; `emptied` tells whether removals left a configured
/// section with no claim; `unhandled` errors no removal fixes.
pub(crate) fn reasons(
    removed: usize,
    options: &Options<'_>,
    emptied: impl Fn(&String) -> bool,
    unhandled: usize,
) -> Vec<String> {
    let mut reasons = Vec::new();
    if removed > options.max_removed {
        let claims = if removed == 1 {
            "claim was"
        } else {
            "claims were"
        };
        reasons.push(format!(
            "{removed} {claims} removed from this chapter (max-removed = {})",
            options.max_removed
        ));
    }
    for section in options.sections.iter().filter(|s| emptied(s)) {
        reasons.push(format!(
            "section `{section}` has no claim left after removals"
        ));
    }
    if unhandled > 0 {
        reasons.push(match unhandled {
            1 => "1 error cannot be fixed by removing a claim".to_owned(),
            n => format!("{n} errors cannot be fixed by removing a claim"),
        });
    }
    reasons
}
