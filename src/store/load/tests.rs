//! Tests of loading stores: both formats, merging, and every refusal.

use super::*;

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    std::fs::write(dir.join(name), text).unwrap();
    PathBuf::from(name)
}

fn load_one(text: &str) -> Result<Store, StoreError> {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "store.json", text.as_bytes());
    load(dir.path(), &[file])
}

const MINIMAL: &str = r#"{"schema_version":"evidence.v1",
    "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
    "evidence":[{"id":"ev_1","source_id":"fed","url":"https://fed.gov/a","title":"A",
                 "published_at":"2026-02-10T14:00:00Z"}],
    "chapters":{"brief.md":["ev_1"]}}"#;

#[test]
fn an_unknown_field_is_an_error_that_names_it_and_the_nearest_known_one() {
    let err = load_one(&MINIMAL.replace(r#""title":"A""#, r#""title":"A","titel":"B""#))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("store.json:3:"), "{err}");
    assert!(err.contains("`evidence[0].titel`"), "{err}");
    assert!(err.contains("did you mean `title`?"), "{err}");
}

#[test]
fn loads_a_minimal_store() {
    let store = load_one(MINIMAL).unwrap();
    assert_eq!(store.len(), 1);
    assert_eq!(store.item("ev_1").unwrap().title.as_deref(), Some("A"));
    assert_eq!(store.source("fed").unwrap().tier, 1);
    assert_eq!(
        store.citation_list(Path::new("brief.md")).unwrap().ids,
        ["ev_1"]
    );
}

#[test]
fn malformed_json_names_line_and_column() {
    let err = load_one("{\"schema_version\": \"evidence.v1\",\n  \"evidence\": [,]}").unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with("store.json:2:"), "{msg}");
    assert!(msg.contains("malformed JSON"), "{msg}");
}

#[test]
fn wrong_type_names_the_json_path() {
    let err = load_one(
        r#"{"schema_version":"evidence.v1","evidence":[{"id":"a"},{"id":"b","published_at":"yesterday"}]}"#,
    )
    .unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("`evidence[1].published_at`"), "{msg}");
    assert!(msg.contains("RFC 3339"), "{msg}");
}

#[test]
fn tier_out_of_range_is_reported() {
    let err = load_one(
        r#"{"schema_version":"evidence.v1","sources":[{"source_id":"s","publisher":"P","tier":7}]}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("`sources[0].tier`"), "{err}");
}

#[test]
fn unknown_or_missing_schema_version_names_the_readable_ones() {
    let err = load_one(r#"{"schema_version":"evidence.v9"}"#).unwrap_err();
    assert!(err.to_string().contains("\"evidence.v1\""), "{err}");
    let err = load_one(r#"{"evidence":[]}"#).unwrap_err();
    assert!(
        err.to_string().contains("missing \"schema_version\""),
        "{err}"
    );
}

#[test]
fn empty_not_utf8_and_missing_each_have_their_own_error() {
    assert!(matches!(load_one("  \n"), Err(StoreError::Syntax { .. })));
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "bad.json", b"{\"schema_version\": \"\xff\"}");
    assert!(matches!(
        load(dir.path(), &[file]),
        Err(StoreError::NotUtf8 { offset: 20, .. })
    ));
    assert!(matches!(
        load(dir.path(), &[PathBuf::from("nope.json")]),
        Err(StoreError::Missing(_))
    ));
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    assert!(matches!(
        load(dir.path(), &[PathBuf::from("empty")]),
        Err(StoreError::EmptyDirectory(_))
    ));
}

#[test]
fn directory_merges_files_and_duplicates_name_both_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("ev")).unwrap();
    write(dir.path(), "ev/a.json", MINIMAL.as_bytes());
    write(
        dir.path(),
        "ev/b.json",
        br#"{"schema_version":"evidence.v1","evidence":[{"id":"ev_2"}]}"#,
    );
    write(dir.path(), "ev/notes.txt", b"ignored");
    let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
    assert_eq!(store.len(), 2);

    write(
        dir.path(),
        "ev/c.json",
        br#"{"schema_version":"evidence.v1","evidence":[{"id":"x"},{"id":"ev_1"}]}"#,
    );
    let msg = load(dir.path(), &[PathBuf::from("ev")])
        .unwrap_err()
        .to_string();
    assert!(msg.contains("ev/a.json (evidence[0])"), "{msg}");
    assert!(msg.contains("ev/c.json (evidence[1])"), "{msg}");
}

