//! A model's answer is untrusted text: whatever in it would become markup
//! or pull in a file is escaped, so the page shows what the model wrote and
//! the citations the importer adds are the only markup.
//!
//! Markdown formatting (emphasis, lists, headings, code, http(s) links) is
//! kept. What is neutralized, found with pulldown-cmark offsets parsed with
//! mdBook's options, and escaped in place:
//! - raw HTML, block or inline (`<script>`, `<img onerror=…>`, comments): its
//!   `<` becomes `&lt;`, so the tag is shown as text;
//! - link reference definitions (`[1]: https://…`), which would turn the
//!   citations' `[N]` into links of the model's choosing: a backslash before
//!   their `[`;
//! - links, images and autolinks to anything but http(s) or `mailto:`
//!   (`javascript:`, `data:`, `file:`): a backslash before their `[` (or
//!   `&lt;` for the `<` of an autolink).
//!
//! mdBook directives and marker look-alikes are [`super::secure`]'s, which
//! calls this module's [`markup_edits`] and makes every edit with [`apply`].

use mdbook_markdown::pulldown_cmark::{Event, Tag};
use std::collections::BTreeMap;

/// What happens at a byte offset of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Edit {
    /// A backslash goes before the character there.
    Backslash,
    /// The `<` there becomes `&lt;`.
    LessThan,
    /// A word joiner (U+2060, invisible) goes before the character there.
    WordJoiner,
}

/// Edits by byte offset.
pub(super) type Edits = BTreeMap<usize, Edit>;

/// The edits that escape whatever in `answer` would become markup: raw
/// HTML, link reference definitions, and links to anything but http(s) or
/// `mailto:` (see the module documentation; directives and markers are
/// [`super::secure`]'s).
pub(super) fn markup_edits(answer: &str) -> Edits {
    let mut edits = Edits::new();
    let options = mdbook_markdown::MarkdownOptions::default();
    let mut parser = mdbook_markdown::new_cmark_parser(answer, &options).into_offset_iter();
    for (event, range) in parser.by_ref() {
        match event {
            Event::Html(_) | Event::InlineHtml(_) => {
                for (i, c) in answer[range.clone()].char_indices() {
                    if c == '<' {
                        edits.insert(range.start + i, Edit::LessThan);
                    }
                }
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if !is_safe_target(&dest_url) =>
            {
                match answer[range.clone()].find(['[', '<']) {
                    Some(at) if answer[range.start + at..].starts_with('<') => {
                        edits.insert(range.start + at, Edit::LessThan);
                    }
                    Some(at) => {
                        edits.insert(range.start + at, Edit::Backslash);
                    }
                    None => {}
                }
            }
            _ => {}
        }
    }
    for (_, definition) in parser.reference_definitions().iter() {
        let span = definition.span.clone();
        if let Some(at) = answer[span.clone()].find('[') {
            edits.insert(span.start + at, Edit::Backslash);
        }
    }
    edits
}

/// `text` with `edits` made; `marks` (offsets of characters in `text`)
/// follow the characters they point at. A mark with an edit at its own
/// offset is dropped when the edit escapes its character (a backslash, or
/// `&lt;`).
pub(super) fn apply(text: &str, edits: &Edits, marks: &mut Vec<usize>) -> String {
    let mut out = String::with_capacity(text.len() + edits.len() * 4);
    let mut from = 0;
    for (&at, edit) in edits {
        out.push_str(&text[from..at]);
        match edit {
            Edit::Backslash => {
                out.push('\\');
                from = at;
            }
            Edit::LessThan => {
                out.push_str("&lt;");
                from = at + 1;
            }
            Edit::WordJoiner => {
                out.push('\u{2060}');
                from = at;
            }
        }
    }
    out.push_str(&text[from..]);
    marks.retain(|mark| edits.get(mark).is_none_or(|edit| *edit == Edit::WordJoiner));
    // One walk over both, in order.
    marks.sort_unstable();
    let mut grown = 0;
    let mut pending = edits.iter().peekable();
    for mark in marks.iter_mut() {
        while let Some((_, edit)) = pending.next_if(|(at, _)| **at <= *mark) {
            grown += match edit {
                Edit::Backslash => 1,
                Edit::LessThan => 3,
                Edit::WordJoiner => '\u{2060}'.len_utf8(),
            };
        }
        *mark += grown;
    }
    out
}

/// Whether a link target may be kept: http(s), `mailto:`, or no scheme at
/// all (a fragment or a relative path).
fn is_safe_target(url: &str) -> bool {
    let url = url.trim_start();
    let scheme_len = url
        .find(':')
        .filter(|&colon| {
            colon > 0
                && url[..colon]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
                && url.as_bytes()[0].is_ascii_alphabetic()
        })
        .unwrap_or(0);
    if scheme_len == 0 {
        // No scheme: unless something before a `/`, `?` or `#` has a colon.
        return true;
    }
    matches!(
        url[..scheme_len].to_ascii_lowercase().as_str(),
        "http" | "https" | "mailto"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn neutralize(answer: &str) -> String {
        apply(answer, &markup_edits(answer), &mut Vec::new())
    }

    #[test]
    fn html_definitions_and_unsafe_links_become_text() {
        let answer = "Rates rose.<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n{{#include ../../secret}}\n\n[ 1 ]: https://evil.example\n\n[click](javascript:alert(3)) <javascript:alert(4)> ![i](data:x)\n";
        let out = neutralize(answer);
        assert_eq!(
            out,
            "Rates rose.&lt;script>alert(1)&lt;/script>\n\n&lt;img src=x onerror=alert(2)>\n\n{{#include ../../secret}}\n\n\\[ 1 ]: https://evil.example\n\n\\[click](javascript:alert(3)) &lt;javascript:alert(4)> !\\[i](data:x)\n"
        );
        // Nothing of the escaped answer parses as HTML, a definition or a
        // link any more.
        let mut parser =
            mdbook_markdown::new_cmark_parser(&out, &Default::default()).into_offset_iter();
        for (event, _) in parser.by_ref() {
            assert!(
                !matches!(
                    event,
                    Event::Html(_)
                        | Event::InlineHtml(_)
                        | Event::Start(Tag::Link { .. } | Tag::Image { .. })
                ),
                "{event:?} in {out}"
            );
        }
        assert!(parser.reference_definitions().iter().next().is_none());
    }

    #[test]
    fn formatting_and_safe_links_are_kept() {
        for answer in [
            "**Bold** and _em_ — 東京 4.4\u{a0}% 📈\n\n- a\n- b\n",
            "See [the statement](https://fed.gov/a) and <https://fed.gov/b>.\n",
            "`code <b>` stays, and so does a [fragment](#x).\n",
        ] {
            assert_eq!(neutralize(answer), answer);
        }
    }
}
