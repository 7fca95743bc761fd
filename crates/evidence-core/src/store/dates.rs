//! Dates and times as stores write them: an RFC 3339 timestamp, or a date
//! alone (`2026-02-10`), which stands for that day's start in UTC. Any
//! other form is refused with the RFC 3339 text it most likely means.

use jiff::Timestamp;
use jiff::civil::Date;

/// The forms a date in a store may take, as messages name them.
const EXPECTED: &str =
    "an RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\" or a date such as \"2026-02-10\"";

/// An instant as a store writes it: RFC 3339, or a date alone (its start,
/// UTC). A refusal says what was expected and, when the text is a date
/// written another way, the exact text to write.
pub fn parse_instant(text: &str) -> Result<Timestamp, String> {
    if let Some(date) = date_alone(text) {
        return Ok(day_start(date));
    }
    parse_rfc3339(text).map_err(|_| refusal(text))
}

/// A date alone: `YYYY-MM-DD` in ASCII digits, a day of the calendar.
pub(super) fn date_alone(text: &str) -> Option<Date> {
    if !date_shaped(text) {
        return None;
    }
    text.parse::<Date>().ok()
}

/// Whether `text` is `YYYY-MM-DD` in ASCII digits (a day or not).
fn date_shaped(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

/// The instant a date alone stands for: the day's start in UTC (the last
/// instant the date library holds for 9999-12-31, which is never reached).
pub(super) fn day_start(date: Date) -> Timestamp {
    date.to_zoned(jiff::tz::TimeZone::UTC)
        .map(|zoned| zoned.timestamp())
        .unwrap_or(Timestamp::MAX)
}

/// Why `text` is neither a date nor an RFC 3339 timestamp, and what to
/// write instead.
pub(crate) fn refusal(text: &str) -> String {
    let found = format!("expected {EXPECTED}, found {text:?}");
    if date_shaped(text) {
        return format!("{found}, which is not a day of the calendar");
    }
    let plain = plain(text);
    let hidden = if plain != text {
        " (it holds full-width characters, or spaces or marks around it that do not show)"
    } else {
        ""
    };
    match suggestion(&plain) {
        Some(Suggestion::Write(exact)) => format!("{found}{hidden}; write {exact:?}"),
        Some(Suggestion::NoOffset { date, time }) => format!(
            "{found}{hidden}; a time needs its offset from UTC: write \"{date}T{time}Z\" if it is UTC, or the offset in place of `Z` (\"{date}T{time}+01:00\" for one hour ahead of UTC)"
        ),
        Some(Suggestion::Ambiguous {
            day_first,
            month_first,
        }) => format!(
            "{found}{hidden}; the day and the month cannot be told apart: write {day_first:?} or {month_first:?}, as YYYY-MM-DD"
        ),
        None => format!(
            "{found}{hidden}; write a date as YYYY-MM-DD, or a time as YYYY-MM-DDTHH:MM:SS followed by `Z` (UTC) or its offset (`+01:00`)"
        ),
    }
}

/// What a refused date most likely means.
#[derive(Debug, PartialEq, Eq)]
enum Suggestion {
    /// This exact RFC 3339 text (a date alone, or a timestamp).
    Write(String),
    /// A date and time with no offset: which one is not known.
    NoOffset { date: Date, time: jiff::civil::Time },
    /// `10/02/2026`: 10 February or October 2.
    Ambiguous {
        day_first: String,
        month_first: String,
    },
}

/// `text` with full-width digits and punctuation as ASCII, any space as a
/// plain one, invisible marks (direction, zero width, BOM) dropped, and
/// trimmed: what a date copied from a document or typed with an input
/// method usually meant.
fn plain(text: &str) -> String {
    let mapped: String = text
        .chars()
        .filter(|c| {
            !matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
        })
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        })
        .collect();
    mapped.trim().to_owned()
}

/// The RFC 3339 text that `plain` (see [`plain`]) most likely means.
fn suggestion(plain: &str) -> Option<Suggestion> {
    if let Some(date) = date_alone(plain) {
        return Some(Suggestion::Write(date.to_string()));
    }
    if let Ok(pieces) = jiff::fmt::temporal::Pieces::parse(plain) {
        return Some(from_pieces(&pieces));
    }
    // `2026/02/10`, `2026.02.10`.
    let dashed = plain.replace(['/', '.'], "-");
    if let Some(date) = date_alone(&dashed) {
        return Some(Suggestion::Write(date.to_string()));
    }
    if let Some(suggestion) = numeric_day_month(&dashed) {
        return Some(suggestion);
    }
    // `Feb 10, 2026`, `February 10 2026`, `10 Feb 2026`.
    const WORDS: &[&str] = &[
        "%b %d, %Y",
        "%b %d %Y",
        "%d %b %Y",
        "%d %b, %Y",
        "%b. %d, %Y",
    ];
    let formats = WORDS
        .iter()
        .flat_map(|format| [format.to_string(), format.replace("%b", "%B")]);
    formats.into_iter().find_map(|format| {
        let parsed = jiff::fmt::strtime::parse(&format, plain).ok()?;
        Some(Suggestion::Write(parsed.to_date().ok()?.to_string()))
    })
}

