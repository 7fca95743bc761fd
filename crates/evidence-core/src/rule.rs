//! The rule ids: every check mdbook-evidence makes, each with a stable id
//! and a default level, and the levels and severities a rule can have.
//!
//! Rule ids are part of the public interface (they appear in diagnostics, in
//! the JSON report and in configuration), so they never change once released.
//! What each rule says about itself (help, description, guide page) is in its
//! own file under `crates/evidence-rules/src/<group>/`, gathered by
//! `evidence_rules::registry`.

use serde::Serialize;
use std::fmt;

/// Where the guide is published: every rule has a page at
/// `<GUIDE_URL>rules/<id>.html` (what it checks, why, a failing and a
/// passing example, configuration), which diagnostics and SARIF link to.
pub const GUIDE_URL: &str = "https://mdbook-evidence.github.io/mdbook-evidence/";

/// How much a violation of a rule matters.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Reported; never changes the outcome of a build.
    Warning,
    /// Fails the build in `fail` mode and downgrades the chapter in
    /// `downgrade` mode.
    Error,
}

/// What a rule does in a build: configured per rule id under
/// `[preprocessor.evidence.rules]`, else the rule's default.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The rule is not checked.
    Off,
    /// Violations are reported as warnings.
    Warn,
    /// Violations are errors.
    Error,
}

