//! Measures the support rules on real model-written reports: the labelled
//! citations of `shared/corpora/realreports/dev.jsonl` (or
//! `$EVIDENCE_CORPUS_DIR/realreports`) are made into a real book, as the
//! corpus README says, which the release binary checks (`check --format
//! json`); each diagnostic on a claim's line belongs to that claim.
//!
//! ```sh
//! cargo build --release && cargo run --release --example realreports_eval
//! cargo run --release --example realreports_eval -- --sentences   # claims = "sentences"
//! cargo run --release --example realreports_eval -- --corpus support
//! cargo run --release --example realreports_eval -- --show number-not-in-evidence
//! cargo run --release --example realreports_eval -- --show supported
//! ```
//!
//! `--paragraphs` writes a report's claims as one paragraph, as a model
//! writes them (each claim still a sentence with its own markers).
//! `--corpus support` builds the support corpus's development half the same
//! way (one chapter a row); `--corpus names` builds the real reports'
//! supported claims with their subject's name swapped for a sibling's.
//! `--show RULE|LABEL` lists the flags of a rule, or the flagged claims of
//! a label (`supported`) and the missed ones of the others.
//! Records named in `relabels.tsv` are counted under the label read by
//! hand against their one passage; `--dataset-labels` counts the corpus's
//! own labels instead.

mod book;
mod names;

use book::Record;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The rules that judge whether a passage supports its claim; a record is
/// "flagged" when one of them reports it.
const SUPPORT_RULES: [&str; 6] = [
    "claim-not-in-evidence",
    "claim-partly-in-evidence",
    "number-not-in-evidence",
    "number-contradicts-evidence",
    "subject-not-in-evidence",
    "ungrounded-claim",
];

fn main() {
    let mut corpus = "real".to_string();
    let mut sentences = false;
    let mut layout = book::Layout::Lines;
    let mut show: Option<String> = None;
    let mut hand_labels = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--corpus" => corpus = args.next().unwrap_or_else(|| fail("--corpus needs a name")),
            "--sentences" => sentences = true,
            "--paragraphs" => layout = book::Layout::Paragraphs,
            "--show" => show = args.next(),
            "--dataset-labels" => hand_labels = false,
            other => fail(&format!(
                "unknown argument `{other}`; the arguments are --corpus real|support|names, --sentences, --paragraphs, --show RULE|LABEL, --dataset-labels"
            )),
        }
    }
    let dir = corpus_dir();
    let records = match corpus.as_str() {
        "real" => book::read_real(&dir.join("realreports/dev.jsonl")),
        // The supported claims of the real reports and of the support
        // corpus's sets that are not swapped already.
        "names" => ["fcgpt", "wice", "summedits"]
            .iter()
            .map(|set| book::read_support(&dir.join(format!("support/{set}.dev.jsonl"))))
            .chain([book::read_real(&dir.join("realreports/dev.jsonl"))])
            .collect::<Result<Vec<_>, _>>()
            .map(|sets| names::swapped(&sets.concat())),
        "support" => ["fcgpt", "wice", "summedits", "swapped", "swapped-topic"]
            .iter()
            .map(|set| book::read_support(&dir.join(format!("support/{set}.dev.jsonl"))))
            .collect::<Result<Vec<_>, _>>()
            .map(|sets| sets.concat()),
        other => fail(&format!("unknown corpus `{other}`: real, support or names")),
    }
    .unwrap_or_else(|e| fail(&e));
    let mut records = records;
    let relabelled = if hand_labels {
        book::relabel(&mut records, include_str!("relabels.tsv"))
    } else {
        0
    };
    let tmp = tempfile::tempdir().unwrap();
    // EVIDENCE_EVAL_KEEP=DIR keeps the book there, to build it by hand.
    let book_dir = std::env::var_os("EVIDENCE_EVAL_KEEP")
        .map(PathBuf::from)
        .unwrap_or_else(|| tmp.path().to_path_buf());
    let placements = book::write(&book_dir, &records, sentences, layout).unwrap();
    let flags = check(&book_dir);
    // A flag belongs to the record whose claim holds its column (the first
    // of its line when it points before them all).
    let mut record_flags: Vec<Vec<&Flag>> = vec![Vec::new(); records.len()];
    for flag in &flags {
        let on_line = |p: &&book::Placement| p.file == flag.file && p.line == flag.line;
        let at = placements
            .iter()
            .position(|p| on_line(&p) && p.columns.contains(&flag.column))
            .or_else(|| placements.iter().position(|p| on_line(&p)));
        if let Some(at) = at {
            record_flags[at].push(flag);
        }
    }
    println!(
        "corpus: {corpus} ({} records, {relabelled} labels read by hand){}\n",
        records.len(),
        if sentences {
            ", claims = \"sentences\""
        } else {
            ""
        }
    );
    print_table(&records, &record_flags);
    if let Some(what) = show {
        print_show(&records, &record_flags, &what);
    }
}

