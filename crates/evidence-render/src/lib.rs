//! Rendering: numbered citations, the References section and the banner,
//! spliced into the chapter's original text.
//!
//! Right after a chapter is judged, its scan and judgement become a
//! [`RenderPlan`] (what to write where, and nothing else) and are dropped;
//! [`chapter_edits`] renders the chapter from its text, its plan, the
//! templates and the target alone. Nothing here re-serializes markdown:
//! every change is an [`Edit`] of a byte range found by the scanner, applied
//! in one pass by [`splice`].

#![warn(missing_docs, unreachable_pub)]

mod chapter;
mod citations;
mod claim_marks;
mod disclosure;
pub mod disclosure_facts;
pub mod heading_ids;
pub mod index;
mod plan;
mod preview_note;
mod speculation;
#[cfg(test)]
mod syntax_tests;
pub mod template;
mod unverified;
pub mod withheld;

pub use crate::chapter::chapter_edits;
pub use crate::plan::RenderPlan;

use crate::template::{Kind, Templates, Value, Var};
use evidence_core::config::PassagePlace;
use evidence_core::escape;
use evidence_core::store::PaywallPolicy;
use evidence_core::syntax::{BANNER_LINES, PASSAGE_CLASS, REFERENCES_CLASS};
use evidence_rules::Resolved;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;

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

/// The host of an item's link, or its URL as stored when it has none:
/// the default entry's link text. A whole URL is a dozen words for
/// mdBook's search index and tens of bytes on every page and in
/// print.html; the host names the site, the link leads to the page.
fn link_host<'e>(evidence: &Resolved<'e>) -> Cow<'e, str> {
    let link = evidence.item.link();
    let host = link.and_then(host_of).unwrap_or(evidence.url);
    match link.and_then(|link| redirected_site(evidence, link)) {
        Some(site) => Cow::Owned(format!("{site} (via {host})")),
        None => Cow::Borrowed(host),
    }
}

/// Google Search grounding's links, which only redirect to the page: the
/// host and the path they start with.
const REDIRECTS: [&str; 1] = ["https://vertexaisearch.cloud.google.com/grounding-api-redirect/"];

/// The site a redirect link leads to, as the answer named it: the
/// source's `web:<domain>` id, else a publisher or title that is a domain
/// (`ft.com`). Its host alone would label every such entry alike; the
/// label still names the redirect host, as the link goes there first.
fn redirected_site<'e>(evidence: &Resolved<'e>, link: &str) -> Option<&'e str> {
    if !REDIRECTS.iter().any(|prefix| link.starts_with(prefix)) {
        return None;
    }
    let is_domain = |name: &&str| {
        name.contains('.')
            && !name.starts_with('.')
            && !name.ends_with('.')
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-'))
    };
    let named = evidence.source.source_id.strip_prefix("web:");
    named
        .into_iter()
        .chain([evidence.publisher(), evidence.title])
        .find(is_domain)
}

/// The host (and port) of a link the url crate serialized (its
/// serialization is canonical, so this reads it without parsing it again
/// for every entry of every chapter),
/// `scheme://[user@]host[:port]/…`.
fn host_of(link: &str) -> Option<&str> {
    let (_, rest) = link.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit('@').next()?;
    (!host.is_empty()).then_some(host)
}

/// The id of the `occurrence`-th (1-based) citing spot of an item.
fn cite_anchor(id: &str, occurrence: u32) -> String {
    format!("cite-{id}-{occurrence}")
}

