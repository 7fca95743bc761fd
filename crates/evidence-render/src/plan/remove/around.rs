//! What stands around the markers of a chapter, for `remove` mode to
//! decide whether taking a run of markers out keeps the page's structure:
//! no new pair of brackets, no emptied line or list item, no line left to
//! read as another block.

use crate::plan::Label;
use evidence_core::markers::{InlineSpan, Marker, Scan};
use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

/// Whether `rest`, standing at the start of a line's content, might open
/// a block there: a heading, quote, list, thematic break or setext
/// underline, fence, table row, definition, HTML block, or link reference
/// definition (`[x]: …`), or, after a list item's marker, a task list
/// item's box (`- [x] a | b` is a task, and its table goes). Conservative:
/// any digit counts.
pub(crate) fn may_open_block(rest: &str) -> bool {
    let line = rest.split(['\n', '\r']).next().unwrap_or_default();
    match line.bytes().next() {
        Some(b'[') => {
            let task = ["[ ]", "[x]", "[X]"].iter().any(|box_| {
                line.strip_prefix(box_)
                    .is_some_and(|after| after.is_empty() || after.starts_with([' ', '\t']))
            });
            task || line
                .find(']')
                .is_some_and(|close| line[close + 1..].starts_with(':'))
        }
        Some(b) => b.is_ascii_digit() || b"<#>-*+=_`~|:".contains(&b),
        None => false,
    }
}

/// What stands around each marker of a chapter, markers' own text left
/// out (whatever other markers go too), for `remove` mode to decide whether
/// taking a run of markers out is safe. Found in one pass each way, so that
/// a line of many markers stays linear.
pub(crate) struct AroundMarkers<'t> {
    /// The nearest `[`, `]` or line end before each marker (`None`: the
    /// chapter's start).
    before: Vec<Option<u8>>,
    /// The nearest `[`, `]` or line end after each marker (`None`: the
    /// chapter's end).
    after: Vec<Option<u8>>,
    /// Whether the line before each marker holds only white space and
    /// block markup (`> `, `- `, `1. `, `# `, a definition's `: `).
    alone_before: Vec<bool>,
    /// Whether the line after each marker holds only white space.
    alone_after: Vec<bool>,
    /// Whether the line before each marker, left alone, might read as
    /// something else: it starts with `<` (an HTML block's tag) or holds
    /// no letter (`===`, `---`, `1.`, `|---|`).
    bare_before: Vec<bool>,
    /// Whether each marker stands in what may be the tag that opens an
    /// HTML block: its line starts with `<` and holds no space or tab
    /// before it. Taking it out, or the space put in its place, could
    /// complete the tag (`<div[EVID:x]>` becomes `<div>`, `<div[EVID:x][y]`
    /// becomes `<div [y]`) and end the paragraph there.
    in_tag: Vec<bool>,
    /// When the line of each marker starts (after white space) with
    /// backticks or tildes: which, how many, and whether the line before
    /// the marker holds nothing else. Three or more, or fewer that the
    /// text after the marker adds to, make a line that taking the marker
    /// out could turn into a code fence (```` ```[EVID:`]: ```` becomes
    /// ```` ```: ````; the marker held the backtick that kept it from one),
    /// which ends the paragraph there.
    fence: Vec<Option<(u8, usize, bool)>>,
    /// Where the line of each marker starts.
    line_start: Vec<usize>,
    /// The text as the removed claims and the labels leave it, and the
    /// markers' spans in it.
    edited: Edited<'t>,
    /// Where the inline elements (emphasis, strong, strikethrough, links)
    /// of each block start and end in the chapter, as `(block, offset)`:
    /// looked up, not searched for each run of markers (a block of N
    /// emphases and N removed markers was N² steps).
    inline_starts: HashSet<(usize, usize)>,
    inline_ends: HashSet<(usize, usize)>,
}

impl<'t> AroundMarkers<'t> {
    const STOPS: [char; 4] = ['[', ']', '\n', '\r'];

