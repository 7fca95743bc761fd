//! Names that restate a name the passages hold: a title in apposition, a
//! subtitle, the city a held place lies in, and initials of part of a run
//! of capitalised words, and a word written short (`Blvd`, `CA`). What the
//! passages name in their place is no rival (`subject-not-in-evidence`).

use super::parts::held_as_a_form;
use crate::passages::subject_not_in_evidence::CitedTexts;
use evidence_text::names::lexicon::{FUNCTION_WORDS, is_in};
use evidence_text::names::places;
use evidence_text::names::vocabulary::ItemWords;
use evidence_text::names::{Name, Word, fold, two_capitals};

/// Titles of nobility that follow a name in apposition (`Prince Harry,
/// Duke of Sussex`), folded.
pub(super) const TITLES: &[&str] = &[
    "baron",
    "baroness",
    "count",
    "countess",
    "duchess",
    "duke",
    "earl",
    "emperor",
    "empress",
    "king",
    "lady",
    "lord",
    "marchioness",
    "marquess",
    "prince",
    "princess",
    "queen",
    "viscount",
];

/// Whether `name` names again what the held name before it names: a
/// title in apposition (`Prince Harry, Duke of Sussex`), a subtitle
/// (`"Maiden Heaven: A Tribute to Iron Maiden"`), or the city a held place
/// lies in (`Lindsey Row, Chelsea, London`). The passages may leave it
/// out, and what they name in its place is no rival.
pub(super) fn names_what_precedes(
    claim: &str,
    claim_words: &mut [Word],
    name: &Name,
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> bool {
    let first = name.words.start;
    if first == 0 {
        return false;
    }
    for k in [first - 1, first] {
        if claim_words[k].folded.is_empty() {
            claim_words[k].folded = fold(&claim[claim_words[k].at.clone()]);
        }
    }
    let title = is_in(TITLES, &claim_words[first].folded);
    let city = name.words.len() <= 3 && {
        let run: Vec<&str> = claim_words[name.words.clone()]
            .iter()
            .map(|w| w.folded.as_str())
            .collect();
        places::place_at(&run)
            .is_some_and(|(kinds, n)| n == run.len() && kinds.contains(&places::Kind::City))
    };
    follows_held(claim, claim_words, first, ":", cited, details)
        || ((title || city) && follows_held(claim, claim_words, first, ",", cited, details))
}

/// Whether claim word `at` follows `separator` after a capitalised word
/// that a cited item holds.
pub(super) fn follows_held(
    claim: &str,
    claim_words: &[Word],
    at: usize,
    separator: &str,
    cited: &[CitedTexts<'_>],
    details: &mut [Option<ItemWords>],
) -> bool {
    let Some(previous) = at.checked_sub(1).map(|k| &claim_words[k]) else {
        return false;
    };
    previous.capital
        && claim[previous.at.end..claim_words[at].at.start].trim() == separator
        && !previous.folded.is_empty()
        && (cited
            .iter()
            .any(|(v, _)| v.holds_as_written(&previous.folded))
            || held_as_a_form(&previous.folded, cited, details))
}

/// Whether `name` is initials in parentheses that spell the claim's words
/// before them (`National Institutes of Health (NIH)`, `time-to-collision
/// (TTC)`): the claim defines them, so they name what those words name,
/// which is judged as a name of its own.
pub(super) fn defines_initials(claim: &str, claim_words: &[Word], name: &Name) -> bool {
    let at = name.words.start;
    if name.words.len() != 1 || at == 0 {
        return false;
    }
    let word = &claim_words[at];
    if !claim[..word.at.start].trim_end().ends_with('(') {
        return false;
    }
    // A plural (`PDGs`) spells its singular.
    let written = claim[word.at.clone()].trim_end_matches('s');
    let letters: Vec<char> = written
        .chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    if letters.len() < 2 {
        return false;
    }
    // Read back from the last word before the parenthesis: each word
    // gives the next letter, or is a function word, which may be left out
    // (`National Institutes of Health`); any other word ends the reading.
    let mut wanted = letters.iter().rev().peekable();
    for word in claim_words[at.saturating_sub(8)..at].iter().rev() {
        let Some(initial) = claim[word.at.clone()].chars().next() else {
            break;
        };
        let initial = initial.to_lowercase().next().unwrap_or(initial);
        if wanted.peek() == Some(&&initial) {
            wanted.next();
            if wanted.peek().is_none() {
                return true;
            }
        } else if !is_in(FUNCTION_WORDS, &fold(&claim[word.at.clone()])) {
            return false;
        }
    }
    false
}

/// Whether the passages write `name`, of two words or more, shortened word
/// by word: a run of capitalised words, each a shorter start of the
/// name's word in its place, of three letters or more, a plural `s` aside
/// (`Lib Dems` for `Liberal Democrats`; not `Hurricane Ida` for `Hurricane
/// Idalia`, a sibling's name).
pub(super) fn abbreviated(
    claim_words: &[Word],
    name: &Name,
    details: &[Option<ItemWords>],
) -> bool {
    // `The Liberal Democrats`: the function word is not shortened.
    let parts: Vec<&Word> = claim_words[name.words.clone()]
        .iter()
        .filter(|w| !is_in(FUNCTION_WORDS, &w.folded))
        .collect();
    if parts.len() < 2 {
        return false;
    }
    let shortens = |short: &Word, long: &Word| {
        let stem = short.folded.strip_suffix('s').unwrap_or(&short.folded);
        short.capital
            && stem.chars().count() >= 3
            && stem.len() < long.folded.len()
            && long.folded.starts_with(stem)
    };
    details.iter().flatten().any(|detail| {
        detail.words.windows(parts.len()).any(|run| {
            run.iter()
                .zip(&parts)
                .enumerate()
                .all(|(i, (short, long))| (i == 0 || short.joined) && shortens(short, long))
        })
    })
}

/// Whether `written`, two capitals (`WA`), has its letters in folded
/// `long` in order, the first first (`washington`): the word written
/// short, as a state's postal code is.
pub(super) fn short_in_capitals(written: &str, long: &str) -> bool {
    if !two_capitals(written) {
        return false;
    }
    let short = fold(written);
    let mut rest = long.chars();
    short.chars().next() == long.chars().next()
        && long.chars().count() > 2
        && short.chars().all(|c| rest.any(|l| l == c))
}

/// Whether one of two folded words is the other written short, either
/// way round (`Blvd` in the claim and `Boulevard` in the passage, or the
/// other way): the same name, no rival.
pub(super) fn written_short(a: &str, b: &str) -> bool {
    contracts(a, b) || contracts(b, a)
}

/// Whether folded `short` is a contraction of `long`: three or four
/// letters, its first and last letters, the others between in order, of
/// a word twice as long at least (`blvd` of `boulevard`, `dept` of
/// `department`; not `hall` of `haskell` nor `togo` of `tobago`, names
/// of their own). Not a start of it (`sam` of `samsung`: a word of its
/// own as often), nor a function word.
fn contracts(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    // The cheapest test first: it is asked of many pairs of words.
    short.as_bytes().first() == long.as_bytes().first()
        && long.len() >= 2 * short.len()
        && (3..=4).contains(&short.chars().count())
        && long.chars().count() >= 2 * short.chars().count()
        && short.chars().last() == long.chars().last()
        && !long.starts_with(short)
        && !is_in(FUNCTION_WORDS, short)
        && short.chars().all(|c| rest.any(|l| l == c))
}
