//! The word tables names are read with, folded and sorted (a test holds
//! them so): function words that are never names, class words that say
//! what kind of thing a name is, months and days, and the joiners inside a
//! name.

/// Function words and sentence adverbs: never names, never a slot.
pub const FUNCTION_WORDS: &[&str] = &[
    "a",
    "about",
    "according",
    "additionally",
    "after",
    "also",
    "although",
    "an",
    "and",
    "another",
    "are",
    "as",
    "at",
    "be",
    "because",
    "before",
    "both",
    "but",
    "by",
    "can",
    "consequently",
    "could",
    "despite",
    "during",
    "each",
    "either",
    "every",
    "finally",
    "first",
    "for",
    "from",
    "furthermore",
    "had",
    "has",
    "have",
    "he",
    "her",
    "here",
    "his",
    "how",
    "however",
    "i",
    // `I` is always capitalised, its contractions too: no name.
    "i'd",
    "i'll",
    "i'm",
    "i've",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "lastly",
    "many",
    "may",
    "meanwhile",
    "might",
    "moreover",
    "most",
    "must",
    "neither",
    "no",
    "not",
    "of",
    "on",
    "one",
    "or",
    "other",
    "our",
    "over",
    "overall",
    "second",
    "she",
    "should",
    "similarly",
    "since",
    "so",
    "some",
    "such",
    "that",
    "the",
    "their",
    "then",
    "there",
    "therefore",
    "these",
    "they",
    "third",
    "this",
    "those",
    "thus",
    "to",
    "under",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "why",
    "will",
    "with",
    "would",
    "yet",
    "you",
    "your",
];

/// Words that say what kind of thing a name is, not which one
/// (`Hurricane`, `University`, `River`), folded and sorted. With
/// [`TITLES_AND_QUALIFIERS`] they are the class words ([`is_class_word`]).
pub const WORDS_OF_KIND: &[&str] = &[
    "act",
    "agency",
    "bank",
    "battle",
    "city",
    "college",
    "company",
    "corporation",
    "county",
    "cyclone",
    "department",
    "depression",
    "group",
    "hurricane",
    "inc",
    "institute",
    "island",
    "islands",
    "kingdom",
    "lake",
    "ltd",
    "ministry",
    "mount",
    "province",
    "republic",
    "river",
    "saint",
    "school",
    "st",
    "state",
    "states",
    "storm",
    "treaty",
    "tropical",
    "typhoon",
    "university",
    "war",
];

/// The class words that are a title or an adjective (`President`, `New`,
/// `National`), folded and sorted: they open names of many kinds, so say
/// no kind of thing a name is ([`WORDS_OF_KIND`] do).
pub const TITLES_AND_QUALIFIERS: &[&str] = &[
    "central",
    "dr",
    "east",
    "eastern",
    "federal",
    "general",
    "great",
    "international",
    "king",
    "mr",
    "mrs",
    "ms",
    "national",
    "new",
    "north",
    "northern",
    "old",
    "president",
    "prince",
    "princess",
    "queen",
    "royal",
    "sir",
    "south",
    "southern",
    "united",
    "west",
    "western",
];

/// Months and days of the week, folded and sorted: capitalised, but not names of a subject.
pub const MONTHS_AND_DAYS: &[&str] = &[
    "april",
    "august",
    "december",
    "february",
    "friday",
    "january",
    "july",
    "june",
    "march",
    "monday",
    "november",
    "october",
    "saturday",
    "september",
    "sunday",
    "thursday",
    "tuesday",
    "wednesday",
];

/// Lower-case words that join the words of a name (`Bank of England`).
pub const JOINERS: &[&str] = &[
    "&", "and", "de", "del", "der", "du", "la", "of", "van", "von",
];

/// Whether `word` is in `list`, a sorted word table.
pub fn is_in(list: &[&str], word: &str) -> bool {
    list.binary_search(&word).is_ok()
}

/// Whether a folded word tells no name from another: a function word, a
/// word of a name's kind (`Hurricane`, `University`), a month or a day.
pub fn tells_no_name(folded: &str) -> bool {
    is_in(FUNCTION_WORDS, folded) || is_class_word(folded) || is_in(MONTHS_AND_DAYS, folded)
}

/// Whether a folded word is a class word: a word of a name's kind
/// ([`WORDS_OF_KIND`]) or a title or adjective that opens names
/// ([`TITLES_AND_QUALIFIERS`]).
pub fn is_class_word(folded: &str) -> bool {
    is_in(WORDS_OF_KIND, folded) || is_in(TITLES_AND_QUALIFIERS, folded)
}

/// Whether a word is a Roman numeral with a French ordinal ending (`XVe
/// siècle`, `François Ier`): a century's or a monarch's number, written in
/// capitals but not a name. The numeral must be written as Roman numerals
/// are (`XIV`, not `XIIII`) and be at most thirty (centuries and monarchs'
/// numbers; not `Le`, `Ce`, `Leme`), and French writes `er`, `re` and `ère`
/// after `I` only (`Ier`; not `Ver`), so that a name is not taken for one.
pub(crate) fn is_roman_ordinal(written: &str) -> bool {
    let first = ["er", "re", "ère"]
        .iter()
        .find_map(|ending| written.strip_suffix(ending))
        .is_some_and(|numeral| numeral == "I");
    let other = ["ème", "eme", "e"]
        .iter()
        .find_map(|ending| written.strip_suffix(ending))
        .and_then(roman_value)
        .is_some_and(|value| (2..=30).contains(&value));
    first || other
}

/// The value of a Roman numeral of `I`, `V`, `X`, `L` and `C` written in
/// its one canonical form (the value written back gives the same
/// letters), or `None`.
fn roman_value(numeral: &str) -> Option<u32> {
    const DIGITS: [(&str, u32); 9] = [
        ("C", 100),
        ("XC", 90),
        ("L", 50),
        ("XL", 40),
        ("X", 10),
        ("IX", 9),
        ("V", 5),
        ("IV", 4),
        ("I", 1),
    ];
    let (mut rest, mut value) = (numeral, 0);
    for (digits, worth) in DIGITS {
        while let Some(after) = rest.strip_prefix(digits) {
            rest = after;
            value += worth;
        }
    }
    let (mut left, mut canonical) = (value, String::new());
    for (digits, worth) in DIGITS {
        while left >= worth {
            canonical.push_str(digits);
            left -= worth;
        }
    }
    (rest.is_empty() && value > 0 && canonical == numeral).then_some(value)
}
