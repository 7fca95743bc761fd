//! Negation: one passage states what another denies about the same
//! subject at the same time (`inflation is elevated` against `inflation
//! is not elevated`; `prices rose` against `prices fell`; `the Fed raised
//! rates` against `the Fed held rates`).
//!
//! A statement is the first predicate of a clause that is no forecast,
//! condition or question ([`hedged`]): a verb of a known pair of
//! opposites (rise or fall, raise or cut or hold rates, win or lose,
//! pass or reject), or a word after a copula (`is`, `was`, `are`, `were`,
//! `been`); a `not`, `never`, `no` or `n't` between the subject and it
//! negates it. Two statements oppose when they have the same predicate
//! and one negates it, or opposite verbs and neither is negated (`did not
//! rise` and `fell` are no opposites: prices may have stood still); their
//! subjects (the topic words before the predicate in the clause) are the
//! same ([`same_topic`]); what follows the predicate is the same or said
//! by one only; the qualifiers (core, month on month) are the same; and
//! their periods overlap.

use crate::content_words::{Stem, content_words, is_any_digit};
use crate::disagreement::periods::{Dates, Period, within};
use crate::disagreement::reading::{Sentence, hedged, is_topic, noise, same_topic, stems_of};
use std::ops::Range;
use std::sync::OnceLock;

/// Topic words taken as the subject, before the predicate, and after it.
const SUBJECT: usize = 4;
const OBJECT: usize = 3;

/// Verbs of known opposites: the word, the pair it belongs to (by a
/// word of the pair), and its direction in the pair.
const VERBS: &[(&str, &str, i8)] = &[
    ("rose", "rise", 1),
    ("rise", "rise", 1),
    ("rises", "rise", 1),
    ("risen", "rise", 1),
    ("increased", "rise", 1),
    ("increases", "rise", 1),
    ("climbed", "rise", 1),
    ("grew", "rise", 1),
    ("expanded", "rise", 1),
    ("jumped", "rise", 1),
    ("gained", "rise", 1),
    ("advanced", "rise", 1),
    ("surged", "rise", 1),
    ("soared", "rise", 1),
    ("higher", "rise", 1),
    ("fell", "rise", -1),
    ("falls", "rise", -1),
    ("fallen", "rise", -1),
    ("decreased", "rise", -1),
    ("decreases", "rise", -1),
    ("declined", "rise", -1),
    ("declines", "rise", -1),
    ("dropped", "rise", -1),
    ("shrank", "rise", -1),
    ("contracted", "rise", -1),
    ("slipped", "rise", -1),
    ("sank", "rise", -1),
    ("tumbled", "rise", -1),
    ("plunged", "rise", -1),
    ("lower", "rise", -1),
    ("unchanged", "rise", 0),
    ("flat", "rise", 0),
    ("raised", "raise", 1),
    ("raises", "raise", 1),
    ("hiked", "raise", 1),
    ("lifted", "raise", 1),
    ("cut", "raise", -1),
    ("cuts", "raise", -1),
    ("lowered", "raise", -1),
    ("reduced", "raise", -1),
    ("slashed", "raise", -1),
    ("held", "raise", 0),
    ("holds", "raise", 0),
    ("kept", "raise", 0),
    ("keeps", "raise", 0),
    ("left", "raise", 0),
    ("maintained", "raise", 0),
    ("paused", "raise", 0),
    ("won", "win", 1),
    ("wins", "win", 1),
    ("lost", "win", -1),
    ("loses", "win", -1),
    ("passed", "pass", 1),
    ("approved", "pass", 1),
    ("rejected", "pass", -1),
    ("blocked", "pass", -1),
];

/// A verb's pair and direction, by the verb's stem, sorted by stem.
fn verbs() -> &'static [(Stem, Stem, i8)] {
    static TABLE: OnceLock<Vec<(Stem, Stem, i8)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Vec<(Stem, Stem, i8)> = VERBS
            .iter()
            .filter_map(|(word, pair, direction)| {
                let word = stems_of(&[word]).first().copied()?;
                let pair = stems_of(&[pair]).first().copied()?;
                Some((word, pair, *direction))
            })
            .collect();
        table.sort_unstable_by_key(|(word, _, _)| *word);
        table.dedup_by_key(|(word, _, _)| *word);
        table
    })
}

