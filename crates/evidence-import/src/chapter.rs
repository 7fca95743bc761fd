//! The chapter: a model's answer with the importer's `[N]` markers spliced
//! in where its citations end.
//!
//! An importer gives the answer's text and, for each citation, the byte
//! offset where it ends and the draft it cites. The chapter is then made in
//! one pass over the text, never re-serialized:
//! 1. spans the importer replaces by a marker (the model's own citation
//!    links) are cut out;
//! 2. whatever the model wrote that would read as a marker (`[3]`,
//!    `[EVID:…]`) is escaped, so that only the importer's markers cite;
//! 3. each citation's place is moved out of code, links and raw HTML (a
//!    marker there would not be one), to the end of its word, and back over
//!    trailing white space, so that it follows the cited words;
//! 4. citations are numbered in order of first appearance, and each place
//!    gets its markers (`[1][2]`, one number once);
//! 5. the whole is [secured](super::secure): markup, directives and
//!    whatever the checker would read as a marker but the importer did not
//!    write are escaped, so the markers are the only markup the importer
//!    adds and the only citations.

use crate::place::{outermost, place, protected_ranges};
use crate::runs::{ends_within, text_runs};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// An answer being assembled: its text, where its citations go, and what
/// of it the markers replace.
#[derive(Debug, Default)]
pub(crate) struct Answer {
    text: String,
    /// `(byte offset, draft)`: the citation of draft `draft` ends at the offset.
    anchors: Vec<(usize, usize)>,
    /// `(byte range, draft)`: draft `draft` is cited for the whole range,
    /// which may hold several paragraphs or list items (each is marked).
    spans: Vec<(Range<usize>, usize)>,
    /// Drafts the response gives no place in the answer: listed in the
    /// chapter's citation list, after the cited ones, and marking nothing.
    unplaced: Vec<usize>,
    /// Byte ranges to leave out.
    removed: Vec<Range<usize>>,
    /// Whether the text's own `[N]` markers are its citations (they are not
    /// escaped then): `[N]` cites draft `N - 1`.
    own_markers: bool,
    /// How many markers of its own the text has.
    own_citations: usize,
    /// The model's narration around its tool calls, in order: each stands
    /// in the text as a [`NARRATION`] paragraph until the chapter is
    /// secured, then becomes an HTML comment there.
    narration: Vec<String>,
}

/// Where a narration comment goes: a noncharacter, which the model's own
/// text never keeps (see [`Answer::push`]).
const NARRATION: char = '\u{FDD0}';

/// `text` without [`NARRATION`]: U+FFFD instead, as long in every unit an
/// API counts offsets in.
fn without_sentinel(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(NARRATION) {
        text.replace(NARRATION, "\u{FFFD}").into()
    } else {
        text.into()
    }
}

impl Answer {
    /// An empty answer.
    #[cfg(test)]
    pub(crate) fn new() -> Answer {
        Answer::default()
    }

    /// An answer whose `[N]` markers are its citations, already numbered.
    pub(crate) fn with_own_markers(text: String) -> Answer {
        Answer {
            text: without_sentinel(&text).into_owned(),
            own_markers: true,
            ..Answer::default()
        }
    }

    /// The text so far.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Appends text.
    pub(crate) fn push(&mut self, text: &str) {
        self.text.push_str(&without_sentinel(text));
    }

    /// Appends the model's narration around a tool call ("Let me search
    /// for…"): what it will do, not what it found. It is kept as an HTML
    /// comment in its place, so that it is no claim of the chapter.
    pub(crate) fn push_narration(&mut self, text: &str) {
        if text.trim().is_empty() {
            return self.push(text);
        }
        self.paragraph_break();
        self.text.push(NARRATION);
        self.narration
            .push(without_sentinel(text.trim()).into_owned());
        self.text.push_str("\n\n");
    }

    /// How many narrations were kept as comments.
    pub(crate) fn narrations(&self) -> usize {
        self.narration.len()
    }

    /// Ends the paragraph so far (unless the text is empty or ends one):
    /// text on both sides of a tool call is two paragraphs, not one run-on
    /// line.
    pub(crate) fn paragraph_break(&mut self) {
        if self.text.trim().is_empty() || self.text.ends_with("\n\n") {
            return;
        }
        let trimmed = self.text.trim_end_matches([' ', '\t']).len();
        self.text.truncate(trimmed);
        self.text.push_str(if self.text.ends_with('\n') {
            "\n"
        } else {
            "\n\n"
        });
    }

    /// Cites draft `draft` at byte offset `at` of the text.
    pub(crate) fn cite_at(&mut self, at: usize, draft: usize) {
        self.anchors.push((at.min(self.text.len()), draft));
    }

