//! Stems: what a content word is reduced to, and the memo that makes
//! reducing a word cheap the second time it is read.
//!
//! A stem is kept as a fixed 32-bit hash (FNV-1a, the same on every
//! machine and in every build), so that comparing a claim with a passage
//! compares integers. Stemming (the Snowball English stemmer, after the
//! stop words are left out; the Arabic one for a word in Arabic script,
//! the Russian one for a word in Cyrillic, the Turkish one for a word in
//! Latin letters of a text that reads as Turkish) is remembered per thread
//! in a `Memo`, by a 64-bit key of the lowercased word (salted for a
//! Turkish text): most words of a book recur, so a word is stemmed once
//! per thread however often it is read.

use rust_stemmers::{Algorithm, Stemmer};
use std::cell::RefCell;

mod hindi;
mod russian;
mod turkish;
use hindi::HINDI_STOP_WORDS;
use russian::RUSSIAN_STOP_WORDS;
use turkish::TURKISH_STOP_WORDS;
pub(crate) use turkish::reads_as_turkish;

/// A content word: a fixed 32-bit hash of its stem.
pub type Stem = u32;

/// English words too common to say what a claim is about (the usual
/// information-retrieval list), sorted for binary search.
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "few",
    "for",
    "from",
    "further",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "it's",
    "its",
    "itself",
    "just",
    "may",
    "me",
    "might",
    "more",
    "most",
    "must",
    "my",
    "myself",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "on",
    "once",
    "only",
    "or",
    "other",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "per",
    "s",
    "same",
    "shall",
    "she",
    "should",
    "so",
    "some",
    "such",
    "t",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "up",
    "very",
    "via",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
];

/// Arabic words too common to say what a claim is about: prepositions,
/// conjunctions, pronouns, relatives and the verbs of being, as written
/// alone and with the `و` (and) most often joined to them. Sorted for
/// binary search.
const ARABIC_STOP_WORDS: &[&str] = &[
    "أثناء",
    "أن",
    "أنا",
    "أنه",
    "أو",
    "أي",
    "أيضا",
    "أيضاً",
    "إذا",
    "إلى",
    "إن",
    "إنه",
    "اذا",
    "التي",
    "الذي",
    "الذين",
    "الى",
    "ان",
    "انه",
    "او",
    "بسبب",
    "بشأن",
    "بعد",
    "بعض",
    "بل",
    "به",
    "بها",
    "بين",
    "تكون",
    "تلك",
    "تم",
    "ثم",
    "حتى",
    "حيث",
    "خلال",
    "ذلك",
    "رغم",
    "على",
    "عليه",
    "عليها",
    "عن",
    "عند",
    "عندما",
    "فإن",
    "فى",
    "في",
    "فيه",
    "فيها",
    "قبل",
    "قد",
    "كان",
    "كانت",
    "كذلك",
    "كل",
    "كما",
    "لا",
    "لقد",
    "لكن",
    "لم",
    "لن",
    "له",
    "لها",
    "لهم",
    "ما",
    "مع",
    "مما",
    "من",
    "منذ",
    "منه",
    "منها",
    "نحن",
    "هذا",
    "هذه",
    "هم",
    "هن",
    "هو",
    "هي",
    "و",
    "وأن",
    "وعلى",
    "وفي",
    "وقد",
    "ولا",
    "ومن",
    "وهو",
    "وهي",
    "يكون",
];

/// The kinds of content word, as hash tags.
pub(super) const NUMBER: u8 = b'n';
pub(super) const PAIR: u8 = b'p';
const WORD: u8 = b'w';

/// The FNV-1a hash of `bytes` after a `tag` byte (which keeps the kinds
/// of word apart), folded to a [`Stem`].
pub(super) fn stem_hash(tag: u8, bytes: impl IntoIterator<Item = u8>) -> Stem {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in std::iter::once(tag).chain(bytes) {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash ^ (hash >> 32)) as Stem
}

