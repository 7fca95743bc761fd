//! Measures the support rules as if the data were new: each labelled
//! corpus is split into five folds by report (real reports: `report_id`)
//! or by the corpus README's split unit (support corpus: the claim; for
//! SummEdits the source document; a swapped row goes with its claim's
//! row), with a fixed seed. For each fold, the thresholds are chosen on the
//! other four and the figures are those of the held-out fold.
//!
//! ```sh
//! cargo build && cargo run --example folds_eval
//! ```
//!
//! Every record is scored on its agreed label only: a real report's
//! record whose two readings (`label_read`, `label_strict`) differ, or is
//! `meta`, is left out; so is a support record whose label read by hand
//! (`realreports_eval/relabels.tsv`) differs from the corpus's. The whole
//! corpus is built into one book (as `realreports_eval` builds it) and
//! checked once for each setting tried; a fold's figures are those of its
//! records. Word lists (frame words, places) are fixed in the binary and
//! not chosen per fold: they were written looking at these corpora, so
//! the figures that depend on them are not unseen. The swapped proper
//! names (`proper.rs`) are made without a list of names: a name of each
//! supported claim replaced by another record's, which no list of the
//! rule knows; they and their controls are counted for
//! `subject-not-in-evidence` alone.

#[path = "../realreports_eval/book.rs"]
mod book;
// Its diagnostics' other fields serve `realreports_eval`.
mod dump;
#[allow(dead_code)]
#[path = "../realreports_eval/flags.rs"]
mod flags;
#[path = "../realreports_eval/names.rs"]
mod names;
mod proper;
mod score;

use book::Record;
use score::{Case, Kind, Setting};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The number of folds and the seed of the split.
const FOLDS: usize = 5;
const SEED: &str = "folds-20261129";

/// The settings tried: `claim-overlap` by `claim-partial-overlap` /
/// `claim-partial-min-words` (0: the partial rule off).
const CLAIM_OVERLAPS: [usize; 3] = [15, 18, 21];
const PARTIAL: [(usize, usize); 7] = [
    (0, 12),
    (40, 12),
    (45, 12),
    (50, 12),
    (55, 12),
    (45, 10),
    (45, 14),
];

fn main() {
    let dir = std::env::var_os("EVIDENCE_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora"));
    let (records, cases) = corpus(&dir).unwrap_or_else(|e| fail(&e));
    let tmp = tempfile::tempdir().unwrap_or_else(|e| fail(&e.to_string()));
    let placements = book::write(tmp.path(), &records, false, book::Layout::Lines)
        .unwrap_or_else(|e| fail(&e.to_string()));
    let base = std::fs::read_to_string(tmp.path().join("book.toml"))
        .unwrap_or_else(|e| fail(&e.to_string()));
    let bin = flags::binary().unwrap_or_else(|e| fail(&e));
    if let Some(to) = std::env::var_os("EVIDENCE_EVAL_DUMP") {
        let found = flags::check(&bin, tmp.path()).unwrap_or_else(|e| fail(&e));
        let found = flags::by_record(found, &placements);
        dump::write(Path::new(&to), &records, &cases, &found).unwrap_or_else(|e| fail(&e));
        eprintln!("folds_eval: the book is kept at {}", tmp.keep().display());
        return;
    }
    if let Some(to) = std::env::var_os("EVIDENCE_EVAL_EVERY") {
        // The settings are the caller's (`frontier.py`), appended as TOML.
        let extra = std::env::var("EVIDENCE_EVAL_SETTINGS").unwrap_or_default();
        std::fs::write(tmp.path().join("book.toml"), format!("{base}{extra}\n"))
            .unwrap_or_else(|e| fail(&e.to_string()));
        let found = flags::check(&bin, tmp.path()).unwrap_or_else(|e| fail(&e));
        let found = flags::by_record(found, &placements);
        dump::write_every(Path::new(&to), &records, &cases, &found).unwrap_or_else(|e| fail(&e));
        return;
    }
    let mut runs: Vec<(Setting, Vec<BTreeSet<String>>)> = Vec::new();
    for claim_overlap in CLAIM_OVERLAPS {
        for (partial, min_words) in PARTIAL {
            let setting = Setting {
                claim_overlap,
                partial,
                min_words,
            };
            let toml = format!(
                "{base}claim-overlap = {claim_overlap}\nclaim-partial-overlap = {partial}\nclaim-partial-min-words = {min_words}\n"
            );
            std::fs::write(tmp.path().join("book.toml"), toml)
                .unwrap_or_else(|e| fail(&e.to_string()));
            let found = flags::check(&bin, tmp.path()).unwrap_or_else(|e| fail(&e));
            let rules = flags::by_record(found, &placements)
                .into_iter()
                .map(|fs| fs.into_iter().map(|f| f.rule).collect())
                .collect();
            eprintln!("folds_eval: checked with {setting}");
            runs.push((setting, rules));
        }
    }
    println!(
        "corpus: {} ({} records: {} real, {} support, {} swapped, {} swapped names, {} swapped proper names); {FOLDS} folds, seed `{SEED}`\n",
        dir.display(),
        cases.len(),
        count(&cases, Kind::Real),
        count(&cases, Kind::Support),
        count(&cases, Kind::Swapped) + count(&cases, Kind::SwappedTopic),
        count(&cases, Kind::Names),
        count(&cases, Kind::Proper),
    );
    score::report(&cases, &runs, FOLDS);
}