/// The value of an item variable (shared by citations and References
/// entries) for the item cited as `[number]`, rendered for `target`;
/// `{{passage}}` is empty unless `passages` puts it in the template.
fn item_value<'e>(
    target: Target,
    passages: PassagePlace,
    evidence: &Resolved<'e>,
    number: u32,
    var: Var,
) -> Value<'e> {
    // `true` or nothing: an HTML template's `data-x="{{flag}}"` is then
    // left out when false (see `template::TemplatePart::Attribute`).
    let flag = |on: bool| Value::new(Kind::Token, if on { "true" } else { "" });
    let paywalled = evidence.paywall_policy() == PaywallPolicy::MetadataOnly;
    match var {
        Var::Id => Value::new(Kind::Token, evidence.id),
        Var::Number => Value::new(Kind::Token, number.to_string()),
        Var::Label => match target {
            Target::Html => Value::new(Kind::Markup, digit_references(number)),
            Target::Markdown => Value::new(Kind::Token, number.to_string()),
        },
        Var::Publisher => Value::new(Kind::Text, evidence.publisher()),
        Var::Title => Value::new(Kind::Text, evidence.title),
        Var::Hover => Value::new(Kind::Title, hover(evidence)),
        Var::Date => Value::new(Kind::Token, date(evidence)),
        Var::DateIso => Value::new(
            Kind::Token,
            evidence
                .published_at
                .map(|p| p.day().strftime("%Y-%m-%d").to_string())
                .unwrap_or_default(),
        ),
        Var::Published => Value::new(Kind::Token, published(evidence)),
        Var::Url => Value::new(Kind::Text, evidence.url),
        Var::Href => Value::new(Kind::Url, evidence.item.link().unwrap_or_default()),
        Var::Host => Value::new(Kind::Text, link_host(evidence)),
        Var::Tier => Value::new(Kind::Token, evidence.source.tier.to_string()),
        Var::Paywall => flag(paywalled),
        Var::MonitorOnly => flag(evidence.source.tier == 4),
        Var::Passage => Value::new(
            Kind::Text,
            match passages {
                PassagePlace::Attribute => passage(evidence).unwrap_or_default(),
                PassagePlace::Text | PassagePlace::Nowhere => "",
            },
        ),
        Var::Snippet => Value::new(
            Kind::Text,
            if passage(evidence).is_none() {
                evidence
                    .item
                    .snippet_span
                    .as_ref()
                    .map_or("", |s| s.text.as_str())
            } else {
                ""
            },
        ),
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
/// In HTML the label is written `[&#49;]` (the digits as character
/// references): its brackets stay unescaped, as the marker's were, so that
/// whether text around it parses as a link label does not change (an escaped
/// `\[1\]` would make `[a [EVID:x] b]: /url` a link reference definition),
/// while a `[1]: url` definition in the chapter cannot turn it into a nested
/// link. In a heading (which mdBook wraps in an anchor) the citation is a
/// `<span>`, not a link; it carries the citing spot's id all the same, as
/// the References back-link to it.
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
        _ => item_value(target, templates.page.passages(), evidence, number, var),
    });
    out
}

/// `12` as `&#49;&#50;`: reads `12`, but a `[12]: url` definition does not
/// match it.
fn digit_references(number: u32) -> String {
    number
        .to_string()
        .bytes()
        .map(|digit| format!("&#{digit};"))
        .collect()
}

/// The References section: a level-2 heading and one entry per cited item,
/// sorted by number: `[N] Publisher. "Title". Published Mon D, YYYY. <url>`
/// and its tags (the book's reference template).
pub fn references(
    templates: &Templates,
    target: Target,
    title: &str,
    entries: &[Entry<'_>],
    newline: &str,
) -> String {
    let mut out = String::new();
    let _ = write!(out, "## {title}{newline}{newline}");
    out.push_str(&references_body(templates, target, entries, newline));
    out
}

/// The References section without its heading: the entries.
pub(crate) fn references_body(
    templates: &Templates,
    target: Target,
    entries: &[Entry<'_>],
    newline: &str,
) -> String {
    let mut out = String::new();
    let passages = templates.page.passages();
    // A book's template without `{{passage}}` gets the passage quoted
    // under the entry, as page text.
    let quoted = match passages {
        PassagePlace::Attribute => !templates.reference.uses(Var::Passage),
        PassagePlace::Text => true,
        PassagePlace::Nowhere => false,
    };
    match target {
        Target::Html => {
            let _ = write!(out, "<div class=\"{REFERENCES_CLASS}\">{newline}");
            for entry in entries {
                let e = &entry.evidence;
                let backlinks = backlinks(e.id, entry.number, entry.occurrences);
                templates
                    .reference
                    .render(target, &mut out, |var| match var {
                        Var::Backlinks => Value::new(Kind::Markup, backlinks.as_str()),
                        _ => item_value(target, passages, e, entry.number, var),
                    });
                out.push_str(newline);
                if let Some(passage) = passage(e).filter(|_| quoted) {
                    let _ = write!(out, "<blockquote class=\"{PASSAGE_CLASS}\"><p>");
                    escape::html_into(&mut out, passage);
                    out.push_str("</p></blockquote>");
                    out.push_str(newline);
                }
            }
            let _ = write!(out, "</div>{newline}");
        }
        Target::Markdown => {
            // Markdown has no attributes to hide a passage in: it is quoted
            // under the entry (and `{{passage}}` holds it) unless compact.
            let markdown_passages = match passages {
                PassagePlace::Nowhere => PassagePlace::Nowhere,
                PassagePlace::Attribute | PassagePlace::Text => PassagePlace::Attribute,
            };
            for (i, entry) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(newline);
                }
                let e = &entry.evidence;
                templates
                    .reference_markdown
                    .render(target, &mut out, |var| match var {
                        Var::Backlinks => Value::new(Kind::Markup, ""),
                        _ => item_value(target, markdown_passages, e, entry.number, var),
                    });
                out.push_str(newline);
                let shown = passages != PassagePlace::Nowhere;
                if let Some(passage) = passage(e).filter(|_| shown) {
                    let _ = write!(out, "> {}{newline}", escape::markdown(passage));
                }
            }
        }
    }
    out
}

