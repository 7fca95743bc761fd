//! `unlabelled-speculation` (off by default): speculative wording in a claim
//! that lacks the `[SPECULATION]` label.
//!
//! The words, matched as whole words without case (except `may`, which is
//! a month with a capital): could, might, may, possibly, perhaps, probably,
//! likely, speculate(s/d), speculation, rumor(s), rumour(s), reportedly,
//! allegedly, and the phrases "expected to" and "set to".

use crate::meta::{RuleMeta, guide_page};
use evidence_core::finding::Finding;
use evidence_core::rule::Rule;
use evidence_text::claims::{Claim, claim_finding};

/// What `unlabelled-speculation` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnlabelledSpeculation,
    help: "label the sentence `[SPECULATION]`, or state only what the evidence says",
    doc: &["Speculative wording in a claim without the `[SPECULATION]` label."],
    guide_page: guide_page!("unlabelled-speculation"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The speculative words, lowercase.
const WORDS: &[&str] = &[
    "could",
    "might",
    "possibly",
    "perhaps",
    "probably",
    "likely",
    "speculate",
    "speculates",
    "speculated",
    "speculation",
    "rumor",
    "rumors",
    "rumour",
    "rumours",
    "reportedly",
    "allegedly",
];

/// The speculative two-word phrases, lowercase.
const PHRASES: &[&str] = &["expected to", "set to"];

/// The first speculative word or phrase in a claim, if any.
pub(crate) fn speculative_word(text: &str) -> Option<&str> {
    let words: Vec<&str> = text
        .split(|c: char| !evidence_core::gaps::is_word_char(c) && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, word) in words.iter().enumerate() {
        let lower = word.to_lowercase();
        if WORDS.contains(&lower.as_str()) || *word == "may" {
            return Some(word);
        }
        if let Some(next) = words.get(i + 1) {
            let pair = format!("{lower} {}", next.to_lowercase());
            if PHRASES.contains(&pair.as_str()) {
                return Some(
                    PHRASES
                        .iter()
                        .find(|p| **p == pair)
                        .copied()
                        .unwrap_or(word),
                );
            }
        }
    }
    None
}

/// The finding of `claim` when it uses speculative wording.
pub(crate) fn check(claim: &Claim) -> Option<Finding> {
    let word = speculative_word(&claim.text)?;
    let message = format!("speculative wording (`{word}`) without the `[SPECULATION]` label");
    Some(claim_finding(claim, META.rule, message, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speculative_words_are_found() {
        assert_eq!(
            speculative_word("Rates could fall next year."),
            Some("could")
        );
        assert_eq!(
            speculative_word("The Fed is expected to cut."),
            Some("expected to")
        );
        assert_eq!(speculative_word("Officials may act soon."), Some("may"));
        assert_eq!(speculative_word("Likely, yes."), Some("Likely"));
    }

    #[test]
    fn factual_text_is_not_speculative() {
        assert_eq!(speculative_word("The Fed held rates in May."), None);
        assert_eq!(speculative_word("GDP grew 2.9% in the quarter."), None);
        assert_eq!(speculative_word("The couldron is not a word."), None);
    }
}
