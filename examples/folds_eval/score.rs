//! The figures of a set of records under one setting, the choice of a
//! setting on the training folds, and the tables of the held-out folds.

use crate::flags::SUPPORT_RULES;
use std::collections::BTreeSet;
use std::fmt;

/// Which corpus a record is of.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A real report's citation.
    Real,
    /// A labelled pair of the support corpus (fcgpt, wice, summedits).
    Support,
    /// A claim cited with the passage of a claim on another topic
    /// (`swapped`).
    Swapped,
    /// A claim cited with a sibling claim's passage (`swapped-topic`).
    SwappedTopic,
    /// A supported claim with its subject's name swapped.
    Names,
    /// A supported claim with a proper name swapped for another record's
    /// (`proper.rs`: no list of names).
    Proper,
}

/// One record as the figures see it.
pub struct Case {
    pub kind: Kind,
    /// The agreed label; `None` when the readings differ (left out).
    pub agreed: Option<String>,
    /// The split unit (report, claim, document).
    pub group: String,
    /// For a swapped record, the record of the same claim with its own
    /// passage.
    pub control: Option<usize>,
    pub fold: usize,
}

/// The thresholds of one run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    pub claim_overlap: usize,
    pub partial: usize,
    pub min_words: usize,
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "claim-overlap {}, claim-partial {}/{}",
            self.claim_overlap, self.partial, self.min_words
        )
    }
}

/// A count out of a whole.
#[derive(Clone, Copy, Default)]
struct Part(usize, usize);

impl Part {
    fn add(&mut self, hit: bool) {
        self.0 += usize::from(hit);
        self.1 += 1;
    }
    fn share(self) -> f64 {
        if self.1 == 0 {
            0.0
        } else {
            100.0 * self.0 as f64 / self.1 as f64
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} ({:.1}%)", self.0, self.1, self.share())
    }
}

/// The figures of a fold (or of the training folds).
#[derive(Default)]
struct Figures {
    real_supported_flagged: Part,
    real_bad_caught: Part,
    /// Supported among the records that pass; supported among all.
    real_pass: Part,
    real_input: Part,
    support_supported_flagged: Part,
    support_bad_caught: Part,
    support_pass: Part,
    support_input: Part,
    swapped_caught: Part,
    swapped_controls: Part,
    topic_caught: Part,
    names_caught: Part,
    names_by_subject: Part,
    names_controls: Part,
    proper_caught: Part,
    proper_by_subject: Part,
    proper_controls: Part,
}

type Rules = Vec<BTreeSet<String>>;

/// One row of the held-out table: a figure of [`Figures`].
type Getter = fn(&Figures) -> Part;

fn flagged(rules: &Rules, i: usize) -> bool {
    rules[i].iter().any(|r| SUPPORT_RULES.contains(&r.as_str()))
}

fn figures(cases: &[Case], rules: &Rules, pick: impl Fn(&Case) -> bool) -> Figures {
    let mut f = Figures::default();
    for (i, c) in cases.iter().enumerate().filter(|(_, c)| pick(c)) {
        let Some(label) = c.agreed.as_deref() else {
            continue;
        };
        let hit = flagged(rules, i);
        let supported = label == "supported";
        let control = || {
            c.control
                .filter(|&k| cases[k].agreed.as_deref() == Some("supported"))
                .map(|k| flagged(rules, k))
        };
        match c.kind {
            Kind::Real | Kind::Support => {
                let (sup, bad, pass, input) = if c.kind == Kind::Real {
                    (
                        &mut f.real_supported_flagged,
                        &mut f.real_bad_caught,
                        &mut f.real_pass,
                        &mut f.real_input,
                    )
                } else {
                    (
                        &mut f.support_supported_flagged,
                        &mut f.support_bad_caught,
                        &mut f.support_pass,
                        &mut f.support_input,
                    )
                };
                if supported { sup } else { bad }.add(hit);
                input.add(supported);
                if !hit {
                    pass.add(supported);
                }
            }
            Kind::SwappedTopic => f.topic_caught.add(hit),
            Kind::Swapped => {
                f.swapped_caught.add(hit);
                if let Some(flagged) = control() {
                    f.swapped_controls.add(flagged);
                }
            }
            Kind::Names => {
                f.names_caught.add(hit);
                f.names_by_subject
                    .add(rules[i].contains("subject-not-in-evidence"));
                if let Some(flagged) = control() {
                    f.names_controls.add(flagged);
                }
            }
            Kind::Proper => {
                f.proper_caught.add(hit);
                f.proper_by_subject
                    .add(rules[i].contains("subject-not-in-evidence"));
                if let Some(k) = c.control {
                    f.proper_controls
                        .add(rules[k].contains("subject-not-in-evidence"));
                }
            }
        }
    }
    f
}

