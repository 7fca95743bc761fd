//! Heading anchors that citations leave alone. mdBook derives a heading's
//! id from the text it renders (mdbook-html's `id_from_content`, made
//! unique on the page with `-1`, `-2`, …), so a citation rendered in a
//! heading (`## Rates held [1]`) would move `#rates-held` to
//! `#rates-held-1` and break the links to it. A heading that holds a
//! marker gets, as a heading attribute (`{#rates-held}`, inserted after its
//! text), the id mdBook gives it without the marker; a later heading whose
//! id that would shift gets its own. A heading with an id of its own is
//! left as it is, so a second run changes nothing; so is one whose text,
//! markers aside, is white space and punctuation (see `names`).

use crate::{Edit, RenderPlan};
use evidence_core::ids::MarkerId;
use evidence_core::markers::{MarkdownFlags, Marker, MarkerKind};
use evidence_rules::Resolved;
use mdbook_markdown::new_cmark_parser;
use mdbook_markdown::pulldown_cmark::{Event, Tag, TagEnd};
use std::collections::HashSet;
use std::ops::Range;

impl RenderPlan<'_> {
    /// Plans the heading ids of `text` (see [`heading_id_edits`]): a
    /// heading holding a marker that stays on the page (one that does not
    /// resolve and is not taken out, `removed` and edited away: an
    /// unverified mark, text) is left.
    pub fn plan_heading_ids(
        &mut self,
        text: &str,
        markers: &[Marker],
        resolved: &[Option<Resolved<'_>>],
        removed: &[MarkerId],
        flags: MarkdownFlags,
    ) {
        let covered = |span: &Range<usize>| {
            let within = |range: &Range<usize>| range.start <= span.start && span.end <= range.end;
            self.removals.iter().any(|r| within(&r.range))
                || self.runs.iter().any(|run| within(&run.range))
        };
        let gone: Vec<bool> = markers
            .iter()
            .enumerate()
            .map(|(i, m)| {
                !m.in_heading
                    || resolved.get(i).is_some_and(Option::is_some)
                    || removed.binary_search(&MarkerId(i)).is_ok() && covered(&m.span)
            })
            .collect();
        self.heading_ids = heading_id_edits_resolved(text, markers, Some(&gone), flags);
        // A heading the References' rewrite replaces (its own heading, a
        // subheading of the entries) gets no id: inserted at the end of
        // what is replaced, the attribute would land after the generated
        // section, as text the next run does not write.
        if let Some(replaced) = self.replaced_references() {
            (self.heading_ids).retain(|edit| {
                !(replaced.start < edit.range.start && edit.range.start <= replaced.end)
            });
        }
    }

    /// The part of the chapter the References' rewrite replaces: the
    /// section but the author's own text in it, or the written list taken
    /// out.
    fn replaced_references(&self) -> Option<Range<usize>> {
        let references = &self.references;
        if let Some(section) = &references.written_list {
            return Some(section.clone());
        }
        if references.entries.is_empty() {
            return None;
        }
        let section = references.existing.as_ref()?;
        Some(references.own.as_ref().map_or(section.start, |own| own.end)..section.end)
    }
}

/// A heading (or definition-list title, which shares mdBook's ids) as
/// mdBook will number it.
struct Anchor {
    /// The heading in the chapter.
    span: Range<usize>,
    /// Where an attribute goes: after the heading's last text.
    end: usize,
    /// Whether it has an id attribute already (mdBook counts it nowhere).
    explicit: bool,
    /// A heading, which can take an attribute (a `dt` cannot).
    heading: bool,
    /// Whether a marker stands in it.
    cites: bool,
    /// Its text without markers, as mdBook reads it.
    text: String,
}

/// The insertions that keep each heading's anchor what it is without the
/// markers in it; none when no heading holds a marker the renderer
/// rewrites (a malformed one stays as written, and counts as text).
pub fn heading_id_edits(text: &str, markers: &[Marker], flags: MarkdownFlags) -> Vec<Edit> {
    heading_id_edits_resolved(text, markers, None, flags)
}

/// [`heading_id_edits`], given which markers resolve (by index): a
/// heading holding one that does not is left as it is (`remove` mode may
/// keep such a marker as text, by what follows it on the line).
fn heading_id_edits_resolved(
    text: &str,
    markers: &[Marker],
    resolved: Option<&[bool]>,
    flags: MarkdownFlags,
) -> Vec<Edit> {
    let unresolved: Vec<Range<usize>> = markers
        .iter()
        .enumerate()
        .filter(|(i, m)| {
            m.in_heading && resolved.is_some_and(|r| !r.get(*i).copied().unwrap_or(false))
        })
        .map(|(_, m)| m.span.clone())
        .collect();
    let spans: Vec<Range<usize>> = markers
        .iter()
        .filter(|m| m.in_heading && !matches!(m.kind, MarkerKind::Malformed(_)))
        .map(|m| m.span.clone())
        .collect();
    if spans.is_empty() {
        return Vec::new();
    }
    let mut anchors = anchors(text, &spans, flags);
    for anchor in &mut anchors {
        if overlaps(&unresolved, &anchor.span) {
            anchor.heading = false;
        }
    }
    if !anchors.iter().any(|a| a.cites && a.heading && !a.explicit) {
        return Vec::new();
    }
    let (mut meant, mut given) = (HashSet::new(), HashSet::new());
    let mut edits = Vec::new();
    for anchor in anchors.iter().filter(|a| !a.explicit) {
        let base = id_from_content(&anchor.text);
        let id = unique_id(&base, &mut meant);
        let shifted = anchor.cites || next_free(&base, &given) != id;
        if anchor.heading && shifted && names(&base) && !opens_a_list_item(text, anchor.end) {
            edits.push(Edit {
                range: anchor.end..anchor.end,
                text: format!(" {{#{id}}}"),
            });
        } else {
            unique_id(&base, &mut given);
        }
    }
    edits
}

