//! Where in an answer a citation's marker goes: out of code, links and
//! raw HTML (a marker there would not be one), to the end of the word the
//! citation ends inside, and back over white space, so that it follows
//! the cited words. An answer may have thousands of citations: the
//! protected ranges are searched, never walked.

use mdbook_markdown::pulldown_cmark::{Event, Tag};
use std::ops::Range;

/// What a marker must not land in: `(range, move to its end)` for code
/// spans, links, images and raw HTML, `(range, false)` for code blocks (a
/// marker after a code block would stand alone; it goes before it).
pub(super) fn protected_ranges(text: &str) -> Vec<(Range<usize>, bool)> {
    let options = mdbook_markdown::MarkdownOptions::default();
    let mut out = Vec::new();
    for (event, range) in mdbook_markdown::new_cmark_parser(text, &options).into_offset_iter() {
        match event {
            Event::Code(_) | Event::InlineHtml(_) | Event::Html(_) => out.push((range, true)),
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => out.push((range, true)),
            Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock) => out.push((range, false)),
            _ => {}
        }
    }
    out
}

/// The ranges of `protected` (in order of their starts) that no earlier
/// one holds: in order, and each reaching further than the one before.
/// A range inside another moves no marker the outer one has not moved.
pub(super) fn outermost(protected: Vec<(Range<usize>, bool)>) -> Vec<(Range<usize>, bool)> {
    let mut reach = 0;
    protected
        .into_iter()
        .filter(|(range, _)| {
            let outer = range.end > reach;
            reach = reach.max(range.end);
            outer
        })
        .collect()
}

/// Where a citation ending at `at` gets its marker; `protected` are the
/// [`outermost`] protected ranges.
pub(super) fn place(text: &str, mut at: usize, protected: &[(Range<usize>, bool)]) -> usize {
    // The ranges that end at or before `at` (their ends are in order)
    // hold no place it moves to.
    let from = protected.partition_point(|(range, _)| range.end <= at);
    for (range, to_end) in &protected[from..] {
        if range.start >= at {
            break;
        }
        if at < range.end {
            at = if *to_end { range.end } else { range.start };
        }
    }
    // To the end of a word the citation ends inside.
    while at < text.len()
        && text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        && text[at..].chars().next().is_some_and(char::is_alphanumeric)
    {
        at += text[at..].chars().next().map_or(1, char::len_utf8);
    }
    // Back over white space: the marker follows the cited words.
    text[..at].trim_end().len()
}
