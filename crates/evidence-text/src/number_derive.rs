//! Figures a reader accepts from a passage that does not write them: the
//! passage's figure rounded (`2.9%` from 2.94%), in another unit of
//! measure (`201 km/h` from 125 mph; never another currency), or one step
//! of arithmetic on two of its figures (a sum, a difference, a product, a
//! ratio, a share, a percentage change: `£600` from 60 items at £10).
//!
//! Used by the support rules for a claim's figure that no cited passage
//! holds as written; each derivation is said in words (for a finding's
//! note), so that a reader can check it.

use crate::content_words::ascii_form;
#[cfg(test)]
use crate::number_parse::numbers_in;
use crate::number_parse::passage_numbers_in;
use crate::number_parse::{
    Number, NumberKind, Unit, convert, decimal_places, unit_name, unit_of, word_numbers_in,
};
use std::sync::OnceLock;

/// A figure of a cited passage.
#[derive(Debug, Clone)]
pub struct Figure<'p> {
    /// The number; its span is in `text`.
    pub number: Number,
    /// The passage the figure is in.
    pub text: &'p str,
    /// Its unit, if it has one.
    pub unit: Option<Unit>,
    /// The id of the item whose passage it is.
    pub item: &'p str,
}

impl Figure<'_> {
    /// The figure as the passage writes it.
    pub fn written(&self) -> &str {
        &self.text[self.number.span.clone()]
    }
}

/// The figures of an item's passages, found once per build and kept in
/// the build's analyses (an item is cited by many claims, often in many chapters):
/// the index of the passage in [`EvidenceItem::passages`], the number and
/// its unit. Its numbers in digits are read first and alone: most claims'
/// figures are among them, and then nothing else is needed.
///
/// [`EvidenceItem::passages`]: evidence_core::store::EvidenceItem::passages
#[derive(Debug, Clone, Default)]
pub struct PassageFigures {
    /// The numbers in digits of every passage ([`passage_numbers_in`]).
    digits: Box<[Number]>,
    /// Every figure, in digits and in words, passage by passage, each
    /// passage's in order; read when first asked for.
    all: OnceLock<Box<[PassageFigure]>>,
}

/// A figure of a passage: the passage's place among the item's, the
/// number and its unit.
type PassageFigure = (usize, Number, Option<Unit>);

impl PassageFigures {
    /// The figures of `item`'s passages (their numbers in digits: the
    /// rest is read when asked for).
    pub fn of(item: &evidence_core::store::EvidenceItem) -> PassageFigures {
        PassageFigures {
            digits: item.passages().flat_map(passage_numbers_in).collect(),
            all: OnceLock::new(),
        }
    }

    /// The passages' numbers in digits.
    pub fn digits(&self) -> &[Number] {
        &self.digits
    }

