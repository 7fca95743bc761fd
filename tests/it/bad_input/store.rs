//! Stores that cannot be used: malformed or trailing JSON, wrong shapes
//! and types, duplicate ids, bytes that are not UTF-8, bad timestamps and
//! ids, files past the size limit, a device; and the odd ones that are read
//! (a BOM, an empty directory).

use super::*;
use crate::common::TestBook;

fn store_with_item(item: &str) -> Vec<u8> {
    format!("{{\"schema_version\": \"evidence.v1\",\n \"evidence\": [{item}]}}").into_bytes()
}

// Store.

#[test]
fn store_malformed_json_names_line_and_column() {
    let run = with_store_bytes(b"{\"schema_version\": \"evidence.v1\",\n \"evidence\": [,]}");
    assert_refused(
        &run,
        &["evidence/store.json:2:15: malformed JSON in evidence store: expected value"],
    );
}

#[test]
fn store_with_trailing_garbage_is_malformed() {
    let run = with_store_bytes(b"{\"schema_version\": \"evidence.v1\"}\n}");
    assert_refused(
        &run,
        &[
            "evidence/store.json:2:1: malformed JSON",
            "trailing characters",
        ],
    );
}

#[test]
fn store_that_is_not_an_object() {
    for bytes in [
        &b"[\"evidence.v1\"]"[..],
        b"null",
        b"\"evidence.v1\"",
        b"42",
    ] {
        let run = with_store_bytes(bytes);
        assert_refused(
            &run,
            &[
                "evidence/store.json:1:",
                "a store file must be a JSON object with \"schema_version\"",
            ],
        );
    }
}

