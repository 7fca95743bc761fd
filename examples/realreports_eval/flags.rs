//! The binary's check of a corpus book, and its diagnostics assigned to the
//! records whose claims they point at. Shared by `realreports_eval` and
//! `folds_eval`.

use crate::book::Placement;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The rules that judge whether a passage supports its claim; a record is
/// "flagged" when one of them reports it.
pub const SUPPORT_RULES: [&str; 6] = [
    "claim-not-in-evidence",
    "claim-partly-in-evidence",
    "number-not-in-evidence",
    "number-contradicts-evidence",
    "subject-not-in-evidence",
    "ungrounded-claim",
];

/// One diagnostic of the check.
#[derive(Clone)]
pub struct Flag {
    pub rule: String,
    pub severity: String,
    pub message: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl Flag {
    /// Whether a support rule raised it.
    pub fn is_support(&self) -> bool {
        SUPPORT_RULES.contains(&self.rule.as_str())
    }
}

/// The binary beside the example (`target/<profile>/mdbook-evidence`), or
/// `$EVIDENCE_EVAL_BIN`.
pub fn binary() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    std::env::var_os("EVIDENCE_EVAL_BIN")
        .map(PathBuf::from)
        .or_else(|| {
            exe.parent()
                .and_then(Path::parent)
                .map(|d| d.join("mdbook-evidence"))
                .filter(|b| b.is_file())
        })
        .ok_or_else(|| "build the binary first: cargo build".to_string())
}

/// Runs `check --format json` on `book` and reads its diagnostics.
pub fn check(bin: &Path, book: &Path) -> Result<Vec<Flag>, String> {
    let out = Command::new(bin)
        .args(["check", "--format", "json"])
        .arg(book)
        .output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let report: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "the check printed no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    Ok(report["violations"]
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
        .collect())
}

/// Each record's flags: a flag belongs to the record whose claim holds its
/// column (the first of its line when it points before them all).
pub fn by_record(flags: Vec<Flag>, placements: &[Placement]) -> Vec<Vec<Flag>> {
    let mut out: Vec<Vec<Flag>> = vec![Vec::new(); placements.len()];
    for flag in flags {
        let on_line = |p: &&Placement| p.file == flag.file && p.line == flag.line;
        let at = placements
            .iter()
            .position(|p| on_line(&p) && p.columns.contains(&flag.column))
            .or_else(|| placements.iter().position(|p| on_line(&p)));
        if let Some(at) = at {
            out[at].push(flag);
        }
    }
    out
}
