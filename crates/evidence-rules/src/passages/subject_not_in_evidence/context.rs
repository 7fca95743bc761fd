//! A name the passages do not hold, read by what surrounds it: when a
//! passage says what the claim says around its name — the same content
//! words close together — and names something else amid them, that is
//! what the passage names in the claim's place (`the Buick algorithm … in
//! the average case` against `Quicksort is a sorting algorithm … that has
//! an average-case complexity`). No list of names is read: the words
//! around the name place it.
//!
//! A name merely absent is not a finding (passages leave out names that
//! claims may state); the passage must say the claim's own words around
//! another name, and that name must be one the passage writes as a name.

use crate::passages::subject_not_in_evidence::restated::written_short;
use crate::passages::subject_not_in_evidence::slot::{run_around, written_as_a_name};
use evidence_text::names::Word;
use evidence_text::names::lexicon::{FUNCTION_WORDS, MONTHS_AND_DAYS, is_class_word, is_in};
use std::collections::{HashMap, HashSet};

/// How many claim words on each side of the name make its context.
const CLAIM_REACH: usize = 10;
/// How many passage words on each side of a rival are searched for them.
const PASSAGE_REACH: usize = 12;
/// The fewest context words a passage must repeat around its rival, and
/// the share of the context they must be (three tenths: chosen on the
/// developers' half, where a half missed swaps a paraphrase keeps few
/// words of, and kept the supported claims' flags as they were).
const MIN_SHARED: usize = 3;
const MIN_SHARE: f64 = 0.3;

/// The claim's content words around its words `first..=last` (folded, the
/// name's own words and other capitalised words left out: names are
/// what passages hold in other places, headings and lists, and would
/// place anything near them).
fn context(claim_words: &[Word], first: usize, last: usize) -> Vec<&str> {
    let from = first.saturating_sub(CLAIM_REACH);
    let to = (last + CLAIM_REACH + 1).min(claim_words.len());
    let mut seen = HashSet::new();
    (from..to)
        .filter(|&w| w < first || w > last)
        .map(|w| &claim_words[w])
        .filter(|w| !w.capital && telling(&w.folded))
        .map(|w| w.folded.as_str())
        .filter(|w| seen.insert(*w))
        .collect()
}

/// Whether a passage word is one of the claim's name's words spelled
/// another way (`Föhnsturm`, folded `fohnsturm`, for `Foehnsturm`): at
/// most one edit in five.
fn another_spelling(folded: &str, name: &[Word]) -> bool {
    name.iter()
        .any(|w| strsim::normalized_levenshtein(folded, &w.folded) >= 0.8)
}

/// Whether the claim has context words both before and after its words
/// `first..=last`.
fn context_on_both_sides(claim_words: &[Word], first: usize, last: usize) -> bool {
    let says = |w: &Word| !w.capital && telling(&w.folded);
    let before = claim_words[first.saturating_sub(CLAIM_REACH)..first]
        .iter()
        .any(says);
    let after = claim_words[last + 1..(last + CLAIM_REACH + 1).min(claim_words.len())]
        .iter()
        .any(says);
    before && after
}

/// A word that says something: three letters or more (or a figure), not
/// a function word.
fn telling(folded: &str) -> bool {
    (folded.chars().count() >= 3 || folded.chars().any(|c| c.is_ascii_digit()))
        && !is_in(FUNCTION_WORDS, folded)
}

/// Whether two folded words are one word or two forms of it (`producing`,
/// `production`; `state`, `states`).
pub(super) fn same_word(a: &str, b: &str) -> bool {
    a == b || prefix5(a).is_some_and(|p| prefix5(b) == Some(p))
}

