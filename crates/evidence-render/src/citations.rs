//! The citations of a chapter, rendered run by run.
//!
//! Planned from the scan and judgement ([`plan`]), rendered from the plan
//! ([`render_run`]). Markers written next to each other — `[3][1]`, or one marker that
//! stands for several (`[1, 2]`, `[1-3]`, `[EVID:a, b]`) — form
//! a **run**, rendered as one edit: the citations sorted by number, each
//! item once, in the book's [`CitationStyle`]. A marker that does not
//! resolve and is not removed stays: a marker of an id as its unverified
//! mark, after the run's citations; one with no id to name (an unknown
//! `[N]`, a malformed marker) as written: where it was written, the
//! citations on either side of it runs of their own (in a run that takes
//! no marker out: see [`runs`]), else after the citations.
//! A run with no citation, no mark and nothing removed is left as it is.

use crate::template::Templates;
use crate::unverified::KeptMarker;
use crate::{Edit, Entry, Target, citation, cite_anchor, digit_references};
use evidence_core::config::CitationStyle;
use evidence_core::markers::{Marker, MarkerKind, Scan, is_escaped};
use evidence_core::store::CitationList;
use evidence_core::syntax::{
    CITE_CLASS, CITE_GROUP_CLASS, CITE_GROUP_SEPARATOR, CITE_ID_ATTRIBUTE, CITE_RANGE_DASH,
    EVIDENCE_MARKER_TAG,
};
use evidence_rules::Resolved;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// What a marker contributes to its run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// Rendered as a citation (it resolved and stays).
    Cite,
    /// Taken out (`remove` mode).
    Removed,
    /// Left as written (it does not resolve, and stays).
    Kept,
    /// In a removed claim, whose edit replaces it.
    InRemovedClaim,
}

/// One member of a run: an item cited there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Member {
    /// The item's position in the plan's References entries.
    pub(super) entry: usize,
    /// Which citing spot of the item it is (1-based), for the back-links.
    pub(super) occurrence: u32,
}

/// A run of markers rendered as one edit.
#[derive(Debug)]
pub(super) struct CiteRun {
    /// The bytes the run covers.
    pub(super) range: Range<usize>,
    /// Its members in the plan's list, sorted by number, each item once.
    pub(super) members: Range<usize>,
    /// The markers it keeps (unresolved): unverified marks, or as
    /// written in their plain form.
    pub(super) kept: Vec<KeptMarker>,
    /// Whether the run sits in a heading.
    pub(super) in_heading: bool,
}

/// A chapter's citations, planned: the runs that change and the items
/// they cite.
#[derive(Debug, Default)]
pub(super) struct PlannedCitations<'s> {
    /// The runs that render to something, in document order.
    pub(super) runs: Vec<CiteRun>,
    /// The runs' members, run after run.
    pub(super) members: Vec<Member>,
    /// The runs whose every marker is taken out (`remove` mode), by range.
    pub(super) emptied: Vec<Range<usize>>,
    /// One entry per cited item, sorted by number.
    pub(super) entries: Vec<Entry<'s>>,
}

/// Plans the citations of `scan`'s markers in the chapter `text`:
/// `resolved` is each marker's resolution, `parts` what each contributes;
/// numbers come from the chapter's `list`, then from first appearance;
/// `kept_as` is what each marker that does not resolve is shown as.
pub(super) fn plan<'s>(
    text: &str,
    scan: &Scan,
    resolved: &[Option<Resolved<'s>>],
    parts: &[Part],
    list: Option<&CitationList>,
    kept_as: &mut [Option<KeptMarker>],
) -> PlannedCitations<'s> {
    let mut numbers = Numbers::new(list);
    let mut planned = PlannedCitations::default();
    let mut entry_of: HashMap<&'s str, usize> = HashMap::new();
    let mut cites: Vec<(u32, Resolved<'s>)> = Vec::new();
    // The numbers already in `cites`: a run citing N items is checked for
    // each item once, not against every item before it.
    let mut cited: HashSet<u32> = HashSet::new();
    for (run, end) in runs(text, &scan.markers, parts) {
        cites.clear();
        cited.clear();
        let mut kept = Vec::new();
        let mut removed = false;
        for m in run.clone() {
            match (parts[m], &resolved[m]) {
                (Part::Cite, Some(evidence)) => {
                    let number = numbers.of(evidence.id);
                    if cited.insert(number) {
                        cites.push((number, *evidence));
                    }
                }
                (Part::Removed, _) => removed = true,
                _ => kept.push(
                    kept_as[m]
                        .take()
                        .unwrap_or_else(|| KeptMarker::Plain(plain_form(&scan.markers[m].kind))),
                ),
            }
        }
        if cites.is_empty() && !removed && !kept.iter().any(KeptMarker::is_mark) {
            continue;
        }
        let first = &scan.markers[run.start];
        let range = first.span.start..end;
        if cites.is_empty() && kept.is_empty() {
            planned.emptied.push(range);
            continue;
        }
        cites.sort_by_key(|(number, _)| *number);
        let from = planned.members.len();
        for &(number, evidence) in &cites {
            let entries = &mut planned.entries;
            let entry = *entry_of.entry(evidence.id).or_insert_with(|| {
                entries.push(Entry {
                    number,
                    evidence,
                    occurrences: 0,
                });
                entries.len() - 1
            });
            entries[entry].occurrences += 1;
            let occurrence = entries[entry].occurrences;
            planned.members.push(Member { entry, occurrence });
        }
        planned.runs.push(CiteRun {
            range,
            members: from..planned.members.len(),
            kept,
            in_heading: first.in_heading,
        });
    }
    // Sorted by number; the members follow their entries.
    let entries = &mut planned.entries;
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&e| entries[e].number);
    let mut position = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        position[old] = new;
    }
    entries.sort_by_key(|e| e.number);
    for member in &mut planned.members {
        member.entry = position[member.entry];
    }
    // Plans are held from judging until writing: no spare capacity.
    entries.shrink_to_fit();
    planned.runs.shrink_to_fit();
    planned.members.shrink_to_fit();
    planned
}

