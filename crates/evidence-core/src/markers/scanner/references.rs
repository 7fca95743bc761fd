//! The References section: found by its level-2 heading, and told apart
//! into what the author wrote under it (a reading list, link definitions),
//! which is kept, and the entries an earlier run wrote, which are replaced.

use crate::markers::scanner::Scanner;
use crate::markers::{line_end, reference_list};
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
            && (text
                .trim()
                .eq_ignore_ascii_case(self.options.references_title.trim())
                || self.opens_written_list(text, range.end));
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
            self.written_list = self.holds_written_list(self.references_heading_end);
        }
    }

    /// Whether a level-2 heading titled `text`, its line ending at
    /// `heading_end`, opens a References list the author wrote under one of
    /// the usual names (Sources, Bibliography, …): only in a chapter that
    /// cites, and only when every line up to the next level-1 or level-2
    /// heading is an entry of the list. Anything else under such a title
    /// is the book's own section, kept and checked as written.
    fn opens_written_list(&self, text: &str, heading_end: usize) -> bool {
        let title = text.trim().trim_end_matches(':').trim();
        if self.scan.markers.is_empty()
            || !WRITTEN_LIST_TITLES
                .iter()
                .any(|t| t.eq_ignore_ascii_case(title))
        {
            return false;
        }
        let from = line_end(self.src, heading_end);
        let to = next_section_heading(&self.src[from..]).map_or(self.src.len(), |at| from + at);
        reference_list::read_entries(self.src, from..to).is_some()
    }

    /// Whether the References section whose heading's line ends at `from`
    /// holds a list of written citations, in a chapter that cites: the
    /// generated entries replace the section whole, so nothing in it is a
    /// block. Read ahead, from its heading to the next level-1 or level-2
    /// heading or the entries of an earlier run, as
    /// [`Scanner::close_references`] reads it at the section's end.
    fn holds_written_list(&self, from: usize) -> bool {
        if self.scan.markers.is_empty() {
            return false;
        }
        let rest = &self.src[from..];
        let to = next_section_heading(rest)
            .into_iter()
            .chain(generated_entries_start(rest))
            .min()
            .map_or(self.src.len(), |at| from + at);
        reference_list::read_entries(self.src, from..to).is_some()
    }

    /// Ends the References section at `at`, and records the author's own
    /// text in it: a list of written citations in a chapter that cites
    /// is the list the generated entries replace; anything else is kept.
    pub(super) fn close_references(&mut self, at: usize) {
        // As read ahead: prose with a marker under the section does not
        // make it a list the generated entries replace.
        let cites = self.written_list;
        if let Some(section) = &mut self.scan.references {
            section.end = at;
            let own_end = self.generated_references.unwrap_or(at);
            let from = self.references_heading_end.min(own_end);
            let own = &self.src[from..own_end];
            let trimmed = own.trim_start();
            let written = cites
                .then(|| reference_list::read_entries(self.src, from..own_end))
                .flatten();
            if let Some(entries) = written {
                self.scan.reference_list = entries;
            } else if !trimmed.trim_end().is_empty() {
                let start = from + (own.len() - trimmed.len());
                // Up to the end of its last non-blank line, line break included.
                let last = start + trimmed.trim_end().len();
                let end = line_end(self.src, last).min(own_end);
                let end = self.blank_lines_kept(end, own_end);
                self.scan.own_references = Some(start..end);
            } else {
                // Blank lines only, more than the entries' one: what is
                // left where deleted text was.
                let end = self.blank_lines_kept(from, own_end);
                self.scan.own_references = Some(from..end).filter(|own| !own.is_empty());
            }
        }
        self.in_references = false;
        self.written_list = false;
    }

    /// Where the author's text in the References section ends, its last
    /// line ending at `end` and the entries of an earlier run starting at
    /// `entries`: blank lines between them beyond the one the entries are
    /// written after (a claim deleted at the end of the author's text
    /// leaves its own) stay the author's, so that the next run writes them
    /// back as they are.
    fn blank_lines_kept(&self, end: usize, entries: usize) -> usize {
        if self.generated_references.is_none() {
            return end;
        }
        let gap = &self.src[end..entries];
        let separator = if gap.ends_with("\r\n") {
            2
        } else {
            usize::from(gap.ends_with('\n'))
        };
        let blank = gap[..gap.len() - separator]
            .bytes()
            .all(|b| matches!(b, b'\n' | b'\r' | b' ' | b'\t'));
        if gap.len() > separator && blank {
            entries - separator
        } else {
            end
        }
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

/// The usual titles of a References list a model writes, besides the
/// configured `references-title`.
const WRITTEN_LIST_TITLES: [&str; 6] = [
    "References",
    "Sources",
    "Bibliography",
    "Citations",
    "Works cited",
    "Sources cited",
];

/// Where the entries an earlier run wrote start in `text`: a line opening
/// with `<div class="evidence-references` or an escaped `\[N\]`.
fn generated_entries_start(text: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let digits = line
            .get(2..)
            .map_or(0, |r| r.bytes().take_while(u8::is_ascii_digit).count());
        let escaped =
            line.starts_with("\\[") && digits > 0 && line[2 + digits..].starts_with("\\]");
        let div = line
            .strip_prefix("<div class=\"")
            .is_some_and(|rest| rest.starts_with(REFERENCES_CLASS));
        if escaped || div {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// Where the next ATX heading of level 1 or 2 starts in `text`, at the
/// start of a line (up to three spaces in); a heading in a code block
/// makes the lines before it no list, so it need not be told apart.
fn next_section_heading(text: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        if line.len() - trimmed.len() <= 3 {
            let hashes = trimmed.bytes().take_while(|&b| b == b'#').count();
            if (1..=2).contains(&hashes) && trimmed[hashes..].starts_with([' ', '\t', '\n', '\r']) {
                return Some(at);
            }
        }
        at += line.len();
    }
    None
}
