//! Where a block stands: which paragraphs, list items, definition-list
//! terms, HTML blocks and footnote definitions are blocks of their own
//! (judged by the claim rules), and which are reference entries (a
//! References list's items, a footnote that names its source), which are
//! not. A paragraph is a block wherever it stands: a list item's later
//! paragraphs, a term, prose after a References list and a footnote that
//! states something are all read as statements.

use crate::markers::rendered::{is_group_close, is_group_open, is_group_punctuation};
use crate::markers::scanner::{OpenBlock, Scanner};
use crate::markers::{Block, SourceSegment, reference_list};
use mdbook_markdown::pulldown_cmark::Tag;
use std::ops::Range;

impl Scanner<'_, '_> {
    /// Whether no block opens here: inside a reference entry, or in a
    /// References section whose text the generated entries replace (a
    /// list the author wrote, or the entries of an earlier run).
    pub(super) fn skips_blocks(&self) -> bool {
        self.entry > 0
            || (self.in_references && (self.written_list || self.generated_references.is_some()))
    }

    /// Whether `tag` at `range` opens a reference entry: a list item or a
    /// paragraph of the References section, or a footnote definition,
    /// that names a source ([`names_a_source`]).
    pub(super) fn opens_entry(&self, tag: &Tag<'_>, range: &Range<usize>) -> bool {
        let source = self.src.get(range.clone()).unwrap_or_default();
        match tag {
            Tag::Item | Tag::Paragraph => {
                self.in_references
                    && (names_a_source(source, true) || self.links_to_the_web(source))
            }
            // `[^1]: Reuters, …`: the label is no part of what it says. A
            // footnote's markers are published, so `[1]` opening it is a
            // citation, not an entry's number.
            Tag::FootnoteDefinition(_) => {
                let body = source.find("]:").map_or(source, |at| &source[at + 2..]);
                names_a_source(body, false) || self.links_to_the_web(body)
            }
            _ => false,
        }
    }

    /// Records which link reference labels lead to a web address.
    pub(crate) fn set_web_labels(&mut self, labels: impl Iterator<Item = String>) {
        self.web_labels = labels.collect();
    }

    /// Whether the first paragraph of `source` links to a web address
    /// through a reference definition (`[a link][fed]`, `[fed][]`, `[fed]`):
    /// it names a source as an inline link to one does.
    fn links_to_the_web(&self, source: &str) -> bool {
        if self.web_labels.is_empty() {
            return false;
        }
        let first = first_paragraph(source);
        first.match_indices('[').any(|(at, _)| {
            let rest = &first[at + 1..];
            rest.find(']').is_some_and(|end| {
                let label = rest[..end].split_whitespace().collect::<Vec<_>>().join(" ");
                // In a numbered chapter `[1]` is a citation, whatever a
                // definition of `1` says, as its rendering is on the next run.
                let citation = self.options.numbered
                    && !label.is_empty()
                    && label.bytes().all(|b| b.is_ascii_digit());
                !citation && self.web_labels.contains(&label.to_lowercase())
            })
        })
    }

    /// Whether a paragraph opening now is a block of its own: at the top
    /// level, or after text of the list item, term, definition or quote
    /// that holds it (whose first paragraph is its own text).
    pub(super) fn paragraph_opens_block(&self) -> bool {
        self.open_blocks.last().is_none_or(|b| b.start.is_some())
    }

    /// Whether a paragraph opening after the text of the block that holds
    /// it is an item's: a list item's later paragraph is (so that
    /// `claims = "bullets"` judges it).
    pub(super) fn later_paragraph_is_item(&self) -> bool {
        self.open_blocks.last().is_some_and(|b| b.is_item)
    }

