//! `low-source-diversity`: a chapter's cited items come from too few
//! domains (hosts of their addresses, `www.` aside): its evidence rests on
//! a handful of sites, however many items it cites.

use crate::meta::{RuleMeta, guide_page};
use crate::quality::{Figures, QualityInputs};
use evidence_core::config::Config;
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
    options: &["quality.domains", "quality.min-claims"],
    terminal: None,
    file: file!(),
};

/// The settings of `low-source-diversity` (`quality.domains`,
/// `quality.min-claims`): the only values of the configuration it reads;
/// `quality.min-claims` is shared by the five target rules (see
/// [`crate::quality`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// Diversity meets its target with more distinct domains than this
    /// (`quality.domains`).
    pub(crate) domains: usize,
    /// Chapters with fewer claims are not judged (`quality.min-claims`).
    pub(crate) min_claims: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            domains: config.quality.domains,
            min_claims: config.quality.min_claims,
        }
    }
}

/// At most this many domains are named in the message.
const NAMED: usize = 5;

/// The message when the chapter's domain count misses its target.
pub(super) fn check(
    inputs: &QualityInputs,
    figures: &Figures,
    options: &Options,
) -> Option<String> {
    let figure = &figures.diversity;
    if inputs.claims < options.min_claims.max(1) {
        return None;
    }
    figure.value.filter(|&v| v <= options.domains as f64)?;
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
