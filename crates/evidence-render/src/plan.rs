//! The render plan: what rendering one chapter needs, decided from its scan
//! and judgement right after judging, so that both can be dropped before
//! the chapter is rendered.
//!
//! A plan holds byte ranges of the chapter's text and what goes there:
//! the citations (with their numbers and items), the removed claims and
//! markers (with their replacement phrases), the confidence labels, the
//! conflicting-evidence notes, the banner and the References section's
//! contents. Every decision that needs the scan, the judgement, the
//! chapter's citation list or the config is made here; rendering
//! ([`chapter_edits`](super::chapter_edits)) is a function of the chapter's
//! text, its plan, the templates and the target alone.

// Removals of claims inside nested blocks, and of table rows.
pub(crate) mod remove;

use self::remove::cells::past_cellless_line;
use crate::Entry;
use crate::citations;
use crate::citations::{CiteRun, Member, Part};
use crate::claim_marks::ClaimMark;
use crate::unverified::kept_markers;
use evidence_core::config::{CitationStyle, Config, Removal};
use evidence_core::markers::{Scan, line_end};
use evidence_core::store::CitationList;
use evidence_core::syntax::{confidence_label_len, is_conflict_note};
use evidence_rules::{Judgement, Resolved};
use evidence_text::claims::Claim;
use remove::nested::{NestedBlocks, around_nested};
use remove::row_removal::row_removal;
use std::ops::Range;

/// What rendering one chapter needs, and nothing else. Built by
/// [`RenderPlan::new`]; rendered by [`chapter_edits`](super::chapter_edits).
///
/// The lists are kept in the order their edits are made: where two edits
/// share an offset, that order is the order of their texts.
#[derive(Debug, Default)]
pub struct RenderPlan<'s> {
    /// Where the Unverified Summary banner goes, when the chapter is
    /// downgraded.
    pub(super) banner: Option<usize>,
    /// Where the note of what `remove` mode took out goes, and what it
    /// says (none when nothing was, or an earlier run wrote it).
    pub(super) removal_note: Option<(usize, String)>,
    /// In an `mdbook serve` preview, the note listing the errors that
    /// would stop the build, and where it goes.
    pub(super) preview: Option<(usize, Vec<String>)>,
    /// Markers `remove` mode meant to take out but left as written, as
    /// taking them out would change the page's structure.
    pub(super) markers_kept: usize,
    /// Where those markers stand: the runs left as written.
    pub(super) kept_runs: Vec<std::ops::Range<usize>>,
    /// Text taken out in `remove` mode: removed claims (replaced by their
    /// phrase, or deleted), then removed markers.
    pub(super) removals: Vec<Replacement>,
    /// Confidence labels, each replacing an earlier run's label.
    pub(super) labels: Vec<Label>,
    /// The citations: runs of adjacent markers, each rendered as one edit.
    pub(super) runs: Vec<CiteRun>,
    /// The runs' members (see [`CiteRun::members`]).
    pub(super) members: Vec<Member>,
    /// How a run of several citations is shown.
    pub(super) style: CitationStyle,
    /// Conflicting-evidence notes to insert.
    pub(super) notes: Vec<ConflictNote<'s>>,
    /// The References section.
    pub(super) references: References<'s>,
    /// Heading ids kept from the citations in headings (`heading_ids`).
    pub(super) heading_ids: Vec<crate::Edit>,
    /// Marks of unverified claims (`downgrade` mode).
    pub(super) claim_marks: Vec<crate::claim_marks::ClaimMark>,
    /// The `[SPECULATION]` labels the HTML renderer writes as elements
    /// (see `speculation`).
    pub(super) speculation: Vec<Range<usize>>,
    /// The team's own notes withheld from the page: suppression reasons
    /// and the import record (see `withheld`).
    pub(super) withheld: Vec<crate::Edit>,
    /// What drafted and checked the chapter, said under its title.
    pub(super) disclosure: Option<crate::disclosure::Disclosed<'s>>,
    /// What the chapter's quality metrics are computed from, for the
    /// evidence index's quality table; `None` when it is not checked.
    pub(super) quality: Option<evidence_rules::QualityInputs>,
    /// The rules the build reported for the chapter (after suppression
    /// comments): the quality table marks ✗ only a target the build warned of.
    pub(super) reported: Vec<evidence_core::rule::Rule>,
    /// The chapter as an earlier run rendered it, from the cache: it
    /// replaces the chapter, and nothing else here is planned.
    pub cached: Option<String>,
    /// The items its References list, when it came from the cache.
    cached_published: Vec<Resolved<'s>>,
}

/// A range of the chapter replaced by a fixed text (empty: deleted).
#[derive(Debug, Clone)]
pub(super) struct Replacement {
    /// The range replaced.
    pub(super) range: Range<usize>,
    /// What replaces it.
    pub(super) text: &'static str,
}