    /// Every figure as [`Figure`]s of the item `id` whose passages are
    /// `passages` (those [`PassageFigures::of`] read).
    pub fn figures<'p>(&self, id: &'p str, passages: &[&'p str]) -> Vec<Figure<'p>> {
        let all = self.all.get_or_init(|| {
            passages
                .iter()
                .enumerate()
                .flat_map(|(i, text)| {
                    figures_in("", text)
                        .into_iter()
                        .map(move |f| (i, f.number, f.unit))
                })
                .collect()
        });
        all.iter()
            .map(|(i, number, unit)| Figure {
                number: number.clone(),
                text: passages[*i],
                unit: *unit,
                item: id,
            })
            .collect()
    }
}

/// The figures of a passage of item `item`: its numbers in digits and in
/// words, in order.
pub fn figures_in<'p>(item: &'p str, text: &'p str) -> Vec<Figure<'p>> {
    let mut numbers = passage_numbers_in(text);
    numbers.extend(word_numbers_in(text));
    numbers.sort_by_key(|n| n.span.start);
    numbers
        .into_iter()
        .map(|number| Figure {
            unit: unit_of(text, &number.span),
            number,
            text,
            item,
        })
        .collect()
}

/// How a passage writes `claim` (its text `written`, in the claim `text`)
/// as an ordinal in digits before the same noun, in words, or `None`
/// (`46 years` in *its 46th year*; not `19 floors` in *a 19th-century
/// building*): the number parser reads no ordinal as a figure.
pub fn as_an_ordinal(
    text: &str,
    claim: &Number,
    written: &str,
    passages: &[&str],
) -> Option<String> {
    let whole = claim.value.fract() == 0.0 && claim.value >= 1.0;
    if claim.kind != NumberKind::Quantity || !whole || claim.value >= 1e6 {
        return None;
    }
    let noun = word_after(&text[claim.span.end..])?;
    let n = claim.value as u64;
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    let ordinal = format!("{n}{suffix}");
    passages
        .iter()
        .any(|p| {
            token_ends(p, &ordinal)
                .any(|end| word_after(&p[end..]).is_some_and(|w| same_noun(&w, &noun)))
        })
        .then(|| format!("`{written}` is the passage's `{ordinal}`"))
}

/// The word right after `rest`'s spaces or a hyphen, in lower case.
fn word_after(rest: &str) -> Option<String> {
    let rest = rest.trim_start_matches([' ', '\u{a0}', '-']);
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    (!word.is_empty()).then(|| word.to_lowercase())
}

/// Whether two nouns are one, in the singular or the plural.
fn same_noun(a: &str, b: &str) -> bool {
    let singular = |w: &str| {
        w.strip_suffix('s')
            .filter(|s| s.len() >= 3)
            .unwrap_or(w)
            .to_owned()
    };
    singular(a) == singular(b)
}

/// Where `token` ends each time it stands in `text` as a whole word: no
/// letter or digit beside it.
fn token_ends<'t>(text: &'t str, token: &'t str) -> impl Iterator<Item = usize> + 't {
    text.match_indices(token).filter_map(move |(at, _)| {
        let end = at + token.len();
        (!text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
            && !text[end..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric))
        .then_some(end)
    })
}

/// At most this many pairs of a claim's passage figures are tried by
/// arithmetic.
const PAIRS: usize = 400;

/// Claims figures below this are not derived by arithmetic: too many
/// pairs of a passage's figures make a small number.
const ARITHMETIC_FROM: f64 = 10.0;

/// How `claim` (its text `written`, its unit `unit`) is one of `figures`
/// rounded or in another unit of measure, in words, or `None`.
pub fn restated(
    claim: &Number,
    written: &str,
    unit: Option<Unit>,
    figures: &[&Figure<'_>],
) -> Option<String> {
    if !matches!(claim.kind, NumberKind::Quantity | NumberKind::Percent) {
        return None;
    }
    let half = half_digit(claim, written);
    for figure in figures {
        let f = &figure.number;
        // Rounded: within half the claim's last digit (a half rounds up,
        // away from the claim) and 5% of it.
        let off = (f.value - claim.value).abs();
        if f.kind == claim.kind
            && figure.unit == unit
            && precision(f, figure.written()) < precision(claim, written)
            && off < half * (1.0 - 2e-9)
            && off <= 0.05 * claim.value.abs()
        {
            return Some(format!("`{written}` is {} rounded", figure.written()));
        }
        if let (Some(from), Some(to)) = (figure.unit, unit)
            && let Some(converted) = convert(f.value, from, to)
            && (converted - claim.value).abs() <= half.max(0.01 * claim.value.abs())
        {
            return Some(format!(
                "`{written}` is {} {} in {}",
                figure.written(),
                unit_name(from),
                unit_name(to)
            ));
        }
    }
    None
}

/// Half the last digit `claim` is written with (a hair more, for
/// rounding error).
fn half_digit(claim: &Number, written: &str) -> f64 {
    precision(claim, written) / 2.0 * (1.0 + 1e-9)
}

/// How `claim` (its text `written`) is one step of arithmetic on two of
/// `figures` written in the same sentence of a passage, one of the next
/// two after the other, in words, or `None`. Figures below `ARITHMETIC_FROM` are not tried.
pub fn computed(claim: &Number, written: &str, figures: &[&Figure<'_>]) -> Option<String> {
    if !matches!(claim.kind, NumberKind::Quantity | NumberKind::Percent)
        || claim.value < ARITHMETIC_FROM
    {
        return None;
    }
    let half = half_digit(claim, written);
    let near = |v: f64| (v - claim.value).abs() <= half;
    let usable = |f: &Figure<'_>| {
        matches!(f.number.kind, NumberKind::Quantity | NumberKind::Percent)
            && f.number.value.is_finite()
            && f.number.value != 0.0
    };
    let mut pairs = 0;
    for (i, a) in figures.iter().enumerate().filter(|(_, f)| usable(f)) {
        // Only a figure's next two: figures combined are written together.
        let next = figures
            .get(i + 1..figures.len().min(i + 3))
            .unwrap_or_default();
        for b in next.iter().filter(|f| usable(f)) {
            if !same_sentence(a, b) {
                break;
            }
            pairs += 1;
            if pairs > PAIRS {
                return None;
            }
            if let Some(how) = step(claim.kind, a, b, near) {
                return Some(format!("`{written}` is {how}"));
            }
        }
    }
    None
}

/// Whether `b`, after `a` in the figures of a claim's passages, is in the
/// same passage and sentence: no sentence end (`. `, `? `, `! `, a line
/// break) between them, and at most 300 bytes apart.
fn same_sentence(a: &Figure<'_>, b: &Figure<'_>) -> bool {
    if !std::ptr::eq(a.text, b.text) || b.number.span.start < a.number.span.end {
        return false;
    }
    let Some(between) = a.text.get(a.number.span.end..b.number.span.start) else {
        return false;
    };
    between.len() <= 300 && !between.contains(['\n', '!', '?']) && !between.contains(". ")
}

/// The step that makes a figure near the claim's of `a` and `b`, in words.
fn step(
    kind: NumberKind,
    a: &Figure<'_>,
    b: &Figure<'_>,
    near: impl Fn(f64) -> bool,
) -> Option<String> {
    use crate::number_parse::NumberKind::{Percent, Quantity};
    let (x, y) = (a.number.value, b.number.value);
    let (ka, kb) = (a.number.kind, b.number.kind);
    let (wa, wb) = (a.written(), b.written());
    let (big, small, wbig, wsmall) = if x >= y {
        (x, y, wa, wb)
    } else {
        (y, x, wb, wa)
    };
    // Sums, differences and changes of figures in the same unit; a
    // product of a count and a price or a measure.
    let alike = a.unit == b.unit;
    if ka == kind && kb == kind && alike {
        if near(x + y) {
            return Some(format!("{wa} + {wb}"));
        }
        if near(big - small) {
            return Some(format!("{wbig} − {wsmall}"));
        }
    }
    if ka == kb && kind == Percent && alike {
        for (from, to, wf, wt) in [(x, y, wa, wb), (y, x, wb, wa)] {
            if near(((to - from) / from * 100.0).abs()) {
                return Some(format!("the change from {wf} to {wt}"));
            }
        }
        if ka == Quantity && near(small / big * 100.0) {
            return Some(format!("{wsmall} of {wbig}"));
        }
    }
    if kind == Quantity && ka == Quantity && kb == Quantity {
        if a.unit.is_some() != b.unit.is_some() && near(x * y) {
            return Some(format!("{wa} × {wb}"));
        }
        if alike && near(big / small) {
            return Some(format!("{wbig} ÷ {wsmall}"));
        }
    }
    if kind == Quantity && ka != kb {
        let (amount, share, wamount, wshare) = if ka == Quantity {
            (x, y, wa, wb)
        } else {
            (y, x, wb, wa)
        };
        if near(amount * share / 100.0) {
            return Some(format!("{wshare} of {wamount}"));
        }
    }
    None
}

/// The size of the last digit a number is written with, scale applied:
/// 0.1 for `2.9%`, 1 for `201`, 100,000 for `1.2 million`.
pub(super) fn precision(number: &Number, written: &str) -> f64 {
    // Full-width digits (`４.４％`) and other scripts' (`٣٫٥٪`) count as
    // the ASCII ones they stand for.
    let written: std::borrow::Cow<'_, str> = if written.is_ascii() {
        written.into()
    } else {
        written.chars().map(ascii_form).collect::<String>().into()
    };
    // A fraction in words (`a third`, `two-thirds`: a percentage whose
    // `unscaled` is the fraction) is exact: a claim's `33%` is `a third`
    // rounded. Other numbers in words (`half a million`) are round.
    if number.kind == NumberKind::Percent
        && number.unscaled < 1.0
        && !written.chars().any(|c| c.is_ascii_digit())
    {
        return 0.0;
    }
    let decimals = decimal_places(&written);
    let scale = if number.unscaled != 0.0 && number.unscaled.is_finite() {
        (number.value / number.unscaled).abs()
    } else {
        1.0
    };
    10f64.powi(-(decimals.min(12) as i32)) * scale.max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn otherwise(claim: &str, passage: &str) -> Option<String> {
        let number = numbers_in(claim).into_iter().next().unwrap();
        as_an_ordinal(claim, &number, &claim[number.span.clone()], &[passage])
    }

    #[test]
    fn an_ordinal_before_the_same_noun_writes_the_figure() {
        assert_eq!(
            otherwise(
                "The prize has run for 46 years.",
                "This year marks its 46th year."
            ),
            Some("`46` is the passage's `46th`".into())
        );
        assert!(otherwise("It came 3 times.", "the 3rd time").is_some());
        assert!(otherwise("It came 2 times.", "the 22nd time").is_none());
        // Another noun, or none: a century, a date.
        assert!(otherwise("The building has 19 floors.", "a 19th-century building").is_none());
        assert!(otherwise("The blast killed 3 people.", "On March 3rd, 2 people died.").is_none());
    }

    fn derive(claim: &str, passage: &str) -> Option<String> {
        let figures = figures_in("p", passage);
        let refs: Vec<&Figure<'_>> = figures.iter().collect();
        let number = numbers_in(claim)
            .into_iter()
            .chain(word_numbers_in(claim))
            .next()
            .unwrap();
        let written = &claim[number.span.clone()];
        restated(&number, written, unit_of(claim, &number.span), &refs)
            .or_else(|| computed(&number, written, &refs))
    }

    #[test]
    fn conversions_within_rounding() {
        assert_eq!(
            derive("reached 201 km/h", "winds of 125 mph").as_deref(),
            Some("`201` is 125 mph in km/h")
        );
        assert!(derive("weighs 10 kg", "a 23-pound projectile").is_some());
        assert!(derive("460 mm", "a shell 18 in, fired").is_some());
        assert!(derive("a high of 25°C", "a high of 77°F").is_some());
        assert!(derive("a high of 30°C", "a high of 77°F").is_none());
        assert!(derive("ran 5 km", "ran 3.1 miles").is_some());
        // Never currencies.
        assert!(derive("cost €12", "cost $10").is_none());
    }

    #[test]
    fn rounding_and_arithmetic() {
        assert_eq!(
            derive("rose 2.9%", "rose 2.94% on the year").as_deref(),
            Some("`2.9%` is 2.94% rounded")
        );
        assert!(derive("1.2 million", "1,234,567 people").is_some());
        // Other scripts' digits and decimal signs round as ASCII ones do.
        assert_eq!(
            derive("rose 35%", "rose ٣٤٫٦٪ on the year").as_deref(),
            Some("`35%` is ٣٤٫٦٪ rounded")
        );
        assert!(derive("rose ١٥٠٫٥", "rose 150.7").is_none());
        // A half rounds up, and rounding stays within 5%.
        assert!(derive("at least $7 a share", "about $7.50 a share").is_none());
        assert!(derive("the 1% cap", "touched 0.505% on the day").is_none());
        // Figures far apart in a sentence are not combined.
        assert!(
            derive(
                "sank 42 ships",
                "with 51 guns, 3 masts, 7 boats and 9 crews"
            )
            .is_none()
        );
        // Sums of figures in different units are not derivations.
        assert!(derive("12 in all", "5 km and 7 miles").is_none());
        assert_eq!(
            derive("cost £600", "sold 60 items at $10 each").as_deref(),
            Some("`600` is 60 × 10")
        );
        assert_eq!(
            derive("won 10 trophies", "five League titles and five FA Cups").as_deref(),
            Some("`10` is five + five")
        );
        assert!(derive("a 20% rise", "from 100 to 120 members").is_some());
        assert!(derive("60% of them", "60 of the 100 members").is_some());
        assert!(derive("30 people", "20% of 150 people").is_some());
        assert!(derive("a 95% chance", "a 55% chance").is_none());
        // Small figures are not derived by arithmetic.
        assert!(derive("3 players", "1 and 2").is_none());
    }

    #[test]
    fn odd_text_is_safe() {
        for passage in [
            "",
            "１２ km",
            "5\u{202f}000 mph",
            "0 and 0",
            "1e308 and 1e308",
        ] {
            let figures = figures_in("p", passage);
            let refs: Vec<&Figure<'_>> = figures.iter().collect();
            for claim in numbers_in("12 km/h and 99 and 1.5%") {
                let _ = restated(&claim, "12", None, &refs);
                let _ = computed(&claim, "12", &refs);
            }
        }
    }
}
