//! The scanner: one pass over pulldown-cmark's events that collects
//! markers, blocks, headings, suppression comments and the References
//! section, each with its byte range in the chapter.

use crate::markers::closers::{unclosed_fence, unclosed_html};
use crate::markers::rendered::{CiteGroup, PendingCite, is_citation_label, is_group_punctuation};
use crate::markers::{Heading, InlineSpan, Scan, ScanOptions, SourceSegment, suppression};
use crate::syntax::{REFERENCE_ANCHOR_PREFIX, is_evidence_id};
use mdbook_markdown::pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::ops::Range;

mod blocks;
mod cites;
mod references;
mod runs;
mod structure;
mod tables;
mod unseen;

use self::tables::OpenTable;

/// A block being built.
struct OpenBlock {
    start: Option<usize>,
    end: usize,
    is_item: bool,
    row: Option<crate::markers::TableRow>,
    /// In a row: a cell opened after text of earlier cells.
    cell_gap: bool,
    outer: Range<usize>,
    top_end: usize,
    heading: Option<usize>,
    segments: Vec<SourceSegment>,
    inlines: Vec<InlineSpan>,
    text: String,
    /// Ranges of `text` that are not prose (see `unseen`).
    hidden: Vec<Range<usize>>,
    has_plain_words: bool,
    index_in_markers: Vec<usize>,
}

