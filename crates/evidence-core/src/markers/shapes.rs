//! The shapes a marker is written in. Besides `[EVID:<id>]` and `[N]`,
//! the shapes that models and people commonly write are read as the
//! citations they plainly mean:
//!
//! - `[EVID:a, b]`, `[EVID:a; b]`, `[EVID:a, EVID:b]`: one citation per id;
//! - the tag in any case (`[evid:a]`), spaces around ids (`[EVID: a ]`);
//! - in a chapter with a citation list, `[1, 2]`, `[1; 2]` and ranges
//!   `[1-3]`, `[1–3]`, `[1, 4-6]` (at most [`MAX_RANGE`] numbers a range).
//!
//! A shape that looks like a marker but cannot be read as one — an empty
//! or malformed id, a range that runs backwards, a marker in parentheses —
//! is a [`MarkerKind::Malformed`] holding what was written, and
//! [`malformed_fix`] says exactly what to change.

use crate::markers::MarkerKind;
use crate::syntax::{EVIDENCE_MARKER_TAG, is_evidence_id};
use std::fmt;
use std::ops::Range;

/// The most numbers one range (`[1-100]`) stands for: a longer one is
/// more likely a typo than a hundred citations.
pub(crate) const MAX_RANGE: u32 = 100;

/// Why a marker-like text cannot be read as a marker.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Problem {
    /// `[EVID:]`.
    NoId,
    /// `[EVID:a,]`, `[EVID:a,,b]`.
    EmptyEntry,
    /// `[EVID:ev a]`.
    SpaceInId(String),
    /// `[EVID:ev|a]`.
    NotAnId(String),
    /// `[3-1]`.
    Backwards(u32, u32),
    /// `[3-3]`.
    RangeOfOne(u32),
    /// `[1-500]`.
    RangeTooLong(u32, u32),
    /// `(EVID:a)`.
    Parentheses(String),
    /// `[[EVID:a]]`.
    DoubleBrackets(String),
    /// `［1］`, `[１]`, `。(1)`: the marker meant, in ASCII.
    LookAlike(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NoId => write!(
                f,
                "the marker names no evidence id; write `[{EVIDENCE_MARKER_TAG}<id>]` with an id from the store"
            ),
            Problem::EmptyEntry => {
                write!(
                    f,
                    "the list of ids has an empty entry; remove the extra `,`"
                )
            }
            Problem::SpaceInId(id) => write!(
                f,
                "`{id}` has a space, and ids have none; to cite several items, separate their ids with commas: `[{EVIDENCE_MARKER_TAG}a, b]`"
            ),
            Problem::NotAnId(id) => write!(
                f,
                "`{id}` is not an evidence id: ids are made of ASCII letters, digits and `_ . : / -`"
            ),
            Problem::Backwards(from, to) => {
                write!(f, "the range runs backwards; write `[{to}-{from}]`")
            }
            Problem::RangeOfOne(n) => write!(f, "the range holds one number; write `[{n}]`"),
            Problem::RangeTooLong(from, to) => write!(
                f,
                "the range {from}-{to} stands for more than {MAX_RANGE} citations; list the numbers you cite"
            ),
            Problem::Parentheses(inner) => {
                write!(f, "markers are written in square brackets: `[{inner}]`")
            }
            Problem::DoubleBrackets(inner) => {
                write!(f, "a marker takes one pair of brackets: `[{inner}]`")
            }
            Problem::LookAlike(meant) => write!(
                f,
                "it only looks like a citation (full-width or in parentheses); write it in ASCII square brackets and digits: `{meant}`"
            ),
        }
    }
}

/// The markers a written marker stands for, each with its part of what
/// was written, or why it cannot be read.
type Read = Result<Vec<(Range<usize>, MarkerKind)>, Problem>;

/// A marker as written in a run of text: the bytes it covers, and the
/// markers it stands for, each with the part of those bytes that is its
/// own (relative to the start of what was written). The parts cover the
/// whole, in order; the numbers of a range share their range's part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Written {
    /// The bytes of the run the marker covers.
    pub span: Range<usize>,
    /// The markers, each with its part.
    pub markers: Vec<(Range<usize>, MarkerKind)>,
}

