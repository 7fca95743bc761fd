//! Reading one number: its digits, then what is written after them.

use crate::number_parse::context::{
    follows_reference_word, in_ranges, is_list_number, next_to_month,
};
use crate::number_parse::units::{fraction_after, read_unit};
use crate::number_parse::{Number, NumberKind};
use crate::number_parse::{cjk, classify};

/// Reads the number whose first digit (or decimal point) is at `start`;
/// returns it, or `None` when it is not a number by the definition, and the
/// byte offset to continue from. `urls` are the text's URLs
/// ([`url_ranges`](super::context::url_ranges)).
/// `passage`: the text is a cited passage, where digits glued to a
/// lowercase word of four letters or more are a figure whose space a
/// scraped page lost (`rate1 – Fewer than 100`).
pub(super) fn read_number(
    text: &str,
    start: usize,
    urls: &[std::ops::Range<usize>],
    passage: bool,
) -> (Option<Number>, usize) {
    let bytes = text.as_bytes();
    let before = text[..start].chars().next_back();
    let lost_space = passage
        && text.as_bytes()[..start]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_lowercase())
            .count()
            >= 4;
    if !lost_space && is_glued(text, start, before) || in_ranges(urls, start) {
        return (None, word_end(text, start));
    }
    if let Some(end) = classify::not_a_figure(text, start) {
        return (None, end);
    }
    let int_end = digits_end(bytes, start);
    // A bracketed number, `[3]`, is a citation, not a quantity.
    if before == Some('[') && bytes.get(int_end) == Some(&b']') {
        return (None, int_end + 1);
    }
    if let Some(number) = date_or_time(text, start, int_end) {
        let end = number.span.end;
        return (Some(number), end);
    }
    let digits = match read_digits(text, start, int_end) {
        Ok(digits) => digits,
        Err(end) => return (None, end),
    };
    let (kind, scale, end) = match read_unit(text, digits.end) {
        Ok(unit) => unit,
        Err(end) => return (None, end),
    };
    let number = Number {
        span: start..end,
        value: digits.value * scale,
        unscaled: digits.value,
        kind,
    };
    if kind == NumberKind::Quantity && scale == 1.0 && digits.plain {
        return (plain_integer(text, number, int_end - start), end);
    }
    (Some(number), end)
}

/// Whether the digits at `start` are part of a word or an identifier:
/// a letter, digit or `_` just before them, or a letter and then `-`, `–`
/// or `/` (`COVID-19`, `A/3`). A CJK letter is not one (`約60%`: those
/// scripts write no spaces), unless it makes an ordinal (`第3`).
fn is_glued(text: &str, start: usize, before: Option<char>) -> bool {
    before.is_some_and(|c| {
        (c.is_alphanumeric() || c == '_') && !cjk::is_cjk(c) || cjk::is_ordinal_prefix(c)
    }) || matches!(before, Some('-' | '–' | '/'))
        && text[..start]
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| c.is_alphabetic() && !cjk::is_cjk(c))
}

/// The end of the run of word characters (and the punctuation inside
/// identifiers and URLs) that starts at `start`, with the digit groups a
/// no-break, narrow or thin space joins to its digits (`Zürich143 000`), so
/// that the rest of a skipped figure is not read as a figure of its own.
/// A CJK letter ends it: those scripts write no space after an identifier
/// (`M7是一款SUV，宽：1945毫米`), and the figures after it are their own.
fn word_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut j = start;
    while let Some(c) = text[j..].chars().next() {
        let group_space = matches!(c, '\u{a0}' | '\u{202f}' | '\u{2009}')
            && j > start
            && bytes[j - 1].is_ascii_digit()
            && (1..=3).all(|k| {
                bytes
                    .get(j + c.len_utf8() - 1 + k)
                    .is_some_and(u8::is_ascii_digit)
            })
            && !bytes
                .get(j + c.len_utf8() + 3)
                .is_some_and(u8::is_ascii_digit);
        let word_char = c.is_alphanumeric() && !cjk::is_cjk(c);
        if !(word_char || matches!(c, '_' | '.' | ',' | '-' | '/' | ':') || group_space) {
            break;
        }
        j += c.len_utf8();
    }
    j
}

