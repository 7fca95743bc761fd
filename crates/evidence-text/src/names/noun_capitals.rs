//! Whether a text is written in a language that capitalises every noun
//! (German), where a capital letter does not mark a name.

use crate::names::{Name, Word, opens_sentence};

/// German words that hold no meaning of their own, each common and none
/// an English, French or Spanish word as well (not `des`, `den`, `es`,
/// `er`, `war`, `hat`, `von`). Sorted, for a binary search.
const GERMAN_FUNCTION_WORDS: &[&str] = &[
    "aber", "als", "auch", "auf", "aus", "bei", "das", "dass", "dem", "der", "die", "durch", "ein",
    "eine", "einem", "einer", "eines", "für", "haben", "ihre", "im", "ist", "kann", "können",
    "mit", "nach", "nicht", "noch", "nur", "oder", "seine", "sich", "sie", "sind", "und", "unter",
    "vom", "waren", "wenn", "werden", "wie", "wird", "wurde", "wurden", "zum", "zur", "zwischen",
    "über",
];

/// Those of [`GERMAN_FUNCTION_WORDS`] that no Dutch, Scandinavian or
/// Portuguese text writes either (`die`, `als`, `wie`, `noch` and
/// `werden` are Dutch; `der`, `dem` and `mit` Danish; `das` Portuguese;
/// and `die` an English verb). Sorted.
const ONLY_GERMAN: &[&str] = &[
    "aber", "auch", "auf", "aus", "bei", "dass", "durch", "eine", "einem", "einer", "eines", "für",
    "haben", "ihre", "im", "ist", "kann", "können", "nach", "nicht", "nur", "oder", "seine",
    "sich", "sind", "und", "unter", "vom", "wenn", "wird", "wurde", "wurden", "zum", "zur",
    "zwischen", "über",
];

/// Whether a claim reads as German, which writes every noun with a
/// capital (`die Voraussetzungen`, `im Jahr 1707`): there a capitalised
/// word is not a name by its capital alone. German is told by two
/// different of its function words, in lower case or opening the text,
/// one of them a word no Dutch or Scandinavian text writes
/// (`ONLY_GERMAN`): `Ursula von der Leyen … would die` is not German.
/// A language detector guessed German for short English claims full of
/// names (`Socrates was born in Alopeke.`).
pub fn capitalises_nouns(text: &str) -> bool {
    let mut first_seen: Option<&str> = None;
    let mut only_german = false;
    let words = text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty());
    for (k, word) in words.enumerate() {
        let lower = word.chars().next().is_some_and(char::is_lowercase);
        if !(lower || k == 0) || word.len() > "zwischen".len() {
            continue;
        }
        let folded = word.to_lowercase();
        let Ok(at) = GERMAN_FUNCTION_WORDS.binary_search(&folded.as_str()) else {
            continue;
        };
        only_german |= ONLY_GERMAN.binary_search(&folded.as_str()).is_ok();
        match first_seen {
            Some(seen) if seen != GERMAN_FUNCTION_WORDS[at] => {
                if only_german {
                    return true;
                }
            }
            Some(_) => {}
            None => first_seen = Some(GERMAN_FUNCTION_WORDS[at]),
        }
    }
    false
}

/// Whether a German claim's name holds two capitalised words or more in
/// a row that are neither German function words nor the sentence's first
/// word, and no word joining them (`Broadway Theatre`, `Paris Hilton`,
/// `Das Broadway Theatre`; not `Herstellung von Polyestern`, nor `Die
/// Frage`): German puts a lower-case word between two common nouns, so
/// such a run is a name, read as in English; but not two such words the
/// last of which ends in `s`, a noun and a name in the genitive. A noun
/// put before a name opening a sentence (`Der Film Titanic`) is read as
/// part of the name.
pub fn two_capitals_in_a_row(claim: &str, claim_words: &[Word], name: &Name) -> bool {
    let run = name.words.clone();
    // How many words count, and the last of them.
    let (mut counted, mut last) = (0, run.start);
    for w in run.clone() {
        let word = &claim_words[w];
        if !word.capital {
            return false;
        }
        // As written, not folded: the list holds `für` and `über`.
        let lower = claim[word.at.clone()].to_lowercase();
        if GERMAN_FUNCTION_WORDS
            .binary_search(&lower.as_str())
            .is_err()
            && !opens_sentence(claim, word.at.start)
        {
            counted += 1;
            last = w;
        }
    }
    // `Küste Gotlands`, `Westküste Südamerikas`: a noun and a name in the
    // genitive, which German writes after it with no word between.
    let genitive = counted == 2 && claim_words[last].folded.ends_with('s');
    counted >= 2 && !genitive
}

/// Whether a word is marked as a name in any language: a capital after
/// its first letter (`TBMs`, `McLaren`, `iPhone`), which no common noun has.
pub fn marked_as_name(written: &str) -> bool {
    written
        .split(|c: char| !c.is_alphabetic())
        .any(|part| part.chars().skip(1).any(char::is_uppercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_words_are_sorted_for_binary_search() {
        assert!(GERMAN_FUNCTION_WORDS.is_sorted());
        assert!(ONLY_GERMAN.is_sorted());
        assert!(
            ONLY_GERMAN
                .iter()
                .all(|w| GERMAN_FUNCTION_WORDS.contains(w))
        );
    }

    #[test]
    fn dutch_danish_and_english_with_german_words_are_not_german() {
        assert!(!capitalises_nouns(
            "Ursula von der Leyen warned that many would die."
        ));
        assert!(!capitalises_nouns(
            "Johannes van der Waals was born in Leiden and would die in Amsterdam."
        ));
        assert!(!capitalises_nouns("De man die als eerste wie noch kwam."));
        assert!(!capitalises_nouns("Der er mange af dem mit hus."));
    }

    #[test]
    fn german_is_told_by_two_function_words() {
        assert!(capitalises_nouns(
            "Das Hackfleisch besteht aus magerem Rinderhack."
        ));
        assert!(capitalises_nouns(
            "Die Bewerber müssen Voraussetzungen erfüllen, wie das Mindestalter und die Staatsbürgerschaft."
        ));
        // One word is not enough; English full of names is not German.
        assert!(!capitalises_nouns("Die Hard is a 1988 film."));
        assert!(!capitalises_nouns("Socrates was born in Alopeke."));
        assert!(!capitalises_nouns(
            "Ernestine Anderson, a legendary American jazz and blues singer, graduated from Garfield High School."
        ));
        // French `des` and `der` of a name are not German.
        assert!(!capitalises_nouns(
            "Le Mouvement moderne des années 1920 et Mies van der Rohe."
        ));
    }

    #[test]
    fn a_capital_inside_a_word_marks_a_name() {
        assert!(marked_as_name("TBMs"));
        assert!(marked_as_name("McLaren"));
        assert!(!marked_as_name("Dessau-Roßlau"));
        assert!(!marked_as_name("Voraussetzungen"));
    }
}
