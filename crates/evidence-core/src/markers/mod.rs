//! Finding markers and blocks in a chapter's syntax tree.
//!
//! The chapter is parsed once with pulldown-cmark and the options mdBook's
//! HTML renderer uses, so a marker is exactly what a reader sees as the text
//! `[EVID:…]` or `[N]`: never inside code, raw HTML, links, images, link
//! reference definitions, footnote references, task-list boxes or `{{#…}}`
//! directives, and never when a bracket is backslash-escaped. Every marker and
//! block carries its byte range in the chapter, for splicing and diagnostics.
//!
//! The scan records syntax only; which blocks are claims is decided by the
//! rules (`evidence_text::claims`). The pass over the events is in
//! `scanner`; what it reads in a run of text in `brackets`, citations of an
//! earlier run in `rendered`, suppression comments in `suppression`, and the
//! closers of blocks left open at the end of the chapter in `closers`.

mod brackets;
mod closers;
mod lookalikes;
pub mod reference_list;
mod rendered;
mod scanner;
mod shapes;
mod suppression;

pub use self::brackets::is_escaped;
pub use self::reference_list::ReferenceEntry;
pub use self::shapes::malformed_fix;

use self::scanner::Scanner;
use mdbook_markdown::{MarkdownOptions, new_cmark_parser};
use std::ops::Range;

/// How to scan a chapter.
#[derive(Debug, Clone)]
pub struct ScanOptions<'a> {
    /// Markdown extensions, as the HTML renderer is configured.
    pub markdown: MarkdownFlags,
    /// Whether `[N]` is a marker (the chapter has a citation list).
    pub numbered: bool,
    /// The title of the References section (level-2 heading).
    pub references_title: &'a str,
    /// Fewer words than this make a block a label, not a claim. The scanner
    /// does not judge what is a claim; it hands the threshold on in
    /// [`Scan::claim_min_words`] to the rules that ask.
    pub claim_min_words: usize,
}

/// The markdown extensions mdBook's renderer can switch (`output.html`).
#[derive(Debug, Clone, Copy)]
pub struct MarkdownFlags {
    /// `smart-punctuation`.
    pub smart_punctuation: bool,
    /// `definition-lists`.
    pub definition_lists: bool,
    /// `admonitions`.
    pub admonitions: bool,
}

impl Default for MarkdownFlags {
    fn default() -> Self {
        let defaults = MarkdownOptions::default();
        MarkdownFlags {
            smart_punctuation: defaults.smart_punctuation,
            definition_lists: defaults.definition_lists,
            admonitions: defaults.admonitions,
        }
    }
}

impl MarkdownFlags {
    /// The parser options of mdBook's renderer with these flags.
    pub fn options(self) -> MarkdownOptions {
        let mut options = MarkdownOptions::default();
        options.smart_punctuation = self.smart_punctuation;
        options.definition_lists = self.definition_lists;
        options.admonitions = self.admonitions;
        options
    }
}

/// What a marker says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MarkerKind {
    /// `[EVID:<id>]`.
    Evidence(String),
    /// `[N]`, in a chapter with a citation list (one of several for
    /// `[1, 2]` and `[1-3]`).
    Number(u32),
    /// A citation this preprocessor rendered on an earlier run, for `<id>`.
    Rendered(String),
    /// A marker-like text that cannot be read as one (`[EVID:]`,
    /// `[EVID:a b]`, `(EVID:a)`, `[3-1]`); holds what was written, whose
    /// fix [`malformed_fix`] gives.
    Malformed(String),
}

/// A marker found in the chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// Byte range of the marker in the chapter.
    pub span: Range<usize>,
    /// What it says.
    pub kind: MarkerKind,
    /// Index into [`Scan::blocks`] of the block it belongs to, if any.
    pub block: Option<usize>,
    /// Whether the marker sits in a heading (where a link would nest in
    /// mdBook's heading anchor).
    pub in_heading: bool,
    /// Whether the marker sits in a table's cell (its header's or a row's).
    pub in_table: bool,
    /// Where the marker was cut out of its block's [`Block::text`].
    pub text_at: usize,
}

