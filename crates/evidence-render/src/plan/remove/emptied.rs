//! `remove` mode's runs of markers that are all taken out: how each run
//! goes without changing how the page's markdown reads (no new pair of
//! brackets, no emptied line, no line read as another block; and in a line
//! of cells, see [`cells`], no cell gained or lost).
//!
//! In a line of cells a run goes, in order of preference: as anywhere
//! else; as a `|` in its place, which keeps an edge cell empty (`| a |
//! [EVID:x]` becomes `| a | |`, not `| a |`, one cell fewer); as the
//! unverified mark of each of its ids (read back as that marker, so that a
//! second run decides the same); with no id to name (a malformed marker,
//! an unknown `[N]`) and alone in its cell, as [`CELL_FILLER`]. The first
//! that leaves the line's reading as it was is taken. Where none would
//! (a marker holding a `|`; one with no id that shares its cell with other
//! text), the run stays as written. Out of lines of cells, a run that
//! must stay (see [`AroundMarkers::keep`]) stays as written, as before.

use crate::citations::{CiteRun, Part};
use crate::plan::remove::around::{AroundMarkers, may_open_block};
use crate::plan::remove::cells;
use crate::plan::remove::cells::LineEdit;
use crate::plan::{RenderPlan, Replacement};
use crate::unverified::KeptMarker;
use evidence_core::markers::Scan;
use evidence_core::syntax::{SPECULATION_ELEMENT, SPECULATION_LABEL};
use std::borrow::Cow;
use std::ops::Range;

/// What holds an edge cell of a line of cells where a marker with no id
/// went: a no-break space, as an entity. GFM counts it as the cell's text
/// (it is no ASCII white space), the page shows nothing, and a second run
/// reads no marker and no word in it.
pub(crate) const CELL_FILLER: &str = "&#160;";

/// The line of cells a run of markers stands in.
struct CellLine {
    /// The line, without its ending.
    line: Range<usize>,
    /// Whether it is a table's header or row.
    in_table: bool,
    /// Its first and last unescaped pipes (`None`: a row without any).
    pipes: Option<(usize, usize)>,
}

/// A line and its first and last unescaped pipes.
type LinePipes = (Range<usize>, Option<(usize, usize)>);

/// The edits of the chapter a line's reading is taken from: the removed
/// claims and the labels (sorted by start), then the runs planned so far
/// (in document order).
struct LineEdits {
    fixed: Vec<LineEdit<'static>>,
    runs: Vec<LineEdit<'static>>,
}

