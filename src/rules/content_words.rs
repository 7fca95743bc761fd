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
pub(crate) fn content_words(text: &str, mut each: impl FnMut(Stem, Range<usize>)) {
    MEMO.with_borrow_mut(|memo| Reader::new(memo).read(text, &mut each));
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
fn fnv1a(tag: u8, bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in std::iter::once(tag).chain(bytes) {
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

/// Whether an ASCII byte may continue a word it follows (an apostrophe,
/// or a `.` or `,` between digits): any other ASCII byte that is not a
/// letter or digit ends it.
fn may_continue_word(b: u8) -> bool {
    matches!(b, b'\'' | b'.' | b',')
}

/// The memo's key of a lowercased word: its bytes eight at a time, each
/// eight ORed with `fold` (`0x20` in every byte lowercases ASCII letters
/// and leaves digits as they are, so a word of ASCII letters and digits
/// can be keyed as it stands in the text), mixed with its length. For
/// words of up to eight bytes of one length the key is one-to-one.
fn word_key(bytes: &[u8], fold: u64) -> u64 {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut key = (bytes.len() as u64).wrapping_mul(MIX);
    let mut chunks = bytes.chunks_exact(8);
    let mut mix = |eight: [u8; 8], mask: u64| {
        key = (key ^ (u64::from_le_bytes(eight) | (fold & mask))).wrapping_mul(MIX);
        key ^= key >> 29;
    };
    for chunk in &mut chunks {
        mix(chunk.try_into().unwrap_or_default(), u64::MAX);
    }
    let tail = chunks.remainder();
    if !tail.is_empty() {
        let mut eight = [0u8; 8];
        eight[..tail.len()].copy_from_slice(tail);
        mix(eight, u64::MAX >> (64 - 8 * tail.len()));
    }
    key
}

/// The end of the run of ASCII letters and digits that starts at `at`,
/// and whether it has a letter.
fn ascii_run(bytes: &[u8], at: usize) -> (usize, bool) {
    let mut end = at;
    let mut has_letter = false;
    while let Some(&b) = bytes.get(end) {
        if !b.is_ascii_alphanumeric() {
            break;
        }
        has_letter |= b > b'9';
        end += 1;
    }
    (end, has_letter)
}

/// Whether a word of ASCII letters and digits that ends at byte `end`
/// ends there for certain: the text ends, or an ASCII byte follows that
/// cannot continue it (a `.` or `,` continues only after a digit, and an
/// apostrophe only a word with a letter).
fn ends_here(bytes: &[u8], end: usize, has_letter: bool) -> bool {
    match bytes.get(end) {
        None => true,
        Some(b'.' | b',') => bytes
            .get(end.wrapping_sub(1))
            .is_some_and(u8::is_ascii_alphabetic),
        Some(b'\'') => !has_letter,
        Some(&b) => b.is_ascii(),
    }
}

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

    fn read<F: FnMut(Stem, Range<usize>)>(&mut self, text: &str, each: &mut F) {
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let b = bytes[at];
            // A run of ASCII letters and digits, most of any text: no
            // decoding.
            if b.is_ascii_alphanumeric() {
                self.end_run(each);
                let (end, has_letter) = ascii_run(bytes, at);
                if self.word.is_empty() && ends_here(bytes, end, has_letter) {
                    self.ascii_word(&text[at..end], has_letter, at, each);
                } else {
                    if self.word.is_empty() {
                        self.start = at;
                    }
                    self.has_letter |= has_letter;
                    let from = self.word.len();
                    self.word.push_str(&text[at..end]);
                    self.word[from..].make_ascii_lowercase();
                }
                at = end;
                continue;
            }
            // A space or punctuation that cannot be inside a word (none
            // can when no word is being read).
            if b.is_ascii() && (self.word.is_empty() || !may_continue_word(b)) {
                self.end_word(at, each);
                self.end_run(each);
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

    /// A word of ASCII letters and digits only, at `at`, as `end_word`
    /// would report it.
    fn ascii_word<F: FnMut(Stem, Range<usize>)>(
        &mut self,
        word: &str,
        has_letter: bool,
        at: usize,
        each: &mut F,
    ) {
        let stem = if !has_letter {
            Some(fold(fnv1a(NUMBER, word.bytes())))
        } else {
            let key = word_key(word.as_bytes(), 0x2020_2020_2020_2020);
            *self
                .memo
                .entry(key)
                .or_insert_with(|| stem_of(&word.to_ascii_lowercase()))
        };
        if let Some(stem) = stem {
            each(stem, at..at + word.len());
        }
    }

    /// A character other than an ASCII letter or digit, at `at..end`.
    fn other<F: FnMut(Stem, Range<usize>)>(
        &mut self,
        text: &str,
        raw: char,
        at: usize,
        end: usize,
        each: &mut F,
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
    fn unspaced<F: FnMut(Stem, Range<usize>)>(
        &mut self,
        c: char,
        at: usize,
        end: usize,
        each: &mut F,
    ) {
        if let Some((previous, from, _)) = self.run {
            let mut pair = [0u8; 8];
            let first = previous.encode_utf8(&mut pair).len();
            let second = c.encode_utf8(&mut pair[first..]).len();
            each(
                fold(fnv1a(PAIR, pair[..first + second].iter().copied())),
                from..end,
            );
            self.run = Some((c, at, true));
        } else {
            self.run = Some((c, at, false));
        }
    }

    /// Ends a run of a script without spaces: a run of one character is a
    /// word of its own.
    #[inline]
    fn end_run<F: FnMut(Stem, Range<usize>)>(&mut self, each: &mut F) {
        if let Some((c, from, false)) = self.run.take() {
            let mut one = [0u8; 4];
            each(
                fold(fnv1a(PAIR, c.encode_utf8(&mut one).bytes())),
                from..from + c.len_utf8(),
            );
        }
    }

    /// Ends the word being read (at byte `end`), and reports it if it is a
    /// content word.
    #[inline]
    fn end_word<F: FnMut(Stem, Range<usize>)>(&mut self, end: usize, each: &mut F) {
        if self.word.is_empty() {
            return;
        }
        let stem = if !self.has_letter {
            Some(fold(fnv1a(NUMBER, self.word.bytes())))
        } else {
            let key = word_key(self.word.as_bytes(), 0);
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
    let stem = ENGLISH.with(|stemmer| fnv1a(WORD, stemmer.stem(word).bytes()));
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
mod tests;