/// The setting chosen on the training folds: among those flagging at
/// most 2% of the supported records of each corpus, the one catching the
/// most (real partial and unsupported, support's, wrong items: the sum of
/// the three shares); ties go to fewer supported flagged.
fn choose(cases: &[Case], runs: &[(Setting, Rules)], held: usize) -> usize {
    let key = |run: &(Setting, Rules)| {
        let f = figures(cases, &run.1, |c| c.fold != held);
        let flags = f
            .real_supported_flagged
            .share()
            .max(f.support_supported_flagged.share());
        let caught =
            f.real_bad_caught.share() + f.support_bad_caught.share() + f.swapped_caught.share();
        (flags <= 2.0, caught, -flags)
    };
    let keys: Vec<(bool, f64, f64)> = runs.iter().map(key).collect();
    (0..runs.len())
        .max_by(|&a, &b| {
            keys[a]
                .partial_cmp(&keys[b])
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or(0)
}

/// Prints the per-fold figures of the setting chosen without each fold,
/// their spread, and each rule's precision on the held-out folds.
pub fn report(cases: &[Case], runs: &[(Setting, Rules)], folds: usize) {
    let rows: [(&str, Getter); 14] = [
        ("real: supported flagged", |f| f.real_supported_flagged),
        ("real: partial + unsupported caught", |f| f.real_bad_caught),
        ("real: supported among passing", |f| f.real_pass),
        ("real: supported among all (input)", |f| f.real_input),
        ("support: supported flagged", |f| {
            f.support_supported_flagged
        }),
        (
            "support: partial, unsupported, refuted, irrelevant caught",
            |f| f.support_bad_caught,
        ),
        ("support: supported among passing", |f| f.support_pass),
        ("support: supported among all (input)", |f| f.support_input),
        ("swapped items (another topic) caught", |f| f.swapped_caught),
        ("swapped items (a sibling claim's passage) caught", |f| {
            f.topic_caught
        }),
        ("swapped names caught", |f| f.names_caught),
        ("swapped names caught by subject-not-in-evidence", |f| {
            f.names_by_subject
        }),
        ("swapped proper names (no list) caught", |f| f.proper_caught),
        (
            "swapped proper names caught by subject-not-in-evidence",
            |f| f.proper_by_subject,
        ),
    ];
    let chosen: Vec<usize> = (0..folds).map(|k| choose(cases, runs, k)).collect();
    let held: Vec<Figures> = (0..folds)
        .map(|k| figures(cases, &runs[chosen[k]].1, |c| c.fold == k))
        .collect();
    for (k, &run) in chosen.iter().enumerate() {
        println!("fold {}: chosen on the other folds: {}", k + 1, runs[run].0);
    }
    println!();
    print!("| held-out fold |");
    for k in 1..=folds {
        print!(" {k} |");
    }
    println!(
        " all folds pooled | mean ± sd | min–max |\n|---|{}---:|---:|---:|",
        "---:|".repeat(folds)
    );
    for (name, get) in rows {
        print_row(name, held.iter().map(get).collect());
        if name.starts_with("swapped items (another") {
            print_row(
                "swapped items: controls flagged",
                held.iter().map(|f| f.swapped_controls).collect(),
            );
        }
        if name.starts_with("swapped names caught by") {
            print_row(
                "swapped names: controls flagged",
                held.iter().map(|f| f.names_controls).collect(),
            );
        }
        if name.starts_with("swapped proper names caught by") {
            print_row(
                "swapped proper names: controls flagged by subject-not-in-evidence",
                held.iter().map(|f| f.proper_controls).collect(),
            );
        }
    }
    println!();
    precision(cases, runs, &chosen, folds);
}

fn print_row(name: &str, parts: Vec<Part>) {
    print!("| {name} |");
    for p in &parts {
        print!(" {p} |");
    }
    let shares: Vec<f64> = parts.iter().map(|p| p.share()).collect();
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    let var =
        shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (shares.len() - 1).max(1) as f64;
    let min = shares.iter().copied().fold(f64::INFINITY, f64::min);
    let max = shares.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pooled = parts
        .iter()
        .fold(Part::default(), |all, p| Part(all.0 + p.0, all.1 + p.1));
    println!(
        " {pooled} | {mean:.1}% ± {:.1} | {min:.1}–{max:.1}% |",
        var.sqrt()
    );
}

/// Each rule's precision on the held-out folds (flags on records whose
/// agreed label is not `supported`, over all its flags on agreed records),
/// for the real reports and the support corpus.
fn precision(cases: &[Case], runs: &[(Setting, Rules)], chosen: &[usize], folds: usize) {
    // The support rules, and the quotation rule, which judges wording
    // rather than support: its flags on `supported` records are
    // misquotations the labels do not speak of.
    let names = SUPPORT_RULES
        .iter()
        .copied()
        .chain(["quote-not-in-evidence"]);
    println!(
        "| rule | corpus | held-out flags: right / all, per fold | pooled precision |\n|---|---|---|---:|"
    );
    for rule in names {
        for (kind, label) in [(Kind::Real, "real"), (Kind::Support, "support")] {
            let mut pooled = Part::default();
            let mut cells = Vec::new();
            for (k, &run) in chosen.iter().enumerate().take(folds) {
                let mut part = Part::default();
                for (i, c) in cases.iter().enumerate() {
                    if c.kind != kind || c.fold != k || !runs[run].1[i].contains(rule) {
                        continue;
                    }
                    if let Some(label) = c.agreed.as_deref() {
                        part.add(label != "supported");
                    }
                }
                pooled.0 += part.0;
                pooled.1 += part.1;
                cells.push(format!("{}/{}", part.0, part.1));
            }
            if pooled.1 > 0 {
                println!("| {rule} | {label} | {} | {pooled} |", cells.join(", "));
            }
        }
    }
}
