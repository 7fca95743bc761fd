//! Measures `claim-not-in-evidence` on the labelled support corpus
//! (`shared/corpora/support/`, or `$EVIDENCE_CORPUS_DIR/support`): per set
//! and label, the share of claims the rule flags, at the default
//! threshold or at those given.
//!
//! ```sh
//! cargo run --release --example support_eval
//! cargo run --release --example support_eval -- --overlap 40 --min-words 4
//! cargo run --release --example support_eval -- --sweep
//! cargo run --release --example support_eval -- --show supported
//! ```
//!
//! `--sweep` adds a table of thresholds; `--show SET|LABEL` prints the
//! rows of a set or label that the rule gets wrong (flagged though citing
//! the right item; citing the wrong item and not flagged), with the best
//! window found.

mod corpus;

use corpus::{Row, is_wrong_item, share};
use evidence_core::config::{DEFAULT_CLAIM_OVERLAP, DEFAULT_CLAIM_OVERLAP_MIN_WORDS};
use std::fmt::Write as _;

/// The targets of the default threshold.
const MAX_SUPPORTED_FLAGGED: f64 = 2.0;
const MIN_WRONG_ITEM_CAUGHT: f64 = 93.0;

fn main() {
    let mut overlap = DEFAULT_CLAIM_OVERLAP;
    let mut min_words = DEFAULT_CLAIM_OVERLAP_MIN_WORDS;
    let mut sweep = false;
    let mut show: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| fail(&format!("{name} needs a whole number")))
        };
        match arg.as_str() {
            "--overlap" => overlap = number("--overlap"),
            "--min-words" => min_words = number("--min-words"),
            "--sweep" => sweep = true,
            "--show" => show = args.next(),
            other => fail(&format!(
                "unknown argument `{other}`; the arguments are --overlap N, --min-words N, --sweep, --show SET|LABEL"
            )),
        }
    }
    let (dir, _) = corpus::corpus_dir();
    let rows = corpus::read(&dir).unwrap_or_else(|err| {
        fail(&format!(
            "{err}\nset EVIDENCE_CORPUS_DIR to the directory that holds support/"
        ))
    });
    println!(
        "corpus: {} ({} rows)\nrule: claim-not-in-evidence, claim-overlap = {overlap}, claim-overlap-min-words = {min_words}\n",
        dir.display(),
        rows.len()
    );
    print!("{}", table(&rows, overlap, min_words));
    println!();
    print!("{}", targets(&rows, overlap, min_words));
    if let Some(what) = show {
        for row in rows.iter().filter(|r| {
            // The rule's mistakes: a flagged claim of a right item, a
            // wrong item not caught.
            (r.label == what || r.set == what) && r.flagged(overlap, min_words) != is_wrong_item(r)
        }) {
            println!(
                "\n{} {}/{}\n  claim: {}\n  window: {}",
                row.id,
                row.covered,
                row.total,
                row.claim,
                row.window.as_deref().unwrap_or("-")
            );
        }
    }
    if sweep {
        println!();
        print!("{}", sweep_table(&rows));
    }
}

/// Prints `message` and exits with status 2.
fn fail(message: &str) -> ! {
    eprintln!("error: support_eval: {message}");
    std::process::exit(2)
}

/// `flagged/of (share%)`.
fn cell((flagged, of): (usize, usize)) -> String {
    if of == 0 {
        return "-".to_owned();
    }
    format!("{flagged}/{of} ({:.1}%)", percent((flagged, of)))
}

fn percent((flagged, of): (usize, usize)) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * flagged as f64 / of as f64
    }
}

/// Per set: the share of supported claims flagged, of wrong-item
/// citations caught, of unsupported and refuted claims caught, and of
/// partly supported and irrelevant ones flagged.
fn table(rows: &[Row], overlap: usize, min_words: usize) -> String {
    let mut out = String::from(
        "| set | supported flagged | wrong item caught | unsupported/refuted caught | partial flagged | irrelevant flagged | too few words |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for set in ["fcgpt", "wice", "summedits", "swapped", "swapped-topic"] {
        let of = |label: &'static str| {
            share(
                rows,
                move |r| r.set == set && r.label == label,
                overlap,
                min_words,
            )
        };
        let wrong = share(
            rows,
            |r| r.set == set && is_wrong_item(r),
            overlap,
            min_words,
        );
        let against = share(
            rows,
            |r| r.set == set && matches!(r.label.as_str(), "unsupported" | "refuted"),
            overlap,
            min_words,
        );
        let irrelevant = if is_wrong_item(&Row {
            set: set.to_owned(),
            label: String::new(),
            covered: 0,
            total: 0,
            id: String::new(),
            claim: String::new(),
            window: None,
        }) {
            (0, 0)
        } else {
            of("irrelevant")
        };
        let in_set = rows.iter().filter(|r| r.set == set).count();
        let short = rows
            .iter()
            .filter(|r| r.set == set && r.total < min_words.max(1))
            .count();
        let _ = writeln!(
            out,
            "| {set} | {} | {} | {} | {} | {} | {} |",
            cell(of("supported")),
            cell(wrong),
            cell(against),
            cell(of("partial")),
            cell(irrelevant),
            cell((short, in_set)),
        );
    }
    out
}

/// The pooled figures the default is held to, and whether it meets them.
fn targets(rows: &[Row], overlap: usize, min_words: usize) -> String {
    let supported = share(rows, |r| r.label == "supported", overlap, min_words);
    let swapped = share(rows, |r| r.set == "swapped", overlap, min_words);
    let topic = share(rows, |r| r.set == "swapped-topic", overlap, min_words);
    let wrong = share(rows, is_wrong_item, overlap, min_words);
    let met = |ok: bool| if ok { "met" } else { "NOT MET" };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "supported claims flagged (all sets): {} — target <= {MAX_SUPPORTED_FLAGGED}%: {}",
        cell(supported),
        met(percent(supported) <= MAX_SUPPORTED_FLAGGED)
    );
    let _ = writeln!(
        out,
        "wrong-item citations caught (swapped, another topic): {} — target >= {MIN_WRONG_ITEM_CAUGHT}%: {}",
        cell(swapped),
        met(percent(swapped) >= MIN_WRONG_ITEM_CAUGHT)
    );
    let _ = writeln!(
        out,
        "wrong-item citations caught (swapped-topic, a sibling claim's passage): {}",
        cell(topic)
    );
    let _ = writeln!(
        out,
        "wrong-item citations caught (both swapped sets): {}",
        cell(wrong)
    );
    out
}

/// Supported flagged and wrong items caught at each threshold.
fn sweep_table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| claim-overlap | min-words | supported flagged | swapped caught | swapped-topic caught | unsupported/refuted caught |\n|---:|---:|---:|---:|---:|---:|\n",
    );
    for min_words in [3, 4, 5, 6] {
        let mut thresholds: Vec<usize> = (10..=70).step_by(5).collect();
        thresholds.push(DEFAULT_CLAIM_OVERLAP);
        thresholds.sort_unstable();
        thresholds.dedup();
        for overlap in thresholds {
            let supported = share(rows, |r| r.label == "supported", overlap, min_words);
            let swapped = share(rows, |r| r.set == "swapped", overlap, min_words);
            let topic = share(rows, |r| r.set == "swapped-topic", overlap, min_words);
            let against = share(
                rows,
                |r| matches!(r.label.as_str(), "unsupported" | "refuted"),
                overlap,
                min_words,
            );
            let _ = writeln!(
                out,
                "| {overlap} | {min_words} | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
                percent(supported),
                percent(swapped),
                percent(topic),
                percent(against)
            );
        }
    }
    out
}
