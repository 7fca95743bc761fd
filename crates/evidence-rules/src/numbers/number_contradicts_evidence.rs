//! `number-contradicts-evidence`: a claim's figure that the passage it
//! cites gives otherwise for the same quantity (`95% chance of a cut by
//! June` citing "a 55% chance of a quarter-point cut by June").
//!
//! Conservative, because it fails builds: a claim's figure missing from
//! its passages contradicts one of their figures only when both measure
//! the same way (percentages, the same currency, the same dimension, or
//! counts of the same noun: `60 items` and `100 items`), the words around
//! them (up to four content words each side, within the clause) share at
//! least two words and at least half of the claim's, that passage figure
//! is the one best match, and neither figure is part of a range or a year.
//! Anything less stays `number-not-in-evidence`.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::rule::Rule;
use evidence_text::content_words::is_any_digit;
use evidence_text::number_derive::Figure;
use evidence_text::number_parse::{Number, NumberKind, Unit, convert, numbers_in};
use std::ops::Range;

/// What `number-contradicts-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::NumberContradictsEvidence,
    help: "correct the figure to what the cited passage says, or cite the passage that states yours",
    doc: &[
        "A number in a claim contradicts the figure a cited passage gives",
        "for the same quantity (same unit, same words around it).",
    ],
    guide_page: guide_page!("number-contradicts-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// Content words looked at on each side of a figure.
const REACH: usize = 4;

/// Words that say nothing about what a figure measures.
const STOP: &[&str] = &[
    "a",
    "an",
    "the",
    "of",
    "in",
    "on",
    "at",
    "by",
    "for",
    "to",
    "from",
    "and",
    "or",
    "with",
    "as",
    "is",
    "was",
    "were",
    "be",
    "been",
    "are",
    "that",
    "this",
    "these",
    "those",
    "its",
    "their",
    "his",
    "her",
    "it",
    "than",
    "about",
    "around",
    "some",
    "nearly",
    "almost",
    "over",
    "under",
    "per",
    "cent",
    "percent",
    "percentage",
    "point",
    "points",
    "which",
    "who",
    "has",
    "have",
    "had",
    "will",
    "would",
    "could",
    "may",
    "might",
    "just",
    "only",
    "also",
    "now",
    "then",
    "more",
    "less",
    "up",
    "down",
    "approximately",
    "roughly",
    "estimated",
    "some",
];

/// The passage figure `claim` contradicts, if one does: see the module
/// docs. `text` is the claim's text.
pub(crate) fn contradicted<'f, 'p>(
    text: &str,
    claim: &Number,
    unit: Option<Unit>,
    figures: &[&'f Figure<'p>],
) -> Option<&'f Figure<'p>> {
    if !matches!(claim.kind, NumberKind::Quantity | NumberKind::Percent)
        || in_range(text, &claim.span)
    {
        return None;
    }
    let noun = noun_after(text, claim.span.end);
    if claim.kind == NumberKind::Quantity && unit.is_none() && noun.is_none() {
        return None;
    }
    let words = context(text, &claim.span);
    if words.len() < 2 {
        return None;
    }
    let mut best: Option<(&'f Figure<'p>, usize)> = None;
    let mut tied = false;
    for &figure in figures {
        let f = &figure.number;
        if f.kind != claim.kind || !same_measure(unit, figure.unit, noun, figure) {
            continue;
        }
        let theirs = context(figure.text, &f.span);
        let shared = words
            .iter()
            .filter(|w| theirs.iter().any(|t| same_word(w, t)))
            .count();
        match best {
            Some((_, s)) if shared < s => {}
            Some((_, s)) if shared == s => tied = true,
            _ => {
                best = Some((figure, shared));
                tied = false;
            }
        }
    }
    let (figure, shared) = best?;
    let enough = shared >= 2 && shared * 2 >= words.len();
    (enough
        && !tied
        && !in_range(figure.text, &figure.number.span)
        && same_years(text, &claim.span, figure))
    .then_some(figure)
}

/// Whether two figures measure alike: percentages (the kind says so),
/// the same currency, units of the same dimension, or plain counts of the
/// same noun.
fn same_measure(
    claim: Option<Unit>,
    passage: Option<Unit>,
    noun: Option<&str>,
    figure: &Figure<'_>,
) -> bool {
    match (claim, passage) {
        (Some(Unit::Currency(a)), Some(Unit::Currency(b))) => a == b,
        (Some(a @ Unit::Measure { .. }), Some(b @ Unit::Measure { .. })) => {
            a == b || convert(1.0, b, a).is_some()
        }
        (None, None) if figure.number.kind == NumberKind::Percent => true,
        (None, None) => noun.is_some_and(|n| {
            noun_after(figure.text, figure.number.span.end).is_some_and(|m| same_word(n, m))
        }),
        _ => false,
    }
}

/// The word right after a number (`60 items`), if a word follows it.
fn noun_after(text: &str, end: usize) -> Option<&str> {
    let rest = text.get(end..)?.strip_prefix([' ', '\u{a0}'])?;
    let len = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    let word = &rest[..len];
    // `500 BCE` is a year.
    let era = ["bc", "bce", "ad", "ce"]
        .iter()
        .any(|e| e.eq_ignore_ascii_case(word));
    (len > 2 && !is_stop(word) && !era).then_some(word)
}

/// Whether the number at `span` is one end of a range (`5.25-5.50%`, `3
/// to 4`, `between 3 and 4`): a range word and a digit on one side.
fn in_range(text: &str, span: &Range<usize>) -> bool {
    const WORDS: [&str; 6] = ["-", "–", "—", "to", "through", "and"];
    let spaces = [' ', '\u{a0}'];
    let after = text
        .get(span.end..)
        .unwrap_or_default()
        .trim_start_matches(spaces);
    let forward = WORDS.iter().any(|w| {
        after.strip_prefix(w).is_some_and(|rest| {
            rest.trim_start_matches(spaces)
                .starts_with(|c: char| is_any_digit(c) || c == '$' || c == '£' || c == '€')
        })
    });
    let before = text.get(..span.start).unwrap_or_default();
    let before = before
        .trim_end_matches(['$', '£', '€'])
        .trim_end_matches(spaces);
    let backward = WORDS.iter().any(|w| {
        before.strip_suffix(w).is_some_and(|rest| {
            rest.trim_end_matches(spaces)
                .trim_end_matches(['%', '$'])
                .ends_with(is_any_digit)
        })
    });
    forward || backward
}

/// The text of the clause around `span` in `text`, before and after it:
/// punctuation ends a clause (a full stop only before a space or the end,
/// so that `2.5` after the figure does not).
fn clause<'t>(text: &'t str, span: &Range<usize>) -> (&'t str, &'t str) {
    let before = text.get(..span.start).unwrap_or_default();
    let after = text.get(span.end..).unwrap_or_default();
    let clause_end = |c: char| {
        matches!(
            c,
            '.' | ';' | ':' | ',' | '(' | ')' | '!' | '?' | '—' | '[' | ']'
        )
    };
    let before = before.rfind(clause_end).map_or(before, |i| {
        &before[i + before[i..].chars().next().map_or(1, char::len_utf8)..]
    });
    let after_end = after
        .char_indices()
        .find(|&(i, c)| {
            clause_end(c)
                && after[i + c.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(|n| n.is_whitespace() || c != '.')
        })
        .map_or(after.len(), |(i, _)| i);
    (before, &after[..after_end])
}

/// Whether every year written in the claim's clause around `span` is in
/// the passage figure's clause too: `10 trophies between 1989 and 2005`
/// is not the quantity of `47 trophies in our history`.
fn same_years(text: &str, span: &Range<usize>, figure: &Figure<'_>) -> bool {
    let years = |text: &str, span: &Range<usize>| -> Vec<i64> {
        let (before, after) = clause(text, span);
        numbers_in(before)
            .into_iter()
            .chain(numbers_in(after))
            .filter(|n| n.kind == NumberKind::Year)
            .map(|n| n.value as i64)
            .collect()
    };
    let theirs = years(figure.text, &figure.number.span);
    years(text, span).iter().all(|y| theirs.contains(y))
}

/// The content words around `span` in `text`: up to [`REACH`] on each
/// side, within its clause (punctuation and other figures end it).
fn context<'t>(text: &'t str, span: &Range<usize>) -> Vec<&'t str> {
    let mut out = Vec::with_capacity(2 * REACH);
    let (before, after) = clause(text, span);
    let mut taken = 0;
    for word in before.rsplit(|c: char| !c.is_alphanumeric()) {
        if word.chars().any(is_any_digit) {
            break;
        }
        if taken == REACH {
            break;
        }
        if !word.is_empty() && !is_stop(word) {
            out.push(word);
            taken += 1;
        }
    }
    taken = 0;
    // The claim's own unit (`%`, `percent`) is skipped as a stop word.
    for word in after.split(|c: char| !c.is_alphanumeric()) {
        if word.chars().any(is_any_digit) {
            break;
        }
        if taken == REACH {
            break;
        }
        if !word.is_empty() && !is_stop(word) {
            out.push(word);
            taken += 1;
        }
    }
    out
}

