//! `subject-not-in-evidence`: A claim names a subject (a person, place, storm,
//! organisation, work) that its cited passages do not, and they name another in
//! its place: the citation may be about another subject.

use crate::rule::Rule;
use crate::rules::registry::{RuleMeta, guide_page};

/// What `subject-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SubjectNotInEvidence,
    help: "cite the item about the subject the claim names, or correct the name if the claim has it wrong",
    doc: &[
        "A claim names a subject (a person, place, storm, organisation,",
        "work) that its cited passages do not, and they name another in its",
        "place: the citation may be about another subject.",
    ],
    guide_page: guide_page!("subject-not-in-evidence"),
    file: file!(),
};