/// The headings and definition-list titles of `text`, in order.
fn anchors(text: &str, markers: &[Range<usize>], flags: MarkdownFlags) -> Vec<Anchor> {
    let mut out: Vec<Anchor> = Vec::new();
    let mut open: Option<Anchor> = None;
    let parser = new_cmark_parser(text, &flags.options()).into_offset_iter();
    for (event, range) in parser {
        match event {
            Event::Start(Tag::Heading { ref id, .. }) => {
                open = Some(Anchor {
                    span: range.clone(),
                    end: range.start,
                    explicit: id.is_some(),
                    heading: true,
                    cites: overlaps(markers, &range),
                    text: String::new(),
                });
            }
            Event::Start(Tag::DefinitionListTitle) => {
                open = Some(Anchor {
                    span: range.clone(),
                    end: range.start,
                    explicit: false,
                    heading: false,
                    cites: false,
                    text: String::new(),
                });
            }
            Event::End(TagEnd::Heading(_) | TagEnd::DefinitionListTitle) => {
                out.extend(open.take().map(|mut anchor| {
                    if anchor.heading && is_atx(text, &range) {
                        // After a closing sequence (`## Title ##`), which
                        // the attribute follows.
                        anchor.end = line_end(text, anchor.end);
                    }
                    anchor
                }));
            }
            _ => {
                let Some(anchor) = open.as_mut() else {
                    continue;
                };
                anchor.end = anchor.end.max(range.end);
                if let Event::Text(piece) | Event::Code(piece) = &event {
                    push_outside_markers(&mut anchor.text, text, &range, piece, markers);
                }
            }
        }
    }
    out
}

/// Whether text appended at `at` would make its line open a list item: a
/// setext heading whose last line is a bare list marker (`Rates [1]\n*\n---`,
/// where an empty item cannot interrupt the paragraph) would become a list
/// item followed by a thematic break, so a second run would read another
/// page. Such a heading keeps mdBook's id.
fn opens_a_list_item(text: &str, at: usize) -> bool {
    let start = text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line = &text[start..at];
    let marker = line.trim_start_matches(' ');
    if line.len() - marker.len() > 3 {
        return false;
    }
    let marker = marker.trim_end_matches([' ', '\t']);
    let digits = marker.trim_end_matches(['.', ')']);
    matches!(marker, "*" | "-" | "+")
        || (marker.len() == digits.len() + 1
            && (1..=9).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the heading at `range` is an ATX heading (`## Title`).
fn is_atx(text: &str, range: &Range<usize>) -> bool {
    text.get(range.clone())
        .is_some_and(|heading| heading.trim_start_matches([' ', '\t']).starts_with('#'))
}

/// The end of the line `at` is on, before its trailing white space.
fn line_end(text: &str, at: usize) -> usize {
    let rest = &text[at..];
    let line = &rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())];
    at + line.trim_end_matches([' ', '\t']).len()
}

/// Whether a marker lies in `range` (markers are in document order).
fn overlaps(markers: &[Range<usize>], range: &Range<usize>) -> bool {
    let first = markers.partition_point(|m| m.end <= range.start);
    markers.get(first).is_some_and(|m| m.start < range.end)
}

/// Appends the text `piece`, found at `range` of `text`, less what markers
/// cover; a piece that is not the chapter's bytes verbatim (an escape, an
/// entity) counts whole unless a marker covers it.
fn push_outside_markers(
    out: &mut String,
    text: &str,
    range: &Range<usize>,
    piece: &str,
    markers: &[Range<usize>],
) {
    let first = markers.partition_point(|m| m.end <= range.start);
    let covering: Vec<&Range<usize>> = markers[first..]
        .iter()
        .take_while(|span| span.start < range.end)
        .collect();
    if covering.is_empty() {
        out.push_str(piece);
        return;
    }
    if covering
        .iter()
        .any(|span| span.start <= range.start && range.end <= span.end)
    {
        return;
    }
    if text.get(range.clone()) != Some(piece) {
        out.push_str(piece);
        return;
    }
    let mut at = range.start;
    for span in covering {
        if span.start > at {
            out.push_str(text.get(at..span.start).unwrap_or(""));
        }
        at = at.max(span.end);
    }
    if at < range.end {
        out.push_str(text.get(at..range.end).unwrap_or(""));
    }
}

/// mdBook's id of a heading's text (mdbook-html 0.5 `id_from_content`).
fn id_from_content(content: &str) -> String {
    content
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// Whether a heading's id `base` names it: holds a character that is not
/// a hyphen. An id of nothing but hyphens (`-` of `~~ [`, or none at all)
/// comes of white space and punctuation alone, and `remove` mode, taking
/// a marker out, may leave a space or take one (`~~[EVID:gone][` becomes
/// `~~ [`): the id read on the next run would differ, and an attribute
/// (`{#-}`) added then. Such a heading keeps the id mdBook gives it on
/// every run; whether an id names its heading does not turn on white space.
fn names(base: &str) -> bool {
    base.chars().any(|c| c != '-')
}

/// The id mdBook gives `id` with `used` taken (its `unique_id`), not
/// taken yet.
fn next_free(id: &str, used: &HashSet<String>) -> String {
    if !used.contains(id) {
        return id.to_owned();
    }
    (1u32..)
        .map(|n| format!("{id}-{n}"))
        .find(|candidate| !used.contains(candidate))
        .unwrap_or_default()
}

/// [`next_free`], then taken.
fn unique_id(id: &str, used: &mut HashSet<String>) -> String {
    let id = next_free(id, used);
    used.insert(id.clone());
    id
}

#[cfg(test)]
mod tests;
