//! Bad and odd input. A store, book or config that cannot be used stops the
//! run with one clear line on stderr (what, where, how to fix; for a store
//! file, its line drawn under it with a caret), exit status 2, and nothing
//! on stdout. Odd chapters (CRLF, BOM, tabs, very long lines,
//! deep nesting, markers in headings, tables, footnotes and alt text, empty)
//! come out right, and a second run over them changes nothing.
//!
//! Store errors already covered by `tests/it/protocol.rs`: truncated JSON, an
//! unknown schema version, a wrong type, a duplicate id, an empty and a
//! missing file. Stdin: truncated, foreign, from mdBook 0.4. Config: unknown
//! keys and wrong types of `mode`, `exclude` and `store`.

use crate::common::{Run, TestBook};

mod chapters;
mod setup;
mod store;

/// Asserts that a run was refused with one line on stderr holding each of
/// `expected` (and, under it, nothing but the line at fault drawn with a
/// caret), exit status 2, and nothing on stdout.
#[track_caller]
fn assert_refused(run: &Run, expected: &[&str]) {
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "stdout: {:.200}", run.stdout);
    let mut lines = run.stderr.lines();
    let first = lines.next().unwrap_or_default();
    let drawn = |line: &str| {
        line.is_empty() || line.starts_with(' ') || line.starts_with(|c: char| c.is_ascii_digit())
    };
    assert!(lines.all(drawn), "{}", run.stderr);
    assert!(
        !expected.iter().any(|part| !first.contains(part)),
        "not all of {expected:?} on the first line: {}",
        run.stderr
    );
    assert!(
        run.stderr.starts_with("error: mdbook-evidence: "),
        "{}",
        run.stderr
    );
    for part in expected {
        assert!(run.stderr.contains(part), "no {part:?} in: {}", run.stderr);
    }
}

/// Runs the binary on a book whose store file holds `bytes`.
fn with_store_bytes(bytes: &[u8]) -> Run {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    std::fs::write(book.root().join("evidence/store.json"), bytes).unwrap();
    book.run("html")
}
