//! Finding markers and claims in a chapter's syntax tree.
//!
//! The chapter is parsed once with pulldown-cmark and the options mdBook's
//! HTML renderer uses, so a marker is exactly what a reader sees as the text
//! `[EVID:…]` or `[N]`: never inside code, raw HTML, links, images, link
//! reference definitions, footnote references, task-list boxes or `{{#…}}`
//! directives, and never when a bracket is backslash-escaped. Every marker and
//! claim carries its byte range in the chapter, for splicing and diagnostics.

use mdbook_markdown::pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Tag, TagEnd};
use mdbook_markdown::{MarkdownOptions, new_cmark_parser};
use std::ops::Range;

use crate::syntax::{
    CITE_CLASS, CITE_ID_ATTRIBUTE, EVIDENCE_MARKER_TAG, REFERENCE_ANCHOR_PREFIX,
    SUPPRESSION_DIRECTIVE, is_banner, is_evidence_id,
};

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
    pub(crate) fn options(self) -> MarkdownOptions {
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
    /// `[N]`, in a chapter with a citation list.
    Number(u32),
    /// A citation this preprocessor rendered on an earlier run, for `<id>`.
    Rendered(String),
    /// `[EVID:…]` whose id is empty or has spaces; holds what was written.
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
    /// Where the marker was cut out of its block's [`Block::text`].
    pub text_at: usize,
}

/// `<!-- evidence-disable-next-line RULE [RULE…] reason="…" -->`: silences
/// the named rules for the block that follows the comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suppression {
    /// Byte range of the comment.
    pub span: Range<usize>,
    /// The rule ids, as written.
    pub rules: Vec<String>,
    /// The reason, if given.
    pub reason: Option<String>,
    /// Byte range of the block it applies to (`None`: nothing follows).
    pub target: Option<Range<usize>>,
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

/// Where a piece of a block's text comes from in the chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    /// Offset of the piece in [`Block::text`].
    pub text_at: usize,
    /// Offset of the piece in the chapter.
    pub source_at: usize,
    /// Whether the piece is the chapter's bytes verbatim (no escapes,
    /// entities or smart punctuation), so offsets inside it map one to one.
    pub verbatim: bool,
}

/// A paragraph or list item: the unit a claim is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Byte range from the block's first text to its last own text.
    pub span: Range<usize>,
    /// The block's own text as a reader sees it, markers removed.
    pub text: String,
    /// Whether some of its text outside emphasis and link text has a letter
    /// or digit: a block without is all emphasis or link text (a label such
    /// as `**Key figures**`, or a navigation link).
    pub has_plain_words: bool,
    /// Whether it is a list item (else a paragraph or definition).
    pub is_item: bool,
    /// Byte range of the whole paragraph or list item, markup included.
    pub outer: Range<usize>,
    /// End of the top-level block (list, quote, paragraph) that holds it.
    pub top_end: usize,
    /// Index into [`Scan::headings`] of the nearest heading before it.
    pub heading: Option<usize>,
    /// Where the pieces of [`Block::text`] come from, in order.
    pub segments: Vec<Segment>,
}

impl Block {
    /// Maps an offset of [`Block::text`] to the chapter: exact inside
    /// verbatim pieces, else the start of the piece.
    pub fn source_offset(&self, text_at: usize) -> usize {
        let i = self.segments.partition_point(|s| s.text_at <= text_at);
        match i.checked_sub(1).map(|i| self.segments[i]) {
            Some(seg) if seg.verbatim => seg.source_at + (text_at - seg.text_at),
            Some(seg) => seg.source_at,
            None => self.span.start,
        }
    }
}

/// Everything the later stages need to know about a chapter's markdown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scan {
    /// Markers, in document order.
    pub markers: Vec<Marker>,
    /// Paragraphs and list items, claims or not, in order of their end.
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
    /// The existing References section (from its top-level heading to the
    /// next top-level heading of level 1 or 2, or the end), if there is one.
    pub references: Option<Range<usize>>,
    /// When the chapter ends inside a construct that would swallow text
    /// appended after it (an unclosed code fence, HTML comment or `<pre>`),
    /// the text that closes it.
    pub unclosed: Option<String>,
    /// Link reference and footnote definitions inside the existing
    /// References section, in order: the rest of the chapter may use them,
    /// so they outlive the section's replacement.
    pub definitions: Vec<Range<usize>>,
    /// The [`ScanOptions::claim_min_words`] of the scan.
    pub claim_min_words: usize,
}

