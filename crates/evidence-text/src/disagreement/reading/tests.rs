//! The readers of [`super`] held to the ones they replaced: the same
//! flags and the same plain text, read faster.

use super::*;

/// [`qualifiers`] as it was first written: the sentence lowercased, a
/// phrase searched for when its first word is a word of it.
fn qualifiers_by_search(text: &str) -> u8 {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut flags = 0;
    for (phrase, flag) in PHRASES {
        let first = phrase
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default();
        if flags & flag == 0 && words.contains(&first) && has_phrase(&lower, phrase) {
            flags |= flag;
        }
    }
    if flags & ANNUALIZED != 0 {
        flags &= !ANNUAL;
    }
    flags
}

/// [`hedged`] as it was first written: every word against every hedge.
fn hedged_by_list(text: &str) -> bool {
    text.contains('?')
        || text
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "may" || HEDGES.iter().any(|h| h.eq_ignore_ascii_case(w)))
}

/// [`plain`] as it was first written: character by character.
fn plain_by_char(text: &str) -> String {
    text.chars().filter_map(plain_char).collect()
}

/// Pieces of sentences: every phrase's words, joined and cut, with
/// letters, digits, case and non-ASCII characters around them.
const PIECES: &[&str] = &[
    "core",
    "Core",
    "CORE",
    "excluding",
    "food",
    "and",
    "energy",
    "less",
    "underlying",
    "month",
    "Month",
    "-",
    "on",
    "over",
    "monthly",
    "m",
    "expected",
    "Will",
    "may",
    "May",
    "between",
    "If",
    "/",
    "from",
    "the",
    "previous",
    "prior",
    "in",
    "year",
    "YEAR",
    "y",
    "annual",
    "Annualized",
    "annualised",
    "rate",
    "12",
    "months",
    "a",
    "earlier",
    "ago",
    "before",
    "quarter",
    "q",
    " ",
    "  ",
    ",",
    ".",
    "é",
    "É",
    "’",
    "3.1%",
    "x",
    "s",
    "\u{a0}",
    "\t",
    "\u{200b}",
    "３",
    "−",
    "\u{7f}",
    "?",
];

proptest::proptest! {
    #[test]
    fn qualifiers_read_in_one_pass_are_those_searched_for(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
    ) {
        let text = pieces.concat();
        proptest::prop_assert_eq!(qualifiers(&text), qualifiers_by_search(&text));
        proptest::prop_assert_eq!(plain(&text), plain_by_char(&text));
        proptest::prop_assert_eq!(hedged(&text), hedged_by_list(&text));
        let split: Vec<(usize, &str)> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
            .collect();
        proptest::prop_assert_eq!(words_at(&text).collect::<Vec<_>>(), split);
    }
}

#[test]
fn every_hedge_is_found_by_its_first_letter() {
    for hedge in HEDGES.iter().chain(&["may", "May", "MAY"]) {
        for text in [
            hedge.to_string(),
            hedge.to_ascii_uppercase(),
            format!("Prices {hedge} rise"),
            format!("é{hedge}"),
            format!("{hedge}s"),
        ] {
            assert_eq!(hedged(&text), hedged_by_list(&text), "{text}");
        }
    }
}

#[test]
fn every_qualifier_phrase_is_found_in_one_pass() {
    for (phrase, _) in PHRASES {
        for text in [
            phrase.to_string(),
            format!("Prices rose {phrase}, it said."),
            format!("X{phrase}"),
            format!("{phrase}s"),
            phrase.to_ascii_uppercase(),
        ] {
            assert_eq!(qualifiers(&text), qualifiers_by_search(&text), "{text}");
        }
    }
    // An occurrence overlapping one that is no phrase is not searched.
    for text in ["xm/m/m", "Xmonth-on-month-on-month", "1y/y/y rose"] {
        assert_eq!(qualifiers(text), 0, "{text}");
        assert_eq!(qualifiers_by_search(text), 0, "{text}");
    }
}
