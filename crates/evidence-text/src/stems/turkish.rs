//! Turkish: which texts are read as Turkish, and its words too common to
//! say what a claim is about.
//!
//! Turkish writes its endings onto the word (`çekirdeğini`, its core,
//! accusative), in Latin letters, so its stemmer cannot be chosen word by
//! word by script as Arabic's and Russian's are: a text is read as
//! Turkish as a whole, and a claim and its passage, each read so, are
//! stemmed alike.

/// Words only Turkish writes often, sorted for binary search: a text
/// with none is not read as Turkish, whatever its letters (`Erdoğan` in
/// English prose).
const FUNCTION_WORDS: &[&str] = &[
    "ancak", "bir", "bu", "daha", "gibi", "göre", "ile", "ise", "için", "kadar", "olan", "olarak",
    "sonra", "ve", "veya", "çok", "önce", "üzere",
];

/// Turkish words too common to say what a claim is about: conjunctions,
/// postpositions, pronouns, the verb to be. Sorted for binary search.
pub(super) const TURKISH_STOP_WORDS: &[&str] = &[
    "ama",
    "ancak",
    "arasında",
    "ayrıca",
    "bazı",
    "bir",
    "birçok",
    "bu",
    "bunlar",
    "bunun",
    "da",
    "daha",
    "de",
    "değil",
    "diğer",
    "en",
    "fakat",
    "gibi",
    "göre",
    "hangi",
    "hem",
    "her",
    "hiç",
    "ile",
    "ise",
    "için",
    "kadar",
    "kendi",
    "ki",
    "mi",
    "mı",
    "nasıl",
    "ne",
    "neden",
    "o",
    "olan",
    "olarak",
    "oldu",
    "olduğu",
    "olduğunu",
    "olur",
    "onlar",
    "onun",
    "sonra",
    "tarafından",
    "tüm",
    "var",
    "ve",
    "veya",
    "ya",
    "yok",
    "çok",
    "çünkü",
    "önce",
    "üzere",
    "şey",
    "şu",
];

/// English words that no Turkish sentence writes, sorted: a text with one
/// and no Turkish function word is English with Turkish names in it.
const ENGLISH_WORDS: &[&str] = &[
    "and", "for", "in", "is", "of", "on", "the", "to", "was", "with",
];

/// Whether `text` reads as Turkish: one word in twenty or more has a
/// letter of Turkish's own (`ı`, `ğ`, `ş`, and their capitals), and it
/// holds a Turkish function word or no English one (a short claim may
/// have neither, and must be read as its Turkish passage is). Most texts
/// have no such letter: one vectorised scan for their lead bytes answers
/// for them.
pub(crate) fn reads_as_turkish(text: &str) -> bool {
    if memchr::memchr2(0xC4, 0xC5, text.as_bytes()).is_none() {
        return false;
    }
    let (mut words, mut marked) = (0usize, 0usize);
    let (mut turkish, mut english) = (false, false);
    let mut lower = String::new();
    for word in text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
    {
        words += 1;
        if word.contains(['ı', 'ğ', 'ş', 'İ', 'Ğ', 'Ş']) {
            marked += 1;
        } else if !turkish && word.len() <= "olarak".len() + 1 {
            lower.clear();
            lower.extend(word.chars().flat_map(char::to_lowercase));
            turkish = FUNCTION_WORDS.binary_search(&lower.as_str()).is_ok();
            english |= ENGLISH_WORDS.binary_search(&lower.as_str()).is_ok();
        }
    }
    (turkish || !english) && marked > 0 && marked * 20 >= words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_lists_are_sorted_and_distinct() {
        assert!(FUNCTION_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(TURKISH_STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(ENGLISH_WORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn turkish_is_told_by_its_letters_and_its_function_words() {
        // A claim with no function word is read as its passage is.
        assert!(reads_as_turkish(
            "Deodorant keki, genellikle pisuarlara eklenen küçük dezenfektan bloklarıdır."
        ));
        assert!(reads_as_turkish(
            "Bu motor, 1958 yılında üretilmiş ve Alfa Romeo'nun motoru ile donatılmıştır."
        ));
        // Turkish names in English, or Polish, are not Turkish.
        assert!(!reads_as_turkish(
            "Recep Tayyip Erdoğan met Kemal Kılıçdaroğlu in Ankara on Monday."
        ));
        assert!(!reads_as_turkish(
            "Wałęsa i Kaczyński spotkali się w Gdańsku."
        ));
        assert!(!reads_as_turkish("Plain English text about the budget."));
    }
}
