//! Text of a block that the reader does not see as prose: image alt text,
//! code spans, and text inside inline HTML elements (`<span hidden>`,
//! `<details>`, `<span style=…>`: which of them hide their text is not
//! known without a browser, so none counts). A label that exempts a claim
//! (`[SPECULATION]`, an abstain phrase) exempts only where it is prose
//! ([`crate::markers::Block::prose`]); the label element the HTML renderer
//! writes for `[SPECULATION]` is read as the label it stands for, and the
//! `⚠` mark `downgrade` mode writes before a claim as no text at all.

use crate::markers::MarkdownFlags;
use crate::markers::scanner::Scanner;
use mdbook_markdown::new_cmark_parser;
use mdbook_markdown::pulldown_cmark::{CowStr, Event, Tag};
use std::ops::Range;

/// Elements that have no content, whose opening tag closes nothing.
const VOID_ELEMENTS: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// How an inline HTML event changes the depth of elements open around
/// the text: +1 for an opening tag, -1 for a closing one, 0 for a void or
/// self-closed element, a comment or a declaration.
fn depth_change(html: &str) -> isize {
    let Some(rest) = html.trim().strip_prefix('<') else {
        return 0;
    };
    if rest.starts_with('/') {
        return -1;
    }
    let name_len = rest
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .unwrap_or(rest.len());
    let name = &rest[..name_len];
    let opens = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && !rest.trim_end().ends_with("/>")
        && !VOID_ELEMENTS.iter().any(|v| v.eq_ignore_ascii_case(name));
    isize::from(opens)
}

/// The start of every block quote that mdBook would render as an
/// admonition with its `admonitions` on, for a chapter scanned with them
/// off: there the alert (`[!NOTE]` on the quote's first line) stays in
/// the text, and the reader sees the quote labelled just the same. Empty
/// when admonitions are on (pulldown-cmark marks those quotes itself).
pub(super) fn quotes_read_as_admonitions(text: &str, flags: MarkdownFlags) -> Vec<usize> {
    if flags.admonitions || !text.contains("[!") {
        return Vec::new();
    }
    let on = MarkdownFlags {
        admonitions: true,
        ..flags
    };
    new_cmark_parser(text, &on.options())
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::BlockQuote(Some(_))) => Some(range.start),
            _ => None,
        })
        .collect()
}

/// An inline HTML element open in a block's text: where its text starts
/// in the block, where it opens in the chapter, and how many markers were
/// read before it (a citation or group an earlier run wrote is read as
/// markers from its opening tag on, and is no element of the author's).
pub(super) struct OpenElement {
    text_at: usize,
    source_at: usize,
    markers: usize,
}

impl Scanner<'_, '_> {
    /// Notes an inline HTML tag at `range`: text inside an element is not
    /// prose, and the element is an inline element of its block
    /// ([`crate::markers::Block::inlines`]), which no sentence is cut
    /// across: taken out with the sentence before the cut, its opening tag
    /// would leave the text it held to be read as prose on the next run.
    pub(super) fn note_inline_tag(&mut self, html: &str, range: &Range<usize>) {
        let change = depth_change(html);
        self.inline_html = self.inline_html.saturating_add_signed(change);
        if change > 0 {
            let reads_text = self.heading.is_none() && !self.skips_table_text();
            let element = self
                .open_blocks
                .last()
                .filter(|_| reads_text)
                .map(|b| OpenElement {
                    text_at: b.text.len(),
                    source_at: range.start,
                    markers: self.scan.markers.len(),
                });
            self.elements.push(element);
        } else if change < 0
            && let Some(element) = self.elements.pop().flatten()
        {
            self.close_element(element, range.end);
        }
    }

    /// Ends the inline HTML elements left open, at the end of the text
    /// read (a block's or a cell's): the page closes them there.
    pub(super) fn close_inline_html(&mut self) {
        self.inline_html = 0;
        while let Some(element) = self.elements.pop() {
            if let Some(element) = element {
                let end = self.open_blocks.last().map_or(0, |b| b.end);
                self.close_element(element, end);
            }
        }
    }

    /// Records `element`, closing at `end` in the chapter, as an inline
    /// element of the open block: unless it holds no text, or an earlier
    /// run wrote it (the first marker read in it, a citation or a group's
    /// first, starts at its opening tag).
    fn close_element(&mut self, element: OpenElement, end: usize) {
        let written = (self.scan.markers.get(element.markers))
            .is_some_and(|m| m.span.start == element.source_at);
        let Some(block) = self.open_blocks.last_mut() else {
            return;
        };
        if written || block.text.len() <= element.text_at {
            return;
        }
        block.inlines.push(crate::markers::InlineSpan {
            text: element.text_at..block.text.len(),
            source: element.source_at..end.max(element.source_at),
            html: true,
        });
    }

