//! Runs last (cargo runs test targets in the order of their names, so
//! after `tests/it/` and `tests/env_override.rs`): says
//! how many checks the test targets before it skipped in this `cargo
//! test`, which, and how to have them made, then clears the record
//! (`tests/it/common/skip.rs` writes it). A skip is no failure here: CI sets
//! `EVIDENCE_CORPUS_DIR` and `EVIDENCE_REQUIRE_*`, under which the tests
//! that would skip fail instead.

// Only `dir` and `prefix` are used here; `note` is the tests'.
#[allow(dead_code)]
#[path = "it/common/skip.rs"]
mod skip;

use std::io::Write as _;

/// How to have each kind of skipped check made.
const HOW: [&str; 9] = [
    "the corpora (tests/it/preservation.rs, accuracy_corpus.rs, disagreement.rs, the import_*.rs",
    "  and provenance.rs tests of recorded responses): EVIDENCE_CORPUS_DIR=DIR, the directory",
    "  holding apis/, support/, realreports/ and the CommonMark spec (by default",
    "  ../shared/corpora beside the clone)",
    "Chromium (tests/it/browser/, screenshots.rs): apt-get install -y chromium, or CHROMIUM=PATH",
    "mdBook (tests/it/serve_real.rs): cargo install mdbook@0.5.4 --locked --root target/tools,",
    "  or MDBOOK_BIN=PATH",
    "ssh-keygen (tests/it/provenance_sign.rs): apt-get install -y openssh-client",
    "git, script, mkfifo (tests/it/install.rs, trust_cache.rs, explain.rs, messages.rs): a git clone",
];

/// Where the summary is left for `.ci/run` to print once everything,
/// doc tests too, has run.
fn last_summary() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("skipped-checks.last.txt")
}

#[test]
fn the_checks_skipped_in_this_run_are_said_last() {
    let dir = skip::dir();
    let mine = skip::prefix(std::os::unix::process::parent_id());
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    let mut skipped = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        // Files of earlier runs (another cargo's) are cleared uncounted.
        if name.starts_with(&mine) {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            skipped.extend(text.lines().map(str::to_owned));
        }
        let _ = std::fs::remove_file(file);
    }
    let summary = summary(&skipped);
    let _ = std::fs::write(last_summary(), &summary);
    // Straight to the process's stderr: libtest would hide an eprintln.
    let _ = write!(std::io::stderr(), "{summary}");
}

/// What is said of the `skipped` checks.
fn summary(skipped: &[String]) -> String {
    if skipped.is_empty() {
        return "skipped checks: none\n".to_owned();
    }
    let mut out = format!(
        "\n{} skipped (each passed without checking):\n",
        if skipped.len() == 1 {
            "1 check was".to_owned()
        } else {
            format!("{} checks were", skipped.len())
        }
    );
    for line in skipped {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str("To have them made:\n");
    for line in HOW {
        out.push_str(&format!("  {line}\n"));
    }
    out
}