impl LineEdits {
    /// The edits that touch `line`, in order of start, then `candidate`.
    fn on(&self, line: &Range<usize>, candidate: &[LineEdit<'static>]) -> Vec<LineEdit<'static>> {
        // Edits do not overlap: back from the first past the line, to the
        // first that ends before it.
        let touching = |edits: &[LineEdit<'static>], end: usize| {
            let from = edits[..end]
                .iter()
                .rposition(|(r, _)| r.end < line.start)
                .map_or(0, |i| i + 1);
            edits[from..end].to_vec()
        };
        let past = self.fixed.partition_point(|(r, _)| r.start <= line.end);
        let mut edits = touching(&self.fixed, past);
        let past = self.runs.len()
            - self
                .runs
                .iter()
                .rev()
                .take_while(|(r, _)| r.start > line.end)
                .count();
        edits.extend(touching(&self.runs, past));
        edits.extend_from_slice(candidate);
        edits.sort_by_key(|(r, _)| r.start);
        edits
    }
}

impl RenderPlan<'_> {
    /// Plans the runs of markers all taken out, at `emptied`; returns those
    /// shown as unverified marks instead (see the module's comment).
    /// `kept` is what each marker that does not resolve is shown as.
    pub(crate) fn plan_emptied_runs(
        &mut self,
        text: &str,
        scan: &Scan,
        emptied: Vec<Range<usize>>,
        parts: &[Part],
        kept: &mut [Option<KeptMarker>],
    ) -> Vec<CiteRun> {
        let mut marked = Vec::new();
        if emptied.is_empty() {
            return marked;
        }
        let mut fixed: Vec<LineEdit<'static>> = (self.removals.iter())
            .map(|r| (r.range.clone(), Cow::Borrowed(r.text)))
            .chain(
                self.labels
                    .iter()
                    .map(|l| (l.range.clone(), Cow::Owned(l.text()))),
            )
            .collect();
        fixed.sort_by_key(|(r, _)| r.start);
        // The speculation label an earlier run wrote as an element is read
        // as the label it stands for, as the scanner reads it: its spaces
        // and tag would otherwise change what a line holds before a marker
        // (`<!--<span class=…>` is spaced, `<!--[SPECULATION]` is not).
        let mut read = fixed.clone();
        read.extend(
            (text.match_indices(SPECULATION_ELEMENT))
                .map(|(at, element)| (at..at + element.len(), Cow::Borrowed(SPECULATION_LABEL))),
        );
        read.sort_by_key(|(r, _)| r.start);
        let around = AroundMarkers::new(text, scan, read);
        let mut edits = LineEdits {
            fixed,
            runs: Vec::new(),
        };
        let mut last_line = None;
        // Markers left on the page (as written, or as their mark) are not
        // counted by the removal note.
        let markers_in = |range: &std::ops::Range<usize>| {
            scan.markers
                .iter()
                .filter(|m| range.contains(&m.span.start))
                .count()
        };
        for range in emptied {
            let first = scan.markers.partition_point(|m| m.span.start < range.start);
            let cell_line = cell_line(text, scan, first, &range, &mut last_line);
            let piped = cell_line.as_ref().is_some_and(|c| c.pipes.is_some());
            let standard = self.standard_removal(text, scan, parts, &around, &range, piped);
            let Some(cell_line) = cell_line else {
                match standard {
                    Some(removal) => self.removals.extend(removal),
                    None => {
                        self.markers_kept += markers_in(&range);
                        self.kept_runs.push(range.clone());
                    }
                }
                continue;
            };
            let next = scan.markers.partition_point(|m| m.span.start < range.end);
            let keeps = |candidate: &[Replacement]| {
                let candidate = line_edits(candidate);
                !needs_check(text, scan, parts, &cell_line, next, &range, &candidate)
                    || keeps_reading(text, &edits, &cell_line, &candidate)
            };
            // A `|` only where the run is all an edge cell holds: elsewhere
            // it would add a cell, or leave a run before it in the cell that
            // a second run would find between two pipes, and take out.
            let at_edge = || {
                cell_line
                    .pipes
                    .is_none_or(|(first, last)| range.start < first || range.start > last)
                    && fills_edge_cell(text, &edits, &cell_line.line, &range, false)
            };
            let pipe = vec![Replacement {
                range: range.clone(),
                text: "|",
            }];
            let chosen = match standard {
                Some(removal) if keeps(&removal) => Some(removal),
                _ if at_edge() && keeps(&pipe) => Some(pipe),
                _ => None,
            };
            if let Some(chosen) = chosen {
                edits.runs.extend(line_edits(&chosen));
                self.removals.extend(chosen);
                continue;
            }
            let marks: Vec<KeptMarker> = (first..next)
                .filter_map(|m| kept.get_mut(m)?.take())
                .filter(KeptMarker::is_mark)
                .collect();
            // Marks and the filler are text without pipes, as the run is
            // unless a marker holds one.
            let stand_in = vec![Replacement {
                range: range.clone(),
                text: CELL_FILLER,
            }];
            let stand_in_edits = line_edits(&stand_in);
            if text[range.clone()].contains('|')
                && !keeps_reading(text, &edits, &cell_line, &stand_in_edits)
            {
                {
                    self.markers_kept += markers_in(&range);
                    self.kept_runs.push(range.clone());
                }
                continue;
            }
            if marks.is_empty() {
                // The filler is text that a second run reads where this
                // one read a marker: it goes only where the run is all its
                // cell holds, where no other run's place depends on it
                // (what starts the line, what ends it); nor where it could
                // complete a code fence. Elsewhere the run stays as written.
                let fills = fills_edge_cell(text, &edits, &cell_line.line, &range, true);
                if !fills || around.in_fence_line(&scan.markers, &range) {
                    {
                        self.markers_kept += markers_in(&range);
                        self.kept_runs.push(range.clone());
                    }
                    continue;
                }
                self.removals.extend(stand_in);
                edits.runs.extend(stand_in_edits);
            } else {
                {
                    self.markers_kept += markers_in(&range);
                    self.kept_runs.push(range.clone());
                }
                marked.push(CiteRun {
                    range,
                    members: 0..0,
                    kept: marks,
                    in_heading: false,
                });
            }
        }
        marked
    }

    /// How the run at `range` is taken out, as anywhere else (`None`: it
    /// stays, see [`AroundMarkers::keep`]); in a line that holds a pipe
    /// (`piped`), whose reading is checked, what is left of the line may
    /// hold no letter. `parts` is what each marker contributes.
    fn standard_removal(
        &self,
        text: &str,
        scan: &Scan,
        parts: &[Part],
        around: &AroundMarkers<'_>,
        range: &Range<usize>,
        piped: bool,
    ) -> Option<Vec<Replacement>> {
        let keep = if piped {
            around.keep_in_line_of_cells(&scan.markers, range, &self.labels)
        } else {
            around.keep(&scan.markers, range, &self.labels)
        };
        if keep {
            return None;
        }
        if around.starts_line(&scan.markers, range, &self.labels) {
            // After block markup only, the white space after it goes
            // too: left, it would indent what follows (`- [3]    x`
            // would become a list item holding a code block).
            let spaces = text[range.end..]
                .bytes()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            let rest = around.rest(&scan.markers, range);
            let rest = rest.trim_start_matches([' ', '\t']);
            // What follows would start its line: it might open a block
            // there (`# `, `<div>`, `[x]: url`). A citation opens none: a
            // marker that is written as one is read as what is written
            // (`***[1-200] [EVID:a]:` is no `[EVID:a]:` definition, as
            // the second run reads `***[\[1\]](#evidence-a):`).
            let opens = may_open_block(rest) && !citation_at(scan, parts, range.end + spaces);
            if opens || opens_entry_in_references(scan, range, spaces, rest) {
                return None;
            }
            return Some(vec![Replacement {
                range: range.start..range.end + spaces,
                text: "",
            }]);
        }
        // The text before the space before the run, if there is one. A
        // confidence label written where the run starts keeps that space
        // (it follows the label's), as it does once the label is written.
        let at = self.labels.partition_point(|l| l.range.start < range.start);
        let labelled = self
            .labels
            .get(at)
            .is_some_and(|l| l.range.start == range.start);
        // Where the text before the run ends, once the runs taken out
        // right before it are: one right after an emphasis opens took the
        // spaces after it, up to this run (`~~[EVID:x] [1-200] y~~`), which
        // then stands right after the emphasis opens too, its space gone.
        let start = self.kept_before(range.start);
        let spaced = start == range.start
            && range.start > 0
            && text.as_bytes()[range.start - 1] == b' '
            && !labelled;
        let before = spaced.then(|| &text[..self.kept_before(range.start - 1)]);
        Some(emptied_run_removal(
            text,
            scan,
            around,
            range.clone(),
            (start, before),
        ))
    }

    /// Where the text before `at` ends once the removals planned so far
    /// are made: back over those that take out what stands right before
    /// it (the runs before this one on its line, each with the space
    /// before it), to the text they leave there.
    fn kept_before(&self, mut at: usize) -> usize {
        for removal in self.removals.iter().rev() {
            if removal.range.end != at || removal.range.is_empty() || !removal.text.is_empty() {
                break;
            }
            at = removal.range.start;
        }
        at
    }
}

/// Whether `rest`, what follows the run at `range` (then `spaces` blanks)
/// and starts its line once the run is taken out, would open an entry of
/// the References section the run stands in (`[1] …`): a second run would
/// read the paragraph as an entry, and replace it with the section, where
/// this one kept it. A `[N]` that is a marker of its own is written as a
/// citation, which opens no entry.
fn opens_entry_in_references(scan: &Scan, range: &Range<usize>, spaces: usize, rest: &str) -> bool {
    let next = range.end + spaces;
    let at = scan.markers.partition_point(|m| m.span.start < next);
    scan.references
        .as_ref()
        .is_some_and(|section| section.contains(&range.start))
        && scan.markers.get(at).is_none_or(|m| m.span.start != next)
        && evidence_core::markers::reference_list::entry_start(
            rest.lines().next().unwrap_or_default(),
        )
        .is_some()
}

/// Whether a marker that is written as a citation starts at `at` (it
/// resolves and stays, `parts` saying what each marker contributes): the
/// citation (`<a class="evidence-cite" …>[&#49;]</a>`, `[\[1\]](#…)`),
/// not the marker's text, is what a second run reads there.
fn citation_at(scan: &Scan, parts: &[Part], at: usize) -> bool {
    let i = scan.markers.partition_point(|m| m.span.start < at);
    scan.markers.get(i).is_some_and(|m| m.span.start == at) && parts.get(i) == Some(&Part::Cite)
}

/// The line of cells the run at `range` (its first marker `first`) stands
/// in: a table's header or row, or a line with an unescaped pipe out of
/// headings (which no table reads). `None` elsewhere. `last` is the line
/// of the run before and its pipes, looked up once for all its runs.
fn cell_line(
    text: &str,
    scan: &Scan,
    first: usize,
    range: &Range<usize>,
    last: &mut Option<LinePipes>,
) -> Option<CellLine> {
    let marker = scan.markers.get(first)?;
    if marker.in_heading {
        return None;
    }
    let (line, pipes) = match last.as_ref() {
        Some((line, pipes)) if line.start <= range.start && range.start <= line.end => {
            (line.clone(), *pipes)
        }
        _ => {
            let line = cells::line_of(text, range.start);
            let pipes = cells::pipe_bounds(text, &line);
            *last = Some((line.clone(), pipes));
            (line, pipes)
        }
    };
    if range.end > line.end {
        return None;
    }
    (marker.in_table || pipes.is_some()).then_some(CellLine {
        line,
        in_table: marker.in_table,
        pipes,
    })
}

/// Whether `candidate` for the run at `range` (the marker after it
/// `next`) may change its line's reading, so that it must be checked. It
/// cannot when it writes and takes out no pipe and the run stands between
/// two pipes (the count and the line's edges stay); nor at an edge of the
/// line when a marker that stays or goes later stands between the run and
/// the line's end (trailing) or its first pipe (leading): the edge's cell
/// keeps that marker's text, and that marker's own check sees this run's
/// edit. So a line of N markers is checked a bounded number of times.
fn needs_check(
    text: &str,
    scan: &Scan,
    parts: &[Part],
    cell_line: &CellLine,
    next: usize,
    range: &Range<usize>,
    candidate: &[LineEdit<'_>],
) -> bool {
    let piped = candidate
        .iter()
        .any(|(r, t)| t.contains('|') || text[r.clone()].contains('|'));
    let Some((first_pipe, last_pipe)) = cell_line.pipes else {
        return true;
    };
    if piped {
        return true;
    }
    let leading = range.start < first_pipe;
    let trailing = range.start > last_pipe;
    if !leading && !trailing {
        return false;
    }
    let kept_by_next = scan.markers.get(next).is_some_and(|m| {
        parts.get(next) != Some(&Part::InRemovedClaim)
            && m.span.start < cell_line.line.end
            && (trailing || m.span.start < first_pipe)
    });
    !kept_by_next
}

/// Whether the line of cells reads the same with `candidate` as without.
fn keeps_reading(
    text: &str,
    edits: &LineEdits,
    cell_line: &CellLine,
    candidate: &[LineEdit<'static>],
) -> bool {
    let line = &cell_line.line;
    let before = cells::reading(&cells::edited_line(text, line, &edits.on(line, &[])));
    let after = cells::reading(&cells::edited_line(text, line, &edits.on(line, candidate)));
    match before {
        Some(before) => before.same(after, cell_line.in_table),
        None => after.is_none(),
    }
}

/// How the run at `range`, in the middle of a line's text, is taken out:
/// with the space before it, or the spaces after it, or leaving one space
/// that keeps the words on both sides apart. `start` is where the text
/// before the run ends and `before` the text before the space before the
/// run, as the runs taken out before it leave them (`None`: no space is
/// before it).
fn emptied_run_removal(
    text: &str,
    scan: &Scan,
    around: &AroundMarkers<'_>,
    mut range: Range<usize>,
    (start, before): (usize, Option<&str>),
) -> Vec<Replacement> {
    let head = text[..start].trim_end_matches(DELIMITERS);
    let spaces_after = text[range.end..]
        .bytes()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    if head.len() < start
        && spaces_after > 0
        && around.delimiters_are_markup(scan, &range, head.len())
    {
        // Right after an emphasis opens, the spaces after the run go
        // too: `~~ x~~` would no longer open.
        range.end += spaces_after;
    } else if takes_space_before(before, around.rest(&scan.markers, &range)) {
        range.start -= 1;
    } else if let Some(mut at) = evidence_core::markers::word_gap(text, &range) {
        // A space keeps the words apart: outside the delimiters of an
        // emphasis that closes or opens next to the run, which it would
        // otherwise break; next to literal ones, where the scan read it
        // (in the block's text, they are words' characters).
        if !around.delimiters_are_markup(scan, &range, at) {
            at = range.end;
        }
        let space = Replacement {
            range: at..at,
            text: " ",
        };
        return if at == range.end {
            vec![Replacement { range, text: " " }]
        } else if at < range.start {
            vec![space, Replacement { range, text: "" }]
        } else {
            vec![Replacement { range, text: "" }, space]
        };
    }
    vec![Replacement { range, text: "" }]
}

/// Whether the run at `range` is all the first or last cell of its line
/// holds, once the edits planned so far are made: nothing but container
/// markup (`> `, a list item's marker, indentation) before it and white
/// space then a `|` after it, or a `|` then white space before it and
/// white space after it; or, `any_cell`, white space between it and the
/// pipes or line's edges on both sides (a row without pipes is one cell).
fn fills_edge_cell(
    text: &str,
    edits: &LineEdits,
    line: &Range<usize>,
    range: &Range<usize>,
    any_cell: bool,
) -> bool {
    let on_line = edits.on(line, &[]);
    let before = cells::edited_line(text, &(line.start..range.start), &on_line);
    let after = cells::edited_line(text, &(range.end..line.end), &on_line);
    let spaced = before.trim_end_matches([' ', '\t']);
    let after_pipe = spaced.ends_with('|') && !spaced.ends_with("\\|");
    let at_start = cells::is_container_markup(&before);
    let at_end = after.trim_matches([' ', '\t']).is_empty();
    let before_pipe = after.trim_start_matches([' ', '\t']).starts_with('|');
    if any_cell {
        return (after_pipe || at_start) && (at_end || before_pipe);
    }
    after_pipe && at_end || at_start && before_pipe
}

/// Replacements as edits a line's reading is taken from.
fn line_edits(replacements: &[Replacement]) -> Vec<LineEdit<'static>> {
    (replacements.iter())
        .map(|r| (r.range.clone(), Cow::Borrowed(r.text)))
        .collect()
}

/// Emphasis and strikethrough delimiters.
const DELIMITERS: [char; 3] = ['*', '_', '~'];

/// Whether a removed marker takes the space before it along:
/// `claim [EVID:x].` becomes `claim.`, but the space stays where it
/// separates a citation that follows (`a [EVID:x][EVID:y]`) or where it
/// ends a line's block markup (`# `, `- `, `> `, `1. `), which without it
/// would be text, or where the characters on both sides of it would meet
/// as markup (see [`would_join`]). `before` is the text before the space
/// as the runs taken out before it leave it: `\ [EVID:x,] [EVID:y]` at a
/// line's (or the chapter's) end goes as `\ `, where each run taking the
/// space before it would leave a hard line break.
fn takes_space_before(before: Option<&str>, rest: &str) -> bool {
    let Some(before) = before else {
        return false;
    };
    // The chapter's end is a line's: what the run leaves last meets the
    // line end of what is written after the chapter (its References), as
    // a second run reads it.
    let right = rest.chars().next().or(Some('\n'));
    if would_join(before.chars().next_back(), right) {
        return false;
    }
    // A confidence label's space is the label's: without it, the label
    // would be read as the claim's text on the next run.
    if evidence_core::syntax::ends_with_confidence_label(before) {
        return false;
    }
    // What follows once removed claims are replaced (a phrase is text),
    // past emphasis delimiters (`! [EVID:x]*b`: without the space, a
    // literal `*` would end no sentence there).
    let next = rest.trim_start_matches(DELIMITERS).chars().next();
    let followed_by_text =
        next.is_some_and(|c| c.is_alphanumeric() || matches!(c, '[' | '<' | '!' | '\\'));
    // After a sentence's closing punctuation, the space is what ends the
    // sentence there (`a. [EVID:x]😀 b`): it stays unless what follows
    // would not start a sentence anyway.
    let ends_sentence = before
        .trim_end_matches(['"', '\'', '”', '’', ')', ']'])
        .ends_with(['.', '!', '?', '…'])
        && rest
            .chars()
            .next()
            .is_some_and(|c| !c.is_whitespace() && !c.is_lowercase());
    // Back from the space over block markup only: a line start reached
    // that way means the space ends the markup (looking no further than
    // the markup keeps a line of many markers linear).
    let markup = before
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_digit() || b"#>-*+.) \t".contains(b))
        .count();
    let only_markup = matches!(
        before.as_bytes()[..before.len() - markup].last(),
        None | Some(b'\n' | b'\r')
    );
    !followed_by_text && !ends_sentence && !only_markup
}

/// Whether `left` and `right`, once nothing stands between them, would
/// read as markup that neither read as apart: a longer run of backticks
/// (code spans pair runs of equal length: two backticks, a space, a
/// removed marker, then a code span would become a run of three and no
/// code span, so that a marker the code span held would be read on the
/// next run), a longer run of one emphasis delimiter, a backslash escape
/// or a hard line break.
fn would_join(left: Option<char>, right: Option<char>) -> bool {
    let (Some(left), Some(right)) = (left, right) else {
        return false;
    };
    match left {
        '`' | '*' | '_' | '~' => right == left,
        '\\' => right.is_ascii_punctuation() || matches!(right, '\n' | '\r'),
        _ => false,
    }
}
