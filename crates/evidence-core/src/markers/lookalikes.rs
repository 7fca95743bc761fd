//! Citations written in look-alike characters: full-width brackets and
//! digits (`［1］`, `【2】`, `[１]`, `［EVID:a］`) and numbers in parentheses
//! closing a sentence (`…した。(1)`, `It fell. （2）`). Input methods for
//! Chinese, Japanese and Korean type these forms, and models copy them; a
//! reader takes each for a citation, but none is one. Each is a
//! [`MarkerKind::Malformed`] whose fix names the ASCII marker meant, so the
//! claim is reported instead of reading as cited or as no claim at all.
//!
//! A number in parentheses inside a sentence (`options (1) and (2)`) is an
//! enumeration, not a citation: only one that closes a line after the
//! sentence's end is read.

use crate::markers::MarkerKind;
use crate::markers::shapes::{Written, has_tag, reads_as_numbers};
use crate::syntax::is_bidi_control;
use std::ops::Range;

/// Pairs of brackets that stand for a marker's `[` and `]` wherever they
/// are written.
const BRACKETS: [(char, char); 3] = [('［', '］'), ('【', '】'), ('〔', '〕')];

/// Pairs of parentheses: a number in them is a citation only at a
/// sentence's tail.
const PARENTHESES: [(char, char); 2] = [('(', ')'), ('（', '）')];

/// Whether `text` may hold a full-width look-alike marker: a cheap filter
/// on the lead bytes of the characters above (and of full-width digits).
/// ASCII `(` and `[` the caller looks for itself.
pub(super) fn may_hold(text: &str) -> bool {
    text.bytes().any(|b| matches!(b, 0xE3 | 0xEF))
}

/// `text` with full-width ASCII forms (`１`, `，`, `：`) and the
/// ideographic space and comma read as their ASCII counterparts.
pub(crate) fn fold_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            '、' => ',',
            _ => c,
        })
        .collect()
}

/// The ASCII marker a look-alike stands for (`［１］` → `[1]`), when
/// `written` is one.
pub(crate) fn meant(written: &str) -> Option<String> {
    let mut chars = written.chars();
    let open = chars.next()?;
    let close = chars.next_back()?;
    let inner = fold_width(chars.as_str());
    let inner = inner.trim();
    let paired = |pairs: &[(char, char)]| pairs.contains(&(open, close));
    let ascii_brackets = open == '[' && close == ']';
    if !(paired(&BRACKETS) || paired(&PARENTHESES) || ascii_brackets) {
        return None;
    }
    // `[1]` reads; `(EVID:a)` has its own fix.
    if (ascii_brackets && inner == chars.as_str().trim()) || (open == '(' && has_tag(inner)) {
        return None;
    }
    let reads = has_tag(inner) || reads_as_numbers(inner);
    reads.then(|| format!("[{inner}]"))
}

/// Every look-alike marker in a run of text, in order. Numbers count only
/// where `numbered` makes `[N]` a marker; tags count everywhere, except
/// `(EVID:…)`, which [`super::shapes`] reads.
pub(super) fn find(text: &str, numbered: bool) -> Vec<Written> {
    let mut out = Vec::new();
    let mut pairs: Vec<(char, char)> = BRACKETS.to_vec();
    pairs.extend(PARENTHESES);
    pairs.push(('[', ']'));
    let mut tail: Vec<Range<usize>> = Vec::new();
    for (open, close) in pairs {
        for (start, _) in text.match_indices(open) {
            let inner_start = start + open.len_utf8();
            let Some(len) = text[inner_start..].find([open, close, '\n']) else {
                continue;
            };
            let end = inner_start + len;
            if !text[end..].starts_with(close) || len > 64 {
                continue;
            }
            let span = start..end + close.len_utf8();
            let written = &text[span.clone()];
            let inner = fold_width(&text[inner_start..end]);
            let tagged = has_tag(inner.trim());
            if meant(written).is_none() || (!tagged && !numbered) || (tagged && open == '(') {
                continue;
            }
            if PARENTHESES.contains(&(open, close)) && !tagged {
                tail.push(span);
            } else {
                out.push(malformed(text, span));
            }
        }
    }
    tail.sort_by_key(|span| span.start);
    out.extend(
        at_tails(text, tail)
            .into_iter()
            .map(|span| malformed(text, span)),
    );
    out
}