/// Every marker written in a run of text: bracketed (`[EVID:…]`, and
/// `[N]` forms when `numbered`) and the parenthesized `(EVID:…)`, which is
/// malformed. In order; none overlaps another.
pub(super) fn find_written(text: &str, numbered: bool) -> Vec<Written> {
    let mut out = Vec::new();
    for (open, close) in [('[', ']'), ('(', ')')] {
        let mut i = 0;
        while let Some(at) = text[i..].find(open) {
            let start = i + at;
            let Some(len) = text[start + 1..].find([open, close, '[', ']', '\n']) else {
                break;
            };
            let end = start + 1 + len;
            if text.as_bytes()[end] != close as u8 {
                i = end;
                continue;
            }
            let inner = &text[start + 1..end];
            let read = if open == '[' {
                read_bracketed(inner, numbered)
            } else {
                has_tag(inner).then(|| Err(Problem::Parentheses(inner.trim().to_owned())))
            };
            let doubled = open == '['
                && has_tag(inner)
                && text[..start].ends_with('[')
                && text[end + 1..].starts_with(']');
            if doubled {
                // `[[EVID:a]]`: read as written, with its fix.
                out.push(Written {
                    span: start - 1..end + 2,
                    markers: vec![(
                        0..end + 3 - start,
                        MarkerKind::Malformed(text[start - 1..end + 2].to_owned()),
                    )],
                });
                i = end + 2;
                continue;
            }
            if let Some(read) = read {
                let whole = 0..end + 1 - start;
                let markers = match read {
                    Ok(markers) => markers,
                    Err(_) => vec![(whole, MarkerKind::Malformed(text[start..=end].to_owned()))],
                };
                out.push(Written {
                    span: start..end + 1,
                    markers,
                });
            }
            i = end + 1;
        }
    }
    out.extend(crate::markers::lookalikes::find(text, numbered));
    out.sort_by_key(|w| w.span.start);
    let mut last_end = 0;
    out.retain(|w| {
        let keep = w.span.start >= last_end;
        last_end = last_end.max(w.span.end);
        keep
    });
    out
}

/// What to change in a malformed marker, as written (`[EVID:]`,
/// `(EVID:a)`, `[3-1]`).
pub fn malformed_fix(written: &str) -> String {
    let problem = if let Some(meant) = crate::markers::lookalikes::meant(written) {
        Some(Problem::LookAlike(meant))
    } else if let Some(inner) = written.strip_prefix('(').and_then(|w| w.strip_suffix(')')) {
        Some(Problem::Parentheses(inner.trim().to_owned()))
    } else if let Some(inner) = written
        .strip_prefix("[[")
        .and_then(|w| w.strip_suffix("]]"))
    {
        Some(Problem::DoubleBrackets(inner.trim().to_owned()))
    } else {
        written
            .strip_prefix('[')
            .and_then(|w| w.strip_suffix(']'))
            .and_then(|inner| read_bracketed(inner, true))
            .and_then(Result::err)
    };
    match problem {
        Some(problem) => problem.to_string(),
        None => format!("write `[{EVIDENCE_MARKER_TAG}<id>]` with the exact id from the store"),
    }
}

/// Whether `inner` opens with the evidence tag, in any case.
pub(super) fn has_tag(inner: &str) -> bool {
    inner
        .get(..EVIDENCE_MARKER_TAG.len())
        .is_some_and(|tag| tag.eq_ignore_ascii_case(EVIDENCE_MARKER_TAG))
}

/// The markers of the text inside a pair of brackets, with their parts
/// relative to the opening bracket; `None` when it is not a marker at all.
fn read_bracketed(inner: &str, numbered: bool) -> Option<Read> {
    if has_tag(inner) {
        Some(read_ids(inner))
    } else if numbered {
        read_numbers(inner)
    } else {
        None
    }
}