/// A confidence label: inserted before a claim, or replacing the label an
/// earlier run put there.
#[derive(Debug)]
pub(super) struct Label {
    /// The range of an earlier label (empty when there is none).
    pub(super) range: Range<usize>,
    /// The label, as [`CONFIDENCE_LABELS`](evidence_core::syntax::CONFIDENCE_LABELS) spells it.
    pub(super) label: &'static str,
    /// Whether a space goes before it (see [`starts_after_text`]).
    pub(super) spaced: bool,
}

impl Label {
    /// The label as written in the chapter, with the space after it
    /// (`\[MEDIUM CONFIDENCE\] `: escaped, so that it is no link).
    pub(super) fn text(&self) -> String {
        let space = if self.spaced { " " } else { "" };
        format!("{space}\\{}\\] ", &self.label[..self.label.len() - 1])
    }
}

/// A conflicting-evidence note to insert.
#[derive(Debug)]
pub(super) struct ConflictNote<'s> {
    /// The line start (or the end of the text) where it goes.
    pub(super) at: usize,
    /// The two items that contradict each other, in order of first citation.
    pub(super) sides: [NoteSide<'s>; 2],
    /// How their passages disagree; `None` when the store declares it.
    pub(super) kind: Option<evidence_text::disagreement::Kind>,
}

/// What a conflict note says of one of its items.
#[derive(Debug, Clone, Copy)]
pub(super) struct NoteSide<'s> {
    /// The item's publisher.
    pub(super) publisher: &'s str,
    /// The item's evidence id.
    pub(super) id: &'s str,
}

impl<'s> From<&Resolved<'s>> for NoteSide<'s> {
    fn from(evidence: &Resolved<'s>) -> Self {
        NoteSide {
            publisher: evidence.publisher(),
            id: evidence.id,
        }
    }
}

/// The References section: written when some item is cited.
#[derive(Debug, Default)]
pub(super) struct References<'s> {
    /// The section's title.
    pub(super) title: &'s str,
    /// The cited items, sorted by number: one entry each.
    pub(super) entries: Vec<Entry<'s>>,
    /// The existing References section, replaced.
    pub(super) existing: Option<Range<usize>>,
    /// The author's own text in that section, kept as written.
    pub(super) own: Option<Range<usize>>,
    /// What closes a construct the chapter leaves open (see
    /// [`Scan::unclosed`]).
    pub(super) unclosed: Option<String>,
    /// The definitions kept from the existing section (see
    /// [`Scan::definitions`]).
    pub(super) definitions: Vec<Range<usize>>,
    /// The section holding a References list the author wrote (see
    /// [`Scan::reference_list`]) when no entry is left to replace it:
    /// taken out, its definitions kept.
    pub(super) written_list: Option<Range<usize>>,
}

