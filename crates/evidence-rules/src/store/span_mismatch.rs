//! `span-mismatch`: when a cited item carries its document's text
//! (`content`), its offsets must select exactly the text it quotes.
//!
//! Offsets count characters (Unicode scalar values) from 0, end exclusive,
//! as the model APIs' `start_char_index`/`end_char_index` do (an item keeps
//! them as `source_span`). `source_span` must select `cited_text` (else
//! `quote_span.text`), and a `quote_span` with `start` and `end` must select
//! its `text`. An item without `content` cannot be checked.

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::markers::Scan;
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, char_slice};
use std::collections::HashSet;

/// What `span-mismatch` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SpanMismatch,
    help: "fix the item's offsets (characters from 0, end exclusive) or its quoted text, so that the span of `content` is exactly the quote",
    doc: &[
        "A cited item's `source_span` or `quote_span` does not select, in its",
        "`content`, the text it quotes.",
    ],
    guide_page: guide_page!("span-mismatch"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// One finding per cited item whose spans do not reproduce its quotes, at
/// the item's first resolving marker in the chapter.
/// `resolved[i]` is the resolution of `scan.markers[i]`.
pub(crate) fn span_mismatches(scan: &Scan, resolved: &[Option<Resolved<'_>>]) -> Vec<Finding> {
    let mut seen = HashSet::new();
    let mut findings = Vec::new();
    for (marker, evidence) in scan.markers.iter().zip(resolved) {
        let Some(evidence) = evidence else { continue };
        if !seen.insert(evidence.id) {
            continue;
        }
        if let Some(problem) = check(evidence.item) {
            findings.push(Finding {
                rule: Rule::SpanMismatch,
                message: format!("evidence `{}`: {problem}", evidence.id),
                span: marker.span.clone(),
                block: marker.block.map(BlockId),
                evidence_ids: vec![evidence.id.to_owned()],
                excerpt: None,
            });
        }
    }
    findings
}

/// What is wrong with an item's spans, if anything.
pub(crate) fn check(item: &EvidenceItem) -> Option<String> {
    let content = item.content.as_deref()?;
    if let Some([start, end]) = item.source_span {
        let (quote, name) = match (&item.cited_text, &item.quote_span) {
            (Some(text), _) => (Some(text.as_str()), "`cited_text`"),
            (None, Some(span)) => (Some(span.text.as_str()), "`quote_span.text`"),
            (None, None) => (None, ""),
        };
        if let Some(problem) = compare(content, "`source_span`", start, end, quote, name) {
            return Some(problem);
        }
    }
    if let Some(span) = &item.quote_span
        && let (Some(start), Some(end)) = (span.start, span.end)
    {
        return compare(
            content,
            "`quote_span`",
            start,
            end,
            Some(&span.text),
            "`quote_span.text`",
        );
    }
    None
}

/// Checks that `content[start..end]` (in characters) exists and is `quote`.
fn compare(
    content: &str,
    span_name: &str,
    start: u64,
    end: u64,
    quote: Option<&str>,
    quote_name: &str,
) -> Option<String> {
    let Some(selected) = char_slice(content, start, end) else {
        return Some(format!(
            "{span_name} [{start}, {end}] is not a range of `content`, which has {} characters; offsets count characters, end exclusive",
            content.chars().count()
        ));
    };
    let quote = quote?;
    if selected == quote {
        return None;
    }
    // Show both texts from a little before where they part.
    let differ = selected
        .chars()
        .zip(quote.chars())
        .take_while(|(a, b)| a == b)
        .count();
    let from = differ.saturating_sub(20);
    let at = if from > 0 {
        format!(" (they differ from character {differ} of the span)")
    } else {
        String::new()
    };
    Some(format!(
        "{span_name} [{start}, {end}] selects {} from `content`, not the {quote_name} {}{at}; offsets count characters, end exclusive",
        excerpt(selected, from),
        excerpt(quote, from)
    ))
}

/// A quoted rendering of a passage for a message: at most 60 characters
/// from character `from`, with `…` where text is left out.
fn excerpt(text: &str, from: usize) -> String {
    const MAX: usize = 60;
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.extend(text.chars().skip(from).take(MAX));
    if text.chars().count() > from + MAX {
        out.push('…');
    }
    evidence_core::escape::quoted(&out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use evidence_core::store::QuoteSpan;

    fn item(content: &str) -> EvidenceItem {
        EvidenceItem {
            id: "ev".into(),
            content: Some(content.into()),
            ..EvidenceItem::default()
        }
    }

    const DOC: &str = "The grass is green. The sky is blue.";

    #[test]
    fn exact_spans_pass() {
        let mut it = item(DOC);
        it.cited_text = Some("The grass is green. ".into());
        it.source_span = Some([0, 20]);
        it.quote_span = Some(QuoteSpan {
            start: Some(20),
            end: Some(36),
            text: "The sky is blue.".into(),
        });
        assert_eq!(check(&it), None);
    }

    #[test]
    fn offsets_count_characters_not_bytes() {
        let doc = "Le café coûte 2,50 €. Le thé aussi.";
        let mut it = item(doc);
        // "Le thé aussi." starts at character 22 (byte 26).
        it.cited_text = Some("Le thé aussi.".into());
        it.source_span = Some([22, 35]);
        assert_eq!(check(&it), None);
        it.source_span = Some([26, 39]);
        assert!(check(&it).is_some());
    }

    #[test]
    fn a_span_selecting_other_text_is_named_with_both_texts() {
        let mut it = item(DOC);
        it.cited_text = Some("The sky is blue.".into());
        it.source_span = Some([0, 16]);
        let message = check(&it).unwrap();
        assert!(
            message.starts_with(
                "`source_span` [0, 16] selects \"The grass is gre\" from `content`, not the `cited_text` \"The sky is blue.\""
            ),
            "{message}"
        );
    }

    #[test]
    fn long_texts_are_shown_from_where_they_differ() {
        let doc = format!("{} rates rose.", "word ".repeat(30));
        let mut it = item(&doc);
        it.cited_text = Some(format!("{} rates fell.", "word ".repeat(30)));
        it.source_span = Some([0, doc.chars().count() as u64]);
        let message = check(&it).unwrap();
        assert!(
            message.contains("selects \"…rd word word  rates rose.\" from `content`, not the `cited_text` \"…rd word word  rates fell.\" (they differ from character 157 of the span)"),
            "{message}"
        );
    }

    #[test]
    fn source_span_falls_back_to_the_quote_text() {
        let mut it = item(DOC);
        it.source_span = Some([20, 36]);
        it.quote_span = Some(QuoteSpan {
            start: None,
            end: None,
            text: "The sky is green.".into(),
        });
        assert!(check(&it).unwrap().contains("`quote_span.text`"));
    }

    #[test]
    fn out_of_range_or_reversed_spans_are_reported() {
        for span in [[0, 37], [40, 41], [5, 4]] {
            let mut it = item(DOC);
            it.source_span = Some(span);
            let message = check(&it).unwrap();
            assert!(message.contains("has 36 characters"), "{message}");
        }
        let mut it = item(DOC);
        it.quote_span = Some(QuoteSpan {
            start: Some(30),
            end: Some(99),
            text: "blue.".into(),
        });
        assert!(check(&it).unwrap().starts_with("`quote_span` [30, 99]"));
        // The whole text, and an empty span at the very end, are ranges.
        it.quote_span = Some(QuoteSpan {
            start: Some(0),
            end: Some(36),
            text: DOC.into(),
        });
        assert_eq!(check(&it), None);
        let mut it = item(DOC);
        it.source_span = Some([36, 36]);
        assert_eq!(check(&it), None);
    }

    #[test]
    fn without_content_nothing_is_checked() {
        let mut it = item(DOC);
        it.content = None;
        it.source_span = Some([0, 999]);
        it.cited_text = Some("anything".into());
        assert_eq!(check(&it), None);
    }
}
