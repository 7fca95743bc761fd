//! `low-source-diversity`: a chapter's cited items come from too few
//! domains (hosts of their addresses, `www.` aside): its evidence rests on
//! a handful of sites, however many items it cites.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::rule::Rule;

/// What `low-source-diversity` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::LowSourceDiversity,
    help: "cite evidence from more sites: independent outlets, the official source",
    doc: &[
        "A chapter's cited items come from no more domains than",
        "`quality.domains` (3).",
    ],
    guide_page: guide_page!("low-source-diversity"),
    file: file!(),
};

/// At most this many domains are named in the message.
const NAMED: usize = 5;

/// The message when the chapter's domain count misses its target.
pub(super) fn check(inputs: &QualityInputs, figures: &Figures) -> Option<String> {
    let figure = &figures.diversity;
    figure.value.filter(|_| figure.meets == Some(false))?;
    let mut named: Vec<&str> = inputs
        .hosts
        .iter()
        .take(NAMED)
        .map(String::as_str)
        .collect();
    if inputs.hosts.len() > NAMED {
        named.push("…");
    }
    Some(format!(
        "this chapter cites {} from {} ({}; the target is {})",
        crate::quality::count(inputs.items, "item"),
        crate::quality::count(inputs.hosts.len(), "domain"),
        named.join(", "),
        figure.target
    ))
}
