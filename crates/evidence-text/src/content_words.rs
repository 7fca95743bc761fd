//! Content words: the words of a claim or a passage that carry its meaning,
//! each reduced to its stem, so that a claim and a passage can be compared
//! word for word.
//!
//! A word is a run of letters and digits (an apostrophe between letters,
//! combining marks, and a `.` or `,` between digits stay inside it; `,`
//! between digits is dropped, so `143,000` is `143000`). Full-width forms
//! of ASCII characters are read as ASCII, and the digits of other scripts
//! as ASCII digits (`१९९७` is `1997`). A word is lowercased; English
//! stop words (the usual information-retrieval list) and single letters are left out; every
//! other word is stemmed by the Snowball English stemmer (`rates`, `rated`
//! and `rate` are one stem), numbers excepted; a word in Arabic script by
//! the Arabic one, with Arabic stop words left out (`stems.rs`).
//!
//! Scripts written without spaces between words (Han, Hiragana, Katakana,
//! Thai, Lao, Khmer, Myanmar) have no word boundaries to find: each pair
//! of adjacent characters of such a run is a content word (a run of one
//! character is one), the usual way search engines index them.
//!
//! A stem is kept as a fixed 32-bit hash ([`super::stems`]), so that
//! comparing a claim with a passage compares integers and allocates
//! nothing; stemming a word is remembered per thread. Every passage and
//! claim is read, so the common case is read fast: a run of ASCII letters
//! and digits ended by a space or punctuation is looked up in the memo as
//! it stands in the text, without copying it.

use crate::stems::{
    ASCII_LOWER, MEMO, Memo, NUMBER, PAIR, TURKISH_SALT, reads_as_turkish, stem_hash, word_key,
};
use std::ops::Range;

pub use crate::stems::Stem;

/// Calls `each` with the stem and the byte range (in `text`) of every
/// content word of `text`, in order. A text that reads as Turkish has its
/// words in Latin letters stemmed as Turkish (a claim and its passage
/// each read so are stemmed alike).
pub fn content_words(text: &str, mut each: impl FnMut(Stem, Range<usize>)) {
    let turkish = reads_as_turkish(text);
    MEMO.with_borrow_mut(|memo| Reader::new(memo, turkish).read(text, &mut each));
}

/// The content words at `ranges` (byte ranges in `text`) as a person
/// reads them, in order, for a message: the overlapping character pairs
/// of a run written without spaces (`行は`, `は政`) are shown as the one
/// run they cover (`行は政`).
pub fn words_as_written(text: &str, ranges: impl IntoIterator<Item = Range<usize>>) -> Vec<&str> {
    let mut ranges: Vec<Range<usize>> = ranges.into_iter().collect();
    ranges.sort_by_key(|r| r.start);
    let mut runs: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match runs.last_mut() {
            Some(run) if range.start < run.end => run.end = run.end.max(range.end),
            _ => runs.push(range),
        }
    }
    runs.into_iter().filter_map(|r| text.get(r)).collect()
}

/// Whether an ASCII byte may continue a word it follows (an apostrophe,
/// or a `.` or `,` between digits): any other ASCII byte that is not a
/// letter or digit ends it.
fn may_continue_word(b: u8) -> bool {
    matches!(b, b'\'' | b'.' | b',')
}

/// For each byte: `DIGIT` for an ASCII digit, `LETTER` for an ASCII
/// letter, 0 for any other.
const ALNUM: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_digit() {
            DIGIT
        } else if c.is_ascii_alphabetic() {
            LETTER
        } else {
            0
        };
        b += 1;
    }
    table
};
const DIGIT: u8 = 1;
const LETTER: u8 = 2;

/// The end of the run of ASCII letters and digits that starts at `at`,
/// and whether it has a letter: eight bytes at a time where the text has
/// them ([`ascii_kinds`]), then byte by byte.
#[inline]
fn ascii_run(bytes: &[u8], at: usize) -> (usize, bool) {
    let mut end = at;
    let mut has_letter = false;
    while let Some(eight) = bytes.get(end..end + 8) {
        let (alnum, letters) =
            ascii_kinds(u64::from_le_bytes(eight.try_into().unwrap_or_default()));
        let stop = !alnum & HIGH_BITS;
        if stop == 0 {
            has_letter |= letters != 0;
            end += 8;
            continue;
        }
        // The bytes before the first that is not a letter or digit.
        let before = stop.trailing_zeros() as usize / 8;
        let keep = (1u64 << (8 * before)).wrapping_sub(1);
        return (end + before, has_letter || letters & keep != 0);
    }
    let mut kinds = 0;
    while let Some(&b) = bytes.get(end) {
        let kind = ALNUM[usize::from(b)];
        if kind == 0 {
            break;
        }
        kinds |= kind;
        end += 1;
    }
    (end, has_letter || kinds & LETTER != 0)
}

