//! What the interactive `review` asks a person about, riskiest first: a
//! claim a model found unsupported, then one a lexical rule flagged, then
//! one no checker has judged. A claim a person has judged already, or that
//! models found supported and no lexical rule flagged, is left out.

use crate::session::Session;
use crate::verify::budget;
use evidence_core::store::{SupportStatus, SupportVerdict};
use evidence_verify::units::Unit;
use mdbook_preprocessor::book::Book;

/// Why a claim needs a person, riskiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Why {
    /// A model's current verdict says its passages do not support it.
    Unsupported,
    /// A lexical rule flagged it on one of its items.
    Flagged,
    /// No verdict is current for its texts.
    Unjudged,
}

impl Why {
    /// How the screen says it.
    pub(crate) fn said(self) -> &'static str {
        match self {
            Why::Unsupported => "a model found it unsupported",
            Why::Flagged => "a lexical rule flagged it",
            Why::Unjudged => "no checker has judged it",
        }
    }
}

/// A model's current verdict on a claim, as the screen shows it.
#[derive(Debug, Clone)]
pub(crate) struct Said {
    /// `name version`.
    pub checker: String,
    pub supported: bool,
    pub score: f64,
    pub note: Option<String>,
}

/// A claim waiting for a person.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    pub unit: Unit,
    pub why: Why,
    /// The models' current verdicts on it (none when unjudged).
    pub said: Vec<Said>,
}

/// The claims of `units` that need a person, riskiest first (book order
/// within each kind).
pub(crate) fn pending(
    session: &Session,
    book: &Book,
    units: Vec<Unit>,
) -> anyhow::Result<Vec<Pending>> {
    let flagged = budget::flagged(session, book, &units);
    let mut out: Vec<Pending> = units
        .into_iter()
        .zip(flagged)
        .filter_map(|(unit, flagged)| {
            let said = current(session, &unit)?;
            let why = if said.iter().any(|s| !s.supported) {
                Why::Unsupported
            } else if flagged {
                Why::Flagged
            } else if said.is_empty() {
                Why::Unjudged
            } else {
                return None;
            };
            Some(Pending { unit, why, said })
        })
        .collect();
    out.sort_by_key(|p| p.why);
    Ok(out)
}

/// The models' current verdicts on `unit`; `None` when a person's is
/// current (the claim is decided).
fn current(session: &Session, unit: &Unit) -> Option<Vec<Said>> {
    let Some(first) = unit.ids().first().copied() else {
        return Some(Vec::new());
    };
    let status =
        session
            .store()
            .support()
            .status(&unit.chapter, &unit.claim_key, first, &unit.key, |_| true);
    let SupportStatus::Current(records) = status else {
        return Some(Vec::new());
    };
    if records.iter().any(|r| r.checker.is_person()) {
        return None;
    }
    Some(
        records
            .iter()
            .map(|r| Said {
                checker: format!("{} {}", r.checker.name, r.checker.version),
                supported: r.verdict == SupportVerdict::Supported,
                score: r.score,
                note: r.note.clone(),
            })
            .collect(),
    )
}