/// The state of a scan between pulldown-cmark events.
pub(super) struct Scanner<'a, 'o> {
    src: &'a str,
    options: &'o ScanOptions<'o>,
    scan: Scan,
    /// Consecutive text events: source range and text.
    run: Vec<(Range<usize>, CowStr<'a>)>,
    open_blocks: Vec<OpenBlock>,
    /// For each open tag: whether it opened a block, and whether it opened
    /// a reference entry.
    frames: Vec<(bool, bool)>,
    /// Depth of reference entries (see `structure`), where no block opens.
    entry: usize,
    /// Whether the References section being read is a list the author
    /// wrote, which the generated entries replace whole.
    written_list: bool,
    code_block: usize,
    link: usize,
    emphasis: usize,
    table: usize,
    /// The table being read, if any.
    open_table: Option<OpenTable>,
    /// Whether a table body row's block is open (the last of
    /// `open_blocks`).
    in_row: bool,
    /// The text of the HTML block being read, line by line.
    html_block: String,
    /// Where each of its lines starts in `html_block`, and the line's
    /// range in the chapter (container markers, `> `, left out).
    html_lines: Vec<(usize, Range<usize>)>,
    /// Depth of GitHub-style admonitions (`> [!NOTE]`) around the scan.
    admonition: usize,
    /// Starts of the quotes that would be admonitions with them on
    /// (`unseen::quotes_read_as_admonitions`), in order.
    admonition_quotes: Vec<usize>,
    /// Depth of images: their alt text is not prose.
    image: usize,
    /// Depth of inline HTML elements open in the current paragraph.
    inline_html: usize,
    /// For each of them, the author's element it may be (see
    /// `unseen::OpenElement`; `None` where no block's text is read).
    elements: Vec<Option<unseen::OpenElement>>,
    /// Whether a code span's text is being added.
    code_span: bool,
    /// Depth of block containers (quotes, lists, footnotes): headings
    /// inside them do not delimit the chapter's sections.
    container: usize,
    /// Start of the fenced code block being read.
    fence: Option<usize>,
    heading: Option<(HeadingLevel, Range<usize>, String)>,
    seen_heading: bool,
    in_references: bool,
    /// Labels (lowercased) of the chapter's link reference definitions
    /// whose destination is a web address: `[a link][fed]` names a source
    /// as `[a link](https://…)` does ([`Scanner::opens_entry`]).
    web_labels: Vec<String>,
    /// Inside the References section: where its heading's line ends, and
    /// where the entries of an earlier run start (see
    /// [`Scan::own_references`]).
    references_heading_end: usize,
    generated_references: Option<usize>,
    pending_cite: Option<PendingCite>,
    /// A group of rendered citations being read (`[1, 2]` of an earlier run).
    group: Option<CiteGroup>,
    /// The markers written next to each other last (touching), whose
    /// words are not settled yet ([`Scanner::settle_words`]).
    marker_run: Option<Range<usize>>,
    /// The group's brackets and separators read so far, held back from
    /// the block (they go with its citations) unless it is no group.
    group_text: Vec<(Range<usize>, CowStr<'a>)>,
    /// End of the current top-level block.
    top_end: usize,
    /// Where the outermost inline element (link, image, emphasis) opened
    /// since the block's last text: the text that follows starts there in
    /// the chapter, so a claim that starts with `<http://…>` or `**` starts
    /// at the `<` or the `**`, not inside them.
    inline_start: Option<usize>,
    /// For each open inline element: where its text starts in the open
    /// block and where it opens in the chapter (`None`: outside a block's
    /// text, or a citation of an earlier run).
    inlines: Vec<Option<(usize, usize)>>,
    /// The speculation label an earlier run wrote, read last
    /// (`unseen::own_speculation_label`): the events inside it are read
    /// with it.
    own_label: Range<usize>,
    /// Where the confidence label read last starts, while the text after
    /// it is held there ([`Scanner::inline_start`]): its first word, past
    /// the gap a citation leaves, starts there.
    label_hold: Option<usize>,
    /// The mark `downgrade` mode wrote before a claim, read last
    /// (`unseen::own_claim_mark`): the events inside it are read as no
    /// text; and where the space after it stands, which is the mark's.
    own_mark: Range<usize>,
    mark_space: Option<usize>,
}

impl<'a, 'o> Scanner<'a, 'o> {
    /// A scanner at the start of chapter `src`.
    pub(super) fn new(src: &'a str, options: &'o ScanOptions<'o>) -> Self {
        Scanner {
            src,
            options,
            scan: Scan {
                claim_min_words: options.claim_min_words,
                ..Scan::default()
            },
            run: Vec::new(),
            open_blocks: Vec::new(),
            frames: Vec::new(),
            entry: 0,
            written_list: false,
            code_block: 0,
            link: 0,
            emphasis: 0,
            table: 0,
            open_table: None,
            in_row: false,
            container: 0,
            admonition: 0,
            admonition_quotes: unseen::quotes_read_as_admonitions(src, options.markdown),
            image: 0,
            inline_html: 0,
            elements: Vec::new(),
            code_span: false,
            html_block: String::new(),
            html_lines: Vec::new(),
            fence: None,
            heading: None,
            seen_heading: false,
            in_references: false,
            web_labels: Vec::new(),
            references_heading_end: 0,
            generated_references: None,
            pending_cite: None,
            group: None,
            group_text: Vec::new(),
            marker_run: None,
            top_end: 0,
            inline_start: None,
            inlines: Vec::new(),
            own_label: 0..0,
            label_hold: None,
            own_mark: 0..0,
            mark_space: None,
        }
    }

    /// Ends the scan: the text still pending goes to its block, and a
    /// References section still open runs to the end of the chapter.
    pub(super) fn finish(mut self) -> Scan {
        self.flush();
        if self.in_references {
            self.close_references(self.src.len());
        }
        self.scan
    }

    /// Reads one event of the chapter.
    pub(super) fn event(&mut self, event: Event<'a>, range: Range<usize>) {
        if range.start > self.own_label.start && range.end <= self.own_label.end {
            return;
        }
        let in_mark = range.start > self.own_mark.start && range.end <= self.own_mark.end;
        if in_mark || (range == self.own_mark && matches!(event, Event::End(TagEnd::Link))) {
            return;
        }
        if let Event::Text(text) = event {
            if self.code_block > 0 {
                return;
            }
            let (text, range) = self.past_mark_space(text, range);
            if let Some(pending) = &mut self.pending_cite {
                if pending.closing.is_some() {
                    pending.text.push_str(&text);
                    pending.pieces.push((range, text.into_string()));
                }
                return;
            }
            // A group's brackets and separators go with its citations; any
            // other text means the `<span>` was not a group an earlier run
            // wrote, and is read as text (a marker after it included).
            if self.group.is_some() && is_group_punctuation(&text) {
                self.group_text.push((range, text));
            } else {
                if self.group.take().is_some() {
                    // Back in the run, with this text: a marker may start
                    // in what was held back (`[` then `EVID:x]`).
                    self.run.append(&mut self.group_text);
                }
                self.run.push((range, text));
            }
            return;
        }
        self.mark_space = None;
        self.flush();
        match event {
            // The mark `downgrade` mode wrote for other renderers is a link.
            Event::Start(Tag::Link { .. }) if self.own_claim_mark(&range) => {}
            Event::Start(tag) => self.start(tag, range),
            Event::End(tag) => self.end(tag, range),
            Event::Code(code) => {
                self.release_held();
                if self.pending_cite.is_none() {
                    self.code_span = true;
                    self.add_text(&code, range);
                    self.code_span = false;
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                // What an earlier run writes holds no line break: text held
                // back for a citation or a group goes back to the block
                // before the break's space, in its place.
                self.release_held();
                self.settle_words();
                if let Some(block) = self.open_blocks.last_mut() {
                    block.text.push(' ');
                    // An element that opened before the break with no text
                    // yet (a footnote reference after a sentence's period)
                    // ends the line: the next line's text starts where it
                    // is, not there. A claim opening with it keeps it, and
                    // so does one a confidence label opens (its first words
                    // may be on the next line, a citation on this one).
                    if block.start.is_some() && self.label_hold != self.inline_start {
                        self.inline_start = None;
                    }
                }
            }
            Event::InlineHtml(html) => {
                if self.own_speculation_label(&html, &range) || self.own_claim_mark(&range) {
                    return;
                }
                if let Some(suppression) =
                    suppression::parse_suppression(&html, range.clone(), true)
                {
                    self.scan.suppressions.push(suppression);
                }
                self.inline_html(&html, range.clone());
                // After it: text a citation held back is released inside.
                self.note_inline_tag(&html, &range);
            }
            // A footnote reference holds no words of the claim, but a claim
            // that opens with one starts there: a confidence label goes
            // before it, where the next run finds it.
            Event::FootnoteReference(_) => self.open_inline(range.start),
            Event::Html(html) => {
                self.note_generated_html(&html, range.start);
                self.html_lines.push((self.html_block.len(), range));
                self.html_block.push_str(&html);
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'a>, range: Range<usize>) {
        // What touches the run of markers before it may be a citation that
        // continues it (a markdown one is a link).
        if self
            .marker_run
            .as_ref()
            .is_none_or(|run| run.end != range.start)
        {
            self.settle_words();
        }
        // What an earlier run writes holds no markdown: a tag inside a
        // citation or a group means they were the author's.
        self.release_held();
        if matches!(tag, Tag::Paragraph) {
            self.note_generated_paragraph(range.start);
        }
        // A reference entry opens no block, and none opens inside it.
        let entry = !self.skips_blocks() && self.opens_entry(&tag, &range);
        self.entry += usize::from(entry);
        let mut opens_block = match tag {
            Tag::Item | Tag::DefinitionListTitle | Tag::DefinitionListDefinition => {
                !self.skips_blocks()
            }
            Tag::Paragraph => !self.skips_blocks() && self.paragraph_opens_block(),
            _ => false,
        };
        let is_item = matches!(tag, Tag::Item);
        // A row's block is opened by `start_row`.
        let is_row = matches!(tag, Tag::TableRow);
        if self.frames.is_empty() {
            self.top_end = range.end;
        }
        if !matches!(tag, Tag::HtmlBlock) {
            suppression::aim_pending(&mut self.scan.suppressions, &range);
        }
        let inline = matches!(
            tag,
            Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Superscript
                | Tag::Subscript
                | Tag::Link { .. }
                | Tag::Image { .. }
        );
        if !inline {
            // An element left open does not reach past its paragraph.
            self.close_inline_html();
        }
        match tag {
            Tag::CodeBlock(kind) => {
                self.code_block += 1;
                if matches!(kind, CodeBlockKind::Fenced(_)) {
                    self.fence = Some(range.start);
                }
            }
            Tag::BlockQuote(kind) => {
                self.container += 1;
                self.admonition += usize::from(self.is_admonition(kind.is_some(), &range));
            }
            Tag::List(_) | Tag::DefinitionList => self.container += 1,
            Tag::Table(_) => self.start_table(),
            Tag::TableHead => self.table_head(true),
            Tag::TableCell => self.start_cell(),
            Tag::TableRow => opens_block = self.start_row(&range),
            Tag::Link { dest_url, .. } => {
                if self.link == 0
                    && self.pending_cite.is_none()
                    && let Some(id) = dest_url
                        .strip_prefix('#')
                        .and_then(|d| d.strip_prefix(REFERENCE_ANCHOR_PREFIX))
                    && is_evidence_id(id)
                    && is_citation_label(&self.src[range.clone()])
                {
                    self.pending_cite = Some(PendingCite::new(range.start, id.to_owned(), None));
                }
                self.link += 1;
                self.open_inline(range.start);
            }
            Tag::Image { .. } => {
                self.link += 1;
                self.image += 1;
                self.open_inline(range.start);
            }
            Tag::Emphasis | Tag::Strong | Tag::Strikethrough => {
                self.emphasis += 1;
                self.open_inline(range.start);
            }
            Tag::FootnoteDefinition(_) => {
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
            _ => {}
        }
        if inline {
            self.open_inline_span(range.start);
        }
        if opens_block && !is_row {
            // A list item's later paragraph is an item's too.
            let is_item = is_item || self.later_paragraph_is_item();
            self.open_block(&range, is_item);
        }
        self.frames.push((opens_block, entry));
    }

    /// Notes an inline element opening at `at`, for [`Block::inlines`](super::Block::inlines): one
    /// inside a block's text, and not a citation of an earlier run (whose
    /// link is read as a marker).
    fn open_inline_span(&mut self, at: usize) {
        let block = self.open_blocks.last().filter(|_| {
            self.heading.is_none() && !self.skips_table_text() && self.pending_cite.is_none()
        });
        self.inlines.push(block.map(|block| (block.text.len(), at)));
    }

    /// An inline element opens at `at`: unless it is a citation of an
    /// earlier run, the text that follows starts there (see
    /// [`Scanner::inline_start`]).
    fn open_inline(&mut self, at: usize) {
        // Not in a table's header, whose text is no block's: the text
        // after the table would start there.
        if self.pending_cite.is_none() && !self.skips_table_text() {
            self.inline_start.get_or_insert(at);
        }
    }

    fn end(&mut self, tag: TagEnd, range: Range<usize>) {
        if !(tag == TagEnd::Link && self.pending_cite.is_some()) {
            self.settle_words();
        }
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
        let opened = if inline {
            self.inlines.pop().flatten()
        } else {
            None
        };
        if inline && let Some(block) = self.open_blocks.last_mut() {
            // The closing `>`, `](url)` or `**` belongs to the block's text.
            if block.start.is_some() {
                block.end = block.end.max(range.end);
            }
            if let Some((text_at, source_at)) = opened {
                block.inlines.push(InlineSpan {
                    text: text_at..block.text.len(),
                    source: source_at..range.end,
                    html: false,
                });
            }
        }
        if !inline
            && self
                .pending_cite
                .as_ref()
                .is_some_and(|p| p.closing.is_some())
        {
            // An inline-HTML citation never spans blocks: this was not ours.
            self.cancel_cite();
        }
        if !inline {
            // Nor does a group: its citations keep their own spans.
            self.cancel_group();
            // An element left open does not reach past its block. Reset
            // only now: the text held back above is released inside the
            // elements still open, as it is when the next tag releases it
            // (a second run reads it there, once its marker is rendered).
            self.close_inline_html();
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
            TagEnd::HtmlBlock => {
                // A comment read whole, over its lines (container markers
                // taken out), so that one written on two lines is read too.
                let html = std::mem::take(&mut self.html_block);
                let lines = std::mem::take(&mut self.html_lines);
                if let Some(suppression) =
                    suppression::parse_suppression(&html, range.clone(), false)
                {
                    self.scan.suppressions.push(suppression);
                }
                if range.end == self.src.len() && self.container == 0 {
                    self.scan.unclosed = unclosed_html(&self.src[range.clone()]);
                }
                self.html_block_closed(&html, &lines, &range);
            }
            TagEnd::BlockQuote(kind) => {
                self.container -= 1;
                self.admonition -= usize::from(self.is_admonition(kind.is_some(), &range));
            }
            TagEnd::List(_) | TagEnd::DefinitionList => {
                self.container -= 1;
            }
            TagEnd::Table => self.end_table(),
            TagEnd::TableHead => self.table_head(false),
            TagEnd::Paragraph => {
                // A confidence label with no text after it in its paragraph
                // starts no text of the item's next paragraph, as it starts
                // none of the next block (`close_block`).
                if self.label_hold.is_some() && self.label_hold == self.inline_start {
                    self.inline_start = None;
                }
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
            TagEnd::Image => {
                self.link -= 1;
                self.image -= 1;
            }
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => self.emphasis -= 1,
            TagEnd::FootnoteDefinition => {
                self.container -= 1;
            }
            TagEnd::Heading(level) => self.end_heading(level, range),
            _ => {}
        }
        let (closes_block, entry) = self.frames.pop().unwrap_or_default();
        self.entry -= usize::from(entry);
        if closes_block {
            self.close_block();
            if tag == TagEnd::TableRow {
                self.in_row = false;
            }
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
        self.heading_closed(level, &text, start, range);
    }
}