/// The passage's capitalised word in the place of the claim's name (its
/// words `first..=last`, folded), if a passage repeats enough of the
/// name's context around it: the one with the most of it. `in_claim`
/// holds the claim's folded words.
pub(super) fn context_rival(
    claim_words: &[Word],
    first: usize,
    last: usize,
    in_claim: &HashSet<&str>,
    passages: &[(&[Word], &[usize])],
) -> Option<String> {
    // A form of a missing word that the passage holds (`Greek` for
    // `Greece`, `England` for `English`) is the name, not a rival's place.
    let all = || passages.iter().flat_map(|(words, _)| words.iter());
    let formed = |w: &Word| {
        let stem = || w.folded.chars().take(4);
        w.folded.chars().count() >= 5
            && !all().any(|p| p.folded == w.folded)
            && all().any(|p| {
                p.capital && p.folded.chars().count() >= 4 && p.folded.chars().take(4).eq(stem())
            })
    };
    if claim_words[first..=last]
        .iter()
        .filter(|w| w.capital && telling(&w.folded))
        .any(formed)
        || adjective_of_a_people(claim_words, first, last)
    {
        return None;
    }
    let context = context(claim_words, first, last);
    let needed = MIN_SHARED.max((context.len() as f64 * MIN_SHARE).ceil() as usize);
    if context.len() < needed {
        return None;
    }
    let index = ContextIndex::new(&context);
    let around_both = context_on_both_sides(claim_words, first, last);
    let mut best: Option<(usize, String)> = None;
    for &(words, starts) in passages {
        // Which context words each passage word is (a bit each), read
        // once: a candidate's window is then a few bit operations.
        let hits: Vec<u64> = words.iter().map(|w| index.bits(&w.folded)).collect();
        for (k, word) in words.iter().enumerate() {
            if !word.capital {
                continue;
            }
            // The window stays in the word's own text: a title's name is
            // not amid the words of the passage before it.
            let text = starts.partition_point(|&s| s <= k).saturating_sub(1);
            let (from, to) = (
                starts.get(text).copied().unwrap_or(0),
                starts.get(text + 1).copied().unwrap_or(words.len()),
            );
            let either =
                |range: std::ops::Range<usize>| hits[range].iter().fold(0, |all, h| all | h);
            let before = either(k.saturating_sub(PASSAGE_REACH).max(from)..k);
            let after = either(k + 1..(k + PASSAGE_REACH + 1).min(to));
            let shared = (before | after).count_ones() as usize;
            // Where the claim says things on both sides of its name, the
            // passage does too around its own: a name at the end of a
            // title (`Crude oil inventories Outlook`) is not in a sentence
            // saying what the claim says.
            let both_sides = !around_both || (before != 0 && after != 0);
            if shared >= needed
                && both_sides
                && best.as_ref().is_none_or(|(most, _)| shared > *most)
                && is_rival(word, in_claim, words, k)
                && !another_spelling(&word.folded, &claim_words[first..=last])
                && !claim_words[first..=last]
                    .iter()
                    .any(|c| written_short(&c.folded, &word.folded))
            {
                best = Some((shared, run_around(words, k)));
            }
        }
    }
    best.map(|(_, written)| written)
}

/// The claim's context words, looked up by a passage word: by the word,
/// and by its first five letters (see [`same_word`]), each giving the bits
/// of the context words (at most the first 64) it is.
struct ContextIndex<'c> {
    exact: HashMap<&'c str, u64>,
    by_prefix: HashMap<&'c str, u64>,
}