    /// Cites draft `draft` for the byte range `range` of the text: the
    /// marker follows each paragraph or list item of it.
    pub(crate) fn cite_span(&mut self, range: Range<usize>, draft: usize) {
        let end = range.end.min(self.text.len());
        self.spans.push((range.start.min(end)..end, draft));
    }

    /// Lists draft `draft` in the chapter's citation list without marking
    /// any of the text: the response says it was used, not where.
    pub(crate) fn list_unplaced(&mut self, draft: usize) {
        self.unplaced.push(draft);
    }

    /// How many of its citations the response places nowhere.
    pub(crate) fn unplaced(&self) -> usize {
        self.unplaced.len()
    }

    /// Leaves `range` of the text out of the chapter (a citation placed in
    /// it goes to where it was).
    pub(crate) fn remove(&mut self, range: Range<usize>) {
        self.removed.push(range);
    }

    /// Counts the markers of an answer with its own.
    pub(crate) fn set_citations(&mut self, count: usize) {
        self.own_citations = count;
    }

    /// How many citations the answer carries.
    pub(crate) fn citations(&self) -> usize {
        self.anchors.len() + self.spans.len() + self.own_citations
    }
}

/// The chapter made of `answer`, with `title` as its level-1 heading.
/// `item_of[d]` is the item draft `d` became; returns the chapter and the
/// items in citation-number order (items cited nowhere are not numbered).
pub(crate) fn build(
    answer: Answer,
    item_of: &[usize],
    title: Option<&str>,
) -> anyhow::Result<(String, Vec<usize>)> {
    let Answer {
        text,
        mut anchors,
        spans,
        unplaced,
        mut removed,
        own_markers,
        narration,
        ..
    } = answer;
    let mut order = Numbering::default();
    // A span's start follows the text as its end does.
    let span_starts = anchors.len();
    for (range, draft) in &spans {
        anchors.extend([(range.start, usize::MAX), (range.end, *draft)]);
    }
    let mut text = cut(&text, &mut removed, &mut anchors);
    // Where the answer's own markers are, once renumbered.
    let mut own: Vec<usize> = Vec::new();
    if own_markers {
        // The response's list, each item once, in its order.
        for &item in item_of {
            order.number(item);
        }
        (text, own) = renumber(&text, item_of, &order);
    }
    let (text, inserted) = escape_markers(&text, own_markers);
    // `inserted` is in order.
    for (at, _) in &mut anchors {
        *at += inserted.partition_point(|&i| i < *at);
    }
    for at in &mut own {
        *at += inserted.partition_point(|&i| i <= *at);
    }
    mark_spans(&text, &mut anchors, span_starts);
    let protected = outermost(protected_ranges(&text));
    for (at, _) in &mut anchors {
        *at = place(&text, *at, &protected);
    }
    // Stable: citations at one place keep the order the response gives.
    anchors.sort_by_key(|(at, _)| *at);
    let mut chapter = String::with_capacity(text.len() + 8 * anchors.len() + 64);
    if let Some(title) = title {
        chapter.push_str("# ");
        chapter.push_str(title.trim());
        chapter.push_str("\n\n");
    }
    // Where each piece of `text` went in the chapter, and where the
    // importer's markers are.
    let mut pieces: Vec<(usize, usize)> = Vec::new();
    let mut ours: Vec<usize> = Vec::new();
    let mut from = 0;
    let mut group = anchors.iter().peekable();
    while let Some(&&(at, _)) = group.peek() {
        let mut numbers: Vec<usize> = Vec::new();
        let mut seen: HashSet<usize> = HashSet::new();
        while let Some(&&(next, draft)) = group.peek() {
            if next != at {
                break;
            }
            group.next();
            let number = order.number(item_of[draft]);
            if seen.insert(number) {
                numbers.push(number);
            }
        }
        pieces.push((from, chapter.len()));
        chapter.push_str(&text[from..at]);
        if text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| !c.is_whitespace())
        {
            chapter.push(' ');
        }
        for number in numbers {
            ours.push(chapter.len());
            chapter.push_str(&format!("[{number}]"));
        }
        // Nothing may run into the markers: `[1](…)` would be a link,
        // `[1]:` a definition, `[1]word` hard to read.
        if text[at..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || "([{:".contains(c))
        {
            chapter.push(' ');
        }
        from = at;
    }
    pieces.push((from, chapter.len()));
    chapter.push_str(&text[from..]);
    for draft in unplaced {
        order.number(item_of[draft]);
    }
    if !chapter.ends_with('\n') {
        chapter.push('\n');
    }
    for at in own {
        // The last piece starting at or before it holds it.
        let i = pieces.partition_point(|&(start, _)| start <= at);
        if let Some(&(start, put)) = i.checked_sub(1).and_then(|i| pieces.get(i)) {
            ours.push(put + at - start);
        }
    }
    let secured = crate::secure::secure(chapter, ours)?;
    Ok((with_narration(&secured, &narration), order.items))
}

