//! `mdbook-evidence review`: a person's verdict, stored beside `verify`'s,
//! overrides a model's on the same claim and passages, is never asked
//! about again by `verify`, and goes stale when the claim is edited.
//! Through the real binary, against the local chat server.

use crate::common::verify::{BRIEF, ChatServer, book, findings, minicheck, run, stored, verify};

#[test]
fn a_persons_verdict_overrides_the_models_and_verify_leaves_it() {
    let book = book();
    let server = ChatServer::start(minicheck);
    assert_eq!(verify(&book, &server, &[]).code, 0);
    let (code, report) = book.check_json();
    assert_eq!((code, findings(&report, "unsupported-claim").len()), (1, 1));

    // The model said `No` on line 5; a person (non-ASCII, with a bidi
    // mark that must not reach the terminal) says it is supported.
    let name = "Ана\u{202e} Мария";
    let out = run(
        &book,
        &[
            "review",
            ".",
            "--at",
            "src/brief.md:5",
            "--verdict",
            "supported",
            "--reviewer",
            name,
            "--note",
            "rose→fell: checked the\nrelease",
        ],
        &[],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stderr.contains('\u{202e}'), "{:?}", out.stderr);
    assert!(
        out.stderr.contains("`human:Ана Мария` supported"),
        "{}",
        out.stderr
    );
    let verdicts = stored(&book);
    let person = verdicts.last().unwrap();
    assert_eq!(
        person["checker"],
        serde_json::json!({"name": "human:Ана Мария", "version": "1"})
    );
    assert_eq!(person["evidence_id"], "ev_jobs");
    assert_eq!(person["note"], "rose→fell: checked the release");
    assert!(person["checked_at"].as_str().unwrap().ends_with('Z'));
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    assert!(findings(&report, "unsupported-claim").is_empty());
    assert_eq!(
        report["totals"]["quality"]["citation_accuracy"]["judged_by"],
        serde_json::json!([
            {"checker": "bespoke-minicheck/minicheck 1", "citations": 1},
            {"checker": "human:Ана Мария", "citations": 1}
        ])
    );

    // verify never asks again about what a person judged.
    let again = ChatServer::start(minicheck);
    let out = verify(&book, &again, &[]);
    assert_eq!((out.code, again.count()), (0, 0), "{}", out.stderr);

    // `partial` is unsupported with score 0.5; the later verdict of the
    // same person replaces the earlier one.
    let out = run(
        &book,
        &[
            "review",
            ".",
            "--at",
            "src/brief.md:5",
            "--verdict",
            "partial",
            "--reviewer",
            name,
        ],
        &[],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let (code, report) = book.check_json();
    assert_eq!(code, 1);
    let message = findings(&report, "unsupported-claim")[0]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(message.starts_with("`human:Ана Мария`, a person, found that the passage of `ev_jobs` does not support this claim (score 0.5;"), "{message}");

    // An edited claim: the person's verdict goes stale like any other.
    let edited = BRIEF.replace("Payroll employment fell", "Payroll employment dropped");
    std::fs::write(book.root().join("src/brief.md"), edited).unwrap();
    let (_, report) = book.check_json();
    let stale = findings(&report, "stale-support");
    assert_eq!(stale.len(), 1, "{report:#}");
    // Neither the person's partial verdict nor the model's applies now.
    assert!(
        findings(&report, "unsupported-claim").is_empty(),
        "{report:#}"
    );
}

#[test]
fn a_review_of_no_claim_says_where_the_claims_are() {
    let book = book();
    for (at, expected) in [
        (
            "src/brief.md:4",
            "no claim citing a passage starts on line 4 of src/brief.md; claims citing a passage start on lines 3, 5",
        ),
        ("brief.md:3", "brief.md is no chapter of the book at"),
        ("src/brief.md:3:1:2", "is no chapter of the book at"),
        ("src/brief.md", "is not FILE:LINE or FILE:LINE:COL"),
        ("src/brief.md:０", "is not FILE:LINE"),
    ] {
        let out = run(
            &book,
            &[
                "review",
                ".",
                "--at",
                at,
                "--verdict",
                "supported",
                "--reviewer",
                "Ana",
            ],
            &[],
        );
        assert_eq!(out.code, 2, "{at}: {}", out.stderr);
        assert!(out.stderr.contains(expected), "{at}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
    // No reviewer and no git user: told how to name one.
    let out = run(
        &book,
        &[
            "review",
            ".",
            "--at",
            "src/brief.md:3",
            "--verdict",
            "supported",
        ],
        &[
            ("GIT_CONFIG_GLOBAL", "/dev/null"),
            ("GIT_CONFIG_NOSYSTEM", "1"),
            ("HOME", "/nonexistent"),
        ],
    );
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--reviewer NAME"), "{}", out.stderr);
    assert!(stored(&book).is_empty());
}

/// Two claims on one line of a chapter whose path and text are not ASCII,
/// and a chapter citing only an item with no passage.
fn two_claims_on_a_line() -> crate::common::TestBook {
    let store = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "bls", "publisher": "Bureau of Labor Statistics", "tier": 1}],
  "evidence": [
    {"id": "ev_cpi", "source_id": "bls", "url": "https://www.bls.gov/cpi/", "title": "CPI", "published_at": "2026-02-10T00:00:00Z",
     "quote_span": {"text": "The Consumer Price Index for All Urban Consumers increased in January, led by shelter."}},
    {"id": "ev_jobs", "source_id": "bls", "url": "https://www.bls.gov/ces/", "title": "Employment", "published_at": "2026-02-10T00:00:00Z",
     "quote_span": {"text": "Total nonfarm payroll employment rose in January, with gains in health care."}},
    {"id": "ev_page", "source_id": "bls", "url": "https://www.bls.gov/jlt/", "title": "JOLTS", "published_at": "2026-02-10T00:00:00Z"}
  ]
}"#;
    let chapter = "# 日報 — Brief\n\nIntro without a claim.\n\n\u{200f}Consumer prices in Zürich\u{a0}increased in January, led by “shelter” 🏠 [EVID:ev_cpi]. Payroll employment fell\u{3000}in January, with losses in health care [EVID:ev_jobs].\n\nPayroll employment rose in January [EVID:ev_jobs].\n";
    crate::common::TestBook::with_store(
        "store = \"evidence\"",
        store,
        &[
            ("報告/日報.md", chapter),
            (
                "links.md",
                "# Links\n\nJob openings rose in December [EVID:ev_page].\n",
            ),
        ],
    )
}

