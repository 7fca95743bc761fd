//! Citations an earlier run rendered, read back: an inline-HTML citation
//! (`<a class="evidence-cite" …>[1]</a>`) or a group of them (`<span
//! class="evidence-cites">[1, 2]</span>`); what turns out to be neither
//! (a lone opening tag, other markup inside) is handed back to the block as
//! text, so that nothing after it goes unread.

use crate::markers::MarkerKind;
use crate::markers::SourceSegment;
use crate::markers::rendered::{
    CiteGroup, PendingCite, is_group_close, is_group_open, rendered_cite_id,
};
use crate::markers::scanner::Scanner;
use mdbook_markdown::pulldown_cmark::CowStr;
use std::ops::Range;

impl Scanner<'_, '_> {
    pub(super) fn inline_html(&mut self, html: &str, range: Range<usize>) {
        if let Some(pending) = &self.pending_cite {
            if pending
                .closing
                .is_some_and(|closing| html.trim() == closing)
            {
                self.finish_cite(range.end);
                return;
            }
            if pending.closing.is_none() {
                return;
            }
            // Other HTML inside an HTML citation: it was none.
            self.cancel_html_cite();
        }
        if self.link > 0 {
            return;
        }
        if let Some((id, closing)) = rendered_cite_id(html) {
            self.pending_cite = Some(PendingCite::new(range.start, id, Some(closing)));
        } else if is_group_open(html) {
            // A group opened inside another: the first was none.
            self.cancel_group();
            self.group = Some(CiteGroup::new(range.start, self.scan.markers.len()));
        } else if is_group_close(html)
            && let Some(group) = self.group.take()
        {
            if group.citations(self.scan.markers.len()) < 2 {
                // The renderer groups two citations or more: this `<span>`
                // is the author's, its text and citation their own.
                self.run.append(&mut self.group_text);
                self.flush();
                return;
            }
            self.group_text.clear();
            let (start, end) = group.close(&mut self.scan.markers, range.end);
            if start < end {
                self.separate_words(&(start..end));
            }
            let takes_text = self.heading.is_none() && !self.skips_table_text();
            if let Some(block) = self.open_blocks.last_mut()
                && start < end
                && takes_text
            {
                let first = block.start.get_or_insert(start);
                *first = (*first).min(start);
                block.end = block.end.max(end);
            }
        }
    }

    /// Completes a rendered citation, if its text is a citation label.
    pub(super) fn finish_cite(&mut self, end: usize) {
        let Some(pending) = self.pending_cite.take() else {
            return;
        };
        if self.group.is_some() && pending.is_lone_label() {
            // A citation as it stands alone, which the renderer never
            // writes inside a group: the `<span>` around it is the
            // author's (kept around citations an earlier run rendered
            // alone, `[EVID:a; EVID:gone]` with `gone` unverified), and the
            // citation its own.
            self.cancel_group();
        }
        let label = if self.group.is_some() {
            pending.is_group_label()
        } else {
            pending.is_lone_label()
        };
        if label {
            self.push_marker(pending.start..end, MarkerKind::Rendered(pending.id));
            if self.group.is_none() {
                self.separate_words(&(pending.start..end));
            }
        } else {
            self.release(pending);
        }
    }

    /// Hands the text of what turned out to be no citation back to the
    /// block, each piece where it stands (markers in it are found).
    pub(super) fn release(&mut self, pending: PendingCite) {
        self.run.extend(
            pending
                .pieces
                .into_iter()
                .map(|(range, text)| (range, CowStr::from(text))),
        );
        self.flush();
    }

    /// Ends a group that turned out not to be one (the block ends, or
    /// another group opens, before its `</span>`): the text it held back
    /// goes to the block.
    pub(super) fn cancel_group(&mut self) {
        if self.group.take().is_some() {
            self.run.append(&mut self.group_text);
            self.flush();
        }
    }

    /// Hands back to the block what was held for a possible citation or
    /// group of an earlier run: what came instead shows they were the
    /// author's text.
    pub(super) fn release_held(&mut self) {
        self.cancel_html_cite();
        self.cancel_group();
    }

    /// Drops a pending inline-HTML citation when something other than its
    /// label's text comes before its closing tag: a rendered citation
    /// holds nothing else (a lone `<a class="evidence-cite">` would
    /// otherwise hold back what follows, markers included).
    pub(super) fn cancel_html_cite(&mut self) {
        if self
            .pending_cite
            .as_ref()
            .is_some_and(|p| p.closing.is_some())
        {
            self.cancel_cite();
        }
    }

    /// Drops a pending citation that turned out not to be one.
    pub(super) fn cancel_cite(&mut self) {
        if let Some(pending) = self.pending_cite.take() {
            self.release(pending);
        }
    }

    /// A marker (or citation, or group of them) written at `span`: it
    /// joins the run of markers written right before it, if they touch.
    /// The run's words are settled when something else comes.
    pub(super) fn separate_words(&mut self, span: &Range<usize>) {
        match &mut self.marker_run {
            Some(run) if run.end == span.start => run.end = span.end,
            _ => {
                self.settle_words();
                self.marker_run = Some(span.clone());
            }
        }
    }

    /// After a run of markers written between two words: a space in the
    /// block's text, where `remove` mode puts one when it takes the run
    /// out ([`crate::markers::joins_words`], which looks at the whole run
    /// as remove mode does), so that the words stay apart on every run.
    pub(super) fn settle_words(&mut self) {
        let Some(run) = self.marker_run.take() else {
            return;
        };
        if self.heading.is_some()
            || self.skips_table_text()
            || !crate::markers::joins_words(self.src, &run)
        {
            return;
        }
        if let Some(block) = self.open_blocks.last_mut() {
            block.segments.push(SourceSegment {
                text_at: block.text.len(),
                source_at: run.end,
                source_end: run.end,
                verbatim: false,
            });
            block.text.push(' ');
        }
    }
}