    /// An HTML block at `range`, its lines `html` (each line's start in
    /// `html` and range in the chapter: `lines`), has been read: the text
    /// a reader sees of it (outside comments, scripts, styles and
    /// preformatted text), if it has any words, is a block of its own.
    pub(super) fn html_block_closed(
        &mut self,
        html: &str,
        lines: &[(usize, Range<usize>)],
        range: &Range<usize>,
    ) {
        if self.skips_blocks() || self.code_block > 0 {
            return;
        }
        let text = visible_text(html);
        if !text.chars().any(char::is_alphanumeric) {
            return;
        }
        // Read in the lines as the parser gives them: in a quote, the `>`
        // opening a later line is no text of the block (the claim started
        // there, and its mark went before the quote's `> `).
        let visible = visible_range(html);
        let span = in_chapter(self.src, html, lines, visible.start, false)
            ..in_chapter(self.src, html, lines, visible.end, true);
        if span.is_empty() {
            return;
        }
        crate::markers::suppression::aim_pending(&mut self.scan.suppressions, &span);
        // A label in raw HTML exempts nothing: which elements hide their
        // text (`hidden`, a class, a style) only a browser knows, so the
        // label is not prose here, as in inline HTML. Endings stay seen.
        let hidden = text
            .match_indices(crate::syntax::SPECULATION_LABEL)
            .map(|(at, label)| at..at + label.len())
            .collect();
        self.scan.blocks.push(Block {
            span: span.clone(),
            text,
            hidden,
            has_plain_words: true,
            is_item: false,
            html: true,
            in_admonition: self.admonition > 0,
            row: None,
            outer: range.clone(),
            top_end: self.top_end,
            heading: self.scan.headings.len().checked_sub(1),
            segments: vec![SourceSegment {
                text_at: 0,
                source_at: span.start,
                source_end: span.end,
                verbatim: false,
            }],
            inlines: Vec::new(),
            lines_of_cells: false,
        });
    }

    /// A block opening at `range` (a list item when `is_item`).
    pub(super) fn open_block(&mut self, range: &Range<usize>, is_item: bool) {
        self.inline_start = None;
        self.open_blocks.push(OpenBlock {
            start: None,
            end: range.start,
            is_item,
            row: None,
            cell_gap: false,
            outer: range.clone(),
            top_end: self.top_end,
            heading: self.scan.headings.len().checked_sub(1),
            segments: Vec::new(),
            inlines: Vec::new(),
            text: String::new(),
            hidden: Vec::new(),
            has_plain_words: false,
            index_in_markers: Vec::new(),
        });
    }
}

/// Whether the first paragraph of `source` (a list item, a paragraph, a
/// footnote's text) names a source, as a reference entry does: it opens
/// with a citation number (`[1] Reuters …`) or an author (`Smith, J.`), or
/// holds a URL (a link's included), a DOI, a year in parentheses (`(2020)`)
/// or a title in quotes or emphasis and a year (`*Rules*, 2020.`). Prose
/// under a References heading names none, and is read as what it says; a
/// link to a page of the book or an anchor names no source. `numbered`:
/// whether `[N]` opening it makes an entry (in the References section,
/// whose entries' markers are no markers).
///
/// The test gives one answer before and after a run: the citations and
/// marks a run writes stand for something that is no whitespace, as the
/// markers they were (a `[1]` after a citation opens no entry).
fn names_a_source(source: &str, numbered: bool) -> bool {
    let first = without_anchor_links(first_paragraph(source));
    // Tags out, entities kept: the citations an earlier run wrote (an
    // `<a class="evidence-cite" …>[&#49;]</a>`, a `⚠` mark's `<span>`)
    // read as neither a number nor a title, as the markers they were.
    let first = without_tags(&first);
    let line = first.lines().next().unwrap_or_default();
    // `[1]` right before a citation an earlier run wrote is no entry's
    // number, as it was none right before the marker (`[1][EVID:a]`).
    if numbered
        && reference_list::entry_start(line).is_some_and(|(_, after)| !after.starts_with(WRITTEN))
    {
        return true;
    }
    let lower = first.to_ascii_lowercase();
    ["http://", "https://", "www.", "doi:", "doi.org/"]
        .iter()
        .any(|shape| lower.contains(shape))
        || has_year_in_parentheses(&first)
        || opens_with_author(&first)
        || (has_title(&first) && has_year(&first))
}

