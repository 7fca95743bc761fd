//! Units and fractions written after a number's digits: `%`, `percent`,
//! `basis points`, scales (`k`, `million`, …) and mixed fractions (`3-1/2`,
//! `3½`).

use crate::number_parse::read::YEARS;
use crate::number_parse::{NumberKind, cjk, scale_words};

/// Scales written after a number, and their factors.
const SCALES: &[(&str, f64)] = &[
    ("thousand", 1e3),
    ("million", 1e6),
    ("billion", 1e9),
    ("trillion", 1e12),
];

/// Suffixes attached to the digits (`25bp`, `143k`), with their scale and
/// whether they make a percentage.
const SUFFIXES: &[(&str, f64, bool)] = &[
    ("bps", 1.0, false),
    ("bp", 1.0, false),
    ("pp", 1.0, true),
    ("pct", 1.0, true),
    ("x", 1.0, false),
    ("k", 1e3, false),
    ("mn", 1e6, false),
    ("m", 1e6, false),
    ("bn", 1e9, false),
    ("tn", 1e12, false),
];

/// Units of measure that may be glued to the digits (`125mph`).
const GLUED_MEASURES: &[&str] = &[
    "mph", "kmh", "kph", "km", "kg", "lb", "lbs", "ft", "cm", "mm", "mi", "oz", "km²", "km2",
];

/// The unit after digits that end at `at`: a suffix attached to them
/// (`25bp`, `143k`) and a unit written after it (`%`, `percent`,
/// `million`); returns the kind, the scale and where the unit ends. `Err`
/// holds where to continue when the digits are an ordinal (`21st`) or part
/// of an identifier (`10Y`, `4K2`).
pub(super) fn read_unit(text: &str, at: usize) -> Result<(NumberKind, f64, usize), usize> {
    // A CJK letter ends the word: those scripts write no space after a
    // number (`60とみている`), and their own units follow it (`1.2兆`).
    let word: &str = text[at..]
        .split(|c: char| !c.is_alphanumeric() || cjk::is_cjk(c))
        .next()
        .unwrap_or_default();
    let mut kind = NumberKind::Quantity;
    let mut scale = 1.0;
    let mut end = at;
    if word.is_empty()
        && let Some((cjk_kind, factor, unit_end)) = cjk::unit(text, at)
    {
        (kind, scale, end) = (cjk_kind, factor, unit_end);
    } else if !word.is_empty() {
        let lower = word.to_ascii_lowercase();
        if matches!(lower.as_str(), "st" | "nd" | "rd" | "th") {
            return Err(at + word.len());
        }
        // `125mph`, `10kg`: a unit of measure glued to the digits, read by
        // `measure::unit_of`; the number ends before it.
        if GLUED_MEASURES.contains(&lower.as_str()) {
            return Ok((kind, scale, end));
        }
        // `30 JUN 2018Updated`: a capitalised word glued on where a page's
        // text lost its spaces; the number ends before it.
        if is_glued_word(word) {
            return Ok((kind, scale, end));
        }
        match SUFFIXES.iter().find(|(s, _, _)| *s == lower) {
            Some(&(_, factor, percent)) => {
                scale = factor;
                if percent {
                    kind = NumberKind::Percent;
                }
                end = at + word.len();
            }
            // `10Y`, `3D`, `4K2`: an identifier.
            None => return Err(at + word.len()),
        }
    }
    if let Some(after) = unit_after(text, end, &mut kind, &mut scale) {
        end = after;
    }
    Ok((kind, scale, end))
}

/// Whether `word` is a capitalised word of at least four letters (`Updated`,
/// `News`), not a unit or an identifier's letters (`GHz`, `Com`, `D`).
fn is_glued_word(word: &str) -> bool {
    // The letters up to a digit: `Updated13:14` glues on a time as well.
    let letters = word
        .split(|c: char| c.is_ascii_digit())
        .next()
        .unwrap_or_default();
    let mut chars = letters.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && letters.len() >= 4
        && chars.all(|c| c.is_ascii_lowercase())
}

/// A fraction right after an integer: `-1/2`, ` 1/2` or `½`; its value and
/// where it ends.
pub(super) fn fraction_after(text: &str, at: usize) -> Option<(f64, usize)> {
    let rest = &text[at..];
    if let Some(c) = rest.chars().next() {
        let vulgar = match c {
            '½' => Some(0.5),
            '¼' => Some(0.25),
            '¾' => Some(0.75),
            '⅓' => Some(1.0 / 3.0),
            '⅔' => Some(2.0 / 3.0),
            '⅛' => Some(0.125),
            '⅜' => Some(0.375),
            '⅝' => Some(0.625),
            '⅞' => Some(0.875),
            _ => None,
        };
        if let Some(v) = vulgar {
            return Some((v, at + c.len_utf8()));
        }
    }
    let body = rest.strip_prefix(['-', ' '])?;
    let num_len = body.bytes().take_while(u8::is_ascii_digit).count();
    let after_num = body.get(num_len..)?.strip_prefix('/')?;
    let den_len = after_num.bytes().take_while(u8::is_ascii_digit).count();
    if num_len == 0
        || den_len == 0
        || after_num[den_len..].starts_with(|c: char| c.is_alphanumeric())
    {
        return None;
    }
    let numerator: f64 = body[..num_len].parse().ok()?;
    let denominator: f64 = after_num[..den_len].parse().ok()?;
    ((2.0..=16.0).contains(&denominator) && numerator < denominator)
        .then(|| (numerator / denominator, at + 1 + num_len + 1 + den_len))
}

