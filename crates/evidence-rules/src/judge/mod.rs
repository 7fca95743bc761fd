//! The judge: applies every rule to one scanned chapter and decides what
//! the build does with it (publish, remove claims, downgrade, fail).
//!
//! Pure: it reads the scan, the store and the config, and returns a
//! [`Judgement`] that the renderer turns into edits.

mod chapter_findings;
mod claim_errors;
mod claim_findings;
mod evidence_findings;
mod published;
mod removal;
mod resolve_markers;
mod suppression;
mod verdict;

use self::chapter_findings::chapter_findings;
use self::claim_errors::ClaimErrors;
use self::claim_findings::{claim_findings, fold_into_marker_findings};
use self::evidence_findings::{item_findings, passage_findings};
use self::published::{Published, markers_taken_out};
use self::removal::{Removals, escalation, judged};
use self::resolve_markers::{CitedItems, resolve_markers};
use self::suppression::Suppressions;
use self::verdict::{Facts, Outcome, outcome, set_printed_severities};
use crate::Resolved;
use crate::claims::numeric_claim::BlockNumbers;
use crate::diversity::DiversityStats;
use crate::memo::Analyses;
use crate::support_verdicts::SupportFigures;
use evidence_core::config::{Config, Mode};
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::ids::ClaimId;
use evidence_core::ids::MarkerId;
use evidence_core::markers::Scan;
use evidence_core::rule::Level;
use evidence_core::rule::Severity;
use evidence_core::store::{CitationList, Store};
use evidence_text::claims::{Claim, claims};
use evidence_text::support_units::support_units;
use serde::Serialize;

/// What the build does with a chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Published as written (perhaps with warnings).
    Published,
    /// Published with failing claims removed (`remove` mode).
    RemovedClaims,
    /// Published under the Unverified Summary banner.
    Downgraded,
    /// The build stops.
    Failed,
}

/// A finding with what the build made of it.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The finding.
    pub finding: Finding,
    /// Its configured level (never `Off`: those are dropped).
    pub level: Level,
    /// Its severity in this build's output.
    pub severity: Severity,
    /// Whether `remove` mode took the claim or marker out.
    pub removed: bool,
}

/// A conflicting-evidence note to insert.
#[derive(Debug, Clone)]
pub struct Conflict<'s> {
    /// The two items, in order of first citation.
    pub items: [Resolved<'s>; 2],
    /// How their passages disagree; `None` when the store declares it
    /// (`contradicts`).
    pub kind: Option<evidence_text::disagreement::Kind>,
    /// The block after whose top-level block the note goes, if any.
    pub block: Option<BlockId>,
}

/// Everything the judge decided about a chapter.
#[derive(Debug)]
pub struct Judgement<'s> {
    /// The resolution of each marker of the scan, by [`MarkerId`].
    pub resolved: Vec<Option<Resolved<'s>>>,
    /// The claims checked, by [`ClaimId`].
    pub claims: Vec<Claim>,
    /// Every finding, in document order.
    pub findings: Vec<Judged>,
    /// Findings silenced by a suppression comment, with
    /// its reason.
    pub suppressed: Vec<(Finding, String)>,
    /// Claims removed in `remove` mode, with their replacement phrase.
    pub removed_claims: Vec<(ClaimId, &'static str)>,
    /// Markers taken out of claims in `remove` mode, in document order.
    pub removed_markers: Vec<MarkerId>,
    /// Pairs of cited items that contradict each other.
    pub conflicts: Vec<Conflict<'s>>,
    /// Confidence labels of grounded claims.
    pub labels: Vec<(ClaimId, &'static str)>,
    /// In `downgrade` mode, when the chapter is downgraded: each claim
    /// with a finding at level `error` attached (about it or one of its
    /// markers), with the finding's message (why it is unverified), in
    /// claim order.
    pub unverified_claims: Vec<(ClaimId, String)>,
    /// Diversity of the cited evidence.
    pub diversity: DiversityStats,
    /// Claims with at least one resolving marker.
    pub grounded: usize,
    /// Support figures: citations checked, claims flagged, verdicts.
    pub support: SupportFigures,
    /// What the quality metrics are computed from.
    pub quality: crate::QualityInputs,
    /// Findings at level `error`.
    pub errors: usize,
    /// Whether the chapter gets the banner.
    pub downgrade: bool,
    /// What the build does with the chapter.
    pub verdict: Verdict,
    /// Whether the chapter was judged: checked, and none of its markers
    /// escaped by a preprocessor before this one (`escaped-markers`).
    pub checked: bool,
}

impl Judgement<'_> {
    /// The claim `id` names.
    pub fn claim(&self, id: ClaimId) -> &Claim {
        &self.claims[id.0]
    }
}

