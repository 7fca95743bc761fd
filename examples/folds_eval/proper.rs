//! Claims whose proper name is swapped for one no list knows: each claim
//! whose agreed label is supported and that names, not at its first word,
//! a run of capitalised words its passages hold (`Jerome Powell`, `World
//! Health Organization`, `Powell`, `WHO`), with that name replaced by a
//! proper name of the same shape (as many words; initials for initials)
//! taken from another record's claim, which this record's passages and
//! claim do not hold. The replacement is picked by a seeded hash of the
//! record's id, so the set is the same on every run. Unlike
//! `realreports_eval/names.rs`, nothing here is a list of known names: the
//! swaps are ones the rule's place lists cannot know.

use crate::book::Record;
use evidence_text::content_words::is_unspaced;
use evidence_text::names::lexicon::{MONTHS_AND_DAYS, is_in};
use std::collections::BTreeSet;

const SEED: &str = "proper-names-20261129";

/// Words that join a name's capitalised words (`Bank of Japan`).
const JOINERS: [&str; 8] = ["of", "de", "van", "von", "der", "da", "del", "la"];

/// The swapped-name records made from `records` (whose agreed label is
/// supported), each with the id `<record id>:swapped-proper`.
pub fn swapped(records: &[Record]) -> Vec<Record> {
    // Every candidate name of every claim, in the records' order, with
    // the record it came from.
    let pool: Vec<(usize, Vec<String>)> = records
        .iter()
        .enumerate()
        .flat_map(|(i, r)| names(&r.claim).into_iter().map(move |(_, n)| (i, n)))
        .collect();
    let mut seen = BTreeSet::new();
    let pool: Vec<(usize, Vec<String>)> = pool
        .into_iter()
        .filter(|(_, n)| seen.insert(n.join(" ")))
        .collect();
    let mut out = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let passages: String = record
            .citations
            .iter()
            .map(|c| format!("{} {} ", c.title, c.passage))
            .collect();
        let held = words_folded(&passages);
        let in_claim = words_folded(&record.claim);
        // The claim's first name whose words the passages all hold.
        let Some((at, name)) = names(&record.claim)
            .into_iter()
            .find(|(_, n)| n.iter().all(|w| held.contains(&w.to_lowercase())))
        else {
            continue;
        };
        let shape = shape(&name);
        let start = (fnv(&record.id) % pool.len().max(1) as u64) as usize;
        let other = (0..pool.len())
            .map(|k| &pool[(start + k) % pool.len()])
            .find(|(j, n)| {
                *j != i
                    && shape_of_eq(n, &shape)
                    && n.iter().all(|w| {
                        let w = w.to_lowercase();
                        !held.contains(&w) && !in_claim.contains(&w)
                    })
            });
        let Some((_, other)) = other else {
            continue;
        };
        let written = name.join(" ");
        let mut swapped = record.clone();
        swapped.claim = format!(
            "{}{}{}",
            &record.claim[..at],
            other.join(" "),
            &record.claim[at + written.len()..]
        );
        swapped.id = format!("{}:swapped-proper", record.id);
        swapped.report = format!("{}:swapped-proper", record.report);
        swapped.label = "unsupported".into();
        swapped.label_dataset = "unsupported".into();
        swapped.label_strict = "unsupported".into();
        swapped.set = "swapped-proper".into();
        out.push(swapped);
    }
    out
}

/// A name's shape: its number of words, and whether it is initials.
fn shape(name: &[String]) -> (usize, bool) {
    (name.len(), name.len() == 1 && is_initials(&name[0]))
}

fn shape_of_eq(name: &[String], shape: &(usize, bool)) -> bool {
    self::shape(name) == *shape
}

/// Whether a word is written in capitals (`WHO`, `NASA`), two letters or
/// more.
fn is_initials(word: &str) -> bool {
    word.chars().count() >= 2 && word.chars().all(|c| c.is_uppercase())
}

/// The proper names of a claim, each with its byte offset and its words
/// as written (joined by single spaces in the claim): runs of capitalised
/// words (joiners between them), not counting a run's first word when it
/// opens the claim or a sentence (`The`, `In`), and not a lone word of
/// one letter, a month or a day of the week.
fn names(claim: &str) -> Vec<(usize, Vec<String>)> {
    let tokens = tokens(claim);
    let mut found = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let (at, word) = tokens[k];
        let opens = claim[..at]
            .trim_end()
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, '.' | '!' | '?' | ':'));
        if !capitalised(word) || opens {
            k += 1;
            continue;
        }
        let mut end = k + 1;
        while end < tokens.len() && single_space(claim, tokens[end - 1], tokens[end]) {
            let next = tokens[end].1;
            if capitalised(next) {
                end += 1;
            } else if JOINERS.contains(&next)
                && tokens
                    .get(end + 1)
                    .is_some_and(|t| capitalised(t.1) && single_space(claim, tokens[end], *t))
            {
                end += 2;
            } else {
                break;
            }
        }
        let words: Vec<String> = tokens[k..end].iter().map(|t| t.1.to_owned()).collect();
        // A month or a day of the week alone dates, it names no subject
        // (`in March 2018`): its swaps are date errors, not subject ones.
        // (`May` too, which the rule's table leaves out as a verb.)
        let lower = words[0].to_lowercase();
        let calendar = words.len() == 1 && (is_in(MONTHS_AND_DAYS, &lower) || lower == "may");
        if !calendar && (words.len() > 1 || words[0].chars().count() > 1) {
            found.push((at, words));
        }
        k = end;
    }
    found
}

/// Whether `b` follows `a` after exactly one space.
fn single_space(text: &str, a: (usize, &str), b: (usize, &str)) -> bool {
    &text[a.0 + a.1.len()..b.0] == " "
}

/// Whether a word begins with a capital letter and holds only letters.
fn capitalised(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase) && word.chars().all(char::is_alphabetic)
}

/// The words of `text` (runs of letters and digits) with their byte
/// offsets; a letter of a script written without spaces after one of
/// another, or the other way round, starts a word (`UI设计` is `UI` and
/// `设计`), as the rule reads names.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, bool)> = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let kind = is_unspaced(c);
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some((i, kind)),
            (true, Some((s, k))) if k != kind => {
                out.push((s, &text[s..i]));
                start = Some((i, kind));
            }
            (false, Some((s, _))) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn words_folded(text: &str) -> BTreeSet<String> {
    tokens(text)
        .into_iter()
        .map(|(_, w)| w.to_lowercase())
        .collect()
}

/// FNV-1a of the seed and `text`.
fn fnv(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in SEED.bytes().chain([0]).chain(text.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
