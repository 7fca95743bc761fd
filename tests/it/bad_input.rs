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

use crate::common::{Run, TestBook, run_twice, twice};

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

/// Runs the binary on the JSON mdBook sends for a one-chapter book, after
/// `edit`.
fn with_stdin_edit(edit: impl FnOnce(&mut serde_json::Value)) -> Run {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let mut value: serde_json::Value = serde_json::from_str(&book.stdin("html")).unwrap();
    edit(&mut value);
    crate::common::run_stdin(book.root(), &value.to_string())
}

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

#[test]
fn a_book_past_the_size_limit_is_refused() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let stdin = book.stdin("html");
    let run = crate::common::run_stdin_with(
        book.root(),
        &stdin,
        &[("MDBOOK_EVIDENCE_MAX_BOOK_BYTES", "100")],
    );
    assert_refused(
        &run,
        &[
            "the book on stdin is larger than 100 bytes (the limit); raise it with MDBOOK_EVIDENCE_MAX_BOOK_BYTES=<bytes>",
        ],
    );
    let limit = stdin.len().to_string();
    let run = crate::common::run_stdin_with(
        book.root(),
        &stdin,
        &[("MDBOOK_EVIDENCE_MAX_BOOK_BYTES", limit.as_str())],
    );
    assert_eq!(run.code, 0, "exactly at the limit: {}", run.stderr);
}

// Stdin.

#[test]
fn stdin_that_is_not_utf8_is_refused() {
    let book = TestBook::new("", &[("report.md", "# R\n")]);
    let output = assert_cmd::Command::new(crate::common::binary())
        .current_dir(book.root())
        .write_stdin(&b"[{\"mdbook_version\": \"0.5.4\xff\"}, {}]"[..])
        .output()
        .unwrap();
    let run = Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    assert_refused(
        &run,
        &["cannot read the book from stdin (it must be UTF-8 JSON from mdBook)"],
    );
}

#[test]
fn stdin_with_a_book_of_the_wrong_shape_is_refused() {
    let run = with_stdin_edit(|value| value[1]["items"] = serde_json::json!({"Chapter": 1}));
    assert_refused(
        &run,
        &["cannot read the book that mdBook sent on stdin: invalid type: map, expected a sequence"],
    );
}

#[test]
fn stdin_from_a_version_that_is_not_semver_is_refused() {
    let run = with_stdin_edit(|value| value[0]["mdbook_version"] = "latest".into());
    assert_refused(
        &run,
        &["the calling mdBook's version \"latest\" is not semver"],
    );
}

// Config.

#[test]
fn config_values_of_the_wrong_type_or_range_name_the_key() {
    for (config, expected) in [
        (
            "claim-min-words = -1",
            "`preprocessor.evidence.claim-min-words`",
        ),
        (
            "claim-min-words = \"3\"",
            "`preprocessor.evidence.claim-min-words`",
        ),
        (
            "references-title = 5",
            "`preprocessor.evidence.references-title`",
        ),
        (
            "as-of = \"yesterday\"",
            "`preprocessor.evidence.as-of`: expected an RFC 3339 timestamp such as \"2026-02-10T14:00:00Z\" or a date such as \"2026-02-10\", found \"yesterday\"; write a date as YYYY-MM-DD",
        ),
        ("exclude = [\"a/[b\"]", "`preprocessor.evidence.exclude[0]`"),
        ("mode = [\"warn\"]", "`preprocessor.evidence.mode`"),
        ("store = []", "has no `store`"),
        (
            "Mode = \"warn\"",
            "unknown key `Mode` in [preprocessor.evidence] of book.toml (did you mean `mode`?)",
        ),
        ("stores = \"x\"", "unknown key `stores`"),
    ] {
        let book = TestBook::new(config, &[("report.md", "# R\n")]);
        let run = book.run("html");
        assert_eq!(run.code, 2, "{config}: {}", run.stderr);
        assert_refused(&run, &[expected]);
    }
}

#[test]
fn a_toml_date_for_as_of_is_a_date() {
    let book = TestBook::new("as-of = 2026-02-11", &[("report.md", "# R\n")]);
    assert_eq!(book.run("html").code, 0);
}

#[test]
fn a_wrong_type_in_the_config_mdbook_sends_names_the_key() {
    // As an environment override would put it (`MDBOOK_PREPROCESSOR__…`).
    let run = with_stdin_edit(|value| {
        value[0]["config"]["preprocessor"]["evidence"]["claim-min-words"] = "many".into();
    });
    assert_refused(&run, &["`preprocessor.evidence.claim-min-words`"]);
}

// Odd chapters: each comes out exactly right.

/// The part of a rendered chapter before its generated References section,
/// checking that the section is there, with `count` entries, in the
/// chapter's line endings.
#[track_caller]
fn body(out: &str, newline: &str, count: usize) -> String {
    let at = out
        .find(&format!("## References{newline}{newline}"))
        .unwrap_or_else(|| panic!("no References in {out:?}"));
    let section = &out[at..];
    assert_eq!(
        section.matches("<p class=\"evidence-ref\"").count(),
        count,
        "{section}"
    );
    if newline == "\r\n" {
        assert_eq!(
            section.matches('\n').count(),
            section.matches("\r\n").count(),
            "a bare LF in {section:?}"
        );
    }
    out[..at].to_owned()
}

