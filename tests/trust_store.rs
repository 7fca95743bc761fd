//! Stores as a careless user or a hostile checkout writes them, through the
//! real binary on a real book: a typo is an error with its place and a
//! suggestion, never silently ignored; a FIFO never hangs the build; a
//! store under `src/` is not published silently; "never expires" dates load.

mod common;

use assert_cmd::Command;
use common::{TestBook, binary};
use std::path::Path;

/// `mdbook-evidence check` on the book in `root`: exit status and stderr.
fn check(root: &Path) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(root)
        .args(["check", "."])
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn store_with(source_extra: &str, item_extra: &str, top_extra: &str) -> String {
    format!(
        r#"{{"schema_version": "evidence.v1"{top_extra},
  "sources": [{{"source_id": "fed", "publisher": "Fédération 連邦", "tier": 1{source_extra}}}],
  "evidence": [{{"id": "ev_a", "source_id": "fed", "url": "https://example.org/a",
     "title": "Rates — 金利", "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {{"text": "The rate stays at 4.4{nbsp}percent."}}{item_extra}}}]
}}"#,
        nbsp = '\u{a0}'
    )
}

const CHAPTER: &str = "# Brief\n\nThe rate stays at 4.4\u{a0}percent [EVID:ev_a].\n";

#[test]
fn a_mistyped_field_is_an_error_with_its_place_and_the_nearest_field() {
    for (store, field, suggestion) in [
        (
            store_with(r#", "paywall_polcy": "metadata_only""#, "", ""),
            "sources[0].paywall_polcy",
            "paywall_policy",
        ),
        (
            store_with("", r#", "publised_at": "2026-01-01T00:00:00Z""#, ""),
            "evidence[0].publised_at",
            "published_at",
        ),
        (
            store_with("", r#", "snippet_span": {"text": "x", "txet": "y"}"#, ""),
            "evidence[0].snippet_span.txet",
            "text",
        ),
        (
            store_with("", "", r#", "evidences": []"#),
            "evidences",
            "evidence",
        ),
    ] {
        let book = TestBook::with_store("", &store, &[("a.md", CHAPTER)]);
        let (code, stderr) = check(book.root());
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("evidence/store.json:"), "{stderr}");
        assert!(stderr.contains(field), "{field}: {stderr}");
        if !suggestion.is_empty() {
            assert!(
                stderr.contains(&format!("did you mean `{suggestion}`?")),
                "{stderr}"
            );
        }
    }
}

#[test]
fn a_json_schema_reference_is_allowed() {
    let store = store_with(
        "",
        "",
        r#", "$schema": "../schema/evidence.v1.schema.json""#,
    );
    let book = TestBook::with_store("as-of = \"2026-02-11\"", &store, &[("a.md", CHAPTER)]);
    let (code, stderr) = check(book.root());
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn a_chapter_given_twice_names_both_places() {
    let store = store_with(
        "",
        "",
        r#", "chapters": {"a.md": ["ev_a"],
 "a.md": []}"#,
    );
    let book = TestBook::with_store("", &store, &[("a.md", CHAPTER)]);
    let (code, stderr) = check(book.root());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("chapter `a.md` is given twice"), "{stderr}");
    assert!(stderr.contains("first at line 1, column"), "{stderr}");
    assert!(stderr.contains("evidence/store.json:2:"), "{stderr}");
}

#[test]
fn never_expiring_dates_load() {
    let store = store_with("", r#", "expires_at": "9999-12-31T23:59:59Z""#, "");
    let book = TestBook::with_store("as-of = \"2026-02-11\"", &store, &[("a.md", CHAPTER)]);
    let (code, stderr) = check(book.root());
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn a_store_under_src_is_refused_unless_publishing_it_is_intended() {
    let store = store_with("", "", "");
    for spelled in [
        "src/store.json",
        "./src/store.json",
        "src/../src/store.json",
    ] {
        let book = TestBook::with_store(
            &format!("store = \"{spelled}\"\nas-of = \"2026-02-11\""),
            &store,
            &[("a.md", CHAPTER)],
        );
        std::fs::write(book.root().join("src/store.json"), &store).expect("write");
        let (code, stderr) = check(book.root());
        assert_eq!(code, 2, "{spelled}: {stderr}");
        assert!(stderr.contains("publish-store = true"), "{stderr}");
        let toml = std::fs::read_to_string(book.root().join("book.toml")).expect("read");
        std::fs::write(
            book.root().join("book.toml"),
            toml.replace("as-of =", "publish-store = true\nas-of ="),
        )
        .expect("write");
        let (code, stderr) = check(book.root());
        assert_eq!(code, 0, "{spelled}: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_store_or_in_the_store_directory_is_refused_without_waiting() {
    let make_fifo = |path: &Path| {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("path");
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
    };
    // The store file itself.
    let book = TestBook::new("", &[("a.md", CHAPTER)]);
    let store = book.root().join("evidence/store.json");
    std::fs::remove_file(&store).expect("remove");
    make_fifo(&store);
    let (code, stderr) = check(book.root());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("evidence/store.json"), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
    // A FIFO among the files of a store directory.
    let book = TestBook::new("store = \"evidence\"", &[("a.md", CHAPTER)]);
    make_fifo(&book.root().join("evidence/more.json"));
    let (code, stderr) = check(book.root());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("evidence/more.json"), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}
