//! `unknown-evidence`: An `[EVID:id]` marker names an id that the store does
//! not hold.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unknown-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownEvidence,
    help: "write the id exactly as the evidence store has it (copy it from the store), or add the item to the store",
    doc: &["An `[EVID:id]` marker names an id that the store does not hold."],
    guide_page: guide_page!("unknown-evidence"),
    file: file!(),
};