/// A suppression comment, `<!-- evidence-… RULE [RULE…] reason="…" -->`:
/// it silences the named rules for its [`Suppression::target`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suppression {
    /// Byte range of the comment.
    pub span: Range<usize>,
    /// Which comment it is.
    pub kind: SuppressionKind,
    /// Whether it stands inside a block's line (else on lines of its own).
    pub inline: bool,
    /// The rule ids, as written.
    pub rules: Vec<String>,
    /// The reason, if given.
    pub reason: Option<String>,
    /// Byte range it applies to: the block after it (`disable-next-line`),
    /// the block whose line holds it (`disable-line`), up to the next
    /// `evidence-enable` (`disable`), the chapter (`disable-file`); for an
    /// `evidence-enable`, the comment itself when it ends a range. `None`:
    /// it cannot be applied.
    pub target: Option<Range<usize>>,
}

/// The word a suppression comment starts with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SuppressionKind {
    /// `evidence-disable-next-line`: the block after the comment.
    NextLine,
    /// `evidence-disable-line`: the block whose line holds the comment.
    Line,
    /// `evidence-disable`: up to the next `evidence-enable`.
    Disable,
    /// `evidence-enable`: ends every open `evidence-disable`.
    Enable,
    /// `evidence-disable-file`: the whole chapter.
    File,
    /// Another word starting with `evidence-`, as written.
    Unknown(String),
}

/// A top-level heading of the chapter (not inside a quote or list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// 1 to 6.
    pub level: u8,
    /// The heading's text as a reader sees it, markers removed.
    pub title: String,
    /// Byte range of the heading.
    pub span: Range<usize>,
}

/// A piece of a block's text and where it comes from in the chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceSegment {
    /// Offset of the piece in [`Block::text`].
    pub text_at: usize,
    /// Offset of the piece in the chapter.
    pub source_at: usize,
    /// Where the piece's source ends in the chapter.
    pub(crate) source_end: usize,
    /// Whether the piece is the chapter's bytes verbatim (no escapes,
    /// entities or smart punctuation), so offsets inside it map one to one.
    pub verbatim: bool,
}

/// An inline element (emphasis, strong, strikethrough, a link, an image,
/// or an element of inline HTML the author wrote) of a block: where its
/// text is in [`Block::text`] and where the whole element, markup
/// included, is in the chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineSpan {
    /// Range of its text in [`Block::text`].
    pub text: Range<usize>,
    /// Range of the element in the chapter, from its opening markup (`*`,
    /// `[`, `![`, `<span …>`) to its closing markup (`*`, `](url)`,
    /// `</span>`); an HTML element left open runs to the end of the
    /// block's text, where the page closes it.
    pub source: Range<usize>,
    /// Whether it is an element of inline HTML (its text is not prose: see
    /// [`Block::hidden`]). Not one a run of this preprocessor wrote: a
    /// citation, a group of them or a label element is read as what it
    /// stands for.
    pub html: bool,
}

/// What the scan saw of a table's body row and of its table: the rules
/// decide from it whether the row is a claim.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableRow {
    /// Whether the row holds a marker (of any kind, rendered citations of
    /// an earlier run included).
    pub cites: bool,
    /// Whether some body row of its table holds a marker.
    pub table_cites: bool,
    /// Whether a header cell of its table, other than the first, names a
    /// column of sources (`crate::syntax::is_source_header`).
    pub source_column: bool,
}

/// What stands for each byte of hidden text in [`Block::prose`]: neither
/// white space nor a letter, digit or punctuation mark.
pub const HIDDEN: char = '\u{1}';