/// The back-links of a References entry to each spot that cites its item:
/// `↩` for one; `↩ a`, `↩ b`, … for several, in the order of the spots,
/// each labelled for screen readers with the spot it returns to. They
/// carry no class: the stylesheet finds them as the entry's links to `#…`
/// (the source's link is absolute), 24 bytes less for each of them.
fn backlinks(id: &str, number: u32, occurrences: u32) -> String {
    let mut out = String::new();
    for k in 1..=occurrences {
        let anchor = cite_anchor(id, k);
        if occurrences == 1 {
            let _ = write!(
                out,
                " <a href=\"#{anchor}\" aria-label=\"Back to the citation of [{number}]\">↩</a>"
            );
        } else {
            let letter = spot_letter(k);
            let _ = write!(
                out,
                " <a href=\"#{anchor}\" aria-label=\"Back to citation {letter} of [{number}] ({k} of {occurrences})\">↩\u{a0}{letter}</a>"
            );
        }
    }
    out
}

/// The letter of the `k`-th (1-based) citing spot: `a` to `z`, then `aa`,
/// `ab`, … as spreadsheet columns are named.
fn spot_letter(mut k: u32) -> String {
    let mut letters = Vec::new();
    while k > 0 {
        k -= 1;
        letters.push(b'a' + (k % 26) as u8);
        k /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// `Feb 10, 2026` (the day in the publication's own offset), or nothing
/// for an undated item.
fn date(evidence: &Resolved<'_>) -> String {
    evidence
        .published_at
        .map(|p| p.day().strftime("%b %-d, %Y").to_string())
        .unwrap_or_default()
}

/// `Published Feb 10, 2026. ` (the day in the publication's own offset),
/// or nothing for an undated `citation.v1` record (a link-checked page may
/// carry no date).
fn published(evidence: &Resolved<'_>) -> String {
    evidence
        .published_at
        .map(|p| format!("Published {}. ", p.day().strftime("%b %-d, %Y")))
        .unwrap_or_default()
}

/// The passage the item cites, shown under its entry: only for full-text
/// sources, as a metadata-only source's text must not be reproduced.
fn passage<'s>(evidence: &Resolved<'s>) -> Option<&'s str> {
    match evidence.paywall_policy() {
        PaywallPolicy::Full => evidence.item.cited_passage(),
        PaywallPolicy::MetadataOnly => None,
    }
}

