//! The provenance facts of a chapter that its disclosure shows (rendered
//! by `super::disclosure`). A chapter's facts come from three places:
//! the import record at its end ([`evidence_core::import_record`]: which model and
//! API drafted it, and when), the stored verdicts (how many of its
//! citations a model or a person checked), and the review declared in
//! `[preprocessor.evidence.disclosure]` of book.toml (or, failing that, the
//! people whose verdicts `review` stored). They live with the renderer,
//! which shows them; the provenance commands only re-export them.

use evidence_core::config::Disclosure;
use evidence_core::import_record as record;
use evidence_core::store::Store;
use evidence_core::syntax::{DISCLOSURE_COMMENT, IMPORT_RECORD_IMPORTED_ON};
use evidence_rules::SupportFigures;

/// The class of the disclosure's sentence in HTML.
pub(crate) const DISCLOSURE_CLASS: &str = "evidence-disclosure";

/// What the import record says drafted a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drafting {
    /// The model, as the response names it (`None`: it names none, or the
    /// record is from a version that did not record it).
    pub(crate) model: Option<String>,
    /// The vendor and API, e.g. `Anthropic Messages API`.
    pub(crate) vendor: Option<String>,
    /// The day (`YYYY-MM-DD`): the response's own, or, when
    /// `imported` is set, the day of the import.
    pub(crate) date: Option<String>,
    /// The response gave no date: `date` is the day of the import, not
    /// of the drafting.
    pub(crate) imported: bool,
    /// The response's file name.
    pub(crate) response: String,
}

/// A person's review of a chapter: declared in book.toml, or every
/// citation of a passage judged by a person (`review`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// Who reviewed it.
    pub(crate) by: Vec<String>,
    /// When (the latest), if known.
    pub(crate) at: Option<String>,
}

/// The facts a chapter's disclosure states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChapterFacts {
    /// What drafted it, when an import did.
    pub(crate) drafted: Option<Drafting>,
    /// Its citations: the markers that resolve to an item.
    pub(crate) citations: usize,
    /// Of those, how many a model's current verdict judges.
    pub(crate) model_checked: usize,
    /// … of which the models found unsupported.
    pub(crate) model_unsupported: usize,
    /// How many a person's current verdict judges.
    pub(crate) person_checked: usize,
    /// … of which the people found unsupported.
    pub(crate) person_unsupported: usize,
    /// The models that judged them (`name version`), sorted.
    pub(crate) checkers: Vec<String>,
    /// The people whose verdicts judge them, sorted.
    pub(crate) people: Vec<String>,
    /// Who reviewed it: declared, or the people when their verdicts judge
    /// every citation of a passage.
    pub(crate) review: Option<Review>,
}

/// What the import record of `text` says drafted it.
pub fn drafting(text: &str) -> Option<Drafting> {
    let (record, _) = record::read_import_record(text)?;
    let mut drafting = Drafting {
        model: None,
        vendor: None,
        date: None,
        imported: false,
        response: record.response,
    };
    // `<model> (<vendor and API>) on <date>`, or `…), imported on
    // <date>` when the response gave none; the model `-` when unknown.
    if let Some(drafted) = record.drafted.as_deref() {
        let (model, rest) = drafted.split_once(" (").unwrap_or((drafted, ""));
        let imported_on = format!("){IMPORT_RECORD_IMPORTED_ON} ");
        let (vendor, date) = match rest.rsplit_once(imported_on.as_str()) {
            Some(split) => {
                drafting.imported = true;
                split
            }
            None => rest.rsplit_once(") on ").unwrap_or((rest, "")),
        };
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
/// whose text is `text`, whose markers resolve `citations` times and whose
/// verdicts add up to `support`; `None` when the configuration says the
/// chapter discloses nothing.
pub fn chapter_facts(
    key: &str,
    text: &str,
    citations: usize,
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
    let (mut person_checked, mut person_unsupported) = (0, 0);
    let mut checkers = Vec::new();
    let mut people = Vec::new();
    for (checker, count) in &support.checkers {
        let against = support.unsupported_by.get(checker).copied().unwrap_or(0);
        match checker.strip_prefix("human:") {
            Some(name) => {
                person_checked += count;
                person_unsupported += against;
                people.push(name.trim().to_owned());
            }
            None => checkers.push(checker.clone()),
        }
    }
    // A citation two people (or two models) judged counts once.
    let judged = support.verdicts;
    let person_checked = person_checked.min(judged);
    let person_unsupported = person_unsupported.min(person_checked);
    let model_checked = judged - person_checked;
    let model_unsupported = support
        .unsupported
        .saturating_sub(person_unsupported)
        .min(model_checked);
    // Every citation of a passage judged by a person: they reviewed it.
    let whole = support.citations_checked > 0 && person_checked >= support.citations_checked;
    let review = declared_review(key, disclosure).or_else(|| {
        whole.then(|| Review {
            by: people.clone(),
            at: latest_verdict(key, store),
        })
    });
    Some(ChapterFacts {
        drafted,
        citations: citations.max(support.citations_checked),
        model_checked,
        model_unsupported,
        person_checked,
        person_unsupported,
        checkers,
        people,
        review,
    })
}

/// The review of a chapter declared in book.toml (for the book or the
/// chapter).
fn declared_review(key: &str, disclosure: &Disclosure) -> Option<Review> {
    let declared = disclosure.declared_review(key);
    let by = declared
        .reviewed_by
        .as_deref()
        .filter(|b| !b.trim().is_empty())?;
    Some(Review {
        by: vec![by.trim().to_owned()],
        at: declared.reviewed_at.as_deref().map(day_of),
    })
}

/// The day of the latest verdict a person stored on the chapter keyed
/// `key`.
fn latest_verdict(key: &str, store: &Store) -> Option<String> {
    store
        .support()
        .records()
        .iter()
        .filter(|r| r.chapter.as_deref() == Some(key) && r.checker.is_person())
        .filter_map(|r| r.checked_at.as_deref())
        .max()
        .map(day_of)
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
        let undated = "T [1].\n\n<!-- mdbook-evidence import of q.json: chapter sha256:ab, fragment f.json sha256:cd, drafted by - (Gemini generateContent response), imported on 2026-11-29 -->\n";
        let d = drafting(undated).unwrap();
        assert_eq!(d.vendor.as_deref(), Some("Gemini generateContent response"));
        assert_eq!((d.date.as_deref(), d.imported), (Some("2026-11-29"), true));
        assert!(!drafting(text).unwrap().imported);
    }
}
