//! The rules: every check mdbook-evidence makes, each with a stable id and a
//! default severity, and the judge that applies them to a scanned chapter.
//!
//! Rule ids are part of the public interface (they appear in diagnostics, in
//! the JSON report and in configuration), so they never change once released.

pub(crate) mod claim_not_in_evidence;
pub(crate) mod claim_partly_in_evidence;
pub(crate) mod claims;
pub(crate) mod confidence;
pub(crate) mod content_words;
pub mod disagreement;
pub(crate) mod diversity;
pub(crate) mod escaped_markers;
mod glued_words;
mod high_disagreement_rate;
pub(crate) mod ids;
pub(crate) mod judge;
mod low_citation_accuracy;
mod low_citation_coverage;
mod low_source_authority;
mod low_source_diversity;
pub mod memo;
mod number_contradicts_evidence;
pub(crate) mod number_derive;
mod number_not_in_evidence;
pub(crate) mod number_parse;
pub(crate) mod numeric_claim;
pub mod overlap;
mod passage_sentences;
pub(crate) mod passage_window;
mod passage_words;
pub(crate) mod policy;
pub mod quality;
pub(crate) mod quality_metrics;
mod quote_not_in_evidence;
mod resolution;
pub(crate) mod source_changed;
pub(crate) mod source_gone;
pub(crate) mod source_not_fetched;
mod spans;
pub(crate) mod speculation;
mod stems;
pub(crate) mod subject_not_in_evidence;
pub(crate) mod support_units;
mod support_verdicts;
#[cfg(test)]
mod test_units;
pub(crate) mod ungrounded_claim;
mod unknown_chapter;
mod unverified_reference;

pub use ids::{BlockId, ClaimId, MarkerId};
pub use judge::{JudgeInput, Judged, Judgement, Verdict, judge, judge_chapter};
pub(crate) use number_not_in_evidence::numbers_not_in_evidence;
pub use quality::QualityInputs;
pub(crate) use quote_not_in_evidence::quotes_not_in_evidence;
pub use resolution::{Resolved, is_http_url, resolve, resolve_id};
pub use spans::span_mismatches;
pub use support_verdicts::SupportFigures;
pub(crate) use support_verdicts::verdict_claims_of;
pub use unknown_chapter::{StoreFinding, uncited_invalid_records, unknown_chapters};

use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// Where the guide is published: every rule has a page at
/// `<GUIDE_URL>rules/<id>.html` (what it checks, why, a failing and a
/// passing example, configuration), which diagnostics and SARIF link to.
pub const GUIDE_URL: &str = "https://mdbook-evidence.github.io/mdbook-evidence/";

/// The number of distinct publishers among cited items.
pub fn publisher_count(cited: &[&Resolved<'_>]) -> usize {
    let mut publishers: Vec<&str> = cited.iter().map(|r| r.publisher()).collect();
    publishers.sort_unstable();
    publishers.dedup();
    publishers.len()
}

/// One violation found in a chapter, before it is placed in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The rule violated.
    pub rule: Rule,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Byte range in the chapter (the marker, or the claim).
    pub span: Range<usize>,
    /// The block (claim) concerned.
    pub block: Option<BlockId>,
    /// The evidence ids concerned.
    pub evidence_ids: Vec<String>,
    /// The first words of the claim concerned, when the finding is about
    /// a claim.
    pub excerpt: Option<String>,
}

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