#[test]
fn a_top_level_array_is_not_a_store() {
    for (text, at) in [
        ("[\"evidence.v1\"]", "store.json:1:1:"),
        ("\n  []", "store.json:2:3:"),
    ] {
        let msg = load_one(text).unwrap_err().to_string();
        assert!(msg.starts_with(at), "{msg}");
        assert!(msg.contains("must be a JSON object"), "{msg}");
    }
}

#[test]
fn every_item_of_a_large_store_is_found_by_id() {
    let items: Vec<String> = (0..5000)
        .map(|i| format!(r#"{{"id":"ev_{i}","title":"T{i}"}}"#))
        .collect();
    let store = load_one(&format!(
        r#"{{"schema_version":"evidence.v1","evidence":[{}]}}"#,
        items.join(",")
    ))
    .unwrap();
    assert_eq!(store.len(), 5000);
    for i in 0..5000 {
        let (id, item) = store.item_entry(&format!("ev_{i}")).unwrap();
        assert_eq!(id, format!("ev_{i}"));
        assert_eq!(item.title.as_deref(), Some(format!("T{i}").as_str()));
    }
    assert!(store.item("ev_5000").is_none());
}

#[test]
fn the_first_problem_in_file_order_is_reported() {
    let err = load_one(
        r#"{"schema_version":"evidence.v1","evidence":[{"id":"a"},{"id":"b"},{"id":"a"},{"id":"c d"}]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("store.json (evidence[0]) and in store.json (evidence[2])"),
        "{err}"
    );
    let err = load_one(
        r#"{"schema_version":"evidence.v1","evidence":[{"id":"a"},{"id":"c d"},{"id":"a"}]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("evidence[1].id"), "{err}");
}

#[test]
fn invalid_ids_are_rejected() {
    let err =
        load_one(r#"{"schema_version":"evidence.v1","evidence":[{"id":"ev 1"}]}"#).unwrap_err();
    assert!(err.to_string().contains("evidence[0].id"), "{err}");
}

/// A `citation.v1` record line for `url_original`, with the right
/// `normalized_url` and `cid` and `extra` JSON fields appended.
fn record(url_original: &str, status: &str, extra: &str) -> String {
    let normalized = crate::store::normalize_url(url_original).unwrap();
    let cid = crate::store::cid(&normalized);
    format!(
        r#"{{"schema_version":"citation.v1","normalized_url":"{normalized}","cid":"{cid}","url":"{normalized}","url_original":"{url_original}","status":"{status}","checked_at":"2026-02-13T12:35:00Z","found_by":[{{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}}],"notes":"ok"{extra}}}"#
    )
}

fn load_jsonl(lines: &[String]) -> Result<Store, StoreError> {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "citations.jsonl", lines.join("\n").as_bytes());
    load(dir.path(), &[file])
}

/// The seed's valid example, with the cid computed by `sha256sum`.
const SEED_VALID: &str = r#"{"schema_version":"citation.v1","normalized_url":"https://example.com/doc","cid":"cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db","url":"https://example.com/doc","url_original":"https://example.com/doc?utm_source=x","status":"valid","checked_at":"2026-02-13T12:35:00Z","http_status":200,"title":"Example Doc","publisher":"Example","found_by":[{"wave":1,"perspective_id":"p1","agent_type":"ClaudeResearcher","artifact_path":"wave-1/p1.md"}],"evidence_snippet":"This doc states ...","notes":"ok"}"#;

#[test]
fn a_jsonl_record_is_an_item_cited_by_its_cid() {
    let store = load_jsonl(&[SEED_VALID.to_owned()]).unwrap();
    let item = store
        .item("cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db")
        .unwrap();
    assert_eq!(item.title.as_deref(), Some("Example Doc"));
    assert_eq!(item.publisher.as_deref(), Some("Example"));
    assert_eq!(item.url.as_deref(), Some("https://example.com/doc"));
    assert_eq!(
        item.snippet_span.as_ref().unwrap().text,
        "This doc states ..."
    );
    assert_eq!(item.status, crate::store::Status::Active);
    assert!(item.published_at.is_none());
    assert_eq!(item.fetched_at.unwrap().to_string(), "2026-02-13T12:35:00Z");
    let check = item.link_check.as_ref().unwrap();
    assert_eq!(check.http_status, Some(200));
    // No registry: a tier-3 source per host is made up.
    assert_eq!(item.source_id.as_deref(), Some("web:example.com"));
    let source = store.source("web:example.com").unwrap();
    assert_eq!((source.tier, source.publisher.as_str()), (3, "example.com"));
}

#[test]
fn failed_link_checks_load_as_invalid_items() {
    let lines: Vec<String> = ["invalid", "mismatch", "blocked", "paywalled", "valid"]
        .iter()
        .enumerate()
        .map(|(i, status)| record(&format!("https://example.com/{i}"), status, ""))
        .collect();
    let store = load_jsonl(&lines).unwrap();
    let status = |i: usize| {
        let normalized = crate::store::normalize_url(&format!("https://example.com/{i}")).unwrap();
        store.item(&crate::store::cid(&normalized)).unwrap().status
    };
    use crate::store::Status::{Active, Invalid};
    assert_eq!(
        [status(0), status(1), status(2), status(3), status(4)],
        [Invalid, Invalid, Invalid, Active, Active]
    );
}

#[test]
fn records_take_the_registered_source_with_the_longest_url_prefix() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("ev")).unwrap();
    write(
        dir.path(),
        "ev/sources.json",
        br#"{"schema_version":"evidence.v1","sources":[
          {"source_id":"fed","publisher":"Federal Reserve","tier":1,"url_prefixes":["https://www.federalreserve.gov/"]},
          {"source_id":"fed_pr","publisher":"Federal Reserve Board","tier":1,"url_prefixes":["https://www.federalreserve.gov/newsevents/"]}]}"#,
    );
    let lines = [
        record(
            "https://www.federalreserve.gov/newsevents/pressreleases/x.htm",
            "valid",
            "",
        ),
        record(
            "https://www.federalreserve.gov/monetarypolicy.htm",
            "valid",
            "",
        ),
        record("https://blog.example.org/post", "valid", ""),
    ];
    write(
        dir.path(),
        "ev/citations.jsonl",
        lines.join("\r\n").as_bytes(),
    );
    let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
    let source_of = |url: &str| {
        let id = crate::store::cid(&crate::store::normalize_url(url).unwrap());
        store.item(&id).unwrap().source_id.clone().unwrap()
    };
    assert_eq!(
        source_of("https://www.federalreserve.gov/newsevents/pressreleases/x.htm"),
        "fed_pr"
    );
    assert_eq!(
        source_of("https://www.federalreserve.gov/monetarypolicy.htm"),
        "fed"
    );
    assert_eq!(
        source_of("https://blog.example.org/post"),
        "web:blog.example.org"
    );
}