/// `[Paywall]` for metadata-only sources (or paywalled links), and
/// `[Monitor-only source]` for tier 4.
fn tags(evidence: &Resolved<'_>) -> impl Iterator<Item = &'static str> {
    let paywall = (evidence.paywall_policy() == PaywallPolicy::MetadataOnly).then_some("[Paywall]");
    let monitor = (evidence.source.tier == 4).then_some("[Monitor-only source]");
    paywall.into_iter().chain(monitor)
}

/// Appends the definitions kept from a replaced References section (see
/// [`evidence_core::markers::Scan::definitions`]) to the new section, each after a
/// blank line so that none can continue the one before.
pub(crate) fn keep_definitions(
    section: &mut String,
    text: &str,
    definitions: &[Range<usize>],
    newline: &str,
) {
    for definition in definitions {
        section.push_str(newline);
        section.push_str(text[definition.clone()].trim_end());
        section.push_str(newline);
    }
}

/// Where a chapter's References go: the existing section, the author's own
/// text in it, and the closer of a block the chapter leaves open (from the
/// scan).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ReferencesPlace<'a> {
    /// The existing References section.
    pub(crate) existing: Option<&'a Range<usize>>,
    /// The author's own text in it, kept as written.
    pub(crate) own: Option<&'a Range<usize>>,
    /// What closes a code fence or HTML block left open at the end.
    pub(crate) unclosed: Option<&'a str>,
}

/// The edit that places the References section titled `title` with the
/// entries `body`: replacing the existing section, or appended after a
/// blank line. In a section that holds the author's own text (a reading
/// list under the same title), that text and the heading stay as written
/// and the entries go after it, replacing those of an earlier run.
///
/// `unclosed` closes a code fence or HTML block that the chapter leaves open,
/// which would otherwise swallow the section; closing it at the end changes
/// nothing else, as an open block runs to the end of the document anyway.
pub(crate) fn references_edit(
    text: &str,
    place: ReferencesPlace<'_>,
    title: &str,
    body: &str,
    newline: &str,
) -> Edit {
    if let (Some(section), Some(own)) = (place.existing, place.own) {
        let mut out = end_line(&text[..own.end], newline).to_owned();
        if let Some(close) = place.unclosed.filter(|_| section.end == text.len()) {
            out.push_str(close);
            out.push_str(newline);
        }
        out.push_str(newline);
        out.push_str(body);
        if section.end < text.len() {
            out.push_str(newline);
        }
        return Edit {
            range: own.end..section.end,
            text: out,
        };
    }
    let section = format!("## {title}{newline}{newline}{body}");
    let (existing, unclosed) = (place.existing.cloned(), place.unclosed);
    if let (None, Some(close)) = (&existing, unclosed) {
        return Edit {
            range: text.len()..text.len(),
            text: format!(
                "{}{close}{newline}{newline}{section}",
                end_line(text, newline)
            ),
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
            let separator = if text.is_empty() || ends_with_blank_line(text) {
                String::new()
            } else {
                format!("{}{newline}", end_line(text, newline))
            };
            Edit {
                range: text.len()..text.len(),
                text: format!("{separator}{section}"),
            }
        }
    }
}

/// What ends the last line of `text`: nothing after a LF; a LF after a
/// lone CR (which pulldown-cmark does not take for the end of a heading; the
/// CRLF it makes is what [`newline_of`] expects of such a chapter); else a
/// `newline`.
fn end_line<'n>(text: &str, newline: &'n str) -> &'n str {
    if text.is_empty() || text.ends_with('\n') {
        ""
    } else if text.ends_with('\r') {
        "\n"
    } else {
        newline
    }
}

/// Whether `text` ends with an empty line.
fn ends_with_blank_line(text: &str) -> bool {
    text.ends_with("\n\n") || text.ends_with("\n\r\n")
}

/// The edit that inserts the Unverified Summary banner at `offset` (the line
/// after the first heading, or the top of the chapter).
pub(crate) fn banner_edit(text: &str, offset: usize, newline: &str) -> Edit {
    insert_block(text, offset, &BANNER_LINES, newline)
}

/// The edit that inserts a block of `lines` at `offset` (a line start, or
/// the end of the text), with a blank line before (unless at the top) and
/// after it, so that it neither joins nor swallows its neighbours.
pub(crate) fn insert_block(
    text: &str,
    offset: usize,
    lines: &[impl AsRef<str>],
    newline: &str,
) -> Edit {
    let mut out = String::new();
    if offset > 0 {
        out.push_str(end_line(&text[..offset], newline));
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

/// The line ending a chapter uses: CRLF when its first line ends so. A
/// chapter without LF uses LF, or CRLF when it ends with a CR (the LF
/// written after it makes a CRLF).
pub(crate) fn newline_of(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => "\r\n",
        None if text.ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

#[cfg(test)]
mod tests;
