//! Content words: the words of a claim or a passage that carry its meaning,
//! each reduced to its stem, as `claim-not-in-evidence` compares them.
//!
//! A word is a run of letters and digits (an apostrophe between letters,
//! combining marks, and a `.` or `,` between digits stay inside it; `,`
//! between digits is dropped, so `143,000` is `143000`). Full-width forms
//! of ASCII characters are read as ASCII. A word is lowercased; English
//! stop words ([`STOP_WORDS`]) and single letters are left out; every
//! other word is stemmed by the Snowball English stemmer (`rates`, `rated`
//! and `rate` are one stem), numbers excepted.
//!
//! Scripts written without spaces between words (Han, Hiragana, Katakana,
//! Thai, Lao, Khmer, Myanmar) have no word boundaries to find: each pair
//! of adjacent characters of such a run is a content word (a run of one
//! character is one), the usual way search engines index them.
//!
//! A stem is kept as a fixed 32-bit hash, so that comparing a claim with
//! a passage compares integers and allocates nothing. Stemming a word is
//! remembered per thread (most words of a book recur), so a word is
//! stemmed once per thread, however often it is read.

use rust_stemmers::{Algorithm, Stemmer};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

/// A content word: a fixed 32-bit hash of its stem (the same on every
/// machine and in every build).
pub(crate) type Stem = u32;