/// The end of the run of ASCII digits from `at`.
fn digits_end(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at
}

/// A numeric date (`2026-02-10`, `2/13`, `2/13/26`) or a time (`8:30`)
/// whose first digits are `start..int_end`: each is one token.
fn date_or_time(text: &str, start: usize, int_end: usize) -> Option<Number> {
    if let Some(end) = classify::iso_date_end(text, start) {
        return Some(simple(start, end, text, NumberKind::Date));
    }
    let bytes = text.as_bytes();
    let int_len = int_end - start;
    if int_len == 4
        && bytes.get(int_end) == Some(&b'-')
        && two_digits(bytes, int_end + 1)
        && bytes.get(int_end + 3) == Some(&b'-')
        && two_digits(bytes, int_end + 4)
        && !bytes.get(int_end + 6).is_some_and(u8::is_ascii_digit)
    {
        return Some(simple(start, int_end + 6, text, NumberKind::Date));
    }
    if (1..=2).contains(&int_len)
        && bytes.get(int_end) == Some(&b':')
        && two_digits(bytes, int_end + 1)
        && !bytes.get(int_end + 3).is_some_and(u8::is_ascii_digit)
    {
        return Some(simple(start, int_end + 3, text, NumberKind::Time));
    }
    if (1..=2).contains(&int_len) && bytes.get(int_end) == Some(&b'/') {
        let d_end = digits_end(bytes, int_end + 1);
        // A month and a day, either way round: `14/22` is no date (a
        // range of temperatures, `14/22° C`).
        let part = |r: std::ops::Range<usize>| text[r].parse::<u32>().unwrap_or(0);
        let (a, b) = (part(start..int_end), part(int_end + 1..d_end));
        let calendar = (1..=12).contains(&a) && (1..=31).contains(&b)
            || (1..=12).contains(&b) && (1..=31).contains(&a);
        if calendar && (1..=2).contains(&(d_end - int_end - 1)) {
            let mut end = d_end;
            if bytes.get(end) == Some(&b'/') {
                let y_end = digits_end(bytes, end + 1);
                if matches!(y_end - end - 1, 2 | 4) {
                    end = y_end;
                }
            }
            return Some(simple(start, end, text, NumberKind::Date));
        }
    }
    None
}

/// The magnitude a number's digits write, before any unit.
struct Digits {
    /// The value, fraction included.
    value: f64,
    /// Where the digits (and fraction) end.
    end: usize,
    /// Whether they are a bare integer: no thousands separators, decimal
    /// part or fraction.
    plain: bool,
    /// How many digits stand after the decimal point or comma.
    decimals: usize,
}

