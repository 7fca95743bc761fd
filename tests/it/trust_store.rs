//! Stores as a careless user or a hostile checkout writes them, through the
//! real binary on a real book: a typo is an error with its place and a
//! suggestion, never silently ignored; a FIFO never hangs the build; a
//! store under `src/` is not published silently; "never expires" dates load.

use crate::common::{TestBook, binary};
use assert_cmd::Command;
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

/// The `chapters` key itself given twice in one file (JSON would keep the
/// last map, silently dropping the first): an error naming both places.
#[test]
fn a_chapters_key_given_twice_names_both_places() {
    let store = store_with(
        "",
        "",
        r#", "chapters": {"a.md": ["ev_a"]},
 "chapters": {"東京 b.md": ["ev_a"]}"#,
    );
    let book = TestBook::with_store("", &store, &[("a.md", CHAPTER)]);
    let (code, stderr) = check(book.root());
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("field `chapters` is given twice in one object"),
        "{stderr}"
    );
    assert!(stderr.contains("evidence/store.json:2:"), "{stderr}");
    assert!(stderr.contains("first at line 1, column"), "{stderr}");
}

#[test]
fn never_expiring_dates_load() {
    // Valid RFC 3339 instants at and past the end of year 9999 in UTC
    // (a negative offset, a leap second, the last nanosecond, lower case):
    // beyond the date library's range, read as "never expires".
    for instant in [
        "9999-12-31T23:59:59Z",
        "9999-12-31T23:59:59.999999999Z",
        "9999-12-31T23:59:59-12:00",
        "9999-12-31T23:59:60Z",
        "9999-12-31t23:59:59z",
    ] {
        let store = store_with("", &format!(r#", "expires_at": "{instant}""#), "");
        let book = TestBook::with_store("as-of = \"2026-02-11\"", &store, &[("a.md", CHAPTER)]);
        let (code, stderr) = check(book.root());
        assert_eq!(code, 0, "{instant}: {stderr}");
        assert!(!stderr.contains("expired"), "{instant}: {stderr}");
    }
}

/// The JSON Schema says what the loader does: every object of an
/// `evidence.v1` file (top level, source, item, span) refuses properties it
/// does not list; only the `chapters` map takes any key (a chapter path),
/// each value being a list of ids.
#[test]
fn the_schema_refuses_unknown_fields_wherever_the_loader_does() {
    fn walk(at: &str, schema: &serde_json::Value, objects: &mut Vec<String>) {
        match schema {
            serde_json::Value::Object(map) => {
                if map.get("type").and_then(|t| t.as_str()) == Some("object") {
                    objects.push(at.to_owned());
                    let extra = map.get("additionalProperties");
                    let open = map.contains_key("propertyNames");
                    assert!(
                        extra == Some(&serde_json::Value::Bool(false))
                            || open && extra.is_some_and(|e| e.is_object()),
                        "{at} lets unknown fields through: {extra:?}"
                    );
                }
                for (key, value) in map {
                    walk(&format!("{at}/{key}"), value, objects);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, value) in items.iter().enumerate() {
                    walk(&format!("{at}/{i}"), value, objects);
                }
            }
            _ => {}
        }
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/evidence.v1.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("schema")).expect("JSON");
    let mut objects = Vec::new();
    walk("#", &schema, &mut objects);
    for needed in ["#", "#/$defs/Source", "#/$defs/EvidenceItem"] {
        assert!(objects.iter().any(|o| o == needed), "{needed}: {objects:?}");
    }
    let description = schema["description"].as_str().expect("description");
    assert!(description.contains("are errors"), "{description}");
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

/// A socket, and a device reached through a symlink, given as the store or
/// lying in a store directory: refused by file type, with the path, before
/// any open (reading `/dev/zero` would never end).
#[cfg(unix)]
#[test]
fn a_socket_or_device_as_the_store_or_in_the_store_directory_is_refused() {
    let bind = |path: &Path| {
        std::os::unix::net::UnixListener::bind(path).expect("bind a socket");
    };
    let book = TestBook::new("", &[("a.md", CHAPTER)]);
    let store = book.root().join("evidence/store.json");
    std::fs::remove_file(&store).expect("remove");
    bind(&store);
    let (code, stderr) = check(book.root());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("evidence/store.json"), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
    for (name, make) in [
        ("sокет 東京.json", &bind as &dyn Fn(&Path)),
        ("zero 😀.json", &|path: &Path| {
            std::os::unix::fs::symlink("/dev/zero", path).expect("symlink");
        }),
    ] {
        let book = TestBook::new("store = \"evidence\"", &[("a.md", CHAPTER)]);
        make(&book.root().join("evidence").join(name));
        let (code, stderr) = check(book.root());
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(stderr.contains(&format!("evidence/{name}")), "{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
}