/// Pairs of verbs about a rate: they oppose only about a rate (`held
/// rates`, not `held a meeting`).
fn is_rate_pair(pair: Stem) -> bool {
    static RAISE: OnceLock<Vec<Stem>> = OnceLock::new();
    RAISE.get_or_init(|| stems_of(&["raise"])).contains(&pair)
}

/// The stems that say a rate follows a rate verb.
fn rate_words() -> &'static [Stem] {
    static RATES: OnceLock<Vec<Stem>> = OnceLock::new();
    RATES.get_or_init(|| stems_of(&["rate", "rates"]))
}

/// A statement of a passage.
#[derive(Debug, Clone)]
pub(super) struct Statement {
    /// The predicate: a verb pair's stem, or the word after a copula.
    predicate: Stem,
    /// The direction in the verb pair (1 for a word after a copula).
    direction: i8,
    negated: bool,
    /// Whether the predicate is a verb about a rate.
    rate: bool,
    /// The subject's topic words, sorted.
    subject: Box<[Stem]>,
    /// The topic words after the predicate, sorted.
    object: Box<[Stem]>,
    flags: u8,
    /// The periods of its clause, else its sentence, else its passage.
    pub(super) periods: Box<[Period]>,
    /// Its sentence, for quoting.
    pub(super) sentence: Range<usize>,
    /// Where its predicate starts, which a quote of a long sentence keeps.
    pub(super) at: usize,
}

/// Whether the text between a subject and a predicate negates it.
fn negates(gap: &str) -> bool {
    const NEGATIONS: [&str; 6] = ["not", "never", "no", "neither", "nor", "cannot"];
    gap_words(gap).any(|w| {
        NEGATIONS.iter().any(|n| n.eq_ignore_ascii_case(w))
            || ends_with_ignore_case(w, "n't")
            || ends_with_ignore_case(w, "n’t")
    })
}

/// The words of a gap between content words, apostrophes kept.
fn gap_words(gap: &str) -> impl Iterator<Item = &str> {
    gap.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
}