/// English words too common to say what a claim is about (the usual
/// information-retrieval list), sorted for binary search.
pub(crate) const STOP_WORDS: &[&str] = &[
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

/// Calls `each` with the stem and the byte range (in `text`) of every
/// content word of `text`, in order.
pub(crate) fn content_words(text: &str, each: &mut dyn FnMut(Stem, Range<usize>)) {
    MEMO.with_borrow_mut(|memo| Reader::new(memo).read(text, each));
}

/// What a word has been found to be: a stop word, or a stem.
type Memo = HashMap<u64, Option<Stem>, BuildHasherDefault<KeyIsHash>>;

thread_local! {
    /// Each lowercased word's stem, by the word's 64-bit hash.
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The hasher of a map whose keys are hashes already.
#[derive(Default)]
struct KeyIsHash(u64);

impl Hasher for KeyIsHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The FNV-1a hash of `bytes` after a `tag` byte (which keeps the kinds
/// of word apart).
fn fnv1a(tag: u8, bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in std::iter::once(&tag).chain(bytes) {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A 64-bit hash folded to a [`Stem`].
fn fold(hash: u64) -> Stem {
    (hash ^ (hash >> 32)) as Stem
}

/// The kinds of content word, as hash tags.
const WORD: u8 = b'w';
const NUMBER: u8 = b'n';
const PAIR: u8 = b'p';

/// One pass over a text.
struct Reader<'m> {
    memo: &'m mut Memo,
    /// The lowercased word being read (reused: one allocation per text).
    word: String,
    /// Where it started in the text.
    start: usize,
    /// Whether it has a letter (else it is a number).
    has_letter: bool,
    /// The previous character of a run of a script without spaces, and
    /// where it started; whether the run has had a pair yet.
    run: Option<(char, usize, bool)>,
}

impl<'m> Reader<'m> {
    fn new(memo: &'m mut Memo) -> Self {
        Reader {
            memo,
            word: String::new(),
            start: 0,
            has_letter: false,
            run: None,
        }
    }

    fn read(&mut self, text: &str, each: &mut dyn FnMut(Stem, Range<usize>)) {
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let b = bytes[at];
            // ASCII letters and digits, most of any text: no decoding.
            if b.is_ascii_alphanumeric() {
                self.end_run(each);
                if self.word.is_empty() {
                    self.start = at;
                }
                self.has_letter |= b.is_ascii_alphabetic();
                self.word.push(char::from(b.to_ascii_lowercase()));
                at += 1;
                continue;
            }
            let raw = char_at(text, at);
            let end = at + raw.len_utf8();
            self.other(text, raw, at, end, each);
            at = end;
        }
        self.end_word(text.len(), each);
        self.end_run(each);
    }

    /// A character other than an ASCII letter or digit, at `at..end`.
    fn other(
        &mut self,
        text: &str,
        raw: char,
        at: usize,
        end: usize,
        each: &mut dyn FnMut(Stem, Range<usize>),
    ) {
        let c = ascii_form(raw);
        if without_spaces(c) {
            self.end_word(at, each);
            self.unspaced(c, at, end, each);
            return;
        }
        self.end_run(each);
        let next = || (end < text.len()).then(|| ascii_form(char_at(text, end)));
        if c.is_alphanumeric() {
            if self.word.is_empty() {
                self.start = at;
            }
            self.has_letter |= !c.is_numeric();
            if c.is_ascii() {
                self.word.push(c.to_ascii_lowercase());
            } else {
                self.word.extend(c.to_lowercase());
            }
        } else if !self.word.is_empty() && is_combining_mark(c) {
            self.word.push(c);
        } else if !self.word.is_empty()
            && matches!(c, '\'' | '’')
            && self.has_letter
            && next().is_some_and(char::is_alphabetic)
        {
            self.word.push('\'');
        } else if !self.word.is_empty()
            && matches!(c, '.' | ',')
            && self.word.ends_with(|d: char| d.is_ascii_digit())
            && next().is_some_and(|n| n.is_ascii_digit())
        {
            if c == '.' {
                self.word.push('.');
            }
        } else {
            self.end_word(at, each);
        }
    }

    /// A character of a script written without spaces: the pair it ends.
    fn unspaced(
        &mut self,
        c: char,
        at: usize,
        end: usize,
        each: &mut dyn FnMut(Stem, Range<usize>),
    ) {
        if let Some((previous, from, _)) = self.run {
            let mut pair = [0u8; 8];
            let first = previous.encode_utf8(&mut pair).len();
            let second = c.encode_utf8(&mut pair[first..]).len();
            each(fold(fnv1a(PAIR, &pair[..first + second])), from..end);
            self.run = Some((c, at, true));
        } else {
            self.run = Some((c, at, false));
        }
    }

    /// Ends a run of a script without spaces: a run of one character is a
    /// word of its own.
    fn end_run(&mut self, each: &mut dyn FnMut(Stem, Range<usize>)) {
        if let Some((c, from, false)) = self.run.take() {
            let mut one = [0u8; 4];
            each(
                fold(fnv1a(PAIR, c.encode_utf8(&mut one).as_bytes())),
                from..from + c.len_utf8(),
            );
        }
    }

    /// Ends the word being read (at byte `end`), and reports it if it is a
    /// content word.
    fn end_word(&mut self, end: usize, each: &mut dyn FnMut(Stem, Range<usize>)) {
        if self.word.is_empty() {
            return;
        }
        let stem = if !self.has_letter {
            Some(fold(fnv1a(NUMBER, self.word.as_bytes())))
        } else {
            let key = fnv1a(WORD, self.word.as_bytes());
            let word = &self.word;
            *self.memo.entry(key).or_insert_with(|| stem_of(word))
        };
        if let Some(stem) = stem {
            each(stem, self.start..end);
        }
        self.word.clear();
        self.has_letter = false;
    }
}

/// The stem of a lowercased word with a letter, or `None` for a stop word
/// or a single letter.
fn stem_of(word: &str) -> Option<Stem> {
    if word.chars().nth(1).is_none() || STOP_WORDS.binary_search(&word).is_ok() {
        return None;
    }
    thread_local! {
        static ENGLISH: Stemmer = Stemmer::create(Algorithm::English);
    }
    let stem = ENGLISH.with(|stemmer| fnv1a(WORD, stemmer.stem(word).as_bytes()));
    Some(fold(stem))
}

/// The character at byte `at` of `text` (a character boundary).
fn char_at(text: &str, at: usize) -> char {
    text[at..].chars().next().unwrap_or('\0')
}

/// The ASCII character a full-width form stands for (`２` is `2`), else
/// the character itself.
fn ascii_form(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// Whether `c` belongs to a script written without spaces between words.
fn without_spaces(c: char) -> bool {
    matches!(c,
        '\u{0E00}'..='\u{0EFF}'      // Thai, Lao
        | '\u{1000}'..='\u{109F}'    // Myanmar
        | '\u{1780}'..='\u{17FF}'    // Khmer
        | '\u{3040}'..='\u{30FF}'    // Hiragana, Katakana
        | '\u{31F0}'..='\u{31FF}'    // Katakana extensions
        | '\u{3400}'..='\u{4DBF}'    // CJK extension A
        | '\u{4E00}'..='\u{9FFF}'    // CJK unified ideographs
        | '\u{F900}'..='\u{FAFF}'    // CJK compatibility ideographs
        | '\u{FF66}'..='\u{FF9F}'    // half-width Katakana
        | '\u{20000}'..='\u{2FFFF}') // CJK extensions B onwards
        && c.is_alphanumeric()
}

/// Whether `c` is a combining mark (which belongs to the letter before it).
fn is_combining_mark(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'
        | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}'
        | '\u{FE20}'..='\u{FE2F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The content words of `text`, as the text of each.
    fn words(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        content_words(text, &mut |_, range| out.push(&text[range]));
        out
    }

    fn stems(text: &str) -> Vec<Stem> {
        let mut out = Vec::new();
        content_words(text, &mut |stem, _| out.push(stem));
        out
    }

    #[test]
    fn stop_words_are_sorted_lowercase_and_distinct() {
        assert!(STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(STOP_WORDS.iter().all(|w| w.to_lowercase() == *w));
    }

    #[test]
    fn words_are_lowercased_stemmed_and_stop_words_dropped() {
        assert_eq!(
            words("The Committee held the rates at 5.25 percent in 2026."),
            ["Committee", "held", "rates", "5.25", "percent", "2026"]
        );
        assert_eq!(stems("rates RATED rate"), stems("rate rate rate"));
        assert_ne!(stems("rates"), stems("held"));
        // A number is not a word, whatever its digits spell.
        assert_ne!(stems("2026"), stems("a2026"));
    }

    #[test]
    fn numbers_keep_their_decimals_and_drop_thousands_separators() {
        assert_eq!(stems("143,000"), stems("143000"));
        assert_ne!(stems("5.25"), stems("525"));
        assert_eq!(words("$0.13 per share."), ["0.13", "share"]);
        assert_eq!(words("Ends in 2026. Next"), ["Ends", "2026", "Next"]);
    }

    #[test]
    fn apostrophes_hyphens_and_initials() {
        assert_eq!(words("Aoki’s film"), ["Aoki’s", "film"]);
        assert_eq!(stems("Aoki’s"), stems("aoki's"));
        assert_eq!(stems("Aoki's"), stems("Aoki"));
        assert_eq!(words("Grammy-nominated"), ["Grammy", "nominated"]);
        assert_eq!(words("William O. Douglas"), ["William", "Douglas"]);
    }

    #[test]
    fn full_width_forms_read_as_ascii() {
        assert_eq!(stems("２０２６ ＧＤＰ"), stems("2026 gdp"));
    }

    #[test]
    fn scripts_without_spaces_are_read_in_pairs_of_characters() {
        assert_eq!(words("美联储维持"), ["美联", "联储", "储维", "维持"]);
        // A lone character is a word; Latin text beside it is read apart.
        assert_eq!(words("GDP增长 5% 率"), ["GDP", "增长", "5", "率"]);
        assert_eq!(words("東京タワー"), ["東京", "京タ", "タワ", "ワー"]);
        assert_eq!(stems("利率"), stems("利率"));
    }

    #[test]
    fn other_scripts_marks_and_spaces() {
        // Combining marks stay in their word; NBSP, ideographic space,
        // RTL marks and emoji separate words.
        assert_eq!(
            words("cafe\u{301}\u{a0}crème\u{3000}Zürich\u{200f}שלום 🎉 emoji"),
            ["cafe\u{301}", "crème", "Zürich", "שלום", "emoji"]
        );
        assert_eq!(words("Ölpreise стали выше"), ["Ölpreise", "стали", "выше"]);
        assert!(words("").is_empty());
        assert!(words(" . , ' ’ 🎉").is_empty());
    }

    #[test]
    fn stems_are_the_same_on_every_call_and_thread() {
        let text = "Payrolls rose by 143,000 in January, the release said.";
        let here = stems(text);
        let there = std::thread::spawn(move || stems(text)).join().unwrap();
        assert_eq!(here, there);
        assert_eq!(here, stems(text));
    }
}
