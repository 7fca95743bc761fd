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

use std::cell::OnceCell;
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

/// An answer's text, with what turns an offset counted in any unit into a
/// byte offset without walking the text from its start: a response may
/// give tens of thousands of offsets into one text (a walk each made 20,000
/// annotations of 3 MB take minutes). The [`CharIndex`] is made once, on
/// the first offset asked for.
pub(crate) struct Offsets<'t> {
    text: &'t str,
    index: OnceCell<CharIndex>,
}

/// How many characters apart the checkpoints are: a walk of at most this
/// many for an offset, at a cost of 16 bytes every this many characters.
const STRIDE: usize = 64;

/// Where every [`STRIDE`]-th character of a text starts. On ASCII text,
/// where every unit is the byte, nothing is kept; else the byte and UTF-16
/// offsets of every `STRIDE`-th character, and an offset is found from the
/// checkpoint before it, in at most `STRIDE` characters.
#[derive(Debug, Clone, Default)]
pub(crate) struct CharIndex {
    /// `(byte, utf16)` offsets of characters 0, `STRIDE`, 2·`STRIDE`, …,
    /// up to and including the end of the text when it falls on one;
    /// empty for ASCII text.
    at: Vec<(usize, usize)>,
    /// The text's length in characters and in UTF-16 code units.
    chars: usize,
    utf16: usize,
}

impl CharIndex {
    /// The index of `text`.
    pub(crate) fn of(text: &str) -> Self {
        if text.is_ascii() {
            return CharIndex {
                at: Vec::new(),
                chars: text.len(),
                utf16: text.len(),
            };
        }
        let mut at = Vec::with_capacity(text.len() / STRIDE + 1);
        let (mut chars, mut utf16) = (0, 0);
        for (i, c) in text.char_indices() {
            if chars % STRIDE == 0 {
                at.push((i, utf16));
            }
            chars += 1;
            utf16 += c.len_utf16();
        }
        if chars % STRIDE == 0 {
            at.push((text.len(), utf16));
        }
        CharIndex { at, chars, utf16 }
    }

    /// The byte offset in `text` (the text indexed) of `offset` counted in
    /// `unit`; `None` when it is beyond the end or inside a character.
    pub(crate) fn to_byte(&self, text: &str, offset: u64, unit: Unit) -> Option<usize> {
        let offset = usize::try_from(offset).ok()?;
        if unit == Unit::Bytes || self.at.is_empty() {
            // Bytes, or ASCII text, where every unit is the byte.
            return (offset <= text.len() && text.is_char_boundary(offset)).then_some(offset);
        }
        if unit == Unit::Chars {
            let &(from, _) = self.at.get(offset / STRIDE)?;
            return text[from..]
                .char_indices()
                .map(|(i, _)| from + i)
                .chain(std::iter::once(text.len()))
                .nth(offset % STRIDE);
        }
        // The last checkpoint at or before `offset` (the first is at 0).
        let k = self.at.partition_point(|&(_, u)| u <= offset);
        let (from, mut units) = self.at[k.saturating_sub(1)];
        for (i, c) in text[from..].char_indices() {
            if units == offset {
                return Some(from + i);
            }
            if units > offset {
                return None;
            }
            units += c.len_utf16();
        }
        (units == offset).then_some(text.len())
    }
}

/// Characters `start..end` of `text` (as [`evidence_core::store::char_slice`]),
/// found with the text's index `index`, made on the first call: for a
/// document many citations point into.
pub(crate) fn char_slice<'t>(
    text: &'t str,
    index: &OnceCell<CharIndex>,
    start: u64,
    end: u64,
) -> Option<&'t str> {
    if start > end {
        return None;
    }
    let index = index.get_or_init(|| CharIndex::of(text));
    let from = index.to_byte(text, start, Unit::Chars)?;
    let to = index.to_byte(text, end, Unit::Chars)?;
    Some(&text[from..to])
}

impl<'t> Offsets<'t> {
    /// The offsets of `text`.
    pub(crate) fn new(text: &'t str) -> Self {
        Offsets {
            text,
            index: OnceCell::new(),
        }
    }