/// What stands for a citation or mark an earlier run wrote, in the text
/// the entry test reads.
const WRITTEN: char = '\u{fffc}';

/// `text` without its links to an anchor of the page (`[\[1\]](#evidence-a
/// "…")`, `[⚠](#unverified-claim "…")`): what an earlier run wrote for a
/// marker or a mark names no source, though its title may read as one.
fn without_anchor_links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("](#") {
        // The link's text opens at the last unescaped `[` before it.
        let open = (0..at)
            .rev()
            .find(|&i| rest.as_bytes()[i] == b'[' && (i == 0 || rest.as_bytes()[i - 1] != b'\\'))
            .unwrap_or(at);
        out.push_str(&rest[..open]);
        out.push(WRITTEN);
        let after = &rest[at + 3..];
        // Its destination ends at `)`, after a quoted title if it has one.
        let end = match after.find(" \"") {
            Some(q) if after[..q].find(')').is_none() => after[q + 2..]
                .find("\")")
                .map_or(after.len(), |e| q + 2 + e + 2),
            _ => after.find(')').map_or(after.len(), |e| e + 1),
        };
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// `text` with its tags (and comments, and the citations and marks an
/// earlier run wrote, content included) taken out.
fn without_tags(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let mut skipped = String::new();
        let after = if rest.starts_with("<!--") {
            rest.find("-->").map_or("", |e| &rest[e + 3..])
        } else if let Some(after) = past_written(rest) {
            // What an earlier run wrote goes whole, its number with it.
            skipped.push(WRITTEN);
            after
        } else {
            // Another tag, or one of the evidence classes that opens no
            // element an earlier run wrote: its tag only.
            skip_tag(rest, &mut skipped)
        };
        out.push_str(&skipped);
        rest = after;
    }
    out.push_str(rest);
    out
}

/// What follows the citation, group or mark an earlier run wrote that
/// `rest` opens with: an element of the evidence classes holding no tag
/// (`<a class="evidence-cite" …>[&#49;]</a>`, a mark's `<span>`), or a
/// group of such citations with its brackets and separators (`<span
/// class="evidence-cites">[…, …]</span>`). `None` for anything else: the
/// author's lone `<a class="evidence-cite">`, whose `</a>` further on is
/// another element's (a citation the first run wrote after it, which
/// would take the text between, a URL included, along).
fn past_written(rest: &str) -> Option<&str> {
    let mut inside = tag_end(rest);
    if !is_group_open(&rest[..rest.len() - inside.len()]) {
        return past_written_element(rest);
    }
    // The group's punctuation, then a citation or the group's end, as the
    // scanner reads a group (`rendered.rs`).
    loop {
        let tag = inside.find('<')?;
        if !is_group_punctuation(&inside[..tag]) {
            return None;
        }
        inside = &inside[tag..];
        let after = tag_end(inside);
        if is_group_close(&inside[..inside.len() - after.len()]) {
            return Some(after);
        }
        inside = past_written_element(inside)?;
    }
}

/// What follows the element of the evidence classes that `rest` opens
/// with, if it holds no tag.
fn past_written_element(rest: &str) -> Option<&str> {
    let close = if rest.starts_with("<a class=\"evidence-") {
        "</a>"
    } else if rest.starts_with("<span class=\"evidence-") {
        "</span>"
    } else {
        return None;
    };
    let content = tag_end(rest);
    content[content.find('<')?..].strip_prefix(close)
}

