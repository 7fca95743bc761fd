//! A claim's figure that a passage writes in a form the number parser
//! does not read as the same figure: the number of an identifier
//! (`Interstate 80` is the passage's `I-80`; the Hindi `जन्म 11 अक्टूबर`
//! is `जन्म-11 अक्टूबर`, "born-11 October"), where the parser skips the
//! digits as part of a word (`COVID-19` is not nineteen of anything), and
//! thousands the claim separates with plain spaces (`65 000`), which the
//! parser reads as two figures, since a plain space between figures is
//! more often a list (`series 591 598 604`) than a separator.
//!
//! Used by `number-not-in-evidence` only for a figure no cited passage
//! holds: a list read as one number here hides a figure only if a passage
//! holds that one number.

use crate::content_words::is_word_mark;
use crate::names::lexicon::{FUNCTION_WORDS, is_in};
use crate::names::opens_sentence;
use crate::number_parse::{Number, NumberKind};

/// How a passage writes the claim's figure `claim` (its text `written`,
/// in the claim `text`) as the number of an identifier, in words, or
/// `None`: the passage holds `X-N` or `X–N`, `N` being `written` with no
/// number going on after it, where `X` is the claim's word before the
/// figure or, when that word is a name's (capitalised, not opening the
/// sentence, not a function word), its initial (`I-80` for `Interstate
/// 80`, not `S-300` for `Some 300`). Only a whole number written in ASCII
/// digits.
pub fn as_in_an_identifier(
    text: &str,
    claim: &Number,
    written: &str,
    passages: &[&str],
) -> Option<String> {
    if claim.kind != NumberKind::Quantity || !written.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let word = word_before(&text[..claim.span.start])?;
    // Only a name's initial. `word` ends `text[..claim.span.start]`, its
    // spaces trimmed.
    let at = text[..claim.span.start].trim_end().len() - word.len();
    let lower = word.to_lowercase();
    let name_like = !opens_sentence(text, at) && !is_in(FUNCTION_WORDS, &lower);
    let initial = word
        .chars()
        .next()
        .filter(|c| c.is_uppercase() && name_like)
        .map(String::from);
    passages.iter().find_map(|passage| {
        identifiers_ending(passage, written).find_map(|(prefix, at)| {
            let same_word = prefix.to_lowercase() == lower;
            let same_initial = initial.as_deref() == Some(prefix);
            (same_word || same_initial).then(|| {
                // The dash is one byte (`-`) or three (`–`).
                let dash = passage[..at].chars().next_back().map_or(0, char::len_utf8);
                let start = at - dash - prefix.len();
                format!(
                    "`{written}` is the passage's `{}`",
                    &passage[start..at + written.len()]
                )
            })
        })
    })
}

/// The word right before `head`'s trailing spaces: letters and combining
/// marks ([`is_word_mark`]: `जन्म` is one word), or `None`.
fn word_before(head: &str) -> Option<&str> {
    let head = head.trim_end();
    let start = head
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphabetic() || is_word_mark(*c))
        .last()
        .map(|(i, _)| i)?;
    Some(&head[start..])
}

