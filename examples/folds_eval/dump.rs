//! `EVIDENCE_EVAL_DUMP=FILE`: the book checked once with the defaults, and
//! for a reader of the rules, each record worth reading written as a line
//! of tab-separated fields: supported records flagged, a real report's
//! partial and unsupported records caught or missed, swapped proper
//! names missed and their controls flagged, with the fold, so that a rule
//! can be read on some folds and its figures taken on the others.
//!
//! `EVIDENCE_EVAL_EVERY=FILE` (with `EVIDENCE_EVAL_SETTINGS`, TOML lines
//! added to the book's configuration): every real record with an agreed
//! label, flagged or not, and each support rule's message on it, for
//! `frontier.py` to read the overlap rules' shares from.

use crate::book::Record;
use crate::flags::Flag;
use crate::score::{Case, Kind};
use std::fmt::Write as _;
use std::path::Path;

pub fn write(
    to: &Path,
    records: &[Record],
    cases: &[Case],
    found: &[Vec<Flag>],
) -> Result<(), String> {
    let mut out = String::from("what\tfold\tid\trules\tclaim\tcontrol or message\n");
    let line = |out: &mut String, what: &str, i: usize, extra: &str| {
        let rules: Vec<&str> = found[i].iter().map(|f| f.rule.as_str()).collect();
        let clean = |s: &str| s.replace(['\t', '\n'], " ");
        let _ = writeln!(
            out,
            "{what}\t{}\t{}\t{}\t{}\t{}",
            cases[i].fold + 1,
            records[i].id,
            rules.join(","),
            clean(&records[i].claim),
            clean(extra)
        );
    };
    for (i, c) in cases.iter().enumerate() {
        if let Some(quote) = found[i].iter().find(|f| f.rule == "quote-not-in-evidence") {
            let what = format!("quote-{}", c.agreed.as_deref().unwrap_or("disputed"));
            line(&mut out, &what, i, &quote.message);
        }
        let supported = c.agreed.as_deref() == Some("supported");
        let support_flags: Vec<&Flag> = found[i].iter().filter(|f| f.is_support()).collect();
        match c.kind {
            Kind::Real | Kind::Support if supported && !support_flags.is_empty() => {
                let messages: Vec<String> = support_flags
                    .iter()
                    .map(|f| format!("{}: {}", f.rule, f.message))
                    .collect();
                line(&mut out, "supported-flagged", i, &messages.join(" | "));
            }
            // A real report's partial or unsupported citation, caught or
            // passed: what the support rules miss on real reports.
            Kind::Real if !supported && c.agreed.is_some() => {
                let label = c.agreed.as_deref().unwrap_or_default();
                let what = if support_flags.is_empty() {
                    "missed"
                } else {
                    "caught"
                };
                line(&mut out, &format!("real-{label}-{what}"), i, "");
            }
            Kind::Proper | Kind::Names => {
                let set = if c.kind == Kind::Proper {
                    "proper"
                } else {
                    "names"
                };
                let control = c.control.map(|k| records[k].claim.as_str()).unwrap_or("");
                let caught = found[i].iter().any(|f| f.rule == "subject-not-in-evidence");
                let what = format!("{set}-{}", if caught { "caught" } else { "missed" });
                line(&mut out, &what, i, control);
                if let Some(k) = c.control
                    && found[k].iter().any(|f| f.rule == "subject-not-in-evidence")
                {
                    line(&mut out, &format!("{set}-control-flagged"), k, "");
                }
            }
            _ => {}
        }
    }
    std::fs::write(to, out).map_err(|e| format!("{}: {e}", to.display()))
}

/// Every real report's record with an agreed label, one line each: its id,
/// its label and the support rules' messages on it (` | ` between them).
pub fn write_every(
    to: &Path,
    records: &[Record],
    cases: &[Case],
    found: &[Vec<Flag>],
) -> Result<(), String> {
    let mut out = String::new();
    for (i, case) in cases.iter().enumerate() {
        let Some(label) = case.agreed.as_deref().filter(|_| case.kind == Kind::Real) else {
            continue;
        };
        let messages: Vec<String> = found[i]
            .iter()
            .filter(|f| f.is_support())
            .map(|f| format!("{}: {}", f.rule, f.message.replace(['\t', '\n'], " ")))
            .collect();
        let _ = writeln!(out, "{}\t{label}\t{}", records[i].id, messages.join(" | "));
    }
    std::fs::write(to, out).map_err(|e| format!("{}: {e}", to.display()))
}