    /// What stands around `markers` in `text` once `edits` are made: the
    /// claims removed in `remove` mode replaced (by their phrase, or
    /// nothing) and the confidence labels written, as the second run reads
    /// it. A claim's phrase has brackets of its own, a claim removed may
    /// have held the bracket or the line's text that a marker's place
    /// depended on (`[[EVID:x]! ]a b c`: the `]` goes with the claim
    /// `]a b c`, and the phrase's `[` follows), and a label may follow a
    /// marker where the line's text went on.
    pub(crate) fn new(
        text: &'t str,
        scan: &Scan,
        edits: Vec<(Range<usize>, Cow<'static, str>)>,
    ) -> AroundMarkers<'t> {
        let markers = &scan.markers;
        let edited = Edited::new(text, markers, edits);
        let text: &str = &edited.text;
        let spans = &edited.spans;
        let bytes = text.as_bytes();
        let is_markup = |b: u8| b.is_ascii_digit() || b" \t#>-*+.):".contains(&b);
        let (mut before, mut alone_before, mut bare_before) = (Vec::new(), Vec::new(), Vec::new());
        let (mut in_tag, mut fence) = (Vec::new(), Vec::new());
        // The fence character of the line (0: none yet), how many start
        // it, and whether the line so far holds nothing else; `None` when
        // it starts with something else.
        let mut fence_run = Some((0u8, 0usize, true));
        let (mut cursor, mut last, mut alone) = (0, None, true);
        let (mut first, mut letters, mut spaced) = (None, false, false);
        let (mut line_start, mut line_at) = (Vec::new(), 0);
        for span in spans {
            if let Some(gap) = text.get(cursor..span.start) {
                if let Some(at) = gap.rfind(Self::STOPS) {
                    last = Some(bytes[cursor + at]);
                }
                let line = match gap.rfind(['\n', '\r']) {
                    Some(nl) => {
                        (alone, first, letters, spaced) = (true, None, false, false);
                        fence_run = Some((0, 0, true));
                        line_at = cursor + nl + 1;
                        &gap[nl + 1..]
                    }
                    None => gap,
                };
                alone = alone && line.bytes().all(is_markup);
                let content = match first {
                    Some(_) => line,
                    None => line.trim_start(),
                };
                fence_run = fence_run.and_then(|(c, n, only)| {
                    let Some(&b) = content.as_bytes().first() else {
                        return Some((c, n, only));
                    };
                    let c = if c == 0 { b } else { c };
                    if !only || !matches!(c, b'`' | b'~') {
                        return (n > 0).then_some((c, n, false));
                    }
                    let run = content.bytes().take_while(|&b| b == c).count();
                    (n + run > 0).then_some((c, n + run, run == content.len()))
                });
                first = first.or_else(|| content.chars().next());
                spaced = spaced || content.contains([' ', '\t']);
                letters = letters || line.chars().any(char::is_alphabetic);
            }
            before.push(last);
            alone_before.push(alone);
            bare_before.push(first == Some('<') || !letters);
            in_tag.push(first == Some('<') && !spaced);
            fence.push(fence_run.filter(|&(_, n, _)| n > 0));
            line_start.push(line_at);
            cursor = cursor.max(span.end);
        }
        let mut after = vec![None; spans.len()];
        let mut alone_after = vec![true; spans.len()];
        let (mut cursor, mut next, mut alone) = (text.len(), None, true);
        for (i, span) in spans.iter().enumerate().rev() {
            if let Some(gap) = text.get(span.end..cursor) {
                if let Some(at) = gap.find(Self::STOPS) {
                    next = Some(bytes[span.end + at]);
                }
                let line = gap.find(['\n', '\r']).map(|nl| &gap[..nl]);
                alone = line.map_or(alone, |_| true)
                    && line.unwrap_or(gap).bytes().all(|b| b == b' ' || b == b'\t');
            }
            after[i] = next;
            alone_after[i] = alone;
            cursor = cursor.min(span.start);
        }
        let line_start = line_start
            .into_iter()
            .map(|at| edited.original(at))
            .collect();
        AroundMarkers {
            before,
            after,
            alone_before,
            alone_after,
            bare_before,
            in_tag,
            fence,
            line_start,
            edited,
            inline_starts: inline_edges(scan, |inline| inline.source.start),
            inline_ends: inline_edges(scan, |inline| inline.source.end),
        }
    }

