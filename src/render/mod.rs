//! Rendering: numbered citations, the References section and the banner,
//! spliced into the chapter's original text.
//!
//! Nothing here re-serializes markdown: every change is an [`Edit`] of a
//! byte range found by the scanner, applied in one pass by [`splice`].

pub mod escape;

use crate::markers::{CITE_CLASS, REFERENCE_ANCHOR_PREFIX};
use crate::rules::Resolved;
use crate::store::PaywallPolicy;
use std::fmt::Write as _;
use std::ops::Range;

/// The banner of a downgraded chapter (seed 003 §6), without line endings.
pub const BANNER_LINES: [&str; 2] = [
    "> [!WARNING]",
    "> This is an **Unverified Summary**. Claims may lack evidence grounding.",
];

/// What the renderer downstream understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// mdBook's HTML renderer: citations and References carry anchors,
    /// back-links and hover text as inline HTML.
    Html,
    /// Any other renderer: plain markdown, no raw HTML.
    Markdown,
}

impl Target {
    /// The target for an mdBook renderer name.
    pub fn for_renderer(renderer: &str) -> Target {
        if renderer == "html" {
            Target::Html
        } else {
            Target::Markdown
        }
    }
}

/// A replacement of a byte range of the chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The range replaced (empty for an insertion).
    pub range: Range<usize>,
    /// The new text.
    pub text: String,
}

/// Applies non-overlapping edits in one pass. Bytes outside the edited
/// ranges are copied unchanged.
pub fn splice(text: &str, edits: &mut [Edit]) -> String {
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let extra: usize = edits.iter().map(|e| e.text.len()).sum();
    let mut out = String::with_capacity(text.len() + extra);
    let mut cursor = 0;
    for edit in edits.iter() {
        debug_assert!(edit.range.start >= cursor, "overlapping edits");
        out.push_str(&text[cursor..edit.range.start]);
        out.push_str(&edit.text);
        cursor = edit.range.end;
    }
    out.push_str(&text[cursor..]);
    out
}

/// One entry of a chapter's References: an item with its number, and how
/// many times the chapter cites it.
#[derive(Debug, Clone)]
pub struct Entry<'s> {
    /// The citation number.
    pub number: u32,
    /// The resolved item.
    pub evidence: Resolved<'s>,
    /// How many citing spots there are (for back-links).
    pub occurrences: u32,
}

/// The hover text of a citation: `Publisher: Title`.
fn hover(evidence: &Resolved<'_>) -> String {
    format!("{}: {}", evidence.publisher(), evidence.title)
}

/// The id of the `occurrence`-th (1-based) citing spot of an item.
fn cite_anchor(id: &str, occurrence: u32) -> String {
    format!("cite-{id}-{occurrence}")
}

/// A rendered citation, `[n]`, linking to the item's References entry.
///
/// In HTML the label is written `\[n\]` so that a `[n]: url` definition
/// elsewhere in the chapter cannot turn it into a nested link; in a heading
/// (which mdBook wraps in an anchor) the citation is a `<span>`, not a link.
pub fn citation(
    target: Target,
    number: u32,
    evidence: &Resolved<'_>,
    occurrence: u32,
    in_heading: bool,
) -> String {
    let id = evidence.id;
    match target {
        Target::Html if in_heading => format!(
            "<span class=\"{CITE_CLASS}\" data-evidence=\"{id}\" title=\"{}\">\\[{number}\\]</span>",
            escape::html(&hover(evidence)),
        ),
        Target::Html => format!(
            "<a class=\"{CITE_CLASS}\" id=\"{}\" href=\"#{REFERENCE_ANCHOR_PREFIX}{id}\" data-evidence=\"{id}\" title=\"{}\">\\[{number}\\]</a>",
            cite_anchor(id, occurrence),
            escape::html(&hover(evidence)),
        ),
        Target::Markdown => format!(
            "[\\[{number}\\]](#{REFERENCE_ANCHOR_PREFIX}{id} \"{}\")",
            escape::markdown_title(&hover(evidence)),
        ),
    }
}