#[test]
fn store_with_wrong_types_names_the_json_path() {
    for (item, expected) in [
        (
            r#"{"id": 5}"#,
            "`evidence[0].id`: invalid type: integer `5`, expected a string",
        ),
        (r#"{"title": "x"}"#, "`evidence[0]`: missing field `id`"),
        (
            r#"{"id": "a", "status": "gone"}"#,
            "`evidence[0].status`: unknown variant `gone`, expected one of `active`, `deleted`, `invalid`",
        ),
        (
            r#"{"id": "a", "quote_span": {"start": "x"}}"#,
            "`evidence[0].quote_span.start`: invalid type: string \"x\"",
        ),
        (r#"{"id": "a", "tags": "x"}"#, "`evidence[0].tags`"),
        (
            r#"{"id": "a", "id": "b"}"#,
            "`evidence[0]`: field `id` is given twice in one object (first at line 2,",
        ),
    ] {
        let run = with_store_bytes(&store_with_item(item));
        assert_refused(&run, &["evidence/store.json:2:", expected]);
    }
    let run = with_store_bytes(br#"{"schema_version": "evidence.v1", "evidence": {"id": "a"}}"#);
    assert_refused(
        &run,
        &["`evidence`: invalid type: map, expected a sequence"],
    );
    let run = with_store_bytes(
        br#"{"schema_version": "evidence.v1", "sources": [{"source_id": "s", "publisher": "P", "tier": "1"}]}"#,
    );
    assert_refused(&run, &["`sources[0].tier`"]);
}

#[test]
fn store_schema_version_of_the_wrong_type() {
    let run = with_store_bytes(br#"{"schema_version": 1}"#);
    assert_refused(
        &run,
        &[
            "evidence/store.json: schema_version must be a string, found 1",
            "this build reads schema_version \"evidence.v1\"",
        ],
    );
}

#[test]
fn store_missing_schema_version() {
    let run = with_store_bytes(br#"{"evidence": []}"#);
    assert_refused(
        &run,
        &["missing \"schema_version\"; add \"schema_version\": \"evidence.v1\""],
    );
}

#[test]
fn store_duplicate_source_id_names_both_places() {
    let run = with_store_bytes(
        br#"{"schema_version": "evidence.v1", "sources": [
            {"source_id": "s", "publisher": "P", "tier": 1},
            {"source_id": "s", "publisher": "Q", "tier": 2}]}"#,
    );
    assert_refused(
        &run,
        &[
            "source id `s` is defined twice: in evidence/store.json (sources[0]) and in evidence/store.json (sources[1])",
        ],
    );
}

#[test]
fn store_duplicate_id_across_files_of_a_directory_names_both_files() {
    let book = TestBook::new("store = \"evidence\"", &[("report.md", "# R\n")]);
    std::fs::write(
        book.root().join("evidence/more.json"),
        store_with_item(r#"{"id": "x"}, {"id": "ev_fomc"}"#),
    )
    .unwrap();
    assert_refused(
        &book.run("html"),
        &[
            "evidence id `ev_fomc` is defined twice: in evidence/more.json (evidence[1]) and in evidence/store.json (evidence[0])",
        ],
    );
}

#[test]
fn store_not_utf8_names_the_byte_offset() {
    let mut bytes = store_with_item(r#"{"id": "a", "title": "caf"#);
    bytes.extend(b"\xe9\"}]}");
    let offset = bytes.len() - 5;
    let run = with_store_bytes(&bytes);
    assert_refused(
        &run,
        &[
            &format!(
                "evidence store `evidence/store.json` is not UTF-8 (invalid byte at offset {offset})"
            ),
            "save it as UTF-8",
        ],
    );
    // UTF-16, as some editors save JSON.
    let run = with_store_bytes(b"\xff\xfe{\x00}\x00");
    assert_refused(&run, &["is not UTF-8 (invalid byte at offset 0)"]);
}

#[test]
fn store_with_a_bom_is_read() {
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend(crate::common::STORE.as_bytes());
    let book = TestBook::new("", &[("report.md", "# R\n\nRates held [EVID:ev_fomc].\n")]);
    std::fs::write(book.root().join("evidence/store.json"), bytes).unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn store_empty_directory_is_an_empty_store_that_citations_name() {
    // Nothing cites: the book builds (a fresh book after `install`).
    let book = TestBook::new("store = \"ev\"", &[("report.md", "# R\n")]);
    std::fs::create_dir(book.root().join("ev")).unwrap();
    std::fs::write(book.root().join("ev/notes.txt"), "not a store").unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A chapter that cites fails, and the message names the empty directory.
    let book = TestBook::new(
        "store = \"ev\"",
        &[(
            "report.md",
            "# R\n\nLes taux ont été maintenus à 3,5 %. [EVID:ev_fomc]\n",
        )],
    );
    std::fs::create_dir(book.root().join("ev")).unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "evidence `ev_fomc` is not in the evidence store; the evidence store holds no items yet: `ev` holds no *.json or *.jsonl file"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn timestamps_that_are_not_rfc_3339_are_refused() {
    for (field, value, advice) in [
        (
            "published_at",
            "2026-02-10T14:00:00",
            "a time needs its offset from UTC",
        ),
        (
            "fetched_at",
            "2026-13-10T14:00:00Z",
            "write a date as YYYY-MM-DD",
        ),
        (
            "expires_at",
            "2026-02-10 14:00:00Z",
            "write \"2026-02-10T14:00:00Z\"",
        ),
        ("expires_at", "Feb 10, 2026", "write \"2026-02-10\""),
        ("published_at", "1770732000", "write a date as YYYY-MM-DD"),
    ] {
        let run = with_store_bytes(&store_with_item(&format!(
            r#"{{"id": "a", "{field}": "{value}"}}"#
        )));
        // The caret is at the value's opening quote, after
        // ` "evidence": [{"id": "a", "FIELD": `.
        let column = 31 + field.len();
        assert_refused(
            &run,
            &[
                &format!("evidence/store.json:2:{column}:"),
                &format!(
                    "`evidence[0].{field}`: expected an RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\" or a date such as \"2026-02-10\", found \"{value}\""
                ),
                advice,
            ],
        );
    }
}

#[test]
fn ids_outside_the_allowed_characters_are_refused() {
    for id in ["ev 1", "<script>", "a\\\"b", "ev_é", "", "a]b"] {
        let run = with_store_bytes(&store_with_item(&format!(r#"{{"id": "{id}"}}"#)));
        assert_refused(
            &run,
            &[
                "evidence/store.json (evidence[0].id): invalid evidence id",
                "use ASCII letters, digits and `_ . : / -` only",
            ],
        );
    }
    let run = with_store_bytes(
        br#"{"schema_version": "evidence.v1", "chapters": {"c.md": ["ok", "not ok"]}}"#,
    );
    assert_refused(
        &run,
        &[r#"evidence/store.json (chapters["c.md"][1]): invalid chapter list entry "not ok""#],
    );
}

// Limits.

#[test]
fn store_files_past_the_size_limit_are_refused() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let run = crate::common::run_stdin_with(
        book.root(),
        &book.stdin("html"),
        &[("MDBOOK_EVIDENCE_MAX_STORE_BYTES", "1000")],
    );
    assert_refused(
        &run,
        &[
            "evidence store `evidence/store.json` takes the store files past 1000 bytes (the limit); split the store or raise the limit with MDBOOK_EVIDENCE_MAX_STORE_BYTES=<bytes>",
        ],
    );
    // A file larger than the default limit is refused before it is read
    // (this one is sparse: it takes no disk space).
    let file = std::fs::File::create(book.root().join("evidence/store.json")).unwrap();
    file.set_len(300 << 20).unwrap();
    assert_refused(
        &book.run("html"),
        &["takes the store files past 256 MiB (the limit)"],
    );
}

#[cfg(unix)]
#[test]
fn a_store_path_that_is_a_device_is_refused() {
    let book = TestBook::new("store = \"/dev/zero\"", &[("report.md", "# R\n")]);
    assert_refused(
        &book.run("html"),
        &["evidence store `/dev/zero` is not a regular file"],
    );
}