impl<'s> RenderPlan<'s> {
    /// Plans the rendering of the chapter `text` from its scan and
    /// judgement, `list` its citation list (numbers come from it first),
    /// `config` the book's configuration.
    pub fn new(
        text: &str,
        scan: Scan,
        judgement: &Judgement<'s>,
        list: Option<&CitationList>,
        config: &'s Config,
    ) -> RenderPlan<'s> {
        let mut plan = RenderPlan {
            banner: judgement.downgrade.then_some(scan.banner_offset),
            style: config.citation_style,
            ..RenderPlan::default()
        };
        let parts = plan.plan_removals(text, &scan, judgement, config.removal);
        plan.plan_labels(text, &scan, judgement);
        plan.claim_marks = (judgement.unverified_claims.iter())
            .filter_map(|(c, why)| {
                ClaimMark::new(text, claim_start(text, judgement.claim(*c)), why)
            })
            .collect();
        plan.plan_citations(text, &scan, judgement, list, &parts);
        plan.withheld = crate::withheld::withheld_edits(text, &scan.suppressions);
        plan.speculation = crate::speculation::labels(text, &scan);
        if !scan.has_removal_note {
            plan.removal_note = crate::plan::remove::removal_note::removal_note(
                judgement,
                plan.markers_kept,
                &plan.kept_runs,
            )
            .map(|what| (scan.banner_offset, what));
        }
        plan.plan_notes(text, &scan, judgement);
        if !plan.references.entries.is_empty() {
            plan.references.title = &config.references_title;
            plan.references.existing = scan.references;
            plan.references.own = scan.own_references;
            plan.references.unclosed = scan.unclosed;
            plan.references.definitions = scan.definitions;
        } else if !scan.reference_list.is_empty() {
            // Nothing the chapter cites is published (every citation
            // removed): the author's list describes none of it.
            plan.references.written_list = scan.references;
            plan.references.definitions = scan.definitions;
        }
        plan
    }

    /// Keeps the chapter's quality inputs (the report's) and the rules
    /// the build reported for it (`reported`: its findings' rules, after
    /// suppression), for the evidence index
    /// ([`super::index::EvidenceIndex::from_plans`]).
    pub fn set_quality(
        &mut self,
        quality: Option<evidence_rules::QualityInputs>,
        reported: impl IntoIterator<Item = evidence_core::rule::Rule>,
    ) {
        self.quality = quality;
        self.reported = reported.into_iter().collect();
    }

    /// Whether rendering changes nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.banner.is_none()
            && self.removal_note.is_none()
            && self.preview.is_none()
            && self.removals.is_empty()
            && self.labels.is_empty()
            && self.runs.is_empty()
            && self.notes.is_empty()
            && self.heading_ids.is_empty()
            && self.claim_marks.is_empty()
            && self.withheld.is_empty()
            && self.disclosure.is_none()
            && self.speculation.is_empty()
            && self.references.written_list.is_none()
    }

    /// Plans the disclosure under the title (at `at`, the line after the
    /// first heading): `facts` from [`super::disclosure_facts::chapter_facts`].
    pub fn disclose(
        &mut self,
        at: usize,
        facts: Option<crate::disclosure_facts::ChapterFacts>,
        settings: &'s evidence_core::config::Disclosure,
    ) {
        self.disclosure = facts.map(|facts| crate::disclosure::Disclosed {
            at,
            facts,
            settings,
        });
    }

    /// The items the chapter cites once rendered (one each, sorted by
    /// citation number): what its References section lists.
    pub fn published(&self) -> impl Iterator<Item = &Resolved<'s>> {
        let planned = self.references.entries.iter().map(|entry| &entry.evidence);
        planned.chain(&self.cached_published)
    }

    /// The plan of a chapter the cache holds: `rendered` (none for a
    /// check, which renders nothing) listing `published` in its
    /// References.
    pub fn cached(rendered: Option<String>, published: Vec<Resolved<'s>>) -> RenderPlan<'s> {
        RenderPlan {
            cached: rendered,
            cached_published: published,
            ..RenderPlan::default()
        }
    }

    /// Plans the removals of claims in `remove` mode. Returns what each
    /// marker contributes to its run of citations: markers of removed
    /// claims go with their claim's edit, removed markers are taken out.
    fn plan_removals(
        &mut self,
        text: &str,
        scan: &Scan,
        judgement: &Judgement<'_>,
        removal: Removal,
    ) -> Vec<Part> {
        let mut parts: Vec<Part> = judgement
            .resolved
            .iter()
            .map(|r| if r.is_some() { Part::Cite } else { Part::Kept })
            .collect();
        let mut nested = NestedBlocks::default();
        for &(c, phrase) in &judgement.removed_claims {
            let claim = judgement.claim(c);
            for &m in &claim.markers {
                parts[m] = Part::InRemovedClaim;
            }
            let block = &scan.blocks[claim.block];
            if block.row.is_some() {
                self.removals
                    .extend(row_removal(text, block, phrase, removal));
                continue;
            }
            let mut replacement = claim_removal(text, scan, claim, phrase, removal);
            // A paragraph right after a table opens with a line of no cells,
            // which ends the table: it stays, else the phrase (or what
            // follows a deleted paragraph) would run the table on.
            if claim.span == block.span
                && let Some(next) =
                    past_cellless_line(text, replacement.range.start, !replacement.text.is_empty())
                && next < replacement.range.end
            {
                replacement.range.start = next;
            }
            if !replacement.text.is_empty()
                && starts_after_text(text, scan, claim, claim_start(text, claim))
            {
                let at = claim_start(text, claim);
                self.removals.push(Replacement {
                    range: at..at,
                    text: " ",
                });
            }
            match nested.within(scan, claim, &replacement.range) {
                Some(nested) => self
                    .removals
                    .extend(around_nested(text, replacement, nested)),
                None => self.removals.push(replacement),
            }
        }
        for &m in &judgement.removed_markers {
            parts[m.0] = Part::Removed;
        }
        parts
    }

    /// Plans the confidence labels, each replacing an earlier run's label.
    fn plan_labels(&mut self, text: &str, scan: &Scan, judgement: &Judgement<'_>) {
        for &(c, label) in &judgement.labels {
            let at = claim_start(text, judgement.claim(c));
            // GFM reads a line's leading `|` as no cell: a label before it
            // would give the line one more cell, and after it one more
            // word in a line that may be a table's row; either can make a
            // table of the paragraph, or end one. Such a claim has none.
            if text[at..].starts_with('|') {
                continue;
            }
            let existing = confidence_label_len(&text[at..]);
            self.labels.push(Label {
                range: at..at + existing.unwrap_or(0),
                label,
                spaced: existing.is_none() && starts_after_text(text, scan, judgement.claim(c), at),
            });
        }
    }

    /// Plans the citations, run by run, and the References entries: items
    /// are numbered by the chapter's list, then by first appearance.
    fn plan_citations(
        &mut self,
        text: &str,
        scan: &Scan,
        judgement: &Judgement<'s>,
        list: Option<&CitationList>,
        parts: &[Part],
    ) {
        let mut kept = kept_markers(&scan.markers, &judgement.resolved, &judgement.findings);
        let mut planned = citations::plan(text, scan, &judgement.resolved, parts, list, &mut kept);
        let emptied = std::mem::take(&mut planned.emptied);
        let marked = self.plan_emptied_runs(text, scan, emptied, parts, &mut kept);
        self.runs = planned.runs;
        if !marked.is_empty() {
            // Both in document order, and no two runs share a byte.
            self.runs.extend(marked);
            self.runs.sort_by_key(|run| run.range.start);
        }
        self.members = planned.members;
        self.references.entries = planned.entries;
    }

    /// Plans the conflicting-evidence notes: after the top-level block of
    /// the claim that cites the second side, once (an earlier run's note
    /// stays).
    fn plan_notes(&mut self, text: &str, scan: &Scan, judgement: &Judgement<'s>) {
        // The notes an earlier run wrote, found once (not for each conflict
        // among every block of the chapter).
        let written: Vec<&str> = if judgement.conflicts.is_empty() {
            Vec::new()
        } else {
            (scan.blocks.iter())
                .filter(|block| is_conflict_note(&block.text))
                .map(|block| block.text.as_str())
                .collect()
        };
        for conflict in &judgement.conflicts {
            let [a, b] = &conflict.items;
            let exists = written.iter().any(|note| {
                note.contains(&format!("({})", a.id)) && note.contains(&format!("({})", b.id))
            });
            if exists {
                continue;
            }
            let at = match conflict.block {
                Some(block) => line_end(text, scan.blocks[block.0].top_end),
                None => scan.references.as_ref().map_or(text.len(), |r| r.start),
            };
            self.notes.push(ConflictNote {
                at,
                sides: [a.into(), b.into()],
                kind: conflict.kind,
            });
        }
    }
}

