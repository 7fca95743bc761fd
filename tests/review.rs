//! `mdbook-evidence review`: a person's verdict, stored beside `verify`'s,
//! overrides a model's on the same claim and passages, is never asked
//! about again by `verify`, and goes stale when the claim is edited.
//! Through the real binary, against the local chat server.

mod common;
mod verify_common;

use verify_common::{BRIEF, ChatServer, book, findings, minicheck, run, stored, verify};

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
            {"checker": "human:Ана Мария 1", "citations": 1}
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
    assert!(message.starts_with("`human:Ана Мария 1` found that the passage of `ev_jobs` does not support this claim (score 0.5;"), "{message}");

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
            "no claim citing a passage starts at src/brief.md:4; in src/brief.md claims citing a passage start on lines 3, 5",
        ),
        (
            "brief.md:3",
            "brief.md has none (give the path from the book's root",
        ),
        ("src/brief.md", "is not FILE:LINE"),
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
