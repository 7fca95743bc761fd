//! Adds a marker to every paragraph of a chapter: ` [EVID:<prefix><n>]` at
//! the end of each paragraph's text and of each tight list item's text,
//! found with the parser mdBook renders with, so that nothing else of the
//! file changes.

use mdbook_markdown::pulldown_cmark::{Event, Tag, TagEnd};
use mdbook_markdown::{MarkdownOptions, new_cmark_parser};
use std::ops::Range;

/// `text` with a marker after every paragraph (ids `<prefix><first>`,
/// `<prefix><first + 1>`, …), and the number of markers added.
pub fn mark(text: &str, prefix: &str, first: usize) -> (String, usize) {
    let at = insertion_points(text);
    let mut out = String::with_capacity(text.len() + at.len() * 16);
    let mut last = 0;
    for (k, offset) in at.iter().enumerate() {
        out.push_str(&text[last..*offset]);
        out.push_str(&format!(" [EVID:{prefix}{}]", first + k));
        last = *offset;
    }
    out.push_str(&text[last..]);
    (out, at.len())
}

/// Where the markers go: the end of each paragraph's text and of each
/// tight list item's own text (before a nested block), in order, leaving
/// out paragraphs that hold an mdBook directive (`{{#include …}}`: the
/// marker would follow the included text, wherever it ends) and those
/// inside tables and headings.
fn insertion_points(text: &str) -> Vec<usize> {
    let options = MarkdownOptions::default();
    let mut points = Vec::new();
    // Per open list item: where its own text (outside a paragraph) starts,
    // once it has some, and where the item ends.
    let mut items: Vec<(Option<usize>, usize)> = Vec::new();
    let mut paragraph: Option<Range<usize>> = None;
    let mut skip = 0usize;
    // Inside a code or HTML block: its text is not an item's.
    let mut verbatim = 0usize;
    for (event, range) in new_cmark_parser(text, &options).into_offset_iter() {
        match event {
            Event::Start(Tag::Paragraph) => paragraph = Some(range),
            Event::End(TagEnd::Paragraph) => {
                if let Some(p) = paragraph.take()
                    && skip == 0
                {
                    push_point(text, p, &mut points);
                }
            }
            Event::Start(Tag::Item | Tag::DefinitionListDefinition) => {
                items.push((None, range.end));
            }
            Event::End(TagEnd::Item | TagEnd::DefinitionListDefinition) => {
                if let Some((Some(own), end)) = items.pop()
                    && skip == 0
                {
                    push_point(text, own..end, &mut points);
                }
            }
            Event::Start(Tag::Table(_) | Tag::Heading { .. }) => skip += 1,
            Event::End(TagEnd::Table | TagEnd::Heading(_)) => skip -= 1,
            Event::End(TagEnd::CodeBlock | TagEnd::HtmlBlock) => verbatim -= 1,
            Event::Start(
                Tag::List(_) | Tag::CodeBlock(_) | Tag::BlockQuote(_) | Tag::HtmlBlock,
            ) => {
                if matches!(event, Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock)) {
                    verbatim += 1;
                }
                // A block inside a tight item ends the item's own text.
                if paragraph.is_none()
                    && let Some((own, _)) = items.last_mut()
                    && let Some(start) = own.take()
                    && skip == 0
                {
                    push_point(text, start..range.start, &mut points);
                }
            }
            _ if paragraph.is_none() && verbatim == 0 && is_inline(&event) => {
                if let Some((own, _)) = items.last_mut() {
                    own.get_or_insert(range.start);
                }
            }
            _ => {}
        }
    }
    points.sort_unstable();
    points.dedup();
    points
}

/// Whether `event` is inline content (text, code, markup, breaks).
fn is_inline(event: &Event<'_>) -> bool {
    matches!(
        event,
        Event::Text(_)
            | Event::Code(_)
            | Event::InlineHtml(_)
            | Event::InlineMath(_)
            | Event::FootnoteReference(_)
            | Event::Start(
                Tag::Emphasis
                    | Tag::Strong
                    | Tag::Strikethrough
                    | Tag::Link { .. }
                    | Tag::Image { .. }
            )
    )
}

/// The end of `range`'s text without trailing whitespace, unless the text
/// holds an mdBook directive or is empty.
fn push_point(text: &str, range: Range<usize>, points: &mut Vec<usize>) {
    let mut body = text[range.clone()].trim_end();
    // An item's range can end on the next line's `>` of a block quote.
    while let Some(at) = body.rfind('\n')
        && body[at + 1..].trim().chars().all(|c| c == '>')
    {
        body = body[..at].trim_end();
    }
    let directive = body
        .match_indices("{{#")
        .any(|(at, _)| !body[..at].ends_with('\\'));
    if body.trim().is_empty() || directive || body.ends_with('\\') {
        return;
    }
    points.push(range.start + body.len());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_paragraph_and_tight_item_gets_one() {
        let text = "{{#include a.md}}\n\nTerm\n  : Its definition\n\nEscaped \\{{#include b.md}} stays.\n\n- see [a link][]\n\n[a link]: https://x.org\n\n# Title\n\nOne para\nspans lines.\n\n- tight *item*\n- two `x`\n  - nested\n\n> quoted\n\n| a | b |\n|---|---|\n| c | d |\n\n{{#include x.md}}\n\n* loose item:\n\n  ```rust\n  fn f() {}\n  ```\n";
        let (marked, n) = mark(text, "ev_", 0);
        assert_eq!(n, 9, "{marked}");
        assert!(
            marked.contains("  : Its definition [EVID:ev_0]\n"),
            "{marked}"
        );
        assert!(
            marked.contains("Escaped \\{{#include b.md}} stays. [EVID:ev_1]\n"),
            "{marked}"
        );
        assert!(
            marked.contains("- see [a link][] [EVID:ev_2]\n"),
            "{marked}"
        );
        assert!(
            marked.contains("* loose item: [EVID:ev_8]\n\n  ```rust\n  fn f() {}\n  ```\n"),
            "{marked}"
        );
        assert!(marked.contains("spans lines. [EVID:ev_3]\n"), "{marked}");
        assert!(marked.contains("- tight *item* [EVID:ev_4]\n"), "{marked}");
        assert!(
            marked.contains("- two `x` [EVID:ev_5]\n  - nested [EVID:ev_6]\n"),
            "{marked}"
        );
        assert!(marked.contains("> quoted [EVID:ev_7]\n"), "{marked}");
        assert!(
            marked.contains("| c | d |\n\n{{#include x.md}}\n"),
            "{marked}"
        );
    }

    #[test]
    fn an_item_in_a_quote_keeps_the_blank_line_after_it() {
        let text = "> - quoted item\n> - second\n>\n> After, a paragraph.\n";
        let (marked, n) = mark(text, "q", 1);
        assert_eq!(n, 3);
        assert_eq!(
            marked,
            "> - quoted item [EVID:q1]\n> - second [EVID:q2]\n>\n> After, a paragraph. [EVID:q3]\n"
        );
    }
}