    /// Whether the delimiters between the run of markers at `range` and
    /// `at` (after the run: they end there; before it: they start there)
    /// are the markup of an emphasis, strong or strikethrough the scan saw
    /// close or open there, rather than literal characters.
    pub(crate) fn delimiters_are_markup(
        &self,
        scan: &Scan,
        range: &Range<usize>,
        at: usize,
    ) -> bool {
        let first = scan.markers.partition_point(|m| m.span.start < range.start);
        let block = scan.markers.get(first).and_then(|m| m.block);
        block.is_some_and(|b| {
            (at > range.end && self.inline_ends.contains(&(b, at)))
                || (at < range.start && self.inline_starts.contains(&(b, at)))
        })
    }

    /// The text after the run of `markers` at `range`, as the removed
    /// claims leave it: what follows the run once it is taken out.
    pub(crate) fn rest(&self, markers: &[Marker], range: &Range<usize>) -> &str {
        let last = markers.partition_point(|m| m.span.start < range.end);
        let end = last
            .checked_sub(1)
            .and_then(|i| self.edited.spans.get(i))
            .map_or(self.edited.text.len(), |span| span.end);
        self.edited.text.get(end..).unwrap_or_default()
    }

    /// The index of the first marker of the run at `range`, and whether a
    /// confidence label goes before it on its line (at one of `labels`,
    /// sorted): the label's words then stand before the run.
    fn first(&self, markers: &[Marker], range: &Range<usize>, labels: &[Label]) -> (usize, bool) {
        let first = markers.partition_point(|m| m.span.start < range.start);
        let from = self.line_start.get(first).copied().unwrap_or(range.start);
        let at = labels.partition_point(|l| l.range.start < from);
        let labelled = labels.get(at).is_some_and(|l| l.range.start <= range.start);
        (first, labelled)
    }

    /// Whether the run of `markers` at `range` has nothing before it on
    /// its line but white space, block markup and markers.
    pub(crate) fn starts_line(
        &self,
        markers: &[Marker],
        range: &Range<usize>,
        labels: &[Label],
    ) -> bool {
        let (first, labelled) = self.first(markers, range, labels);
        !labelled && self.alone_before.get(first).copied().unwrap_or(false)
    }

    /// Whether the run of `markers` at `range` must stay: between a `[`
    /// and a `]` with no other bracket between them and it but markers
    /// (`[EVID:[EVID:x]y]`, `[EVID:y [EVID:x]]`, and `[EVID:y [EVID:x] and
    /// [EVID:z] w]` where each alone is between markers' brackets), taking
    /// it out would pair them into a new marker or link; alone on its line
    /// but for block markup, it would leave an empty line (splitting its
    /// paragraph), an empty list item (which cannot interrupt a paragraph)
    /// or an empty quote line (ending a lazy continuation); last on a line
    /// that starts with `<` or holds no letter, it would leave a line that
    /// may read as an HTML block, a setext underline, a thematic break or
    /// an empty list item; in what may be a line's opening HTML tag or
    /// code fence, it could complete the tag or the fence.
    pub(crate) fn keep(&self, markers: &[Marker], range: &Range<usize>, labels: &[Label]) -> bool {
        self.keeps(markers, range, labels, true)
    }

    /// Whether the line of the run of `markers` at `range` starts with
    /// backticks or tildes, which text written in its place might make a
    /// code fence.
    pub(crate) fn in_fence_line(&self, markers: &[Marker], range: &Range<usize>) -> bool {
        let first = markers.partition_point(|m| m.span.start < range.start);
        self.fence.get(first).is_some_and(Option::is_some)
    }

    /// [`AroundMarkers::keep`] in a line that holds an unescaped `|`: what
    /// is left of such a line is no empty line, and can read as no other
    /// block but a table's delimiter row, which the line's reading checks
    /// (see `cells`); so only brackets, tags and fences keep a run there.
    pub(crate) fn keep_in_line_of_cells(
        &self,
        markers: &[Marker],
        range: &Range<usize>,
        labels: &[Label],
    ) -> bool {
        self.keeps(markers, range, labels, false)
    }