/// Runs the binary twice on `chapter` (HTML, `fail` mode) and checks that
/// it publishes, with `expected` before a References section of
/// `references` entries in `newline`s. Returns the output.
#[track_caller]
fn assert_output(chapter: &str, newline: &str, references: usize, expected: &str) -> String {
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    assert_eq!(body(&out, newline, references), expected);
    out
}

/// A rendered HTML citation of the `occurrence`-th citing spot of `id`.
fn cite(id: &str, occurrence: u32, number: u32) -> String {
    format!(
        "<a class=\"evidence-cite\" id=\"cite-{id}-{occurrence}\" href=\"#evidence-{id}\" data-evidence=\"{id}\">[{}]</a>",
        digits(number)
    )
}

fn digits(number: u32) -> String {
    number
        .to_string()
        .bytes()
        .map(|d| format!("&#{d};"))
        .collect()
}

#[test]
fn crlf_chapters_keep_crlf_everywhere() {
    let chapter = "# T\r\n\r\nRates were held steady [EVID:ev_fomc].\r\n\r\n- Item one cites it [EVID:ev_reuters].\r\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    assert_eq!(
        body(&out, "\r\n", 2),
        format!(
            "# T\r\n\r\nRates were held steady {}.\r\n\r\n- Item one cites it {}.\r\n\r\n",
            cite("ev_fomc", 1, 1),
            cite("ev_reuters", 1, 2)
        )
    );

    let run = twice(
        "mode = \"downgrade\"",
        crate::common::STORE,
        "html",
        "# T\r\n\r\nRates were held steady.\r\n",
    );
    assert_eq!(
        run.chapter("c.md"),
        "# T\r\n\r\n> [!WARNING]\r\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\r\n\r\n<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> Rates were held steady.\r\n"
    );
}

#[test]
fn a_bom_from_disk_is_dropped_by_mdbook_and_the_chapter_checked() {
    let run = twice(
        "mode = \"downgrade\"",
        crate::common::STORE,
        "html",
        "\u{feff}# T\n\nRates were held steady.\n",
    );
    assert_eq!(
        run.chapter("c.md"),
        "# T\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\n<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> Rates were held steady.\n"
    );
}

#[test]
fn a_bom_on_stdin_is_kept_where_it_is() {
    // mdBook strips a BOM from the files it loads; another preprocessor
    // could still hand one over. pulldown-cmark (and so mdBook's renderer)
    // reads `\u{feff}# T` as a paragraph, not a heading, so the banner goes
    // on top; the BOM's bytes are kept.
    let book = TestBook::new("mode = \"downgrade\"", &[("c.md", "x")]);
    let mut value: serde_json::Value = serde_json::from_str(&book.stdin("html")).unwrap();
    value[1]["items"][0]["Chapter"]["content"] =
        "\u{feff}# T\n\nRates were held steady [EVID:ev_fomc].\n\nNo evidence for this one.\n"
            .into();
    let run = run_twice(book.root(), &value.to_string());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        body(&run.chapter("c.md"), "\n", 1),
        format!(
            "> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\n\u{feff}# T\n\nRates were held steady {}.\n\n<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> No evidence for this one.\n\n",
            cite("ev_fomc", 1, 1)
        )
    );
}

#[test]
fn tabs_are_kept_and_do_not_hide_markers() {
    let chapter = "# T\n\n-\tRates were held\tsteady [EVID:ev_fomc].\n\n\tA second paragraph of the item [EVID:ev_reuters].\n\n>\tQuoted claim is here [EVID:ev_reuters].\n\n\tcode [EVID:ev_fomc]\n";
    assert_output(
        chapter,
        "\n",
        2,
        &format!(
            "# T\n\n-\tRates were held\tsteady {}.\n\n\tA second paragraph of the item {}.\n\n>\tQuoted claim is here {}.\n\n\tcode [EVID:ev_fomc]\n\n",
            cite("ev_fomc", 1, 1),
            cite("ev_reuters", 1, 2),
            cite("ev_reuters", 2, 2)
        ),
    );
}

#[test]
fn lines_of_100_000_characters() {
    let words = "word ".repeat(20_000);
    let chapter = format!("# T\n\n{words}[EVID:ev_fomc].\n\n{}\n", "[".repeat(100_000));
    assert_output(
        &chapter,
        "\n",
        1,
        &format!(
            "# T\n\n{words}{}.\n\n{}\n\n",
            cite("ev_fomc", 1, 1),
            "[".repeat(100_000)
        ),
    );
    // Lines of markup characters that make parsers backtrack: left as they
    // are (nothing cites, nothing is a claim of fewer than 3 words).
    for unit in [
        "[", "]", "*", "_", "`", "<", "![", "\\", "|", "&", "{{#", "[x](", "[EVID:", "> ", "1. ",
    ] {
        let chapter = unit.repeat(100_000 / unit.len());
        let run = twice("", crate::common::STORE, "html", &chapter);
        assert_eq!(run.code, 0, "{unit}: {}", run.stderr);
        assert!(run.chapter("c.md") == chapter, "{unit}: changed");
    }
}

