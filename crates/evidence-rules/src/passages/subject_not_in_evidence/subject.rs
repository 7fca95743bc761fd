//! A name no cited text holds, where the passages are about another: the
//! name they write most often (the passages alone: a title or a
//! publisher names the page, `Bureau of Economic Analysis`), and more
//! often than any the claim shares with them, is one the claim does not
//! name (`Warhol amassed the largest natural history collection` citing a
//! page that names *Petiver* five times). The claim has put its name where the
//! passage's subject stands, though no word beside it places it there.
//!
//! A claim speaking of someone as `he`, `she` or `they` before its name
//! may mean the passage's subject without naming it, so such a claim is
//! not read this way, nor is an adjective of a people (`European
//! countries`); a pronoun after the name speaks of the name (`Kraut
//! declined as he did not want to leave`), unless the claim speaks of the
//! passage's subject by its kind beside it ([`named_by_its_kind`]). A name
//! written fewer than [`MIN_MENTIONS`] times is not what a passage is
//! about.

use super::context::{adjective_of_a_people, same_word};
use super::slot::{run_around, written_as_a_name_in};
use super::{CitedTexts, passages_among};
use evidence_text::names::Word;
use evidence_text::names::lexicon::tells_no_name;
use evidence_text::names::vocabulary::ItemWords;
use std::collections::HashMap;

/// The fewest times the passages must write their subject's name.
const MIN_MENTIONS: usize = 2;

/// Words by which a claim may speak of the passage's subject unnamed.
const PERSONAL_PRONOUNS: [&str; 10] = [
    "he", "she", "his", "her", "him", "hers", "they", "their", "them", "theirs",
];

/// An item's passages' words.
type Passage<'w> = &'w [Word];

/// How often the passages write one word capitalised, and where first.
struct Mentions {
    count: usize,
    /// `(passage, word)`.
    first: (usize, usize),
}

/// The claim's words `first..=last`, a name no cited text holds, and the
/// passages' subject, when they are about one the claim does not name.
pub(super) fn subject_rival(
    claim: &str,
    claim_words: &[Word],
    first: usize,
    last: usize,
    cited: &[CitedTexts<'_>],
    details: &[Option<ItemWords>],
) -> Option<(String, String)> {
    // An adjective of a people (`European countries`) is not the subject
    // the claim's sentence is about, as in `context.rs`.
    let pronoun = |w: &Word| PERSONAL_PRONOUNS.contains(&w.folded.as_str());
    if adjective_of_a_people(claim_words, first, last) || claim_words[..first].iter().any(pronoun) {
        return None;
    }
    // A pronoun after the name may speak of the name (`Lee … her role`).
    let pronoun_after = claim_words[last + 1..].iter().any(pronoun);
    let passages = passages(cited, details);
    let mut ranked: Vec<(&str, Mentions)> = capitalised(&passages)
        .into_iter()
        .filter(|(_, m)| m.count >= MIN_MENTIONS)
        .collect();
    // Most mentioned first; ties in the words' order, so every run agrees.
    ranked.sort_by(|a, b| b.1.count.cmp(&a.1.count).then_with(|| a.0.cmp(b.0)));
    let (key, top) = ranked
        .iter()
        .find(|(k, _)| written_as_a_name_in(k, &passages))?;
    let in_claim = |key: &str| claim_words.iter().any(|w| same_word(&w.folded, key));
    // The claim names something the passages write as often as their
    // subject: they are about that as much.
    let shares_a_subject = ranked
        .iter()
        .take_while(|(_, m)| m.count >= top.count)
        .any(|(k, _)| in_claim(k) && written_as_a_name_in(k, &passages));
    if in_claim(key)
        || shares_a_subject
        || (pronoun_after && named_by_its_kind(claim_words, (first, last), &passages, key))
    {
        return None;
    }
    let (passage, at) = top.first;
    Some((
        claim[claim_words[first].at.start..claim_words[last].at.end].to_owned(),
        run_around(passages[passage], at),
    ))
}

/// How many words either side of the passages' subject may name its kind
/// (`House with Chimeras`).
const KIND_REACH: usize = 2;

/// Whether the claim speaks of the passages' subject `key` by its kind:
/// a capitalised word of the subject's name in a passage, within
/// [`KIND_REACH`] words of it, is a word the claim writes in lower case
/// outside its name's words `first..=last` (`this gloomy house` for the
/// `House with Chimeras`): the claim's name is then another thing than
/// the subject, beside it.
fn named_by_its_kind(
    claim_words: &[Word],
    (first, last): (usize, usize),
    passages: &[Passage<'_>],
    key: &str,
) -> bool {
    let in_lower_case = |folded: &str| {
        claim_words
            .iter()
            .enumerate()
            .any(|(k, w)| (k < first || k > last) && !w.capital && w.folded == folded)
    };
    passages.iter().any(|words| {
        words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.capital && w.folded == key)
            .any(|(k, _)| {
                let near = k.saturating_sub(KIND_REACH)..(k + KIND_REACH + 1).min(words.len());
                words[near].iter().any(|w| {
                    w.capital
                        && w.folded != key
                        && w.folded.chars().count() >= 4
                        && !tells_no_name(&w.folded)
                        && in_lower_case(&w.folded)
                })
            })
    })
}

/// The words of each cited item's passages: its words but those of its
/// title and publisher, the last texts ([`ItemWords::starts`]). A text's
/// first word follows no word of the text before it, so no run or line
/// crosses from one passage into the next.
fn passages<'w>(cited: &'w [CitedTexts<'w>], details: &'w [Option<ItemWords>]) -> Vec<Passage<'w>> {
    cited
        .iter()
        .zip(details)
        .filter_map(|((_, texts), detail)| {
            let detail = detail.as_ref()?;
            let end = detail.starts.get(passages_among(texts).len());
            Some(&detail.words[..end.copied().unwrap_or(detail.words.len())])
        })
        .collect()
}

/// How often the passages write each folded word capitalised, for
/// words that may be names: three letters or more, no figure, not a
/// function, class or calendar word. Only capitalised words are counted
/// (most words are not): whether one is a name is asked of the few that
/// matter ([`written_as_a_name_in`]).
fn capitalised<'w>(passages: &[Passage<'w>]) -> HashMap<&'w str, Mentions> {
    let mut mentions: HashMap<&str, Mentions> = HashMap::new();
    for (passage, words) in passages.iter().copied().enumerate() {
        for (k, w) in words.iter().enumerate().filter(|(_, w)| w.capital) {
            let key = w.folded.as_str();
            if key.chars().count() < 3
                || key.chars().any(|c| c.is_ascii_digit())
                || tells_no_name(key)
            {
                continue;
            }
            mentions
                .entry(key)
                .and_modify(|m| m.count += 1)
                .or_insert(Mentions {
                    count: 1,
                    first: (passage, k),
                });
        }
    }
    mentions
}