fn count(cases: &[Case], kind: Kind) -> usize {
    cases.iter().filter(|c| c.kind == kind).count()
}

/// Reads the corpora into records (the book's order) and their cases.
fn corpus(dir: &Path) -> Result<(Vec<Record>, Vec<Case>), String> {
    let real = book::read_real(&dir.join("realreports/dev.jsonl"))?;
    let mut support = Vec::new();
    let mut swapped = Vec::new();
    for set in ["fcgpt", "wice", "summedits", "swapped", "swapped-topic"] {
        let rows = book::read_support(&dir.join(format!("support/{set}.dev.jsonl")))?;
        if set.starts_with("swapped") {
            swapped.extend(rows);
        } else {
            support.extend(rows);
        }
    }
    // Two readings of a support record: the corpus's label and, where one
    // was made, a reading by hand; where they differ it is disputed.
    book::relabel(
        &mut support,
        include_str!("../realreports_eval/relabels.tsv"),
    );
    let agreed_real = |r: &Record| (r.label == r.label_strict).then(|| r.label.clone());
    let agreed_support = |r: &Record| (r.label == r.label_dataset).then(|| r.label.clone());
    // Names swapped in the claims whose agreed label is supported.
    let sources: Vec<Record> = real
        .iter()
        .filter(|r| agreed_real(r).as_deref() == Some("supported"))
        .chain(
            support
                .iter()
                .filter(|r| agreed_support(r).as_deref() == Some("supported")),
        )
        .cloned()
        .collect();
    let renamed = names::swapped(&sources);
    let proper = proper::swapped(&sources);
    let mut cases = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let mut records = Vec::new();
    for r in real {
        index.insert(r.id.clone(), records.len());
        cases.push(case(Kind::Real, agreed_real(&r), r.report.clone(), None));
        records.push(r);
    }
    for r in support {
        index.insert(r.id.clone(), records.len());
        let group = if r.set == "summedits" {
            r.citations[0].passage.clone()
        } else {
            r.claim.clone()
        };
        cases.push(case(Kind::Support, agreed_support(&r), group, None));
        records.push(r);
    }
    for r in swapped {
        // `swapped:<claim row id>:<passage row id>`: the control is the
        // claim's own row.
        let control = r.id.split(':').nth(1).and_then(|id| index.get(id)).copied();
        let group = control.map_or(r.claim.clone(), |c| cases[c].group.clone());
        let kind = if r.set == "swapped-topic" {
            Kind::SwappedTopic
        } else {
            Kind::Swapped
        };
        cases.push(case(kind, Some(r.label.clone()), group, control));
        records.push(r);
    }
    for r in renamed {
        let original = r.id.trim_end_matches(":swapped-name");
        let control = index.get(original).copied();
        let group = control.map_or(r.claim.clone(), |c| cases[c].group.clone());
        cases.push(case(Kind::Names, Some(r.label.clone()), group, control));
        records.push(r);
    }
    for r in proper {
        let original = r.id.trim_end_matches(":swapped-proper");
        let control = index.get(original).copied();
        let group = control.map_or(r.claim.clone(), |c| cases[c].group.clone());
        cases.push(case(Kind::Proper, Some(r.label.clone()), group, control));
        records.push(r);
    }
    assign_folds(&mut cases);
    Ok((records, cases))
}

fn case(kind: Kind, agreed: Option<String>, group: String, control: Option<usize>) -> Case {
    Case {
        kind,
        agreed,
        group,
        control,
        fold: 0,
    }
}

/// Each group (a real report; a support claim or document) is given a
/// fold: the groups of each corpus, ordered by a seeded hash, are dealt
/// out in turn, so the folds are of even size and the split is the same
/// on every run.
fn assign_folds(cases: &mut [Case]) {
    for real in [true, false] {
        let groups: BTreeSet<&str> = cases
            .iter()
            .filter(|c| (c.kind == Kind::Real) == real)
            .map(|c| c.group.as_str())
            .collect();
        let mut order: Vec<(u64, &str)> = groups.into_iter().map(|g| (fnv(g), g)).collect();
        order.sort_unstable();
        let fold: BTreeMap<String, usize> = order
            .iter()
            .enumerate()
            .map(|(i, (_, g))| (g.to_string(), i % FOLDS))
            .collect();
        for c in cases.iter_mut().filter(|c| (c.kind == Kind::Real) == real) {
            c.fold = fold[&c.group];
        }
    }
}

/// FNV-1a of the seed and `text`: stable across platforms and releases.
fn fnv(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in SEED.bytes().chain([0]).chain(text.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn fail(message: &str) -> ! {
    eprintln!("folds_eval: {message}");
    std::process::exit(2)
}
