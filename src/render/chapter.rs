//! The edits that render one judged chapter: citations, removals, notes,
//! labels, the banner and the References section.

use super::citations::{Citations, Part, Renderer};
use super::template::Templates;
use super::{Edit, Target, escape};
use crate::config::{Config, Removal};
use crate::markers::{Scan, line_end};
use crate::rules::confidence::LABELS;
use crate::rules::{ClaimId, Judgement, Resolved};
use crate::store::CitationList;
use crate::syntax::{conflict_note_lines, is_conflict_note};

/// The edits that render a chapter, sorted and free of overlaps, or `None`
/// when nothing changes.
pub fn chapter_edits(
    text: &str,
    scan: &Scan,
    judgement: &Judgement<'_>,
    list: Option<&CitationList>,
    target: Target,
    config: &Config,
    templates: &Templates,
) -> Option<Vec<Edit>> {
    let newline = super::newline_of(text);
    let mut edits = Vec::new();
    if judgement.downgrade {
        // First: at an offset shared with the References (a chapter whose
        // only heading is its last line) the banner goes before them.
        edits.push(super::banner_edit(text, scan.banner_offset, newline));
    }

    // Removals (`remove` mode): their markers are neither numbered nor listed.
    let mut parts = vec![Part::Kept; scan.markers.len()];
    for (part, resolved) in parts.iter_mut().zip(&judgement.resolved) {
        if resolved.is_some() {
            *part = Part::Cite;
        }
    }
    for &(c, phrase) in &judgement.removed_claims {
        let claim = judgement.claim(c);
        for &m in &claim.markers {
            parts[m] = Part::InRemovedClaim;
        }
        edits.push(removal_edit(
            text,
            scan,
            judgement,
            c,
            phrase,
            config.removal,
        ));
    }
    for &m in &judgement.removed_markers {
        parts[m.0] = Part::Removed;
    }

    // Confidence labels, replacing an earlier run's label.
    for &(c, label) in &judgement.labels {
        let mut at = judgement.claim(c).span.start;
        if text[..at].ends_with('\\') {
            // The text of `\[` starts after its backslash.
            at -= 1;
        }
        let existing = LABELS.iter().find_map(|l| {
            let escaped = format!("\\{}\\] ", &l[..l.len() - 1]);
            let plain = format!("{l} ");
            [escaped, plain]
                .into_iter()
                .find(|form| text[at..].starts_with(form.as_str()))
                .map(|form| form.len())
        });
        edits.push(Edit {
            range: at..at + existing.unwrap_or(0),
            text: format!("\\{}\\] ", &label[..label.len() - 1]),
        });
    }

    // Citations, numbered by the chapter's list, then by first appearance,
    // run by run.
    let renderer = Renderer {
        text,
        target,
        style: config.citation_style,
        templates,
    };
    let Citations {
        edits: citation_edits,
        entries,
    } = renderer.render(scan, &judgement.resolved, &parts, list);
    edits.extend(citation_edits);

    // Conflicting-evidence notes, after the top-level block of the claim
    // that cites the second side (once: an earlier run's note stays).
    for conflict in &judgement.conflicts {
        let [a, b] = &conflict.items;
        let exists = scan.blocks.iter().any(|block| {
            is_conflict_note(&block.text)
                && block.text.contains(&format!("({})", a.id))
                && block.text.contains(&format!("({})", b.id))
        });
        if exists {
            continue;
        }
        let at = match conflict.block {
            Some(block) => line_end(text, scan.blocks[block.0].top_end),
            None => scan.references.as_ref().map_or(text.len(), |r| r.start),
        };
        let lines = conflict_note_lines(&conflict_details(a, b));
        edits.push(super::insert_block(text, at, &lines, newline));
    }

    if !entries.is_empty() {
        let mut section = super::references(
            templates,
            target,
            &config.references_title,
            &entries,
            newline,
        );
        super::keep_definitions(&mut section, text, &scan.definitions, newline);
        edits.push(super::references_edit(
            text,
            scan.references.clone(),
            scan.unclosed.as_deref(),
            section,
            newline,
        ));
    }
    if edits.is_empty() {
        return None;
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

/// The sentence of a conflicting-evidence note after its lead.
fn conflict_details(a: &Resolved<'_>, b: &Resolved<'_>) -> String {
    format!(
        "{} (`{}`) and {} (`{}`) contradict each other; weigh both before relying on the claims above.",
        escape::markdown(a.publisher()),
        a.id,
        escape::markdown(b.publisher()),
        b.id
    )
}

/// The edit that removes claim `c`: its text and markers replaced by
/// `phrase`, or (with `removal = "delete"`) the whole paragraph, list item
/// or sentence deleted.
fn removal_edit(
    text: &str,
    scan: &Scan,
    judgement: &Judgement<'_>,
    c: ClaimId,
    phrase: &str,
    removal: Removal,
) -> Edit {
    let claim = judgement.claim(c);
    let block = &scan.blocks[claim.block];
    let replace = Edit {
        range: claim.span.clone(),
        text: phrase.to_owned(),
    };
    if removal == Removal::Replace {
        return replace;
    }
    if claim.span != block.span {
        // A sentence: delete it and the space after it.
        let rest = &text[claim.span.end..];
        let spaces = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        return Edit {
            range: claim.span.start..claim.span.end + spaces,
            text: String::new(),
        };
    }
    // A block that holds other blocks (a list item with a nested list)
    // keeps them: only its own text is replaced.
    let holds_others = scan.blocks.iter().any(|other| {
        !std::ptr::eq(other, block)
            && other.outer.start >= block.outer.start
            && other.outer.end <= block.outer.end
    });
    if holds_others {
        return replace;
    }
    Edit {
        range: block.outer.start..line_end(text, block.outer.end),
        text: String::new(),
    }
}
