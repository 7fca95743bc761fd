//! Lines of cells: how GFM reads a line that holds a `|`, for `remove`
//! mode to take markers out of it without changing that reading.
//!
//! pulldown-cmark makes a table of a paragraph's first line (or of a line
//! that starts with `|`) when the next line is a delimiter row of as many
//! columns as the line has cells, and it counts those cells from the
//! line's text alone: its unescaped pipes, one fewer when the line starts
//! with one, one more when text follows the last (`count_header_cols` in
//! its `firstpass.rs`). A body row's cells are read the same way, and a
//! row that loses its first cell moves every other one a column left. So
//! a marker taken out of a line of cells must leave the count, and (out
//! of tables) whether the line starts with a pipe, as they were: else a
//! paragraph becomes a table on the next run, a table a paragraph, or a
//! row's cells move, and the second run changes the page.

use std::borrow::Cow;
use std::ops::Range;

/// How GFM reads a line of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellReading {
    /// The cells it reads: as a table's header, the columns.
    cells: usize,
    /// Whether its content starts with a pipe (a line that does can
    /// interrupt a paragraph as a table's header).
    leading_pipe: bool,
    /// Whether it reads as a table's delimiter row (pipes, dashes, colons
    /// and white space, a dash among them): taking a marker out of `|---|
    /// [EVID:x]` must not make the table that such a row ends.
    delimiter: bool,
    /// Whether it ends with a backslash that escapes its line ending (a
    /// hard break, which pulldown-cmark reads before any table).
    hard_break: bool,
}

impl CellReading {
    /// Whether `other` reads the same as far as a line `in_table` goes:
    /// a table's line may gain a leading pipe (a row's first cell kept
    /// empty by a `|`), which no paragraph line may.
    pub(crate) fn same(self, other: Option<CellReading>, in_table: bool) -> bool {
        other.is_some_and(|o| {
            o.cells == self.cells
                && o.delimiter == self.delimiter
                && o.hard_break == self.hard_break
                && (in_table || o.leading_pipe == self.leading_pipe)
        })
    }
}

/// How GFM reads `line` (one line, without its ending) as a table's
/// header: `None` when it holds no unescaped pipe.
pub(crate) fn reading(line: &str) -> Option<CellReading> {
    let content = without_containers(line);
    let bytes = content.as_bytes();
    let (mut pipes, mut last) = (0, 0);
    for (i, &b) in bytes.iter().enumerate() {
        // pulldown-cmark's own test: the byte before is no backslash.
        if b == b'|' && (i == 0 || bytes[i - 1] != b'\\') {
            pipes += 1;
            last = i;
        }
    }
    if pipes == 0 {
        return None;
    }
    let leading_pipe = content.starts_with('|');
    let trailing = !content[last + 1..].trim_matches([' ', '\t']).is_empty();
    Some(CellReading {
        cells: pipes - usize::from(leading_pipe) + usize::from(trailing),
        leading_pipe,
        delimiter: content.contains('-')
            && content
                .bytes()
                .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t')),
        hard_break: (line.len() - line.trim_end_matches('\\').len()) % 2 == 1,
    })
}

/// `line` past the markup of the blocks that hold it (quote markers, list
/// item markers and a task list item's box, indentation), where its cells
/// start.
fn without_containers(line: &str) -> &str {
    let mut rest = line;
    loop {
        rest = rest.trim_start_matches([' ', '\t']);
        if let Some(after) = rest.strip_prefix('>') {
            rest = after;
            continue;
        }
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let marker = match rest.as_bytes().get(digits) {
            Some(b'.' | b')') if (1..=9).contains(&digits) => digits + 1,
            Some(b'-' | b'*' | b'+') if digits == 0 => 1,
            _ => return rest,
        };
        if !rest[marker..].starts_with([' ', '\t']) {
            return rest;
        }
        rest = &rest[marker..];
        // A task list item's box is no text of the item: the parser reads
        // the cells after it (`- [x] | a | b |` holds two, not three).
        let content = rest.trim_start_matches([' ', '\t']);
        let task = ["[ ]", "[x]", "[X]"]
            .iter()
            .find_map(|b| content.strip_prefix(b));
        if let Some(after) = task.filter(|after| after.starts_with([' ', '\t'])) {
            return after.trim_start_matches([' ', '\t']);
        }
    }
}

/// Whether `before`, a line's start, holds only the markup of the blocks
/// that hold the line.
pub(crate) fn is_container_markup(before: &str) -> bool {
    without_containers(before).is_empty()
}

/// Where the unescaped pipes of a line start and end: the first's offset
/// and the last's, in the chapter.
pub(crate) fn pipe_bounds(text: &str, line: &Range<usize>) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let unescaped = |&i: &usize| bytes[i] == b'|' && (i == 0 || bytes[i - 1] != b'\\');
    let first = (line.start..line.end).find(unescaped)?;
    let last = (line.start..line.end).rev().find(unescaped)?;
    Some((first, last))
}