/// One diagnostic of the check.
#[derive(Clone)]
struct Flag {
    rule: String,
    severity: String,
    message: String,
    file: String,
    line: usize,
    column: usize,
}

fn check(book: &Path) -> Vec<Flag> {
    // EVIDENCE_EVAL_BIN=PATH measures another build of the binary.
    let exe = std::env::current_exe().unwrap();
    let bin = std::env::var_os("EVIDENCE_EVAL_BIN")
        .map(PathBuf::from)
        .or_else(|| {
            exe.parent()
                .and_then(Path::parent)
                .map(|d| d.join("mdbook-evidence"))
                .filter(|b| b.is_file())
        })
        .unwrap_or_else(|| fail("build the binary first: cargo build --release"));
    let out = Command::new(bin)
        .args(["check", "--format", "json"])
        .arg(book)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        fail(&format!(
            "the check printed no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    });
    report["violations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| {
            Some(Flag {
                rule: v["rule"].as_str()?.to_string(),
                severity: v["severity"].as_str()?.to_string(),
                message: v["message"].as_str().unwrap_or_default().to_string(),
                // Named from the current directory: keep `src/…`.
                file: v["file"]
                    .as_str()
                    .map(|f| f.rfind("src/").map_or(f, |i| &f[i..]).to_string())?,
                line: v["line"].as_u64()? as usize,
                column: v["column"].as_u64().unwrap_or(1) as usize,
            })
        })
        .collect()
}

fn is_support_flag(flag: &Flag) -> bool {
    SUPPORT_RULES.contains(&flag.rule.as_str())
}

fn print_table(records: &[Record], flags: &[Vec<&Flag>]) {
    let mut rules: BTreeSet<&str> = BTreeSet::new();
    for f in flags.iter().flatten() {
        rules.insert(f.rule.as_str());
    }
    // Rows: each set and label; columns: records, flagged by any support
    // rule (errors / all), then each rule.
    let mut rows: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        rows.entry((r.set.clone(), r.label.clone()))
            .or_default()
            .push(i);
        rows.entry(("all".into(), r.label.clone()))
            .or_default()
            .push(i);
    }
    let rules: Vec<&str> = rules.into_iter().collect();
    print!("| set | label | records | flagged | error |");
    for rule in &rules {
        print!(" {rule} |");
    }
    println!();
    println!("|---|---|---:|---:|---:|{}", "---:|".repeat(rules.len()));
    for ((set, label), ids) in &rows {
        let n = ids.len();
        let flagged = ids
            .iter()
            .filter(|&&i| flags[i].iter().any(|f| is_support_flag(f)))
            .count();
        let errors = ids
            .iter()
            .filter(|&&i| {
                flags[i]
                    .iter()
                    .any(|f| is_support_flag(f) && f.severity == "error")
            })
            .count();
        print!(
            "| {set} | {label} | {n} | {} | {} |",
            share(flagged, n),
            share(errors, n)
        );
        for rule in &rules {
            let count = ids
                .iter()
                .filter(|&&i| flags[i].iter().any(|f| f.rule == *rule))
                .count();
            print!(" {count} |");
        }
        println!();
    }
    // The dataset's own labels, for comparison with what was measured
    // before `label_read` existed.
    let not_supported: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].label_dataset != "supported")
        .collect();
    let caught = not_supported
        .iter()
        .filter(|&&i| flags[i].iter().any(|f| is_support_flag(f)))
        .count();
    println!(
        "\npartial or unsupported by the dataset's `label`: {}",
        share(caught, not_supported.len())
    );
}

fn print_show(records: &[Record], flags: &[Vec<&Flag>], what: &str) {
    for (i, r) in records.iter().enumerate() {
        let support: Vec<&&Flag> = flags[i].iter().filter(|f| is_support_flag(f)).collect();
        let wanted = if what == r.label || what == r.set {
            // A label's mistakes: supported flagged, others missed.
            (r.label == "supported") != support.is_empty()
        } else {
            flags[i].iter().any(|f| f.rule == what)
        };
        if !wanted {
            continue;
        }
        println!("\n{} [{}]\n  claim: {}", r.id, r.label, r.claim);
        for f in &flags[i] {
            println!("  {}[{}]: {}", f.severity, f.rule, f.message);
        }
        for c in &r.citations {
            let passage: String = c.passage.chars().take(700).collect();
            println!("  passage ({}): {passage}", c.title);
        }
    }
}

fn share(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "0 / 0".into();
    }
    format!(
        "{part} / {whole} ({:.1}%)",
        100.0 * part as f64 / whole as f64
    )
}

fn corpus_dir() -> PathBuf {
    std::env::var_os("EVIDENCE_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora"))
}

fn fail(message: &str) -> ! {
    eprintln!("realreports_eval: {message}");
    std::process::exit(2)
}