/// The stem of a lowercased word with a letter, or `None` for a stop word
/// or a single letter; `turkish`: a word in Latin letters of a text read
/// as Turkish ([`reads_as_turkish`]).
fn stem_of(word: &str, turkish: bool) -> Option<Stem> {
    thread_local! {
        static ENGLISH: Stemmer = Stemmer::create(Algorithm::English);
        static ARABIC: Stemmer = Stemmer::create(Algorithm::Arabic);
        static RUSSIAN: Stemmer = Stemmer::create(Algorithm::Russian);
        static TURKISH: Stemmer = Stemmer::create(Algorithm::Turkish);
    }
    // Arabic writes the article and some prepositions into the word
    // (`بالحكومة`, by the government), which its own stemmer takes off;
    // Russian inflects its words for case (`отрывок`, `в отрывке`), which
    // the English stemmer leaves as they are.
    let (stop_words, stemmer) = if word.starts_with(is_arabic) {
        (ARABIC_STOP_WORDS, &ARABIC)
    } else if word.starts_with(is_cyrillic) {
        (RUSSIAN_STOP_WORDS, &RUSSIAN)
    } else if word.starts_with(is_devanagari) {
        // No Hindi stemmer: its endings are mostly words of their own; the
        // English one leaves a word in Devanagari as it is.
        (HINDI_STOP_WORDS, &ENGLISH)
    } else if turkish {
        (TURKISH_STOP_WORDS, &TURKISH)
    } else {
        (STOP_WORDS, &ENGLISH)
    };
    if word.chars().nth(1).is_none() || stop_words.binary_search(&word).is_ok() {
        return None;
    }
    Some(stemmer.with(|stemmer| stem_hash(WORD, stemmer.stem(word).bytes())))
}

/// Whether `c` is a letter of the Devanagari script.
fn is_devanagari(c: char) -> bool {
    matches!(c, '\u{0900}'..='\u{097F}')
}

/// Whether `c` is a letter of the Cyrillic script.
fn is_cyrillic(c: char) -> bool {
    matches!(c, '\u{0400}'..='\u{052F}')
}

/// Whether `c` is a letter of the Arabic script (Arabic, Persian, Urdu).
fn is_arabic(c: char) -> bool {
    matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}')
}

/// XORed into a word's key in a text read as Turkish, where the same
/// letters are stemmed otherwise.
pub(super) const TURKISH_SALT: u64 = 0x5452_5f54_5552_4b49;

/// `0x20` in every byte: ORed into ASCII letters and digits, it
/// lowercases the letters and leaves the digits as they are.
pub(super) const ASCII_LOWER: u64 = 0x2020_2020_2020_2020;

/// The memo's key of the word at `range` of `bytes`, lowercased by ORing
/// `fold` into it ([`ASCII_LOWER`] for a word of ASCII letters and
/// digits as it stands in the text, `0` for a word lowercased already):
/// its bytes eight at a time, mixed with its length. For words of up to
/// eight bytes of one length the key is one-to-one, and never 0.
#[inline]
pub(super) fn word_key(bytes: &[u8], range: std::ops::Range<usize>, fold: u64) -> u64 {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    let len = range.len();
    let mut key = (len as u64).wrapping_mul(MIX);
    // Most words: one step of the loop below, in one load.
    if len <= 8
        && len > 0
        && let Some(window) = bytes.get(range.start..range.start + 8)
    {
        let eight = u64::from_le_bytes(window.try_into().unwrap_or_default());
        key = (key ^ ((eight | fold) & (u64::MAX >> (64 - 8 * len)))).wrapping_mul(MIX);
        return (key ^ (key >> 29)).max(1);
    }
    let mut at = range.start;
    while at < range.end {
        let n = (range.end - at).min(8);
        // Eight bytes at once where the text has them (the ones past the
        // word masked off), else the word's last bytes copied.
        let eight = match bytes.get(at..at + 8) {
            Some(window) => u64::from_le_bytes(window.try_into().unwrap_or_default()),
            None => {
                let mut eight = [0u8; 8];
                eight[..n].copy_from_slice(&bytes[at..at + n]);
                u64::from_le_bytes(eight)
            }
        };
        let mask = u64::MAX >> (64 - 8 * n);
        key = (key ^ ((eight | fold) & mask)).wrapping_mul(MIX);
        key ^= key >> 29;
        at += n;
    }
    key.max(1)
}

/// Each lowercased word's stem (`None`: a stop word), by [`word_key`]:
/// open addressing with linear probing, at most half full, so that a
/// word read again costs a probe or two.
#[derive(Default)]
pub(super) struct Memo {
    /// The keys (0: empty) and stems, a power of two of them.
    slots: Vec<(u64, Option<Stem>)>,
    /// Slots in use.
    len: usize,
}