    /// Whether a block quote is an admonition: marked as one by the
    /// parser, or one with admonitions on.
    pub(super) fn is_admonition(&self, marked: bool, range: &Range<usize>) -> bool {
        marked || self.admonition_quotes.binary_search(&range.start).is_ok()
    }

    /// Reads the speculation label an earlier run wrote
    /// ([`crate::syntax::SPECULATION_ELEMENT`], exactly, opening at this
    /// inline tag) as the bracketed label the author wrote, seen as prose:
    /// the reader sees the label, and the text is judged as before.
    pub(super) fn own_speculation_label(&mut self, html: &str, range: &Range<usize>) -> bool {
        let element = crate::syntax::SPECULATION_ELEMENT;
        let opens = self.src.get(range.start..).is_some_and(|rest| {
            rest.starts_with(element) && element.starts_with(html) && html.ends_with('>')
        });
        if !opens || self.pending_cite.is_some() {
            return false;
        }
        self.release_held();
        let end = range.start + element.len();
        self.add_text_as(crate::syntax::SPECULATION_LABEL, range.start..end, false);
        self.own_label = range.start..end;
        true
    }

    /// Reads the mark `downgrade` mode wrote before a failing claim
    /// ([`crate::syntax::claim_mark_len`], opening at this event: the
    /// `<span>`'s opening tag, or the link whole, as the parser reads it)
    /// as no text of the claim, as a confidence label is read
    /// ([`Scanner::cut_label`]): the claim starts where the mark does, and
    /// reads as it did before the mark was written (`⚠ 2) …` still opens
    /// with list numbering). The space after it is the mark's.
    pub(super) fn own_claim_mark(&mut self, range: &Range<usize>) -> bool {
        let Some(len) = self
            .src
            .get(range.start..)
            .and_then(crate::syntax::claim_mark_len)
        else {
            return false;
        };
        let read_whole = if self.src[range.start..].starts_with('<') {
            range.end + crate::syntax::CLAIM_MARK_CLOSE.len() == range.start + len
        } else {
            range.end == range.start + len
        };
        if !read_whole || self.link > 0 || self.pending_cite.is_some() || !self.reads_block_text() {
            return false;
        }
        self.release_held();
        self.cut_label(range.start);
        self.own_mark = range.start..range.start + len;
        self.mark_space = Some(range.start + len);
        true
    }

    /// `text` at `range` without its first character when it is the space
    /// after the mark read last ([`Scanner::own_claim_mark`]).
    pub(super) fn past_mark_space<'e>(
        &mut self,
        text: CowStr<'e>,
        range: Range<usize>,
    ) -> (CowStr<'e>, Range<usize>) {
        if self.mark_space.take() != Some(range.start) || !text.starts_with(' ') {
            return (text, range);
        }
        let rest = match text {
            CowStr::Borrowed(text) => CowStr::Borrowed(&text[1..]),
            text => CowStr::from(text[1..].to_owned()),
        };
        (rest, range.start + 1..range.end)
    }

    /// Whether text added now is hidden from the reader's prose.
    pub(super) fn unseen(&self) -> bool {
        self.image > 0 || self.inline_html > 0 || self.code_span
    }
}

/// Adds `range` to the hidden ranges, joined to the last when they touch.
pub(super) fn add_hidden(hidden: &mut Vec<Range<usize>>, range: Range<usize>) {
    match hidden.last_mut() {
        Some(last) if last.end == range.start => last.end = range.end,
        _ => hidden.push(range),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_open_and_close_elements() {
        for (html, change) in [
            ("<span hidden>", 1),
            ("<SPAN style='display:none'>", 1),
            ("<details>", 1),
            ("</span>", -1),
            ("<br>", 0),
            ("<br/>", 0),
            ("<img src=x>", 0),
            ("<x-y/>", 0),
            ("<!-- [SPECULATION] -->", 0),
            ("<?php ?>", 0),
            ("<!DOCTYPE html>", 0),
        ] {
            assert_eq!(depth_change(html), change, "{html}");
        }
    }

    fn prose_of(text: &str) -> String {
        let options = crate::markers::ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: 3,
        };
        let found = crate::markers::scan(text, &options);
        found
            .blocks
            .iter()
            .map(|b| b.prose().into_owned())
            .collect()
    }

    #[test]
    fn the_label_element_is_read_as_the_label_and_only_it() {
        let element = crate::syntax::SPECULATION_ELEMENT;
        for (text, label) in [
            (format!("{element} Rates may fall.\n"), true),
            (format!("- *{element}*\u{3000}物価が上がる。\n"), true),
            (
                element.replace("cited sources", "sources") + " Rates may fall.\n",
                false,
            ),
            (
                "<span class=\"evidence-speculation\">Speculation</span> Rates may fall.\n".into(),
                false,
            ),
            (format!("<b>{element}</b> Rates may fall.\n"), false),
        ] {
            let prose = prose_of(&text);
            assert_eq!(prose.contains("[SPECULATION]"), label, "{text}: {prose:?}");
        }
    }
}