impl<'c> ContextIndex<'c> {
    fn new(context: &[&'c str]) -> ContextIndex<'c> {
        let (mut exact, mut by_prefix) = (HashMap::new(), HashMap::new());
        for (i, c) in context.iter().take(64).enumerate() {
            *exact.entry(*c).or_insert(0) |= 1 << i;
            if let Some(p) = prefix5(c) {
                *by_prefix.entry(p).or_insert(0) |= 1 << i;
            }
        }
        ContextIndex { exact, by_prefix }
    }

    /// The context words a passage word is, or holds as a hyphenated part
    /// (`average-case` holds `average`).
    fn bits(&self, folded: &str) -> u64 {
        let one = |w: &str| {
            self.exact.get(w).copied().unwrap_or(0)
                | prefix5(w)
                    .and_then(|p| self.by_prefix.get(p))
                    .copied()
                    .unwrap_or(0)
        };
        let mut bits = one(folded);
        if folded.contains('-') {
            bits |= folded.split('-').fold(0, |all, part| all | one(part));
        }
        bits
    }
}

/// The first five letters of a word of five letters or more.
fn prefix5(word: &str) -> Option<&str> {
    match word.char_indices().nth(5) {
        Some((at, _)) => Some(&word[..at]),
        None => (word.chars().count() == 5).then_some(word),
    }
}

/// Whether a passage word could be a rival name: capitalised, written as
/// a name in the passage, not a word of the claim in any form (the same
/// first five letters), nor a function, calendar or class word (but one
/// ending a run of capitals, `Fullerton College`).
pub(super) fn is_rival(word: &Word, in_claim: &HashSet<&str>, words: &[Word], k: usize) -> bool {
    may_be_rival(word, in_claim, words, k) && written_as_a_name(&word.folded, words)
}

/// [`is_rival`] but for how the passage writes the word elsewhere: a
/// sentence's first word may be a name (`Renegades is the fourth studio
/// album`) where no other word says so.
pub(super) fn may_be_rival(
    word: &Word,
    in_claim: &HashSet<&str>,
    words: &[Word],
    k: usize,
) -> bool {
    may_be_a_name(word, words, k)
        && !in_claim.contains(word.folded.as_str())
        && !in_claim.iter().any(|c| same_word(c, &word.folded))
}

/// Whether passage word `k` may be a name, whatever the claim says:
/// capitalised, two letters or more, no figure, not a function or
/// calendar word, nor a class word but one ending a run of capitals.
pub(super) fn may_be_a_name(word: &Word, words: &[Word], k: usize) -> bool {
    // A class word ending a run of capitals ends a name (`Fullerton
    // College`).
    let ends_a_run = || k > 0 && words[k - 1].capital && word.joined;
    word.capital
        && word.folded.chars().count() >= 2
        && !word.folded.chars().any(|c| c.is_ascii_digit())
        && !is_in(FUNCTION_WORDS, &word.folded)
        && (!is_class_word(&word.folded) || ends_a_run())
        && !is_in(MONTHS_AND_DAYS, &word.folded)
}

/// Whether the claim's words `first..=last` are one word that reads as an
/// adjective of a people or place (`English crowned monarch`, `Canadian
/// team`): a demonym's ending, before a word in lower case. Passages
/// often name the place and not the adjective, or neither (`the greatest
/// monarch`), and the people is not the subject the claim's sentence is
/// about; a swapped country (`Germany`) is a noun.
pub(super) fn adjective_of_a_people(claim_words: &[Word], first: usize, last: usize) -> bool {
    const ENDINGS: [&str; 5] = ["ish", "ese", "ian", "ean", "ic"];
    first == last
        && ENDINGS
            .iter()
            .any(|e| claim_words[first].folded.ends_with(e))
        && claim_words
            .get(last + 1)
            .is_some_and(|n| n.joined && !n.capital)
}

#[cfg(test)]
mod tests {
    use crate::passages::subject_not_in_evidence::tests::check;

    #[test]
    fn a_name_the_passage_replaces_amid_the_claims_words_is_reported() {
        // No word next to the name is shared: the words around it are.
        let got = check(
            "The time complexity of the Buick algorithm in the average case is O(n log n).",
            "Quicksort is a sorting algorithm invented by Tony Hoare that has an average-case complexity of O(n log n).",
        );
        assert_eq!(got, Some(("Buick".into(), "Tony Hoare".into())));
        let got = check(
            "Analysts said Contoso Mills cut its workforce by a third after the merger talks collapsed.",
            "After merger talks collapsed, Fabrikam cut its workforce by a third, analysts said.",
        );
        assert_eq!(got, Some(("Contoso Mills".into(), "Fabrikam".into())));
    }

    #[test]
    fn a_swapped_word_of_a_name_and_a_first_word_in_the_same_slot_are_reported() {
        let got = check(
            "Fullerton WordPress and various school districts closed ahead of the storm.",
            "Officials said Fullerton College was closed as well, and school districts closed ahead of the storm.",
        );
        assert_eq!(got, Some(("WordPress".into(), "College".into())));
        let got = check(
            "Microsoft reported quarterly revenue of $10 billion.",
            "Shares rose after Google reported quarterly revenue of $10 billion.",
        );
        assert_eq!(got, Some(("Microsoft".into(), "Google".into())));
    }

    #[test]
    fn names_in_another_form_or_adjectives_of_a_people_are_not_swaps() {
        for (claim, passage) in [
            // A capitalised word of a title, where the passage's sentence
            // says nothing after it.
            (
                "With higher imports from Canada weighing, crude oil inventories rose to 9.07% in February.",
                "Crude oil inventories rose to 9.07% in February on weaker demand. Crude oil inventories Outlook - February 2026",
            ),
            // A form of the name (`German`), a demonym before a noun.
            (
                "Exports from Germany rose sharply after the currency fell.",
                "German exports rose sharply after the currency fell, Merkel said.",
            ),
            (
                "Elizabeth I is considered the greatest English monarch, with 36% of the votes in a survey.",
                "Elizabeth I was voted the greatest monarch with 36% of the votes in a survey by Alexander Ross.",
            ),
            // `winds` is no form of `Windsor`, but the name is held.
            (
                "The Windsor office opened early as winds rose across the region.",
                "Strong winds rose across the region; the Windsor office opened early.",
            ),
            // Too few of the claim's words around the passage's names.
            (
                "Smith said the results were promising.",
                "Jones presented a paper on rainfall in Kenya.",
            ),
        ] {
            assert_eq!(check(claim, passage), None, "{claim}");
        }
    }
}
