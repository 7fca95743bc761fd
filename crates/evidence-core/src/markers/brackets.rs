//! What the scanner finds in a run of text besides markers (which are
//! read in `shapes`): `{{#…}}` directives, and where a piece of the run's
//! text stands in the chapter.

use mdbook_markdown::pulldown_cmark::CowStr;
use std::ops::Range;

/// `{{#…}}` directives (mdBook's include and friends) in a run of text.
pub(super) fn directive_spans(text: &str) -> Vec<Range<usize>> {
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

/// The confidence labels in a run's joined text `joined`, written in the
/// chapter in a form a build replaces, with the space after them
/// ([`crate::syntax::confidence_label_len`]: `\[LOW CONFIDENCE\] ` or
/// `[LOW CONFIDENCE] `): each one's span in `joined` (its space included,
/// unless the line ends there: the parser drops a line's trailing spaces)
/// and where it starts in the chapter (its backslash included). `run`,
/// `starts` and `verbatim` are as for [`source_span`].
pub(super) fn confidence_labels(
    src: &str,
    run: &[(Range<usize>, CowStr<'_>)],
    starts: &[usize],
    verbatim: &[bool],
    joined: &str,
) -> Vec<(Range<usize>, usize)> {
    let mut out = Vec::new();
    for (at, _) in joined.match_indices('[') {
        let Some(label) = (crate::syntax::CONFIDENCE_LABELS.iter())
            .find(|label| joined[at..].starts_with(**label))
        else {
            continue;
        };
        let event = starts.partition_point(|&s| s <= at) - 1;
        if !verbatim[event] {
            continue;
        }
        let open = run[event].0.start + (at - starts[event]);
        let start = if is_escaped(src, open) {
            open - 1
        } else {
            open
        };
        // The chapter writes it in one of the forms: its escapes, if any,
        // on both brackets, and a space after it.
        let escapes = if start < open { 2 } else { 0 };
        let written = src
            .get(start..)
            .and_then(crate::syntax::confidence_label_len);
        if written == Some(label.len() + escapes + 1) {
            let end = at + label.len();
            let space = usize::from(joined[end..].starts_with(' '));
            out.push((at..end + space, start));
        }
    }
    out
}

/// Maps a span of a run's joined text back to the chapter, if the text there
/// is verbatim source (no escapes, entities or smart punctuation) and the
/// events it touches are contiguous in the source. `verbatim[i]` says
/// whether event `i`'s text is its source, found once per run: comparing
/// here, for every marker, was quadratic when one event holds them all.
pub(super) fn source_span(
    src: &str,
    run: &[(Range<usize>, CowStr<'_>)],
    starts: &[usize],
    verbatim: &[bool],
    span: &Range<usize>,
) -> Option<Range<usize>> {
    let first = starts.partition_point(|&s| s <= span.start) - 1;
    let last = starts.partition_point(|&s| s < span.end) - 1;
    for i in first..=last {
        let range = &run[i].0;
        if !verbatim[i] {
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
