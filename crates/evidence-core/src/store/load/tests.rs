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
        Err(StoreError::Missing(..))
    ));
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let empty = load(dir.path(), &[PathBuf::from("empty")]).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.empty_directories(), [PathBuf::from("empty")]);
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
        r#"{"schema_version":"evidence.v1","evidence":[{"id":"a","title":"A"},{"id":"b"},{"id":"a"},{"id":"c d"}]}"#,
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

/// The notes (the message of `invalid-evidence`) of the invalid item `id`.
fn defect_of(store: &Store, id: &str) -> String {
    let item = store.item(id).unwrap_or_else(|| panic!("no item {id}"));
    assert_eq!(item.status, crate::store::Status::Invalid, "{id}");
    item.link_check
        .as_ref()
        .map(|c| c.notes.clone())
        .unwrap_or_default()
}

#[test]
fn a_record_failing_its_checks_is_an_invalid_item_naming_its_line() {
    // The format's invalid example, with its cid computed: its
    // `normalized_url` is `url_original` as written (an empty path stays
    // empty), so it loads, as a failed link check.
    let dead = crate::store::cid("https://dead.example.com");
    let seed_invalid = format!(
        r#"{{"schema_version":"citation.v1","normalized_url":"https://dead.example.com","cid":"{dead}","url":"https://dead.example.com","url_original":"https://dead.example.com","status":"invalid","checked_at":"2026-02-13T12:35:00Z","http_status":404,"title":null,"publisher":null,"found_by":[{{"wave":1,"perspective_id":"p2","agent_type":"PerplexityResearcher","artifact_path":"wave-1/p2.md"}}],"evidence_snippet":null,"notes":"404"}}"#
    );
    let tampered = SEED_VALID.replace(
        r#""normalized_url":"https://example.com/doc""#,
        r#""normalized_url":"https://example.com/doc/""#,
    );
    let wrong_cid = record("https://example.com/b", "valid", "").replace("cid_", "cid_0000");
    let upper = record("https://example.com/c", "valid", "");
    let upper = upper.replacen(&upper[upper.find("cid_").unwrap() + 4..][..6], "ABCDEF", 1);
    let relative = record("https://example.com/d", "valid", "").replace(
        "\"url_original\":\"https://example.com/d\"",
        "\"url_original\":\"/d\"",
    );
    let store = load_jsonl(&[
        tampered,
        String::new(),
        seed_invalid,
        wrong_cid,
        upper,
        relative,
        record("https://example.com/e", "valid", ""),
    ])
    .unwrap();
    assert!(
        store
            .item(&dead)
            .is_some_and(|i| i.link_check.as_ref().unwrap().notes == "404")
    );
    let notes = defect_of(
        &store,
        "cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db",
    );
    assert!(
        notes.starts_with("citations.jsonl:1: the record fails its citation.v1 checks: `normalized_url` is \"https://example.com/doc/\""),
        "{notes}"
    );
    assert!(
        notes.contains("normalizes to \"https://example.com/doc\""),
        "{notes}"
    );
    let b = crate::store::cid("https://example.com/b").replace("cid_", "cid_0000");
    let notes = defect_of(&store, &b);
    assert!(
        notes.starts_with("citations.jsonl:4:") && notes.contains("`cid` is"),
        "{notes}"
    );
    assert!(
        notes.contains(&format!(
            "gives {:?}",
            crate::store::cid("https://example.com/b")
        )),
        "{notes}"
    );
    let records = store.invalid_records();
    assert_eq!(records.len(), 4, "{records:?}");
    assert_eq!(records[2].origin.json_path, "line 5");
    assert!(records[2].reason.contains("`cid`"), "{records:?}");
    assert_eq!(records[3].origin.json_path, "line 6");
    assert!(
        records[3]
            .reason
            .contains("`url_original` \"/d\" is not an absolute URL"),
        "{records:?}"
    );
    let e = crate::store::cid("https://example.com/e");
    assert_eq!(store.item(&e).unwrap().status, crate::store::Status::Active);
}

