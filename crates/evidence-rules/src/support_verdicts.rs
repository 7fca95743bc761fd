//! The rules that read stored verdicts of a support checker (`support.v1`)
//! for each citation of a passage: `unsupported-claim` where the current
//! verdict says the passage does not support the claim, `stale-support`
//! where the only verdict was given for another text of the claim or of
//! the passage, and, with `require-support = true`, `missing-support`
//! where there is no current verdict (a stale one is named in it).
//!
//! A citation here is a claim and one distinct item it cites through a
//! marker that resolves, when the item has a passage ([`item_passage`]):
//! the records `mdbook-evidence export-claims` writes. The claim a verdict
//! judges is the sentence its markers close, as the lexical rules judge
//! it ([`verdict_claims`]); a claim whose markers all close one sentence
//! is judged whole, as verdicts always keyed it. A claim citing several
//! items is judged on all their passages together: its verdict, keyed by
//! the set of passages ([`passages_key`]), applies to each of its
//! citations; without one, a verdict on the citation alone (as stored
//! before claims were judged whole) still does.

use crate::Resolved;
use crate::passages::claim_not_in_evidence::cited_items;
use crate::support::{
    checker, checker_key, missing_support, place, stale_support, unsupported_claim,
};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::{BlockId, ClaimId};
use evidence_core::rule::{Level, Rule};
use evidence_core::store::{Store, SupportStatus, SupportVerdict};
use evidence_core::store::{claim_key, item_passage, passage_key, passages_key};
use evidence_text::claims::Claim;
use evidence_text::support_units::{SupportUnit, support_units};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

/// A chapter's figures on the support of its citations.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct SupportFigures {
    /// Citations (a claim and one item it cites) whose item has a passage
    /// to check the claim against.
    pub citations_checked: usize,
    /// Claims flagged by `claim-not-in-evidence` (suppressed ones too).
    pub flagged_claims: usize,
    /// Citations with a current verdict.
    pub verdicts: usize,
    /// Citations whose current verdict says `unsupported`.
    pub unsupported: usize,
    /// Citations whose only verdict is stale.
    pub stale: usize,
    /// Citations with a current verdict, by checker (`name version`);
    /// left out of the JSON when no citation has one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub checkers: BTreeMap<String, usize>,
    /// Of those, the citations each checker found unsupported: for the
    /// chapter's disclosure, made from fresh figures (not reported).
    #[serde(skip)]
    pub unsupported_by: BTreeMap<String, usize>,
}

impl std::ops::AddAssign for SupportFigures {
    fn add_assign(&mut self, other: SupportFigures) {
        self.citations_checked += other.citations_checked;
        self.flagged_claims += other.flagged_claims;
        self.verdicts += other.verdicts;
        self.unsupported += other.unsupported;
        self.stale += other.stale;
        for (checker, count) in other.checkers {
            *self.checkers.entry(checker).or_default() += count;
        }
        for (checker, count) in other.unsupported_by {
            *self.unsupported_by.entry(checker).or_default() += count;
        }
    }
}

/// What the verdict rules found in a chapter.
#[derive(Debug, Default)]
pub(crate) struct VerdictFindings {
    /// Their findings, by claim.
    pub findings: Vec<(ClaimId, Finding)>,
    /// The chapter's figures (`flagged_claims` is left to the caller).
    pub(crate) figures: SupportFigures,
}

/// What each verdict judges, with the claim it belongs to: each sentence
/// of `units` (the support units of `claims`), except that a claim with
/// one unit is itself judged whole (its text is what verdicts on it were
/// always keyed by; the sentences before its cited one are its context).
pub(crate) fn verdict_claims<'a>(
    claims: &'a [Claim],
    units: &'a [SupportUnit],
) -> Vec<(ClaimId, &'a Claim)> {
    let mut out = Vec::with_capacity(units.len());
    for (at, unit) in units.iter().enumerate() {
        let alone = units
            .get(at + 1)
            .is_none_or(|next| next.claim != unit.claim)
            && (at == 0 || units[at - 1].claim != unit.claim);
        match claims.get(unit.claim.0) {
            Some(claim) if alone => out.push((unit.claim, claim)),
            _ => out.push((unit.claim, &unit.unit)),
        }
    }
    out
}

/// `verdict_claims` of a chapter's claims, owned (for `export-claims`
/// and `verify`, which have no support units at hand).
pub fn verdict_claims_of(
    scan: &evidence_core::markers::Scan,
    claims: &[Claim],
    unit: evidence_core::config::ClaimUnit,
) -> Vec<Claim> {
    let units = support_units(scan, claims, unit);
    verdict_claims(claims, &units)
        .into_iter()
        .map(|(_, claim)| claim.clone())
        .collect()
}

