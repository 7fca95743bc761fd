//! Offsets into an answer's text, in the unit each API counts in.
//!
//! The APIs disagree: Gemini's grounding segments count UTF-8 bytes,
//! OpenAI's annotation indices and Cohere's citation spans count
//! characters (Unicode code points), and JavaScript clients count UTF-16
//! code units. On ASCII text all three agree, so a wrong unit only shows
//! on non-ASCII text: there, a span that carries its own text (Gemini's
//! `segment.text`, Cohere's `text`) is checked against the answer, and if
//! the documented unit does not select it but another unit does, that unit
//! is used.

use std::ops::Range;

/// A unit of text offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unit {
    /// UTF-8 bytes.
    Bytes,
    /// UTF-16 code units.
    Utf16,
    /// Unicode code points.
    Chars,
}

impl Unit {
    /// The unit's name in messages.
    pub(super) fn name(self) -> &'static str {
        match self {
            Unit::Bytes => "UTF-8 bytes",
            Unit::Utf16 => "UTF-16 code units",
            Unit::Chars => "characters",
        }
    }

    /// Every unit, `first` first.
    fn all_from(first: Unit) -> [Unit; 3] {
        match first {
            Unit::Bytes => [Unit::Bytes, Unit::Chars, Unit::Utf16],
            Unit::Utf16 => [Unit::Utf16, Unit::Chars, Unit::Bytes],
            Unit::Chars => [Unit::Chars, Unit::Utf16, Unit::Bytes],
        }
    }
}

/// The byte offset in `text` of `offset` counted in `unit`; `None` when it
/// is beyond the end or inside a character.
pub(crate) fn to_byte(text: &str, offset: u64, unit: Unit) -> Option<usize> {
    let offset = usize::try_from(offset).ok()?;
    match unit {
        Unit::Bytes => (offset <= text.len() && text.is_char_boundary(offset)).then_some(offset),
        Unit::Chars => text
            .char_indices()
            .map(|(i, _)| i)
            .chain(std::iter::once(text.len()))
            .nth(offset),
        Unit::Utf16 => {
            let mut units = 0;
            for (i, c) in text.char_indices() {
                if units == offset {
                    return Some(i);
                }
                if units > offset {
                    return None;
                }
                units += c.len_utf16();
            }
            (units == offset).then_some(text.len())
        }
    }
}

/// The byte range of `start..end` counted in `unit`.
pub(crate) fn byte_range(text: &str, start: u64, end: u64, unit: Unit) -> Option<Range<usize>> {
    let range = to_byte(text, start, unit)?..to_byte(text, end, unit)?;
    (range.start <= range.end).then_some(range)
}

/// Where the span `start..end` is in `text`: counted in `documented`, unless
/// the span carries its own text (`expected`) which only another unit
/// selects. Returns the range and the unit used, or a message.
pub(crate) fn locate(
    text: &str,
    start: u64,
    end: u64,
    documented: Unit,
    expected: Option<&str>,
) -> Result<(Range<usize>, Unit), String> {
    let Some(expected) = expected.filter(|e| !e.is_empty()) else {
        return byte_range(text, start, end, documented)
            .map(|range| (range, documented))
            .ok_or_else(|| outside(text, start, end, documented));
    };
    for unit in Unit::all_from(documented) {
        if let Some(range) = byte_range(text, start, end, unit)
            && text[range.clone()].trim() == expected.trim()
        {
            return Ok((range, unit));
        }
    }
    match byte_range(text, start, end, documented) {
        Some(range) => Err(format!(
            "{start}..{end} ({}) selects {:?} of the answer, not the {:?} the citation gives (nor does any other unit)",
            documented.name(),
            &text[range],
            expected
        )),
        None => Err(outside(text, start, end, documented)),
    }
}

fn outside(text: &str, start: u64, end: u64, unit: Unit) -> String {
    let length = match unit {
        Unit::Bytes => text.len(),
        Unit::Chars => text.chars().count(),
        Unit::Utf16 => text.encode_utf16().count(),
    };
    format!(
        "{start}..{end} is not a span of the answer, which is {length} {} long",
        unit.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_units_on_non_ascii_text() {
        // The gemini-cli test text: 'こんにちは!' is bytes 0..16, chars 0..6.
        let text = "こんにちは! Gemini CLI✨️";
        assert_eq!(byte_range(text, 0, 16, Unit::Bytes), Some(0..16));
        assert_eq!(byte_range(text, 0, 6, Unit::Chars), Some(0..16));
        assert_eq!(byte_range(text, 0, 6, Unit::Utf16), Some(0..16));
        assert_eq!(to_byte(text, 1, Unit::Bytes), None, "inside a character");
        assert_eq!(to_byte(text, text.len() as u64 + 1, Unit::Bytes), None);
        let emoji = "a😀b";
        assert_eq!(to_byte(emoji, 3, Unit::Utf16), Some(5));
        assert_eq!(to_byte(emoji, 2, Unit::Utf16), None, "inside a pair");
        assert_eq!(to_byte(emoji, 2, Unit::Chars), Some(5));
        assert_eq!(to_byte(emoji, 4, Unit::Utf16), Some(6));
    }

    #[test]
    fn a_span_with_its_own_text_finds_its_unit() {
        let text = "Café prices rose 4 %. Then fell.";
        // Characters 22..32 are "Then fell."; as bytes they are shifted.
        assert_eq!(
            locate(text, 22, 32, Unit::Chars, Some("Then fell.")),
            Ok((23..33, Unit::Chars))
        );
        assert_eq!(
            locate(text, 23, 33, Unit::Chars, Some("Then fell.")),
            Ok((23..33, Unit::Bytes))
        );
        assert!(
            locate(text, 0, 3, Unit::Bytes, Some("nothing"))
                .unwrap_err()
                .contains("not the \"nothing\"")
        );
        assert!(locate(text, 0, 99, Unit::Chars, None).is_err());
    }
}