/// The entries of a list separated by `,` or `;`: each trimmed, with its
/// offset in `list`.
fn entries(list: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    list.split([',', ';']).map(move |entry| {
        let offset = at + (entry.len() - entry.trim_start().len());
        at += entry.len() + 1;
        (offset, entry.trim())
    })
}

/// `EVID:a, b`: one evidence marker per id.
fn read_ids(inner: &str) -> Read {
    let tag = EVIDENCE_MARKER_TAG.len();
    let body = &inner[tag..];
    if body.trim().is_empty() {
        return Err(Problem::NoId);
    }
    let mut ids = Vec::new();
    for (i, (offset, entry)) in entries(body).enumerate() {
        let id = if i > 0 && has_tag(entry) {
            entry[tag..].trim_start()
        } else {
            entry
        };
        if id.is_empty() {
            return Err(Problem::EmptyEntry);
        }
        if id.contains(char::is_whitespace) {
            return Err(Problem::SpaceInId(id.to_owned()));
        }
        if !is_evidence_id(id) {
            return Err(Problem::NotAnId(id.to_owned()));
        }
        // Parts start at each entry: `[EVID:a, ` and `b]`.
        let part_start = if i == 0 { 0 } else { 1 + tag + offset };
        ids.push((part_start, MarkerKind::Evidence(id.to_owned())));
    }
    Ok(parts(ids, inner.len() + 2))
}

/// Whether `inner` reads as citation numbers (`1`, `1, 3-5`).
pub(super) fn reads_as_numbers(inner: &str) -> bool {
    matches!(read_numbers(inner), Some(Ok(_)))
}

/// `1, 3-5`: one number marker per number, when every entry is a number
/// or a range; `None` when the brackets hold anything else.
fn read_numbers(inner: &str) -> Option<Read> {
    let mut numbers = Vec::new();
    let mut problem = None;
    for (i, (offset, entry)) in entries(inner).enumerate() {
        let part_start = if i == 0 { 0 } else { 1 + offset };
        match entry.split_once(['-', '–']) {
            None => numbers.push((part_start, MarkerKind::Number(citation_number(entry)?))),
            Some((from, to)) => {
                let (from, to) = (citation_number(from.trim())?, citation_number(to.trim())?);
                if from > to {
                    problem.get_or_insert(Problem::Backwards(from, to));
                } else if from == to {
                    problem.get_or_insert(Problem::RangeOfOne(from));
                } else if to - from >= MAX_RANGE {
                    problem.get_or_insert(Problem::RangeTooLong(from, to));
                } else {
                    numbers.extend((from..=to).map(|n| (part_start, MarkerKind::Number(n))));
                }
            }
        }
    }
    Some(match problem {
        Some(problem) => Err(problem),
        None => Ok(parts(numbers, inner.len() + 2)),
    })
}

/// A citation number as written: digits without a leading zero, at most
/// nine of them.
fn citation_number(text: &str) -> Option<u32> {
    (!text.is_empty()
        && text.len() <= 9
        && !text.starts_with('0')
        && text.bytes().all(|b| b.is_ascii_digit()))
    .then(|| text.parse().ok())
    .flatten()
}

