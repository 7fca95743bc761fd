//! `malformed-marker`: A marker written wrongly: an `[EVID:…]` id empty or with
//! spaces, or a citation in full-width brackets or digits.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;

/// What `malformed-marker` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MalformedMarker,
    help: "write the marker in ASCII brackets: `[EVID:<id>]` with the exact store id and no spaces, or `[N]` for an entry of the chapter's citation list",
    doc: &[
        "A marker written wrongly: an `[EVID:…]` id empty or with spaces, or a",
        "citation in full-width brackets or digits.",
    ],
    guide_page: guide_page!("malformed-marker"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The violation of a marker the scanner could not read, as `written`.
pub(crate) fn violation(written: &str) -> Violation {
    (
        Rule::MalformedMarker,
        format!(
            "cannot read the marker `{written}`: {}",
            evidence_core::markers::malformed_fix(written)
        ),
    )
}
