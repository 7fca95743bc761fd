//! The labelled claim–passage pairs of the support corpus, and what the
//! `claim-not-in-evidence` rule makes of them. Shared by the
//! `support_eval` example and `tests/accuracy_corpus.rs`.

#![allow(dead_code)]

use evidence_text::overlap::{ClaimWords, ItemWords, Overlap, overlap};
use std::path::{Path, PathBuf};

/// The files of the corpus's development half, in the order reported.
pub const FILES: [&str; 5] = [
    "fcgpt.dev.jsonl",
    "wice.dev.jsonl",
    "summedits.dev.jsonl",
    "swapped.dev.jsonl",
    "swapped-topic.dev.jsonl",
];

/// One labelled pair, with the claim's overlap with its passage.
pub struct Row {
    /// `fcgpt`, `wice`, `summedits`, `swapped`, `swapped-topic`.
    pub set: String,
    /// `supported`, `partial`, `refuted`, `unsupported`, `irrelevant`.
    pub label: String,
    /// The claim's distinct content words found in the best window.
    pub covered: usize,
    /// The claim's distinct content words.
    pub total: usize,
    /// The row's id.
    pub id: String,
    /// The claim.
    pub claim: String,
    /// The best window of the passage, if it holds any of the claim's words.
    pub window: Option<String>,
}

impl Row {
    /// Whether the rule flags this row at `min_percent` and `min_words`.
    pub fn flagged(&self, min_percent: usize, min_words: usize) -> bool {
        let overlap = Overlap {
            covered: self.covered,
            total: self.total,
            ..Overlap::default()
        };
        overlap.is_below(min_percent, min_words)
    }
}

#[derive(serde::Deserialize)]
struct Line {
    id: String,
    claim: String,
    passage: String,
    label: String,
    set: String,
}

/// The corpus directory: `$EVIDENCE_CORPUS_DIR/support`, else
/// `../shared/corpora/support` beside the clone.
pub fn corpus_dir() -> (PathBuf, bool) {
    match std::env::var_os("EVIDENCE_CORPUS_DIR") {
        Some(dir) => (PathBuf::from(dir).join("support"), true),
        None => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/support"),
            false,
        ),
    }
}

/// Reads every file of the corpus in `dir` and measures each row.
pub fn read(dir: &Path) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for file in FILES {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path)
            .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let line: Line = serde_json::from_str(line)
                .map_err(|err| format!("{}:{}: {err}", path.display(), n + 1))?;
            let claim = ClaimWords::new(&line.claim);
            let passage = ItemWords::from_texts(&[&line.passage]);
            let o = overlap(&claim, &[&passage]);
            rows.push(Row {
                set: line.set,
                label: line.label,
                covered: o.covered,
                total: o.total,
                window: o
                    .windows
                    .first()
                    .map(|w| line.passage[w.bytes.clone()].to_owned()),
                id: line.id,
                claim: line.claim,
            });
        }
    }
    Ok(rows)
}

/// The share of `rows` matching `pick` that the rule flags, as
/// (flagged, of).
pub fn share(
    rows: &[Row],
    pick: impl Fn(&Row) -> bool,
    min_percent: usize,
    min_words: usize,
) -> (usize, usize) {
    let picked: Vec<&Row> = rows.iter().filter(|r| pick(r)).collect();
    let flagged = picked
        .iter()
        .filter(|r| r.flagged(min_percent, min_words))
        .count();
    (flagged, picked.len())
}

/// Whether a row cites the wrong item (the swapped sets).
pub fn is_wrong_item(row: &Row) -> bool {
    row.set == "swapped" || row.set == "swapped-topic"
}
