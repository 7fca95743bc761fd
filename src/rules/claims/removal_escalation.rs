//! `removal-escalation`: In `remove` mode, more than `max-removed` claims were
//! removed from the chapter, or a checked section was left without a claim.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `removal-escalation` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::RemovalEscalation,
    help: "cite evidence for the removed claims; the chapter cannot be published with this many gaps",
    doc: &[
        "In `remove` mode, more than `max-removed` claims were removed from",
        "the chapter, or a checked section was left without a claim.",
    ],
    guide_page: guide_page!("removal-escalation"),
    file: file!(),
};