/// A unit written as a separate word or sign after the number: `%`,
/// `percent`, `per cent`, `percentage point(s)`, `basis point(s)`, or a
/// scale word. Updates the kind and scale; returns where it ends.
fn unit_after(text: &str, at: usize, kind: &mut NumberKind, scale: &mut f64) -> Option<usize> {
    let rest = &text[at..];
    let trimmed = rest.trim_start_matches(SPACES);
    let base = at + (rest.len() - trimmed.len());
    if trimmed.starts_with('%') {
        *kind = NumberKind::Percent;
        return Some(base + 1);
    }
    // `55　％`: CJK text spaces with an ideographic space, before a sign only.
    if let Some(sign) = rest.trim_start_matches('\u{3000}').strip_prefix('%') {
        *kind = NumberKind::Percent;
        return Some(text.len() - sign.len());
    }
    if base == at {
        return None;
    }
    let (first, first_end) = word_at(trimmed, 0)?;
    let second = || {
        let after = &trimmed[first_end..];
        let gap = after.len() - after.trim_start_matches(SPACES).len();
        (gap > 0)
            .then(|| word_at(trimmed, first_end + gap))
            .flatten()
    };
    match first.as_str() {
        // And the German and Russian words for it.
        "percent" | "pct" | "prozent" | "процент" | "процента" | "процентов" =>
        {
            *kind = NumberKind::Percent;
            Some(base + first_end)
        }
        // `per cent`, and the French, Spanish and Italian `pour cent`,
        // `por ciento`, `per cento`.
        "per" | "pour" | "por" => match second() {
            Some((word, end)) if matches!(word.as_str(), "cent" | "cento" | "ciento") => {
                *kind = NumberKind::Percent;
                Some(base + end)
            }
            _ => None,
        },
        "percentage" | "basis" => match second() {
            Some((word, end)) if word == "point" || word == "points" => {
                if first == "percentage" {
                    *kind = NumberKind::Percent;
                }
                Some(base + end)
            }
            _ => None,
        },
        word => match SCALES.iter().find(|(s, _)| *s == word) {
            Some(&(_, factor)) => {
                *scale = factor;
                Some(base + first_end)
            }
            // Another language's scale word (`Millionen`, `ألف`, `लाख`),
            // but not after a year (`In 2011 bin Laden`).
            None if !is_year(text, at) => {
                scale_words::scale_word_at(trimmed, &SPACES).map(|(factor, len)| {
                    *scale = factor;
                    base + len
                })
            }
            None => None,
        },
    }
}

/// Whether the digits ending at `at` are a plain year: four ASCII digits
/// the parser reads as a year ([`YEARS`]) with no digit, separator or
/// letter glued before them.
fn is_year(text: &str, at: usize) -> bool {
    let Some(digits) = at.checked_sub(4).and_then(|from| text.get(from..at)) else {
        return false;
    };
    let before = text[..at - 4].chars().next_back();
    digits.bytes().all(|b| b.is_ascii_digit())
        && YEARS.contains(&digits.parse::<f64>().unwrap_or(0.0))
        && !before.is_some_and(|c| c.is_alphanumeric() || matches!(c, ',' | '.'))
}

/// Spaces allowed between a number and its unit.
const SPACES: [char; 4] = [' ', '\u{a0}', '\u{2009}', '\u{202f}'];

/// The lowercased word of letters starting at byte `from` of `text`, and
/// the byte where it ends.
fn word_at(text: &str, from: usize) -> Option<(String, usize)> {
    let len: usize = text[from..]
        .chars()
        .take_while(|c| c.is_alphabetic())
        .map(char::len_utf8)
        .sum();
    (len > 0).then(|| (text[from..from + len].to_lowercase(), from + len))
}

#[cfg(test)]
mod tests {
    use crate::number_parse::NumberKind::{Quantity, Year};
    use crate::number_parse::tests::found;

    #[test]
    fn a_year_takes_no_other_languages_scale_word() {
        assert_eq!(
            found("In 2011 bin Laden was killed."),
            [("2011", 2011.0, Year)]
        );
        assert_eq!(found("the 1955 Mille Miglia"), [("1955", 1955.0, Year)]);
        assert_eq!(found("In 2012 Mio Tanaka won."), [("2012", 2012.0, Year)]);
        // Not a year: a scale.
        assert_eq!(
            found("2500 Millionen"),
            [("2500 Millionen", 2.5e9, Quantity)]
        );
        assert_eq!(found("killed 3 bin Laden aides"), [("3", 3.0, Quantity)]);
        assert_eq!(found("5 bin kişi"), [("5 bin", 5e3, Quantity)]);
    }

    #[test]
    fn a_slash_between_figures_no_calendar_holds_is_no_date() {
        assert_eq!(
            found("July is 14/22° C."),
            [("14", 14.0, Quantity), ("22", 22.0, Quantity)]
        );
    }

    #[test]
    fn other_languages_words_for_per_cent() {
        use crate::number_parse::NumberKind::Percent;
        for text in [
            "6,4 Prozent",
            "6,4 por ciento",
            "6,4 pour cent",
            "6,4 per cento",
            "6,4 процента",
        ] {
            assert_eq!(found(text), [(text, 6.4, Percent)], "{text}");
        }
    }
}
