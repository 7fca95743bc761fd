//! Measures the disagreement checks of `conflicting-evidence`: precision
//! and recall per kind on the project's labelled passage pairs
//! (`tests/fixtures/disagreement/pairs.jsonl`), and, with `--realreports`,
//! the pairs that fire among the passages cited within each real report
//! of `shared/corpora/realreports/dev.jsonl` (or
//! `$EVIDENCE_CORPUS_DIR/realreports`), which a reader then checks by
//! hand.
//!
//! ```sh
//! cargo run --example disagreement_eval
//! cargo run --example disagreement_eval -- --show       # every pair scored wrong
//! EVIDENCE_CORPUS_DIR=../shared/corpora cargo run --example disagreement_eval -- --realreports
//! EVIDENCE_CORPUS_DIR=../shared/corpora cargo run --example disagreement_eval -- --realreports --across
//! EVIDENCE_CORPUS_DIR=../shared/corpora cargo run --example disagreement_eval -- --support
//! ```
//!
//! `--support` compares each claim of the support corpus
//! (`shared/corpora/support/`: Factcheck-GPT, WiCE, SummEdits) with its
//! passage, as two passages of one day: a check firing on a `supported`
//! row is a false alarm on real text; on a `refuted` or SummEdits
//! `unsupported` row it has likely found the contradiction (`--show`
//! prints them).
//!
//! `--across` compares the passages of different reports too (every pair
//! of the 190 passages), most of them about unrelated subjects: a harsher
//! test of false alarms than a build makes.

mod pairs;

use evidence_text::disagreement::{Passage, compare};
use std::collections::BTreeMap;
use std::path::Path;

fn main() {
    let mut show = false;
    let mut real = false;
    let mut across = false;
    let mut support = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--show" => show = true,
            "--realreports" => real = true,
            "--across" => across = true,
            "--support" => support = true,
            other => fail(&format!(
                "unknown argument `{other}`; the arguments are --show, --realreports, --across, --support"
            )),
        }
    }
    if support {
        support_rows(show);
        return;
    }
    if real {
        realreports(across);
        return;
    }
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/disagreement/pairs.jsonl");
    let pairs = pairs::read(&path).unwrap_or_else(|e| fail(&e));
    let (per, any, rows) = pairs::score(&pairs);
    let mut labels: BTreeMap<&str, usize> = BTreeMap::new();
    for pair in &pairs {
        *labels.entry(pair.label.as_str()).or_default() += 1;
    }
    println!("pairs: {} ({})", pairs.len(), path.display());
    for (label, n) in &labels {
        println!("  {label}: {n}");
    }
    println!("\n| kind | found | right | missed | precision | recall |");
    println!("|---|---:|---:|---:|---:|---:|");
    let line = |name: &str, s: &pairs::Score| {
        println!(
            "| {name} | {} | {} | {} | {:.1}% | {:.1}% |",
            s.hits + s.false_alarms,
            s.hits,
            s.misses,
            100.0 * s.precision(),
            100.0 * s.recall()
        );
    };
    for (kind, score) in pairs::KINDS.iter().zip(&per) {
        line(kind.name(), score);
    }
    line("any disagreement", &any);
    if show {
        println!();
        for (pair, want, got) in rows.iter().filter(|(_, w, g)| w != g) {
            println!(
                "{} {}: expected {:?}, found {:?}\n  a: {}\n  b: {}{}",
                pair.id,
                pair.label,
                want.map(|k| k.name()),
                got.map(|k| k.name()),
                pair.a,
                pair.b,
                pair.claim
                    .as_deref()
                    .map(|c| format!("\n  claim: {c}"))
                    .unwrap_or_default()
            );
        }
    }
}

/// The passage pairs that fire within the real reports, for checking by
/// hand, and how many were compared.
fn realreports(across: bool) {
    let (dir, _) = pairs::corpus_dir();
    let path = dir.join("realreports/dev.jsonl");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| fail(&format!("{}: {e}; set EVIDENCE_CORPUS_DIR", path.display())));
    let run = pairs::real_reports(&text, across).unwrap_or_else(|e| fail(&e));
    for (report, i, j, found) in &run.fired {
        println!(
            "{report} [{i}] x [{j}] {} ({})\n  a: {}\n  b: {}",
            found.kind.name(),
            found.kind.contract_type(),
            found.quotes[0],
            found.quotes[1]
        );
    }
    println!(
        "reports: {}; passages: {} ({} with a figure or statement to compare); passage pairs compared: {}; pairs found disagreeing: {}",
        run.reports,
        run.passages,
        run.readable,
        run.compared,
        run.fired.len()
    );
}

/// The support corpus's claims against their passages: how often each
/// label fires (see the module docs).
fn support_rows(show: bool) {
    let (dir, _) = pairs::corpus_dir();
    let mut counts: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    for set in ["fcgpt", "wice", "summedits"] {
        let path = dir.join(format!("support/{set}.dev.jsonl"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| fail(&format!("{}: {e}; set EVIDENCE_CORPUS_DIR", path.display())));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| fail(&e.to_string()));
            let (claim, passage) = (
                v["claim"].as_str().unwrap_or_default(),
                v["passage"].as_str().unwrap_or_default(),
            );
            let label = v["label"].as_str().unwrap_or_default().to_owned();
            let found = compare(
                &Passage::new(claim, Some(0)),
                &Passage::new(passage, Some(0)),
                None,
            );
            let entry = counts.entry((set.to_owned(), label.clone())).or_default();
            entry.0 += 1;
            if let Some(found) = found {
                entry.1 += 1;
                if show {
                    println!(
                        "{} {label}: {}\n  claim: {}\n  passage: {}",
                        v["id"].as_str().unwrap_or_default(),
                        found.kind.name(),
                        found.quotes[0],
                        found.quotes[1]
                    );
                }
            }
        }
    }
    println!("| set | label | rows | fired |");
    println!("|---|---|---:|---:|");
    for ((set, label), (rows, fired)) in &counts {
        println!("| {set} | {label} | {rows} | {fired} |");
    }
}

fn fail(message: &str) -> ! {
    eprintln!("disagreement_eval: {message}");
    std::process::exit(2)
}