/// The top bit of every byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Of eight bytes (little-endian in `x`): the top bit of each byte that
/// is an ASCII letter or digit, and of each that is an ASCII letter. A
/// byte is in a range `lo..=hi` when `(b | 0x80) - lo` and
/// `(hi | 0x80) - b` both keep their top bit; neither subtraction borrows
/// from the next byte, since the ASCII bytes have it clear.
#[inline]
fn ascii_kinds(x: u64) -> (u64, u64) {
    const fn each(b: u8) -> u64 {
        u64::from_le_bytes([b; 8])
    }
    let ascii = !x & HIGH_BITS;
    let low = x & !HIGH_BITS;
    let lower = low | each(0x20);
    let letters = ((lower | HIGH_BITS) - each(b'a')) & (each(b'z' | 0x80) - lower) & ascii;
    let digits = ((low | HIGH_BITS) - each(b'0')) & (each(b'9' | 0x80) - low) & ascii;
    (letters | digits, letters)
}

/// Whether a word of ASCII letters and digits that ends at byte `end`
/// ends there for certain: the text ends, or an ASCII byte follows that
/// cannot continue it (a `.` or `,` continues only after a digit, and an
/// apostrophe only a word with a letter).
#[inline]
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

/// The end of a number of ASCII digits whose first run of digits ends at
/// `end` (before a `.` or `,`): runs of digits joined by one `.` or `,`
/// (`143,000`, `5.25`), up to the end of the text or an ASCII byte that
/// cannot continue it. `None` where a character that is not ASCII comes
/// first (a full-width digit or a combining mark may continue it), or a
/// letter (the word is not a number): the general path reads those.
#[inline]
fn number_end(bytes: &[u8], mut end: usize) -> Option<usize> {
    loop {
        match bytes.get(end) {
            Some(b'.' | b',') => match bytes.get(end + 1) {
                Some(d) if d.is_ascii_digit() => {
                    let (next, has_letter) = ascii_run(bytes, end + 1);
                    if has_letter {
                        return None;
                    }
                    end = next;
                }
                Some(b) if !b.is_ascii() => return None,
                _ => return Some(end),
            },
            Some(b) if !b.is_ascii() => return None,
            _ => return Some(end),
        }
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
    /// Whether the text reads as Turkish.
    turkish: bool,
}

impl<'m> Reader<'m> {
    fn new(memo: &'m mut Memo, turkish: bool) -> Self {
        Reader {
            memo,
            turkish,
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
            if ALNUM[usize::from(b)] != 0 {
                if self.run.is_some() {
                    self.end_run(each);
                }
                let (end, has_letter) = ascii_run(bytes, at);
                if self.word.is_empty() && ends_here(bytes, end, has_letter) {
                    self.ascii_word(text, at..end, has_letter, each);
                } else if let Some(end) = (self.word.is_empty() && !has_letter)
                    .then(|| number_end(bytes, end))
                    .flatten()
                {
                    // A number with decimals or thousands separators, as
                    // `end_word` would report it (`,` left out).
                    let digits = text[at..end].bytes().filter(|&b| b != b',');
                    each(stem_hash(NUMBER, digits), at..end);
                    at = end;
                    continue;
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
                if !self.word.is_empty() {
                    self.end_word(at, each);
                } else if self.run.is_some() {
                    self.end_run(each);
                }
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

    /// A word's memo key, apart for a text read as Turkish (never 0).
    #[inline]
    fn salted(&self, key: u64) -> u64 {
        if self.turkish {
            (key ^ TURKISH_SALT).max(1)
        } else {
            key
        }
    }

    /// A word of ASCII letters and digits only, at `range` of `text`, as
    /// `end_word` would report it.
    fn ascii_word<F: FnMut(Stem, Range<usize>)>(
        &mut self,
        text: &str,
        range: Range<usize>,
        has_letter: bool,
        each: &mut F,
    ) {
        let stem = if !has_letter {
            Some(stem_hash(NUMBER, text[range.clone()].bytes()))
        } else {
            let key = self.salted(word_key(text.as_bytes(), range.clone(), ASCII_LOWER));
            self.memo.stem(key, self.turkish, || {
                text[range.clone()].to_ascii_lowercase()
            })
        };
        if let Some(stem) = stem {
            each(stem, range);
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
        // A blank glyph (a Hangul filler is a letter to Unicode) is a gap.
        if evidence_core::gaps::is_blank(raw) {
            self.end_run(each);
            self.end_word(at, each);
            return;
        }
        let c = ascii_form(raw);
        if is_unspaced(c) {
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
        } else if !self.word.is_empty() && is_word_mark(c) {
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
                stem_hash(PAIR, pair[..first + second].iter().copied()),
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
                stem_hash(PAIR, c.encode_utf8(&mut one).bytes()),
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
            Some(stem_hash(NUMBER, self.word.bytes()))
        } else {
            let key = self.salted(word_key(self.word.as_bytes(), 0..self.word.len(), 0));
            self.memo.stem(key, self.turkish, || self.word.clone())
        };
        if let Some(stem) = stem {
            each(stem, self.start..end);
        }
        self.word.clear();
        self.has_letter = false;
    }
}

/// The character at byte `at` of `text` (a character boundary).
fn char_at(text: &str, at: usize) -> char {
    text[at..].chars().next().unwrap_or('\0')
}

/// The ASCII character a full-width form stands for (`２` is `2`), or a
/// digit of another script (`१९९७` is `1997`: [`NATIVE_ZEROS`]) or
/// Arabic's signs in figures (`٣٫٥٪` is `3.5%`), else the character itself.
#[inline]
pub(crate) fn ascii_form(c: char) -> char {
    match u32::from(c) {
        wide @ 0xFF01..=0xFF5E => char::from_u32(wide - 0xFEE0).unwrap_or(c),
        // Arabic's per cent sign, decimal and thousands separators.
        0x066A => '%',
        0x066B => '.',
        0x066C => ',',
        code @ 0x0660..=0x1819 => {
            // The last zero at or before `code`, found by halving.
            let zero = NATIVE_ZEROS[NATIVE_ZEROS.partition_point(|&z| z <= code).max(1) - 1];
            match code - zero {
                digit @ 0..=9 => char::from(b'0' + digit as u8),
                _ => c,
            }
        }
        _ => c,
    }
}

/// Whether `c` is a decimal digit of any script `ascii_form` reads: ASCII,
/// full-width (`３`) or another script's (`३`, `٣`).
#[inline]
pub fn is_any_digit(c: char) -> bool {
    c.is_ascii_digit() || (!c.is_ascii() && ascii_form(c).is_ascii_digit())
}

/// The zero of each run of ten decimal digits a script other than Latin
/// writes figures in: Arabic-Indic and its Persian form, N'Ko,
/// Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
/// Malayalam, Sinhala Lith, Thai, Lao, Tibetan, Myanmar (two), Khmer,
/// Mongolian: every run of them up to U+1819. A page of Hindi Wikipedia
/// writes `१९९७` where a claim writes `1997`.
const NATIVE_ZEROS: [u32; 20] = [
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
    0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810,
];

/// Whether `text` may hold a character [`ascii_form`] changes: the lead
/// byte of a full-width form (0xEF) or of a digit of another script
/// (0xD9, 0xDB, 0xDF, 0xE0, 0xE1). Most texts hold none.
pub(crate) fn may_hold_wide_or_native(text: &str) -> bool {
    // Two vectorised scans cost less than one a byte at a time.
    let bytes = text.as_bytes();
    memchr::memchr3(0xE0, 0xE1, 0xEF, bytes).is_some()
        || memchr::memchr3(0xD9, 0xDB, 0xDF, bytes).is_some()
}

/// Whether `c` belongs to a script written without spaces between words
/// (Han, kana, Thai, Lao, Khmer, Myanmar): a word of a spaced script
/// ends where such a character begins, and the other way round.
#[inline]
pub fn is_unspaced(c: char) -> bool {
    // Every such script is above U+0E00: most text is read on this test.
    u32::from(c) >= 0x0E00
        && matches!(c,
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

/// Whether `text` starts with a character of a script written without
/// spaces ([`is_unspaced`]).
#[inline]
pub fn opens_unspaced(text: &str) -> bool {
    text.chars().next().is_some_and(is_unspaced)
}

/// Whether `c` is a mark that belongs to the letter before it and that
/// [`char::is_alphabetic`] does not count as a letter: a combining
/// accent, or the virama, nukta and accents of the Indic scripts and the
/// tone marks of Thai. Without them a word is cut where it joins two
/// consonants (`जन्म` would be `जन` and `म`, `प्रधानमंत्री` four pieces).
/// (Thai, written without spaces, is read in pairs of characters, and a
/// tone mark still ends a pair there; the number forms read Thai words
/// whole with it.)
pub(crate) fn is_word_mark(c: char) -> bool {
    match c {
        '\u{0300}'..='\u{036F}'
        | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}'
        | '\u{FE20}'..='\u{FE2F}' => true,
        // Devanagari to Malayalam lay out each script's 128 code points
        // alike: the nukta at 0x3C, the virama at 0x4D, accents at 0x51 to
        // 0x54; a few signs stand elsewhere (Bengali's, Gujarati's,
        // Oriya's, Malayalam's vertical-bar virama).
        '\u{0900}'..='\u{0D7F}' => {
            (matches!((c as u32 - 0x0900) % 0x80, 0x3C | 0x4D | 0x51..=0x54)
                || matches!(
                    c,
                    '\u{09FE}' | '\u{0AFD}'..='\u{0AFF}' | '\u{0B55}' | '\u{0D3B}'
                ))
                && !c.is_alphabetic()
        }
        // Sinhala's virama (al-lakuna) and Thai's tone marks.
        '\u{0DCA}' | '\u{0E47}'..='\u{0E4E}' => !c.is_alphabetic(),
        _ => false,
    }
}

/// A lower-case Latin letter with its common accent taken off (`é` is
/// `e`, `ł` is `l`); any other character as it is. The subject and
/// quotation rules fold words with it, so both read `zürich` as `zurich`.
pub fn without_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'č' => 'c',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' => 'i',
        'ñ' | 'ń' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'š' | 'ś' | 'ş' => 's',
        'ž' | 'ź' | 'ż' => 'z',
        'ł' => 'l',
        'ř' => 'r',
        c => c,
    }
}

#[cfg(test)]
mod tests;