fn is_stop(word: &str) -> bool {
    STOP.iter().any(|s| s.eq_ignore_ascii_case(word))
}

/// Two words are the same, case and a plural `s` aside.
fn same_word(a: &str, b: &str) -> bool {
    let stem = |w: &str| -> usize {
        if w.len() > 3 && (w.ends_with('s') || w.ends_with('S')) {
            w.len() - 1
        } else {
            w.len()
        }
    };
    let (a, b) = (&a[..stem(a)], &b[..stem(b)]);
    a.eq_ignore_ascii_case(b)
}

/// The finding of figure `written` of claim `block`, at `span` of its
/// chapter, which the passage's `figure` contradicts. `note` names the
/// claim's figures that passed as derived.
pub(crate) fn finding(
    written: String,
    figure: &Figure<'_>,
    note: &str,
    span: Range<usize>,
    block: BlockId,
) -> Finding {
    Finding {
        rule: META.rule,
        message: format!(
            "{written} contradicts the passage it cites: the passage says `{}` ({}, `{}`){note}",
            figure.written(),
            excerpt(figure),
            figure.item
        ),
        span,
        block: Some(block),
        evidence_ids: vec![figure.item.to_owned()],
        excerpt: None,
    }
}

/// The words of the passage around a figure, quoted: up to 40 characters
/// each side, within its sentence.
fn excerpt(figure: &Figure<'_>) -> String {
    let text = figure.text;
    let span = &figure.number.span;
    let start = text[..span.start]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| !matches!(c, '.' | '!' | '?' | '\n'))
        .take(40)
        .last()
        .map_or(span.start, |(i, _)| i);
    let end = text[span.end..]
        .char_indices()
        .take_while(|&(_, c)| !matches!(c, '!' | '?' | '\n' | ';'))
        .take(40)
        .last()
        .map_or(span.end, |(i, c)| span.end + i + c.len_utf8());
    format!("“{}”", text[start..end].trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use evidence_text::number_derive::figures_in;
    use evidence_text::number_parse::unit_of;

    fn says(claim: &str, passage: &str) -> Option<String> {
        let figures = figures_in("p", passage);
        let refs: Vec<&Figure<'_>> = figures.iter().collect();
        let numbers = numbers_in(claim);
        let number = numbers.iter().find(|n| n.kind != NumberKind::Year)?;
        contradicted(claim, number, unit_of(claim, &number.span), &refs)
            .map(|f| f.written().to_owned())
    }

    #[test]
    fn the_same_quantity_given_otherwise_is_a_contradiction() {
        assert_eq!(
            says(
                "Markets price a 95% chance of a cut by June.",
                "Futures show a 55% chance of a quarter-point cut by June, up from 40% last week."
            )
            .as_deref(),
            Some("55%")
        );
        assert_eq!(
            says(
                "The company sold 70 items that year.",
                "Then, the company sold 60 items."
            )
            .as_deref(),
            Some("60")
        );
        assert_eq!(
            says(
                "The storm's winds reached 150 mph at landfall.",
                "winds reached 125 mph at landfall"
            )
            .as_deref(),
            Some("125")
        );
    }

    #[test]
    fn anything_less_is_no_contradiction() {
        for (claim, passage) in [
            // Other context.
            ("Unemployment rose 0.4% in May.", "Wages rose 0.2% in May."),
            // Two passage figures fit as well: which one is meant?
            (
                "a 95% chance of a cut",
                "a 55% chance of a cut, or a 45% chance of a cut",
            ),
            // Plain numbers without a shared noun.
            ("The company sold 70 of them.", "The company sold 60 items."),
            // A range, in any script's digits.
            (
                "rates at 5.25-5.75% this year",
                "rates at 5.25-5.50% this year",
            ),
            ("rates at ٥-٧% this year", "rates at ٥-٦% this year"),
            // Different measures.
            ("costs €12 a unit", "costs $10 a unit"),
            ("a 12% rise in the cost", "a rise in the cost of 12 items"),
            // Another time span.
            (
                "Arsenal won 10 trophies between 1989 and 2005.",
                "Arsenal have won 47 trophies in their history.",
            ),
            // Years of an era.
            (
                "Ironworking reached North Africa around 500 BCE.",
                "Ironworking reached North Africa around 30 BCE.",
            ),
        ] {
            assert_eq!(says(claim, passage), None, "{claim} / {passage}");
        }
    }

    #[test]
    fn odd_text_is_safe() {
        for text in [
            "5%",
            "—5%—",
            "\u{200f}95%\u{200f} chance\u{3000}of a cut",
            "９５% chance 東京 of a cut, 55 % chance",
            "a 2.5. 3.5% x",
        ] {
            let _ = says(text, text);
            let _ = says(text, "a 55% chance of a cut by June");
        }
    }
}