/// The RFC 3339 text of a date and time read leniently (a space for `T`,
/// minutes without seconds, an offset without its colon, a zone name).
fn from_pieces(pieces: &jiff::fmt::temporal::Pieces<'_>) -> Suggestion {
    let date = pieces.date();
    let Some(time) = pieces.time() else {
        return Suggestion::Write(date.to_string());
    };
    let Some(offset) = pieces.offset() else {
        return Suggestion::NoOffset { date, time };
    };
    let seconds = offset.to_numeric_offset().seconds();
    if seconds == 0 {
        return Suggestion::Write(format!("{date}T{time}Z"));
    }
    let (sign, minutes) = (if seconds < 0 { '-' } else { '+' }, seconds.abs() / 60);
    Suggestion::Write(format!(
        "{date}T{time}{sign}{:02}:{:02}",
        minutes / 60,
        minutes % 60
    ))
}

/// `DD-MM-YYYY` or `MM-DD-YYYY` (slashes already made dashes): the date
/// when only one reading is a day, both when either could be.
fn numeric_day_month(dashed: &str) -> Option<Suggestion> {
    let mut parts = dashed.split('-');
    let (a, b, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || a.len() > 2 || b.len() > 2 {
        return None;
    }
    let number = |s: &str| {
        s.parse::<i8>()
            .ok()
            .filter(|_| s.bytes().all(|d| d.is_ascii_digit()))
    };
    let (a, b, year) = (number(a)?, number(b)?, year.parse::<i16>().ok()?);
    let day_first = Date::new(year, b, a).ok();
    let month_first = Date::new(year, a, b).ok();
    match (day_first, month_first) {
        (Some(d), Some(m)) if d != m => Some(Suggestion::Ambiguous {
            day_first: d.to_string(),
            month_first: m.to_string(),
        }),
        (Some(date), _) | (None, Some(date)) => Some(Suggestion::Write(date.to_string())),
        (None, None) => None,
    }
}

/// Parses an RFC 3339 timestamp such as `2026-02-10T14:00:00Z`.
pub fn parse_rfc3339(text: &str) -> Result<Timestamp, String> {
    let error = || {
        format!("expected an RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\", found {text:?}")
    };
    // jiff accepts more than RFC 3339 (a space for `T`, `[zone]`
    // annotations, offsets without a colon); the store contract is strict
    // RFC 3339, so check the grammar first and let jiff check the calendar.
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b.get(range.clone())
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    let shaped = digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
        && matches!(b.get(10), Some(b'T' | b't'))
        && digits(11..13)
        && b.get(13) == Some(&b':')
        && digits(14..16)
        && b.get(16) == Some(&b':')
        && digits(17..19);
    if !shaped {
        return Err(error());
    }
    let mut i = 19;
    let mut fraction = 19..19;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        i = start;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return Err(error());
        }
        fraction = start..i;
    }
    let offset_ok = match &b[i..] {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit())
                && (h1 - b'0') * 10 + (h2 - b'0') <= 23
                && (m1 - b'0') * 10 + (m2 - b'0') <= 59
        }
        _ => false,
    };
    if !offset_ok {
        return Err(error());
    }
    // jiff keeps nanoseconds: drop fraction digits beyond the ninth, which
    // RFC 3339 allows; a leap second (`:60`) is read as `:59`. Nearly every
    // timestamp needs neither, and is parsed as it is.
    if fraction.len() <= 9 && &b[17..19] != b"60" {
        return text
            .parse::<Timestamp>()
            .or_else(|_| beyond_range(text))
            .map_err(|()| error());
    }
    let mut normalized = String::with_capacity(text.len());
    normalized.push_str(&text[..fraction.start.min(fraction.end)]);
    if !fraction.is_empty() {
        normalized.push_str(&text[fraction.start..fraction.end.min(fraction.start + 9)]);
    }
    normalized.push_str(&text[fraction.end.max(19)..]);
    if &normalized[17..19] == "60" {
        normalized.replace_range(17..19, "59");
    }
    normalized
        .parse::<Timestamp>()
        .or_else(|_| beyond_range(&normalized))
        .map_err(|()| error())
}