/// Scans a chapter.
pub fn scan(text: &str, options: &ScanOptions<'_>) -> Scan {
    let mut scanner = Scanner {
        src: text,
        options,
        scan: Scan {
            claim_min_words: options.claim_min_words,
            ..Scan::default()
        },
        run: Vec::new(),
        open_blocks: Vec::new(),
        frames: Vec::new(),
        code_block: 0,
        link: 0,
        emphasis: 0,
        footnote: 0,
        table: 0,
        container: 0,
        fence: None,
        heading: None,
        seen_heading: false,
        in_references: false,
        pending_cite: None,
        top_end: 0,
    };
    let mut parser = new_cmark_parser(text, &options.markdown.options()).into_offset_iter();
    for (event, range) in parser.by_ref() {
        scanner.event(event, range);
    }
    scanner.flush();
    if let Some(start) = scanner.scan.references.as_ref().map(|r| r.start)
        && scanner.in_references
    {
        scanner.scan.references = Some(start..text.len());
    }
    if let Some(section) = scanner.scan.references.clone() {
        let definitions = &mut scanner.scan.definitions;
        definitions.extend(
            parser
                .reference_definitions()
                .iter()
                .map(|(_, def)| def.span.clone())
                .filter(|span| section.start <= span.start && span.end <= section.end),
        );
        definitions.sort_by_key(|span| (span.start, std::cmp::Reverse(span.end)));
        // A link definition inside a kept footnote goes with it.
        let mut end = 0;
        definitions.retain(|span| {
            let outside = span.start >= end;
            end = end.max(span.end);
            outside
        });
    }
    scanner.scan
}

/// A block being built.
struct OpenBlock {
    start: Option<usize>,
    end: usize,
    is_item: bool,
    outer: Range<usize>,
    top_end: usize,
    heading: Option<usize>,
    segments: Vec<Segment>,
    text: String,
    has_plain_words: bool,
    index_in_markers: Vec<usize>,
}

/// A pending rendered citation (from an earlier run).
struct PendingCite {
    start: usize,
    id: String,
    /// The closing tag of an inline-HTML citation; `None` for a markdown link.
    closing: Option<&'static str>,
    /// The text inside an inline-HTML citation, which must be `[N]`.
    text: String,
}