/// The items in order of citation number, with each item's number (from
/// 1) for lookups: an answer may cite thousands.
#[derive(Default)]
struct Numbering {
    items: Vec<usize>,
    numbers: HashMap<usize, usize>,
}

impl Numbering {
    /// The number of `item`, the next one if it has none yet.
    fn number(&mut self, item: usize) -> usize {
        *self.numbers.entry(item).or_insert_with(|| {
            self.items.push(item);
            self.items.len()
        })
    }

    /// The number of `item`, if it has one.
    fn get(&self, item: usize) -> Option<usize> {
        self.numbers.get(&item).copied()
    }
}

/// `chapter` with each [`NARRATION`] replaced by the next narration, as a
/// comment that ends nowhere early (no `--` in it) and holds no directive
/// (no `{{`: mdBook expands them in comments too).
fn with_narration(chapter: &str, narration: &[String]) -> String {
    let mut out = String::with_capacity(chapter.len());
    let mut said = narration.iter();
    for (i, piece) in chapter.split(NARRATION).enumerate() {
        if i > 0 {
            let mut text = said.next().map_or("", String::as_str).to_owned();
            for (from, to) in [("--", "-\u{2060}-"), ("{{", "{\u{2060}{")] {
                while text.contains(from) {
                    text = text.replace(from, to);
                }
            }
            out.push_str("<!-- narration around a tool call, not part of the answer:\n");
            out.push_str(&text);
            out.push_str("\n-->");
        }
        out.push_str(piece);
    }
    out
}

/// Turns the span anchors (from `span_starts` on: start, then end with
/// the draft) into a marker at the end of each paragraph or list item a
/// span covers, and at its end.
fn mark_spans(text: &str, anchors: &mut Vec<(usize, usize)>, span_starts: usize) {
    let spans: Vec<(Range<usize>, usize)> = anchors
        .drain(span_starts..)
        .collect::<Vec<_>>()
        .chunks(2)
        .map(|pair| (pair[0].0..pair[1].0, pair[1].1))
        .collect();
    let runs = text_runs(text);
    for (range, draft) in spans {
        for end in ends_within(&runs, &range) {
            anchors.push((end, draft));
        }
        anchors.push((range.end, draft));
    }
}

/// `text` without the `removed` ranges, with the anchors moved to match.
fn cut(text: &str, removed: &mut [Range<usize>], anchors: &mut [(usize, usize)]) -> String {
    if removed.is_empty() {
        return text.to_owned();
    }
    removed.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for range in removed.iter() {
        let start = range.start.max(from);
        if start >= range.end {
            continue;
        }
        out.push_str(&text[from..start]);
        from = range.end;
    }
    out.push_str(&text[from..]);
    // The ranges cut, apart and in order, each with how much was cut
    // before it: an anchor's shift is then one binary search away (an
    // answer may have thousands of each).
    let mut cuts: Vec<(Range<usize>, usize)> = Vec::with_capacity(removed.len());
    let (mut last_end, mut cut) = (0, 0);
    for range in removed.iter() {
        let start = range.start.max(last_end);
        if start >= range.end {
            continue;
        }
        cuts.push((start..range.end, cut));
        cut += range.end - start;
        last_end = range.end;
    }
    for (at, _) in anchors.iter_mut() {
        let i = cuts.partition_point(|(range, _)| range.start < *at);
        if let Some((range, before)) = i.checked_sub(1).and_then(|i| cuts.get(i)) {
            *at -= before + (*at).min(range.end) - range.start;
        }
    }
    out
}

/// The `[N]` markers of `text` (unescaped): byte offset and number.
pub(crate) fn own_numbers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices('[') {
        if evidence_core::markers::is_escaped(text, at) {
            continue;
        }
        let rest = &text[at + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && digits <= 6
            && rest[digits..].starts_with(']')
            && let Ok(n) = rest[..digits].parse()
        {
            out.push((at, n));
        }
    }
    out
}

/// `text` with each `[N]` (which cites draft `N - 1`) renumbered to its
/// item's place in `order`; of two adjacent markers that become one number
/// (`[1][2]` of one page), one goes. Returns the text and where its
/// renumbered markers start.
fn renumber(text: &str, item_of: &[usize], order: &Numbering) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut starts = Vec::new();
    let mut from = 0;
    let mut last: Option<usize> = None;
    for (at, n) in own_numbers(text) {
        let Some(number) = item_of
            .get(n.wrapping_sub(1))
            .and_then(|&item| order.get(item))
            .map(|number| number - 1)
        else {
            continue;
        };
        let end = at + text[at..].find(']').map_or(1, |close| close + 1);
        if !(at == from && last == Some(number)) {
            out.push_str(&text[from..at]);
            starts.push(out.len());
            out.push_str(&format!("[{}]", number + 1));
        }
        last = Some(number);
        from = end;
    }
    out.push_str(&text[from..]);
    (out, starts)
}

