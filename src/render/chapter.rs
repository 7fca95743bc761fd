//! The edits that render one judged chapter: citations, removals, notes,
//! labels, the banner and the References section.

use super::template::Templates;
use super::{Edit, Entry, Target, escape};
use crate::config::{Config, Removal};
use crate::markers::{Scan, is_escaped, line_end};
use crate::rules::confidence::LABELS;
use crate::rules::{ClaimId, Judgement, Resolved};
use crate::store::CitationList;
use crate::syntax::{conflict_note_lines, is_conflict_note};
use std::collections::HashMap;

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
    let mut skip = vec![false; scan.markers.len()];
    for &(c, phrase) in &judgement.removed_claims {
        let claim = judgement.claim(c);
        for &m in &claim.markers {
            skip[m] = true;
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
        skip[m.0] = true;
        let mut range = scan.markers[m.0].span.clone();
        if joins_brackets(text, &range) {
            // Inside brackets the author left open around it, taking it out
            // would pair them into a new marker or link: it stays as text.
            continue;
        }
        let separator = if takes_space_before(text, &range) {
            range.start -= 1;
            ""
        } else if joins_words(text, &range) {
            " "
        } else {
            ""
        };
        edits.push(Edit {
            range,
            text: separator.to_owned(),
        });
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

    // Citations, numbered by the chapter's list, then by first appearance.
    let mut numbers: HashMap<&str, u32> = HashMap::new();
    if let Some(list) = list {
        for (i, id) in list.ids.iter().enumerate() {
            numbers.entry(id.as_str()).or_insert(i as u32 + 1);
        }
    }
    let mut next = list.map_or(0, |l| l.ids.len() as u32) + 1;
    let mut entries: Vec<Entry<'_>> = Vec::new();
    let mut entry_of: HashMap<&str, usize> = HashMap::new();
    for ((marker, resolved), skip) in scan.markers.iter().zip(&judgement.resolved).zip(&skip) {
        let Some(evidence) = resolved else { continue };
        if *skip {
            continue;
        }
        let number = *numbers.entry(evidence.id).or_insert_with(|| {
            next += 1;
            next - 1
        });
        let entry = *entry_of.entry(evidence.id).or_insert_with(|| {
            entries.push(Entry {
                number,
                evidence: *evidence,
                occurrences: 0,
            });
            entries.len() - 1
        });
        entries[entry].occurrences += 1;
        let occurrence = entries[entry].occurrences;
        let mut range = marker.span.clone();
        let mut cite = super::citation(
            templates,
            target,
            number,
            evidence,
            occurrence,
            marker.in_heading,
        );
        if target == Target::Markdown && is_unescaped_bang_before(text, range.start) {
            // `![…](…)` would be an image: escape the author's `!`.
            range.start -= 1;
            cite.insert_str(0, "\\!");
        }
        edits.push(Edit { range, text: cite });
    }

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
        entries.sort_by_key(|e| e.number);
        let mut body = super::references_body(templates, target, &entries, newline);
        super::keep_definitions(&mut body, text, &scan.definitions, newline);
        let place = super::ReferencesPlace {
            existing: scan.references.as_ref(),
            own: scan.own_references.as_ref(),
            unclosed: scan.unclosed.as_deref(),
        };
        edits.push(super::references_edit(
            text,
            place,
            &config.references_title,
            &body,
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
    // keeps them: only its own text is replaced. Blocks are in the order
    // they close, so a block holds others exactly when the one closed just
    // before it lies inside it.
    let holds_others = claim.block.checked_sub(1).is_some_and(|before| {
        let other = &scan.blocks[before];
        other.outer.start >= block.outer.start && other.outer.end <= block.outer.end
    });
    if holds_others {
        return replace;
    }
    Edit {
        range: block.outer.start..line_end(text, block.outer.end),
        text: String::new(),
    }
}

/// Whether the byte before `at` is a `!` that is not backslash-escaped.
fn is_unescaped_bang_before(text: &str, at: usize) -> bool {
    at > 0 && text.as_bytes()[at - 1] == b'!' && !is_escaped(text, at - 1)
}

/// Whether the marker at `range` stands between a `[` and a `]` of the
/// same line with no bracket between them and it (`[EVID:[EVID:x]y]`,
/// `[EVID:y [EVID:x]]`): taking it out would make them a pair.
fn joins_brackets(text: &str, range: &std::ops::Range<usize>) -> bool {
    let opens = text[..range.start]
        .rfind(['[', ']', '\n', '\r'])
        .is_some_and(|at| text.as_bytes()[at] == b'[');
    let closes = text[range.end..]
        .find(['[', ']', '\n', '\r'])
        .is_some_and(|at| text.as_bytes()[range.end + at] == b']');
    opens && closes
}

/// Whether taking out the marker at `range` would join the text on both
/// sides into one word, which may read as markup the author never wrote
/// (`[E[EVID:x]VID:y]` → `[EVID:y]`, `{[EVID:x]{#include …}}`, `&[EVID:x]amp;`):
/// a space then takes its place. Not after block markup at a line's start
/// (`#[EVID:x]Title` would become a heading) nor before closing punctuation.
fn joins_words(text: &str, range: &std::ops::Range<usize>) -> bool {
    let before = text[..range.start].chars().next_back();
    let after = text[range.end..].chars().next();
    let (Some(before), Some(after)) = (before, after) else {
        return false;
    };
    if before.is_whitespace()
        || after.is_whitespace()
        || matches!(after, '.' | ',' | ';' | ':' | '!' | '?' | ')')
    {
        return false;
    }
    let head = &text[..range.start];
    let markup = head
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_digit() || b"#>-*+.)".contains(b))
        .count();
    !matches!(
        head.as_bytes()[..head.len() - markup].last(),
        None | Some(b'\n' | b'\r')
    )
}

/// Whether a removed marker at `range` takes the space before it along:
/// `claim [EVID:x].` becomes `claim.`, but the space stays where it
/// separates a citation that follows (`a [EVID:x][EVID:y]`) or where it
/// ends a line's block markup (`# `, `- `, `> `, `1. `), which without it
/// would be text.
fn takes_space_before(text: &str, range: &std::ops::Range<usize>) -> bool {
    if range.start == 0 || text.as_bytes()[range.start - 1] != b' ' {
        return false;
    }
    let followed_by_text = text[range.end..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '[' | '<' | '!' | '\\'));
    // Back from the space over block markup only: a line start reached
    // that way means the space ends the markup (looking no further than
    // the markup keeps a line of many markers linear).
    let before = &text[..range.start - 1];
    let markup = before
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_digit() || b"#>-*+.) \t".contains(b))
        .count();
    let only_markup = matches!(
        before.as_bytes()[..before.len() - markup].last(),
        None | Some(b'\n' | b'\r')
    );
    !followed_by_text && !only_markup
}
