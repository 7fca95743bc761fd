//! `numeric-claim` (seed 000 §3.1): a claim that states a number, a
//! percentage or a specific date needs a tier 1-2 citation, or citations
//! from two different publishers.
//!
//! What counts as a figure, in the claim's text as a reader sees it:
//! - a number written with digits (`2.9`, `1,200`, `$3.2bn`, `5.25-5.50`),
//!   with or without a unit or `%` (`percent`, `bp`, `basis points`);
//! - a specific date: a month name next to a day (`March 12`, `12 March`,
//!   `Feb. 10, 2026`) or a numeric date (`2026-02-10`, `10/02/2026`).
//!
//! What does not: a year on its own (`in 2025`, `the 2026 outlook`),
//! ordinals (`1st`, `3rd`, `21st`), digits inside a word or name (`Q4`,
//! `G7`, `COVID-19`, `A320`), a bracketed number (`[3]`), and numbers
//! spelled out in words. List numbering and heading numbers are not part
//! of a claim's text in the first place.

use super::Resolved;
use std::ops::Range;

const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// The first figure (number, percentage or specific date) a text states.
pub fn first_figure(text: &str) -> Option<Range<usize>> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        // A number: digits with inner separators, and a range `5.25-5.50`.
        let mut end = i;
        while end < bytes.len()
            && (bytes[end].is_ascii_digit()
                || (matches!(bytes[end], b'.' | b',' | b'-' | b'/')
                    && bytes.get(end + 1).is_some_and(u8::is_ascii_digit)))
        {
            end += 1;
        }
        i = end;
        if let Some(figure) = judge_token(text, start, end) {
            return Some(figure);
        }
    }
    None
}

/// Whether the digits at `start..end` are a figure, and its range.
fn judge_token(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    let token = &text[start..end];
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    // Part of a word or name: `Q4`, `G7`, `COVID-19`, `A320`.
    if before.is_some_and(|c| c.is_alphabetic() || c == '-' || c == '_')
        && !text[..start].ends_with(" -")
    {
        return None;
    }
    if before == Some('[') && after == Some(']') {
        return None;
    }
    let rest = &text[end..];
    let suffix: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    if matches!(suffix.as_str(), "st" | "nd" | "rd" | "th") {
        return None;
    }
    // Numeric dates.
    if is_numeric_date(token) {
        return Some(start..end);
    }
    let is_year = token.len() == 4
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token.starts_with("19") || token.starts_with("20"));
    // A day next to a month name is a date; a year is one only then.
    let day = token.len() <= 2 && token.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d));
    if day && (month_before(&text[..start]) || month_after(rest)) {
        return Some(start..end);
    }
    if is_year {
        return None;
    }
    if !suffix.is_empty() && !is_unit(&suffix) {
        // `3a`, `5G`: a label, not a quantity.
        return None;
    }
    Some(start..end + suffix.len() + usize::from(suffix.is_empty() && rest.starts_with('%')))
}

/// Units and magnitudes that may follow a number directly (`3bn`, `25bp`).
fn is_unit(suffix: &str) -> bool {
    matches!(
        suffix.to_ascii_lowercase().as_str(),
        "k" | "m"
            | "bn"
            | "b"
            | "tn"
            | "t"
            | "bp"
            | "bps"
            | "x"
            | "pct"
            | "mn"
            | "mm"
            | "kg"
            | "km"
            | "gw"
            | "mw"
            | "twh"
            | "gwh"
    )
}

fn is_numeric_date(token: &str) -> bool {
    let parts: Vec<&str> = token.split(['-', '/']).collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && (parts[0].len() == 4 || parts[2].len() == 4 || parts[2].len() == 2)
        && token.split('-').count() != 2
}

fn month_before(text: &str) -> bool {
    let word = text
        .trim_end()
        .trim_end_matches('.')
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    text.ends_with(char::is_whitespace) && is_month(word)
}

fn month_after(text: &str) -> bool {
    let word = text
        .strip_prefix(' ')
        .unwrap_or("")
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    is_month(word)
}

fn is_month(word: &str) -> bool {
    // `May` only with a capital: `may` is a verb.
    word.len() >= 3
        && word.starts_with(|c: char| c.is_uppercase())
        && MONTHS.contains(&word.to_lowercase().as_str())
}

/// Whether cited evidence is credible enough for a figure: a tier 1-2
/// item, or items from at least two different publishers.
pub fn is_corroborated(cited: &[&Resolved<'_>]) -> bool {
    if cited.iter().any(|r| r.source.tier <= 2) {
        return true;
    }
    let mut publishers: Vec<&str> = cited.iter().map(|r| r.publisher()).collect();
    publishers.sort_unstable();
    publishers.dedup();
    publishers.len() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(text: &str) -> Option<&str> {
        first_figure(text).map(|r| &text[r])
    }

    #[test]
    fn numbers_percentages_and_dates_are_figures() {
        assert_eq!(figure("Q4 GDP grew 2.9%, above consensus."), Some("2.9%"));
        assert_eq!(
            figure("The Fed held rates at 5.25-5.50%."),
            Some("5.25-5.50%")
        );
        assert_eq!(figure("Oil rose $3 a barrel."), Some("3"));
        assert_eq!(figure("Payrolls added 1,200,000 jobs."), Some("1,200,000"));
        assert_eq!(figure("Debt hit 3bn dollars."), Some("3bn"));
        assert_eq!(figure("Next CPI release on March 12."), Some("12"));
        assert_eq!(figure("Due 12 March, as scheduled."), Some("12"));
        assert_eq!(figure("Published Feb. 10, 2026 by the Fed."), Some("10"));
        assert_eq!(figure("The meeting is on 2026-03-18."), Some("2026-03-18"));
        assert_eq!(figure("Markets fell 2 points - a drop."), Some("2"));
    }

    #[test]
    fn years_ordinals_names_and_brackets_are_not() {
        for text in [
            "Growth slowed in 2025 across the region.",
            "The 2026 outlook is uncertain.",
            "The Fed's 3rd meeting of the year and the 21st session.",
            "Q4 results and the G7 summit on COVID-19 policy.",
            "Airbus delivered more A320 jets.",
            "As noted before [3], rates rose.",
            "Three officials dissented.",
            "In May officials may act.",
            "The 5G rollout continued.",
        ] {
            assert_eq!(figure(text), None, "{text}");
        }
    }

    #[test]
    fn may_is_a_month_only_with_a_capital() {
        assert_eq!(figure("The vote on May 3 passed."), Some("3"));
    }
}
