//! Numbers written in words: `one hundred`, `twenty-five`, `a dozen`,
//! `three million`, `forty percent`, `two-thirds`, `half`.
//!
//! Read from passages, so that a claim's `100` matches a passage's "one
//! hundred members", and from claims ([`is_claim_figure`]: only those a
//! reader takes for a figure). English only; a word is compared without
//! allocating (ASCII, case-insensitive).

use super::{Number, NumberKind};

/// `zero` to `nineteen`.
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

/// `twenty` to `ninety`, at index `tens - 2`.
const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// Scale words after `hundred`.
const SCALES: [(&str, f64); 4] = [
    ("thousand", 1e3),
    ("million", 1e6),
    ("billion", 1e9),
    ("trillion", 1e12),
];

/// Denominators of fractions (`two-thirds`, `a quarter`), singular and
/// plural.
const DENOMINATORS: [(&str, &str, f64); 9] = [
    ("half", "halves", 2.0),
    ("third", "thirds", 3.0),
    ("quarter", "quarters", 4.0),
    ("fourth", "fourths", 4.0),
    ("fifth", "fifths", 5.0),
    ("sixth", "sixths", 6.0),
    ("eighth", "eighths", 8.0),
    ("tenth", "tenths", 10.0),
    ("hundredth", "hundredths", 100.0),
];

/// One word of the text: its byte range.
#[derive(Clone, Copy)]
struct Word<'t> {
    text: &'t str,
    start: usize,
    end: usize,
}

/// The value of a word that is a number on its own: `seven`, `forty`,
/// `twenty-five`.
fn cardinal(word: &str) -> Option<f64> {
    // Every cardinal starts with one of these letters: most words are
    // turned away here, without a comparison.
    if !matches!(
        word.as_bytes().first()?.to_ascii_lowercase(),
        b'z' | b'o' | b't' | b'f' | b's' | b'e' | b'n'
    ) {
        return None;
    }
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

fn is(word: &Word<'_>, what: &str) -> bool {
    word.text.eq_ignore_ascii_case(what)
}

/// The words of `text` made of ASCII letters and inner hyphens.
fn words(text: &str) -> impl Iterator<Item = Word<'_>> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && !bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len()
            && (bytes[i].is_ascii_alphabetic()
                || bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
        {
            i += 1;
        }
        // A word glued to digits or other letters (`3rd`, `Ωone`) is no
        // number word: it is returned, and never matches.
        Some(Word {
            text: &text[start..i],
            start,
            end: i,
        })
    })
}

/// The numbers written in words in `text`, in order.
pub(crate) fn word_numbers_in(text: &str) -> Vec<Number> {
    let all: Vec<Word<'_>> = words(text).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < all.len() {
        match read_at(text, &all, i) {
            Some((number, next)) => {
                out.push(number);
                i = next;
            }
            None => i += 1,
        }
    }
    out
}

/// Whether a number read by [`word_numbers_in`] is a figure in a claim: a
/// percentage, a scaled amount (`three million`) or at least a hundred
/// (`one hundred`). Small counts in words (`two terms`, `three players`)
/// are prose, not figures to check.
pub(crate) fn is_claim_figure(number: &Number) -> bool {
    number.kind == NumberKind::Percent && number.unscaled >= 1.0 || number.value >= 100.0
}

/// Whether `word` is glued to something that makes it no number word: a
/// digit or a letter outside ASCII right before or after.
fn glued(text: &str, word: &Word<'_>) -> bool {
    let around = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    around(text[..word.start].chars().next_back()) || around(text[word.end..].chars().next())
}

