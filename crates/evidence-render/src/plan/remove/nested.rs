//! The blocks nested in a removed claim's block (a list item's sublist),
//! which a claim's removal keeps: when the item's own text goes on after
//! them, the claim runs across them.
//!
//! Each block's nested blocks are gathered once, sorted by where they
//! start, so that the claims of one block (its sentences, in `remove`
//! mode by sentence) each look only at the nested blocks that start
//! inside their own range: an item of N sentences over a sublist of N
//! items stays linear.

use crate::plan::Replacement;
use evidence_core::markers::Scan;
use evidence_text::claims::Claim;
use std::collections::HashMap;
use std::ops::Range;

/// The nested blocks of the blocks asked about so far, by block.
#[derive(Default)]
pub(in crate::plan) struct NestedBlocks {
    /// Each block's nested blocks (their outer ranges), by start.
    of: HashMap<usize, Vec<Range<usize>>>,
}

impl NestedBlocks {
    /// The blocks nested in `claim`'s block that lie inside `range`, the
    /// claim's removal, as one range.
    pub(in crate::plan) fn within(
        &mut self,
        scan: &Scan,
        claim: &Claim,
        range: &Range<usize>,
    ) -> Option<Range<usize>> {
        let nested = self
            .of
            .entry(claim.block)
            .or_insert_with(|| nested_in(scan, claim.block));
        // Those that start inside the range, and of them those that end
        // inside it too.
        let from = nested.partition_point(|r| r.start < range.start);
        let mut out: Option<Range<usize>> = None;
        for other in nested[from..].iter().take_while(|r| r.start <= range.end) {
            if other.end <= range.end {
                out = Some(match out {
                    Some(r) => r.start.min(other.start)..r.end.max(other.end),
                    None => other.clone(),
                });
            }
        }
        out
    }
}

/// The outer ranges of the blocks nested in `block`, by start.
fn nested_in(scan: &Scan, block: usize) -> Vec<Range<usize>> {
    let outer = &scan.blocks[block].outer;
    // Blocks are in the order they close: those nested in this one are
    // the ones just before it that start inside it.
    let mut nested: Vec<Range<usize>> = scan.blocks[..block]
        .iter()
        .rev()
        .take_while(|other| other.outer.start >= outer.start)
        .map(|other| other.outer.clone())
        .collect();
    nested.sort_by_key(|r| r.start);
    nested
}

/// A claim's removal cut around the blocks `nested` in it, which stay:
/// the text before them replaced (or deleted), the text after them
/// deleted.
pub(in crate::plan) fn around_nested(
    text: &str,
    removal: Replacement,
    nested: Range<usize>,
) -> Vec<Replacement> {
    let mut out = Vec::new();
    let before = text[..nested.start]
        .trim_end()
        .len()
        .max(removal.range.start);
    if before > removal.range.start {
        out.push(Replacement {
            range: removal.range.start..before,
            text: removal.text,
        });
    }
    let rest = &text[nested.end..removal.range.end.max(nested.end)];
    let after = nested.end + (rest.len() - rest.trim_start().len());
    if after < removal.range.end {
        out.push(Replacement {
            range: after..removal.range.end,
            text: "",
        });
    }
    out
}