    /// [`AroundMarkers::keep`], looking at the line's end when `line_end`.
    fn keeps(
        &self,
        markers: &[Marker],
        range: &Range<usize>,
        labels: &[Label],
        line_end: bool,
    ) -> bool {
        let (first, labelled) = self.first(markers, range, labels);
        let last = markers.partition_point(|m| m.span.start < range.end);
        if last <= first {
            return false;
        }
        let brackets = self.before[first] == Some(b'[') && self.after[last - 1] == Some(b']');
        let ends_line = self.alone_after[last - 1];
        let bare = !labelled && (self.alone_before[first] || self.bare_before[first]);
        let in_tag = !labelled && self.in_tag[first];
        let fence = !labelled
            && self.fence[first].is_some_and(|(c, n, only)| {
                let rest = self.rest(markers, range).as_bytes();
                n >= 3 || only && n + rest.iter().take_while(|&&b| b == c).count() >= 3
            });
        brackets || line_end && ends_line && bare || in_tag || fence
    }
}

/// The `edge` (start or end) of every inline element of the scan's
/// blocks made of delimiters or brackets (not an HTML element), with its
/// block.
fn inline_edges(scan: &Scan, edge: fn(&InlineSpan) -> usize) -> HashSet<(usize, usize)> {
    scan.blocks
        .iter()
        .enumerate()
        .flat_map(|(b, block)| {
            (block.inlines.iter())
                .filter(|inline| !inline.html)
                .map(move |inline| (b, edge(inline)))
        })
        .collect()
}

/// A chapter's text with the removed claims replaced and the labels
/// written, and where its markers and pieces stand in it.
struct Edited<'t> {
    /// The text, edited (borrowed when there is no edit).
    text: Cow<'t, str>,
    /// Each marker's span in [`Edited::text`]; a marker inside a removed
    /// claim is an empty span after the claim's phrase.
    spans: Vec<Range<usize>>,
    /// Where each piece of the original text kept as it was starts, as
    /// `(offset in the edited text, offset in the original)`, in order.
    kept: Vec<(usize, usize)>,
}

impl<'t> Edited<'t> {
    /// Makes `edits` in `text` (in order of their start; one that
    /// overlaps an earlier one is left out, as rendering leaves it out)
    /// and maps the markers' spans. One pass over both lists.
    fn new(
        text: &'t str,
        markers: &[Marker],
        mut edits: Vec<(Range<usize>, Cow<'static, str>)>,
    ) -> Edited<'t> {
        if edits.is_empty() {
            return Edited {
                text: Cow::Borrowed(text),
                spans: markers.iter().map(|m| m.span.clone()).collect(),
                kept: vec![(0, 0)],
            };
        }
        edits.sort_by_key(|(range, _)| range.start);
        let mut edited = String::with_capacity(text.len());
        let mut kept = vec![(0, 0)];
        // Each edit's range in the original and the edited text.
        let mut moved: Vec<(Range<usize>, Range<usize>)> = Vec::new();
        let mut cursor = 0;
        for (range, replacement) in &edits {
            if range.start < cursor || text.get(range.clone()).is_none() {
                continue;
            }
            edited.push_str(&text[cursor..range.start]);
            let from = edited.len();
            edited.push_str(replacement);
            moved.push((range.clone(), from..edited.len()));
            cursor = range.end;
            kept.push((edited.len(), cursor));
        }
        edited.push_str(&text[cursor..]);
        let mut spans = Vec::with_capacity(markers.len());
        let mut next = 0;
        for m in markers {
            while moved
                .get(next)
                .is_some_and(|(range, _)| range.end <= m.span.start)
            {
                next += 1;
            }
            let span = match moved.get(next) {
                Some((range, to)) if range.start <= m.span.start => to.end..to.end,
                _ => {
                    // After the claims before it: shifted by what they
                    // added or took away.
                    let (to, from) = next
                        .checked_sub(1)
                        .map_or((0, 0), |i| (moved[i].1.end, moved[i].0.end));
                    m.span.start - from + to..m.span.end - from + to
                }
            };
            spans.push(span);
        }
        Edited {
            text: Cow::Owned(edited),
            spans,
            kept,
        }
    }

    /// The original offset of `at`, an offset of the edited text at a
    /// line's start (in a kept piece, or where a phrase starts, which maps
    /// to the start of the claim it replaces).
    fn original(&self, at: usize) -> usize {
        let i = self.kept.partition_point(|&(edited, _)| edited <= at);
        let (edited, original) = self.kept[i.saturating_sub(1)];
        original + (at - edited)
    }
}
