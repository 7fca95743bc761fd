//! Scale words of the languages the rules read, written after a number as
//! English writes `million`: `3 Millionen`, `65 mil`, `435 ألف`,
//! `3 млн`, `5 लाख`. A claim that writes `435,000` is held by a passage's
//! `435 ألف` only if the passage's figure is read with its scale.
//!
//! Only words that are a scale in the language that writes them and
//! nothing else after a number are listed: the German and French
//! `Billion` (a million millions there, a thousand millions in English)
//! is left to the English table, the Brazilian `bilhão` (a thousand
//! millions, a million millions in Portugal) is not read.

use crate::content_words::is_word_mark;

/// Each scale word, lower-case and without Arabic vowel marks, and its
/// factor.
const WORDS: &[(&str, f64)] = &[
    // German, Dutch
    ("tausend", 1e3),
    ("mio", 1e6),
    ("millionen", 1e6),
    ("mrd", 1e9),
    ("milliarde", 1e9),
    ("milliarden", 1e9),
    ("billionen", 1e12),
    ("duizend", 1e3),
    ("miljoen", 1e6),
    ("miljard", 1e9),
    // French
    ("mille", 1e3),
    ("millions", 1e6),
    ("milliard", 1e9),
    ("milliards", 1e9),
    // Spanish, Portuguese, Italian
    ("mil", 1e3),
    ("millón", 1e6),
    ("millones", 1e6),
    ("billón", 1e12),
    ("billones", 1e12),
    ("milhão", 1e6),
    ("milhões", 1e6),
    ("mila", 1e3),
    ("milione", 1e6),
    ("milioni", 1e6),
    ("miliardo", 1e9),
    ("miliardi", 1e9),
    // Turkish
    ("bin", 1e3),
    ("milyon", 1e6),
    ("milyar", 1e9),
    ("trilyon", 1e12),
    // Russian
    ("тыс", 1e3),
    ("тысяча", 1e3),
    ("тысячи", 1e3),
    ("тысяч", 1e3),
    ("млн", 1e6),
    ("миллион", 1e6),
    ("миллиона", 1e6),
    ("миллионов", 1e6),
    ("млрд", 1e9),
    ("миллиард", 1e9),
    ("миллиарда", 1e9),
    ("миллиардов", 1e9),
    ("трлн", 1e12),
    // Arabic (the accusative's alif and the plurals)
    ("ألف", 1e3),
    ("ألفا", 1e3),
    ("آلاف", 1e3),
    ("مليون", 1e6),
    ("مليونا", 1e6),
    ("ملايين", 1e6),
    ("مليار", 1e9),
    ("مليارا", 1e9),
    ("مليارات", 1e9),
    // Hindi (with and without the nukta, precomposed or not)
    ("हज़ार", 1e3),
    ("हजार", 1e3),
    ("लाख", 1e5),
    ("करोड़", 1e7),
    ("करोड़", 1e7),
    ("करोड", 1e7),
    ("अरब", 1e9),
];

/// The scale word that `text` starts with, as a whole word: its factor and
/// its length in bytes. Spanish writes a thousand millions `mil millones`.
pub(super) fn scale_word_at(text: &str) -> Option<(f64, usize)> {
    let (factor, len) = one_word(text)?;
    if factor == 1e3 {
        let after = &text[len..];
        let gap = after.len() - after.trim_start_matches([' ', '\u{a0}']).len();
        if gap > 0
            && let Some((1e6, more)) = one_word(&after[gap..])
        {
            return Some((1e9, len + gap + more));
        }
    }
    Some((factor, len))
}

/// The first word of `text` (its letters and marks: [`is_word_mark`]) when
/// it is in [`WORDS`], read without Arabic vowel marks.
fn one_word(text: &str) -> Option<(f64, usize)> {
    let len: usize = text
        .chars()
        .take_while(|&c| c.is_alphabetic() || is_word_mark(c))
        .map(char::len_utf8)
        .sum();
    let word: String = text[..len]
        .chars()
        .filter(|&c| !is_arabic_vowel_mark(c))
        .flat_map(char::to_lowercase)
        .collect();
    WORDS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, factor)| (factor, len))
}

/// The Arabic vowel marks (`ً` of `ألفاً`), which the words above are
/// listed without (they are letters to [`char::is_alphabetic`]).
fn is_arabic_vowel_mark(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}')
}

#[cfg(test)]
mod tests {
    use super::scale_word_at;

    #[test]
    fn reads_the_scale_words_of_each_language() {
        for (text, factor) in [
            ("Millionen Menschen", 1e6),
            ("Mio. Euro", 1e6),
            ("mil personas", 1e3),
            ("mil millones de dólares", 1e9),
            ("milliards d'euros", 1e9),
            ("ألف نسمة", 1e3),
            ("ألفاً", 1e3),
            ("млн рублей", 1e6),
            ("тысяч", 1e3),
            ("bin kişi", 1e3),
            ("लाख लोग", 1e5),
            ("हज़ार", 1e3),
            ("करोड़ रुपये", 1e7),
            ("करोड़", 1e7),
        ] {
            assert_eq!(scale_word_at(text).map(|s| s.0), Some(factor), "{text}");
        }
    }

    #[test]
    fn only_a_whole_word_is_a_scale() {
        for text in [
            "military",
            "bina",
            "millionaire",
            "Mioara",
            "ألفية",
            "milla",
            "billion",
            "",
        ] {
            assert_eq!(scale_word_at(text), None, "{text}");
        }
        assert_eq!(scale_word_at("mil millonarios"), Some((1e3, 3)));
    }
}
