//! The last step of an import: the chapter, the importer's markers in it,
//! made safe to publish. Three classes of what a model's answer may hold
//! are escaped, each so that a reader sees the same text:
//!
//! 1. markup ([`super::answer_text`]): raw HTML, link reference
//!    definitions, links to anything but http(s) or `mailto:`;
//! 2. directives: every `{{` that begins one. mdBook's `links` preprocessor
//!    expands what its pattern (`find_links` in mdBook's `links.rs`, copied
//!    in `crates/evidence-core/src/source_map/expand.rs`) matches:
//!    `\{\{\s*\#([a-zA-Z0-9_]+)\s+([^}]+)\}\}` — `{{`, any white space
//!    (Unicode white space, line breaks included: `{{ #include x }}`,
//!    `{{\n#include x}}`, `{{\u{3000}#include x}}`), `#`, a name
//!    (`include`, `rustdoc_include`, `playground`, `playpen`, `title`), white
//!    space, then anything but `}` up to `}}`, line breaks included. So
//!    every directive starts with `{{`, white space and `#`, and so do
//!    this preprocessor's `{{#evidence-index}}` and the `{{#…}}` of other
//!    preprocessors. Each such `{{` is broken:
//!    - outside code, by a backslash between the braces: `{\{` renders as
//!      `{{`, and leaves no `{{` for any preprocessor (mdBook's own escape,
//!      `\{{#…}}`, would not do: `links` prints it as `{{#…}}`, which this
//!      preprocessor then reads as `{{#evidence-index}}`, and it escapes
//!      nothing when the `}}` is on another line or a space follows `{{`);
//!    - inside code (spans, blocks, and raw HTML, where a backslash shows),
//!      by mdBook's escape `\{{#…}}` where `links` reads it as one (no white
//!      space after `{{`, and a `}}` later on the line: `links` prints it
//!      without the backslash, so the code reads as written), else by a word
//!      joiner (U+2060, invisible) between the braces.
//! 3. markers: whatever the checker's own scanner ([`evidence_core::markers::scan`])
//!    reads as a marker and the importer did not write (`[ 1 ]`, `[1, 1]`,
//!    `[1-3]`, `[EVID:…]`, `[1;\u{a0}2]`, `(EVID:…)`, a rendered citation
//!    `[\[1\]](#evidence-…)`) gets a backslash before its opening bracket
//!    (`\[` renders `[`; an HTML one's `<` becomes `&lt;`). The chapter is
//!    scanned as the checker scans a chapter with a citation list, with
//!    every setting of the markdown extensions a book can switch, and no
//!    References section (the scanner skips markers in one).
//!
//! An escape can change how the text around it parses (a link broken, a
//! directive's braces freed), so the three run again on the result until
//! none has anything to escape; the chapter is written only then.

use crate::answer_text::{Edit, Edits, apply, markup_edits};
use anyhow::bail;
use evidence_core::markers::{MarkdownFlags, MarkerKind, ScanOptions, scan};
use mdbook_markdown::pulldown_cmark::{Event, Tag};
use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;

/// How many rounds of escapes may uncover more to escape: real answers
/// need one or two.
const MAX_ROUNDS: usize = 64;

