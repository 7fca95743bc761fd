//! Synthetic report books for the benchmark: deterministic (no randomness
//! but a fixed-seed mixer), so every run and every machine measures the same
//! bytes.
//!
//! A chapter is a daily brief in the usual four-section shape: a title, a lead-in,
//! the four sections (Prevailing View, Counterarguments, Minority View, What
//! to Watch) of ten bullets each, every bullet citing two items, and a
//! method note whose code block and code span hold marker-like text that
//! must not be read as markers. Shared with `tests/bench_book.rs`.
//!
//! The text reads like a brief: each item has a topic (twelve, each with
//! its own vocabulary), and its passage is three or four sentences (about
//! 60 words; a headline for paywalled sources) on what moved, why, and
//! what the release added. A bullet paraphrases the passages of the two
//! items it cites, in one of four shapes, so that checking claims against
//! passages costs what it would on a real book.
#![allow(dead_code)]

use std::fmt::Write as _;

mod prose;
mod store;
mod vocabulary;

use prose::*;
// `store_json` and `bib`, as a glob: the pipeline bench writes no .bib
// file, and an unused name in a list would warn there.
pub use store::*;
use vocabulary::*;

/// How a chapter cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `[EVID:ev_…]` markers.
    Evid,
    /// `[N]` markers against the chapter's citation list in the store.
    Numbered,
    /// `{{#cite key}}` directives, for mdbook-bib.
    Cite,
}

/// What to generate.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// Number of chapters.
    pub chapters: usize,
    /// Number of evidence items in the store (at least [`CITED_PER_CHAPTER`]).
    pub items: usize,
    /// How chapters cite.
    pub style: Style,
}

/// The sections of a daily brief, each with [`BULLETS_PER_SECTION`] bullets.
pub const SECTIONS: [&str; 4] = [
    "Prevailing View",
    "Counterarguments",
    "Minority View",
    "What to Watch",
];
/// Bullets per section: 4 × 10 = 40 bullets per chapter.
pub const BULLETS_PER_SECTION: usize = 10;
/// Distinct items a chapter cites; each bullet cites two of them, so every
/// item is cited twice (80 markers per chapter).
pub const CITED_PER_CHAPTER: usize = 40;

/// A fixed-seed 64-bit mixer (splitmix64): deterministic variety without a
/// `rand` dependency.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn pick<'a>(words: &[&'a str], seed: u64) -> &'a str {
    words[(mix(seed) % words.len() as u64) as usize]
}

/// The id of item `i`: unique (the index) and hash-like (the suffix).
pub fn item_id(i: usize) -> String {
    format!("ev_{i:06}_{:04x}", mix(i as u64) & 0xffff)
}

/// Items the store holds but no chapter cites: the last 2% are deleted,
/// invalid or expired, as in a real store.
fn citable(items: usize) -> usize {
    items - items / 50
}

/// The items chapter `c` cites, in order: distinct within a chapter, spread
/// over the whole store, never one of the unusable ones, consecutive ones
/// from different sources, and at most [`MONITOR_ONLY_PER_CHAPTER`] of them
/// from tier-4 sources (the monitor-only-share rule allows 15%).
pub fn chapter_items(spec: &Spec, c: usize) -> Vec<usize> {
    let good = citable(spec.items);
    // A stride coprime with `good` makes consecutive indices map to
    // distinct items, scattered over the store.
    let stride = [7919, 7907, 7901, 7883]
        .into_iter()
        .find(|p| !good.is_multiple_of(*p))
        .unwrap_or(1);
    let candidates: Vec<usize> = (0..CITED_PER_CHAPTER)
        .map(|k| ((c * CITED_PER_CHAPTER + k) * stride) % good)
        .collect();
    let mut chosen: Vec<usize> = Vec::with_capacity(CITED_PER_CHAPTER);
    let mut monitor_only = 0;
    for (k, &item) in candidates.iter().enumerate() {
        if tier(item) < 4 || monitor_only < MONITOR_ONLY_PER_CHAPTER {
            monitor_only += usize::from(tier(item) == 4);
            chosen.push(item);
            continue;
        }
        // Another item near it, from a source that is neither tier 4 nor
        // that of the items cited beside it.
        let next = candidates.get(k + 1).copied();
        let replacement = (1..good)
            .map(|d| (item + d) % good)
            .find(|&j| {
                tier(j) < 4
                    && chosen.last().is_none_or(|&p| source(p) != source(j))
                    && next.is_none_or(|n| source(n) != source(j))
                    && !chosen.contains(&j)
                    && !candidates.contains(&j)
            })
            .expect("a store of more than 12 items has one");
        chosen.push(replacement);
    }
    chosen
}

/// At most this many of a chapter's items are monitor-only (10%).
const MONITOR_ONLY_PER_CHAPTER: usize = 4;

/// The source (index into [`SOURCES`]) of item `i`.
fn source(i: usize) -> usize {
    i % SOURCES.len()
}

/// The tier of item `i`'s source.
fn tier(i: usize) -> u8 {
    SOURCES[source(i)].2
}

/// The source path of chapter `c` (relative to `src/`).
pub fn chapter_path(c: usize) -> String {
    format!("briefs/brief-{:05}.md", c + 1)
}

/// Chapter `c`'s title.
pub fn chapter_title(c: usize) -> String {
    format!("Daily Brief {}", c + 1)
}

/// The markdown of chapter `c`.
pub fn chapter(spec: &Spec, c: usize) -> String {
    let cited = chapter_items(spec, c);
    let cite = |k: usize| -> String {
        let k = k % CITED_PER_CHAPTER;
        match spec.style {
            Style::Evid => format!("[EVID:{}]", item_id(cited[k])),
            Style::Numbered => format!("[{}]", k + 1),
            Style::Cite => format!("{{{{#cite {}}}}}", item_id(cited[k])),
        }
    };
    let mut out = String::with_capacity(6 * 1024);
    let _ = write!(
        out,
        "# {}\n\nThe synthesis for day {} follows:\n\n",
        chapter_title(c),
        c + 1
    );
    let mut bullet = 0;
    for section in SECTIONS {
        let _ = write!(out, "## {section}\n\n");
        for _ in 0..BULLETS_PER_SECTION {
            let seed = ((c as u64) << 16) | bullet as u64;
            let claim = claim(
                cited[bullet % CITED_PER_CHAPTER],
                cited[(bullet + 1) % CITED_PER_CHAPTER],
                seed,
            );
            let _ = writeln!(out, "- {claim} {}{}", cite(bullet), cite(bullet + 1));
            bullet += 1;
        }
        out.push('\n');
    }
    // Marker-like text in code is never a marker.
    let fake = item_id(cited[0]);
    let _ = write!(
        out,
        "## Method\n\nThe raw pipeline output for this brief looked like this:\n\n\
         ```text\nclaim: rates held [EVID:{fake}] [1][2]\nclaim: see [EVID:ev_not_a_marker]\n```\n\n\
         Inline code such as `[EVID:{fake}]` or `[3]` is shown as written:\n"
    );
    out
}

/// `SUMMARY.md`: every chapter, in order.
pub fn summary(spec: &Spec) -> String {
    let mut out = String::from("# Summary\n\n");
    for c in 0..spec.chapters {
        let _ = writeln!(out, "- [{}]({})", chapter_title(c), chapter_path(c));
    }
    out
}