#[test]
fn records_with_a_missing_or_newer_version_are_invalid_items() {
    let good = record("https://example.com/a", "valid", "");
    let missing = record("https://example.com/b", "valid", "")
        .replace(r#""schema_version":"citation.v1","#, "");
    let newer = record("https://example.com/c", "valid", "").replace("citation.v1", "citation.v2");
    let store = load_jsonl(&[good.clone(), missing, newer]).unwrap();
    let b = defect_of(&store, &crate::store::cid("https://example.com/b"));
    assert!(
        b.starts_with("citations.jsonl:2:") && b.contains("missing \"schema_version\""),
        "{b}"
    );
    let c = defect_of(&store, &crate::store::cid("https://example.com/c"));
    assert!(c.contains("unknown schema_version \"citation.v2\""), "{c}");

    // A citation.v1 record in a *.json file is pointed to the right place.
    let err = load_one(&good).unwrap_err().to_string();
    assert!(err.contains("go one per line in a *.jsonl file"), "{err}");
}

#[test]
fn bad_lines_are_invalid_records_unless_the_file_is_not_json_lines() {
    let good = record("https://example.com/a", "valid", "");
    let store = load_jsonl(&[good.clone(), "{\"schema_version\": ".into()]).unwrap();
    let records = store.invalid_records();
    assert_eq!((records.len(), records[0].id.as_deref()), (1, None));
    assert!(records[0].reason.contains("malformed JSON"), "{records:?}");

    let other = |url: &str, from: &str, to: &str| record(url, "valid", "").replace(from, to);
    let cases = [
        (
            other("https://example.com/w", "\"wave\":1", "\"wave\":\"one\""),
            "`found_by[0].wave`",
        ),
        (
            other("https://example.com/w0", "\"wave\":1", "\"wave\":0"),
            "`found_by[0].wave`: the wave is 0; citation.v1 has waves 1 and 2",
        ),
        (
            other(
                "https://example.com/s",
                "\"status\":\"valid\"",
                "\"status\":\"gone\"",
            ),
            "paywalled",
        ),
        (
            other("https://example.com/n", ",\"notes\":\"ok\"", ""),
            "missing field `notes`",
        ),
        (
            other(
                "https://example.com/d",
                "2026-02-13T12:35:00Z",
                "Feb 13, 2026",
            ),
            "RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\" or a date such as \"2026-02-10\", found \"Feb 13, 2026\"; write \"2026-02-13\"",
        ),
    ];
    let lines: Vec<String> = cases.iter().map(|(line, _)| line.clone()).collect();
    let store = load_jsonl(&lines).unwrap();
    for (i, (_, expected)) in cases.iter().enumerate() {
        let reason = &store.invalid_records()[i].reason;
        assert!(
            reason.contains(expected) && reason.starts_with("column "),
            "{reason}"
        );
    }

    // Not JSON Lines at all: refused, naming the first line.
    let err = load_jsonl(&["[1, 2]".into()]).unwrap_err().to_string();
    assert!(err.contains("must be a JSON object"), "{err}");
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&good).unwrap())
            .unwrap();
    let err = load_jsonl(&[pretty]).unwrap_err().to_string();
    assert!(err.starts_with("citations.jsonl:1:"), "{err}");
}