/// A chapter to judge, and what the chapters of a build share.
#[derive(Clone, Copy)]
pub struct JudgeInput<'a, 's> {
    /// The chapter's key: its path relative to `src/`, as the store's
    /// `chapters` map and support verdicts name it.
    pub key: &'a str,
    /// The chapter's text, as scanned.
    pub text: &'a str,
    /// Its scan.
    pub scan: &'a Scan,
    /// The evidence store.
    pub store: &'s Store,
    /// The chapter's citation list, if it has one.
    pub list: Option<&'s CitationList>,
    /// The book's configuration.
    pub config: &'a Config,
    /// False for excluded chapters, which are rendered but never judged.
    pub checked: bool,
    /// The analyses of the store's items, made once per build
    /// ([`Analyses::for_store`]) and shared by every chapter.
    pub analyses: &'a Analyses,
    /// The chapter as its author wrote it (`escaped-markers`), or
    /// [`NoSource`](super::NoSource).
    pub source: &'a dyn crate::ChapterSource,
}

/// [`judge_chapter`] on a chapter alone, with analyses of its own: for
/// judging one chapter (a build shares one [`Analyses`] across chapters,
/// so that each item is read once).
pub fn judge<'s>(
    chapter_key: &str,
    text: &str,
    scan: &Scan,
    store: &'s Store,
    list: Option<&'s CitationList>,
    config: &Config,
    checked: bool,
) -> Judgement<'s> {
    judge_chapter(&JudgeInput {
        key: chapter_key,
        text,
        scan,
        store,
        list,
        config,
        checked,
        analyses: &Analyses::for_store(store),
        source: &crate::NoSource,
    })
}

/// Judges a chapter ([`JudgeInput`]).
///
/// The phases, in order: resolve the markers; apply the claim, item,
/// passage and chapter rules (their findings kept in that order, which
/// breaks ties when findings share a position and rule; in `remove` mode
/// the claim and passage rules read the claims without the markers it
/// takes out, as the next run reads the page); check the
/// suppression comments and take out what they silence; decide what
/// `remove` mode takes out, and whether that needs escalating; set the
/// printed severities and the verdict.
pub fn judge_chapter<'s>(input: &JudgeInput<'_, 's>) -> Judgement<'s> {
    let JudgeInput {
        text,
        scan,
        config,
        checked,
        source,
        ..
    } = *input;
    // Markers a preprocessor before this one escaped: one finding, and the
    // chapter (not the text its author wrote) is not judged.
    let escapes =
        crate::markers::escaped_markers::chapter_escapes(text, scan, config, checked, source);
    let mut judgement = judge_text(input, checked && escapes.is_none());
    if let Some(escapes) = escapes {
        add_escaped_markers(&mut judgement, text, &escapes, source, config);
    }
    judgement
}

