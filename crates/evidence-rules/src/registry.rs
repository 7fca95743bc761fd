//! The registry: what each rule says about itself (its help line, its
//! documentation, its page of the guide), gathered from the rules' own
//! files (`crates/evidence-rules/src/<group>/<rule_id>.rs`) in [`Rule::ALL`] order.

use crate::claims;
use crate::meta::RuleMeta;
use crate::{markers, numbers, passages, quality, sources, store, support, suppression};
use evidence_core::rule::Rule;

/// Every rule's `META`, in [`Rule::ALL`] order.
static REGISTRY: [&RuleMeta; 44] = [
    &claims::ungrounded_claim::META,
    &markers::unknown_evidence::META,
    &markers::unknown_number::META,
    &markers::malformed_marker::META,
    &sources::missing_field::META,
    &sources::unknown_source::META,
    &sources::deleted_evidence::META,
    &sources::invalid_evidence::META,
    &sources::expired_evidence::META,
    &sources::unsafe_url::META,
    &store::unknown_chapter::META,
    &store::invalid_record::META,
    &sources::registry_mismatch::META,
    &sources::stale_evidence::META,
    &claims::numeric_claim::META,
    &claims::policy_claim::META,
    &sources::paywall_quote::META,
    &claims::unlabelled_speculation::META,
    &quality::publisher_dominance::META,
    &quality::low_credibility_mix::META,
    &quality::monitor_only_share::META,
    &passages::conflicting_evidence::META,
    &quality::low_citation_coverage::META,
    &quality::low_citation_accuracy::META,
    &quality::low_source_diversity::META,
    &quality::low_source_authority::META,
    &quality::high_disagreement_rate::META,
    &suppression::invalid_suppression::META,
    &claims::removal_escalation::META,
    &store::span_mismatch::META,
    &numbers::number_not_in_evidence::META,
    &numbers::number_contradicts_evidence::META,
    &passages::claim_not_in_evidence::META,
    &passages::claim_partly_in_evidence::META,
    &passages::subject_not_in_evidence::META,
    &passages::quote_not_in_evidence::META,
    &support::unsupported_claim::META,
    &support::stale_support::META,
    &support::missing_support::META,
    &markers::escaped_markers::META,
    &markers::unverified_reference::META,
    &sources::source_not_fetched::META,
    &sources::source_gone::META,
    &sources::source_changed::META,
];

/// What `rule` says about itself.
fn meta(rule: Rule) -> &'static RuleMeta {
    let meta = REGISTRY[rule as usize];
    debug_assert_eq!(meta.rule, rule, "REGISTRY is not in Rule::ALL order");
    meta
}

/// A rule's documentation: `rule.help()` and the rest, for the reports and
/// `explain`.
pub trait RuleDocs {
    /// One line telling the author how to fix a violation.
    fn help(self) -> &'static str;
    /// What a violation is, in full: the rule's documentation, its lines
    /// joined.
    fn description(self) -> String;
    /// The rule's page of the guide, in markdown, as built into the binary
    /// (`mdbook-evidence explain RULE`).
    fn guide_page(self) -> &'static str;
}

impl RuleDocs for Rule {
    fn help(self) -> &'static str {
        meta(self).help
    }

    fn description(self) -> String {
        let lines = meta(self).doc;
        lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
    }

    fn guide_page(self) -> &'static str {
        meta(self).guide_page
    }
}

#[cfg(test)]
mod tests {
    use crate::registry::*;
    use std::path::Path;

    #[test]
    fn every_rule_has_its_file_its_docs_and_its_guide_page() {
        // The workspace root: `file!()` paths and the guide are relative to it.
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        for (index, rule) in Rule::ALL.iter().copied().enumerate() {
            let meta = meta(rule);
            assert_eq!(meta.rule, rule, "REGISTRY[{index}] is not {rule}");
            let snake = rule.id().replace('-', "_");
            let file = Path::new(meta.file);
            assert_eq!(
                file.file_name().and_then(|n| n.to_str()),
                Some(format!("{snake}.rs").as_str()),
                "{rule} is held by {}",
                meta.file
            );
            let group = file.parent().expect("a group");
            assert_eq!(
                group.parent(),
                Some(Path::new("crates/evidence-rules/src")),
                "{rule}: {} is not crates/evidence-rules/src/<group>/{snake}.rs",
                meta.file
            );
            assert!(root.join(file).is_file(), "{} is missing", meta.file);
            assert!(!rule.help().is_empty(), "{rule} has no help");
            let description = rule.description();
            assert!(
                description.ends_with('.') && !description.contains("  "),
                "{description}"
            );
            let page = root
                .join("guide/src/rules")
                .join(format!("{}.md", rule.id()));
            assert!(page.is_file(), "no guide page for {rule}");
            assert!(!rule.guide_page().is_empty(), "{rule}: empty guide page");
        }
    }
}
