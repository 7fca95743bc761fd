//! `subject-not-in-evidence`: a claim naming one subject cites a passage
//! that names another in its place — Hurricane *Idalia* citing the page of
//! Hurricane *Ida*, a company's results in *Austria* citing a passage on
//! *Germany*. The topic words are all there, so word overlap lets it
//! pass.
//!
//! A claim's names are its runs of capitalised words (a lone word opening
//! a sentence is not one; `of`, `de`, `van`… join a run), without
//! function words, class words (`Hurricane`, `University`, `River`…),
//! months, and tokens holding digits or dotted initials (`Q3`, `U.S.`). A
//! name is found in an item when one of its words is among the words of
//! the item's passages, title or publisher (letters folded: case,
//! accents, a possessive, a plural `s` whose singular is a word there), a
//! capitalised word sharing its first five letters (`Germany`/`German`),
//! or when the name's initials are a word
//! there (`FEMA`), or the name is initials of a run of capitalised words
//! there. A missing name alone is not reported: passages often leave a
//! name out that a claim may state. It is reported when the passage names
//! something else *in the same place*: a capitalised word of the passage,
//! not in the claim, after the same word or before the same word as the
//! claim's name (`Hurricane Ida made landfall` for `Hurricane Idalia made
//! landfall`; a word set off by a comma in the claim only where the
//! passage's is not joined to it by spaces alone) — or one the claim names elsewhere, where a
//! phrase of the claim's places it (`'Blackpink in Your Area'` for `'Mind
//! in Your Area' … by Blackpink`) — or beside the name's own class word
//! (`St Mirren` for `St Thicket`), or said to be what the claim says its
//! name is (`Renegades is the fourth studio album` for `their fourth
//! studio album, "Silver"`), or around the claim's words (`context.rs`),
//! or when the passages are about another name the claim never states
//! (`subject.rs`). A contraction in the slot (`Boulevard` for `Blvd`, or
//! the other way), or a word whose letters two capitals are in order
//! (`California` for `CA`), is the name written short, not a rival.

use crate::meta::{RuleMeta, guide_page};