/// What follows the tag `rest` opens with (a `<` that opens none goes to
/// `out`).
fn skip_tag<'h>(rest: &'h str, out: &mut String) -> &'h str {
    let opens_tag = rest
        .as_bytes()
        .get(1)
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'/');
    if opens_tag {
        out.push(' ');
        tag_end(rest)
    } else {
        out.push('<');
        &rest[1..]
    }
}

/// Whether `text` opens with an author as a bibliography writes one: up
/// to three words, a comma, then an initial (`Smith, A.`, `van Dijk, J.`).
fn opens_with_author(text: &str) -> bool {
    let Some((name, rest)) = text.split_once(", ") else {
        return false;
    };
    let mut initial = rest.chars();
    (1..=3).contains(&name.split_whitespace().count())
        && name
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '-' | '\''))
        && initial.next().is_some_and(char::is_uppercase)
        && initial.next() == Some('.')
}

/// Whether `text` holds a title in quotes or emphasis.
fn has_title(text: &str) -> bool {
    [
        ("\"", "\""),
        ("“", "”"),
        ("「", "」"),
        ("*", "*"),
        ("_", "_"),
    ]
    .iter()
    .any(|(open, close)| {
        text.split_once(open)
            .and_then(|(_, rest)| rest.split_once(close))
            .is_some_and(|(title, _)| title.chars().any(char::is_alphabetic))
    })
}

/// Whether `text` holds a year as a word of its own (`1500` to `2099`).
fn has_year(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|digits| digits.len() == 4 && ("1500".."2100").contains(&digits))
}

/// `source` up to its first blank line or nested list, with its own list
/// bullet taken off.
fn first_paragraph(source: &str) -> &str {
    let mut end = 0;
    for (i, line) in source.split_inclusive('\n').enumerate() {
        let trimmed = line.trim();
        let nested = i > 0
            && (trimmed.starts_with(['-', '*', '+'])
                || trimmed
                    .split_once(['.', ')'])
                    .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())));
        if trimmed.is_empty() || nested {
            break;
        }
        end += line.len();
    }
    let first = source[..end].trim_start();
    ["- ", "* ", "+ "]
        .iter()
        .find_map(|bullet| first.strip_prefix(bullet))
        .unwrap_or(first)
}

/// Whether `text` holds `(YYYY)` or `(YYYY,` (a bibliography's year).
fn has_year_in_parentheses(text: &str) -> bool {
    text.as_bytes().windows(6).any(|w| {
        w[0] == b'('
            && w[1..5].iter().all(u8::is_ascii_digit)
            && matches!(w[1], b'1' | b'2')
            && matches!(w[5], b')' | b',' | b'a' | b'b')
    })
}

/// Where the text a reader sees of an HTML block starts and ends in its
/// source: its claim is that stretch, so that a label, a mark or a removal
/// phrase put before the claim stays inside the block (before it, it
/// would turn the block's first line into a paragraph's), and a removal
/// keeps the tags around it. A mark an earlier run wrote before the text
/// (`<span class="evidence-unverified-claim"`) starts the claim, where the
/// next run finds it; no other element does (the author's `<span
/// class="evidence-cites">` opening a block's first line would, and the
/// mark written before it would make that line a paragraph's).
fn visible_range(source: &str) -> Range<usize> {
    let mut first = None;
    let mut last = 0;
    let mut rest = source;
    while let Some(c) = rest.chars().next() {
        let at = source.len() - rest.len();
        if c == '<' {
            if first.is_none() && rest.starts_with(crate::syntax::CLAIM_MARK_OPEN) {
                first = Some(at);
            }
            let mut skipped = String::new();
            let after = skip_markup(rest, &mut skipped);
            if !skipped.starts_with('<') {
                rest = after;
                continue;
            }
        }
        if !c.is_whitespace() {
            first.get_or_insert(at);
            last = at + c.len_utf8();
        }
        rest = &rest[c.len_utf8()..];
    }
    let first = first.unwrap_or(0);
    first..last.max(first)
}

