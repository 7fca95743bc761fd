//! `unverified-reference`: An entry of a References list written in the chapter
//! (`[N] Publisher. "Title". URL`) does not describe the item citation N cites,
//! or N cites nothing.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `unverified-reference` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnverifiedReference,
    help: "delete the written References list (the generated section lists what the chapter cites), or correct the entry to the item its number cites",
    doc: &[
        "An entry of a References list written in the chapter (`[N]",
        "Publisher. \"Title\". URL`) does not describe the item citation N",
        "cites, or N cites nothing.",
    ],
    guide_page: guide_page!("unverified-reference"),
    file: file!(),
};