/// A valid RFC 3339 instant in the year 9999 that the date library cannot
/// hold (its last instant is 9999-12-30T22:00Z, so that every offset fits):
/// read as that last instant. Stores write `9999-12-31T23:59:59Z` for "never
/// expires", and an expiry there is never reached.
fn beyond_range(text: &str) -> Result<Timestamp, ()> {
    let civil: jiff::civil::DateTime = text
        .get(..19)
        .ok_or(())?
        .replace(['t'], "T")
        .parse()
        .map_err(drop)?;
    if civil.year() == 9999 {
        Ok(Timestamp::MAX)
    } else {
        Err(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_accepts_offsets_and_fractions() {
        assert!(parse_rfc3339("2026-02-10T14:00:00Z").is_ok());
        assert!(parse_rfc3339("2026-02-10T14:00:00.123+01:00").is_ok());
        assert!(parse_rfc3339("2026-02-10t14:00:00z").is_ok());
        assert!(parse_rfc3339("2026-02-10T14:00:00.1234567891Z").is_ok());
        assert!(parse_rfc3339("2016-12-31T23:59:60Z").is_ok());
        assert!(parse_rfc3339("2026-02-10T14:00:00-23:59").is_ok());
    }

    #[test]
    fn rfc3339_rejects_other_shapes() {
        for bad in [
            "2026-02-10",
            "2026-02-10 14:00:00Z",
            "Feb 10, 2026",
            "2026-02-10T14:00:00",
            "2026-02-10T14:00:00Z[Europe/Paris]",
            "2026-02-10T14:00+01:00",
            "2026-02-10T14:00:00,5Z",
            "2026-02-10T14:00:00+01",
            "2026-02-10T14:00:00+0100",
            "2026-02-10T14:00:00+01:00:30",
            "2026-02-10T14:00:00+25:00",
            "2026-02-10T14:00:00.Z",
            "2026-02-30T14:00:00Z",
            "2026-02-10T14:00:00Zjunk",
            "",
        ] {
            let err = parse_rfc3339(bad).unwrap_err();
            assert!(err.contains("RFC 3339"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_date_alone_is_its_start_in_utc() {
        let at = parse_instant("2026-02-10").unwrap();
        assert_eq!(at.to_string(), "2026-02-10T00:00:00Z");
        assert_eq!(parse_instant("9999-12-31"), Ok(Timestamp::MAX));
        assert!(
            parse_instant("2026-02-30")
                .unwrap_err()
                .contains("not a day of the calendar")
        );
    }

    #[test]
    fn other_forms_are_refused_with_the_text_to_write() {
        for (written, advice) in [
            ("Feb 10, 2026", "write \"2026-02-10\""),
            ("February 10 2026", "write \"2026-02-10\""),
            ("10 Feb 2026", "write \"2026-02-10\""),
            ("2026/02/10", "write \"2026-02-10\""),
            ("2026.02.10", "write \"2026-02-10\""),
            ("25/12/2026", "write \"2026-12-25\""),
            ("12/25/2026", "write \"2026-12-25\""),
            ("10/02/2026", "write \"2026-02-10\" or \"2026-10-02\""),
            (
                "2026-02-10 14:00",
                "write \"2026-02-10T14:00:00Z\" if it is UTC",
            ),
            ("2026-02-10T14:00:00", "\"2026-02-10T14:00:00+01:00\""),
            ("2026-02-10 14:00:00Z", "write \"2026-02-10T14:00:00Z\""),
            (
                "2026-02-10T14:00:00+0530",
                "write \"2026-02-10T14:00:00+05:30\"",
            ),
            (
                "2026-02-10T14:00:00-05",
                "write \"2026-02-10T14:00:00-05:00\"",
            ),
            ("２０２６-02-10", "full-width characters"),
            ("２０２６-02-10", "write \"2026-02-10\""),
            ("\u{200f}2026-02-10\u{a0}", "write \"2026-02-10\""),
            ("２０２６年2月10日", "write a date as YYYY-MM-DD"),
            ("yesterday", "write a date as YYYY-MM-DD"),
            ("", "write a date as YYYY-MM-DD"),
        ] {
            let refusal = parse_instant(written).unwrap_err();
            assert!(
                refusal.starts_with("expected an RFC 3339 timestamp"),
                "{refusal}"
            );
            assert!(refusal.contains(advice), "{written:?}: {refusal}");
        }
    }
}