/// Reads the digits from `start` (the integer part ends at `int_end`):
/// thousands separators, a decimal part, a mixed fraction. `Err` holds
/// where to continue when they do not make a number.
fn read_digits(text: &str, start: usize, int_end: usize) -> Result<Digits, usize> {
    let bytes = text.as_bytes();
    let int_len = int_end - start;
    // Integer part, with thousands separators.
    let mut j = int_end;
    let mut grouped = false;
    // A comma, or a no-break, narrow no-break or thin space (`5 000`).
    let separator = |at: usize| {
        text.get(at..)
            .and_then(|rest| rest.chars().next())
            .filter(|c| matches!(c, ',' | '\u{a0}' | '\u{202f}' | '\u{2009}'))
            .map(char::len_utf8)
    };
    while int_len > 0
        && let Some(len) = separator(j)
        && (1..=3).all(|k| bytes.get(j + len - 1 + k).is_some_and(u8::is_ascii_digit))
        && !bytes.get(j + len + 3).is_some_and(u8::is_ascii_digit)
    {
        j += len + 3;
        grouped = true;
    }
    let mut literal: String = text[start..j]
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let mut decimal = false;
    // As most of Europe writes them: `65.000`, `1.234,5`, `3,02`.
    if !grouped && let Some(european) = european_digits(text, start, int_end) {
        literal = european.literal;
        j = european.end;
        grouped = european.grouped;
        decimal = european.decimal;
    }
    // Decimal part.
    if !decimal && bytes.get(j) == Some(&b'.') && bytes.get(j + 1).is_some_and(u8::is_ascii_digit) {
        let frac_end = digits_end(bytes, j + 1);
        literal.push_str(&text[j..frac_end]);
        j = frac_end;
        decimal = true;
    }
    let Ok(mut value) = literal.parse::<f64>() else {
        return Err(j);
    };
    // Mixed fractions: `3-1/2`, `3 1/2`, `3½`.
    let mut fraction = false;
    if !decimal
        && !grouped
        && let Some((add, end)) = fraction_after(text, j)
    {
        value += add;
        j = end;
        fraction = true;
    }
    Ok(Digits {
        value,
        end: j,
        plain: !grouped && !decimal && !fraction,
        decimals: literal.split_once('.').map_or(0, |(_, after)| after.len()),
    })
}

/// How many digits `written` (a number as written, its unit and any sign
/// or currency before it included) has after its decimal point or comma,
/// read as [`read_digits`] reads them: `2.9%` one, `3,02 Millionen` two,
/// `143,000`, `65.000` and `1.234.567` none (their groups are thousands),
/// `2.500` three.
pub(crate) fn decimal_places(written: &str) -> usize {
    let Some(start) = written.find(|c: char| c.is_ascii_digit() || c == '.') else {
        return 0;
    };
    let int_end = start
        + written[start..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
    read_digits(written, start, int_end).map_or(0, |digits| digits.decimals)
}

/// Digits written with dots between thousands and a decimal comma.
struct European {
    /// The digits, with a `.` for the decimal comma.
    literal: String,
    end: usize,
    grouped: bool,
    decimal: bool,
}

/// The digits from `start` (the integer part ends at `int_end`) read as
/// German, French, Spanish and most of Europe write them, where that is
/// the only reading: dots between thousands when a decimal comma follows
/// (`1.234,5`) or the group is `000` (`65.000`: English writes no three
/// zeros after a decimal point; `2.500` stays 2.5, and `1.234.567` is
/// read as a version string, not a number); a decimal comma before one
/// or two digits (`3,02`, `6,4`; three are a thousands group, `3,020`,
/// and four a year a scraped page glued on, `Nov. 1,2022`). Not in a list
/// (`1,2,3`) or a version (`1,2.3`).
fn european_digits(text: &str, start: usize, int_end: usize) -> Option<European> {
    let bytes = text.as_bytes();
    let digit = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_digit);
    let mut literal: String = text[start..int_end]
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let mut j = int_end;
    let mut groups = 0;
    let dots_allowed = (1..=3).contains(&(int_end - start)) && bytes[start] != b'0';
    while dots_allowed
        && bytes.get(j) == Some(&b'.')
        && (1..=3).all(|k| digit(j + k))
        && !digit(j + 4)
    {
        groups += 1;
        j += 4;
    }
    // A decimal comma: then one digit or more, no list or version after.
    let comma_digits = if bytes.get(j) == Some(&b',') {
        digits_end(bytes, j + 1) - (j + 1)
    } else {
        0
    };
    let after = j + 1 + comma_digits;
    let list_before = text[..start].ends_with(',') && start >= 2 && digit(start - 2);
    // Not a time glued on after a year (`Dec 7, 2022,03:46pm`).
    let glued = text
        .get(after..)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c == ':' || c.is_alphanumeric());
    let decimal = comma_digits > 0
        && (groups > 0 || comma_digits <= 2)
        && !(matches!(bytes.get(after), Some(b',' | b'.')) && digit(after + 1))
        && !list_before
        && !glued;
    let dots = groups >= 2 || groups == 1 && (decimal || text[j - 3..j] == *"000");
    if !dots && !decimal {
        return None;
    }
    let mut end = int_end;
    if dots {
        literal.extend(text[int_end..j].chars().filter(char::is_ascii_digit));
        end = j;
    }
    if decimal && (dots || groups == 0) {
        literal.push('.');
        literal.push_str(&text[j + 1..after]);
        end = after;
    }
    Some(European {
        literal,
        end,
        grouped: dots,
        decimal: end == after,
    })
}

