//! How the disagreement checks read a passage: its text made plain, cut
//! into clauses; the words that say what a figure or statement is about,
//! the qualifiers that make one measure another, and the words that hedge
//! a statement.

use crate::content_words::{Stem, content_words, is_any_digit};
use crate::disagreement::periods::{month_of, words_at};
use std::cell::Cell;
use std::ops::Range;
use std::sync::OnceLock;

/// A sentence of a passage, cut into clauses once for both checks; its
/// qualifier flags are read on first need, by either check, and once.
pub(super) struct Sentence {
    pub(super) range: Range<usize>,
    pub(super) clauses: Vec<Range<usize>>,
    flags: Cell<Option<u8>>,
}

impl Sentence {
    /// The sentence at `range` of `text`.
    pub(super) fn new(text: &str, range: Range<usize>) -> Sentence {
        Sentence {
            clauses: clauses(text, range.clone()),
            range,
            flags: Cell::new(None),
        }
    }

    /// Its qualifier flags ([`qualifiers`]); `text` is its passage's.
    pub(super) fn flags(&self, text: &str) -> u8 {
        if let Some(flags) = self.flags.get() {
            return flags;
        }
        let flags = qualifiers(&text[self.range.clone()]);
        self.flags.set(Some(flags));
        flags
    }
}

/// `text` with full-width forms as ASCII (`３.１％` is `3.1%`), any space
/// (no-break, ideographic) as a plain one, dashes and the minus sign as
/// `-`, and control characters as spaces: the number reader reads ASCII
/// digits only, and a quote in a message must not carry control codes.
pub fn plain(text: &str) -> String {
    // Every cited passage is read, and most of one is ASCII: a run of ASCII
    // is copied byte by byte (only control characters change), the rest
    // character by character.
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let run = &rest.as_bytes()[..ascii];
        if run.iter().any(u8::is_ascii_control) {
            out.extend(run.iter().map(|&b| {
                if b.is_ascii_control() {
                    ' '
                } else {
                    char::from(b)
                }
            }));
        } else {
            out.push_str(&rest[..ascii]);
        }
        rest = &rest[ascii..];
        let Some(c) = rest.chars().next() else { break };
        rest = &rest[c.len_utf8()..];
        if let Some(c) = plain_char(c) {
            out.push(c);
        }
    }
    out
}

/// What [`plain`] makes of `c`: nothing for a zero-width or direction
/// mark, else its plain form.
fn plain_char(c: char) -> Option<char> {
    if matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{feff}') {
        return None;
    }
    Some(match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        '\u{2212}' => '-',
        c if c.is_whitespace() || c.is_control() => ' ',
        c => c,
    })
}

/// Words that open a new clause: what follows them is another statement
/// or another figure's context (`rose 3.1% in January, up from 2.9% in
/// December`; `core prices rose while energy prices fell`); `from` only
/// before a figure.
const CONNECTIVES: &[&str] = &[
    "while",
    "whereas",
    "but",
    "after",
    "from",
    "compared",
    "versus",
    "vs",
    "than",
    "against",
    "although",
    "though",
    "following",
];

/// The clauses of `range` of `text`: cut at `,` (not between digits),
/// `;`, `:`, brackets and dashes between spaces, and before a connective
/// word.
pub(super) fn clauses(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = range.start;
    let bytes = text.as_bytes();
    let mut cut = |at: usize, next: usize, out: &mut Vec<Range<usize>>| {
        if at > start {
            out.push(start..at);
        }
        start = next;
    };
    for (i, c) in text[range.clone()].char_indices() {
        let at = range.start + i;
        let digit = |j: Option<usize>| j.and_then(|j| bytes.get(j)).is_some_and(u8::is_ascii_digit);
        match c {
            ',' if !(digit(at.checked_sub(1)) && digit(Some(at + 1))) => cut(at, at + 1, &mut out),
            ';' | ':' | '(' | ')' | '—' | '–' => cut(at, at + c.len_utf8(), &mut out),
            // The first letters of the connectives, checked first: most
            // words open no clause.
            'w' | 'W' | 'b' | 'B' | 'a' | 'A' | 'f' | 'F' | 'c' | 'C' | 'v' | 'V' | 't' | 'T'
                if !text[..at].ends_with(|p: char| p.is_alphanumeric() || p == '\'') =>
            {
                let rest = &text[at..range.end];
                let opens = CONNECTIVES.iter().any(|w| {
                    rest.get(..w.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(w))
                        && !rest[w.len()..].starts_with(|n: char| n.is_alphanumeric())
                        && (*w != "from" || before_figure(&rest[w.len()..]))
                });
                if opens {
                    cut(at, at, &mut out);
                }
            }
            _ => {}
        }
    }
    if range.end > start {
        out.push(start..range.end);
    }
    out
}