#[test]
fn deep_nesting_of_lists_in_quotes_in_lists() {
    let chapter = "# T\n\n- Outer claim cites it [EVID:ev_fomc].\n  > - Quoted inner claim [EVID:ev_reuters].\n  >   > - Deepest claim cites [EVID:ev_fomc].\n  >   >   - Without evidence, this nested claim fails.\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("src/c.md:6:13"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("error[").count(), 1, "{}", run.stderr);

    let chapter = chapter.replace("Without evidence, this", "This [EVID:ev_zh]");
    assert_output(
        &chapter,
        "\n",
        3,
        &format!(
            "# T\n\n- Outer claim cites it {}.\n  > - Quoted inner claim {}.\n  >   > - Deepest claim cites {}.\n  >   >   - This {} nested claim fails.\n\n",
            cite("ev_fomc", 1, 1),
            cite("ev_reuters", 1, 2),
            cite("ev_fomc", 2, 1),
            cite("ev_zh", 1, 3)
        ),
    );

    // Thousands of levels: no stack overflow, the marker is found.
    for prefix in ["> ", "- > ", "* "] {
        let chapter = format!("{}Claim words here [EVID:ev_fomc].\n", prefix.repeat(5_000));
        let run = twice("", crate::common::STORE, "html", &chapter);
        assert_eq!(run.code, 0, "{prefix}: {}", run.stderr);
        assert!(
            run.chapter("c.md").contains(&cite("ev_fomc", 1, 1)),
            "{prefix}"
        );
    }
}

#[test]
fn markers_in_headings_tables_footnotes_and_alt_text() {
    let chapter = "# Heading cites [EVID:ev_fomc]\n\n| a | b |\n|---|---|\n| Cell cites [EVID:ev_reuters] | ![alt [EVID:ev_ft]](x.png) |\n\nClaim with a note[^n] here [EVID:ev_fomc].\n\n[^n]: Footnote cites [EVID:ev_zh].\n";
    let out = assert_output(
        chapter,
        "\n",
        3,
        &format!(
            "# Heading cites <span class=\"evidence-cite\" id=\"cite-ev_fomc-1\" data-evidence=\"ev_fomc\">[&#49;]</span> {{#heading-cites}}\n\n| a | b |\n|---|---|\n| Cell cites {} | ![alt [EVID:ev_ft]](x.png) |\n\nClaim with a note[^n] here {}.\n\n[^n]: Footnote cites {}.\n\n",
            cite("ev_reuters", 1, 2),
            cite("ev_fomc", 2, 1),
            cite("ev_zh", 1, 3)
        ),
    );
    // Every back-link of the References has its citing spot.
    for backref in out.split(" <a href=\"#cite-").skip(1) {
        let anchor = &backref[..backref.find('"').unwrap()];
        assert!(
            out.contains(&format!(" id=\"cite-{anchor}\"")),
            "no {anchor}"
        );
    }
}

#[test]
fn empty_and_blank_chapters_come_out_as_they_went_in() {
    for chapter in ["", "\n", "\n\n  \n", "\r\n", "<!-- -->\n"] {
        for mode in ["fail", "downgrade", "warn"] {
            let run = twice(
                &format!("mode = \"{mode}\""),
                crate::common::STORE,
                "html",
                chapter,
            );
            assert_eq!(run.code, 0, "{chapter:?}: {}", run.stderr);
            assert_eq!(run.chapter("c.md"), chapter);
        }
    }
}

#[test]
fn a_tier_that_is_not_a_whole_number_from_1_to_4_says_what_it_found() {
    for (tier, found) in [
        ("\"2\"", "found the string \"2\" (write it without quotes)"),
        ("\"\u{ff12}\"", "found the string \"\u{ff12}\""),
        (
            "\"\u{200f}2\u{3000}\"",
            "found the string \"\\u{200f}2\\u{3000}\"",
        ),
        ("\"two 🙂\"", "found the string \"two 🙂\""),
        ("2.5", "found 2.5"),
        ("-1", "found -1"),
        ("7", "found 7"),
        ("null", "found null"),
        ("[2]", "found a list"),
    ] {
        let store = format!(
            "{{\"schema_version\": \"evidence.v1\",\n \"sources\": [{{\"source_id\": \"s\", \"publisher\": \"P\", \"tier\": {tier}}}]}}"
        );
        let run = with_store_bytes(store.as_bytes());
        assert_refused(
            &run,
            &[
                "`sources[0].tier`",
                "tier must be a whole number from 1 to 4",
                found,
            ],
        );
        assert!(!run.stderr.contains("invalid type"), "{}", run.stderr);
    }
}
