//! Names the passages hold only in part or not at all, and what a
//! passage names in their place: a swapped word of a name (`Fullerton
//! College` for `Fullerton WordPress`), a lone word after a determiner or
//! opening a sentence, a name read amid the claim's words (`context.rs`).

use crate::passages::subject_not_in_evidence::context::{
    context_rival, is_rival, may_be_a_name, may_be_rival,
};
use crate::passages::subject_not_in_evidence::restated::written_short;
use crate::passages::subject_not_in_evidence::slot::{
    Placing, defined_alike, never_in_lower_case, placed_by_a_phrase, same_form, same_slot,
    written_as_a_name,
};
use crate::passages::subject_not_in_evidence::{CitedTexts, same_stem};
use evidence_text::names::lexicon::{
    FUNCTION_WORDS, JOINERS, MONTHS_AND_DAYS, is_class_word, is_in,
};
use evidence_text::names::vocabulary::{ItemWords, in_capitals};
use evidence_text::names::{Name, Word, fold, lone_words};
use std::collections::HashSet;

/// A lone capitalised word that [`names`](evidence_text::names) does not read as a name — a
/// sentence's first word, or one after a determiner (`the Buick
/// algorithm`) — that no cited text holds in any form, and that a passage
/// replaces with a name of its own: in the same slot (`Google reported`
/// for `Microsoft reported`; for a sentence's first word, the same words
/// between: `Based on the passages` is not `MARCO passages`) or said to
/// be what the claim says it is
/// (`Renegades is the fourth studio album`; a sentence's first word there
/// only quoted, set off by a comma, or against a word the passage writes
/// as a name), and a word after a determiner also amid the claim's words
/// around it (`context.rs`).
pub(super) fn lone_disagreement(
    claim: &str,
    claim_words: &mut [Word],
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> Option<(String, String)> {
    let lone = lone_words(claim, claim_words);
    if lone.is_empty() {
        return None;
    }
    for word in claim_words.iter_mut().filter(|w| w.folded.is_empty()) {
        word.folded = fold(&claim[word.at.clone()]);
    }
    for (detail, (_, texts)) in details.iter_mut().zip(cited) {
        detail.get_or_insert_with(|| ItemWords::new(texts));
    }
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    for (w, opens) in lone {
        let folded = &claim_words[w].folded;
        // Held as a name's word is (a form of the word only written as a
        // name: `quickly` shares `Quicksort`'s first five letters but does
        // not hold it).
        if held_word(folded, &claim[claim_words[w].at.clone()], cited, details) {
            continue;
        }
        let shown = || claim[claim_words[w].at.clone()].to_owned();
        // After a determiner, the passage's name after the claim's same
        // words before it stands in its place too: two, or three when the
        // two are function words (`communication with the Contractor` for
        // `… with the Fallout`; not `in the Senate` for `in the Pentagon`).
        let reach = if (1..=2).all(|j| w >= j && is_in(FUNCTION_WORDS, &claim_words[w - j].folded))
        {
            3
        } else {
            2
        };
        let after_the_same_words = |words: &[Word], k: usize| {
            !opens
                && w >= reach
                && k >= reach
                && (0..reach).all(|j| claim_words[w - j].joined && words[k - j].joined)
                && (1..=reach).all(|j| same_form(&words[k - j].folded, &claim_words[w - j].folded))
        };
        // A sentence's first word is placed only word for word.
        let placing = if opens {
            Placing::WordForWord
        } else {
            Placing::Loosely
        };
        let in_slot = details.iter().flatten().find_map(|d| {
            let words = &d.words;
            (0..words.len()).find_map(|k| {
                let word = &words[k];
                // A word the claim names elsewhere only where a phrase
                // places it, as in `rival()`.
                (((is_rival(word, &in_claim, words, k)
                    || (word.capital
                        && in_claim.contains(word.folded.as_str())
                        && placed_by_a_phrase(claim_words, (w, w), words, k)
                        && may_be_a_name(word, words, k)
                        && written_as_a_name(&word.folded, words)))
                    && (same_slot(claim_words, (w, w), words, k, placing)
                        || after_the_same_words(words, k)))
                    // What a name is said to be first: it is the cheapest.
                    || (defined_alike(claim, claim_words, (w, w), words, k)
                        && may_be_rival(word, &in_claim, words, k)
                        && never_in_lower_case(&word.folded, words)
                        // a claim's sentence-first word
                        // not in quotes is as often a common noun.
                        && (!opens
                            || claim[..claim_words[w].at.start]
                                .ends_with(['"', '\u{201c}', '\'', '\u{2018}'])
                            // or in apposition (`Microsoft, the largest`).
                            || claim[claim_words[w].at.end..].starts_with(',')
                            || written_as_a_name(&word.folded, words))))
                .then(|| word.written.to_string())
            })
        });
        if let Some(rival) = in_slot {
            return Some((shown(), rival));
        }
        if !opens && let Some(found) = named_in_context(claim, claim_words, w, w, details) {
            return Some(found);
        }
    }
    None
}

/// Whether a cited item has a word starting with `written`, capitals as
/// written (`UKIP` for `UK`).
fn written_in_capitals(
    written: &str,
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> bool {
    cited
        .iter()
        .zip(details.iter_mut())
        .any(|((_, texts), detail)| {
            detail
                .get_or_insert_with(|| ItemWords::new(texts))
                .written_in_capitals(written)
        })
}

/// Whether a cited item holds a name's word (folded; `written` as the
/// claim has it): as written (a word in capitals as a whole word, its
/// plural, or the start of a longer word in capitals: `UKIP` for `UK`,
/// not `Watson` for `WA`), as initials it spells out (`CPI`, `UK`), or in
/// a form that shares its first five letters with a capitalised word
/// there (`German` for `Germany`; not `winds` for `Windsor`).
pub(super) fn held_word(
    word: &str,
    written: &str,
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> bool {
    if cited.iter().any(|(v, _)| v.holds_written(word, written)) {
        return true;
    }
    let capitals = in_capitals(written);
    if capitals && written_in_capitals(written, cited, details) {
        return true;
    }
    // Initials (`CPI`, `UK`) a cited text spells out (`Consumer Price
    // Index`, `United Kingdom`, `Gross domestic product`).
    if capitals
        && cited
            .iter()
            .zip(details.iter_mut())
            .any(|((_, texts), detail)| {
                let words = detail.get_or_insert_with(|| ItemWords::new(texts));
                words.initials.contains(word) || words.spell_out(word)
            })
    {
        return true;
    }
    held_as_a_form(word, cited, details)
}

/// Whether a cited item holds `word` (folded) in another form: a
/// capitalised word sharing its first five letters (`German` for
/// `Germany`; not `winds` for `Windsor`), or the place a people's
/// adjective is of (`Italian` for `Italy`, `Tuscan` for `Tuscany`).
pub(super) fn held_as_a_form(
    word: &str,
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> bool {
    let prefix: String = word.chars().take(5).collect();
    let stem = stem_of_a_people(word);
    cited
        .iter()
        .zip(details.iter_mut())
        .filter(|((v, _), _)| v.holds_a_form(word) || stem.is_some_and(|s| v.holds_as_written(s)))
        .any(|((_, texts), detail)| {
            detail
                .get_or_insert_with(|| ItemWords::new(texts))
                .words
                .iter()
                .any(|w| {
                    w.capital
                        && (w.folded.starts_with(&prefix)
                            || stem.is_some_and(|s| place_of_a_people(&w.folded, s)))
                })
        })
}

/// The stem of a word with a people's ending (`ital` of `italian`,
/// `tusc` of `tuscan`, `japan` of `japanese`), of four letters or more:
/// too short a stem (`ind` of `indian`) begins too many words.
fn stem_of_a_people(word: &str) -> Option<&str> {
    const ENDINGS: [&str; 5] = ["ian", "ean", "ese", "ish", "an"];
    ENDINGS
        .iter()
        .filter_map(|e| word.strip_suffix(e))
        .find(|stem| stem.chars().count() >= 4)
}

/// Whether `place` (folded) is the place whose people's word has `stem`:
/// the stem and at most three letters more (`italy`, `tuscany`,
/// `canada`), not a longer word it begins (`japanesque`).
pub(super) fn place_of_a_people(place: &str, stem: &str) -> bool {
    place
        .strip_prefix(stem)
        .is_some_and(|rest| rest.chars().count() <= 3)
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
pub(super) fn swapped_part(
    claim: &str,
    claim_words: &mut [Word],
    name: &Name,
    held: &[bool],
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> Option<(String, String)> {
    let first = name.words.start;
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
    // The name's words no cited text holds, of three letters or more.
    let unheld = name
        .distinct
        .iter()
        .zip(held)
        .filter(|(w, h)| !**h && claim_words[**w].folded.chars().count() >= 3)
        .map(|(w, _)| *w);
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    let claim_words = &*claim_words;
    let slot = Slot {
        claim,
        claim_words,
        name,
        held,
        in_claim: &in_claim,
    };
    if !telling_held {
        // Held only by a joiner or a sentence's first word: its other
        // words are read as a name the passages do not hold, swapped where
        // the passage says the claim's two words before them (`Jupiter
        // and Saturn` for `Jupiter and QuantumLeap`), or the name's first
        // word when it tells something (`Fullerton College was closed`
        // for `Fullerton Blair … closed`; not `Der` of `Der Foehnsturm`).
        let unheld: Vec<usize> = unheld.collect();
        let (&from, &to) = (unheld.first()?, unheld.last()?);
        return unheld
            .iter()
            .find_map(|&w| {
                slot.rival(w, 2, true, details)
                    .or_else(|| slot.rival(w, 1, true, details))
            })
            .or_else(|| named_in_context(claim, claim_words, from, to, details));
    }
    let missing: Vec<usize> = unheld
        .filter(|&w| {
            // A first word before a class word (`Houston City`), or a name
            // of its own in a list (`Asia and Africa`), is not a given
            // name.
            let next = claim_words.get(w + 1).map(|n| n.folded.as_str());
            w != first
                || (!opens_sentence
                    && next.is_some_and(|n| is_class_word(n) || n == "and" || n == "&"))
        })
        .collect();
    let (&missing_first, &missing_last) = (missing.first()?, missing.last()?);
    missing
        .iter()
        .find_map(|&w| slot.rival(w, 1, false, details))
        .or_else(|| named_in_context(claim, claim_words, missing_first, missing_last, details))
}

/// A name of the claim held in part, and what the claim holds.
struct Slot<'a> {
    claim: &'a str,
    claim_words: &'a [Word],
    name: &'a Name,
    held: &'a [bool],
    in_claim: &'a HashSet<&'a str>,
}

impl Slot<'_> {
    /// The passages' capitalised word in the place of the name's missing
    /// word `w`, with the missing words next to it (`Mike Johnson` for
    /// `Frida Escobedo`): after the same `before` words (1: the name's own
    /// word before them, if any; 2: the claim's two words before them, in
    /// the name or not), one of which is no function word or joiner if
    /// `telling`, and before the name's word after them.
    fn rival(
        &self,
        w: usize,
        before: usize,
        telling: bool,
        details: &[Option<ItemWords>],
    ) -> Option<(String, String)> {
        let (claim_words, name) = (self.claim_words, self.name);
        let (first, last) = (name.words.start, name.words.end - 1);
        let gone = |v: usize| {
            name.distinct
                .iter()
                .zip(self.held)
                .any(|(&d, &h)| d == v && !h)
        };
        let start = (first..w)
            .rev()
            .take_while(|&v| gone(v))
            .last()
            .unwrap_or(w);
        let end = (w + 1..=last).take_while(|&v| gone(v)).last().unwrap_or(w);
        let left: Vec<&str> = if before == 1 {
            (start > first)
                .then(|| claim_words[start - 1].folded.as_str())
                .into_iter()
                .collect()
        } else {
            if start < before
                || !claim_words[start - before + 1..=start]
                    .iter()
                    .all(|v| v.joined)
            {
                return None;
            }
            claim_words[start - before..start]
                .iter()
                .rev()
                .map(|v| v.folded.as_str())
                .collect()
        };
        // `Der` of `Der Foehnsturm` places nothing.
        if telling
            && left
                .iter()
                .all(|l| is_in(FUNCTION_WORDS, l) || is_in(JOINERS, l))
        {
            return None;
        }
        let right = (end < last).then(|| claim_words[end + 1].folded.as_str());
        let missing = claim_words[w].folded.as_str();
        // The passage's words in the slot: a run of capitals of any length
        // (`Saturn` for `QuantumLeap`, read as two words).
        let run_end = |words: &[Word], k: usize| {
            k + 1
                + words[k + 1..]
                    .iter()
                    .take_while(|v| v.capital && v.joined)
                    .count()
        };
        // A slot is in one text: a title's first word does not follow the
        // passage's last.
        let left_matches = |detail: &ItemWords, k: usize| {
            k >= left.len()
                && left.iter().enumerate().all(|(j, l)| {
                    !detail.starts_a_text(k - j) && same_form(&detail.words[k - 1 - j].folded, l)
                })
        };
        details.iter().flatten().find_map(|detail| {
            let words = &detail.words;
            words.iter().enumerate().find_map(|(k, word)| {
                let fits = word.capital
                    && !self.in_claim.contains(word.folded.as_str())
                    && !same_stem(&word.folded, missing)
                    && !written_short(missing, &word.folded)
                    && !is_in(FUNCTION_WORDS, &word.folded)
                    // `Fullerton College` for `Fullerton WordPress`.
                    && (!left.is_empty() || !is_class_word(&word.folded))
                    && !is_in(MONTHS_AND_DAYS, &word.folded)
                    && left_matches(detail, k)
                    && right.is_none_or(|r| {
                        let after = run_end(words, k);
                        !detail.starts_a_text(after)
                            && words.get(after).is_some_and(|n| same_form(&n.folded, r))
                    });
                fits.then(|| {
                    let shown = &self.claim[claim_words[start].at.start..claim_words[end].at.end];
                    (shown.to_owned(), word.written.to_string())
                })
            })
        })
    }
}

/// The claim's words `first..=last`, a name the passages do not hold, and
/// the passages' name amid the claim's words around it (`context.rs`).
pub(super) fn named_in_context(
    claim: &str,
    claim_words: &[Word],
    first: usize,
    last: usize,
    details: &[Option<ItemWords>],
) -> Option<(String, String)> {
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    let passages: Vec<(&[Word], &[usize])> = details
        .iter()
        .flatten()
        .map(|d| (d.words.as_slice(), d.starts.as_slice()))
        .collect();
    context_rival(claim_words, first, last, &in_claim, &passages).map(|rival| {
        (
            claim[claim_words[first].at.start..claim_words[last].at.end].to_owned(),
            rival,
        )
    })
}