struct Scanner<'a, 'o> {
    src: &'a str,
    options: &'o ScanOptions<'o>,
    scan: Scan,
    /// Consecutive text events: source range and text.
    run: Vec<(Range<usize>, CowStr<'a>)>,
    open_blocks: Vec<OpenBlock>,
    /// For each open tag: whether it opened a block.
    frames: Vec<bool>,
    code_block: usize,
    link: usize,
    emphasis: usize,
    footnote: usize,
    table: usize,
    /// Depth of block containers (quotes, lists, footnotes): headings
    /// inside them do not delimit the chapter's sections.
    container: usize,
    /// Start of the fenced code block being read.
    fence: Option<usize>,
    heading: Option<(HeadingLevel, Range<usize>, String)>,
    seen_heading: bool,
    in_references: bool,
    pending_cite: Option<PendingCite>,
    /// End of the current top-level block.
    top_end: usize,
}

impl<'a> Scanner<'a, '_> {
    fn event(&mut self, event: Event<'a>, range: Range<usize>) {
        if let Event::Text(text) = event {
            if self.code_block > 0 {
                return;
            }
            if let Some(pending) = &mut self.pending_cite {
                if pending.closing.is_some() {
                    pending.text.push_str(&text);
                }
                return;
            }
            self.run.push((range, text));
            return;
        }
        self.flush();
        match event {
            Event::Start(tag) => self.start(tag, range),
            Event::End(tag) => self.end(tag, range),
            Event::Code(code) if self.pending_cite.is_none() => self.add_text(&code, range),
            Event::SoftBreak | Event::HardBreak => {
                if let Some(block) = self.open_blocks.last_mut() {
                    block.text.push(' ');
                }
            }
            Event::InlineHtml(html) => self.inline_html(&html, range),
            Event::Html(html) => {
                if let Some(suppression) = parse_suppression(&html, range) {
                    self.scan.suppressions.push(suppression);
                }
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'a>, range: Range<usize>) {
        let mut opens_block = false;
        let is_item = matches!(tag, Tag::Item);
        if self.frames.is_empty() {
            self.top_end = range.end;
        }
        if !matches!(tag, Tag::HtmlBlock) {
            // The first block after a suppression comment is its target.
            for suppression in self.scan.suppressions.iter_mut().rev() {
                if suppression.target.is_some() {
                    break;
                }
                suppression.target = Some(range.clone());
            }
        }
        match tag {
            Tag::CodeBlock(kind) => {
                self.code_block += 1;
                if matches!(kind, CodeBlockKind::Fenced(_)) {
                    self.fence = Some(range.start);
                }
            }
            Tag::BlockQuote(_) | Tag::List(_) | Tag::DefinitionList => self.container += 1,
            Tag::Table(_) => self.table += 1,
            Tag::Link { dest_url, .. } => {
                if self.link == 0
                    && self.pending_cite.is_none()
                    && let Some(id) = dest_url
                        .strip_prefix('#')
                        .and_then(|d| d.strip_prefix(REFERENCE_ANCHOR_PREFIX))
                    && is_evidence_id(id)
                    && is_citation_label(&self.src[range.clone()])
                {
                    self.pending_cite = Some(PendingCite {
                        start: range.start,
                        id: id.to_owned(),
                        closing: None,
                        text: String::new(),
                    });
                }
                self.link += 1;
            }
            Tag::Image { .. } => self.link += 1,
            Tag::Emphasis | Tag::Strong | Tag::Strikethrough => self.emphasis += 1,
            Tag::FootnoteDefinition(_) => {
                self.footnote += 1;
                self.container += 1;
                if self.in_references {
                    self.scan.definitions.push(range.clone());
                }
            }
            Tag::Heading { level, .. } => {
                if level <= HeadingLevel::H2 && self.in_references && self.container == 0 {
                    self.close_references(range.start);
                }
                self.heading = Some((level, range.clone(), String::new()));
            }
            Tag::Item | Tag::DefinitionListDefinition => {
                opens_block = self.footnote == 0 && !self.in_references;
            }
            Tag::Paragraph => {
                opens_block =
                    self.footnote == 0 && !self.in_references && self.open_blocks.is_empty();
            }
            _ => {}
        }
        if opens_block {
            self.open_blocks.push(OpenBlock {
                start: None,
                end: range.start,
                is_item,
                outer: range.clone(),
                top_end: self.top_end,
                heading: self.scan.headings.len().checked_sub(1),
                segments: Vec::new(),
                text: String::new(),
                has_plain_words: false,
                index_in_markers: Vec::new(),
            });
        }
        self.frames.push(opens_block);
    }

    fn end(&mut self, tag: TagEnd, range: Range<usize>) {
        let inline = matches!(
            tag,
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Superscript
                | TagEnd::Subscript
                | TagEnd::Link
                | TagEnd::Image
        );
        if !inline
            && self
                .pending_cite
                .as_ref()
                .is_some_and(|p| p.closing.is_some())
        {
            // An inline-HTML citation never spans blocks: this was not ours.
            self.cancel_cite();
        }
        match tag {
            // Only a block open at the top level runs on to swallow what is
            // appended: one in a quote, list or footnote ends with it, and a
            // closing fence at column 0 would open a new block instead.
            TagEnd::CodeBlock => {
                self.code_block -= 1;
                if let Some(start) = self.fence.take()
                    && range.end == self.src.len()
                    && self.container == 0
                {
                    self.scan.unclosed = unclosed_fence(&self.src[start..]);
                }
            }
            TagEnd::HtmlBlock if range.end == self.src.len() && self.container == 0 => {
                self.scan.unclosed = unclosed_html(&self.src[range.clone()]);
            }
            TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::DefinitionList => {
                self.container -= 1;
            }
            TagEnd::Table => self.table -= 1,
            TagEnd::Paragraph => {
                // Paragraphs of one list item are separate sentences.
                if let Some(block) = self.open_blocks.last_mut() {
                    block.text.push(' ');
                }
            }
            TagEnd::Link => {
                self.link -= 1;
                if self.link == 0
                    && self
                        .pending_cite
                        .as_ref()
                        .is_some_and(|p| p.closing.is_none())
                {
                    self.finish_cite(range.end);
                }
            }
            TagEnd::Image => self.link -= 1,
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => self.emphasis -= 1,
            TagEnd::FootnoteDefinition => {
                self.footnote -= 1;
                self.container -= 1;
            }
            TagEnd::Heading(level) => self.end_heading(level, range),
            _ => {}
        }
        if self.frames.pop() == Some(true) {
            self.close_block();
        }
    }

    fn end_heading(&mut self, level: HeadingLevel, range: Range<usize>) {
        let Some((_, start, text)) = self.heading.take() else {
            return;
        };
        if self.container > 0 {
            return;
        }
        self.scan.headings.push(Heading {
            level: level as u8,
            title: text.trim().to_owned(),
            span: start.clone(),
        });
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
        }
    }

    fn close_references(&mut self, at: usize) {
        if let Some(section) = &mut self.scan.references {
            section.end = at;
        }
        self.in_references = false;
    }

    fn inline_html(&mut self, html: &str, range: Range<usize>) {
        if let Some(pending) = &self.pending_cite {
            if pending
                .closing
                .is_some_and(|closing| html.trim() == closing)
            {
                self.finish_cite(range.end);
            }
            return;
        }
        if self.link == 0
            && let Some((id, closing)) = rendered_cite_id(html)
        {
            self.pending_cite = Some(PendingCite {
                start: range.start,
                id,
                closing: Some(closing),
                text: String::new(),
            });
        }
    }

    /// Completes a rendered citation, if its text is a citation label.
    fn finish_cite(&mut self, end: usize) {
        let Some(pending) = self.pending_cite.take() else {
            return;
        };
        let label = pending.closing.is_none() || is_bracketed_number(&pending.text);
        if label {
            self.push_marker(pending.start..end, MarkerKind::Rendered(pending.id));
        } else {
            self.add_text(&pending.text, pending.start..end);
        }
    }

    /// Drops a pending citation that turned out not to be one.
    fn cancel_cite(&mut self) {
        if let Some(pending) = self.pending_cite.take() {
            self.add_text(&pending.text, pending.start..pending.start);
        }
    }

    fn push_marker(&mut self, span: Range<usize>, kind: MarkerKind) {
        if self.in_references {
            return;
        }
        let in_heading = self.heading.is_some();
        let mut text_at = 0;
        let block = if in_heading || self.table > 0 {
            None
        } else {
            self.open_blocks.last_mut().map(|block| {
                text_at = block.text.len();
                block.start.get_or_insert(span.start);
                block.end = block.end.max(span.end);
                block.index_in_markers.push(self.scan.markers.len());
                usize::MAX // patched when the block closes
            })
        };
        self.scan.markers.push(Marker {
            span,
            kind,
            block,
            in_heading,
            text_at,
        });
    }

    /// Adds text that is part of the current block (or heading) but holds no marker.
    fn add_text(&mut self, text: &str, range: Range<usize>) {
        if let Some((_, _, heading)) = &mut self.heading {
            heading.push_str(text);
            return;
        }
        if self.table > 0 {
            // Tables are never claims, not even inside a list item.
            return;
        }
        let plain = self.emphasis == 0 && self.link == 0;
        if let Some(block) = self.open_blocks.last_mut() {
            if !text.trim().is_empty() {
                block.start.get_or_insert(range.start);
                block.end = block.end.max(range.end);
            }
            if plain && !block.has_plain_words {
                block.has_plain_words = text.chars().any(char::is_alphanumeric);
            }
            if !text.is_empty() {
                block.segments.push(Segment {
                    text_at: block.text.len(),
                    source_at: range.start,
                    verbatim: self.src.get(range.clone()) == Some(text),
                });
            }
            block.text.push_str(text);
        }
    }

    /// Processes the pending run of text events: finds markers in it and
    /// hands the rest of the text to the current block.
    fn flush(&mut self) {
        if self.run.is_empty() {
            return;
        }
        let run = std::mem::take(&mut self.run);
        // Without `[` or `{`, a run holds no marker and no directive: all of
        // its text goes to the block (most runs: no joining, no searching).
        if run
            .iter()
            .all(|(_, text)| !text.as_bytes().iter().any(|&b| b == b'[' || b == b'{'))
        {
            let run_span = run[0].0.start..run[run.len() - 1].0.end;
            match run.as_slice() {
                [(_, text)] => self.add_text(text, run_span),
                _ => {
                    let joined: String = run.iter().map(|(_, text)| &**text).collect();
                    self.add_text(&joined, run_span);
                }
            }
            self.run = run;
            self.run.clear();
            return;
        }
        // The run's text, and where each event's text starts in it.
        let mut joined = String::new();
        let mut starts = Vec::with_capacity(run.len());
        for (_, text) in &run {
            starts.push(joined.len());
            joined.push_str(text);
        }
        // Link text and image alt text are never markers.
        let find_markers = self.link == 0;
        let directives = directive_spans(&joined);
        let mut found: Vec<(Range<usize>, Range<usize>, MarkerKind)> = Vec::new();
        if find_markers {
            for (text_span, kind) in find_bracketed(&joined, self.options.numbered) {
                if directives
                    .iter()
                    .any(|d| d.start < text_span.end && text_span.start < d.end)
                {
                    continue;
                }
                if let Some(src_span) = source_span(self.src, &run, &starts, &text_span) {
                    found.push((text_span, src_span, kind));
                }
            }
        }
        // Hand the text between markers (and outside directives) to the
        // block, and the markers in order, so each marker knows where it
        // stood in the block's text.
        // A cut of the joined text: a marker (with its source span) or a directive.
        type Cut = (Range<usize>, Option<(Range<usize>, MarkerKind)>);
        let mut cuts: Vec<Cut> = found
            .into_iter()
            .map(|(t, src, kind)| (t, Some((src, kind))))
            .collect();
        cuts.extend(directives.into_iter().map(|d| (d, None)));
        cuts.sort_by_key(|(r, _)| r.start);
        let mut cursor = 0;
        for (cut, marker) in cuts {
            if cut.start < cursor {
                continue;
            }
            self.add_piece(&run, &starts, &joined, cursor..cut.start);
            cursor = cut.end;
            if let Some((src_span, kind)) = marker {
                self.push_marker(src_span, kind);
            }
        }
        self.add_piece(
            &run,
            &starts,
            &joined,
            cursor.min(joined.len())..joined.len(),
        );
    }

    /// Adds a piece of a run's joined text, located in the chapter as
    /// exactly as the run allows.
    fn add_piece(
        &mut self,
        run: &[(Range<usize>, CowStr<'a>)],
        starts: &[usize],
        joined: &str,
        piece: Range<usize>,
    ) {
        if piece.is_empty() {
            return;
        }
        let range = source_span(self.src, run, starts, &piece).unwrap_or_else(|| {
            let event = starts.partition_point(|&s| s <= piece.start) - 1;
            let end = starts.partition_point(|&s| s < piece.end) - 1;
            run[event].0.start..run[end].0.end
        });
        self.add_text(&joined[piece], range);
    }

    fn close_block(&mut self) {
        let Some(open) = self.open_blocks.pop() else {
            return;
        };
        let index = self.scan.blocks.len();
        for &m in &open.index_in_markers {
            self.scan.markers[m].block = Some(index);
        }
        let start = open.start.unwrap_or(open.end);
        let span = start..open.end.max(start);
        if is_banner(&open.text) {
            self.scan.has_banner = true;
        }
        self.scan.blocks.push(Block {
            span,
            text: open.text,
            has_plain_words: open.has_plain_words,
            is_item: open.is_item,
            outer: open.outer,
            top_end: open.top_end,
            heading: open.heading,
            segments: open.segments,
        });
    }
}

/// The offset of the start of the line after `offset` (or the end of text).
pub(crate) fn line_end(text: &str, offset: usize) -> usize {
    if offset == 0 || text.as_bytes().get(offset - 1) == Some(&b'\n') {
        return offset;
    }
    match text[offset..].find('\n') {
        Some(nl) => offset + nl + 1,
        None => text.len(),
    }
}

/// Parses an HTML block that is a suppression comment. The comment's range
/// covers the whole HTML block line(s).
fn parse_suppression(html: &str, range: Range<usize>) -> Option<Suppression> {
    let body = html
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    let rest = body.strip_prefix(SUPPRESSION_DIRECTIVE)?;
    let (rules, reason) = match rest.find("reason=") {
        Some(at) => {
            let reason = rest[at + "reason=".len()..].trim();
            let reason = reason
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .unwrap_or(reason);
            (
                &rest[..at],
                Some(reason.to_owned()).filter(|r| !r.trim().is_empty()),
            )
        }
        None => (rest, None),
    };
    Some(Suppression {
        span: range,
        rules: rules
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|r| !r.is_empty())
            .map(str::to_owned)
            .collect(),
        reason,
        target: None,
    })
}

/// Whether text is `[N]`, the label of a rendered citation.
fn is_bracketed_number(text: &str) -> bool {
    text.strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The text that closes a fenced code block left open at the end of the
/// chapter, or `None` when it is closed.
fn unclosed_fence(block: &str) -> Option<String> {
    let opening = block.trim_start_matches(' ');
    let fence_char = opening.chars().next()?;
    let width = opening.chars().take_while(|&c| c == fence_char).count();
    let close = fence_char.to_string().repeat(width);
    let Some(first_line_end) = block.find(['\n', '\r']) else {
        return Some(close);
    };
    let closed = block[first_line_end..]
        .split(['\n', '\r'])
        .any(|line| closes_fence(line, fence_char, width));
    (!closed).then_some(close)
}

/// Whether a line closes a fence of `width` `fence_char`s, as pulldown-cmark
/// reads it: fewer than four leading spaces (a tab is four), at least
/// `width` fence characters, then spaces only (not tabs).
fn closes_fence(line: &str, fence_char: char, width: usize) -> bool {
    let rest = line.trim_start_matches(' ');
    if line.len() - rest.len() >= 4 {
        return false;
    }
    let after = rest.trim_start_matches(fence_char);
    (rest.len() - after.len()) / fence_char.len_utf8() >= width && after.bytes().all(|b| b == b' ')
}

/// The text that closes an HTML block (comment, processing instruction,
/// CDATA, declaration, `<pre>`/`<script>`/`<style>`/`<textarea>`) left open
/// at the end of the chapter, or `None`. Mirrors pulldown-cmark: such a
/// block ends on the first line that contains its end string (case
/// sensitive, the opening line included).
fn unclosed_html(block: &str) -> Option<String> {
    let close = html_end_string(block.trim_start().strip_prefix('<')?)?;
    (!block.contains(close)).then(|| close.to_owned())
}

/// The string that ends an HTML block opened by `<` + `tag`, for the block
/// kinds that do not end at a blank line (as pulldown-cmark decides them).
fn html_end_string(tag: &str) -> Option<&'static str> {
    let bytes = tag.as_bytes();
    for (name, end) in [
        ("pre", "</pre>"),
        ("style", "</style>"),
        ("script", "</script>"),
        ("textarea", "</textarea>"),
    ] {
        if bytes.len() >= name.len()
            && bytes[..name.len()].eq_ignore_ascii_case(name.as_bytes())
            && bytes
                .get(name.len())
                .is_none_or(|&b| matches!(b, b'\t'..=b'\r' | b' ' | b'>'))
        {
            return Some(end);
        }
    }
    for (start, end) in [("!--", "-->"), ("?", "?>"), ("![CDATA[", "]]>")] {
        if tag.starts_with(start) {
            return Some(end);
        }
    }
    (bytes.len() > 1 && bytes[0] == b'!' && bytes[1].is_ascii_alphabetic()).then_some(">")
}

/// Whether a link's source text is a citation label, `[\[N\]](…)`.
fn is_citation_label(link_source: &str) -> bool {
    link_source
        .strip_prefix("[\\[")
        .and_then(|rest| rest.split_once("\\]]"))
        .is_some_and(|(digits, _)| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// The evidence id of a rendered HTML citation's opening tag (`<a …>` in
/// prose, `<span …>` in headings), and the tag that closes it.
fn rendered_cite_id(html: &str) -> Option<(String, &'static str)> {
    let (rest, closing) = if let Some(rest) = html.strip_prefix("<a class=\"") {
        (rest, "</a>")
    } else {
        (html.strip_prefix("<span class=\"")?, "</span>")
    };
    let rest = rest.strip_prefix(CITE_CLASS)?;
    let (_, after) = rest.split_once(&format!(" {CITE_ID_ATTRIBUTE}=\""))?;
    let (id, _) = after.split_once('"')?;
    is_evidence_id(id).then(|| (id.to_owned(), closing))
}

/// `{{#…}}` directives (mdBook's include and friends) in a run of text.
fn directive_spans(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let bytes = text.as_bytes();
    let mut from = 0;
    // Searching for a `char` is a memchr; most runs hold no `{` at all.
    while let Some(open) = text[from..].find('{') {
        let start = from + open;
        if !bytes[start..].starts_with(b"{{#") {
            from = start + 1;
            continue;
        }
        let close = (start + 3..bytes.len().saturating_sub(1))
            .find(|&i| bytes[i] == b'}' && bytes[i + 1] == b'}');
        match close {
            Some(close) => {
                spans.push(start..close + 2);
                from = close + 2;
            }
            None => break,
        }
    }
    spans
}

/// Bracketed marker candidates in a run of text: `[EVID:…]` and, when
/// `numbered`, `[N]` with N a positive integer without leading zeros.
fn find_bracketed(text: &str, numbered: bool) -> Vec<(Range<usize>, MarkerKind)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(open) = text[i..].find('[') {
        let start = i + open;
        let Some(close) = text[start + 1..].find(['[', ']', '\n']) else {
            break;
        };
        let end = start + 1 + close;
        if bytes[end] != b']' {
            i = end;
            continue;
        }
        let inner = &text[start + 1..end];
        if let Some(id) = inner.strip_prefix(EVIDENCE_MARKER_TAG) {
            let kind = if is_evidence_id(id) {
                MarkerKind::Evidence(id.to_owned())
            } else {
                MarkerKind::Malformed(inner.to_owned())
            };
            out.push((start..end + 1, kind));
        } else if numbered
            && !inner.is_empty()
            && inner.len() <= 9
            && !inner.starts_with('0')
            && inner.bytes().all(|b| b.is_ascii_digit())
            && let Ok(n) = inner.parse::<u32>()
        {
            out.push((start..end + 1, MarkerKind::Number(n)));
        }
        i = end + 1;
    }
    out
}

/// Maps a span of a run's joined text back to the chapter, if the text there
/// is verbatim source (no escapes, entities or smart punctuation) and the
/// events it touches are contiguous in the source.
fn source_span(
    src: &str,
    run: &[(Range<usize>, CowStr<'_>)],
    starts: &[usize],
    span: &Range<usize>,
) -> Option<Range<usize>> {
    let first = starts.partition_point(|&s| s <= span.start) - 1;
    let last = starts.partition_point(|&s| s < span.end) - 1;
    for i in first..=last {
        let (range, text) = &run[i];
        if src.get(range.clone())? != text.as_ref() {
            return None;
        }
        if i > first && run[i - 1].0.end != range.start {
            return None;
        }
    }
    let start = run[first].0.start + (span.start - starts[first]);
    let end = run[last].0.start + (span.end - starts[last]);
    // pulldown-cmark drops the backslash of `\[` from the text event, so an
    // escaped bracket looks verbatim: count the backslashes before it.
    (!is_escaped(src, start)).then_some(start..end)
}

/// Whether the character at `at` is backslash-escaped: preceded by an odd
/// number of backslashes.
pub fn is_escaped(src: &str, at: usize) -> bool {
    src.as_bytes()[..at]
        .iter()
        .rev()
        .take_while(|&&b| b == b'\\')
        .count()
        % 2
        == 1
}

#[cfg(test)]
mod tests;
