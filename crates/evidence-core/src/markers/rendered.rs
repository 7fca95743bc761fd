//! Citations that an earlier run rendered, read back as markers: an HTML
//! `<a>`/`<span>` of the citation class with the cited id in its
//! attribute, or a markdown link `[\[N\]](#evidence-<id>…)`; and a group
//! of HTML citations, `<span class="evidence-cites">[…, …]</span>`, whose
//! brackets and separators go with its citations.

use crate::markers::Marker;
use crate::syntax::{
    CITE_CLASS, CITE_GROUP_CLASS, CITE_ID_ATTRIBUTE, UNVERIFIED_CLASS, UNVERIFIED_TEXT,
    is_evidence_id,
};
use std::ops::Range;

/// A rendered citation being read.
pub(super) struct PendingCite {
    /// Where it starts in the chapter.
    pub start: usize,
    /// The cited id.
    pub id: String,
    /// The closing tag of an inline-HTML citation; `None` for a markdown link.
    pub(crate) closing: Option<&'static str>,
    /// The text inside an inline-HTML citation.
    pub text: String,
    /// The same text as read, event by event, with its range in the
    /// chapter: handed back to the block when it is no citation.
    pub(crate) pieces: Vec<(Range<usize>, String)>,
}

impl PendingCite {
    /// A citation starting at `start`.
    pub(super) fn new(start: usize, id: String, closing: Option<&'static str>) -> Self {
        PendingCite {
            start,
            id,
            closing,
            text: String::new(),
            pieces: Vec::new(),
        }
    }

    /// Whether its text is the label of a citation standing alone: `[N]`,
    /// or an unverified mark's. A markdown link's label was checked when
    /// it opened.
    pub(super) fn is_lone_label(&self) -> bool {
        self.closing.is_none() || is_bracketed_number(&self.text) || self.text == UNVERIFIED_TEXT
    }

    /// Whether its text is the label of a citation in a group: `N`, or
    /// nothing (the anchor of a number inside a range). The renderer
    /// writes no other citation inside a group: no bracketed label, no
    /// unverified mark (kept markers follow the group).
    pub(super) fn is_group_label(&self) -> bool {
        self.closing.is_some() && self.text.bytes().all(|b| b.is_ascii_digit())
    }
}

/// A group of rendered citations being read.
pub(super) struct CiteGroup {
    /// Where the group starts in the chapter.
    start: usize,
    /// The index of its first marker.
    first_marker: usize,
}

impl CiteGroup {
    /// A group starting at `start`, whose markers will start at index
    /// `first_marker`.
    pub(super) fn new(start: usize, first_marker: usize) -> Self {
        CiteGroup {
            start,
            first_marker,
        }
    }

    /// How many citations it holds, `markers` being the number of markers
    /// read so far.
    pub(super) fn citations(&self, markers: usize) -> usize {
        markers.saturating_sub(self.first_marker)
    }

    /// Ends the group at `end`: its markers' spans are stretched to cover
    /// it whole, each running to the next, so that replacing them replaces
    /// the group. Returns the group's range (empty when it held no marker).
    pub(super) fn close(self, markers: &mut [Marker], end: usize) -> (usize, usize) {
        let Some(group) = markers.get_mut(self.first_marker..) else {
            return (end, end);
        };
        if group.is_empty() {
            return (end, end);
        }
        // The markers of one written range (`[1-3]` inside a group whose
        // links were cut) share their bytes, and keep sharing them: each
        // run of equal spans is stretched as one, never to nothing.
        let written: Vec<Range<usize>> = group.iter().map(|m| m.span.clone()).collect();
        let mut i = 0;
        while i < group.len() {
            let run = i + written[i..]
                .iter()
                .take_while(|s| **s == written[i])
                .count();
            let start = if i == 0 { self.start } else { written[i].start };
            let stop = written.get(run).map_or(end, |next| next.start);
            for marker in &mut group[i..run] {
                marker.span = start..stop;
            }
            i = run;
        }
        (self.start, end)
    }
}

/// Whether an inline-HTML tag opens a group of citations.
pub(super) fn is_group_open(html: &str) -> bool {
    html.trim() == format!("<span class=\"{CITE_GROUP_CLASS}\">")
}

/// Whether an inline-HTML tag closes a group of citations.
pub(super) fn is_group_close(html: &str) -> bool {
    html.trim() == "</span>"
}

/// Whether text between a group's citations is what the renderer writes
/// there: its brackets, separators and range dashes.
pub(super) fn is_group_punctuation(text: &str) -> bool {
    text.chars()
        .all(|c| matches!(c, '[' | ']' | ',' | '–') || c.is_whitespace())
}

/// Whether text is `[N]`, the label of a rendered citation.
fn is_bracketed_number(text: &str) -> bool {
    text.strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a link's source text is a citation label, `[\[N\]](…)`, or an
/// unverified mark's, `[\[unverified\]](…)`.
pub(super) fn is_citation_label(link_source: &str) -> bool {
    if link_source.starts_with("[\\[unverified\\]](") {
        return true;
    }
    link_source
        .strip_prefix("[\\[")
        .and_then(|rest| rest.split_once("\\]]"))
        .is_some_and(|(digits, _)| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// The evidence id of a rendered HTML citation's opening tag (`<a …>` in
/// prose, `<span …>` in headings), and the tag that closes it.
pub(super) fn rendered_cite_id(html: &str) -> Option<(String, &'static str)> {
    let (rest, closing) = if let Some(rest) = html.strip_prefix("<a class=\"") {
        (rest, "</a>")
    } else {
        (html.strip_prefix("<span class=\"")?, "</span>")
    };
    let rest = match rest.strip_prefix(CITE_CLASS) {
        Some(rest) => rest,
        None if closing == "</span>" => rest.strip_prefix(UNVERIFIED_CLASS)?,
        None => return None,
    };
    let (_, after) = rest.split_once(&format!(" {CITE_ID_ATTRIBUTE}=\""))?;
    let (id, _) = after.split_once('"')?;
    is_evidence_id(id).then(|| (id.to_owned(), closing))
}