fn review_at(book: &crate::common::TestBook, at: &str) -> crate::common::verify::Run {
    run(
        book,
        &[
            "review",
            ".",
            "--at",
            at,
            "--verdict",
            "supported",
            "--reviewer",
            "Ana Ruiz",
        ],
        &[],
    )
}

#[test]
fn several_claims_on_a_line_are_told_apart_by_the_column_diagnostics_print() {
    let book = two_claims_on_a_line();
    let server = ChatServer::start(minicheck);
    assert_eq!(verify(&book, &server, &[]).code, 0);
    let (_, report) = book.check_json();
    let unsupported = findings(&report, "unsupported-claim");
    assert_eq!(unsupported.len(), 1, "{report:#}");
    let (file, line, column) = (
        unsupported[0]["file"].as_str().unwrap().to_owned(),
        unsupported[0]["line"].as_u64().unwrap(),
        unsupported[0]["column"].as_u64().unwrap(),
    );
    assert_eq!((file.as_str(), line), ("src/報告/日報.md", 5));
    assert!(column > 1, "{column}");

    // FILE:LINE alone is refused: both claims are listed, once each, with
    // their columns and first words; nothing is stored.
    let before = stored(&book).len();
    let out = review_at(&book, "src/報告/日報.md:5");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!(
            "2 claims citing a passage start on src/報告/日報.md:5; give the one you judged as FILE:LINE:COL: src/報告/日報.md:5:1 \"\\u{{200f}}Consumer prices in Zürich increased in…\", src/報告/日報.md:5:{column} \"Payroll employment fell in January, with…\""
        )),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains('\u{200f}'), "{:?}", out.stderr);
    assert_eq!(stored(&book).len(), before);

    // FILE:LINE:COL as the diagnostic prints it, the path as `check BOOK`
    // prints it from the parent directory: that claim alone.
    let book_name = book
        .root()
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let parent = book.root().parent().unwrap();
    let out = assert_cmd::Command::new(crate::common::binary())
        .current_dir(parent)
        .args([
            "review",
            &book_name,
            "--at",
            &format!("{book_name}/{file}:{line}:{column}"),
            "--verdict",
            "supported",
            "--reviewer",
            "Ana Ruiz",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "src/報告/日報.md:5:{column}: `human:Ana Ruiz` supported by the passage of `ev_jobs`"
        )),
        "{stderr}"
    );
    let (_, report) = book.check_json();
    assert!(
        findings(&report, "unsupported-claim").is_empty(),
        "{report:#}"
    );
    let added = stored(&book);
    assert_eq!(added.len(), before + 1);
    assert!(
        added.last().unwrap()["claim"]
            .as_str()
            .unwrap()
            .starts_with("Payroll employment fell")
    );

    // `./src/…` and a column inside the first claim pick the first claim.
    let out = review_at(&book, "./src/報告/日報.md:5:12");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "src/報告/日報.md:5:1: `human:Ana Ruiz` supported by the passage of `ev_cpi`"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn a_refused_place_says_why() {
    let book = two_claims_on_a_line();
    for (at, expected) in [
        // A line with no claim: the nearest lines with one, each once.
        (
            "src/報告/日報.md:3",
            "no claim citing a passage starts on line 3 of src/報告/日報.md; claims citing a passage start on lines 5, 7",
        ),
        // A chapter whose items hold no passage.
        (
            "src/links.md:3",
            "src/links.md cites no passage: the items it cites hold no text to judge the claims by; run `mdbook-evidence fetch`",
        ),
        // A mistyped path.
        (
            "src/報告/日报.md:5",
            "src/報告/日报.md is no chapter of the book at",
        ),
        ("src/報告/日报.md:5", "did you mean src/報告/日報.md?"),
        // Full-width digits are no line number.
        ("src/報告/日報.md:５", "is not FILE:LINE or FILE:LINE:COL"),
    ] {
        let out = review_at(&book, at);
        assert_eq!(out.code, 2, "{at}: {}", out.stderr);
        assert!(out.stderr.contains(expected), "{at}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
    assert!(stored(&book).is_empty());
}