impl Memo {
    /// The stem of the word keyed `key` (salted with [`TURKISH_SALT`] for
    /// a text read as Turkish), stemming `word` (lowercased) the first
    /// time.
    pub(super) fn stem(
        &mut self,
        key: u64,
        turkish: bool,
        word: impl FnOnce() -> String,
    ) -> Option<Stem> {
        if self.len * 2 >= self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = key as usize & mask;
        loop {
            match self.slots[at] {
                (0, _) => break,
                (k, stem) if k == key => return stem,
                _ => at = (at + 1) & mask,
            }
        }
        let stem = stem_of(&word(), turkish);
        self.slots[at] = (key, stem);
        self.len += 1;
        stem
    }

    /// Doubles the table (at least 4,096 slots).
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(4096);
        let old = std::mem::replace(&mut self.slots, vec![(0, None); size]);
        let mask = size - 1;
        for (key, stem) in old.into_iter().filter(|(key, _)| *key != 0) {
            let mut at = key as usize & mask;
            while self.slots[at].0 != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = (key, stem);
        }
    }
}

thread_local! {
    /// The memo of this thread.
    pub(super) static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_words_are_sorted_lowercase_and_distinct() {
        assert!(STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(STOP_WORDS.iter().all(|w| w.to_lowercase() == *w));
        assert!(RUSSIAN_STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(HINDI_STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(RUSSIAN_STOP_WORDS.iter().all(|w| w.to_lowercase() == *w));
    }

    #[test]
    fn words_of_a_turkish_text_are_stemmed_as_turkish() {
        // Endings written onto the word come off; read as English, not.
        assert_eq!(stem_of("kitapları", true), stem_of("kitap", true));
        assert_ne!(stem_of("kitapları", false), stem_of("kitap", false));
        assert_eq!(stem_of("için", true), None);
        // Its memo key is apart from the same letters read otherwise.
        let key = word_key(b"kitaplari", 0..9, 0);
        assert_ne!(key, (key ^ TURKISH_SALT).max(1));
    }

    #[test]
    fn russian_words_are_stemmed_as_russian() {
        // The cases of one word are one stem; a function word is none.
        assert_eq!(stem_of("верованиях", false), stem_of("верования", false));
        assert_eq!(stem_of("исламских", false), stem_of("исламский", false));
        assert_eq!(stem_of("отрывке", false), stem_of("отрывки", false));
        assert_eq!(stem_of("также", false), None);
        assert_ne!(stem_of("верованиях", false), stem_of("исламских", false));
    }

    #[test]
    fn words_of_ascii_letters_are_keyed_as_the_lowercased_word() {
        for word in ["Rates", "ABCDEFGH", "unemployment", "a1B2c3D4e5F6g7", "x"] {
            let lower = word.to_ascii_lowercase();
            // In a longer text (read eight bytes at a time) and alone.
            let text = format!("{word} and more");
            assert_eq!(
                word_key(text.as_bytes(), 0..word.len(), ASCII_LOWER),
                word_key(lower.as_bytes(), 0..lower.len(), 0)
            );
        }
        let key = |w: &[u8]| word_key(w, 0..w.len(), 0);
        assert_ne!(key(b"rate"), key(b"rate\0"));
        assert_ne!(key(b"abcdefgh"), key(b"abcdefghi"));
        assert_ne!(key(b""), 0);
    }

    #[test]
    fn the_memo_stems_once_and_keeps_every_word_through_growth() {
        let mut memo = Memo::default();
        let words: Vec<String> = (0..10_000).map(|n| format!("word{n}x")).collect();
        for word in &words {
            let key = word_key(word.as_bytes(), 0..word.len(), 0);
            assert_eq!(memo.stem(key, false, || word.clone()), stem_of(word, false));
        }
        for word in &words {
            let key = word_key(word.as_bytes(), 0..word.len(), 0);
            assert_eq!(
                memo.stem(key, false, || unreachable!()),
                stem_of(word, false)
            );
        }
        let the = word_key(b"the", 0..3, 0);
        assert_eq!(memo.stem(the, false, || "the".into()), None);
    }
}