/// Defines [`Rule`] from one table: each rule's doc, variant, id, default
/// level and help line. The doc comment is also the rule's description in
/// machine output (SARIF's `fullDescription`).
macro_rules! rules {
    ($( $(#[doc = $doc:literal])* $variant:ident = $id:literal, $level:ident, $help:literal; )*) => {
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

            /// One line telling the author how to fix a violation.
            pub fn help(self) -> &'static str {
                match self { $(Rule::$variant => $help,)* }
            }

            /// What a violation is, in full: the rule's documentation,
            /// its lines joined.
            pub fn description(self) -> String {
                let lines: &[&str] = match self { $(Rule::$variant => &[$($doc),*],)* };
                lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
            }

            /// The rule's page in the guide (see [`GUIDE_URL`]).
            pub fn guide_url(self) -> String {
                format!("{GUIDE_URL}rules/{}.html", self.id())
            }

            /// The rule's page of the guide, in markdown, as built into
            /// the binary (`mdbook-evidence explain RULE`).
            pub fn guide_page(self) -> &'static str {
                match self {
                    $(Rule::$variant => include_str!(concat!(
                        env!("CARGO_MANIFEST_DIR"), "/guide/src/rules/", $id, ".md"
                    )),)*
                }
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
        "write the id exactly as the evidence store has it (copy it from the store), or add the item to the store";
    /// A `[N]` marker is larger than the chapter's citation list.
    UnknownNumber = "unknown-number", Error,
        "add the item to the chapter's list in the store's `chapters` map, or fix the number";
    /// A marker written wrongly: an `[EVID:…]` id empty or with spaces, or a
    /// citation in full-width brackets or digits.
    MalformedMarker = "malformed-marker", Error,
        "write the marker in ASCII brackets: `[EVID:<id>]` with the exact store id and no spaces, or `[N]` for an entry of the chapter's citation list";
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
    UnknownChapter = "unknown-chapter", Warn,
        "fix the key under `chapters` in the store: it is the chapter's path relative to `src/`";
    /// A `citations.jsonl` record fails its checks and nothing cites it
    /// (citing it is an `invalid-evidence` error at the citation).
    InvalidRecord = "invalid-record", Warn,
        "fix the record (or the tool that wrote it), or remove it from the file";
    /// The cited item's `url` does not start with one of its source's
    /// `url_prefixes`, or its `publisher` differs from the source's.
    RegistryMismatch = "registry-mismatch", Error,
        "fix the item's url or publisher, or the source's `url_prefixes` in the registry";
    /// The cited item was published more than `max-age-days` before the as-of date.
    StaleEvidence = "stale-evidence", Error,
        "cite fresher evidence, or raise `max-age-days`";
    /// A claim states a number, a percentage or a date, and cites neither a
    /// tier 1-2 item nor items of two different publishers.
    NumericClaim = "numeric-claim", Error,
        "cite a tier 1 or 2 source for the figure, or corroborate it with a second publisher";
    /// A claim about policy (tagged evidence) cites no tier-1 item although
    /// the chapter's evidence holds one with the same tag.
    PolicyClaim = "policy-claim", Error,
        "cite the official (tier 1) source of the policy or data release directly";
    /// A `metadata_only` (paywalled) source's item carries a full-text quote.
    PaywallQuote = "paywall-quote", Warn,
        "remove `quote_span` from items of paywalled sources; only their snippet may be shown";
    /// Speculative wording in a claim without the `[SPECULATION]` label.
    UnlabelledSpeculation = "unlabelled-speculation", Off,
        "label the sentence `[SPECULATION]`, or state only what the evidence says";
    /// One publisher supplies more than `max-publisher-share` of a chapter's evidence.
    PublisherDominance = "publisher-dominance", Warn,
        "cite evidence from more publishers";
    /// Tier 1-2 items are less than `min-credible-share` of a chapter's evidence.
    LowCredibilityMix = "low-credibility-mix", Warn,
        "cite more official (tier 1) or mainstream (tier 2) sources";
    /// Tier-4 (monitor-only) items are more than `max-monitor-share` of a chapter's evidence.
    MonitorOnlyShare = "monitor-only-share", Warn,
        "rely less on monitor-only (tier 4) sources";
    /// The chapter cites two items that the store says contradict each
    /// other, or whose passages disagree (different figures for the same
    /// measure, one denying what the other states, or one claim citing
    /// the same measure for different dates).
    ConflictingEvidence = "conflicting-evidence", Warn,
        "say in the text that the sources disagree, and how (the chapter gets a CAUTION note)";
    /// Fewer of a chapter's sentences than `quality.coverage` (80%) cite
    /// evidence, in a chapter of at least `quality.min-claims` claims.
    LowCitationCoverage = "low-citation-coverage", Warn,
        "cite evidence in each sentence that states something, or split a paragraph so each claim carries its own citation";
    /// Fewer of a chapter's citations than `quality.accuracy` (90%) are
    /// supported by their passages, by stored support verdicts (none: not
    /// judged).
    LowCitationAccuracy = "low-citation-accuracy", Warn,
        "fix the citations the support rules flag in this chapter: cite the item that says what the claim says";
    /// A chapter's cited items come from no more domains than
    /// `quality.domains` (3).
    LowSourceDiversity = "low-source-diversity", Warn,
        "cite evidence from more sites: independent outlets, the official source";
    /// The mean tier authority of a chapter's cited items is not above
    /// `quality.authority` (0.7).
    LowSourceAuthority = "low-source-authority", Warn,
        "cite official (tier 1) or mainstream (tier 2) sources for what tier 3-4 items now carry";
    /// At least `quality.disagreement` (20%) of a chapter's claims cite
    /// items that contradict each other.
    HighDisagreementRate = "high-disagreement-rate", Warn,
        "settle what the sources disagree about, or say in the text that they disagree and cite each side in its own claim";
    /// A suppression comment names an unknown rule, gives no reason, cannot
    /// be applied where it stands, or starts with an unknown `evidence-` word.
    InvalidSuppression = "invalid-suppression", Error,
        "write `<!-- evidence-disable-next-line RULE-ID reason=\"why\" -->` on the line before the block (or `evidence-disable-line` at the end of its line, `evidence-disable` … `evidence-enable` around several, `evidence-disable-file` for the chapter), with ids from the rules table";
    /// In `remove` mode, more than `max-removed` claims were removed from
    /// the chapter, or a checked section was left without a claim.
    RemovalEscalation = "removal-escalation", Error,
        "cite evidence for the removed claims; the chapter cannot be published with this many gaps";
    /// A cited item's `source_span` or `quote_span` does not select, in its
    /// `content`, the text it quotes.
    SpanMismatch = "span-mismatch", Error,
        "fix the item's offsets (characters from 0, end exclusive) or its quoted text, so that the span of `content` is exactly the quote";
    /// A number in a claim appears in none of the passages (`cited_text`,
    /// `quote_span.text`, `snippet_span.text`) of the items it cites.
    NumberNotInEvidence = "number-not-in-evidence", Warn,
        "check the figure against the cited passage: correct it, or cite evidence whose passage states it";
    /// A number in a claim contradicts the figure a cited passage gives
    /// for the same quantity (same unit, same words around it).
    NumberContradictsEvidence = "number-contradicts-evidence", Error,
        "correct the figure to what the cited passage says, or cite the passage that states yours";
    /// A claim's cited passages hold less than `claim-overlap` percent of
    /// its content words: the citation may point at the wrong item.
    ClaimNotInEvidence = "claim-not-in-evidence", Warn,
        "check that the marker cites the item that says this: cite the right item, or store the passage that states it (the threshold is `claim-overlap`)";
    /// A claim of at least `claim-partial-min-words` content words whose
    /// cited passages, read whole, hold less than `claim-partial-overlap`
    /// percent of them: the passages may state only part of it.
    ClaimPartlyInEvidence = "claim-partly-in-evidence", Warn,
        "say only what the cited passage says, cite a second item for the rest, or store a passage that states all of it (the threshold is `claim-partial-overlap`)";
    /// A claim names a subject (a person, place, storm, organisation,
    /// work) that its cited passages do not, and they name another in its
    /// place: the citation may be about another subject.
    SubjectNotInEvidence = "subject-not-in-evidence", Warn,
        "cite the item about the subject the claim names, or correct the name if the claim has it wrong";
    /// Text a claim puts in quotation marks (three words or more, not a
    /// title) does not stand word for word in the passages it cites.
    QuoteNotInEvidence = "quote-not-in-evidence", Error,
        "quote the passage exactly (join pieces with `…`), or take the quotation marks off and paraphrase; if the passage is elsewhere, cite the item that holds it";
    /// A stored `support.v1` verdict says a cited passage does not support
    /// the claim.
    UnsupportedClaim = "unsupported-claim", Error,
        "correct the claim or cite evidence that supports it, then check it again; a wrong verdict is answered where it came from, not by silencing it: a model's by `verify` after the fix, a person's (`human:NAME`) by `mdbook-evidence review --at FILE:LINE:COL`";
    /// A stored verdict was given for another text of the claim or of the
    /// passage: it no longer says anything about this citation.
    StaleSupport = "stale-support", Warn,
        "check the citation again: `mdbook-evidence export-claims` lists it with its current keys";
    /// With `require-support = true`, a citation of a passage has no
    /// current verdict.
    MissingSupport = "missing-support", Error,
        "check the citation with your checker (`mdbook-evidence export-claims` lists what to check) and add its verdict to the support file";
    /// A preprocessor that runs before mdbook-evidence escaped the chapter's
    /// markers (`\[EVID:…\]`), which the chapter's file writes as markers:
    /// the chapter is not checked.
    EscapedMarkers = "escaped-markers", Error,
        "run evidence before the preprocessor that rewrites the markdown: add `before = [\"<its name>\"]` under [preprocessor.evidence] in book.toml";
    /// An entry of a References list written in the chapter (`[N]
    /// Publisher. "Title". URL`) does not describe the item citation N
    /// cites, or N cites nothing.
    UnverifiedReference = "unverified-reference", Error,
        "delete the written References list (the generated section lists what the chapter cites), or correct the entry to the item its number cites";
    /// `mdbook-evidence fetch` could not read the cited item's page (gone,
    /// blocked, unreachable, too large, of another type, refused): the
    /// claims citing it rest on an address and a title alone.
    SourceNotFetched = "source-not-fetched", Warn,
        "cite a page that can be read (another source, or an archived copy), quote the passage in the store yourself (`cited_text`), or run `mdbook-evidence fetch --retry` once the page is back (`--allow-host HOST` for a page refused for its host)";
    /// `fetch --recheck` found the cited item's page gone (404, 410) since
    /// it was fetched.
    SourceGone = "source-gone", Warn,
        "cite another page that says this, or an archived copy of this one; the stored text is what the claims were judged against";
    /// `fetch --recheck` found that a passage the claims citing the item
    /// rest on no longer stands on its page.
    SourceChanged = "source-changed", Warn,
        "read the page again: if the claim still holds, `mdbook-evidence fetch --all` stores the new text; if not, correct the claim or cite another source";
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
            let description = rule.description();
            assert!(
                description.ends_with('.') && !description.contains("  "),
                "{description}"
            );
        }
        assert_eq!(Rule::from_id("no-such-rule"), None);
    }
}
