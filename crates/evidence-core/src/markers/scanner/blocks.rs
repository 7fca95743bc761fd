//! Where the scanner files what it found: a marker into the block being
//! built (or none: headings, table text, the References' entries), and a
//! finished block into the scan, its markers pointed at it.

use crate::markers::scanner::Scanner;
use crate::markers::scanner::tables::holds_lines_of_cells;
use crate::markers::{Block, Marker, MarkerKind, TableRow};
use crate::syntax::{is_banner, is_removal_note};
use std::ops::Range;

impl Scanner<'_, '_> {
    pub(super) fn push_marker(&mut self, span: Range<usize>, kind: MarkerKind) {
        // In the References section, only a block of its own (prose, not
        // an entry, whose `[N]` is its number) holds markers.
        if self.in_references && (self.skips_blocks() || self.open_blocks.is_empty()) {
            return;
        }
        let in_heading = self.heading.is_some();
        let mut text_at = 0;
        // A claim whose first words are a marker inside emphasis or a link
        // starts where that element opens, as it does when text comes
        // first: its label goes before the `*`, where the next run finds it.
        let starts_at = self.inline_start.unwrap_or(span.start);
        let block = if in_heading || self.skips_table_text() {
            None
        } else {
            self.open_blocks.last_mut().map(|block| {
                text_at = block.text.len();
                block.start.get_or_insert(starts_at);
                block.end = block.end.max(span.end);
                block.index_in_markers.push(self.scan.markers.len());
                usize::MAX // patched when the block closes
            })
        };
        self.scan.markers.push(Marker {
            span,
            kind,
            block,
            in_heading,
            in_table: self.table > 0,
            text_at,
        });
    }

    pub(super) fn close_block(&mut self) {
        self.settle_words();
        // A confidence label with no text after it in its block starts no
        // text of another (a row's last cell, the text of the list item
        // holding the table after it).
        if self.label_hold.is_some() && self.label_hold == self.inline_start {
            self.inline_start = None;
        }
        let Some(open) = self.open_blocks.pop() else {
            return;
        };
        let index = self.scan.blocks.len();
        for &m in &open.index_in_markers {
            self.scan.markers[m].block = Some(index);
        }
        let start = open.start.unwrap_or(open.end);
        let span = start..open.end.max(start);
        let lines_of_cells = open.row.is_none() && holds_lines_of_cells(self.src, &span);
        if is_banner(&open.text) {
            self.scan.has_banner = true;
        }
        if is_removal_note(&open.text) {
            self.scan.has_removal_note = true;
        }
        self.scan.blocks.push(Block {
            span,
            text: open.text,
            hidden: open.hidden,
            has_plain_words: open.has_plain_words,
            is_item: open.is_item,
            html: false,
            in_admonition: self.admonition > 0,
            row: open.row.map(|row| TableRow {
                cites: !open.index_in_markers.is_empty(),
                ..row
            }),
            outer: open.outer,
            top_end: open.top_end,
            heading: open.heading,
            segments: open.segments,
            inlines: open.inlines,
            lines_of_cells,
        });
    }
}