#[test]
fn records_of_one_url_merge_when_they_agree_and_name_both_lines_when_not() {
    let good = record("https://example.com/a", "valid", r#","title":"A""#);
    let again = record(
        "https://example.com/a#other",
        "valid",
        r#","publisher":"P""#,
    )
    .replace("2026-02-13T12:35:00Z", "2026-02-14T08:00:00Z");
    let id = crate::store::cid("https://example.com/a");
    let store = load_jsonl(&[good.clone(), again]).unwrap();
    assert_eq!(store.len(), 1);
    let item = store.item(&id).unwrap();
    assert_eq!(item.status, crate::store::Status::Active);
    assert_eq!(
        (item.title.as_deref(), item.publisher.as_deref()),
        (Some("A"), Some("P"))
    );
    assert_eq!(item.fetched_at.unwrap().to_string(), "2026-02-14T08:00:00Z");
    assert!(store.invalid_records().is_empty());

    let dead = record("https://example.com/a?utm_source=x", "invalid", "");
    let store = load_jsonl(&[good, dead]).unwrap();
    let notes = defect_of(&store, &id);
    assert!(
        notes.contains("citations.jsonl (line 1) and citations.jsonl (line 2) are records of one URL that disagree on `status` (\"valid\" and \"invalid\")"),
        "{notes}"
    );
    assert_eq!(store.invalid_records()[0].origin.json_path, "line 2");
}

#[test]
fn alike_items_and_sources_merge_and_an_item_takes_its_records_link_check() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("ev")).unwrap();
    let page = crate::store::cid("https://example.com/a");
    let fragment = format!(
        r#"{{"schema_version":"evidence.v1",
            "sources":[{{"source_id":"web:example.com","publisher":"example.com","tier":3}}],
            "evidence":[{{"id":"{page}","source_id":"web:example.com","url":"https://example.com/a","title":"A"}},
                        {{"id":"{page}.0123456789ab","source_id":"web:example.com","url":"https://example.com/a","title":"A","cited_text":"It rose."}}]}}"#
    );
    write(dir.path(), "ev/a.json", fragment.as_bytes());
    write(dir.path(), "ev/b.json", fragment.as_bytes());
    let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
    assert_eq!(store.len(), 2);
    assert!(store.item(&page).unwrap().link_check.is_none());

    write(
        dir.path(),
        "ev/c.jsonl",
        record(
            "https://example.com/a",
            "invalid",
            r#","publisher":"Example Inc.""#,
        )
        .as_bytes(),
    );
    let store = load(dir.path(), &[PathBuf::from("ev")]).unwrap();
    assert_eq!(store.len(), 2);
    for id in [page.clone(), format!("{page}.0123456789ab")] {
        let item = store.item(&id).unwrap();
        assert_eq!(item.status, crate::store::Status::Invalid, "{id}");
        assert_eq!(item.publisher.as_deref(), Some("Example Inc."));
        assert_eq!(item.title.as_deref(), Some("A"), "the item's own title");
        assert_eq!(item.source_id.as_deref(), Some("web:example.com"));
    }
    assert_eq!(
        store
            .item(&format!("{page}.0123456789ab"))
            .unwrap()
            .cited_text
            .as_deref(),
        Some("It rose.")
    );
    assert!(store.is_registered("web:example.com"));
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

#[test]
fn a_publication_time_keeps_the_day_and_offset_it_was_written_in() {
    use crate::store::Published;
    for (text, day, shown) in [
        (
            "2026-02-10T23:30:00-05:00",
            "2026-02-10",
            "2026-02-10T23:30:00-05:00",
        ),
        (
            "2026-02-11T01:00:00+09:00",
            "2026-02-11",
            "2026-02-11T01:00:00+09:00",
        ),
        ("2026-02-10T19:00:00Z", "2026-02-10", "2026-02-10T19:00:00Z"),
        (
            "2026-02-10T00:15:00.5+05:45",
            "2026-02-10",
            "2026-02-10T00:15:00.5+05:45",
        ),
    ] {
        let published = Published::parse(text).unwrap();
        assert_eq!(published.day().to_string(), day, "{text}");
        assert_eq!(published.to_string(), shown, "{text}");
        assert_eq!(Published::parse(&published.to_string()), Ok(published));
    }
    assert!(Published::parse("2026-02-10 19:00:00Z").is_err());
}