/// A paragraph (at the top level, in a list item, a quote or a footnote
/// definition), list item, definition-list term or definition, HTML block
/// with text, or table body row: the unit a claim is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Byte range from the block's first text to its last own text.
    pub span: Range<usize>,
    /// The block's own text as a reader sees it, markers removed.
    pub text: String,
    /// Ranges of [`Block::text`] that are not prose: image alt text, code
    /// spans, text inside inline HTML elements (see [`Block::prose`]).
    pub hidden: Vec<Range<usize>>,
    /// Whether some of its text outside emphasis and link text has a letter
    /// or digit: a block without is all emphasis or link text (a label such
    /// as `**Key figures**`, or a navigation link).
    pub has_plain_words: bool,
    /// Whether it is a list item or a later paragraph of one (else a
    /// paragraph, definition-list term or definition, HTML block or row).
    pub is_item: bool,
    /// Whether it is an HTML block: its text is what a reader sees of it
    /// (no marker can stand in it), and it is one claim whatever the unit.
    pub html: bool,
    /// Whether it stands in a GitHub-style admonition (`> [!NOTE]`).
    pub in_admonition: bool,
    /// For a table's body row, what the scan saw of it (its text is its
    /// cells' text, joined by ` | `); `None` for other blocks.
    pub row: Option<TableRow>,
    /// Byte range of the whole paragraph, list item or row (the row's line
    /// from its first `|` or cell, with its line ending), markup included.
    pub outer: Range<usize>,
    /// End of the top-level block (list, quote, paragraph) that holds it.
    pub top_end: usize,
    /// Index into [`Scan::headings`] of the nearest heading before it.
    pub heading: Option<usize>,
    /// Where the pieces of [`Block::text`] come from, in order.
    pub segments: Vec<SourceSegment>,
    /// Its inline elements (inline HTML elements with text included), in
    /// the order they close: a sentence cut inside one would leave half of
    /// its markup behind (an HTML element's opening tag taken out with one
    /// sentence would show the text it held in the next).
    pub inlines: Vec<InlineSpan>,
    /// Whether it is a paragraph or list item of several lines, one of
    /// which holds an unescaped `|`: lines of cells that are no table
    /// (their header and delimiter rows disagree), which taking a sentence
    /// out of could make one.
    pub lines_of_cells: bool,
}

impl Block {
    /// Maps an offset of [`Block::text`] to the chapter: exact inside
    /// verbatim pieces; at the start of another piece (a code span, an
    /// escape, an entity) its source's start, and inside it its source's
    /// end, so that text starting there never maps before text that
    /// precedes it; the end of the text (trailing spaces aside) maps to the
    /// end of the block's span, after any closing markup (`>`, `](url)`,
    /// `**`).
    pub fn source_offset(&self, text_at: usize) -> usize {
        if text_at > 0 && text_at >= self.text.trim_end().len() {
            return self.span.end;
        }
        let i = self.segments.partition_point(|s| s.text_at <= text_at);
        match i.checked_sub(1).map(|i| self.segments[i]) {
            Some(seg) if seg.verbatim => seg.source_at + (text_at - seg.text_at),
            Some(seg) if text_at == seg.text_at => seg.source_at,
            Some(seg) => seg.source_end,
            None => self.span.start,
        }
    }