/// The text of one run: its citations in the book's `style` (`members`
/// as `(number, item, occurrence)`, sorted), then the markers it keeps.
/// A `!` before it is escaped in markdown, so that `![…](…)` is no image.
pub(super) fn render_run(
    templates: &Templates,
    target: Target,
    style: CitationStyle,
    members: &[(u32, Resolved<'_>, u32)],
    run: &CiteRun,
    text: &str,
) -> Edit {
    let mut out = group(templates, target, style, members, run.in_heading);
    for kept in &run.kept {
        kept.render(target, &mut out);
    }
    let mut range = run.range.clone();
    if target == Target::Markdown && is_unescaped_bang_before(text, range.start) {
        range.start -= 1;
        out.insert_str(0, "\\!");
    }
    Edit { range, text: out }
}

/// The citations of one run, sorted, each `(number, item, occurrence)`.
fn group(
    templates: &Templates,
    target: Target,
    style: CitationStyle,
    members: &[(u32, Resolved<'_>, u32)],
    in_heading: bool,
) -> String {
    let one = |&(number, ref evidence, occurrence): &(u32, Resolved<'_>, u32)| {
        citation(templates, target, number, evidence, occurrence, in_heading)
    };
    if members.len() < 2 || target == Target::Markdown {
        return members.iter().map(one).collect();
    }
    let ranges = match style {
        CitationStyle::Separate => return members.iter().map(one).collect(),
        CitationStyle::Grouped => false,
        CitationStyle::Ranges => true,
    };
    let mut out = format!("<span class=\"{CITE_GROUP_CLASS}\">[");
    let mut i = 0;
    while i < members.len() {
        if i > 0 {
            out.push_str(CITE_GROUP_SEPARATOR);
        }
        // A range: three or more consecutive numbers.
        let mut end = i;
        while ranges && end + 1 < members.len() && members[end + 1].0 == members[end].0 + 1 {
            end += 1;
        }
        if end >= i + 2 {
            out.push_str(&unbracketed(one(&members[i]), members[i].0, in_heading));
            for (_, evidence, occurrence) in &members[i + 1..end] {
                out.push_str(&range_anchor(evidence.id, *occurrence));
            }
            out.push_str(CITE_RANGE_DASH);
            out.push_str(&unbracketed(one(&members[end]), members[end].0, in_heading));
            i = end + 1;
        } else {
            out.push_str(&unbracketed(one(&members[i]), members[i].0, in_heading));
            i += 1;
        }
    }
    out.push_str("]</span>");
    out
}

/// A citation of a group without its brackets: the templates end with
/// `>[{{label}}]</a>` (`</span>` in headings), which the template loader
/// checks, so the label's brackets are those just before the closing tag.
fn unbracketed(cite: String, number: u32, in_heading: bool) -> String {
    let closing = if in_heading { "</span>" } else { "</a>" };
    let label = digit_references(number);
    let bracketed = format!("[{label}]{closing}");
    match cite.strip_suffix(&bracketed) {
        Some(head) => format!("{head}{label}{closing}"),
        None => cite,
    }
}

/// The citing spot of an item inside a range (`2` of `[1–3]`): an empty
/// element the References back-link can land on, read back as a citation
/// of the item on a rerun.
fn range_anchor(id: &str, occurrence: u32) -> String {
    format!(
        "<span class=\"{CITE_CLASS}\" id=\"{}\" {CITE_ID_ATTRIBUTE}=\"{id}\"></span>",
        cite_anchor(id, occurrence)
    )
}

/// How an unresolved marker is written when it stays in a run with
/// citations: `[EVID:<id>]`, `[N]`, or as written when malformed.
fn plain_form(kind: &MarkerKind) -> String {
    match kind {
        MarkerKind::Evidence(id) | MarkerKind::Rendered(id) => {
            format!("[{EVIDENCE_MARKER_TAG}{id}]")
        }
        MarkerKind::Number(n) => format!("[{n}]"),
        MarkerKind::Malformed(written) => written.clone(),
    }
}

/// The runs of markers that are written next to each other (touching: the
/// author's text between two markers, even a space, is kept as written),
/// in the same block and both in a heading or neither, as ranges of marker
/// indices. Markers of removed claims are in no run: their claim's edit
/// replaces them.
/// The end of each run, the last byte any of its markers covers, is kept
/// as the run grows: recomputed over the run for each marker added, a line
/// of N markers written next to each other took N²/2 steps.
/// A run that holds a citation and takes no marker out is cut at the
/// markers it keeps as written ([`split_at_written`]).
fn runs(text: &str, markers: &[Marker], parts: &[Part]) -> Vec<(Range<usize>, usize)> {
    let mut out: Vec<(Range<usize>, usize)> = Vec::new();
    for (i, marker) in markers.iter().enumerate() {
        if parts[i] == Part::InRemovedClaim {
            continue;
        }
        if let Some((run, end)) = out.last_mut()
            && run.end == i
        {
            let prev = &markers[i - 1];
            let touching = marker.span == prev.span || marker.span.start == *end;
            if touching && marker.block == prev.block && marker.in_heading == prev.in_heading {
                run.end = i + 1;
                *end = (*end).max(marker.span.end);
                continue;
            }
        }
        out.push((i..i + 1, marker.span.end));
    }
    let cut = |run: &Range<usize>| {
        let holds = |part| run.clone().any(|m| parts[m] == part);
        holds(Part::Cite)
            && !holds(Part::Removed)
            && run.clone().any(|m| written(markers, parts, m))
    };
    if !out.iter().any(|(run, _)| cut(run)) {
        return out;
    }
    let mut split = Vec::with_capacity(out.len());
    for (run, end) in out {
        if cut(&run) {
            split_at_written(text, markers, parts, run, &mut split);
        } else {
            split.push((run, end));
        }
    }
    split
}

/// Whether marker `m` stays as written: it does not resolve, stays, and
/// has no id to show an unverified mark for (an unknown `[N]`, a malformed
/// marker). It may be a part of what was written (`7]` of `[1, 7]`).
fn written(markers: &[Marker], parts: &[Part], m: usize) -> bool {
    parts[m] == Part::Kept
        && matches!(
            markers[m].kind,
            MarkerKind::Number(_) | MarkerKind::Malformed(_)
        )
}

/// The runs of `run` once the markers it keeps as written are taken out
/// of it, appended to `out`: each such marker stays where the author wrote
/// it, between the same neighbours, and the citations on either side of it
/// are runs of their own. Rendered after the run's citations, it met what
/// the author had written apart from it: `[EVID:a b]`, a citation, then
/// `(EVID:x)` became `[EVID:a b](EVID:x)`, a link, which the next run read
/// as no marker. Markers that share their bytes (`[1-3]`) are cut as one,
/// only where all of them stay as written; a part of a list (`7]` of `[1,
/// 7]`) is not cut from the rest of it.
fn split_at_written(
    text: &str,
    markers: &[Marker],
    parts: &[Part],
    run: Range<usize>,
    out: &mut Vec<(Range<usize>, usize)>,
) {
    let mut open: Option<(Range<usize>, usize)> = None;
    let mut m = run.start;
    while m < run.end {
        let span = &markers[m].span;
        let shared = m + markers[m..run.end]
            .iter()
            .take_while(|other| other.span == *span)
            .count();
        let whole = matches!(markers[m].kind, MarkerKind::Malformed(_))
            || text[span.clone()].starts_with('[') && text[span.clone()].ends_with(']');
        if whole && (m..shared).all(|k| written(markers, parts, k)) {
            out.extend(open.take());
        } else {
            let (part, end) = open.get_or_insert((m..m, span.end));
            part.end = shared;
            *end = (*end).max(span.end);
        }
        m = shared;
    }
    out.extend(open);
}

/// Citation numbers: the chapter's list first, then first appearance.
struct Numbers {
    /// The number of each id numbered so far.
    of: HashMap<String, u32>,
    /// The next number to give.
    next: u32,
}

impl Numbers {
    fn new(list: Option<&CitationList>) -> Self {
        let mut of = HashMap::new();
        if let Some(list) = list {
            for (i, id) in list.ids.iter().enumerate() {
                of.entry(id.clone()).or_insert(i as u32 + 1);
            }
        }
        Numbers {
            of,
            next: list.map_or(0, |l| l.ids.len() as u32) + 1,
        }
    }

    /// The number of `id`, given now if it has none.
    fn of(&mut self, id: &str) -> u32 {
        if let Some(&number) = self.of.get(id) {
            return number;
        }
        let number = self.next;
        self.next += 1;
        self.of.insert(id.to_owned(), number);
        number
    }
}

/// Whether the byte before `at` is a `!` that is not backslash-escaped.
fn is_unescaped_bang_before(text: &str, at: usize) -> bool {
    at > 0 && text.as_bytes()[at - 1] == b'!' && !is_escaped(text, at - 1)
}