#[test]
fn a_wrong_normalized_url_or_cid_names_file_and_line() {
    // The seed's invalid example writes `https://dead.example.com`, but
    // parsing gives that URL the path `/`.
    let seed_invalid = r#"{"schema_version":"citation.v1","normalized_url":"https://dead.example.com","cid":"cid_x","url":"https://dead.example.com","url_original":"https://dead.example.com","status":"invalid","checked_at":"2026-02-13T12:35:00Z","http_status":404,"title":null,"publisher":null,"found_by":[{"wave":1,"perspective_id":"p2","agent_type":"PerplexityResearcher","artifact_path":"wave-1/p2.md"}],"evidence_snippet":null,"notes":"404"}"#;
    let err = load_jsonl(&[
        SEED_VALID.to_owned(),
        String::new(),
        seed_invalid.to_owned(),
    ])
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with("citations.jsonl:3: `normalized_url` is \"https://dead.example.com\""),
        "{err}"
    );
    assert!(
        err.contains("normalizes to \"https://dead.example.com/\""),
        "{err}"
    );

    let wrong_cid = SEED_VALID.replace("cid_9813a8", "cid_0000a8");
    let err = load_jsonl(&[wrong_cid]).unwrap_err().to_string();
    assert!(
        err.starts_with("citations.jsonl:1: `cid` is \"cid_0000a8"),
        "{err}"
    );
    assert!(err.contains("gives \"cid_9813a80c"), "{err}");

    let upper = SEED_VALID.replace("cid_9813a80c59ae", "cid_9813A80C59AE");
    assert!(
        load_jsonl(&[upper])
            .unwrap_err()
            .to_string()
            .contains("`cid`")
    );

    let relative = record("https://example.com/a", "valid", "").replace(
        "\"url_original\":\"https://example.com/a\"",
        "\"url_original\":\"/a\"",
    );
    let err = load_jsonl(&[relative]).unwrap_err().to_string();
    assert!(
        err.contains("citations.jsonl:1: `url_original` \"/a\" is not an absolute URL"),
        "{err}"
    );
}

