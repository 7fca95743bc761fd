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
//! accents, a plural `s`, a possessive), a word sharing its first five
//! letters (`Greece`/`Greek`), or when the name's initials are a word
//! there (`FEMA`), or the name is initials of a run of capitalised words
//! there. A missing name alone is not reported: passages often leave a
//! name out that a claim may state. It is reported when the passage names
//! something else *in the same place*: a capitalised word of the passage,
//! not in the claim, after the same word or before the same word as the
//! claim's name (`Hurricane Ida made landfall` for `Hurricane Idalia made
//! landfall`).

mod names;
mod places;
mod restated;
mod search;
mod slot;

use super::claim_not_in_evidence::judged_items_into;
use super::support_units::SupportUnit;
use super::{BlockId, ClaimId, Finding, Resolved, Rule};
use names::{
    CLASS_WORDS, FUNCTION_WORDS, JOINERS, MONTHS_AND_DAYS, Name, Word, capitals, fold, fold_into,
    is_in, names, opens_sentence, words, words_of,
};
use restated::{follows_held, insert_initials, names_what_precedes};
use search::capital_after_first;
use slot::{same_slot, written_as_a_name};
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

/// The item's passages, title and publisher, folded into one text (a line
/// each), read once per build: whether a claim's name is there is a
/// search of it, with no word list to build.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ItemVocabulary {
    /// A boxed str, without a String's slack: it is kept all build.
    folded: Box<str>,
}

impl ItemVocabulary {
    fn new(texts: &[&str]) -> ItemVocabulary {
        let mut folded = String::new();
        for text in texts {
            fold_into(text, &mut folded);
            folded.push('\n');
        }
        ItemVocabulary {
            folded: folded.into(),
        }
    }

    /// Whether `word` (folded) begins a word of the texts: the word itself,
    /// or a longer one (`Fed` in `Federal`, `Bellflower` in `bellflowers`).
    fn begins_a_word(&self, word: &str) -> bool {
        search::begins_a_word(&self.folded, word)
    }

    /// Whether `word` (folded) is a whole word of the texts.
    fn has_word(&self, word: &str) -> bool {
        !word.is_empty()
            && memchr::memmem::find_iter(self.folded.as_bytes(), word.as_bytes()).any(|at| {
                let end = at + word.len();
                !self.folded[..at]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
                    && !self.folded[end..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric)
            })
    }

    fn holds(&self, word: &str) -> bool {
        if self.begins_a_word(word) {
            return true;
        }
        if word.chars().count() > 3
            && let Some(singular) = word.strip_suffix('s')
            && self.begins_a_word(singular)
        {
            return true;
        }
        if word.contains('-')
            && word
                .split('-')
                .filter(|p| !p.is_empty())
                .all(|p| self.begins_a_word(p))
        {
            return true;
        }
        // A related form (`Greece`, `Greek`): the same first five letters.
        let prefix: String = word.chars().take(5).collect();
        word.chars().count() >= 6 && self.begins_a_word(&prefix)
    }
}

/// The words of an item's texts, capitalised ones with their written form,
/// and the initials of their runs of capitalised words (`Federal Emergency
/// Management Agency` gives `fema`). Read only when a claim's name is not
/// in the texts as written, which is seldom.
struct ItemWords {
    words: Vec<Word>,
    initials: HashSet<String>,
}

impl ItemWords {
    fn new(texts: &[&str]) -> ItemWords {
        let mut words = Vec::new();
        let mut initials = HashSet::new();
        for text in texts {
            let mut these = words_of(text);
            // A text's first word follows no word of the text before it.
            if let Some(first) = these.first_mut() {
                first.joined = false;
            }
            let mut run = String::new();
            let end = Word {
                at: 0..0,
                folded: String::new(),
                capital: false,
                written: Box::default(),
                joined: false,
            };
            for w in these.iter().chain(std::iter::once(&end)) {
                if w.capital && w.joined {
                    run.extend(w.folded.chars().next());
                } else if w.capital {
                    insert_initials(&run, &mut initials);
                    run.clear();
                    run.extend(w.folded.chars().next());
                } else if !is_in(JOINERS, &w.folded) || !w.joined {
                    insert_initials(&run, &mut initials);
                    run.clear();
                }
            }
            words.extend(these);
        }
        ItemWords { words, initials }
    }
}