/// The values a bare integer of four digits is read as a year in.
pub(super) const YEARS: std::ops::Range<f64> = 1800.0..2200.0;

/// What a bare integer without a unit is: list numbering or a reference to
/// a part of a document (`None`: not a number), a year, a day next to a
/// month's name, else a quantity. `int_len` is its number of digits.
fn plain_integer(text: &str, number: Number, int_len: usize) -> Option<Number> {
    let (start, end) = (number.span.start, number.span.end);
    if is_list_number(text, start, end) || follows_reference_word(text, start) {
        return None;
    }
    let kind = if int_len == 4 && YEARS.contains(&number.value) {
        NumberKind::Year
    } else if int_len <= 2
        && ((1.0..=31.0).contains(&number.value) && next_to_month(text, start, end)
            || cjk::is_date_part(text, end, number.value))
    {
        NumberKind::Day
    } else {
        NumberKind::Quantity
    };
    Some(Number { kind, ..number })
}

/// Whether the two bytes from `at` are ASCII digits.
fn two_digits(bytes: &[u8], at: usize) -> bool {
    (0..2).all(|k| bytes.get(at + k).is_some_and(u8::is_ascii_digit))
}

/// A date or time `start..end`, its digits read as one number (only good
/// for comparing).
fn simple(start: usize, end: usize, text: &str, kind: NumberKind) -> Number {
    let digits: String = text[start..end]
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let value = digits.parse().unwrap_or(0.0);
    Number {
        span: start..end,
        value,
        unscaled: value,
        kind,
    }
}

#[cfg(test)]
mod tests {
    use crate::number_parse::NumberKind::{Day, Quantity, Time, Year};
    use crate::number_parse::tests::found;

    #[test]
    fn decimal_places_as_the_parser_reads_them() {
        for (written, places) in [
            ("2.9%", 1),
            ("3,02 Millionen", 2),
            ("143,000", 0),
            ("65.000", 0),
            ("1.234.567", 0),
            ("1.234,5", 1),
            ("2.500", 3),
            ("201", 0),
            ("$.5", 1),
        ] {
            assert_eq!(super::decimal_places(written), places, "{written}");
        }
    }

    #[test]
    fn decimal_commas_and_dots_between_thousands() {
        // A comma before one or two digits is a decimal comma; dots
        // between groups of thousands as Europe writes them; a list is a list.
        assert_eq!(
            found(
                "Werte 2,50 und 1,2; 65.000 und 1.234,5; 1,2,3; 2.500; Nov. 1,2022; 2022,03:46pm"
            ),
            [
                ("2,50", 2.5, Quantity),
                ("1,2", 1.2, Quantity),
                ("65.000", 65000.0, Quantity),
                ("1.234,5", 1234.5, Quantity),
                ("1", 1.0, Quantity),
                ("2", 2.0, Quantity),
                ("3", 3.0, Quantity),
                ("2.500", 2.5, Quantity),
                ("1", 1.0, Day),
                ("2022", 2022.0, Year),
                ("2022", 2022.0, Year),
                ("03:46", 346.0, Time)
            ]
        );
    }
}
