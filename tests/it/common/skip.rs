//! Checks a test could not make on this machine (a corpus absent, no
//! Chromium, no `mdbook`, no `git`), said where they can be found again.
//!
//! Each is said on stderr when it happens, and a line is appended to
//! `skipped-checks/<cargo's pid>-<test target>-<pid>.txt` under the
//! integration tests' temporary directory. `tests/zz_skipped_checks.rs`,
//! which cargo runs after every other test target (it runs them in the
//! order of their names), counts the lines the same `cargo test` wrote
//! (its own parent is the same cargo), prints them last with how to
//! enable each, and clears the directory. With `EVIDENCE_REQUIRE_*` or
//! `EVIDENCE_CORPUS_DIR` set, the tests that would skip fail instead.

use std::io::Write as _;
use std::path::PathBuf;

/// Where the test targets leave their skipped checks.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("skipped-checks")
}

/// The file name prefix of the files written under the `cargo` process
/// `parent` (the parent of every test target one `cargo test` runs).
pub fn prefix(parent: u32) -> String {
    format!("{parent}-")
}

/// Says that `what` was not checked and `why` (with how to have it
/// checked), on stderr and in this target's file of skipped checks, under
/// the name of the test file that called (one binary holds them all).
#[track_caller]
pub fn note(what: &str, why: &str) {
    let caller = std::path::Path::new(std::panic::Location::caller().file());
    let test = caller.file_stem().unwrap_or_default().to_string_lossy();
    let line = format!("{what} not checked: {why}").replace(['\n', '\r'], " ");
    // Straight to the process's stderr: libtest would hide an eprintln.
    let _ = writeln!(std::io::stderr(), "note: {line}");
    let dir = dir();
    let file = dir.join(format!(
        "{}{}-{}.txt",
        prefix(std::os::unix::process::parent_id()),
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        // One write of a whole line: threads of this target append at once.
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&file)?
            .write_all(format!("{test}: {line}\n").as_bytes())
    });
    if let Err(err) = written {
        let _ = writeln!(
            std::io::stderr(),
            "note: could not record the skipped check in {}: {err}",
            file.display()
        );
    }
}