/// The start of every directive: `{{`, white space as mdBook's pattern
/// reads it (`\s`, Unicode), `#`.
static OPENING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\{\{\s*\#").expect("a valid pattern"));

/// A directive that mdBook's escape (a backslash before it) escapes: the
/// escaped alternative of its pattern, `\\\{\{\#.*\}\}`, without the
/// backslash.
static ESCAPABLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\A\{\{\#.*\}\}").expect("a valid pattern"));

/// `chapter` with its markup, directives and marker look-alikes escaped
/// (see the module documentation). `ours` are the offsets of the `[` of the
/// markers the importer wrote, the only ones left to cite.
pub(super) fn secure(chapter: String, mut ours: Vec<usize>) -> anyhow::Result<String> {
    let mut text = chapter;
    ours.sort_unstable();
    for _ in 0..MAX_ROUNDS {
        let mut edits = markup_edits(&text);
        if edits.is_empty() {
            edits = directive_edits(&text);
        }
        if edits.is_empty() {
            edits = marker_edits(&text, &ours);
        }
        if edits.is_empty() {
            return Ok(text);
        }
        text = apply(&text, &edits, &mut ours);
    }
    bail!(
        "its text could not be made safe to publish: escaping its markup, directives and marker look-alikes uncovered more of them {MAX_ROUNDS} times over; import an excerpt of the answer without them"
    )
}

/// The edits that break every directive's `{{` (see the module
/// documentation).
fn directive_edits(text: &str) -> Edits {
    let mut edits = Edits::new();
    let openings: Vec<usize> = OPENING.find_iter(text).map(|m| m.start()).collect();
    if openings.is_empty() {
        return edits;
    }
    let code = code_ranges(text);
    let escaped = evidence_core::source_map::escaped_links_directives(text);
    for at in openings {
        if !inside(&code, at) {
            edits.insert(at + 1, Edit::Backslash);
            continue;
        }
        // Inside an escaped directive, which `links` prints as it is.
        if inside(&escaped, at) {
            continue;
        }
        let line_end = text[at..].find('\n').map_or(text.len(), |nl| at + nl);
        if ESCAPABLE.is_match(&text[at..line_end]) {
            edits.insert(at, Edit::Backslash);
        } else {
            edits.insert(at + 1, Edit::WordJoiner);
        }
    }
    edits
}

/// Whether `at` is inside one of `ranges` (sorted by start, not
/// overlapping).
fn inside(ranges: &[Range<usize>], at: usize) -> bool {
    let i = ranges.partition_point(|r| r.start <= at);
    i > 0 && at < ranges[i - 1].end
}

/// Where a backslash would show: code spans and blocks, raw HTML, math and
/// metadata, merged and in order.
fn code_ranges(text: &str) -> Vec<Range<usize>> {
    let options = mdbook_markdown::MarkdownOptions::default();
    let mut out: Vec<Range<usize>> = Vec::new();
    for (event, range) in mdbook_markdown::new_cmark_parser(text, &options).into_offset_iter() {
        let code = matches!(
            event,
            Event::Code(_)
                | Event::Html(_)
                | Event::InlineHtml(_)
                | Event::InlineMath(_)
                | Event::DisplayMath(_)
                | Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock | Tag::MetadataBlock(_))
        );
        if code {
            out.push(range);
        }
    }
    out.sort_by_key(|r| r.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(out.len());
    for range in out {
        match merged.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => merged.push(range),
        }
    }
    merged
}

/// The edits that escape every marker the scanner reads in `text` that is
/// not one of `ours` (sorted).
fn marker_edits(text: &str, ours: &[usize]) -> Edits {
    let mut edits = Edits::new();
    if !text.contains(['[', '(', '<']) {
        return edits;
    }
    for markdown in flag_sets() {
        let options = ScanOptions {
            markdown,
            numbered: true,
            // No heading is titled so (pulldown-cmark reads NUL as U+FFFD):
            // no References section hides a marker.
            references_title: "\u{0}",
            claim_min_words: 3,
        };
        for marker in scan(text, &options).markers {
            let at = marker.span.start;
            if matches!(marker.kind, MarkerKind::Number(_)) && ours.binary_search(&at).is_ok() {
                continue;
            }
            // The later parts of a list (`2]` of `[1, 2]`) go with its
            // first, whose bracket is escaped.
            match text.as_bytes().get(at) {
                Some(b'[' | b'(') => {
                    edits.insert(at, Edit::Backslash);
                }
                Some(b'<') => {
                    edits.insert(at, Edit::LessThan);
                }
                _ => {}
            }
        }
    }
    edits
}

/// Every setting of the markdown extensions a book can switch.
fn flag_sets() -> impl Iterator<Item = MarkdownFlags> {
    (0..8u8).map(|bits| MarkdownFlags {
        smart_punctuation: bits & 1 != 0,
        definition_lists: bits & 2 != 0,
        admonitions: bits & 4 != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secured(text: &str) -> String {
        secure(text.to_owned(), Vec::new()).expect("secured")
    }

    #[test]
    fn every_directive_opening_is_broken_outside_code() {
        for (answer, out) in [
            ("{{#include ../../secret}}", "{\\{#include ../../secret}}"),
            ("{{ #include x }}", "{\\{ #include x }}"),
            ("{{\n#include\nx\n}}", "{\\{\n#include\nx\n}}"),
            ("{{\u{3000}#title T}}", "{\\{\u{3000}#title T}}"),
            ("{{{#playground a.rs}}", "{{\\{#playground a.rs}}"),
            ("\\{{#evidence-index}}", "\\{\\{#evidence-index}}"),
        ] {
            assert_eq!(secured(&format!("{answer}\n")), format!("{out}\n"));
        }
    }

    #[test]
    fn inside_code_mdbooks_escape_or_a_word_joiner() {
        assert_eq!(
            secured("```\n{{#include /etc/passwd}}\n```\n"),
            "```\n\\{{#include /etc/passwd}}\n```\n"
        );
        assert_eq!(
            secured("`{{ #include x }}` and `{{#include y\n}}`\n"),
            "`{\u{2060}{ #include x }}` and `{\u{2060}{#include y\n}}`\n"
        );
        // Already escaped in code: left as written.
        let kept = "```\n\\{{#include x}} {{#include y}}\n```\n";
        assert_eq!(secured(kept), kept);
    }

    #[test]
    fn marker_look_alikes_are_escaped_and_ours_kept() {
        let text = "A [1] b [ 1 ] c [1, 2] d [1-3] e [EVID:x] f (EVID:y) g [\\[1\\]](#evidence-x) h [1;\u{a0}2]\n";
        let ours = vec![2];
        let out = secure(text.to_owned(), ours).expect("secured");
        assert_eq!(
            out,
            "A [1] b \\[ 1 ] c \\[1, 2] d \\[1-3] e \\[EVID:x] f \\(EVID:y) g \\[\\[1\\]](#evidence-x) h \\[1;\u{a0}2]\n"
        );
    }
}
