//! Tables: each body row is a block of its own (its text the cells' text,
//! joined by [`CELL_SEPARATOR`]), so that the rules can make it a claim;
//! the header row is no block, and its cells' text is kept only to see
//! whether it names a column of sources. Rows inside reference entries
//! and the References section are no blocks, as paragraphs there are not.

use crate::markers::scanner::{OpenBlock, Scanner};
use crate::markers::{SourceSegment, TableRow};
use crate::syntax::{CELL_SEPARATOR, is_source_header};
use std::ops::Range;

/// The table being read.
#[derive(Debug, Default)]
pub(super) struct OpenTable {
    /// Index into the scan's blocks of its first row (rows close in order,
    /// and nothing else closes inside a table).
    first_block: usize,
    /// Whether the header row is being read.
    in_head: bool,
    /// The header cells' text.
    header: Vec<String>,
}

impl Scanner<'_, '_> {
    /// Whether text read now is a table's but no row's: the header, or a
    /// table whose rows open no block. It belongs to no block (not to a
    /// list item that holds the table).
    pub(super) fn skips_table_text(&self) -> bool {
        self.table > 0 && !self.in_row
    }

    /// A table opens.
    pub(super) fn start_table(&mut self) {
        self.table += 1;
        self.open_table = Some(OpenTable {
            first_block: self.scan.blocks.len(),
            ..OpenTable::default()
        });
    }

    /// The header row opens or closes.
    pub(super) fn table_head(&mut self, open: bool) {
        if let Some(table) = &mut self.open_table {
            table.in_head = open;
        }
    }

    /// A cell opens: in the header, a new header cell; in a row, the next
    /// text the row gets is set apart from the cells' text before it.
    pub(super) fn start_cell(&mut self) {
        if let Some(table) = self.open_table.as_mut().filter(|t| t.in_head) {
            table.header.push(String::new());
        } else if self.in_row
            && let Some(block) = self.open_blocks.last_mut()
        {
            block.cell_gap = !block.text.trim().is_empty();
        }
    }

    /// Text of a cell that no row's block takes: kept when it is the
    /// header's.
    pub(super) fn header_text(&mut self, text: &str) {
        if let Some(table) = self.open_table.as_mut().filter(|t| t.in_head)
            && let Some(cell) = table.header.last_mut()
        {
            cell.push_str(text);
        }
    }

    /// Whether a body row starting at `range` opens a block: not in a
    /// reference entry (a footnote that names its source) nor in the
    /// References section.
    pub(super) fn start_row(&mut self, range: &Range<usize>) -> bool {
        if self.entry > 0 || self.in_references {
            return false;
        }
        self.in_row = true;
        self.inline_start = None;
        self.open_blocks.push(OpenBlock {
            start: None,
            end: range.start,
            is_item: false,
            row: Some(TableRow::default()),
            cell_gap: false,
            outer: range.clone(),
            top_end: self.top_end,
            heading: self.scan.headings.len().checked_sub(1),
            segments: Vec::new(),
            inlines: Vec::new(),
            text: String::new(),
            hidden: Vec::new(),
            has_plain_words: false,
            index_in_markers: Vec::new(),
        });
        true
    }

    /// The table closes: each of its rows learns whether some row of the
    /// table cites, and whether its header names a column of sources.
    pub(super) fn end_table(&mut self) {
        self.table -= 1;
        let Some(table) = self.open_table.take() else {
            return;
        };
        let source_column = table.header.iter().skip(1).any(|c| is_source_header(c));
        let first = table.first_block.min(self.scan.blocks.len());
        let rows = &mut self.scan.blocks[first..];
        let table_cites = rows.iter().any(|b| b.row.is_some_and(|r| r.cites));
        for row in rows.iter_mut().filter_map(|b| b.row.as_mut()) {
            row.table_cites = table_cites;
            row.source_column = source_column;
        }
    }
}

impl OpenBlock {
    /// Before text that starts a cell after earlier cells' text, the
    /// separator; it maps to where that text starts in the chapter.
    pub(super) fn separate_cell(&mut self, source_at: usize) {
        if !std::mem::take(&mut self.cell_gap) {
            return;
        }
        self.segments.push(SourceSegment {
            text_at: self.text.len(),
            source_at,
            source_end: source_at,
            verbatim: false,
        });
        self.text.push_str(CELL_SEPARATOR);
    }
}

/// Whether the text at `span` runs over several lines and holds an
/// unescaped `|` (see [`Block::lines_of_cells`](crate::markers::Block)).
pub(super) fn holds_lines_of_cells(src: &str, span: &Range<usize>) -> bool {
    let Some(text) = src.get(span.clone()) else {
        return false;
    };
    let bytes = text.as_bytes();
    text.contains(['\n', '\r'])
        && (0..bytes.len()).any(|i| bytes[i] == b'|' && (i == 0 || bytes[i - 1] != b'\\'))
}