/// Whether a figure comes next in `rest` (`from 2.9%`, `from $3bn`): only
/// then does `from` open a clause; `adjusted earnings from continuing
/// operations` is one subject.
fn before_figure(rest: &str) -> bool {
    rest.trim_start()
        .trim_start_matches(['$', '£', '€', '¥'])
        .starts_with(|c: char| c.is_ascii_digit())
}

/// Whether `lower` (lowercased text) holds `phrase` (lowercase) as whole
/// words.
fn has_phrase(lower: &str, phrase: &str) -> bool {
    lower.match_indices(phrase).any(|(at, _)| {
        let end = at + phrase.len();
        !lower[..at].ends_with(|c: char| c.is_alphanumeric())
            && !lower[end..].starts_with(|c: char| c.is_alphanumeric())
    })
}

/// The stems of `words`, sorted (each word read as [`content_words`]
/// reads it; stop words have none).
pub(super) fn stems_of(words: &[&str]) -> Vec<Stem> {
    let mut out = Vec::new();
    for word in words {
        content_words(word, |stem, _| out.push(stem));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Words that say nothing about what is measured or stated: reporting
/// verbs, the direction of a change, the basis of a rate (which the
/// qualifier flags compare instead), units.
const NOISE: &[&str] = &[
    "said",
    "says",
    "say",
    "report",
    "reported",
    "reports",
    "according",
    "data",
    "showed",
    "shows",
    "show",
    "official",
    "officials",
    "figures",
    "figure",
    "new",
    "latest",
    "percent",
    "cent",
    "point",
    "points",
    "year",
    "years",
    "month",
    "months",
    "quarter",
    "annual",
    "annually",
    "monthly",
    "quarterly",
    "previous",
    "prior",
    "earlier",
    "last",
    "past",
    "basis",
    "seasonally",
    "rose",
    "rise",
    "risen",
    "rising",
    "increased",
    "increase",
    "fell",
    "fall",
    "fallen",
    "falling",
    "declined",
    "decline",
    "dropped",
    "drop",
    "grew",
    "grow",
    "climbed",
    "climb",
    "gained",
    "gain",
    "jumped",
    "jump",
    "slipped",
    "slip",
    "eased",
    "ease",
    "edged",
    "reached",
    "stood",
    "stands",
    "came",
    "hit",
    "total",
    "totaled",
    "totalled",
    "compared",
    "percentage",
    "level",
    "week",
    "today",
    "yesterday",
    "recent",
    "first",
    "second",
    "third",
    "fourth",
    "half",
    "ending",
    "ended",
];

/// The stems of [`NOISE`], sorted.
pub(super) fn noise() -> &'static [Stem] {
    static NOISE_STEMS: OnceLock<Vec<Stem>> = OnceLock::new();
    NOISE_STEMS.get_or_init(|| stems_of(NOISE))
}

/// The content words of `range` of `text` that say what a figure or a
/// statement is about: no numbers, month names, nor [`noise`] words;
/// each with its byte range in `text`.
pub(super) fn topic_words(text: &str, range: Range<usize>) -> Vec<(Stem, Range<usize>)> {
    let mut out = Vec::new();
    let piece = &text[range.clone()];
    // Read before the words: the noise words' stems are read as content
    // words too, which cannot start inside the reading of another text.
    let noise = noise();
    content_words(piece, |stem, r| {
        if is_topic(&piece[r.clone()], stem, noise) {
            out.push((stem, range.start + r.start..range.start + r.end));
        }
    });
    out
}

/// Whether the content word `word` (stem `stem`) says what something is
/// about: no number, month name, nor `noise` word ([`noise`]).
pub(super) fn is_topic(word: &str, stem: Stem, noise: &[Stem]) -> bool {
    !(word.starts_with(is_any_digit)
        || month_of(word).is_some()
        || noise.binary_search(&stem).is_ok())
}

/// Whether two sorted sets of topic stems are about the same thing: equal
/// (and not empty). One word apart is already another measure too often
/// to allow (`adjusted earnings` and `earnings`, `the unemployment rate for
/// women` and `the unemployment rate`).
pub(super) fn same_topic(a: &[Stem], b: &[Stem]) -> bool {
    !a.is_empty() && a == b
}

/// Qualifiers that make one measure another: core against headline,
/// month on month against year on year, an annualized rate. Bits of a
/// flag set.
pub(super) const CORE: u8 = 1;
pub(super) const MONTHLY: u8 = 2;
pub(super) const ANNUAL: u8 = 4;
pub(super) const ANNUALIZED: u8 = 8;
pub(super) const QUARTERLY: u8 = 16;

/// The phrases of [`qualifiers`], lowercase, each with its flag.
const PHRASES: &[(&str, u8)] = &[
    ("core", CORE),
    ("excluding food and energy", CORE),
    ("less food and energy", CORE),
    ("underlying", CORE),
    ("month-on-month", MONTHLY),
    ("month-over-month", MONTHLY),
    ("monthly", MONTHLY),
    ("m/m", MONTHLY),
    ("from the previous month", MONTHLY),
    ("from the prior month", MONTHLY),
    ("on the month", MONTHLY),
    ("in the month", MONTHLY),
    ("year-on-year", ANNUAL),
    ("year-over-year", ANNUAL),
    ("year over year", ANNUAL),
    ("y/y", ANNUAL),
    ("annual", ANNUAL),
    ("12-month", ANNUAL),
    ("12 months", ANNUAL),
    ("a year earlier", ANNUAL),
    ("a year ago", ANNUAL),
    ("a year before", ANNUAL),
    ("on the year", ANNUAL),
    ("annualized", ANNUALIZED),
    ("annualised", ANNUALIZED),
    ("annual rate", ANNUALIZED),
    ("quarter-on-quarter", QUARTERLY),
    ("quarter-over-quarter", QUARTERLY),
    ("from the previous quarter", QUARTERLY),
    ("q/q", QUARTERLY),
];

/// The [`PHRASES`] by their first letter (lowercase ASCII): bit `k` of
/// the set at a letter is the `k`th phrase.
fn by_first_letter() -> &'static [u32; 128] {
    const _: () = assert!(PHRASES.len() <= 32);
    static TABLE: OnceLock<[u32; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0; 128];
        for (k, (phrase, _)) in PHRASES.iter().enumerate() {
            table[usize::from(phrase.as_bytes()[0])] |= 1 << k;
        }
        table
    })
}

