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
mod flags;
mod names;

use book::Record;
use flags::Flag;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

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
    let bin = flags::binary().unwrap_or_else(|e| fail(&e));
    let found = flags::check(&bin, &book_dir).unwrap_or_else(|e| fail(&e));
    let owned = flags::by_record(found, &placements);
    let record_flags: Vec<Vec<&Flag>> = owned.iter().map(|f| f.iter().collect()).collect();
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

fn is_support_flag(flag: &Flag) -> bool {
    flag.is_support()
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