#[test]
fn every_record_needs_its_schema_version() {
    let good = record("https://example.com/a", "valid", "");
    let missing = good.replace(r#""schema_version":"citation.v1","#, "");
    let err = load_jsonl(&[good.clone(), missing])
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("citations.jsonl:2: missing \"schema_version\""),
        "{err}"
    );
    assert!(
        err.contains("\"citation.v1\" (each line of a *.jsonl file)"),
        "{err}"
    );

    let newer = good.replace("citation.v1", "citation.v2");
    let err = load_jsonl(&[newer]).unwrap_err().to_string();
    assert!(
        err.contains("citations.jsonl:1: unknown schema_version \"citation.v2\""),
        "{err}"
    );

    // A citation.v1 record in a *.json file is pointed to the right place.
    let err = load_one(&good).unwrap_err().to_string();
    assert!(err.contains("go one per line in a *.jsonl file"), "{err}");
}

#[test]
fn jsonl_syntax_and_type_errors_name_line_column_and_path() {
    let good = record("https://example.com/a", "valid", "");
    let err = load_jsonl(&[good.clone(), "{\"schema_version\": ".into()])
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("citations.jsonl:2:"), "{err}");
    assert!(err.contains("malformed JSON"), "{err}");

    let bad_wave = good.replace("\"wave\":1", "\"wave\":\"one\"");
    let err = load_jsonl(&[bad_wave]).unwrap_err().to_string();
    assert!(err.starts_with("citations.jsonl:1:"), "{err}");
    assert!(err.contains("`found_by[0].wave`"), "{err}");

    let bad_status = good.replace("\"status\":\"valid\"", "\"status\":\"gone\"");
    let err = load_jsonl(&[bad_status]).unwrap_err().to_string();
    assert!(
        err.contains("`status`") && err.contains("paywalled"),
        "{err}"
    );

    let no_notes = good.replace(",\"notes\":\"ok\"", "");
    let err = load_jsonl(&[no_notes]).unwrap_err().to_string();
    assert!(err.contains("missing field `notes`"), "{err}");

    let bad_date = good.replace("2026-02-13T12:35:00Z", "2026-02-13");
    let err = load_jsonl(&[bad_date]).unwrap_err().to_string();
    assert!(
        err.contains("`checked_at`") && err.contains("RFC 3339"),
        "{err}"
    );

    let err = load_jsonl(&["[1, 2]".into()]).unwrap_err().to_string();
    assert!(err.contains("must be a JSON object"), "{err}");
}

#[test]
fn a_cid_twice_names_both_lines() {
    let good = record("https://example.com/a", "valid", "");
    let again = record("https://example.com/a#other", "valid", "");
    let err = load_jsonl(&[good, again]).unwrap_err().to_string();
    assert!(err.contains("citations.jsonl (line 1)"), "{err}");
    assert!(err.contains("citations.jsonl (line 2)"), "{err}");
}

#[test]
fn newer_record_fields_are_ignored_and_optional_fields_may_be_absent() {
    let newer = record(
        "https://example.com/a",
        "valid",
        r#","archived_url":"https://archive.example/x","found_by_v2":{"x":[1]}"#,
    );
    let store = load_jsonl(&[newer]).unwrap();
    assert_eq!(store.len(), 1);
    // An old evidence.v1 store without the rich fields (cited_text,
    // source_span, document_title) loads.
    let store = load_one(
        r#"{"schema_version":"evidence.v1","evidence":[
            {"id":"old","url":"https://a.example/x","title":"T"},
            {"id":"rich","cited_text":"the grass is green","source_span":[0,18],
             "document_title":"Grass","content":"the grass is green."}]}"#,
    )
    .unwrap();
    let old = store.item("old").unwrap();
    assert!(old.cited_text.is_none() && old.source_span.is_none() && old.content.is_none());
    let rich = store.item("rich").unwrap();
    assert_eq!(rich.source_span, Some([0, 18]));
    assert_eq!(rich.display_title(), Some("Grass"));
    assert_eq!(rich.cited_passage(), Some("the grass is green"));
}

#[test]
fn an_empty_jsonl_file_is_an_empty_store_and_a_directory_may_hold_only_jsonl() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("ev")).unwrap();
    write(dir.path(), "ev/citations.jsonl", b"\n\n");
    let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
    assert!(store.is_empty());
}