/// Whether `word` ends with `suffix`, ASCII case aside.
fn ends_with_ignore_case(word: &str, suffix: &str) -> bool {
    word.len() >= suffix.len()
        && word.is_char_boundary(word.len() - suffix.len())
        && word[word.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// Whether the text between a subject and a word is a copula (`is`,
/// `remains`).
fn copula(gap: &str) -> bool {
    gap_words(gap).any(is_copula)
}

/// Whether `word` is a copula: `is`, `was`, `remains`, `isn't`.
fn is_copula(word: &str) -> bool {
    const COPULAS: [&str; 15] = [
        "is", "are", "was", "were", "been", "be", "isn't", "wasn't", "aren't", "weren't", "remain",
        "remains", "remained", "stays", "stayed",
    ];
    // Every content word of a clause is asked: most are too long or start
    // with no copula's letter.
    word.len() <= 8
        && matches!(
            word.as_bytes().first().map(u8::to_ascii_lowercase),
            Some(b'i' | b'a' | b'w' | b'b' | b'r' | b's')
        )
        && COPULAS.iter().any(|c| c.eq_ignore_ascii_case(word))
}

/// The statements of `text` (a plain passage cut into `sentences`, each
/// with its clauses);
/// `periods` are the passage's.
pub(super) fn read(
    text: &str,
    sentences: &[Sentence],
    periods: &[(usize, Period)],
) -> Vec<Statement> {
    let mut out = Vec::new();
    for s in sentences {
        let (sentence, clauses) = (&s.range, &s.clauses);
        for clause in clauses {
            // Most clauses make no statement: that is found first.
            let Some(mut statement) = statement(text, clause.clone()) else {
                continue;
            };
            if hedged(&text[clause.clone()]) {
                continue;
            }
            // The clause's periods, else the sentence's, else the passage's.
            statement.periods = [within(periods, clause), within(periods, sentence)]
                .into_iter()
                .find(|p| !p.is_empty())
                .unwrap_or_else(|| periods.iter().map(|(_, p)| *p).collect())
                .into();
            statement.flags = s.flags(text);
            statement.sentence = sentence.clone();
            out.push(statement);
        }
    }
    out
}

/// The first statement of `clause` of `text`, if it makes one.
fn statement(text: &str, clause: Range<usize>) -> Option<Statement> {
    let piece = &text[clause.clone()];
    let mut words: Vec<(Stem, Range<usize>)> = Vec::new();
    // A negated copula or auxiliary (`isn't`, `didn't`) belongs to the
    // gap between a subject and its predicate, not to either.
    content_words(piece, |stem, range| {
        let word = &piece[range.clone()];
        // `’` is the only character with the byte 0xE2 that counts.
        let apostrophe =
            word.bytes().any(|b| b == b'\'' || b == 0xE2) && word.contains(['\'', '’']);
        if !(is_copula(word) || apostrophe && negates(word)) {
            words.push((stem, range));
        }
    });
    let verbs = verbs();
    for (k, (stem, range)) in words.iter().enumerate().skip(1) {
        let gap_start = words[k - 1].1.end;
        // Pairs of characters of a script without spaces overlap.
        let gap = piece.get(gap_start..range.start).unwrap_or_default();
        let word = &piece[range.clone()];
        let (predicate, direction) = match verbs.binary_search_by_key(stem, |(w, _, _)| *w) {
            Ok(i) => (verbs[i].1, verbs[i].2),
            Err(_) if copula(gap) && !word.starts_with(is_any_digit) => (*stem, 1),
            Err(_) => continue,
        };
        let noise = noise();
        let topic =
            |(s, r): &(Stem, Range<usize>)| is_topic(&piece[r.clone()], *s, noise).then_some(*s);
        let subject: Vec<Stem> = words[..k]
            .iter()
            .rev()
            .filter_map(topic)
            .take(SUBJECT)
            .collect();
        if subject.is_empty() {
            return None;
        }
        let object: Vec<Stem> = words[k + 1..]
            .iter()
            .filter(|(_, r)| !piece[r.clone()].ends_with("ly"))
            .filter_map(topic)
            .take(OBJECT)
            .collect();
        let rate = is_rate_pair(predicate);
        if rate && !object.iter().any(|s| rate_words().contains(s)) {
            return None;
        }
        return Some(Statement {
            predicate,
            direction,
            negated: negates(gap),
            rate,
            subject: sorted(subject),
            object: sorted(object),
            flags: 0,
            periods: Box::default(),
            sentence: 0..0,
            at: clause.start + range.start,
        });
    }
    None
}

fn sorted(mut stems: Vec<Stem>) -> Box<[Stem]> {
    stems.sort_unstable();
    stems.dedup();
    stems.into()
}

/// Whether `s` and `t` state opposite things about the same subject (the
/// periods aside).
fn opposed(s: &Statement, t: &Statement) -> bool {
    let opposite = if s.direction == t.direction {
        s.negated != t.negated
    } else {
        !s.negated && !t.negated
    };
    s.predicate == t.predicate
        && opposite
        && s.flags == t.flags
        && same_topic(&s.subject, &t.subject)
        && (s.rate || s.object == t.object || s.object.is_empty() || t.object.is_empty())
}

/// The first pair of statements of `a` and `b` that oppose each other at
/// overlapping times: their indices.
pub(super) fn find_negation(
    a: &[Statement],
    b: &[Statement],
    dates: impl Fn(&[Period], &[Period]) -> Dates,
) -> Option<(usize, usize)> {
    for (i, s) in a.iter().enumerate() {
        for (j, t) in b.iter().enumerate() {
            if opposed(s, t) && dates(&s.periods, &t.periods) == Dates::Overlap {
                return Some((i, j));
            }
        }
    }
    None
}
