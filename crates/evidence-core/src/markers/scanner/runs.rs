//! Runs of text events: the text between markers goes to the current
//! block (with where each piece came from in the chapter), and each run is
//! searched once for the shapes a marker is written in.

use crate::gaps::{has_blank, is_blank};
use crate::markers::MarkerKind;
use crate::markers::SourceSegment;
use crate::markers::brackets::{confidence_labels, directive_spans, source_span};
use crate::markers::scanner::Scanner;
use crate::markers::shapes::find_written;
use mdbook_markdown::pulldown_cmark::CowStr;
use std::ops::Range;

impl<'a> Scanner<'a, '_> {
    /// Adds text that is part of the current block (or heading) but holds no marker.
    pub(super) fn add_text(&mut self, text: &str, range: Range<usize>) {
        let verbatim = self.src.get(range.clone()) == Some(text);
        self.add_text_as(text, range, verbatim);
    }

    /// [`Scanner::add_text`] for text already known to be (or not to be)
    /// its source `range` verbatim.
    pub(super) fn add_text_as(&mut self, text: &str, range: Range<usize>, verbatim: bool) {
        self.settle_words();
        if !verbatim || !has_blank(text) {
            self.push_text(&crate::gaps::blanks_as_spaces(text), range, verbatim);
            return;
        }
        // A blank glyph is a gap to the reader: it goes in as spaces of its
        // length, a piece of its own that is not verbatim, so that no
        // offset inside it maps inside the glyph in the chapter.
        let mut from = 0;
        for (at, blank) in text.char_indices().filter(|&(_, c)| is_blank(c)) {
            let end = at + blank.len_utf8();
            if from < at {
                self.push_text(&text[from..at], range.start + from..range.start + at, true);
            }
            // A gap starts no text: an inline element opened before it
            // (`*` then a blank) still opens the text after it.
            let opened = self.inline_start.take();
            let spaces = &"    "[..blank.len_utf8()];
            self.push_text(spaces, range.start + at..range.start + end, false);
            self.inline_start = opened;
            from = end;
        }
        if from < text.len() {
            self.push_text(&text[from..], range.start + from..range.end, true);
        }
    }

    /// [`Scanner::add_text_as`] for text without blank glyphs (or one
    /// that is not its source verbatim, mapped as a whole).
    fn push_text(&mut self, text: &str, range: Range<usize>, verbatim: bool) {
        if let Some((_, _, heading)) = &mut self.heading {
            heading.push_str(text);
            return;
        }
        if self.skips_table_text() {
            // A table's header is no block's text, not even inside a list
            // item; a body row is a block of its own.
            self.header_text(text);
            return;
        }
        if self.entry > 0 {
            // A reference entry's text is none of the block around it (a
            // list item whose quote holds `[1] Reuters …`), as its markers
            // are none of it: it states no claim.
            return;
        }
        // After a confidence label, the text starts at its first word: the
        // gap before it (`\[LOW CONFIDENCE\] *[EVID:a] Then*`, the citation
        // cut) is no text (as it would be, were the label no text of the
        // claim the build wrote it before).
        let gap = text.len() - text.trim_start().len();
        let held = self.label_hold.is_some() && self.label_hold == self.inline_start;
        if verbatim && gap > 0 && gap < text.len() && held {
            self.push_text(&text[..gap], range.start..range.start + gap, true);
            self.push_text(&text[gap..], range.start + gap..range.end, true);
            return;
        }
        let plain = self.emphasis == 0 && self.link == 0;
        let unseen = self.unseen();
        if let Some(block) = self.open_blocks.last_mut() {
            // A gap starts no text: where the text after an opening element
            // or a confidence label starts is where its first word does
            // (`\[LOW CONFIDENCE\]  [EVID:a]`, two spaces, starts at the label).
            let inline_start = if text.trim().is_empty() {
                None
            } else {
                self.label_hold = None;
                self.inline_start.take()
            };
            if !text.trim().is_empty() {
                block.separate_cell(inline_start.unwrap_or(range.start));
                block
                    .start
                    .get_or_insert(inline_start.unwrap_or(range.start));
                block.end = block.end.max(range.end);
            }
            if plain && !block.has_plain_words {
                block.has_plain_words = text.chars().any(char::is_alphanumeric);
            }
            let text_at = block.text.len();
            match inline_start {
                // The text's first character maps to where the inline
                // element opened; the rest as usual.
                Some(at) => {
                    let first = text.chars().next().map_or(0, char::len_utf8);
                    block.segments.push(SourceSegment {
                        text_at,
                        source_at: at,
                        source_end: if verbatim {
                            range.start + first
                        } else {
                            range.end
                        },
                        verbatim: false,
                    });
                    if verbatim && first < text.len() {
                        block.segments.push(SourceSegment {
                            text_at: text_at + first,
                            source_at: range.start + first,
                            source_end: range.end,
                            verbatim: true,
                        });
                    }
                }
                None if !text.is_empty() => block.segments.push(SourceSegment {
                    text_at,
                    source_at: range.start,
                    source_end: range.end,
                    verbatim,
                }),
                None => {}
            }
            if unseen && !text.is_empty() {
                crate::markers::scanner::unseen::add_hidden(
                    &mut block.hidden,
                    text_at..text_at + text.len(),
                );
            }
            block.text.push_str(text);
        }
    }

    /// Processes the pending run of text events: finds markers in it and
    /// hands the rest of the text to the current block.
    pub(super) fn flush(&mut self) {
        if self.run.is_empty() {
            return;
        }
        let run = std::mem::take(&mut self.run);
        // Without `[`, `{` or `(`, a run holds no marker and no directive:
        // all of its text goes to the block (most runs: no joining, no
        // searching).
        if run.iter().all(|(_, text)| !may_hold_marker(text)) {
            // Event by event: each event's text maps to the chapter exactly
            // when it is its source verbatim, whatever its neighbours are
            // (an escape or an entity beside it).
            for (range, text) in &run {
                self.add_text(text, range.clone());
            }
            self.run = run;
            self.run.clear();
            return;
        }
        // The run's text, where each event's text starts in it, and whether
        // each event's text is its source verbatim (compared once: an event
        // may hold a whole lone-CR chapter and every marker in it).
        let mut joined = String::new();
        let mut starts = Vec::with_capacity(run.len());
        let mut verbatim = Vec::with_capacity(run.len());
        for (range, text) in &run {
            starts.push(joined.len());
            joined.push_str(text);
            verbatim.push(self.src.get(range.clone()) == Some(text.as_ref()));
        }
        // Link text and image alt text are never markers.
        let find_markers = self.link == 0;
        let directives = directive_spans(&joined);
        // A cut of the joined text: what was written for one or more
        // markers (each with its source span), a directive, or a
        // confidence label (where it starts in the chapter).
        let mut cuts: Vec<(Range<usize>, Cut)> = Vec::new();
        if find_markers && self.reads_block_text() {
            cuts.extend(
                confidence_labels(self.src, &run, &starts, &verbatim, &joined)
                    .into_iter()
                    .map(|(span, at)| (span, Cut::Label(at))),
            );
        }
        if find_markers {
            for written in find_written(&joined, self.options.numbered) {
                let span = written.span;
                if directives
                    .iter()
                    .any(|d| d.start < span.end && span.start < d.end)
                {
                    continue;
                }
                if let Some(src) = source_span(self.src, &run, &starts, &verbatim, &span) {
                    let markers = written
                        .markers
                        .into_iter()
                        .map(|(part, kind)| (src.start + part.start..src.start + part.end, kind))
                        .collect();
                    cuts.push((span, Cut::Markers(markers)));
                }
            }
        }
        // Hand the text between markers (and outside directives) to the
        // block, and the markers in order, so each marker knows where it
        // stood in the block's text.
        cuts.extend(directives.into_iter().map(|d| (d, Cut::Directive)));
        cuts.sort_by_key(|(r, _)| r.start);
        let mut cursor = 0;
        for (cut, what) in cuts {
            if cut.start < cursor {
                continue;
            }
            self.add_piece(&run, &starts, &verbatim, &joined, cursor..cut.start);
            cursor = cut.end;
            let markers = match what {
                Cut::Markers(markers) => markers,
                Cut::Directive => continue,
                Cut::Label(at) => {
                    self.cut_label(at);
                    continue;
                }
            };
            let mut written: Option<Range<usize>> = None;
            for (src_span, kind) in markers {
                let whole = written.get_or_insert(src_span.clone());
                whole.end = whole.end.max(src_span.end);
                self.push_marker(src_span, kind);
            }
            if let Some(written) = written {
                self.separate_words(&written);
            }
        }
        self.add_piece(
            &run,
            &starts,
            &verbatim,
            &joined,
            cursor.min(joined.len())..joined.len(),
        );
    }

    /// Whether the text of an open block is being read: not a heading's,
    /// nor a table header's.
    pub(super) fn reads_block_text(&self) -> bool {
        self.heading.is_none() && !self.skips_table_text() && !self.open_blocks.is_empty()
    }

    /// A confidence label starting at `at` in the chapter, the block's
    /// text before it read: it is no text of the claim it opens, which a
    /// build labels (or labels again) there, so that the claim reads the
    /// same before and after (a figure that opens it is still list
    /// numbering, `2) …`, and its words are the author's alone). The text
    /// after it starts where it does, so the claim starts there and the
    /// next run replaces it. Right after a word's character (`***` before
    /// it, a marker taken out between them), a space stands for it, as for
    /// a marker, so that the words on both sides stay apart.
    pub(super) fn cut_label(&mut self, at: usize) {
        self.settle_words();
        let Some(block) = self.open_blocks.last_mut() else {
            return;
        };
        if !block.text.is_empty() && !block.text.ends_with(char::is_whitespace) {
            block.segments.push(SourceSegment {
                text_at: block.text.len(),
                source_at: at,
                source_end: at,
                verbatim: false,
            });
            block.text.push(' ');
        }
        // An element opened before it with no text yet still starts the
        // text (`*\[LOW CONFIDENCE\] Rates*` starts at the `*`); a label
        // read after a marker that follows the element or an earlier
        // label starts it instead, as a build writes it there.
        let last_marker = self.scan.markers.last().map(|m| m.span.start);
        match self.inline_start {
            Some(held) if last_marker.is_none_or(|m| m < held) => {}
            _ => self.inline_start = Some(at),
        }
        self.label_hold = self.inline_start;
    }

    /// Adds a piece of a run's joined text, located in the chapter as
    /// exactly as the run allows.
    fn add_piece(
        &mut self,
        run: &[(Range<usize>, CowStr<'a>)],
        starts: &[usize],
        verbatim: &[bool],
        joined: &str,
        piece: Range<usize>,
    ) {
        if piece.is_empty() {
            return;
        }
        // One segment per event the piece overlaps: an event whose text is
        // its source verbatim maps every offset in it exactly; another (an
        // escape, an entity, smart punctuation) maps to its own range.
        let first = starts.partition_point(|&s| s <= piece.start) - 1;
        for (k, (range, text)) in run.iter().enumerate().skip(first) {
            let event_start = starts[k];
            if event_start >= piece.end {
                break;
            }
            let sub = piece.start.max(event_start)..piece.end.min(event_start + text.len());
            if sub.is_empty() {
                continue;
            }
            let source = if verbatim[k] {
                range.start + (sub.start - event_start)..range.start + (sub.end - event_start)
            } else {
                range.clone()
            };
            self.add_text_as(&joined[sub], source, verbatim[k]);
        }
    }
}

/// What a run's joined text is cut at: what was written for one or more
/// markers (each with its span in the chapter), a directive, or a
/// confidence label (where it starts in the chapter).
enum Cut {
    Markers(Vec<(Range<usize>, MarkerKind)>),
    Directive,
    Label(usize),
}

/// Whether a piece of a run may start a marker or a directive: it holds a
/// `[`, a `{`, or a `(` (of `(EVID:…)`, which is reported).
fn may_hold_marker(text: &str) -> bool {
    text.bytes().any(|b| matches!(b, b'[' | b'{' | b'('))
        || crate::markers::lookalikes::may_hold(text)
}