/// Where offset `at` of an HTML block's lines `html` (joined, as
/// [`visible_range`] reads them) is in the chapter: `lines` holds each
/// line's start in `html` and its range in the chapter. An `end` offset is
/// mapped in the line it ends, any other in the line it starts. A line
/// whose text is not the chapter's bytes there (the parser wrote it) maps
/// to its start or end.
fn in_chapter(
    src: &str,
    html: &str,
    lines: &[(usize, Range<usize>)],
    at: usize,
    end: bool,
) -> usize {
    let after = lines.partition_point(|(start, _)| if end { *start < at } else { *start <= at });
    let Some((start, range)) = after.checked_sub(1).and_then(|i| lines.get(i)) else {
        return lines.first().map_or(0, |(_, range)| range.start);
    };
    let line_end = lines.get(after).map_or(html.len(), |(next, _)| *next);
    if html.get(*start..line_end) == src.get(range.clone()) {
        range.start + (at - start)
    } else if end {
        range.end
    } else {
        range.start
    }
}

/// Elements whose content a reader does not read as text.
const UNREAD: [&str; 5] = ["script", "style", "pre", "textarea", "template"];

/// The text a reader sees of an HTML block: tags taken out (each leaves a
/// space), comments, processing instructions and the content of scripts,
/// styles and preformatted text dropped, the common entities decoded, and
/// white space collapsed.
fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find(['<', '&']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with('&') {
            let (decoded, used) = entity(rest);
            out.push_str(decoded);
            rest = &rest[used..];
            continue;
        }
        rest = skip_markup(rest, &mut out);
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What follows the markup `rest` opens with (a tag, a comment, an unread
/// element whole); a `<` that opens no markup goes to `out`.
fn skip_markup<'h>(rest: &'h str, out: &mut String) -> &'h str {
    let after = |end: &str| rest.find(end).map_or("", |at| &rest[at + end.len()..]);
    if rest.starts_with("<!--") {
        out.push(' ');
        return after("-->");
    }
    let bytes = rest.as_bytes();
    let opens_tag = bytes
        .get(1)
        .is_some_and(|&b| b.is_ascii_alphabetic() || matches!(b, b'/' | b'!' | b'?'));
    if !opens_tag {
        out.push('<');
        return &rest[1..];
    }
    out.push(' ');
    // The mark `downgrade` mode wrote before a claim is no text of it.
    if let Some(len) = crate::syntax::claim_mark_len(rest) {
        return &rest[len..];
    }
    let name: String = rest[1..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    if UNREAD.contains(&name.as_str()) {
        // Its closing tag, in any case, found by a scan that reads each
        // byte once (not a lowercased copy of the rest for each element).
        let close = rest.match_indices("</").map(|(at, _)| at).find(|&at| {
            rest.get(at + 2..at + 2 + name.len())
                .is_some_and(|n| n.eq_ignore_ascii_case(&name))
        });
        return match close {
            Some(at) => rest[at..].find('>').map_or("", |end| &rest[at + end + 1..]),
            None => "",
        };
    }
    tag_end(rest)
}

/// What follows the tag `rest` opens with, quoted attribute values read
/// whole (a `>` inside one does not end the tag).
fn tag_end(rest: &str) -> &str {
    let mut quote = None;
    for (at, c) in rest.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '>') => return &rest[at + 1..],
            _ => {}
        }
    }
    ""
}

/// The common entity `rest` opens with, decoded, and its length; a lone
/// `&` stands for itself.
fn entity(rest: &str) -> (&'static str, usize) {
    const NAMED: [(&str, &str); 7] = [
        ("&amp;", "&"),
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#39;", "'"),
        ("&apos;", "'"),
        ("&nbsp;", " "),
    ];
    NAMED
        .iter()
        .find(|(name, _)| rest.starts_with(name))
        .map_or(("&", 1), |(name, text)| (*text, name.len()))
}

#[cfg(test)]
mod tests;