/// What `subject-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SubjectNotInEvidence,
    help: "cite the item about the subject the claim names, or correct the name if the claim has it wrong",
    doc: &[
        "A claim names a subject (a person, place, storm, organisation,",
        "work) that its cited passages do not, and they name another in its",
        "place: the citation may be about another subject.",
    ],
    guide_page: guide_page!("subject-not-in-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

mod context;
mod parts;
mod restated;
mod slot;
mod subject;

use self::parts::{held_word, lone_disagreement, named_in_context, swapped_part};
use self::restated::{
    abbreviated, defines_initials, follows_held, names_what_precedes, short_in_capitals,
    written_short,
};
use self::slot::{
    Placing, beside_the_same_class, class_words_around, defined_alike, initials_amid_words,
    placed_by_a_phrase, same_form, same_slot, set_off_between, written_as_a_name,
};
use self::subject::subject_rival;
use crate::Resolved;
use crate::memo::Analyses;
use crate::passages::claim_not_in_evidence::judged_items_into;
use evidence_core::finding::Finding;
use evidence_core::ids::{BlockId, ClaimId};
use evidence_core::rule::Rule;
use evidence_text::claims::Claim;
use evidence_text::names::lexicon::{
    FUNCTION_WORDS, MONTHS_AND_DAYS, is_class_word, is_in, tells_no_name,
};
use evidence_text::names::noun_capitals::{
    capitalises_nouns, marked_as_name, two_capitals_in_a_row,
};
use evidence_text::names::places;
use evidence_text::names::search::capital_after_first;
use evidence_text::names::vocabulary::{ItemVocabulary, ItemWords, in_capitals};
use evidence_text::names::{
    Name, Word, capitals, fold, fold_into, is_acronym, names, opens_sentence, words, words_of,
};
use evidence_text::support_units::SupportUnit;
use std::collections::HashSet;

/// Whether a claim names something: a name as this rule reads names
/// (`Jerome Powell`, `Bank of Japan`), or any capitalised word that does
/// not open a sentence (`the Fed`, `in June`). A claim that names nothing
/// and states no figure may be framing text, which the `ungrounded-claim`
/// message then says how to mark.
pub(crate) fn names_a_subject(text: &str) -> bool {
    let words = words_of(text);
    !names(text, &words).is_empty()
        || words.iter().any(|w| {
            w.capital && !opens_sentence(text, w.at.start) && !is_in(FUNCTION_WORDS, &w.folded)
        })
}

/// Whether a claim may name something: a capital after its first
/// character, or a first word that is not a function, class or calendar
/// word (`Microsoft reported`, not `The report`). Most claims do not.
fn may_name_something(claim: &str) -> bool {
    if capital_after_first(claim) {
        return true;
    }
    let first = claim
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    first.chars().count() >= 3 && first.chars().next().is_some_and(char::is_uppercase) && {
        !tells_no_name(&fold(first))
    }
}

/// A cited item as the rule reads it: its folded texts, and the texts.
type CitedTexts<'a> = (&'a ItemVocabulary, Vec<&'a str>);

/// What names a claim and a passage disagree on: the claim's name, and
/// the passage's word in its place.
fn disagreement(claim: &str, cited: &[CitedTexts<'_>]) -> Option<(String, String)> {
    // Most claims name nothing but their first word.
    if !may_name_something(claim) {
        return None;
    }
    // Most claims' capitalised words all begin a word of a cited item's
    // texts: every name is found, without the claim's word list.
    let vocabularies: Vec<&ItemVocabulary> = cited.iter().map(|(v, _)| *v).collect();
    if all_capitals_cited(claim, &vocabularies) {
        return None;
    }
    let found = named_disagreement(claim, cited, Capitals::MarkNames)
        .or_else(|| place_disagreement(claim, cited))?;
    // Asked only of a claim about to be reported: most never are.
    if capitalises_nouns(claim) && !marked_as_name(&found.0) {
        return named_disagreement(claim, cited, Capitals::MarkNouns);
    }
    Some(found)
}

/// What a capital letter tells of a claim's word.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Capitals {
    /// That it is a name, as in English, French or Spanish.
    MarkNames,
    /// Nothing: German capitalises every noun (`die Voraussetzungen`), so
    /// a capitalised word the passages lack is most often a paraphrase. A
    /// passage's word names another in its place only word for word, with
    /// the same word before and after it (`nutzen Heuristiken, um auch
    /// unbekannte Malware zu` for `… unbekannte Viren zu`); a name held in
    /// part, and the readings by context and subject, are not read. A
    /// name with a capital inside a word (`McLaren`), or of two capitalised
    /// words in a row (`James Cameron`: [`two_capitals_in_a_row`]), is
    /// read as in English.
    MarkNouns,
}

/// How many texts of a cited item, after its passages, name the page
/// rather than say what it says: its title and publisher.
const TITLE_AND_PUBLISHER: usize = 2;

/// A cited item's passages among its texts ([`item_texts`]).
fn passages_among<'t>(texts: &'t [&'t str]) -> &'t [&'t str] {
    &texts[..texts.len().saturating_sub(TITLE_AND_PUBLISHER)]
}

/// The texts the rule reads of a cited item: its passages, then its
/// title and publisher ([`TITLE_AND_PUBLISHER`]).
fn item_texts<'s>(e: &Resolved<'s>) -> Vec<&'s str> {
    let mut texts: Vec<&str> = e.item.passages().collect();
    texts.push(e.title);
    texts.push(e.publisher());
    texts
}

