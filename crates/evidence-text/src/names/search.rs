//! The byte searches of the subject rule's first look at every claim:
//! its capitals, and whether each begins a word of a cited item's folded
//! texts. Every claim is read this way, so ASCII is skipped eight bytes
//! at a time and a word is looked for by its rarest letter.

use crate::content_words::is_unspaced;

/// The top bit of every byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// `b` in every byte.
const fn each(b: u8) -> u64 {
    u64::from_le_bytes([b; 8])
}

/// The offset of the first byte from `at` that is an ASCII capital or
/// not ASCII (a character that may be uppercase), or the length.
pub fn upper_or_other(bytes: &[u8], mut at: usize) -> usize {
    while let Some(eight) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(eight.try_into().unwrap_or_default());
        // As in `content_words::ascii_kinds`: neither subtraction borrows
        // from the next byte, the top bits being set or masked off.
        let low = x & !HIGH_BITS;
        let upper = ((low | HIGH_BITS) - each(b'A')) & (each(b'Z' | 0x80) - low) & !x & HIGH_BITS;
        let stop = upper | (x & HIGH_BITS);
        if stop != 0 {
            return at + stop.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii_uppercase() || !b.is_ascii() {
            return at;
        }
        at += 1;
    }
    bytes.len()
}

/// The length of the ASCII bytes `bytes` starts with.
pub fn ascii_len(bytes: &[u8]) -> usize {
    let mut at = 0;
    while let Some(eight) = bytes.get(at..at + 8) {
        let high = u64::from_le_bytes(eight.try_into().unwrap_or_default()) & HIGH_BITS;
        if high != 0 {
            return at + high.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    at + bytes[at..].iter().take_while(|b| b.is_ascii()).count()
}

/// Whether a character after the first of `claim` is uppercase.
pub fn capital_after_first(claim: &str) -> bool {
    let first = claim.chars().next().map_or(0, char::len_utf8);
    let rest = &claim[first..];
    let mut at = 0;
    loop {
        at = upper_or_other(rest.as_bytes(), at);
        let Some(c) = rest.get(at..).and_then(|r| r.chars().next()) else {
            return false;
        };
        if c.is_uppercase() {
            return true;
        }
        at += c.len_utf8();
    }
}

/// How common a byte is in English text, the letters by frequency (`e`
/// most): a word is looked for by its least common byte.
fn commonness(b: u8) -> u8 {
    const BY_FREQUENCY: &[u8] = b"zqxjkvbpygfwmucldrhsnioate";
    BY_FREQUENCY
        .iter()
        .position(|&c| c == b)
        .map_or(0, |rank| rank as u8 + 1)
}

/// Whether `needle` occurs in `text` at a word start (after no
/// alphanumeric character of its own kind: see [`is_unspaced`]). The
/// occurrences tested are the ones
/// `memmem::find_iter` gives, the leftmost and then the next from the end
/// of the one before (they do not overlap): the same answer whatever
/// byte they are found by. A claim's word is looked for once per item,
/// so a searcher would cost more to set up than to use.
pub fn begins_a_word(text: &str, needle: &str) -> bool {
    let (bytes, needle) = (text.as_bytes(), needle.as_bytes());
    let Some(rare) = (0..needle.len()).min_by_key(|&k| commonness(needle[k])) else {
        return false;
    };
    // Where the rare byte of the next occurrence may be: an occurrence
    // starts that far before it.
    let mut search = rare;
    while let Some(found) = bytes
        .get(search..)
        .and_then(|rest| memchr::memchr(needle[rare], rest))
    {
        let at = search + found - rare;
        if !bytes[at..].starts_with(needle) {
            search += found + 1;
            continue;
        }
        if !continues_word(&text[..at], &text[at..]) {
            return true;
        }
        search = at + needle.len() + rare;
    }
    false
}

/// Whether `before` ends inside a word that `after` would go on: its
/// last character is a letter or digit of the kind of `after`'s first (a
/// Latin word after a Chinese character starts a word of its own:
/// `由Fe和S组成`, `的UI`; see [`is_unspaced`]).
#[inline]
pub(crate) fn continues_word(before: &str, after: &str) -> bool {
    match (before.chars().next_back(), after.chars().next()) {
        (Some(a), Some(b)) => a.is_alphanumeric() && is_unspaced(a) == is_unspaced(b),
        _ => false,
    }
}
