//! Rendering: numbered citations, the References section and the banner,
//! spliced into the chapter's original text.
//!
//! Nothing here re-serializes markdown: every change is an [`Edit`] of a
//! byte range found by the scanner, applied in one pass by [`splice`].

mod chapter;
pub mod escape;
pub mod index;
pub mod template;

pub use chapter::chapter_edits;

use crate::rules::Resolved;
use crate::store::PaywallPolicy;
use std::fmt::Write as _;
use std::ops::Range;
use template::{Kind, Templates, Value, Var};

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

/// The cited passage of an item and its kind: for a paywalled
/// (`metadata_only`) source only its snippet, never a quote; otherwise the
/// quote, else the snippet.
pub fn passage<'e>(evidence: &Resolved<'e>) -> Option<(&'e str, &'static str)> {
    let item = evidence.item;
    let snippet = item
        .snippet_span
        .as_ref()
        .map(|s| (s.text.as_str(), "snippet"));
    if evidence.source.paywall_policy == PaywallPolicy::MetadataOnly {
        return snippet;
    }
    item.quote_span
        .as_ref()
        .map(|q| (q.text.as_str(), "quote"))
        .or(snippet)
}

/// The value of an item variable (shared by citations and References
/// entries) for the item cited as `[number]`.
fn item_value<'e>(evidence: &Resolved<'e>, number: u32, var: Var) -> Value<'e> {
    let flag = |on: bool| Value::new(Kind::Token, if on { "true" } else { "false" });
    match var {
        Var::Id => Value::new(Kind::Token, evidence.id),
        Var::Number => Value::new(Kind::Token, number.to_string()),
        Var::Publisher => Value::new(
            Kind::Text,
            evidence
                .item
                .publisher
                .as_deref()
                .unwrap_or(&evidence.source.publisher),
        ),
        Var::Title => Value::new(Kind::Text, evidence.title),
        Var::Hover => Value::new(Kind::Title, hover(evidence)),
        Var::Date => Value::new(Kind::Token, published(evidence)),
        Var::DateIso => Value::new(
            Kind::Token,
            evidence.published_at.strftime("%Y-%m-%d").to_string(),
        ),
        Var::Url => Value::new(Kind::Text, evidence.url),
        Var::Href => Value::new(Kind::Url, href(evidence.url)),
        Var::Tier => Value::new(Kind::Token, evidence.source.tier.to_string()),
        Var::Paywall => flag(evidence.source.paywall_policy == PaywallPolicy::MetadataOnly),
        Var::MonitorOnly => flag(evidence.source.tier == 4),
        Var::Passage => Value::new(Kind::Text, passage(evidence).map_or("", |p| p.0)),
        Var::PassageKind => Value::new(Kind::Token, passage(evidence).map_or("", |p| p.1)),
        Var::Badges => Value::new(
            Kind::Text,
            tags(evidence).fold(String::new(), |s, tag| s + " " + tag),
        ),
        // Per-spot and per-entry variables are supplied by the callers.
        Var::Occurrence | Var::Anchor | Var::Backlinks => Value::new(Kind::Token, ""),
    }
}

/// A rendered citation, `[n]`, linking to the item's References entry,
/// from the book's citation template.
///
/// In HTML the label is written `\[n\]` so that a `[n]: url` definition
/// elsewhere in the chapter cannot turn it into a nested link; in a heading
/// (which mdBook wraps in an anchor) the citation is a `<span>`, not a link.
pub fn citation(
    templates: &Templates,
    target: Target,
    number: u32,
    evidence: &Resolved<'_>,
    occurrence: u32,
    in_heading: bool,
) -> String {
    let template = match target {
        Target::Html if in_heading => &templates.citation_heading,
        Target::Html => &templates.citation,
        Target::Markdown => &templates.citation_markdown,
    };
    let mut out = String::with_capacity(256);
    template.render(target, &mut out, |var| match var {
        Var::Occurrence => Value::new(Kind::Token, occurrence.to_string()),
        Var::Anchor => Value::new(Kind::Token, cite_anchor(evidence.id, occurrence)),
        _ => item_value(evidence, number, var),
    });
    out
}

/// The References section: a level-2 heading and one entry per cited item,
/// sorted by number, in the format of seed 000 §7 (the book's reference
/// template).
pub fn references(
    templates: &Templates,
    target: Target,
    title: &str,
    entries: &[Entry<'_>],
    newline: &str,
) -> String {
    let mut out = String::new();
    let _ = write!(out, "## {title}{newline}{newline}");
    match target {
        Target::Html => {
            let _ = write!(out, "<div class=\"evidence-references\">{newline}");
            for entry in entries {
                let e = &entry.evidence;
                let mut backlinks = String::new();
                for k in 1..=entry.occurrences {
                    let _ = write!(
                        backlinks,
                        " <a class=\"evidence-backref\" href=\"#{}\" aria-label=\"Back to citation {k} of [{}]\">↩</a>",
                        cite_anchor(e.id, k),
                        entry.number
                    );
                }
                templates
                    .reference
                    .render(target, &mut out, |var| match var {
                        Var::Backlinks => Value::new(Kind::Markup, backlinks.as_str()),
                        _ => item_value(e, entry.number, var),
                    });
                out.push_str(newline);
            }
            let _ = write!(out, "</div>{newline}");
        }
        Target::Markdown => {
            for (i, entry) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(newline);
                }
                templates
                    .reference_markdown
                    .render(target, &mut out, |var| match var {
                        Var::Backlinks => Value::new(Kind::Markup, ""),
                        _ => item_value(&entry.evidence, entry.number, var),
                    });
                out.push_str(newline);
            }
        }
    }
    out
}

/// The URL as the `url` crate serializes it: percent-encoded, so it can
/// hold no space, quote or angle bracket (the rules only let absolute http(s)
/// URLs through).
fn href(url: &str) -> String {
    url::Url::parse(url).map(String::from).unwrap_or_default()
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
    insert_block(text, offset, &BANNER_LINES, newline)
}

/// The edit that inserts a block of `lines` at `offset` (a line start, or
/// the end of the text), with a blank line before (unless at the top) and
/// after it, so that it neither joins nor swallows its neighbours.
pub fn insert_block(text: &str, offset: usize, lines: &[impl AsRef<str>], newline: &str) -> Edit {
    let mut out = String::new();
    if offset > 0 {
        if !text[..offset].ends_with('\n') {
            out.push_str(newline);
        }
        out.push_str(newline);
    }
    for line in lines {
        out.push_str(line.as_ref());
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