    /// [`Block::text`] as prose only: each character of its hidden ranges
    /// (other than white space) written as [`HIDDEN`] bytes, one per byte, so
    /// that offsets and trimming are those of the text. A label found in
    /// it is one the reader sees.
    pub fn prose(&self) -> std::borrow::Cow<'_, str> {
        if self.hidden.is_empty() {
            return std::borrow::Cow::Borrowed(&self.text);
        }
        let mut out = String::with_capacity(self.text.len());
        let mut at = 0;
        for range in &self.hidden {
            out.push_str(&self.text[at..range.start]);
            for c in self.text[range.clone()].chars() {
                if c.is_whitespace() {
                    out.push(c);
                } else {
                    out.extend(std::iter::repeat_n(HIDDEN, c.len_utf8()));
                }
            }
            at = range.end;
        }
        out.push_str(&self.text[at..]);
        std::borrow::Cow::Owned(out)
    }

    /// Whether an offset of [`Block::text`] has a place of its own in the
    /// chapter: inside a verbatim piece, at the start of a piece, or at the
    /// text's end. Offsets inside a code span, an escape or an entity all
    /// map to its source's end, so text cannot be cut there.
    pub fn maps_exactly(&self, text_at: usize) -> bool {
        if text_at >= self.text.trim_end().len() {
            return true;
        }
        let i = self.segments.partition_point(|s| s.text_at <= text_at);
        i.checked_sub(1)
            .map(|i| self.segments[i])
            .is_none_or(|seg| seg.verbatim || seg.text_at == text_at)
    }

    /// Where the piece of [`Block::text`] holding `text_at` starts: `text_at`
    /// itself when it has a place of its own ([`Block::maps_exactly`]), else
    /// the start of its code span, escape or entity, which does.
    pub fn piece_start(&self, text_at: usize) -> usize {
        if self.maps_exactly(text_at) {
            return text_at;
        }
        let i = self.segments.partition_point(|s| s.text_at <= text_at);
        i.checked_sub(1)
            .map_or(text_at, |i| self.segments[i].text_at)
    }
}

/// Everything the later stages need to know about a chapter's markdown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scan {
    /// Markers, in document order.
    pub markers: Vec<Marker>,
    /// Paragraphs, list items and table body rows, claims or not, in order
    /// of their end.
    pub blocks: Vec<Block>,
    /// Top-level headings, in order.
    pub headings: Vec<Heading>,
    /// Suppression comments, in order.
    pub suppressions: Vec<Suppression>,
    /// Where the Unverified Summary banner goes: the start of the line after
    /// the first heading, or 0.
    pub banner_offset: usize,
    /// Whether the chapter already carries the banner.
    pub has_banner: bool,
    /// Whether the chapter already carries the note of what `remove` mode
    /// took out of it (an earlier run wrote it).
    pub has_removal_note: bool,
    /// The existing References section (from its top-level heading to the
    /// next top-level heading of level 1 or 2, or the end), if there is one.
    pub references: Option<Range<usize>>,
    /// The author's own text in the References section (a reading list,
    /// link definitions): its non-blank lines between the section's heading
    /// and the entries an earlier run wrote (or the section's end). It is
    /// kept as written, and the entries go after it.
    pub own_references: Option<Range<usize>>,
    /// The References list the author wrote in the section (lines opening
    /// with `[N]`), in a chapter that cites: the generated entries replace
    /// it, and `unverified-reference` checks each entry against its item.
    pub reference_list: Vec<ReferenceEntry>,
    /// When the chapter ends inside a construct that would swallow text
    /// appended after it (an unclosed code fence, HTML comment or `<pre>`),
    /// the text that closes it.
    pub unclosed: Option<String>,
    /// Link reference and footnote definitions inside the existing
    /// References section, in order: the rest of the chapter may use them,
    /// so they outlive the section's replacement.
    pub definitions: Vec<Range<usize>>,
    /// The [`ScanOptions::claim_min_words`] the chapter was scanned with,
    /// for the rules that ask which blocks are claims: the scan itself
    /// records syntax and does not classify.
    pub claim_min_words: usize,
}