/// The qualifier flags of `text` (a figure's sentence).
pub(super) fn qualifiers(text: &str) -> u8 {
    // Every passage's sentences are read, so in one pass and without a
    // copy: a phrase (each starts with an ASCII letter or digit) can match
    // only where a word starts, and is compared there ASCII case aside.
    // One found is confirmed as a search of the lowercased sentence finds
    // it ([`has_phrase`]), which skips an occurrence overlapping one before
    // (`xm/m/m`): what the flags have always been.
    let bytes = text.as_bytes();
    let mut flags = 0;
    let mut confirmed: u32 = 0;
    let mut lower: Option<String> = None;
    let mut previous_alphanumeric = false;
    let table = by_first_letter();
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        // A byte of ASCII is a character; another is decoded.
        if !b.is_ascii() {
            let c = text[at..].chars().next().unwrap_or_default();
            previous_alphanumeric = c.is_alphanumeric();
            at += c.len_utf8();
            continue;
        }
        let starts_word = b.is_ascii_alphanumeric() && !previous_alphanumeric;
        previous_alphanumeric = b.is_ascii_alphanumeric();
        at += 1;
        if !starts_word {
            continue;
        }
        let at = at - 1;
        let mut candidates = table[usize::from(b.to_ascii_lowercase())];
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let (phrase, flag) = PHRASES[k];
            if flags & flag == 0
                && confirmed & (1 << k) == 0
                // Byte by byte, to stop at the first that differs (the
                // phrase is lowercase).
                && bytes.get(at..at + phrase.len()).is_some_and(|h| {
                    h.iter()
                        .zip(phrase.as_bytes())
                        .all(|(t, p)| t.to_ascii_lowercase() == *p)
                })
                && !text[at + phrase.len()..].starts_with(|c: char| c.is_alphanumeric())
            {
                confirmed |= 1 << k;
                let lower = lower.get_or_insert_with(|| text.to_ascii_lowercase());
                if has_phrase(lower, phrase) {
                    flags |= flag;
                }
            }
        }
    }
    // An annualized rate is written `at an annual rate`: not year on year.
    if flags & ANNUALIZED != 0 {
        flags &= !ANNUAL;
    }
    flags
}