/// Applies the verdict rules to the citations of `claims`, the claims of
/// the chapter `chapter` (its key: the path relative to `src/`), as
/// [`verdict_claims`] cuts them. `resolved[i]` is the resolution of
/// marker `i` of the chapter.
pub(crate) fn verdict_findings(
    chapter: &str,
    claims: &[Claim],
    units: &[SupportUnit],
    resolved: &[Option<Resolved<'_>>],
    store: &Store,
    config: &Config,
) -> VerdictFindings {
    let judged = verdict_claims(claims, units);
    let support = store.support();
    let mut out = VerdictFindings::default();
    let options = missing_support::Options::of(config);
    let read = !support.is_empty() || options.require_support;
    let claim_keys: Vec<Option<String>> = judged
        .iter()
        .map(|(_, c)| read.then(|| claim_key(&c.text)))
        .collect();
    let in_chapter: HashSet<&str> = claim_keys.iter().flatten().map(String::as_str).collect();
    // Each item's passage key, once per chapter.
    let mut passage_keys: HashMap<&str, Option<String>> = HashMap::new();
    for (c, &(owner, claim)) in judged.iter().enumerate() {
        let mut cited: Vec<(&str, String)> = Vec::new();
        for item in cited_items(claim, resolved) {
            let key = passage_keys.entry(item.id).or_insert_with(|| {
                item_passage(item.item).map(|p| if read { passage_key(&p) } else { String::new() })
            });
            if let Some(passage) = key.as_deref() {
                cited.push((item.id, passage.to_owned()));
            }
        }
        out.figures.citations_checked += cited.len();
        let Some(claim_key) = claim_keys[c].as_deref() else {
            continue;
        };
        let keys: Vec<&str> = cited.iter().map(|(_, k)| k.as_str()).collect();
        let together = (cited.len() > 1).then(|| passages_key(&keys));
        // A verdict on all the passages together is given once per claim.
        let mut told = false;
        for (id, passage) in &cited {
            let mut status = SupportStatus::Missing;
            if let Some(together) = &together {
                status =
                    support.status(chapter, claim_key, id, together, |k| in_chapter.contains(k));
            }
            if !matches!(status, SupportStatus::Current(_)) {
                status =
                    support.status(chapter, claim_key, id, passage, |k| in_chapter.contains(k));
            }
            let whole = matches!(&status, SupportStatus::Current(v) if v.iter().any(|r| r.evidence_ids.len() > 1));
            let finding = judge_citation(status, id, &options, &mut out.figures);
            if whole && std::mem::replace(&mut told, true) {
                continue;
            }
            if let Some((rule, message)) = finding
                && config.level(rule) != Level::Off
            {
                let evidence_ids = if whole {
                    cited.iter().map(|(id, _)| (*id).to_owned()).collect()
                } else {
                    vec![(*id).to_owned()]
                };
                out.findings.push((
                    owner,
                    Finding {
                        rule,
                        message,
                        span: claim.span.clone(),
                        block: Some(BlockId(claim.block)),
                        evidence_ids,
                        excerpt: Some(claim.excerpt(8)),
                    },
                ));
            }
        }
    }
    out
}

/// The finding, if any, that the verdicts of one citation (of item `id`)
/// call for, counted in `figures`.
fn judge_citation(
    status: SupportStatus<'_>,
    id: &str,
    options: &missing_support::Options,
    figures: &mut SupportFigures,
) -> Option<(Rule, String)> {
    let (stale, what) = match status {
        SupportStatus::Current(verdicts) => {
            figures.verdicts += 1;
            let mut named: Vec<String> = verdicts.iter().map(|r| checker_key(r)).collect();
            named.sort();
            named.dedup();
            for name in named {
                let against = verdicts
                    .iter()
                    .any(|r| r.verdict == SupportVerdict::Unsupported && checker_key(r) == name);
                if against {
                    *figures.unsupported_by.entry(name.clone()).or_default() += 1;
                }
                *figures.checkers.entry(name).or_default() += 1;
            }
            let against = verdicts
                .iter()
                .find(|r| r.verdict == SupportVerdict::Unsupported)?;
            figures.unsupported += 1;
            return Some(unsupported_claim::violation(against, id));
        }
        SupportStatus::StalePassage(old) => (old, "the item's passage".to_owned()),
        SupportStatus::StaleClaim(old) => (
            old,
            match &old.claim {
                Some(text) => format!("the claim ({})", quoted(text)),
                None => "a claim this chapter no longer has".to_owned(),
            },
        ),
        SupportStatus::Missing => {
            return options
                .require_support
                .then(|| missing_support::no_verdict(id));
        }
    };
    figures.stale += 1;
    let verdict = format!(
        "{} ({}, {})",
        checker(stale),
        stale.verdict.as_str(),
        place(stale)
    );
    Some(if options.require_support {
        missing_support::stale_verdict(id, &verdict, &what)
    } else {
        stale_support::violation(id, &verdict, &what)
    })
}

/// The first words of a claim, quoted.
fn quoted(text: &str) -> String {
    const WORDS: usize = 12;
    let mut words = text.split_whitespace();
    let mut out = words.by_ref().take(WORDS).collect::<Vec<_>>().join(" ");
    if words.next().is_some() {
        out.push('…');
    }
    evidence_core::escape::quoted(&out)
}
