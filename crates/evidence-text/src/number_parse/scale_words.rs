//! Scale words of other languages, written after a number as English
//! writes `million`: `3 Millionen`, `65 mil`, `435 ألف`, `3 млн`,
//! `5 लाख`. A claim that writes `435,000` is held by a passage's `435 ألف`
//! only if the passage's figure is read with its scale.
//!
//! Listed are the words that are a scale after a number in the language
//! that writes them. Where the same letters mean something else (`bin
//! Laden`, the `Mille Miglia`, the Hindi `अरब` is also "Arab", the
//! Turkish `mil` also "mile"), the word is left out or read only as a
//! scale is written: in lower case and not before a name. The German and
//! French `Billion` (a million millions there, a thousand millions in
//! English) is left to the English table; the Brazilian `bilhão` (a
//! thousand millions, a million millions in Portugal) is not read. A
//! plain year takes none of them (`In 2011 bin Laden`): the caller
//! does not ask.

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
    // Arabic (the accusative's alif, the plurals, and without the hamza
    // as informal text writes them)
    ("ألف", 1e3),
    ("الف", 1e3),
    ("ألفا", 1e3),
    ("آلاف", 1e3),
    ("الاف", 1e3),
    ("مليون", 1e6),
    ("مليونا", 1e6),
    ("ملايين", 1e6),
    ("مليار", 1e9),
    ("مليارا", 1e9),
    ("مليارات", 1e9),
    // Hindi (with and without the nukta, precomposed or not); not `अरब`,
    // a thousand millions and also "Arab" (`22 अरब देश`)
    ("हज़ार", 1e3),
    ("हज़ार", 1e3),
    ("हजार", 1e3),
    ("लाख", 1e5),
    ("करोड़", 1e7),
    ("करोड़", 1e7),
    ("करोड", 1e7),
];

/// Words that are a scale only in lower case and before no name: `bin`
/// (Turkish), `mil` (Spanish, Portuguese), `mille` (French), `mila`
/// (Italian).
const LOWER_CASE_ONLY: [&str; 4] = ["bin", "mil", "mila", "mille"];

/// The scale word that `text` starts with, as a whole word: its factor and
/// its length in bytes. Two in a row multiply when the second is the
/// larger (`mil millones`, `हजार करोड़`, `लाख करोड़`); `spaces` are those
/// that may stand between them.
pub(super) fn scale_word_at(text: &str, spaces: &[char]) -> Option<(f64, usize)> {
    let (factor, len) = one_word(text)?;
    let after = &text[len..];
    let gap = after.len() - after.trim_start_matches(spaces).len();
    let next = &after[gap..];
    let lower = text[..len].chars().all(|c| !c.is_uppercase());
    let before_a_name = gap > 0 && starts_a_name(next);
    let word = &text[..len];
    if LOWER_CASE_ONLY.iter().any(|w| w.eq_ignore_ascii_case(word)) && (!lower || before_a_name) {
        return None;
    }
    if gap > 0
        && let Some((larger, more)) = one_word(next).filter(|&(f, _)| f > factor)
    {
        return Some((factor * larger, len + gap + more));
    }
    Some((factor, len))
}

/// Whether `text` starts with a capital and then a lower-case letter, as
/// a name does (`Laden`, `Miglia`; not `TL`).
fn starts_a_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(char::is_uppercase) && chars.next().is_some_and(char::is_lowercase)
}

/// The first word of `text` (its letters and marks: [`is_word_mark`]) when
/// it is in [`WORDS`], read without Arabic vowel marks.
fn one_word(text: &str) -> Option<(f64, usize)> {
    let len: usize = text
        .chars()
        .take_while(|&c| c.is_alphabetic() || is_word_mark(c))
        .map(char::len_utf8)
        .sum();
    // Turkish writes the capital of `i` as `İ`, which Unicode lowercases
    // to `i` and a combining dot; Arabic may stretch a word with a tatweel.
    let word: String = text[..len]
        .chars()
        .filter(|&c| !is_arabic_vowel_mark(c) && c != '\u{0640}')
        .map(|c| if c == 'İ' { 'i' } else { c })
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

    const SPACES: [char; 2] = [' ', '\u{2009}'];

    fn factor(text: &str) -> Option<f64> {
        scale_word_at(text, &SPACES).map(|s| s.0)
    }

    #[test]
    fn reads_the_scale_words_of_each_language() {
        for (text, expected) in [
            ("Millionen Menschen", 1e6),
            ("Mio. Euro", 1e6),
            ("mil personas", 1e3),
            ("mil millones de dólares", 1e9),
            ("mil\u{2009}millones", 1e9),
            ("milliards d'euros", 1e9),
            ("ألف نسمة", 1e3),
            ("ألفاً", 1e3),
            ("الف", 1e3),
            ("ألـف", 1e3),
            ("млн рублей", 1e6),
            ("тысяч", 1e3),
            ("bin kişi", 1e3),
            ("bin TL", 1e3),
            ("MİLYON", 1e6),
            ("लाख लोग", 1e5),
            ("हज़ार", 1e3),
            ("ह\u{95b}ार", 1e3),
            ("करो\u{95c} रुपये", 1e7),
            ("करो\u{921}\u{93c}", 1e7),
            ("हजार करोड़ रुपये", 1e10),
            ("लाख करोड़", 1e12),
        ] {
            assert_eq!(factor(text), Some(expected), "{text}");
        }
    }

    #[test]
    fn only_a_whole_word_written_as_a_scale_is_a_scale() {
        for text in [
            "military",
            "bina",
            "millionaire",
            "Mioara",
            "ألفية",
            "milla",
            "billion",
            "",
            // A name after the word, or the word in capitals, where the
            // letters also mean something else.
            "bin Laden",
            "Mille Miglia",
            "Bin",
            "MIL",
            // `अरब` is also "Arab".
            "अरब देश",
        ] {
            assert_eq!(factor(text), None, "{text}");
        }
        assert_eq!(scale_word_at("mil millonarios", &SPACES), Some((1e3, 3)));
        // The smaller after the larger is not a product.
        assert_eq!(factor("millones mil"), Some(1e6));
    }
}