/// Markers with the start of their part, in order, to markers with their
/// parts: each runs to the next part's start (the last to `len`); markers
/// that share a start share a part.
fn parts(starts: Vec<(usize, MarkerKind)>, len: usize) -> Vec<(Range<usize>, MarkerKind)> {
    // The next greater start, found from the back: a range's markers share
    // one start, and looking ahead from each was quadratic in its length.
    let mut ends = vec![len; starts.len()];
    for i in (0..starts.len().saturating_sub(1)).rev() {
        ends[i] = if starts[i + 1].0 > starts[i].0 {
            starts[i + 1].0
        } else {
            ends[i + 1]
        };
    }
    starts
        .into_iter()
        .zip(ends)
        .map(|((start, kind), end)| (start..end, kind))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What each marker of `text` stands for, with the text of its part.
    fn read(text: &str, numbered: bool) -> Vec<(String, MarkerKind)> {
        find_written(text, numbered)
            .into_iter()
            .flat_map(|w| {
                w.markers.into_iter().map(move |(part, kind)| {
                    let at = w.span.start;
                    (text[at + part.start..at + part.end].to_owned(), kind)
                })
            })
            .collect()
    }

    fn ev(id: &str) -> MarkerKind {
        MarkerKind::Evidence(id.into())
    }

    #[test]
    fn lists_of_ids_and_any_case_tag_are_read_as_citations() {
        assert_eq!(
            read("a [EVID:x, y] b", false),
            [("[EVID:x, ".into(), ev("x")), ("y]".into(), ev("y"))]
        );
        assert_eq!(
            read("[evid:x;EVID: y ]", false),
            [("[evid:x;".into(), ev("x")), ("EVID: y ]".into(), ev("y"))]
        );
        assert_eq!(read("[Evid: x ]", false), [("[Evid: x ]".into(), ev("x"))]);
    }

    #[test]
    fn number_lists_and_ranges_are_read_in_numbered_chapters_only() {
        let n = MarkerKind::Number;
        assert_eq!(
            read("[1, 2]", true),
            [("[1, ".into(), n(1)), ("2]".into(), n(2))]
        );
        assert_eq!(
            read("[1–3]", true),
            [
                ("[1–3]".into(), n(1)),
                ("[1–3]".into(), n(2)),
                ("[1–3]".into(), n(3))
            ]
        );
        assert_eq!(
            read("[4; 6 - 7]", true),
            [
                ("[4; ".into(), n(4)),
                ("6 - 7]".into(), n(6)),
                ("6 - 7]".into(), n(7))
            ]
        );
        assert!(read("[1, 2] [1-3]", false).is_empty());
        for text in ["[01]", "[1, x]", "[0-3]", "[1,]", "[]", "[a-b]"] {
            assert!(read(text, true).is_empty(), "{text}");
        }
    }

    #[test]
    fn malformed_shapes_say_what_to_change() {
        for (text, fix) in [
            ("[EVID:]", "names no evidence id"),
            ("[EVID:  ]", "names no evidence id"),
            ("[EVID:a,]", "empty entry"),
            ("[EVID:ev a]", "`ev a` has a space"),
            ("[EVID:ev|a]", "`ev|a` is not an evidence id"),
            ("[EVID:東京]", "`東京` is not an evidence id"),
            ("(EVID:ev_a)", "square brackets: `[EVID:ev_a]`"),
            ("(evid: ev_a )", "square brackets: `[evid: ev_a]`"),
            ("[3-1]", "write `[1-3]`"),
            ("[3-3]", "write `[3]`"),
            ("[1-101]", "more than 100"),
            ("[１]", "ASCII square brackets and digits: `[1]`"),
            ("［1，２］", "ASCII square brackets and digits: `[1,2]`"),
            (
                "【EVID:ev_a】",
                "ASCII square brackets and digits: `[EVID:ev_a]`",
            ),
        ] {
            let found = read(text, true);
            assert_eq!(
                found,
                [(text.to_owned(), MarkerKind::Malformed(text.into()))],
                "{text}"
            );
            assert!(
                malformed_fix(text).contains(fix),
                "{text}: {}",
                malformed_fix(text)
            );
        }
        assert_eq!(read("[1-100]", true).len(), 100);
    }

    #[test]
    fn parentheses_without_the_tag_and_brackets_inside_are_left_alone() {
        assert!(read("(see above) (EVID) (x EVID:a)", true).is_empty());
        // A bracketed malformed marker holding a parenthesized one is one marker.
        assert_eq!(
            read("[EVID:(EVID:a)]", false),
            [(
                "[EVID:(EVID:a)]".into(),
                MarkerKind::Malformed("[EVID:(EVID:a)]".into())
            )]
        );
        // Non-ASCII text around markers.
        assert_eq!(
            read("東京\u{a0}[EVID:a,\u{3000}b]\u{200f}", false),
            [("[EVID:a,\u{3000}".into(), ev("a")), ("b]".into(), ev("b"))]
        );
    }
}