/// Escapes what the model wrote that would read as a marker (`[3]`,
/// `[EVID:…]`; with `own_markers`, only `[EVID:…]`), returning the text and
/// the offsets (in `text`) before which a backslash went.
pub(crate) fn escape_markers(text: &str, own_markers: bool) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut inserted = Vec::new();
    for (i, c) in text.char_indices() {
        if c == '[' && !evidence_core::markers::is_escaped(text, i) {
            let rest = &text[i + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let number = digits > 0 && rest[digits..].starts_with(']');
            if (number && !own_markers) || rest.starts_with("EVID:") {
                out.push('\\');
                inserted.push(i);
            }
        }
        out.push(c);
    }
    (out, inserted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chapter(answer: Answer, item_of: &[usize]) -> (String, Vec<usize>) {
        build(answer, item_of, None).expect("built")
    }

    #[test]
    fn literal_markers_in_the_answer_are_escaped() {
        assert_eq!(
            escape_markers("see [3] and [EVID:x] but not [a] or \\[4] or [^1]", false).0,
            "see \\[3] and \\[EVID:x] but not [a] or \\[4] or [^1]"
        );
        assert_eq!(
            escape_markers("see [3] [EVID:x]", true).0,
            "see [3] \\[EVID:x]"
        );
    }

    #[test]
    fn markers_follow_the_cited_words_and_number_by_first_appearance() {
        let mut a = Answer::new();
        a.push("The grass is green");
        a.cite_at(a.text().len(), 0);
        a.push(" and the sky is blue");
        a.cite_at(a.text().len(), 1);
        a.cite_at(a.text().len(), 2);
        a.cite_at(a.text().len(), 1);
        a.push(".");
        let (text, order) = chapter(a, &[5, 7, 5]);
        assert_eq!(text, "The grass is green [1] and the sky is blue [2][1].\n");
        assert_eq!(order, [5, 7]);
    }

    #[test]
    fn markers_stay_out_of_code_links_and_words_and_before_white_space() {
        let text = "Use `a b` now. See [the page](https://x.example/a) here.\n\nWord";
        let mut a = Answer::new();
        a.push(text);
        a.cite_at(6, 0); // inside the code span
        a.cite_at(25, 1); // inside the link text
        a.cite_at(text.len() - 2, 2); // inside "Word"
        a.cite_at(text.find("\n\n").unwrap() + 2, 0); // after the blank line
        let (out, _) = chapter(a, &[0, 1, 2]);
        assert_eq!(
            out,
            "Use `a b` [1] now. See [the page](https://x.example/a) [2] here. [1]\n\nWord [3]\n"
        );
    }

    #[test]
    fn removed_spans_leave_their_citation_in_place() {
        let text = "It rose 4%. ([ft.com](https://ft.com/a)) Then [3] fell.";
        let start = text.find(" ([ft").unwrap();
        let end = text.find(" Then").unwrap();
        let mut a = Answer::new();
        a.push(text);
        a.remove(start..end);
        a.cite_at(end, 0);
        let (out, _) = chapter(a, &[0]);
        assert_eq!(out, "It rose 4%. [1] Then \\[3] fell.\n");
    }

    #[test]
    fn a_span_marks_each_paragraph_and_list_item_it_covers() {
        let text = "Intro.\n\n- one\n- two *(b)*\n  - nested\n\n| a |\n|---|\n| b |\n\nLast.";
        let mut a = Answer::new();
        a.push(text);
        a.cite_span(text.find("- one").unwrap()..text.len(), 0);
        let (out, order) = chapter(a, &[3]);
        assert_eq!(
            out,
            "Intro.\n\n- one [1]\n- two *(b)* [1]\n  - nested [1]\n\n| a |\n|---|\n| b |\n\nLast. [1]\n"
        );
        assert_eq!(order, [3]);
        let mut a = Answer::new();
        a.push(text);
        a.cite_span(0..3, 0);
        a.list_unplaced(1);
        let (out, order) = chapter(a, &[3, 4]);
        assert!(out.starts_with("Intro [1]."), "{out}");
        assert_eq!(order, [3, 4], "listed after the cited");
    }

    #[test]
    fn nothing_runs_into_a_marker_and_paragraph_breaks_separate_tool_calls() {
        let mut a = Answer::new();
        a.push("I will look it up.");
        a.paragraph_break();
        a.push("It is green");
        a.cite_at(a.text().len(), 0);
        a.push("(mostly)");
        let (out, _) = chapter(a, &[0]);
        assert_eq!(out, "I will look it up.\n\nIt is green [1] (mostly)\n");
    }
}
