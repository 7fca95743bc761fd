//! The labelled passage pairs of `tests/fixtures/disagreement/pairs.jsonl`
//! and how the disagreement checks score on them, and the passage pairs
//! of real reports that fire; shared by the `disagreement_eval` example
//! and `tests/disagreement.rs`.

use evidence_text::disagreement::{Disagreement, Kind, Passage, compare};
use std::path::{Path, PathBuf};

/// One labelled pair.
pub struct Pair {
    pub id: String,
    pub label: String,
    pub a: String,
    pub b: String,
    /// The claim citing both, when one claim does.
    pub claim: Option<String>,
    pub published_a: Option<i64>,
    pub published_b: Option<i64>,
}

/// Reads the pairs file.
pub fn read(path: &Path) -> Result<Vec<Pair>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
            let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_owned);
            let day = |k: &str| s(k).map(|d| days(&d)).transpose();
            Ok(Pair {
                id: s("id").ok_or("no id")?,
                label: s("label").ok_or("no label")?,
                a: s("a").ok_or("no a")?,
                b: s("b").ok_or("no b")?,
                claim: s("claim"),
                published_a: day("published_a")?,
                published_b: day("published_b")?,
            })
        })
        .collect()
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date.
pub fn days(date: &str) -> Result<i64, String> {
    let date: jiff::civil::Date = date.parse().map_err(|e| format!("{date}: {e}"))?;
    let epoch = jiff::civil::date(1970, 1, 1);
    Ok(i64::from((date - epoch).get_days()))
}

/// The kind a label expects to be found (none for `agree` and
/// `different-measure`).
pub fn expected(label: &str) -> Option<Kind> {
    match label {
        "disagree-figure" => Some(Kind::Figures),
        "disagree-negation" => Some(Kind::Negation),
        "temporal" => Some(Kind::Temporal),
        _ => None,
    }
}

/// What the checks found on a pair.
pub fn found(pair: &Pair) -> Option<Kind> {
    let a = Passage::new(&pair.a, pair.published_a);
    let b = Passage::new(&pair.b, pair.published_b);
    compare(&a, &b, pair.claim.as_deref()).map(|d| d.kind)
}

/// Precision and recall of one kind, or of any disagreement.
#[derive(Default, Debug, Clone, Copy)]
pub struct Score {
    /// Found and expected.
    pub hits: usize,
    /// Found, not expected.
    pub false_alarms: usize,
    /// Expected, not found.
    pub misses: usize,
}

impl Score {
    pub fn precision(&self) -> f64 {
        let found = self.hits + self.false_alarms;
        if found == 0 {
            1.0
        } else {
            self.hits as f64 / found as f64
        }
    }
    pub fn recall(&self) -> f64 {
        let expected = self.hits + self.misses;
        if expected == 0 {
            1.0
        } else {
            self.hits as f64 / expected as f64
        }
    }
}

/// The kinds, in the order they are reported.
pub const KINDS: [Kind; 3] = [Kind::Figures, Kind::Negation, Kind::Temporal];

/// A pair with the kind its label expects and the kind found.
pub type Scored<'p> = (&'p Pair, Option<Kind>, Option<Kind>);

/// Scores per kind (in [`KINDS`] order) and for any disagreement (a pair
/// expected to disagree and found disagreeing of another kind counts as a
/// hit there), with each pair's expected and found kinds.
pub fn score(pairs: &[Pair]) -> ([Score; 3], Score, Vec<Scored<'_>>) {
    let mut per = [Score::default(); 3];
    let mut any = Score::default();
    let mut rows = Vec::new();
    for pair in pairs {
        let want = expected(&pair.label);
        let got = found(pair);
        for (k, kind) in KINDS.iter().enumerate() {
            match (want == Some(*kind), got == Some(*kind)) {
                (true, true) => per[k].hits += 1,
                (false, true) => per[k].false_alarms += 1,
                (true, false) => per[k].misses += 1,
                (false, false) => {}
            }
        }
        match (want.is_some(), got.is_some()) {
            (true, true) => any.hits += 1,
            (false, true) => any.false_alarms += 1,
            (true, false) => any.misses += 1,
            (false, false) => {}
        }
        rows.push((pair, want, got));
    }
    (per, any, rows)
}

/// The corpora directory: `$EVIDENCE_CORPUS_DIR`, else `../shared/corpora`
/// beside the clone; and whether it was set.
pub fn corpus_dir() -> (PathBuf, bool) {
    match std::env::var_os("EVIDENCE_CORPUS_DIR") {
        Some(dir) => (PathBuf::from(dir), true),
        None => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora"),
            false,
        ),
    }
}

/// A report's distinct passages, in order, and each claim with the
/// numbers of the passages it cites.
type Report = (Vec<String>, Vec<(String, Vec<usize>)>);

/// What comparing the passages cited within each real report found.
#[derive(Default)]
pub struct RealRun {
    pub reports: usize,
    /// Pairs of distinct passages of one report compared.
    pub compared: usize,
    /// Passages with something to compare (a figure or a statement).
    pub readable: usize,
    pub passages: usize,
    /// The pairs found disagreeing: the report, the two passages'
    /// numbers in it, and what was found.
    pub fired: Vec<(String, usize, usize, Disagreement)>,
}

/// Compares every pair of distinct passages cited within one report of
/// `dev.jsonl` (its text), as a build compares them: one publication day
/// for every item, as the corpus's book gives them; the claim's text when
/// one claim cites both. `across` compares passages of different reports
/// too.
pub fn real_reports(text: &str, across: bool) -> Result<RealRun, String> {
    use std::collections::BTreeMap;
    let day = days("2023-06-01").ok();
    // Report: its distinct passages in order, and each claim's passages.
    let mut reports: BTreeMap<String, Report> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let report = v["report_id"].as_str().unwrap_or_default().to_owned();
        let claim = v["claim"].as_str().unwrap_or_default().to_owned();
        let (passages, claims) = reports.entry(report).or_default();
        let mut cited = Vec::new();
        for c in v["citations"].as_array().into_iter().flatten() {
            let passage = c["passage"].as_str().unwrap_or_default().to_owned();
            let at = passages
                .iter()
                .position(|p| *p == passage)
                .unwrap_or_else(|| {
                    passages.push(passage);
                    passages.len() - 1
                });
            cited.push(at);
        }
        claims.push((claim, cited));
    }
    if across {
        // Every passage of every report as one report (no claim cites two):
        // a harsher test of false alarms, most pairs being off topic.
        let all: Vec<String> = reports.values().flat_map(|(p, _)| p.clone()).collect();
        reports.clear();
        reports.insert("all".to_owned(), (all, Vec::new()));
    }
    let mut run = RealRun {
        reports: reports.len(),
        ..RealRun::default()
    };
    for (report, (passages, claims)) in &reports {
        let read: Vec<Passage> = passages.iter().map(|p| Passage::new(p, day)).collect();
        run.passages += read.len();
        run.readable += read.iter().filter(|p| p.comparable() > 0).count();
        for i in 0..read.len() {
            for j in i + 1..read.len() {
                run.compared += 1;
                let claim = claims
                    .iter()
                    .find(|(_, cited)| cited.contains(&i) && cited.contains(&j))
                    .map(|(c, _)| c.as_str());
                if let Some(found) = compare(&read[i], &read[j], claim) {
                    run.fired.push((report.clone(), i, j, found));
                }
            }
        }
    }
    Ok(run)
}
