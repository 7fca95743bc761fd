//! The References section: found by its level-2 heading, and told apart
//! into what the author wrote under it (a reading list, link definitions),
//! which is kept, and the entries an earlier run wrote, which are replaced.

use super::Scanner;
use crate::markers::line_end;
use crate::syntax::REFERENCES_CLASS;
use mdbook_markdown::pulldown_cmark::HeadingLevel;
use std::ops::Range;

impl Scanner<'_, '_> {
    /// A top-level heading `text` (its source at `start`, ending at
    /// `range.end`) has been read: places the banner after the first one,
    /// and opens the References section at the heading titled so.
    pub(super) fn heading_closed(
        &mut self,
        level: HeadingLevel,
        text: &str,
        start: Range<usize>,
        range: Range<usize>,
    ) {
        let opens_references = level == HeadingLevel::H2
            && self.scan.references.is_none()
            && text
                .trim()
                .eq_ignore_ascii_case(self.options.references_title.trim());
        if !self.seen_heading {
            self.seen_heading = true;
            // A chapter whose first heading is the (generated) References
            // has no heading of its own: the banner goes at the top.
            if !opens_references {
                self.scan.banner_offset = line_end(self.src, range.end);
            }
        }
        if opens_references {
            // Markers in the References heading go with the section.
            while self
                .scan
                .markers
                .last()
                .is_some_and(|m| m.span.start >= start.start)
            {
                self.scan.markers.pop();
            }
            self.scan.references = Some(start.start..start.start);
            self.in_references = true;
            self.references_heading_end = line_end(self.src, range.end);
            self.generated_references = None;
        }
    }

    /// Ends the References section at `at`, and records the author's own
    /// text in it.
    pub(super) fn close_references(&mut self, at: usize) {
        if let Some(section) = &mut self.scan.references {
            section.end = at;
            let own_end = self.generated_references.unwrap_or(at);
            let from = self.references_heading_end.min(own_end);
            let own = &self.src[from..own_end];
            let trimmed = own.trim_start();
            if !trimmed.trim_end().is_empty() {
                let start = from + (own.len() - trimmed.len());
                // Up to the end of its last non-blank line, line break included.
                let last = start + trimmed.trim_end().len();
                self.scan.own_references = Some(start..line_end(self.src, last).min(own_end));
            }
        }
        self.in_references = false;
    }

    /// An HTML block line at `at`: inside the References section, the
    /// `<div class="evidence-references">` an earlier run wrote for the
    /// HTML renderer starts the generated entries.
    pub(super) fn note_generated_html(&mut self, html: &str, at: usize) {
        if self.in_references
            && self.container == 0
            && self.generated_references.is_none()
            && html
                .trim_start()
                .strip_prefix("<div class=\"")
                .is_some_and(|rest| rest.starts_with(REFERENCES_CLASS))
        {
            self.generated_references = Some(at);
        }
    }

    /// A paragraph at `at`: inside the References section, one that opens
    /// with an escaped `\[N\]` is an entry an earlier run wrote for other
    /// renderers, and starts the generated entries.
    pub(super) fn note_generated_paragraph(&mut self, at: usize) {
        if !self.in_references || self.container > 0 || self.generated_references.is_some() {
            return;
        }
        let rest = &self.src.as_bytes()[at..];
        let digits = rest
            .get(2..)
            .map_or(0, |r| r.iter().take_while(|b| b.is_ascii_digit()).count());
        if rest.starts_with(b"\\[") && digits > 0 && rest[2 + digits..].starts_with(b"\\]") {
            self.generated_references = Some(at);
        }
    }
}