/// The look-alike at `span` of `text`, as one malformed marker.
fn malformed(text: &str, span: Range<usize>) -> Written {
    Written {
        markers: vec![(
            0..span.len(),
            MarkerKind::Malformed(text[span.clone()].to_owned()),
        )],
        span,
    }
}

/// The parenthesized numbers that close a sentence: a run of them, with
/// only blanks between, after a sentence's end and before the line's end.
fn at_tails(text: &str, spans: Vec<Range<usize>>) -> Vec<Range<usize>> {
    let mut runs: Vec<Vec<Range<usize>>> = Vec::new();
    for span in spans {
        match runs.last_mut() {
            Some(run) if is_blank_text(&text[run[run.len() - 1].end..span.start]) => {
                run.push(span);
            }
            _ => runs.push(vec![span]),
        }
    }
    runs.retain(|run| {
        let before = text[..run[0].start].trim_end_matches(is_blank);
        let rest_of_line = text[run[run.len() - 1].end..].split('\n').next();
        before.ends_with(['.', '。', '!', '！', '．']) && rest_of_line.is_none_or(is_blank_text)
    });
    runs.into_iter().flatten().collect()
}

/// Gaps and bidi marks (invisible beside right-to-left text) within a line.
fn is_blank(c: char) -> bool {
    c != '\n' && (crate::gaps::is_gap(c) || is_bidi_control(c))
}

/// Whether `text` is all [`is_blank`].
fn is_blank_text(text: &str) -> bool {
    text.chars().all(is_blank)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str, numbered: bool) -> Vec<&str> {
        let mut spans: Vec<_> = find(text, numbered).into_iter().map(|w| w.span).collect();
        spans.sort_by_key(|s| s.start);
        spans.into_iter().map(|s| &text[s]).collect()
    }

    #[test]
    fn full_width_brackets_are_read_anywhere_parentheses_at_a_tail() {
        assert_eq!(found("主張です。［1］", true), ["［1］"]);
        assert_eq!(found("주장［２］입니다", true), ["［２］"]);
        assert_eq!(found("した。(1)\nnext", true), ["(1)"]);
        assert_eq!(
            found("した。\u{3000}（１）(2) \u{200f}", true),
            ["（１）", "(2)"]
        );
        assert_eq!(found("\u{200f}خفض البنك الفائدة. (3)", true), ["(3)"]);
        assert_eq!(found("Stocks fell 🚀. [１, ２]", true), ["[１, ２]"]);
        assert_eq!(found("x 【EVID:a】 y", false), ["【EVID:a】"]);
    }

    #[test]
    fn enumerations_words_and_unnumbered_chapters_are_left_alone() {
        for text in [
            "options (1) hold and (2) cut.",
            "した。(1) 次に",
            "(1)",
            "した。［注］",
            "した。（出典）",
            "[1]",
            "(EVID:a)",
            "した。(1",
        ] {
            assert!(found(text, true).is_empty(), "{text}");
        }
        assert!(found("主張です。［1］ (2)", false).is_empty());
    }

    #[test]
    fn what_was_meant_is_the_ascii_marker() {
        assert_eq!(meant("［１］").as_deref(), Some("[1]"));
        assert_eq!(meant("（1、2）").as_deref(), Some("[1,2]"));
        assert_eq!(meant("(1)").as_deref(), Some("[1]"));
        assert_eq!(meant("[1]"), None);
        assert_eq!(meant("［注］"), None);
    }
}