/// Where `claim` starts in the chapter, markup included: the text of an
/// escaped first character (`\[`) starts after its backslash, which goes
/// with it.
fn claim_start(text: &str, claim: &Claim) -> usize {
    let at = claim.span.start;
    if text[..at].ends_with('\\') {
        at - 1
    } else {
        at
    }
}

/// Whether what goes at `at`, the start of `claim` (a sentence), follows
/// text, not white space: the sentence before it ends at a space the
/// chapter does not hold (where a marker or an entity stands), so a label
/// or phrase put there needs one of its own to keep the sentences apart on
/// the next run.
fn starts_after_text(text: &str, scan: &Scan, claim: &Claim, at: usize) -> bool {
    at > scan.blocks[claim.block].span.start
        && text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| !c.is_whitespace())
}

/// How `claim` is removed: its text and markers replaced by `phrase`, or
/// (with `removal = "delete"`) the whole paragraph, list item or sentence
/// deleted (a table row: [`row_removal`].)
fn claim_removal(
    text: &str,
    scan: &Scan,
    claim: &Claim,
    phrase: &'static str,
    removal: Removal,
) -> Replacement {
    let block = &scan.blocks[claim.block];
    let start = claim_start(text, claim);
    let replace = Replacement {
        range: start..claim.span.end,
        text: phrase,
    };
    if removal == Removal::Replace {
        return replace;
    }
    if claim.span != block.span {
        // A sentence: delete it and the space after it.
        let rest = &text[claim.span.end..];
        let spaces = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        return Replacement {
            range: start..claim.span.end + spaces,
            text: "",
        };
    }
    // A block that holds other blocks (a list item with a nested list)
    // keeps them: only its own text is replaced.
    // Blocks are in the order they close, so a block holds others exactly
    // when the one closed just before it lies inside it.
    let holds_others = claim.block.checked_sub(1).is_some_and(|before| {
        let other = &scan.blocks[before];
        other.outer.start >= block.outer.start && other.outer.end <= block.outer.end
    });
    if holds_others {
        return replace;
    }
    // After quote markers only (`> - x`), the line goes from its start:
    // the `> ` left would join the next line to the quote.
    let line_start = text[..block.outer.start]
        .rfind(['\n', '\r'])
        .map_or(0, |at| at + 1);
    let quoted = text[line_start..block.outer.start]
        .bytes()
        .all(|b| matches!(b, b'>' | b' ' | b'\t'));
    let start = if quoted {
        line_start
    } else {
        block.outer.start
    };
    Replacement {
        range: start..line_end(text, block.outer.end),
        text: "",
    }
}

#[cfg(test)]
mod tests;