    /// The text.
    pub(crate) fn text(&self) -> &'t str {
        self.text
    }

    /// The index, made on the first call.
    fn index(&self) -> &CharIndex {
        self.index.get_or_init(|| CharIndex::of(self.text))
    }

    /// The byte offset of `offset` counted in `unit`; `None` when it is
    /// beyond the end or inside a character.
    pub(crate) fn to_byte(&self, offset: u64, unit: Unit) -> Option<usize> {
        if unit == Unit::Bytes {
            return CharIndex::default().to_byte(self.text, offset, unit);
        }
        self.index().to_byte(self.text, offset, unit)
    }

    /// The byte range of `start..end` counted in `unit`.
    pub(crate) fn byte_range(&self, start: u64, end: u64, unit: Unit) -> Option<Range<usize>> {
        let range = self.to_byte(start, unit)?..self.to_byte(end, unit)?;
        (range.start <= range.end).then_some(range)
    }

    /// Where the span `start..end` is: counted in `documented`, unless the
    /// span carries its own text (`expected`) which only another unit
    /// selects. Returns the range and the unit used, or a message.
    pub(crate) fn locate(
        &self,
        start: u64,
        end: u64,
        documented: Unit,
        expected: Option<&str>,
    ) -> Result<(Range<usize>, Unit), String> {
        let text = self.text;
        let Some(expected) = expected.filter(|e| !e.is_empty()) else {
            return self
                .byte_range(start, end, documented)
                .map(|range| (range, documented))
                .ok_or_else(|| self.outside(start, end, documented));
        };
        for unit in Unit::all_from(documented) {
            if let Some(range) = self.byte_range(start, end, unit)
                && text[range.clone()].trim() == expected.trim()
            {
                return Ok((range, unit));
            }
        }
        match self.byte_range(start, end, documented) {
            Some(range) => Err(format!(
                "{start}..{end} ({}) selects {:?} of the answer, not the {:?} the citation gives (nor does any other unit)",
                documented.name(),
                &text[range],
                expected
            )),
            None => Err(self.outside(start, end, documented)),
        }
    }

    /// The message for a span beyond the text.
    fn outside(&self, start: u64, end: u64, unit: Unit) -> String {
        let length = match unit {
            Unit::Bytes => self.text.len(),
            Unit::Chars => self.index().chars,
            Unit::Utf16 => self.index().utf16,
        };
        format!(
            "{start}..{end} is not a span of the answer, which is {length} {} long",
            unit.name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_byte(text: &str, offset: u64, unit: Unit) -> Option<usize> {
        Offsets::new(text).to_byte(offset, unit)
    }

    fn byte_range(text: &str, start: u64, end: u64, unit: Unit) -> Option<Range<usize>> {
        Offsets::new(text).byte_range(start, end, unit)
    }

    fn locate(
        text: &str,
        start: u64,
        end: u64,
        unit: Unit,
        expected: Option<&str>,
    ) -> Result<(Range<usize>, Unit), String> {
        Offsets::new(text).locate(start, end, unit, expected)
    }

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

    /// Every offset of a long text mixing ASCII, NBSP, full-width digits,
    /// CJK, combining marks, RTL marks and emoji, in every unit, against a
    /// walk from the start (what the checkpoints replace), across many
    /// checkpoints and up to past the end.
    #[test]
    fn checkpoints_agree_with_a_walk_from_the_start() {
        let piece = "143\u{a0}000 ９％ 東京 e\u{301} \u{200f}שלום 😀👍🏽 ok. ";
        for repeats in [0, 1, 3, 17] {
            let text = piece.repeat(repeats);
            let offsets = Offsets::new(&text);
            let starts: Vec<usize> = text
                .char_indices()
                .map(|(i, _)| i)
                .chain([text.len()])
                .collect();
            let mut utf16_starts = vec![None; text.encode_utf16().count() + 2];
            let mut units = 0;
            for (i, c) in text.char_indices() {
                utf16_starts[units] = Some(i);
                units += c.len_utf16();
            }
            utf16_starts[units] = Some(text.len());
            for n in 0..text.len() + 2 {
                let expected_char = starts.get(n).copied();
                assert_eq!(
                    offsets.to_byte(n as u64, Unit::Chars),
                    expected_char,
                    "char {n}"
                );
                let expected_utf16 = utf16_starts.get(n).copied().flatten();
                assert_eq!(
                    offsets.to_byte(n as u64, Unit::Utf16),
                    expected_utf16,
                    "utf16 {n}"
                );
                let expected_byte = (n <= text.len() && text.is_char_boundary(n)).then_some(n);
                assert_eq!(
                    offsets.to_byte(n as u64, Unit::Bytes),
                    expected_byte,
                    "byte {n}"
                );
            }
            assert_eq!(offsets.to_byte(u64::MAX, Unit::Chars), None);
            assert_eq!(offsets.to_byte(u64::MAX, Unit::Utf16), None);
            let message = offsets.locate(0, u64::MAX, Unit::Utf16, None).unwrap_err();
            assert!(message.contains(&format!("{units} UTF-16")), "{message}");
        }
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