/// The number whose first word is `all[i]`, and the index of the word after it.
fn read_at(text: &str, all: &[Word<'_>], i: usize) -> Option<(Number, usize)> {
    let first = all[i];
    if glued(text, &first) {
        return None;
    }
    // `a` / `an` only before a scale, `dozen` or a fraction's denominator.
    let article = is(&first, "a") || is(&first, "an");
    if let Some(found) = fraction(all, i, article) {
        return Some(found);
    }
    if is(&first, "half") {
        return Some((fraction_number(first.start, first.end, 0.5), i + 1));
    }
    let (mut total, mut current, mut j) = (0.0, 0.0, i);
    let mut any = false;
    let mut last_scale = 1.0;
    // The cardinal just read, when the last word was one: `twenty five`
    // goes on, `one two` does not.
    let mut previous: Option<f64> = None;
    if article {
        let next = all.get(i + 1)?;
        let scaled =
            is(next, "hundred") || is(next, "dozen") || SCALES.iter().any(|(s, _)| is(next, s));
        if !scaled {
            return None;
        }
        current = 1.0;
        j += 1;
    }
    while let Some(word) = all.get(j) {
        if j > i && !is_gap(text, all[j - 1].end, word.start) || glued(text, word) {
            break;
        }
        if let Some(v) = cardinal(word.text) {
            let goes_on = previous.is_none_or(|p| {
                p >= 20.0 && p % 10.0 == 0.0 && (1.0..10.0).contains(&v) && !word.text.contains('-')
            });
            if !goes_on || article && j == i + 1 {
                break;
            }
            current += v;
            previous = Some(v);
        } else if is(word, "hundred") && current < 100.0 && (any || article) {
            current = current.max(1.0) * 100.0;
            previous = None;
        } else if is(word, "dozen") && total == 0.0 && current < 100.0 && (any || article) {
            current = current.max(1.0) * 12.0;
            any = true;
            j += 1;
            break;
        } else if let Some(&(_, scale)) = SCALES.iter().find(|(s, _)| is(word, s))
            && (any || article)
        {
            total += current.max(1.0) * scale;
            last_scale = scale;
            current = 0.0;
            previous = None;
        } else if is(word, "and")
            && current >= 100.0
            && previous.is_none()
            && all.get(j + 1).and_then(|w| cardinal(w.text)).is_some()
        {
            // `two hundred and fifty`
        } else {
            break;
        }
        any = true;
        j += 1;
    }
    if !any {
        return None;
    }
    let value = total + current;
    let (kind, end, next) = percent_after(text, all, j);
    let end = end.unwrap_or(all[j - 1].end);
    Some((
        Number {
            span: first.start..end,
            value,
            unscaled: value / last_scale,
            kind,
        },
        next,
    ))
}

/// `percent`, `per cent` or `percentage points` after the words ending
/// before `all[j]`: the kind, where the unit ends, and the next word.
fn percent_after(text: &str, all: &[Word<'_>], j: usize) -> (NumberKind, Option<usize>, usize) {
    let Some(word) = all.get(j) else {
        return (NumberKind::Quantity, None, j);
    };
    if !is_gap(text, all[j - 1].end, word.start) {
        return (NumberKind::Quantity, None, j);
    }
    if is(word, "percent") || is(word, "pct") {
        return (NumberKind::Percent, Some(word.end), j + 1);
    }
    let second = all.get(j + 1).filter(|w| is_gap(text, word.end, w.start));
    match second {
        Some(w) if is(word, "per") && is(w, "cent") => (NumberKind::Percent, Some(w.end), j + 2),
        Some(w) if is(word, "percentage") && (is(w, "point") || is(w, "points")) => {
            (NumberKind::Percent, Some(w.end), j + 2)
        }
        _ => (NumberKind::Quantity, None, j),
    }
}

/// `two-thirds`, `a third`, `three quarters`, `one-fifth`: a fraction,
/// read as a percentage (its `unscaled` is the fraction itself).
fn fraction(all: &[Word<'_>], i: usize, article: bool) -> Option<(Number, usize)> {
    let first = all[i];
    let numerator = if article {
        1.0
    } else if let Some((n, d)) = first.text.split_once('-') {
        let numerator = cardinal(n).filter(|v| (1.0..10.0).contains(v))?;
        let denominator = denominator(d, numerator)?;
        return Some((
            fraction_number(first.start, first.end, numerator / denominator),
            i + 1,
        ));
    } else {
        cardinal(first.text).filter(|v| (1.0..10.0).contains(v))?
    };
    let second = all.get(i + 1)?;
    if second.start != first.end + 1 {
        return None;
    }
    let denominator = denominator(second.text, numerator)?;
    Some((
        fraction_number(first.start, second.end, numerator / denominator),
        i + 2,
    ))
}

/// The denominator a word names, singular after one (`a third`), plural
/// after more (`two thirds`).
fn denominator(word: &str, numerator: f64) -> Option<f64> {
    DENOMINATORS.iter().find_map(|&(one, many, d)| {
        let name = if numerator == 1.0 { one } else { many };
        (word.eq_ignore_ascii_case(name) && numerator < d).then_some(d)
    })
}

fn fraction_number(start: usize, end: usize, fraction: f64) -> Number {
    Number {
        span: start..end,
        value: fraction * 100.0,
        unscaled: fraction,
        kind: NumberKind::Percent,
    }
}

/// Whether the text between two words is a single space (of any kind) or
/// a hyphen: they belong to one number.
fn is_gap(text: &str, end: usize, start: usize) -> bool {
    text.get(end..start)
        .is_some_and(|gap| matches!(gap, " " | "\u{a0}" | "\u{202f}" | "-"))
}

#[cfg(test)]
mod tests {
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
}