/// Scans a chapter.
pub fn scan(text: &str, options: &ScanOptions<'_>) -> Scan {
    let mut scanner = Scanner::new(text, options);
    let mut parser = new_cmark_parser(text, &options.markdown.options()).into_offset_iter();
    // The parser reads every definition before its first event.
    scanner.set_web_labels(
        parser
            .reference_definitions()
            .iter()
            .filter(|(_, def)| is_web_address(&def.dest))
            .map(|(label, _)| label.to_lowercase()),
    );
    for (event, range) in parser.by_ref() {
        scanner.event(event, range);
    }
    let mut scan = scanner.finish();
    suppression::resolve(&mut scan.suppressions, &scan.blocks, text.len());
    if let Some(section) = scan.references.clone() {
        let own = scan.own_references.clone();
        let definitions = &mut scan.definitions;
        definitions.extend(
            parser
                .reference_definitions()
                .iter()
                .map(|(_, def)| def.span.clone())
                .filter(|span| section.start <= span.start && span.end <= section.end),
        );
        // The author's own text stays where it is, definitions included.
        definitions.retain(|span| {
            own.as_ref()
                .is_none_or(|own| span.start < own.start || span.start >= own.end)
        });
        definitions.sort_by_key(|span| (span.start, std::cmp::Reverse(span.end)));
        // A link definition inside a kept footnote goes with it.
        let mut end = 0;
        definitions.retain(|span| {
            let outside = span.start >= end;
            end = end.max(span.end);
            outside
        });
    }
    scan
}

/// Whether a link destination is a web address (or a DOI), as a reference
/// entry's link is.
fn is_web_address(dest: &str) -> bool {
    let lower = dest.trim().to_ascii_lowercase();
    ["http://", "https://", "www.", "doi:"]
        .iter()
        .any(|shape| lower.starts_with(shape))
}

/// Emphasis and strikethrough delimiters: markup or literal, they stand
/// between a marker and the word they touch.
const DELIMITERS: [char; 3] = ['*', '_', '~'];

/// Whether taking out the marker at `range` would join the text on both
/// sides into one word, which may read as markup the author never wrote
/// (`[E[EVID:x]VID:y]` → `[EVID:y]`, `{[EVID:x]{#include …}}`,
/// `&[EVID:x]amp;`): a space then takes its place, in `remove` mode's
/// output and (for every marker and rendered citation, in every mode) in
/// [`Block::text`], so that a claim has the same words before and after its
/// marker goes. Not after block markup at a line's start (`#[EVID:x]Title`
/// would become a heading) nor before closing punctuation. Emphasis
/// delimiters next to the marker are looked past (see [`word_gap`]).
pub(crate) fn joins_words(text: &str, range: &Range<usize>) -> bool {
    word_gap(text, range).is_some()
}

/// Where the space goes that keeps the words on both sides of the marker
/// at `range` apart once it is taken out (see `joins_words`), or `None`
/// when none is needed. Emphasis delimiters touching the marker are looked
/// past, and the space goes outside them: `*rates rose[EVID:x]*, then`
/// needs none, `*a b[EVID:x]*c` gets it after the `*` and `a*[EVID:x]b*`
/// before it, where it leaves the emphasis whole (a `*` after a space
/// cannot close, nor one before a space open).
pub fn word_gap(text: &str, range: &Range<usize>) -> Option<usize> {
    let head = text[..range.start].trim_end_matches(DELIMITERS);
    let tail = text[range.end..].trim_start_matches(DELIMITERS);
    let before = head.chars().next_back()?;
    let after = tail.chars().next()?;
    if before.is_whitespace()
        || after.is_whitespace()
        || matches!(after, '.' | ',' | ';' | ':' | '!' | '?' | ')')
    {
        return None;
    }
    let markup = head
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_digit() || b"#>-*+.)".contains(b))
        .count();
    if matches!(
        head.as_bytes()[..head.len() - markup].last(),
        None | Some(b'\n' | b'\r')
    ) {
        return None;
    }
    let closing = text.len() - tail.len() - range.end;
    let opening = range.start - head.len();
    Some(if closing > 0 || opening == 0 {
        range.end + closing
    } else {
        head.len()
    })
}

/// The offset of the start of the line after `offset` (or the end of text).
pub fn line_end(text: &str, offset: usize) -> usize {
    if offset == 0 || text.as_bytes().get(offset - 1) == Some(&b'\n') {
        return offset;
    }
    match text[offset..].find('\n') {
        Some(nl) => offset + nl + 1,
        None => text.len(),
    }
}

#[cfg(test)]
mod tests;