/// A cited item as the rule reads it: its folded texts, and the texts.
type CitedTexts<'a> = (&'a ItemVocabulary, Vec<&'a str>);

/// What names a claim and a passage disagree on: the claim's name, and
/// the passage's word in its place.
fn disagreement(claim: &str, cited: &[CitedTexts<'_>]) -> Option<(String, String)> {
    // Most claims name nothing but their first word.
    if !capital_after_first(claim) {
        return None;
    }
    // Most claims' capitalised words all begin a word of a cited item's
    // texts: every name is found, without the claim's word list.
    let vocabularies: Vec<&ItemVocabulary> = cited.iter().map(|(v, _)| *v).collect();
    if all_capitals_cited(claim, &vocabularies) {
        return None;
    }
    named_disagreement(claim, cited).or_else(|| place_disagreement(claim, cited))
}

/// The texts the rule reads of a cited item: its passages, title and
/// publisher.
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
    let held = |(phrase, _, range): &(String, _, std::ops::Range<usize>)| {
        let last = &claim_words[range.end - 1].folded;
        cited
            .iter()
            .any(|(v, _)| v.has_word(phrase) || v.holds(last))
    };
    // A claim placing things where the passages do (`Flandreau, South
    // Dakota`) may name a wider place they leave out (`the United States`)
    // beside one they name at another level (`Chicago`): a missing place
    // counts only when every place the passages hold is of its kind.
    let held_kinds: Vec<places::Kind> = claim_places
        .iter()
        .filter(|p| held(p))
        .flat_map(|(_, kinds, _)| kinds.iter().copied())
        .collect();
    let missing: Vec<(String, &[places::Kind], String)> = claim_places
        .into_iter()
        .filter(|p| !held(p))
        .filter(|(_, kinds, range)| {
            !(kinds.contains(&places::Kind::City)
                && follows_held(claim, &claim_words, range.start, ",", cited))
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
    let in_claim = ItemVocabulary::new(&[claim]);
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
fn named_disagreement(claim: &str, cited: &[CitedTexts<'_>]) -> Option<(String, String)> {
    let mut claim_words = words(claim, false);
    let mut details: Vec<Option<ItemWords>> = cited.iter().map(|_| None).collect();
    for name in names(claim, &claim_words) {
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
        if names_what_precedes(claim, &mut claim_words, &name, cited) {
            continue;
        }
        let held: Vec<bool> = name
            .distinct
            .iter()
            .map(|&w| cited.iter().any(|(v, _)| v.holds(&claim_words[w].folded)))
            .collect();
        if held.iter().any(|&h| h) {
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
        if spelled_out {
            continue;
        }
        // The slot's words are compared folded.
        for word in claim_words.iter_mut().filter(|w| w.folded.is_empty()) {
            word.folded = fold(&claim[word.at.clone()]);
        }
        if let Some(rival) = rival(claim, &claim_words, &name, &details) {
            return Some(rival);
        }
    }
    None
}

/// A word of a name the passages hold in part, swapped for another: the
/// passages have `Dallas City Council`, `Max Martin` or `Gulf of Mexico`
/// where the claim has `Houston City Council`, `Max Lee` or `Gulf of
/// Brazil`. A missing telling word is swapped when a capitalised word of a
/// passage stands in its slot: after the name's word before it and before
/// the name's word after it. A first word counts only before a class word
/// (`City`), and not when it opens the sentence: a person's given name is
/// often left out or replaced by a title (`Judge Sotomayor` for `Sonia
/// Sotomayor`), and a sentence's first word joins a name only by its
/// capital (`Using ECharts`).
fn swapped_part(
    claim: &str,
    claim_words: &mut [Word],
    name: &Name,
    held: &[bool],
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> Option<(String, String)> {
    let (first, last) = (name.words.start, name.words.end - 1);
    let before = claim[..claim_words[first].at.start].trim_end();
    let opens_sentence = before.is_empty()
        || before.ends_with(['.', '!', '?', ':', '"', '“', '(', '*', '#', '-', '|']);
    for word in claim_words.iter_mut().filter(|w| w.folded.is_empty()) {
        word.folded = fold(&claim[word.at.clone()]);
    }
    for (detail, (_, texts)) in details.iter_mut().zip(cited) {
        detail.get_or_insert_with(|| ItemWords::new(texts));
    }
    // The name is held in part only by a word that tells it: not a joiner
    // (`Der Foehnsturm` is not held by the `Der` of `Der Föhnsturm`), nor
    // a sentence's first word unless the passages write it as a name
    // (`Donald` of `Donald Trump`, not `Using` of `Using ECharts`).
    let as_a_name = |w: usize| {
        details
            .iter()
            .flatten()
            .any(|d| written_as_a_name(&claim_words[w].folded, &d.words))
    };
    let telling_held = name.distinct.iter().zip(held).any(|(&w, &h)| {
        h && !is_in(JOINERS, &claim_words[w].folded)
            && (w != first || !opens_sentence || as_a_name(w))
    });
    if !telling_held {
        return None;
    }
    let missing: Vec<usize> = name
        .distinct
        .iter()
        .zip(held)
        .filter(|(w, h)| !**h && claim_words[**w].folded.chars().count() >= 3)
        .map(|(w, _)| *w)
        .filter(|&w| {
            // A first word before a class word (`Houston City`), or a name
            // of its own in a list (`Asia and Africa`), is not a given
            // name.
            let next = claim_words.get(w + 1).map(|n| n.folded.as_str());
            w != first
                || (!opens_sentence
                    && next.is_some_and(|n| is_in(CLASS_WORDS, n) || n == "and" || n == "&"))
        })
        .collect();
    if missing.is_empty() {
        return None;
    }
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    // The missing words next to it are swapped with it (`Mike Johnson`
    // for `Frida Escobedo`): the slot is around them all.
    let gone = |v: usize| name.distinct.iter().zip(held).any(|(&d, &h)| d == v && !h);
    missing.into_iter().find_map(|w| {
        let start = (first..w)
            .rev()
            .take_while(|&v| gone(v))
            .last()
            .unwrap_or(w);
        let end = (w + 1..=last).take_while(|&v| gone(v)).last().unwrap_or(w);
        let left = (start > first).then(|| claim_words[start - 1].folded.as_str());
        let right = (end < last).then(|| claim_words[end + 1].folded.as_str());
        let span = end - start + 1;
        let missing = claim_words[w].folded.as_str();
        details.iter().flatten().find_map(|detail| {
            let words = &detail.words;
            words.iter().enumerate().find_map(|(k, word)| {
                let fits = word.capital
                    && !in_claim.contains(word.folded.as_str())
                    && !same_stem(&word.folded, missing)
                    && !is_in(FUNCTION_WORDS, &word.folded)
                    && !is_in(CLASS_WORDS, &word.folded)
                    && !is_in(MONTHS_AND_DAYS, &word.folded)
                    && left.is_none_or(|l| k > 0 && words[k - 1].folded == l)
                    && right.is_none_or(|r| {
                        words.get(k + span).is_some_and(|n| n.folded == r)
                            && words[k + 1..k + span].iter().all(|v| v.capital && v.joined)
                    });
                fits.then(|| {
                    (
                        claim[claim_words[start].at.start..claim_words[end].at.end].to_owned(),
                        word.written.to_string(),
                    )
                })
            })
        })
    })
}

/// The folded initials a one-word name stands for, when it is written in
/// capitals of three letters or more (`NYC`, `IMF`), else `None`.
fn acronym_of(claim: &str, claim_words: &[Word], name: &Name) -> Option<String> {
    if name.words.len() != 1 {
        return None;
    }
    let word = &claim_words[name.words.start];
    let written = claim.get(word.at.clone())?;
    let letters = written.chars().filter(|c| c.is_alphabetic()).count();
    (letters >= 3
        && written
            .chars()
            .all(|c| c.is_uppercase() || !c.is_alphabetic()))
    .then(|| fold(written))
}

/// Whether each capitalised word of `claim`, folded, begins a word of a
/// cited item's texts: then each of its names is found (a name's telling
/// words are capitalised words, and one of them found is enough).
fn all_capitals_cited(claim: &str, vocabularies: &[&ItemVocabulary]) -> bool {
    let mut folded = String::new();
    capitals(claim).all(|word| {
        folded.clear();
        fold_into(word, &mut folded);
        vocabularies.iter().any(|v| v.begins_a_word(&folded))
    })
}

/// A capitalised word of a passage, not in the claim, in the place of the
/// claim's `name`: after the same word, or before the same word.
fn rival(
    claim: &str,
    claim_words: &[Word],
    name: &Name,
    details: &[Option<ItemWords>],
) -> Option<(String, String)> {
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    // A form of the name's own word (`Greek` for `Greece`) is no rival.
    let missing = &claim_words[name.words.end - 1].folded;
    let left = name
        .words
        .start
        .checked_sub(1)
        .map(|w| &claim_words[w].folded);
    let right = claim_words.get(name.words.end).map(|w| &w.folded);
    let long_name = name
        .distinct
        .iter()
        .any(|&w| claim_words[w].folded.chars().count() >= 4);
    for detail in details.iter().flatten() {
        let words = &detail.words;
        for (k, word) in words.iter().enumerate() {
            if !word.capital
                || in_claim.contains(word.folded.as_str())
                || same_stem(&word.folded, missing)
                || is_in(FUNCTION_WORDS, &word.folded)
                || is_in(CLASS_WORDS, &word.folded)
                || is_in(MONTHS_AND_DAYS, &word.folded)
            {
                continue;
            }
            let same_left = left.is_some_and(|l| k > 0 && words[k - 1].folded == *l);
            let same_right =
                right.is_some_and(|r| words.get(k + 1).is_some_and(|n| n.folded == *r));
            // A word like `from` or `in` is before many names: alone it
            // makes a place only for a name of four letters or more (not
            // an abbreviation such as `Fed`, which passages spell out).
            let telling =
                |w: Option<&String>| w.is_some_and(|w| !is_in(FUNCTION_WORDS, w)) || long_name;
            let slot = (same_left && (same_right || telling(left)))
                || (same_right && telling(right))
                || (same_slot(claim_words, name.words.start, name.words.end - 1, words, k)
                    && written_as_a_name(&word.folded, words));
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
    resolved: &[Option<Resolved<'_>>],
) -> Vec<(ClaimId, Finding)> {
    let mut findings = Vec::new();
    // Reused from unit to unit.
    let (mut items, mut vocabularies) = (Vec::new(), Vec::new());
    for SupportUnit { claim: c, unit } in units {
        // What `disagreement` asks first, asked before the items are
        // looked up and their texts listed: most units pass here.
        if !capital_after_first(&unit.text) {
            continue;
        }
        judged_items_into(unit, resolved, &mut items);
        let with_passages = || items.iter().filter(|e| e.item.passages().next().is_some());
        vocabularies.clear();
        vocabularies.extend(with_passages().map(|e| {
            e.item
                .vocabulary
                .get_or_init(|| ItemVocabulary::new(&item_texts(e)))
        }));
        if vocabularies.is_empty() || all_capitals_cited(&unit.text, &vocabularies) {
            continue;
        }
        let cited: Vec<CitedTexts<'_>> = with_passages()
            .zip(&vocabularies)
            .map(|(e, &v)| (v, item_texts(e)))
            .collect();
        let Some((name, other)) = disagreement(&unit.text, &cited) else {
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
                span: unit.span.clone(),
                block: Some(BlockId(unit.block)),
                evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
                excerpt: Some(unit.excerpt(8)),
            },
        ));
    }
    findings
}

#[cfg(test)]
mod tests;