/// Words of a clause that make it no plain statement of fact: a forecast,
/// an expectation, a condition, an average or a range.
const HEDGES: &[&str] = &[
    "expected",
    "expects",
    "expect",
    "expectations",
    "forecast",
    "forecasts",
    "forecasters",
    "estimate",
    "estimates",
    "estimated",
    "projected",
    "projection",
    "projects",
    "predicted",
    "predicts",
    "consensus",
    "anticipated",
    "target",
    "goal",
    "revised",
    "previously",
    "preliminary",
    "could",
    "would",
    "might",
    "should",
    "will",
    "if",
    "whether",
    "unless",
    "likely",
    "unlikely",
    "economists",
    "analysts",
    "polled",
    "poll",
    "survey",
    "plan",
    "plans",
    "aim",
    "aims",
    "range",
    "between",
    "average",
    "averaged",
    "median",
];

/// Whether `text` (a clause) is hedged: see [`HEDGES`]; `may` counts
/// lowercase (the modal verb, not the month); a `?` counts too.
pub(super) fn hedged(text: &str) -> bool {
    // Every clause with a figure or a statement is read: a word is compared
    // only with the hedges of its first letter (all are ASCII).
    static BY_FIRST_LETTER: OnceLock<[u64; 128]> = OnceLock::new();
    let table = BY_FIRST_LETTER.get_or_init(|| {
        const _: () = assert!(HEDGES.len() <= 64);
        let mut table = [0; 128];
        for (k, hedge) in HEDGES.iter().enumerate() {
            table[usize::from(hedge.as_bytes()[0])] |= 1 << k;
        }
        table
    });
    text.contains('?')
        || words_at(text).any(|(_, w)| {
            let Some(&first) = w.as_bytes().first().filter(|b| b.is_ascii()) else {
                return false;
            };
            let mut candidates = table[usize::from(first.to_ascii_lowercase())];
            while candidates != 0 {
                let k = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if HEDGES[k].eq_ignore_ascii_case(w) {
                    return true;
                }
            }
            w == "may"
        })
}

/// Words right before a figure that make it a bound, not a value
/// (`more than 3%`, `nearly 200 people`).
const BOUNDS: &[&str] = &[
    "about",
    "around",
    "nearly",
    "almost",
    "roughly",
    "approximately",
    "some",
    "over",
    "under",
    "than",
    "least",
    "to",
    "above",
    "below",
    "exceeding",
    "exceeded",
    "topped",
    "much",
    "high",
    "low",
    "estimated",
    "up",
];

/// Whether the figure after `before` (the text before it) is a bound:
/// one of [`BOUNDS`] is the word just before it (`rose to 3%` is a value,
/// but `up to 3%` is not: `to` counts after `up` only), or a sign (`~`,
/// `<`, `>`, `≈`).
pub(super) fn bounded(before: &str) -> bool {
    let before = before
        .trim_end()
        .trim_end_matches(['$', '£', '€', '¥'])
        .trim_end();
    if before.ends_with(['~', '≈', '<', '>', '≥', '≤']) {
        return true;
    }
    let mut words = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    let last = words.next().unwrap_or_default().to_ascii_lowercase();
    let second = words.next().unwrap_or_default().to_ascii_lowercase();
    match last.as_str() {
        "to" => second == "up",
        "up" => false,
        w => BOUNDS.contains(&w),
    }
}

#[cfg(test)]
mod tests;
