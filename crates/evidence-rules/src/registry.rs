//! The registry: what each rule says about itself (its help line, its
//! documentation, its page of the guide), gathered from the rules' own
//! files (`crates/evidence-rules/src/<group>/<rule_id>.rs`) in [`Rule::ALL`] order.

use crate::claims;
use crate::meta::RuleMeta;
use crate::{markers, numbers, passages, quality, sources, store, support, suppression};
use evidence_core::rule::Rule;
use std::ops::Range;

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
    /// The words the terminal shows under a violation's span, if the rule
    /// has some.
    fn terminal_label(self) -> Option<&'static str>;
    /// More help the terminal shows for a violation with `message` at
    /// `span` of the chapter's source `chapter`, if the rule has some for it.
    fn terminal_help(
        self,
        chapter: &str,
        span: Range<usize>,
        message: &str,
    ) -> Option<&'static str>;
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

    fn terminal_label(self) -> Option<&'static str> {
        meta(self).terminal.as_ref().map(|t| t.label)
    }

    fn terminal_help(
        self,
        chapter: &str,
        span: Range<usize>,
        message: &str,
    ) -> Option<&'static str> {
        (meta(self).terminal.as_ref()?.help)(chapter, span, message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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

    /// Whether the configuration accepts `key` (`quality.coverage`: key
    /// `coverage` of the `quality` table): the table's key is one
    /// evidence-core lists, and a table's own key parses with one value or
    /// another (its tables deny keys they do not know).
    fn accepted(key: &str) -> bool {
        let mut parts = key.splitn(2, '.');
        let top = parts.next().unwrap_or_default();
        if !evidence_core::config::keys().contains(&top) {
            return false;
        }
        let Some(inner) = parts.next() else {
            return true;
        };
        let values = [
            serde_json::json!(0.5),
            serde_json::json!(5),
            serde_json::json!({}),
        ];
        values.into_iter().any(|value| {
            let table = serde_json::json!({"store": "s", top: {inner: value}});
            evidence_core::config::Config::from_value(table).is_ok()
        })
    }

    /// Whether `page` names `key` as a word: not inside a longer key
    /// (`coverage` in `low-citation-coverage`, `escalate` in `escalated`).
    fn names(page: &str, key: &str) -> bool {
        let part_of_key = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
        page.match_indices(key).any(|(at, _)| {
            let before = page[..at].chars().next_back();
            let after = page[at + key.len()..].chars().next();
            !before.is_some_and(part_of_key) && !after.is_some_and(part_of_key)
        })
    }

    #[test]
    fn every_option_is_a_config_key_its_guide_page_names() {
        assert!(names("`quality.coverage`", "coverage"));
        assert!(!names("low-citation-coverage, escalated", "coverage"));
        assert!(!names("escalated", "escalate"));
        assert!(!accepted("claim-overlaps") && !accepted("quality.coverages"));
        for rule in Rule::ALL.iter().copied() {
            let meta = meta(rule);
            for key in meta.options {
                assert!(accepted(key), "{rule}: `{key}` is no key of the config");
                // A table's key is named in the page's TOML as
                // `[preprocessor.evidence.quality]` and `coverage = …`.
                for part in key.split('.') {
                    assert!(
                        names(meta.guide_page, part),
                        "guide/src/rules/{}.md does not name `{key}`",
                        rule.id()
                    );
                }
            }
        }
    }
}
