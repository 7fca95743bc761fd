//! Where the paragraphs and list items of an answer are, so that a
//! citation of several of them marks each (a marker after the last only
//! would leave the others ungrounded claims).

use mdbook_markdown::pulldown_cmark::{Event, Tag, TagEnd};
use std::ops::Range;

/// The runs of inline text of `text`, by byte range: a paragraph, a
/// heading, a table cell, or the text of a list item before its nested
/// blocks; `true` when a marker may follow it (a paragraph or list item's
/// text: a claim; not a heading or table cell). Code and HTML blocks hold
/// none.
pub(super) fn text_runs(text: &str) -> Vec<(Range<usize>, bool)> {
    let options = mdbook_markdown::MarkdownOptions::default();
    let mut runs: Vec<(Range<usize>, bool)> = Vec::new();
    let mut current: Option<Range<usize>> = None;
    // Whether the innermost block is a heading or table cell, and how deep
    // in code or HTML blocks the parser is.
    let mut no_marker: Vec<bool> = Vec::new();
    let mut in_code = 0usize;
    let mut close = |current: &mut Option<Range<usize>>, no_marker: &[bool]| {
        if let Some(run) = current.take() {
            runs.push((run, !no_marker.last().copied().unwrap_or(false)));
        }
    };
    for (event, range) in mdbook_markdown::new_cmark_parser(text, &options).into_offset_iter() {
        let inline = match &event {
            Event::Start(tag) => is_inline(tag),
            Event::End(tag) => is_inline_end(*tag),
            Event::Text(_) | Event::Code(_) | Event::InlineHtml(_) | Event::InlineMath(_) => true,
            Event::FootnoteReference(_) | Event::SoftBreak | Event::HardBreak => true,
            Event::TaskListMarker(_) => true,
            _ => false,
        };
        if inline {
            if in_code == 0 {
                let run = current.get_or_insert(range.clone());
                run.start = run.start.min(range.start);
                run.end = run.end.max(range.end);
            }
            continue;
        }
        close(&mut current, &no_marker);
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock | Tag::MetadataBlock(_)) => {
                in_code += 1;
            }
            Event::End(TagEnd::CodeBlock | TagEnd::HtmlBlock | TagEnd::MetadataBlock(_)) => {
                in_code = in_code.saturating_sub(1)
            }
            Event::Start(tag) => no_marker.push(matches!(
                tag,
                Tag::Heading { .. } | Tag::TableCell | Tag::TableHead | Tag::TableRow
            )),
            Event::End(_) => {
                no_marker.pop();
            }
            _ => {}
        }
    }
    close(&mut current, &no_marker);
    runs
}

/// Whether `tag` starts an inline element (its text belongs to the run
/// around it).
fn is_inline(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::Emphasis
            | Tag::Strong
            | Tag::Strikethrough
            | Tag::Superscript
            | Tag::Subscript
            | Tag::Link { .. }
            | Tag::Image { .. }
    )
}

/// Whether `tag` ends an inline element.
fn is_inline_end(tag: TagEnd) -> bool {
    matches!(
        tag,
        TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Superscript
            | TagEnd::Subscript
            | TagEnd::Link
            | TagEnd::Image
    )
}

/// The ends of the runs a cited `range` covers before its own end: where
/// the paragraphs and list items of a citation that spans several end.
pub(super) fn ends_within(runs: &[(Range<usize>, bool)], range: &Range<usize>) -> Vec<usize> {
    // The runs are in order and apart: a binary search finds the first
    // one the range reaches (an answer may give thousands of spans).
    let first = runs.partition_point(|(run, _)| run.end <= range.start);
    runs[first..]
        .iter()
        .take_while(|(run, _)| run.start < range.end)
        .filter(|(_, claim)| *claim)
        .map(|(run, _)| run.end)
        .filter(|&end| end < range.end)
        .collect()
}