impl Level {
    /// The severity of a violation at this level, `None` when off.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Warn => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// Defines [`Rule`] from one table: each rule's doc, variant, id and
/// default level.
macro_rules! rule_ids {
    ($( $(#[doc = $doc:literal])* $variant:ident = $id:literal, $level:ident; )*) => {
        /// A rule: one kind of violation, with a stable id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl Rule {
            /// Every rule, in documentation order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// The stable id used in diagnostics, reports and configuration.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The level the rule has unless configured otherwise.
            pub fn default_level(self) -> Level {
                match self { $(Rule::$variant => Level::$level,)* }
            }
        }
    };
}

rule_ids! {
    /// A claim (paragraph or list item) has no marker that resolves.
    UngroundedClaim = "ungrounded-claim", Error;
    /// An `[EVID:id]` marker names an id that the store does not hold.
    UnknownEvidence = "unknown-evidence", Error;
    /// A `[N]` marker is larger than the chapter's citation list.
    UnknownNumber = "unknown-number", Error;
    /// A marker written wrongly: an `[EVID:…]` id empty or with spaces, or a
    /// citation in full-width brackets or digits.
    MalformedMarker = "malformed-marker", Error;
    /// The cited item lacks `url`, `title`, `published_at` or `source_id`.
    MissingField = "missing-field", Error;
    /// The cited item's `source_id` is not in the store's `sources` registry.
    UnknownSource = "unknown-source", Error;
    /// The cited item has `status: deleted`.
    DeletedEvidence = "deleted-evidence", Error;
    /// The cited item has `status: invalid`.
    InvalidEvidence = "invalid-evidence", Error;
    /// The cited item's `expires_at` is before the as-of date.
    ExpiredEvidence = "expired-evidence", Error;
    /// The cited item's `url` is not an absolute http or https URL.
    UnsafeUrl = "unsafe-url", Error;
    /// The store lists citations for a chapter that is not in the book.
    UnknownChapter = "unknown-chapter", Warn;
    /// A `citations.jsonl` record fails its checks and nothing cites it
    /// (citing it is an `invalid-evidence` error at the citation).
    InvalidRecord = "invalid-record", Warn;
    /// The cited item's `url` does not start with one of its source's
    /// `url_prefixes`, or its `publisher` differs from the source's.
    RegistryMismatch = "registry-mismatch", Error;
    /// The cited item was published more than `max-age-days` before the as-of date.
    StaleEvidence = "stale-evidence", Error;
    /// A claim states a number, a percentage or a date, and cites neither a
    /// tier 1-2 item nor items of two different publishers.
    NumericClaim = "numeric-claim", Error;
    /// A claim about policy (tagged evidence) cites no tier-1 item although
    /// the chapter's evidence holds one with the same tag.
    PolicyClaim = "policy-claim", Error;
    /// A `metadata_only` (paywalled) source's item carries a full-text quote.
    PaywallQuote = "paywall-quote", Warn;
    /// Speculative wording in a claim without the `[SPECULATION]` label.
    UnlabelledSpeculation = "unlabelled-speculation", Off;
    /// One publisher supplies more than `max-publisher-share` of a chapter's evidence.
    PublisherDominance = "publisher-dominance", Warn;
    /// Tier 1-2 items are less than `min-credible-share` of a chapter's evidence.
    LowCredibilityMix = "low-credibility-mix", Warn;
    /// Tier-4 (monitor-only) items are more than `max-monitor-share` of a chapter's evidence.
    MonitorOnlyShare = "monitor-only-share", Warn;
    /// The chapter cites two items that the store says contradict each
    /// other, or whose passages disagree (different figures for the same
    /// measure, one denying what the other states, or one claim citing
    /// the same measure for different dates).
    ConflictingEvidence = "conflicting-evidence", Warn;
    /// Fewer of a chapter's sentences than `quality.coverage` (80%) cite
    /// evidence, in a chapter of at least `quality.min-claims` claims.
    LowCitationCoverage = "low-citation-coverage", Warn;
    /// Fewer of a chapter's citations than `quality.accuracy` (90%) are
    /// supported by their passages, by stored support verdicts (none: not
    /// judged).
    LowCitationAccuracy = "low-citation-accuracy", Warn;
    /// A chapter's cited items come from no more domains than
    /// `quality.domains` (3).
    LowSourceDiversity = "low-source-diversity", Warn;
    /// The mean tier authority of a chapter's cited items is not above
    /// `quality.authority` (0.7).
    LowSourceAuthority = "low-source-authority", Warn;
    /// At least `quality.disagreement` (20%) of a chapter's claims cite
    /// items that contradict each other.
    HighDisagreementRate = "high-disagreement-rate", Warn;
    /// A suppression comment names an unknown rule, gives no reason, cannot
    /// be applied where it stands, or starts with an unknown `evidence-` word.
    InvalidSuppression = "invalid-suppression", Error;
    /// In `remove` mode, more than `max-removed` claims were removed from
    /// the chapter, or a checked section was left without a claim.
    RemovalEscalation = "removal-escalation", Error;
    /// A cited item's `source_span` or `quote_span` does not select, in its
    /// `content`, the text it quotes.
    SpanMismatch = "span-mismatch", Error;
    /// A number in a claim appears in none of the passages (`cited_text`,
    /// `quote_span.text`, `snippet_span.text`) of the items it cites.
    NumberNotInEvidence = "number-not-in-evidence", Warn;
    /// A number in a claim contradicts the figure a cited passage gives
    /// for the same quantity (same unit, same words around it).
    NumberContradictsEvidence = "number-contradicts-evidence", Error;
    /// A claim's cited passages hold less than `claim-overlap` percent of
    /// its content words: the citation may point at the wrong item.
    ClaimNotInEvidence = "claim-not-in-evidence", Warn;
    /// A claim of at least `claim-partial-min-words` content words whose
    /// cited passages, read whole, hold less than `claim-partial-overlap`
    /// percent of them: the passages may state only part of it.
    ClaimPartlyInEvidence = "claim-partly-in-evidence", Warn;
    /// A claim names a subject (a person, place, storm, organisation,
    /// work) that its cited passages do not, and they name another in its
    /// place: the citation may be about another subject.
    SubjectNotInEvidence = "subject-not-in-evidence", Warn;
    /// Text a claim puts in quotation marks (three words or more, not a
    /// title) does not stand word for word in the passages it cites.
    QuoteNotInEvidence = "quote-not-in-evidence", Error;
    /// A stored `support.v1` verdict says a cited passage does not support
    /// the claim.
    UnsupportedClaim = "unsupported-claim", Error;
    /// A stored verdict was given for another text of the claim or of the
    /// passage: it no longer says anything about this citation.
    StaleSupport = "stale-support", Warn;
    /// With `require-support = true`, a citation of a passage has no
    /// current verdict.
    MissingSupport = "missing-support", Error;
    /// A preprocessor that runs before mdbook-evidence escaped the chapter's
    /// markers (`\[EVID:…\]`), which the chapter's file writes as markers:
    /// the chapter is not checked.
    EscapedMarkers = "escaped-markers", Error;
    /// An entry of a References list written in the chapter (`[N]
    /// Publisher. "Title". URL`) does not describe the item citation N
    /// cites, or N cites nothing.
    UnverifiedReference = "unverified-reference", Error;
    /// `mdbook-evidence fetch` could not read the cited item's page (gone,
    /// blocked, unreachable, too large, of another type, refused): the
    /// claims citing it rest on an address and a title alone.
    SourceNotFetched = "source-not-fetched", Warn;
    /// `fetch --recheck` found the cited item's page gone (404, 410) since
    /// it was fetched.
    SourceGone = "source-gone", Warn;
    /// `fetch --recheck` found that a passage the claims citing the item
    /// rest on no longer stands on its page.
    SourceChanged = "source-changed", Warn;
}

impl Rule {
    /// Looks a rule up by its id.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| rule.id() == id)
    }

    /// The rule's page in the guide (see [`GUIDE_URL`]). It needs only the
    /// id, so it stays with the id (and `tests/it/guide.rs` calls it without
    /// importing the docs trait).
    pub fn guide_url(self) -> String {
        format!("{GUIDE_URL}rules/{}.html", self.id())
    }
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