/// The line of `text` that holds `at`, without its ending.
pub(crate) fn line_of(text: &str, at: usize) -> Range<usize> {
    let start = text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
    start..end
}

/// Where the line after the one at `at` starts (its content, past the
/// markup of the blocks that hold it, when `content`), if the line at `at`
/// reads as a row of no cells (one `|`, white space) right after a line
/// of cells: such a line ends the table it follows, which a line of text
/// in its place would run on as a row.
pub(crate) fn past_cellless_line(text: &str, at: usize, content: bool) -> Option<usize> {
    let line = line_of(text, at);
    let cells = without_containers(&text[line.clone()]);
    if !cells
        .strip_prefix('|')?
        .trim_matches([' ', '\t'])
        .is_empty()
    {
        return None;
    }
    let before = text[..line.start].trim_end_matches(['\n', '\r']);
    let previous = without_containers(&before[line_of(before, before.len()).start..]);
    if !previous.contains('|') || previous.starts_with('#') {
        return None;
    }
    let rest = &text[line.end..];
    let ending = ["\r\n", "\n", "\r"]
        .iter()
        .find(|e| rest.starts_with(**e))?
        .len();
    let next = line.end + ending;
    if !content {
        return Some(next);
    }
    let next_line = line_of(text, next);
    Some(next_line.end - without_containers(&text[next_line]).len())
}

/// An edit of the chapter as a line's reading sees it.
pub(crate) type LineEdit<'e> = (Range<usize>, Cow<'e, str>);

/// The line `line` of `text` with `edits` made (sorted by start; one that
/// overlaps an earlier one is left out, as rendering leaves it out). An
/// edit that starts before the line only takes its part of the line out;
/// one that runs past it, only up to its end.
pub(crate) fn edited_line(text: &str, line: &Range<usize>, edits: &[LineEdit<'_>]) -> String {
    let mut out = String::with_capacity(line.len());
    let mut cursor = line.start;
    for (range, replacement) in edits {
        if range.start > line.end {
            break;
        }
        if range.start < cursor && !(range.start < line.start && range.end > cursor) {
            continue;
        }
        let end = range.end.min(line.end);
        if range.start >= line.start {
            out.push_str(&text[cursor..range.start]);
            out.push_str(replacement);
        }
        cursor = cursor.max(end);
    }
    out.push_str(&text[cursor..line.end]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(line: &str) -> Option<(usize, bool)> {
        reading(line).map(|r| (r.cells, r.leading_pipe))
    }

    #[test]
    fn cells_are_counted_as_pulldown_cmark_counts_a_header() {
        assert_eq!(cells("| a | b |"), Some((2, true)));
        assert_eq!(cells("a | b"), Some((2, false)));
        assert_eq!(cells("|  | x | [EVID:gone]"), Some((3, true)));
        assert_eq!(cells("|  | x |"), Some((2, true)));
        assert_eq!(cells("> - | 東京 \\| ４ | "), Some((1, true)));
        assert_eq!(cells("1. a |\u{a0}"), Some((2, false)));
        assert_eq!(cells("no pipe \\|"), None);
        assert_eq!(cells("\u{200f}| a"), Some((2, false)));
        // A task list item's box is the item's markup, not a cell's text.
        assert_eq!(cells("- [x] |  | 東京 |  |"), Some((3, true)));
        assert_eq!(cells("> 1. [ ] a | b"), Some((2, false)));
        assert_eq!(cells("- [x]| a"), Some((2, false)));
        assert_eq!(cells("[x] | a"), Some((2, false)));
    }

    #[test]
    fn a_line_of_no_cells_after_a_table_is_found_and_passed() {
        let text = "| a | b |\n|---|---|\n> |\n> 東京 |\n";
        let at = text.find("> |").unwrap() + 2;
        let next = text.find("> 東京").unwrap();
        assert_eq!(past_cellless_line(text, at, false), Some(next));
        assert_eq!(past_cellless_line(text, at, true), Some(next + 2));
        // Not after a line of cells (the paragraph's own first line), nor
        // a line with a cell.
        assert_eq!(past_cellless_line(" |\nx", 1, true), None);
        assert_eq!(past_cellless_line("|a|\n| x\ny", 4, true), None);
    }

    #[test]
    fn an_edited_line_takes_its_part_of_each_edit() {
        let text = "ab\n| x | [EVID:a] |\ncd";
        let line = line_of(text, 5);
        assert_eq!(&text[line.clone()], "| x | [EVID:a] |");
        let edits = [
            (1..4, Cow::Borrowed("P")),
            (9..17, Cow::Borrowed("")),
            (17..17, Cow::Borrowed("y")),
        ];
        assert_eq!(edited_line(text, &line, &edits), " x | y |");
        assert_eq!(pipe_bounds(text, &line), Some((3, 18)));
    }
}
