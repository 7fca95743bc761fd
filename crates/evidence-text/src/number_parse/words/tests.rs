use super::*;

fn read(text: &str) -> Vec<(&str, f64, NumberKind)> {
    word_numbers_in(text)
        .into_iter()
        .map(|n| (&text[n.span.clone()], n.value, n.kind))
        .collect()
}

use NumberKind::{Percent, Quantity};

#[test]
fn cardinals_scales_and_dozens() {
    assert_eq!(
        read("One hundred members, twenty-five seats and a dozen eggs."),
        [
            ("One hundred", 100.0, Quantity),
            ("twenty-five", 25.0, Quantity),
            ("a dozen", 12.0, Quantity)
        ]
    );
    assert_eq!(
        read("two hundred and fifty people; three million, a thousand, nineteen"),
        [
            ("two hundred and fifty", 250.0, Quantity),
            ("three million", 3e6, Quantity),
            ("a thousand", 1e3, Quantity),
            ("nineteen", 19.0, Quantity)
        ]
    );
    assert_eq!(
        read("twenty five, forty percent, five per cent"),
        [
            ("twenty five", 25.0, Quantity),
            ("forty percent", 40.0, Percent),
            ("five per cent", 5.0, Percent)
        ]
    );
}

#[test]
fn fractions_are_percentages() {
    let found = read("two-thirds of them, a third, three quarters and half");
    let values: Vec<_> = found.iter().map(|(t, v, _)| (*t, v.round())).collect();
    assert_eq!(
        values,
        [
            ("two-thirds", 67.0),
            ("a third", 33.0),
            ("three quarters", 75.0),
            ("half", 50.0)
        ]
    );
}

#[test]
fn words_that_are_not_numbers() {
    for text in [
        "a man, an apple, someone, oneself, tone, thousands of people",
        "the third man, a quarter-point cut",
        "3rd and one2 and Ωone and oneΩ",
    ] {
        assert!(
            read(text).iter().all(|(t, _, _)| !t.contains("man")),
            "{text}"
        );
    }
    assert!(read("a man, an apple, someone, oneself, tone, thousands of people").is_empty());
    assert!(read("3rd and one2 and Ωone and oneΩ").is_empty());
}

/// `cardinal` as it was, walking the lists: what the stack match must
/// equal.
fn listed_cardinal(word: &str) -> Option<f64> {
    let eq = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    if let Some(i) = SMALL.iter().position(|s| eq(s, word)) {
        return Some(i as f64);
    }
    if let Some(i) = TENS.iter().position(|s| eq(s, word)) {
        return Some((i as f64 + 2.0) * 10.0);
    }
    let (tens, unit) = word.split_once('-')?;
    let t = TENS.iter().position(|s| eq(s, tens))?;
    let u = SMALL[1..10].iter().position(|s| eq(s, unit))?;
    Some((t as f64 + 2.0) * 10.0 + u as f64 + 1.0)
}

const SMALL: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// The reader as it was: every word read first, a number tried at
/// each. What the lazy reader, which tries only where
/// [`may_start_number`] says a number can start, must equal.
fn eager(text: &str) -> Vec<Number> {
    let mut all = Words::new(text);
    let mut count = 0;
    while all.get(count).is_some() {
        count += 1;
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < count {
        match read_at(text, &mut all, i) {
            Some((number, next)) => {
                out.push(number);
                i = next;
            }
            None => i += 1,
        }
    }
    out
}

/// Words and what stands between them, numbers and not, in mixed
/// scripts and spaces.
const PIECES: &[&str] = &[
    "one",
    "Two",
    "THREE",
    "ten",
    "twenty",
    "Twenty-Five",
    "ninety-nine",
    "forty-",
    "seventy",
    "nineteen",
    "zero",
    "a",
    "an",
    "A",
    "half",
    "Half",
    "hundred",
    "thousand",
    "Million",
    "billion",
    "dozen",
    "and",
    "per",
    "cent",
    "percent",
    "pct",
    "percentage",
    "points",
    "point",
    "third",
    "thirds",
    "two-thirds",
    "one-fifth",
    "quarter",
    "quarters",
    "halves",
    "the",
    "man",
    "tone",
    "oneself",
    "ten-year",
    "3rd",
    "one2",
    "\u{3a9}one",
    "one\u{3a9}",
    "\u{ff4f}\u{ff4e}\u{ff45}",
    "\u{ff11}\u{ff12}",
    "\u{4e00}\u{767e}",
    "\u{1f600}",
    "12",
    " ",
    " ",
    " ",
    "\u{a0}",
    "\u{202f}",
    "\u{2009}",
    "\u{3000}",
    "-",
    "\u{2013}",
    ", ",
    ".",
    "\u{200f}",
    "\u{200e}",
    "\u{301}",
    "\n",
    "",
];

proptest::proptest! {
    #[test]
    fn the_lazy_reader_reads_what_the_eager_one_did(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
    ) {
        let text: String = pieces.concat();
        proptest::prop_assert_eq!(word_numbers_in(&text), eager(&text));
    }

    #[test]
    fn a_text_said_to_hold_no_claim_figure_holds_none(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
    ) {
        let text: String = pieces.concat();
        if !may_hold_claim_figure(&text) {
            proptest::prop_assert!(!word_numbers_in(&text).iter().any(is_claim_figure));
        }
    }

    #[test]
    fn cardinals_are_the_listed_ones(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 1..3)
    ) {
        let word: String = pieces.concat();
        proptest::prop_assert_eq!(cardinal(&word), listed_cardinal(&word));
    }
}

#[test]
fn every_listed_cardinal_is_read() {
    let mut words: Vec<String> = SMALL.iter().chain(&TENS).map(|w| w.to_string()).collect();
    for t in TENS.iter().chain(&SMALL) {
        for u in SMALL.iter().chain(&TENS) {
            words.push(format!("{t}-{u}"));
            words.push(format!("{}-{}", t.to_uppercase(), u));
        }
    }
    for word in words {
        assert_eq!(cardinal(&word), listed_cardinal(&word), "{word}");
    }
}

#[test]
fn any_text_is_safe() {
    for text in [
        "",
        "-",
        "a",
        "one-",
        "hundred",
        "one\u{3000}hundred",
        "\u{200f}twenty\u{200f}-five",
        "一百 and 百 and twenty\u{202f}five",
        "ｏｎｅ hundred",
    ] {
        for n in word_numbers_in(text) {
            assert!(text.is_char_boundary(n.span.start) && text.is_char_boundary(n.span.end));
        }
    }
    assert_eq!(read("twenty\u{202f}five")[0].1, 25.0);
}