/// Each `(X, at)` where `passage` writes `X-` or `X–` and then `digits`
/// at byte `at`, no number going on after them: `X` is the word before
/// the dash.
fn identifiers_ending<'p>(
    passage: &'p str,
    digits: &'p str,
) -> impl Iterator<Item = (&'p str, usize)> + 'p {
    passage.match_indices(digits).filter_map(move |(at, _)| {
        // Not the start of a longer number (`I-800`, `I-80.5`, `I-80,000`).
        let rest = &passage[at + digits.len()..];
        let mut next = rest.chars();
        let continues = match next.next() {
            Some(c) if c.is_numeric() => true,
            Some('.' | ',') => next.next().is_some_and(char::is_numeric),
            _ => false,
        };
        if continues {
            return None;
        }
        let head = passage[..at].strip_suffix(['-', '–'])?;
        if head.ends_with([' ', '\u{a0}']) {
            return None;
        }
        Some((word_before(head)?, at))
    })
}

/// The number a claim writes with its thousands separated by plain spaces
/// (`65 000`, `1 709 400`) around the figure that starts at `at`, read as
/// one: its span and value, or `None` when the digits there are not such
/// a group (a first group of one to three digits, then groups of three,
/// no digit, `.` or `,` before it, no digit, letter or `-` after it).
pub fn space_grouped(text: &str, at: usize) -> Option<Number> {
    let bytes = text.as_bytes();
    if at >= bytes.len() {
        return None;
    }
    let digits_from = |i: usize| {
        let mut j = i;
        while bytes.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    let mut start = at;
    // Walk left over whole groups of three.
    while start >= 2
        && bytes[start - 1] == b' '
        && bytes[start - 2].is_ascii_digit()
        && digits_from(start) - start == 3
    {
        let mut s = start - 1;
        while s > 0 && bytes[s - 1].is_ascii_digit() {
            s -= 1;
        }
        start = s;
    }
    let mut end = digits_from(start);
    // Not a part of a longer number, nor of a list of figures (`6 5 000`).
    let list = start >= 2 && bytes[start - 1] == b' ' && bytes[start - 2].is_ascii_digit();
    if !(1..=3).contains(&(end - start))
        || start > 0 && matches!(bytes[start - 1], b'.' | b',' | b'0'..=b'9')
        || list
    {
        return None;
    }
    let mut groups = 1;
    while bytes.get(end) == Some(&b' ') && digits_from(end + 1) - (end + 1) == 3 {
        end += 4;
        groups += 1;
    }
    // Nor glued to a word, or with decimals the group leaves out
    // (`65 000.5`).
    let mut after = text[end..].chars();
    let followed = match after.next() {
        Some('.' | ',') => after.next().is_some_and(char::is_numeric),
        Some(c) => c.is_alphanumeric() || c == '-',
        None => false,
    };
    if groups < 2 || followed || !(start..end).contains(&at) {
        return None;
    }
    let value: f64 = text[start..end].replace(' ', "").parse().ok()?;
    Some(Number {
        span: start..end,
        value,
        unscaled: value,
        kind: NumberKind::Quantity,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number_parse::numbers_in;

    fn figure(text: &str, written: &str) -> Number {
        numbers_in(text)
            .into_iter()
            .find(|n| &text[n.span.clone()] == written)
            .unwrap_or_else(|| panic!("`{written}` is not a figure of {text:?}"))
    }

    #[test]
    fn an_identifier_holds_the_figure_of_the_word_before_it_or_its_initial() {
        let claim = "Highways include Interstate 80 across Ohio.";
        let n = figure(claim, "80");
        let passages = ["From near Chicago, I-80 is a toll road."];
        assert_eq!(
            as_in_an_identifier(claim, &n, "80", &passages).as_deref(),
            Some("`80` is the passage's `I-80`")
        );
        let hindi = "अमिताभ बच्चन का जन्म 11 अक्टूबर, 1942 को हुआ था।";
        let n = figure(hindi, "11");
        let passages = ["अमिताभ बच्चन (जन्म-11 अक्टूबर, 1942) भारतीय"];
        assert_eq!(
            as_in_an_identifier(hindi, &n, "11", &passages).as_deref(),
            Some("`11` is the passage's `जन्म-11`")
        );
    }

    #[test]
    fn another_identifier_or_a_longer_number_is_not_the_figure() {
        let claim = "Highways include Interstate 80 across Ohio.";
        let n = figure(claim, "80");
        for passage in [
            "The F-80 flew.",
            "I-800 is a road.",
            "Route I80 runs.",
            "COVID-80",
        ] {
            assert_eq!(
                as_in_an_identifier(claim, &n, "80", &[passage]),
                None,
                "{passage}"
            );
        }
        // A lowercase word's initial is not an abbreviation of it.
        let claim = "The team won 80 games.";
        let n = figure(claim, "80");
        assert_eq!(as_in_an_identifier(claim, &n, "80", &["w-80"]), None);
    }

    #[test]
    fn thousands_separated_by_plain_spaces_are_one_number() {
        let claim = "la muerte de aproximadamente 65 000 civiles, y 1 709 400 km².";
        // Each figure the parser reads in the group gives the whole number.
        for (digits, value) in [("65 ", 65_000.0), ("000", 65_000.0), ("709", 1_709_400.0)] {
            let at = claim.find(digits).unwrap_or(0);
            assert_eq!(
                space_grouped(claim, at).map(|n| n.value),
                Some(value),
                "{digits}"
            );
        }
    }

    #[test]
    fn a_word_opening_the_sentence_or_a_function_word_gives_no_initial() {
        let passages = ["Russia delivered the S-300 system. The A-10 entered service."];
        for (claim, digits) in [
            ("Some 300 missiles were delivered.", "300"),
            ("They said about 10 were lost. About 10 were lost.", "10"),
        ] {
            for n in numbers_in(claim)
                .iter()
                .filter(|n| &claim[n.span.clone()] == digits)
            {
                assert_eq!(
                    as_in_an_identifier(claim, n, digits, &passages),
                    None,
                    "{claim}"
                );
            }
        }
        // A longer number is not the figure.
        let claim = "Highways include Interstate 80 across Ohio.";
        let n = figure(claim, "80");
        for passage in ["I-80.5 km", "I-80,000", "I-80\u{660}"] {
            assert_eq!(
                as_in_an_identifier(claim, &n, "80", &[passage]),
                None,
                "{passage}"
            );
        }
    }

    #[test]
    fn a_list_of_figures_is_not_a_grouped_number() {
        for (text, digits) in [
            ("series 2016 553 564", "553"),
            ("about 12 3456 times", "12"),
            ("a 10 100-metre race", "10"),
            ("the 3 100m finals", "3"),
            ("scored 1.5 000", "5"),
            ("only 65 alone", "65"),
            ("lists 6 5 000 items", "5"),
            ("about 65 000.5 units", "65"),
        ] {
            let at = text.find(digits).unwrap_or(0);
            assert_eq!(space_grouped(text, at), None, "{text}");
        }
    }

    /// Pieces around figures, other scripts' letters and marks among them.
    const PIECES: &[&str] = &[
        "80",
        "000",
        "1 709",
        " ",
        "\u{a0}",
        "-",
        "–",
        ".",
        ",",
        "I",
        "Interstate ",
        "जन्म",
        "\u{94d}",
        "\u{301}",
        "é",
        "😀",
        "页",
        "\u{200f}",
        "\u{3000}",
        "\u{ff18}",
        "k",
    ];

    #[test]
    fn every_sequence_of_pieces_is_safe() {
        for a in PIECES {
            for b in PIECES {
                for c in PIECES {
                    let text = format!("{a}{b}{c} 80 {a}{c}");
                    for n in numbers_in(&text) {
                        if let Some(whole) = space_grouped(&text, n.span.start) {
                            assert!(text.get(whole.span.clone()).is_some(), "{text:?}");
                        }
                        let written = &text[n.span.clone()];
                        let _ = as_in_an_identifier(&text, &n, written, &[&text, b, "I-80"]);
                    }
                }
            }
        }
    }
}
