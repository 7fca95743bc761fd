//! The rules: every check mdbook-evidence makes, each with a stable id and a
//! default severity, and the judge that applies them to a scanned chapter.
//!
//! Rule ids are part of the public interface (they appear in diagnostics, in
//! the JSON report and in configuration), so they never change once released.

mod grounding;
mod number_evidence;
pub mod numbers;
mod resolution;
mod spans;

pub use grounding::ungrounded_claims;
pub use number_evidence::numbers_not_in_evidence;
pub use resolution::{Resolved, is_http_url, resolve};
pub use spans::span_mismatches;

use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// One violation found in a chapter, before it is placed in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The rule violated.
    pub rule: Rule,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Byte range in the chapter (the marker, or the claim).
    pub span: Range<usize>,
    /// The block (claim) concerned, as an index into the scan's blocks.
    pub block: Option<usize>,
    /// The evidence ids concerned.
    pub evidence_ids: Vec<String>,
}

/// How much a violation of a rule matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Reported; never changes the outcome of a build.
    Warning,
    /// Fails the build in `fail` mode and downgrades the chapter in
    /// `downgrade` mode.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

macro_rules! rules {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, $severity:ident, $help:literal; )*) => {
        /// A rule: one kind of violation, with a stable id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $( $(#[$doc])* $variant, )*
        }

        impl Rule {
            /// Every rule, in documentation order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// The stable id used in diagnostics, reports and configuration.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The severity the rule has unless configured otherwise.
            pub fn default_severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$severity,)* }
            }

            /// One line telling the author how to fix a violation.
            pub fn help(self) -> &'static str {
                match self { $(Rule::$variant => $help,)* }
            }

            /// Looks a rule up by its id.
            pub fn from_id(id: &str) -> Option<Rule> {
                Rule::ALL.iter().copied().find(|rule| rule.id() == id)
            }
        }
    };
}

rules! {
    /// A claim (paragraph or list item) has no marker that resolves.
    UngroundedClaim = "ungrounded-claim", Error,
        "cite stored evidence after the claim, e.g. `[EVID:ev_…]` (or `[N]` from the chapter's citation list), label it `[SPECULATION]`, or use an abstain phrase such as `[Insufficient evidence to assess this claim]`";
    /// An `[EVID:id]` marker names an id that the store does not hold.
    UnknownEvidence = "unknown-evidence", Error,
        "check the id against the evidence store; ids are copied verbatim, never paraphrased";
    /// A `[N]` marker is larger than the chapter's citation list.
    UnknownNumber = "unknown-number", Error,
        "add the item to the chapter's list in the store's `chapters` map, or fix the number";
    /// An `[EVID:…]` marker whose id is empty or contains spaces.
    MalformedMarker = "malformed-marker", Error,
        "write the marker as `[EVID:<id>]` with the exact store id, without spaces";
    /// The cited item lacks `url`, `title`, `published_at` or `source_id`.
    MissingField = "missing-field", Error,
        "add the missing fields to the item in the evidence store";
    /// The cited item's `source_id` is not in the store's `sources` registry.
    UnknownSource = "unknown-source", Error,
        "register the source under `sources` in the store, or fix the item's `source_id`";
    /// The cited item has `status: deleted`.
    DeletedEvidence = "deleted-evidence", Error,
        "cite evidence that is still in the store; deleted evidence cannot ground a claim";
    /// The cited item has `status: invalid`.
    InvalidEvidence = "invalid-evidence", Error,
        "cite a valid item; this one was marked invalid by the pipeline that stored it";
    /// The cited item's `expires_at` is before the as-of date.
    ExpiredEvidence = "expired-evidence", Error,
        "refresh the evidence, or cite an item that has not expired";
    /// The cited item's `url` is not an absolute http or https URL.
    UnsafeUrl = "unsafe-url", Error,
        "give the item an absolute http:// or https:// URL; other schemes are never linked";
    /// The store lists citations for a chapter that is not in the book.
    UnknownChapter = "unknown-chapter", Warning,
        "fix the key under `chapters` in the store: it is the chapter's path relative to `src/`";
    /// A cited item's `source_span` or `quote_span` does not select, in its
    /// `content`, the text it quotes.
    SpanMismatch = "span-mismatch", Error,
        "fix the item's offsets (characters from 0, end exclusive) or its quoted text, so that the span of `content` is exactly the quote";
    /// A number in a claim appears in none of the passages (`cited_text`,
    /// `quote_span.text`, `snippet_span.text`) of the items it cites.
    NumberNotInEvidence = "number-not-in-evidence", Warning,
        "check the figure against the cited passage: correct it, or cite evidence whose passage states it";
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for rule in Rule::ALL {
            assert!(seen.insert(rule.id()), "duplicate id {}", rule.id());
            assert!(
                rule.id()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-'),
                "{} is not kebab-case",
                rule.id()
            );
            assert_eq!(Rule::from_id(rule.id()), Some(*rule));
        }
        assert_eq!(Rule::from_id("no-such-rule"), None);
    }
}