/// A place of the claim that no cited item holds, where a passage names
/// another place of the same kind that the claim does not (`places.rs`).
fn place_disagreement(claim: &str, cited: &[CitedTexts<'_>]) -> Option<(String, String)> {
    let claim_words = words(claim, true);
    let claim_places = places_in(&claim_words);
    let mut details: Vec<Option<ItemWords>> = cited.iter().map(|_| None).collect();
    // A place is held as written or in a form of either case sharing its
    // first five letters (`German`, `state` for `United States`): held
    // only by a capitalised form, as a name is, it flagged two supported
    // claims of the developers' half and caught no swap more.
    let held: Vec<bool> = claim_places
        .iter()
        .map(|(phrase, _, range)| {
            let last = &claim_words[range.end - 1].folded;
            cited
                .iter()
                .any(|(v, _)| v.has_word(phrase) || v.holds(last))
        })
        .collect();
    // A claim placing things where the passages do (`Flandreau, South
    // Dakota`) may name a wider place they leave out (`the United States`)
    // beside one they name at another level (`Chicago`): a missing place
    // counts only when every place the passages hold is of its kind.
    let held_kinds: Vec<places::Kind> = claim_places
        .iter()
        .zip(&held)
        .filter(|(_, h)| **h)
        .flat_map(|((_, kinds, _), _)| kinds.iter().copied())
        .collect();
    let missing: Vec<(String, &[places::Kind], String)> = claim_places
        .into_iter()
        .zip(held)
        .filter(|(_, h)| !h)
        .map(|(place, _)| place)
        .filter(|(_, kinds, range)| {
            !(kinds.contains(&places::Kind::City)
                && follows_held(claim, &claim_words, range.start, ",", cited, &mut details))
        })
        .filter(|(_, kinds, _)| held_kinds.iter().all(|k| kinds.contains(k)))
        .map(|(phrase, kinds, range)| {
            let shown =
                &claim[claim_words[range.start].at.start..claim_words[range.end - 1].at.end];
            (phrase, kinds, shown.to_owned())
        })
        .collect();
    if missing.is_empty() {
        return None;
    }
    let in_claim = ItemVocabulary::of_claim(claim);
    for (_, texts) in cited {
        for text in texts {
            let passage_words = words_of(text);
            for (phrase, kinds, range) in places_in(&passage_words) {
                let last = &passage_words[range.end - 1].folded;
                if in_claim.has_word(&phrase) || in_claim.holds(last) {
                    continue;
                }
                let rival = missing.iter().find(|(theirs, their_kinds, _)| {
                    !same_stem(theirs, &phrase)
                        && !theirs.contains(phrase.as_str())
                        && !phrase.contains(theirs.as_str())
                        && kinds.iter().any(|k| their_kinds.contains(k))
                });
                if let Some((_, _, shown)) = rival {
                    let written = &text
                        [passage_words[range.start].at.start..passage_words[range.end - 1].at.end];
                    return Some((shown.clone(), written.to_owned()));
                }
            }
        }
    }
    None
}

/// The places among capitalised words, each with its folded phrase, kinds
/// and word range.
fn places_in(words: &[Word]) -> Vec<(String, &'static [places::Kind], std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut k = 0;
    while k < words.len() {
        if !words[k].capital {
            k += 1;
            continue;
        }
        let run: Vec<&str> = std::iter::once(&words[k])
            .chain(words[k + 1..].iter().take_while(|w| w.capital && w.joined))
            .take(3)
            .map(|w| w.folded.as_str())
            .collect();
        match places::place_at(&run) {
            Some((kinds, n)) => {
                found.push((run[..n].join(" "), kinds, k..k + n));
                k += n;
            }
            None => k += 1,
        }
    }
    found
}

/// [`disagreement`] read name by name.
fn named_disagreement(
    claim: &str,
    cited: &[CitedTexts<'_>],
    capitals: Capitals,
) -> Option<(String, String)> {
    let mut claim_words = words(claim, false);
    let mut details: Vec<Option<ItemWords>> = cited.iter().map(|_| None).collect();
    for name in names(claim, &claim_words) {
        let marked = || {
            let mut words = name.words.clone();
            two_capitals_in_a_row(claim, &claim_words, &name)
                || words.any(|w| marked_as_name(&claim[claim_words[w].at.clone()]))
        };
        let capitals = if capitals == Capitals::MarkNouns && marked() {
            Capitals::MarkNames
        } else {
            capitals
        };
        let initials: String = name
            .words
            .clone()
            .filter(|&w| claim_words[w].capital)
            // `The Federal Emergency Management Agency` is `FEMA`.
            .filter(|&w| !is_in(FUNCTION_WORDS, &claim_words[w].folded))
            .filter_map(|w| claim_words[w].folded.chars().next())
            .collect();
        let long_initials = initials.chars().count() >= 3;
        if long_initials && cited.iter().any(|(v, _)| v.has_word(&initials)) {
            continue;
        }
        if names_what_precedes(claim, &mut claim_words, &name, cited, &mut details)
            || defines_initials(claim, &claim_words, &name)
        {
            continue;
        }
        let held: Vec<bool> = name
            .distinct
            .iter()
            .map(|&w| {
                let written = &claim[claim_words[w].at.clone()];
                held_word(&claim_words[w].folded, written, cited, &mut details)
            })
            .collect();
        if held.iter().any(|&h| h) {
            if capitals == Capitals::MarkNouns {
                continue;
            }
            if let Some(rival) =
                swapped_part(claim, &mut claim_words, &name, &held, cited, &mut details)
            {
                return Some(rival);
            }
            continue;
        }
        // A name written as initials (`NYC`) is found where the passages
        // spell it out (`New York City`).
        let acronym = acronym_of(claim, &claim_words, &name);
        let mut spelled_out = false;
        for (detail, (_, texts)) in details.iter_mut().zip(cited) {
            let detail = detail.get_or_insert_with(|| ItemWords::new(texts));
            if long_initials && detail.initials.contains(&initials) {
                return None;
            }
            spelled_out |= acronym
                .as_ref()
                .is_some_and(|a| detail.initials.contains(a));
        }
        if spelled_out || abbreviated(&claim_words, &name, &details) {
            continue;
        }
        // The slot's words are compared folded.
        for word in claim_words.iter_mut().filter(|w| w.folded.is_empty()) {
            word.folded = fold(&claim[word.at.clone()]);
        }
        let (first, last) = (name.words.start, name.words.end - 1);
        if capitals == Capitals::MarkNouns {
            if let Some(rival) = rival(claim, &claim_words, &name, &details, capitals) {
                return Some(rival);
            }
            continue;
        }
        if let Some(rival) = rival(claim, &claim_words, &name, &details, capitals)
            .or_else(|| named_in_context(claim, &claim_words, first, last, &details))
            .or_else(|| subject_rival(claim, &claim_words, first, last, cited, &details))
        {
            return Some(rival);
        }
    }
    if capitals == Capitals::MarkNouns {
        return None;
    }
    lone_disagreement(claim, &mut claim_words, cited, &mut details)
}

/// The folded initials a one-word name stands for, when it is written in
/// capitals of three letters or more (`NYC`, `IMF`), else `None`.
fn acronym_of(claim: &str, claim_words: &[Word], name: &Name) -> Option<String> {
    if name.words.len() != 1 {
        return None;
    }
    let word = &claim_words[name.words.start];
    let written = claim.get(word.at.clone())?;
    is_acronym(written).then(|| fold(written))
}

/// Whether each capitalised word of `claim`, folded, begins a word of a
/// cited item's texts — one written in capitals is a whole word there or
/// its plural ([`ItemVocabulary::holds_written`]) — then each of its
/// names is found (a name's telling words are capitalised words, and one
/// of them found is enough).
fn all_capitals_cited(claim: &str, vocabularies: &[&ItemVocabulary]) -> bool {
    let mut folded = String::new();
    capitals(claim).all(|word| {
        folded.clear();
        fold_into(word, &mut folded);
        // A word in capitals only as a whole word (`WA` is not `was`).
        if in_capitals(word) {
            vocabularies.iter().any(|v| v.holds_written(&folded, word))
        } else {
            vocabularies.iter().any(|v| v.begins_a_word(&folded))
        }
    })
}

/// A capitalised word of a passage in the place of the claim's `name`:
/// after the same word, or before the same word (both, where a capital
/// marks every noun: [`Capitals::MarkNouns`]). A word the claim names
/// elsewhere only where a phrase places it ([`placed_by_a_phrase`]).
fn rival(
    claim: &str,
    claim_words: &[Word],
    name: &Name,
    details: &[Option<ItemWords>],
    capitals: Capitals,
) -> Option<(String, String)> {
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    // A form of the name's own word (`Greek` for `Greece`) is no rival.
    let (first, last) = (name.words.start, name.words.end - 1);
    let missing = &claim_words[last].folded;
    let left = name
        .words
        .start
        .checked_sub(1)
        .map(|w| &claim_words[w].folded);
    let right = claim_words.get(name.words.end).map(|w| &w.folded);
    let (leading, trailing) = class_words_around(claim_words, name);
    let set_off = (
        first > 0 && set_off_between(claim, &claim_words[first - 1], &claim_words[first]),
        last + 1 < claim_words.len()
            && set_off_between(claim, &claim_words[last], &claim_words[last + 1]),
    );
    let long_name = name
        .distinct
        .iter()
        .any(|&w| claim_words[w].folded.chars().count() >= 4);
    for detail in details.iter().flatten() {
        let words = &detail.words;
        for (k, word) in words.iter().enumerate() {
            if !word.capital
                || same_stem(&word.folded, missing)
                || written_short(missing, &word.folded)
                // two capitals are short for the word
                // in their slot when its letters are theirs in order,
                // the first first (`WA`, `Washington`; `TX`, `Texas`).
                || short_in_capitals(&claim[claim_words[last].at.clone()], &word.folded)
                || (is_in(FUNCTION_WORDS, &word.folded) && !initials_amid_words(words, k))
                // A class word ending a run of capitals ends a name
                // (`State Operations Center`).
                || (is_class_word(&word.folded)
                    && !(k > 0 && words[k - 1].capital && word.joined))
                || is_in(MONTHS_AND_DAYS, &word.folded)
            {
                continue;
            }
            // A word the claim names elsewhere, and the passage writes as
            // a name, only where a phrase places it; that phrase is its slot.
            let named_elsewhere = in_claim.contains(word.folded.as_str());
            if named_elsewhere
                && !(placed_by_a_phrase(claim_words, (first, last), words, k)
                    && written_as_a_name(&word.folded, words))
            {
                continue;
            }
            // The same word beside both; one the claim sets off with a
            // comma only where the passage does too (`Long Beach,
            // California` does not place `California` where `Long Beach
            // Boulevard` has `Boulevard`).
            let same_left = left.is_some_and(|l| {
                k > 0
                    && !detail.starts_a_text(k)
                    && (!set_off.0 || !word.joined)
                    && same_form(&words[k - 1].folded, l)
            });
            let same_right = right.is_some_and(|r| {
                words.get(k + 1).is_some_and(|n| {
                    !detail.starts_a_text(k + 1)
                        && (!set_off.1 || !n.joined)
                        && same_form(&n.folded, r)
                })
            });
            // A word like `from` or `in` is before many names: alone it
            // makes a place only for a name of four letters or more (not
            // an abbreviation such as `Fed`, which passages spell out).
            let telling =
                |w: Option<&String>| w.is_some_and(|w| !is_in(FUNCTION_WORDS, w)) || long_name;
            let slot = if capitals == Capitals::MarkNouns {
                same_left && same_right
            } else {
                named_elsewhere
                    || beside_the_same_class(words, k, leading, trailing, detail)
                    || defined_alike(claim, claim_words, (first, last), words, k)
                    || (same_left && (same_right || telling(left)))
                    || (same_right && telling(right))
                    || (same_slot(claim_words, (first, last), words, k, Placing::Loosely)
                        && written_as_a_name(&word.folded, words))
            };
            if slot {
                let named = &claim_words[name.words.clone()];
                let shown = claim[named[0].at.start..named[named.len() - 1].at.end].to_owned();
                return Some((shown, word.written.to_string()));
            }
        }
    }
    None
}

/// Whether two folded words share their first four letters, as forms of
/// one name do (`greece`, `greek`).
fn same_stem(a: &str, b: &str) -> bool {
    let mut pairs = a.chars().zip(b.chars());
    b.chars().count() >= 4 && pairs.by_ref().take(4).filter(|(x, y)| x == y).count() == 4
}

/// One finding per support unit whose cited passages name another subject
/// where the claim names its own.
pub(crate) fn subjects_not_in_evidence(
    units: &[SupportUnit],
    claims: &[Claim],
    resolved: &[Option<Resolved<'_>>],
    analyses: &Analyses,
) -> Vec<(ClaimId, Finding)> {
    let mut findings = Vec::new();
    // Reused from unit to unit.
    let (mut items, mut vocabularies) = (Vec::new(), Vec::new());
    for SupportUnit { claim: c, unit } in units {
        // A claim (a paragraph, a list item) whose markers all close this
        // sentence cites them for all it says: its other sentences' names
        // are read too (`… in Iraq. Officials suspect … [1]`).
        let read = claims
            .get(c.0)
            .filter(|whole| whole.markers == unit.markers && whole.text.len() > unit.text.len())
            .unwrap_or(unit);
        // What `disagreement` asks first, asked before the items are
        // looked up and their texts listed: most units pass here.
        if !may_name_something(&read.text) {
            continue;
        }
        judged_items_into(unit, resolved, &mut items);
        let with_passages = || items.iter().filter(|e| e.item.passages().next().is_some());
        vocabularies.clear();
        vocabularies.extend(with_passages().map(|e| {
            analyses
                .of(e)
                .vocabulary
                .get_or_init(|| ItemVocabulary::new(&item_texts(e)))
        }));
        if vocabularies.is_empty() || all_capitals_cited(&read.text, &vocabularies) {
            continue;
        }
        let cited: Vec<CitedTexts<'_>> = with_passages()
            .zip(&vocabularies)
            .map(|(e, &v)| (v, item_texts(e)))
            .collect();
        let Some((name, other)) = disagreement(&read.text, &cited) else {
            continue;
        };
        let ids: Vec<String> = items.iter().map(|e| format!("`{}`", e.id)).collect();
        findings.push((
            *c,
            Finding {
                rule: Rule::SubjectNotInEvidence,
                message: format!(
                    "the claim names `{name}`, which the passages it cites ({}) do not; they name `{other}` in its place: the citation may be about another subject",
                    ids.join(", ")
                ),
                span: read.span.clone(),
                block: Some(BlockId(read.block)),
                evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
                excerpt: Some(read.excerpt(8)),
            },
        ));
    }
    findings
}

#[cfg(test)]
mod tests;
