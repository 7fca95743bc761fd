//! Provenance: the facts of how a chapter was made and checked, for the
//! disclosure on its page (rendered by `render::disclosure`), and the
//! manifest of a whole book that an auditor checks a published site
//! against ([`manifest`], [`audit`], signed with [`sshsig`]).
//!
//! A chapter's facts come from three places: the import record at its
//! end (`record`: which model and API drafted it, and when), the stored
//! verdicts (how many of its citations a model or a person checked), and
//! the review declared in `[preprocessor.evidence.disclosure]` of
//! book.toml (or, failing that, the people whose verdicts `review` stored).

/// `audit`: a book or a site compared with a manifest.
pub mod audit;
/// The `manifest` and `audit` commands.
pub mod command;
/// `manifest`: what was checked, as deterministic JSON.
pub mod manifest;
/// The importer's record ending an imported chapter: written and read.
pub(crate) mod record;
/// SSHSIG signatures of a manifest.
pub mod sshsig;

pub(crate) use record::import_record_range;

use crate::config::Disclosure;
use crate::rules::SupportFigures;
use crate::store::Store;
use crate::syntax::DISCLOSURE_COMMENT;
use std::collections::BTreeSet;

/// The class of the disclosure's sentence in HTML.
pub(crate) const DISCLOSURE_CLASS: &str = "evidence-disclosure";

/// What the import record says drafted a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drafting {
    /// The model, as the response names it (`None`: it names none, or the
    /// record is from a version that did not record it).
    pub model: Option<String>,
    /// The vendor and API, e.g. `Anthropic Messages API`.
    pub vendor: Option<String>,
    /// The day (`YYYY-MM-DD`).
    pub date: Option<String>,
    /// The response's file name.
    pub response: String,
}

/// A person's review of a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// Who reviewed it.
    pub by: Vec<String>,
    /// When (the latest), if known.
    pub at: Option<String>,
}

/// The facts a chapter's disclosure states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChapterFacts {
    /// What drafted it, when an import did.
    pub drafted: Option<Drafting>,
    /// Its citations of a passage (what a checker can judge).
    pub citations: usize,
    /// Of those, how many a model's current verdict judges.
    pub model_checked: usize,
    /// … and a person's.
    pub person_checked: usize,
    /// The models that judged them (`name version`), sorted.
    pub checkers: Vec<String>,
    /// Who reviewed it, declared or from a person's verdicts.
    pub review: Option<Review>,
}

/// What the import record of `text` says drafted it.
pub fn drafting(text: &str) -> Option<Drafting> {
    let (record, _) = record::read_import_record(text)?;
    let mut drafting = Drafting {
        model: None,
        vendor: None,
        date: None,
        response: record.response,
    };
    // `<model> (<vendor and API>) on <date>`, the model `-` when unknown.
    if let Some(drafted) = record.drafted.as_deref() {
        let (model, rest) = drafted.split_once(" (").unwrap_or((drafted, ""));
        let (vendor, date) = rest.rsplit_once(") on ").unwrap_or((rest, ""));
        let some = |s: &str| (!s.is_empty() && s != "-").then(|| s.to_owned());
        drafting.model = some(model);
        drafting.vendor = some(vendor);
        drafting.date = some(date);
    }
    Some(drafting)
}

/// Whether a rendered chapter already carries a disclosure (a second run
/// over the output adds none).
pub(crate) fn has_disclosure(text: &str) -> bool {
    text.lines()
        .any(|line| line.starts_with(DISCLOSURE_COMMENT))
}

/// The facts of the chapter keyed `key` (its path relative to `src/`)
/// whose text is `text` and whose verdicts add up to `support`; `None`
/// when the configuration says the chapter discloses nothing.
pub fn chapter_facts(
    key: &str,
    text: &str,
    support: &SupportFigures,
    store: &Store,
    disclosure: &Disclosure,
) -> Option<ChapterFacts> {
    if !disclosure.enabled || has_disclosure(text) {
        return None;
    }
    let drafted = drafting(text);
    if drafted.is_none() && !disclosure.hand_written {
        return None;
    }
    let mut model_checked = 0;
    let mut person_checked = 0;
    let mut checkers = Vec::new();
    for (checker, count) in &support.checkers {
        if checker.starts_with("human:") {
            person_checked += count;
        } else {
            model_checked += count;
            checkers.push(checker.clone());
        }
    }
    Some(ChapterFacts {
        drafted,
        citations: support.citations_checked,
        model_checked,
        person_checked,
        checkers,
        review: review_of(key, store, disclosure),
    })
}

/// The review of a chapter: declared in book.toml, else the people whose
/// verdicts (`review`) on its claims are stored, with the latest date.
fn review_of(key: &str, store: &Store, disclosure: &Disclosure) -> Option<Review> {
    let declared = disclosure.declared_review(key);
    if let Some(by) = declared
        .reviewed_by
        .as_deref()
        .filter(|b| !b.trim().is_empty())
    {
        return Some(Review {
            by: vec![by.trim().to_owned()],
            at: declared.reviewed_at.as_deref().map(day_of),
        });
    }
    let mut people = BTreeSet::new();
    let mut latest: Option<&str> = None;
    for record in store.support().records() {
        if record.chapter.as_deref() != Some(key) {
            continue;
        }
        let Some(name) = record.checker.name.strip_prefix("human:") else {
            continue;
        };
        people.insert(name.trim().to_owned());
        if let Some(at) = record.checked_at.as_deref()
            && latest.is_none_or(|l| at > l)
        {
            latest = Some(at);
        }
    }
    (!people.is_empty()).then(|| Review {
        by: people.into_iter().collect(),
        at: latest.map(day_of),
    })
}

/// The day of a date or an RFC 3339 time (`2026-08-01T09:00:00Z` →
/// `2026-08-01`).
fn day_of(at: &str) -> String {
    at.get(..10)
        .filter(|day| day.parse::<jiff::civil::Date>().is_ok())
        .unwrap_or(at)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_says_what_drafted_the_chapter() {
        let text = "# T\n\nText [1].\n\n<!-- mdbook-evidence import of q.json: chapter sha256:ab, fragment ../e/q.json sha256:cd, drafted by claude-x (Anthropic Messages API) on 2026-08-02 -->\n";
        let d = drafting(text).unwrap();
        assert_eq!(d.model.as_deref(), Some("claude-x"));
        assert_eq!(d.vendor.as_deref(), Some("Anthropic Messages API"));
        assert_eq!(d.date.as_deref(), Some("2026-08-02"));
        let old = "Text.\n\n<!-- mdbook-evidence import of q.json: chapter sha256:ab, fragment f.json sha256:cd -->\n";
        let d = drafting(old).unwrap();
        assert_eq!((d.model, d.vendor, d.date), (None, None, None));
        assert!(
            drafting("```\n<!-- mdbook-evidence import of a.json: chapter sha256:ab -->\n")
                .is_none()
        );
        assert_eq!(day_of("2026-08-01T09:00:00Z"), "2026-08-01");
    }
}
