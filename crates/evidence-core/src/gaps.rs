//! What a reader sees as a gap between words: Unicode white space, and the
//! characters that render blank or as nothing but are letters or format
//! characters to Unicode (U+2800 braille blank, the Hangul fillers, the
//! zero-width spaces). A sentence spaced with them reads as a sentence on
//! the page while `split_whitespace` finds one "word" in it, a label that
//! is never judged; every count of a claim's words splits here instead.
//!
//! The scanner writes each such character into a block's text as ASCII
//! spaces of its byte length (`blanks_as_spaces`), so that offsets into
//! the text keep mapping to the chapter and every rule reading the text
//! sees the gap; passages are read with [`is_gap`] by the word readers.

use std::borrow::Cow;

/// Characters that render blank (or as nothing) between words, but that
/// `char::is_whitespace` does not count as white space.
const BLANKS: [char; 9] = [
    '\u{2800}', // braille pattern blank
    '\u{3164}', // Hangul filler
    '\u{115F}', // Hangul choseong filler
    '\u{1160}', // Hangul jungseong filler
    '\u{FFA0}', // half-width Hangul filler
    '\u{180E}', // Mongolian vowel separator
    '\u{200B}', // zero-width space
    '\u{2060}', // word joiner
    '\u{FEFF}', // zero-width no-break space (a BOM inside text)
];

/// Whether `c` is a blank that Unicode does not call white space.
pub fn is_blank(c: char) -> bool {
    !c.is_ascii() && BLANKS.contains(&c)
}

/// Whether `c` separates words as a reader sees them: white space or a
/// blank (`BLANKS`).
pub fn is_gap(c: char) -> bool {
    c.is_whitespace() || is_blank(c)
}

/// Whether `c` can be part of a word: a letter or digit that is not a
/// blank (the Hangul fillers are letters to Unicode).
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() && !is_blank(c)
}

/// The words of `text` as a reader sees them apart: the runs between
/// gaps ([`is_gap`]).
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_gap).filter(|word| !word.is_empty())
}

/// Whether `text` holds a blank ([`BLANKS`]).
pub(crate) fn has_blank(text: &str) -> bool {
    // Every blank is outside ASCII and Latin-1: its first UTF-8 byte is
    // 0xE1 or above, which most text never holds.
    text.bytes().any(|b| b >= 0xE1) && text.contains(is_blank)
}

/// `text` with every blank ([`BLANKS`]) written as ASCII spaces, one per
/// byte of it, so that offsets into the result are offsets into `text`.
pub(crate) fn blanks_as_spaces(text: &str) -> Cow<'_, str> {
    if !has_blank(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_blank(c) {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_glyphs_separate_words() {
        for blank in BLANKS {
            let text = format!("Unemployment{blank}will{blank}reach{blank}9%.");
            assert_eq!(words(&text).count(), 4, "{:?}", blank);
            let spaced = blanks_as_spaces(&text);
            assert_eq!(spaced.len(), text.len());
            assert_eq!(spaced.split_whitespace().count(), 4, "{:?}", blank);
            assert!(!is_word_char(blank));
        }
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for text in [
            "Rates rose 3%.",
            "株価が暴落した。",
            "Le taux\u{a0}: 3\u{202f}%",
            "مرحبا\u{200f} 👨\u{200d}👩",
        ] {
            assert!(matches!(blanks_as_spaces(text), Cow::Borrowed(_)), "{text}");
        }
        assert!(is_word_char('한') && is_word_char('é') && !is_word_char(' '));
    }
}