/// [`judge_chapter`]'s phases, on a chapter judged as `checked` (or not).
fn judge_text<'s>(input: &JudgeInput<'_, 's>, checked: bool) -> Judgement<'s> {
    let &JudgeInput {
        scan,
        store,
        list,
        config,
        analyses,
        ..
    } = input;
    let markers = resolve_markers(scan, store, list, config);
    let resolved = markers.resolved;
    let claims = claims(
        scan,
        config.claims,
        &config.sections,
        config.claim_min_words,
    );
    let units = support_units(scan, &claims, config.claims);
    let (suppressions, invalid_suppressions) = Suppressions::check(scan);
    let remove = config.mode == Mode::Remove && checked;
    let taken_out = markers_taken_out(remove, &markers.findings, &suppressions, config);
    // The claim and passage rules judge the claims as the page will cite
    // them; what fails and what goes is decided on the chapter's.
    let published = Published::new(scan, &claims, &units, &taken_out, config.claims);
    let cited = CitedItems::new(&resolved);
    let numbers = BlockNumbers::new(scan);
    let claim_checks = claim_findings(
        &published.claims,
        &resolved,
        &cited,
        store,
        list,
        &numbers,
        config,
    );
    let chapter = chapter_findings(scan, &cited, &claims, &resolved, analyses, config);
    let mut candidates: Vec<(Finding, FindingSubject)> = markers.findings;
    candidates.extend(claim_checks.findings);
    candidates.extend(item_findings(scan, &cited));
    let passages = passage_findings(&published.passage_input(input, &resolved, &numbers), config);
    candidates.extend(passages.findings);
    candidates.extend(chapter.findings);
    candidates.extend(
        crate::markers::unverified_reference::findings(scan, &cited.items, store, list, config)
            .into_iter()
            .map(|finding| (finding, FindingSubject::Other)),
    );
    let quality_input = crate::quality::Judged {
        detected: &detected_pairs(&chapter.conflicts),
        claims: &claims,
        units: &units,
        resolved: &resolved,
        items: &cited.items,
        cited_claims: claim_checks.grounded,
        support: &passages.support,
    };
    let quality = if checked {
        crate::quality::inputs(&quality_input)
    } else {
        crate::QualityInputs::default()
    };
    candidates.extend(quality_findings(&quality, scan, config));
    candidates.extend(invalid_suppressions);
    let mut support = passages.support;
    if !checked {
        candidates.clear();
        support = SupportFigures::default();
    }
    let suppressed = suppressions.apply(&mut candidates);
    // Before the fold, which drops the `ungrounded-claim` finding of a
    // claim whose markers are reported, though the claim still fails.
    let claim_errors = ClaimErrors::find(&candidates, &claims, config);
    fold_into_marker_findings(&mut candidates, &claims, config);
    candidates.sort_by_key(|(f, _)| (f.span.start, f.rule));

    let removals = if remove {
        Removals::decide(&claims, &claim_errors.failures, &taken_out)
    } else {
        Removals::default()
    };
    let mut unverified_claims = if config.mode == Mode::Downgrade {
        claim_errors.unverified
    } else {
        Vec::new()
    };
    let mut findings = judged(candidates, &removals, config);
    let errors = findings.iter().filter(|j| j.level == Level::Error).count();
    let escalation = remove
        .then(|| escalation(&removals, &claims, scan, &findings, config))
        .flatten();
    // A warning says the chapter lost too much; only an error escalates
    // (stops the build, or downgrades it).
    let escalated = escalation.as_ref().is_some_and(|e| e.level == Level::Error);
    findings.extend(escalation);

    set_printed_severities(&mut findings, escalated, config);
    let facts = Facts {
        errors,
        escalated,
        removed_any: !removals.is_empty(),
        has_banner: scan.has_banner,
    };
    let Outcome { downgrade, verdict } = outcome(&facts, config);
    if !downgrade {
        unverified_claims.clear();
    }
    let mut labels = claim_checks.labels;
    labels.retain(|(c, _)| !removals.has_claim(*c));
    Judgement {
        resolved,
        claims,
        findings,
        suppressed,
        removed_claims: removals.claims,
        removed_markers: removals.markers,
        conflicts: chapter.conflicts,
        labels,
        unverified_claims,
        diversity: chapter.diversity,
        grounded: claim_checks.grounded,
        support,
        quality,
        errors,
        downgrade,
        verdict,
        checked,
    }
}

/// The `escaped-markers` finding, last, after the verdict (which it does
/// not change): counted as an error when it is one.
fn add_escaped_markers(
    judgement: &mut Judgement<'_>,
    text: &str,
    escapes: &crate::markers::escaped_markers::NeighbourEscapes,
    source: &dyn crate::ChapterSource,
    config: &Config,
) {
    let finding = crate::markers::escaped_markers::finding(text, escapes, source.neighbours());
    let level = config.level(finding.rule);
    if let Some(severity) = level.severity() {
        judgement.errors += usize::from(level == Level::Error);
        judgement.findings.push(Judged {
            finding,
            level,
            severity,
            removed: false,
        });
    }
}

/// The pairs of items the disagreement detector found in conflict.
fn detected_pairs<'s>(conflicts: &[Conflict<'s>]) -> Vec<[&'s str; 2]> {
    conflicts
        .iter()
        .filter(|c| c.kind.is_some())
        .map(|c| [c.items[0].id, c.items[1].id])
        .collect()
}

/// A finding at the chapter's first heading for each quality target the
/// chapter misses.
fn quality_findings(
    quality: &crate::QualityInputs,
    scan: &Scan,
    config: &Config,
) -> Vec<(Finding, FindingSubject)> {
    let span = chapter_findings::chapter_span(scan);
    crate::quality::target_violations(quality, config)
        .into_iter()
        .map(|(rule, message)| {
            let finding = chapter_findings::chapter_finding(rule, message, span.clone());
            (finding, FindingSubject::Other)
        })
        .collect()
}

/// What a finding is about, so that `remove` mode knows what to take out
/// (not to be confused with [`evidence_core::store::Origin`], where a citation
/// list comes from).
#[derive(Debug, Clone, Copy)]
enum FindingSubject {
    /// A marker that does not resolve.
    Marker(MarkerId),
    /// A claim.
    Claim(ClaimId),
    /// An item or the whole chapter.
    Other,
}

#[cfg(test)]
mod tests;
