//! The edits that render one chapter from its plan: citations, removals,
//! notes, labels, the banner and the References section.

use crate::citations::render_run;
use crate::plan::{NoteSide, RenderPlan};
use crate::template::Templates;
use crate::{Edit, Target};
use evidence_core::escape;
use evidence_core::syntax::conflict_note_lines;
use evidence_text::disagreement::Kind;

/// The edits that render the chapter `text` as `plan` says, sorted and
/// free of overlaps, or `None` when nothing changes.
pub fn chapter_edits(
    text: &str,
    plan: &RenderPlan<'_>,
    templates: &Templates,
    target: Target,
) -> Option<Vec<Edit>> {
    if plan.is_empty() {
        return None;
    }
    let newline = crate::newline_of(text);
    // A heading's id goes before a banner inserted at the same offset
    // (a heading on the last line, with no line ending).
    let mut edits: Vec<Edit> = plan.heading_ids.clone();
    // Under the title, above a banner at the same offset.
    if let Some(disclosed) = &plan.disclosure {
        let cited = plan.published();
        edits.push(crate::disclosure::edit(
            text, disclosed, cited, target, newline,
        ));
    }
    if let Some(offset) = plan.banner {
        // First: at an offset shared with the References (a chapter whose
        // only heading is its last line) the banner goes before them.
        edits.push(crate::banner_edit(text, offset, newline));
    }
    if let Some((offset, lines)) = &plan.preview {
        edits.push(crate::insert_block(text, *offset, lines, newline));
    }
    if let Some((offset, what)) = &plan.removal_note {
        let lines = evidence_core::syntax::removal_note_lines(what);
        edits.push(crate::insert_block(text, *offset, &lines, newline));
    }
    edits.extend(removals_and_labels(text, plan));
    edits.extend(plan.claim_marks.iter().map(|mark| mark.edit(target)));
    edits.extend(plan.withheld.iter().cloned());

    let references = &plan.references;
    let mut members = Vec::new();
    for run in &plan.runs {
        members.clear();
        members.extend(plan.members[run.members.clone()].iter().map(|m| {
            let entry = &references.entries[m.entry];
            (entry.number, entry.evidence, m.occurrence)
        }));
        edits.push(render_run(
            templates, target, plan.style, &members, run, text,
        ));
    }

    for note in &plan.notes {
        let lines = conflict_note_lines(&conflict_details(&note.sides, note.kind));
        edits.push(crate::insert_block(text, note.at, &lines, newline));
    }

    if !references.entries.is_empty() {
        // The section an earlier run wrote keeps its line ending: in a
        // chapter of mixed endings, `remove` mode may have replaced the
        // first line, whose ending [`super::newline_of`] reads.
        let newline = references
            .existing
            .as_ref()
            .and_then(|section| text.get(section.clone()))
            .filter(|section| section.contains('\n'))
            .map_or(newline, crate::newline_of);
        let mut body = crate::references_body(templates, target, &references.entries, newline);
        crate::keep_definitions(&mut body, text, &references.definitions, newline);
        let place = crate::ReferencesPlace {
            existing: references.existing.as_ref(),
            own: references.own.as_ref(),
            unclosed: references.unclosed.as_deref(),
        };
        edits.push(crate::references_edit(
            text,
            place,
            references.title,
            &body,
            newline,
        ));
    }
    if let Some(section) = &references.written_list {
        let mut kept = String::new();
        crate::keep_definitions(&mut kept, text, &references.definitions, newline);
        let mut kept = kept.trim_start_matches(['\r', '\n']).to_owned();
        if !kept.is_empty() && section.end < text.len() {
            kept.push_str(newline);
        }
        edits.push(Edit {
            range: section.clone(),
            text: kept,
        });
    }
    if target == Target::Html {
        let labels = crate::speculation::label_edits(&plan.speculation, &edits);
        edits.extend(labels);
    }
    // Stable: insertions at one offset keep the order they were made in.
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let mut end = 0;
    edits.retain(|e| {
        // By construction edits never overlap; should a claim's span be
        // approximate (text with escapes), the later edit gives way.
        let keep = e.range.start >= end;
        if keep {
            end = e.range.end.max(end);
        }
        keep
    });
    Some(edits)
}

/// The sentence of a conflicting-evidence note after its lead: both
/// sources by name and id, and how their passages disagree when that was
/// found rather than declared.
fn conflict_details([a, b]: &[NoteSide<'_>; 2], kind: Option<Kind>) -> String {
    let how = kind.map_or("contradict each other", Kind::description);
    format!(
        "{} (`{}`) and {} (`{}`) {how}; weigh both before relying on the claims above.",
        escape::markdown(a.publisher),
        a.id,
        escape::markdown(b.publisher),
        b.id
    )
}

/// The removals and the confidence labels of `plan` as edits. A label
/// whose place a removal covers (a claim's first marker taken out with the
/// space before it) keeps its place: the removal leaves that space (which
/// may end block markup: `- [ ] `, `| `); or, covered otherwise, it goes
/// where the removal ends.
fn removals_and_labels(text: &str, plan: &RenderPlan<'_>) -> Vec<Edit> {
    let mut removals: Vec<Edit> = plan
        .removals
        .iter()
        .map(|removal| Edit {
            range: removal.range.clone(),
            text: removal.text.to_owned(),
        })
        .collect();
    removals.sort_by_key(|e| e.range.start);
    // The plan's removals (markers, claims, table rows, emptied
    // containers' stand-ins) never overlap by construction; the final
    // pass would drop the later of two silently, leaving text for the
    // next run (how a fixed idempotence bug hid), so a build with debug
    // assertions (the tests; a fuzz target built with `-a`) checks it.
    debug_assert!(
        removals
            .windows(2)
            .all(|w| w[0].range.end <= w[1].range.start),
        "overlapping removals: {:?}",
        removals.iter().map(|e| &e.range).collect::<Vec<_>>()
    );
    let mut labels = Vec::with_capacity(plan.labels.len());
    for label in &plan.labels {
        let mut at = label.range.start;
        let covering = removals.partition_point(|e| e.range.start < at);
        if let Some(cover) = covering.checked_sub(1).map(|i| &mut removals[i])
            && cover.range.end > at
            && label.range.is_empty()
        {
            if text[cover.range.start..at].bytes().all(|b| b == b' ') && cover.text.is_empty() {
                cover.range.start = at;
            } else {
                at = cover.range.end;
            }
        }
        labels.push(Edit {
            range: at..at + label.range.len(),
            text: label.text(),
        });
    }
    removals.extend(labels);
    removals
}