/// The References section: a level-2 heading and one entry per cited item,
/// sorted by number, in the format of seed 000 §7.
pub fn references(target: Target, title: &str, entries: &[Entry<'_>], newline: &str) -> String {
    let mut out = String::new();
    let _ = write!(out, "## {title}{newline}{newline}");
    match target {
        Target::Html => {
            let _ = write!(out, "<div class=\"evidence-references\">{newline}");
            for entry in entries {
                let e = &entry.evidence;
                let _ = write!(
                    out,
                    "<p class=\"evidence-ref\" id=\"{REFERENCE_ANCHOR_PREFIX}{}\">[{}] {}. &quot;{}&quot;. Published {}. <a href=\"{}\">{}</a>",
                    e.id,
                    entry.number,
                    escape::html(e.publisher()),
                    escape::html(e.title),
                    published(e),
                    escape::html(e.item.link().unwrap_or_default()),
                    escape::html(e.url),
                );
                for tag in tags(e) {
                    let _ = write!(out, " {tag}");
                }
                for k in 1..=entry.occurrences {
                    let _ = write!(
                        out,
                        " <a class=\"evidence-backref\" href=\"#{}\" aria-label=\"Back to citation {k} of [{}]\">↩</a>",
                        cite_anchor(e.id, k),
                        entry.number
                    );
                }
                let _ = write!(out, "</p>{newline}");
            }
            let _ = write!(out, "</div>{newline}");
        }
        Target::Markdown => {
            for (i, entry) in entries.iter().enumerate() {
                let e = &entry.evidence;
                if i > 0 {
                    out.push_str(newline);
                }
                let _ = write!(
                    out,
                    "\\[{}\\] {}. \"{}\". Published {}. <{}>",
                    entry.number,
                    escape::markdown(e.publisher()),
                    escape::markdown(e.title),
                    published(e),
                    e.item.link().unwrap_or_default(),
                );
                for tag in tags(e) {
                    let _ = write!(out, " {}", escape::markdown(tag));
                }
                out.push_str(newline);
            }
        }
    }
    out
}

/// `Feb 10, 2026`, in UTC.
fn published(evidence: &Resolved<'_>) -> String {
    evidence.published_at.strftime("%b %-d, %Y").to_string()
}

/// `[Paywall]` for metadata-only sources, `[Monitor-only source]` for tier 4.
fn tags(evidence: &Resolved<'_>) -> impl Iterator<Item = &'static str> {
    let paywall =
        (evidence.source.paywall_policy == PaywallPolicy::MetadataOnly).then_some("[Paywall]");
    let monitor = (evidence.source.tier == 4).then_some("[Monitor-only source]");
    paywall.into_iter().chain(monitor)
}

/// The edit that places the References section: replacing the existing
/// section, or appended after a blank line.
///
/// `unclosed` closes a code fence or HTML block that the chapter leaves open,
/// which would otherwise swallow the section; closing it at the end changes
/// nothing else, as an open block runs to the end of the document anyway.
pub fn references_edit(
    text: &str,
    existing: Option<Range<usize>>,
    unclosed: Option<&str>,
    section: String,
    newline: &str,
) -> Edit {
    if let (None, Some(close)) = (&existing, unclosed) {
        let lead = if text.ends_with('\n') { "" } else { newline };
        return Edit {
            range: text.len()..text.len(),
            text: format!("{lead}{close}{newline}{newline}{section}"),
        };
    }
    match existing {
        Some(range) => {
            let mut section = section;
            if range.end < text.len() {
                // Keep a blank line before whatever follows the section.
                section.push_str(newline);
            }
            Edit {
                range,
                text: section,
            }
        }
        None => {
            let separator =
                if text.is_empty() || text.ends_with("\n\n") || text.ends_with("\r\n\r\n") {
                    ""
                } else if text.ends_with('\n') {
                    newline
                } else {
                    "\n\n"
                };
            let separator = if separator == "\n\n" && newline == "\r\n" {
                "\r\n\r\n"
            } else {
                separator
            };
            Edit {
                range: text.len()..text.len(),
                text: format!("{separator}{section}"),
            }
        }
    }
}

/// The edit that inserts the Unverified Summary banner at `offset` (the line
/// after the first heading, or the top of the chapter).
pub fn banner_edit(text: &str, offset: usize, newline: &str) -> Edit {
    let mut out = String::new();
    if offset > 0 {
        if !text[..offset].ends_with('\n') {
            out.push_str(newline);
        }
        out.push_str(newline);
    }
    for line in BANNER_LINES {
        out.push_str(line);
        out.push_str(newline);
    }
    let rest = &text[offset..];
    if !(rest.is_empty() || rest.starts_with('\n') || rest.starts_with("\r\n"))
        || offset == 0 && !rest.is_empty()
    {
        out.push_str(newline);
    }
    Edit {
        range: offset..offset,
        text: out,
    }
}

/// The line ending a chapter uses: CRLF when its first line ends so.
pub fn newline_of(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_keeps_everything_outside_the_edits() {
        let mut edits = vec![
            Edit {
                range: 6..11,
                text: "there".into(),
            },
            Edit {
                range: 0..0,
                text: ">> ".into(),
            },
            Edit {
                range: 12..12,
                text: "!".into(),
            },
        ];
        assert_eq!(splice("hello world.", &mut edits), ">> hello there.!");
    }

    #[test]
    fn banner_goes_under_the_heading_with_blank_lines_around() {
        let text = "# Title\nBody.\n";
        let mut edits = vec![banner_edit(text, 8, "\n")];
        assert_eq!(
            splice(text, &mut edits),
            "# Title\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\nBody.\n"
        );
        let text = "# Title\n\nBody.\n";
        let mut edits = vec![banner_edit(text, 8, "\n")];
        assert!(splice(text, &mut edits).ends_with("grounding.\n\nBody.\n"));
        let text = "Body.\n";
        let mut edits = vec![banner_edit(text, 0, "\n")];
        assert!(splice(text, &mut edits).starts_with("> [!WARNING]\n> This is"));
        assert!(splice(text, &mut [banner_edit(text, 0, "\n")]).ends_with("grounding.\n\nBody.\n"));
        let text = "# Only";
        assert_eq!(
            splice(text, &mut [banner_edit(text, 6, "\n")]),
            "# Only\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n"
        );
    }

    #[test]
    fn references_append_with_one_blank_line() {
        for (text, expected) in [
            ("a", "a\n\n## R"),
            ("a\n", "a\n\n## R"),
            ("a\n\n", "a\n\n## R"),
            ("", "## R"),
        ] {
            let out = splice(
                text,
                &mut [references_edit(text, None, None, "## R".into(), "\n")],
            );
            assert_eq!(out, expected);
        }
    }
}
