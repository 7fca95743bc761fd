//! Spending where it matters: `verify --dry-run` estimates requests,
//! tokens and cost and sends nothing; `--only flagged` and
//! `--max-requests` send the riskiest claims first (a lexical rule
//! flagged them, then no checker has judged them); the summary counts the
//! unsupported verdicts already stored.

use crate::common::TestBook;
use crate::common::verify::{ChatServer, Reply, STORE, book, minicheck, run, stored, verify};

/// Three claims: one the number rules flag (a figure its passage does not
/// give, in full-width digits beside CJK text), and two they pass.
const CHAPTER: &str = "# Brief\n\n\
Consumer prices increased in January, led by shelter [EVID:ev_cpi].\n\n\
Payroll employment rose in January, with gains in health care [EVID:ev_jobs].\n\n\
Payroll employment rose by 917,000 jobs in January \u{3000}（東京）[EVID:ev_jobs].\n";

fn flagged_book() -> TestBook {
    TestBook::with_store("store = \"evidence\"", STORE, &[("brief.md", CHAPTER)])
}

#[test]
fn the_book_s_third_claim_is_flagged_by_a_lexical_rule() {
    let (_, report) = flagged_book().check_json();
    let lexical: Vec<_> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "number-not-in-evidence")
        .collect();
    assert_eq!(lexical.len(), 1, "{report}");
    assert_eq!(lexical[0]["line"], 7, "{report}");
}

#[test]
fn a_dry_run_estimates_requests_tokens_and_cost_and_sends_nothing() {
    let book = book();
    let server = ChatServer::start(minicheck);
    let run = verify(
        &book,
        &server,
        &[
            "--prompt",
            "judge-json",
            "--dry-run",
            "--price-per-mtok",
            "3,15",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 0, "a dry run sends nothing");
    assert!(stored(&book).is_empty());
    let out = &run.stdout;
    assert!(out.contains("2 would be sent to"), "{out}");
    assert!(out.contains("in 2 requests at most"), "{out}");
    assert!(out.contains("at most 600 out"), "{out}");
    assert!(out.contains("at $3/$15 per million tokens"), "{out}");
    // The estimate: a quarter of the characters sent, plus four a message.
    let tokens: u64 = out
        .split("about ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect(out);
    assert!((400..1200).contains(&tokens), "{out}");
    let bad = verify(&book, &server, &["--dry-run", "--price-per-mtok", "３,15"]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("e.g. 0.15,0.60"), "{}", bad.stderr);
}

#[test]
fn the_summary_counts_unsupported_verdicts_from_the_cache() {
    let book = book();
    let server = ChatServer::start(minicheck);
    assert_eq!(verify(&book, &server, &[]).code, 0);
    let again = verify(&book, &server, &["--price-per-mtok", "0.15,0.60"]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(
        again
            .stderr
            .contains("0 checked, 2 from cache, 0 unsupported, 1 unsupported (cached)"),
        "{}",
        again.stderr
    );
    let priced = verify(
        &TestBook::with_store(
            "store = \"evidence\"",
            STORE,
            &[("brief.md", crate::common::verify::BRIEF)],
        ),
        &server,
        &["--price-per-mtok", "1000000,1000000"],
    );
    // 204 tokens reported, at a dollar a token.
    assert!(
        priced
            .stderr
            .contains("204 tokens (200 prompt, 4 completion), $204.00"),
        "{}",
        priced.stderr
    );
}

#[test]
fn max_requests_sends_the_flagged_claim_first_and_leaves_the_rest() {
    let book = flagged_book();
    let server = ChatServer::start(minicheck);
    let run = verify(&book, &server, &["--max-requests", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert!(
        requests[0].claim.contains("917,000"),
        "{}",
        requests[0].claim
    );
    assert!(
        run.stderr.contains("2 left for a later run"),
        "{}",
        run.stderr
    );
    // The next run sends the rest, and nothing twice.
    let rest = verify(&book, &server, &[]);
    assert_eq!(rest.code, 0, "{}", rest.stderr);
    assert_eq!(server.count(), 3);
    assert!(
        rest.stderr.contains("2 checked, 1 from cache"),
        "{}",
        rest.stderr
    );
}

#[test]
fn only_flagged_sends_a_second_checker_only_what_the_rules_flagged() {
    let book = flagged_book();
    let local = ChatServer::start(minicheck);
    // First, a checker that sees all: on a fresh book every claim is
    // unjudged, so `--only flagged` sends them all.
    let first = verify(&book, &local, &["--only", "flagged"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(local.count(), 3);
    // Then a second (a hosted judge): only the flagged claim is sent.
    let judge = ChatServer::start(|_, _| {
        Reply::answer(r#"{"verdict":"partial","quote":"rose in January","reason":"No figure."}"#)
    });
    let second = verify(
        &book,
        &judge,
        &["--prompt", "judge-json", "--only", "flagged"],
    );
    assert_eq!(second.code, 0, "{}", second.stderr);
    let sent = judge.requests();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].claim.contains("917,000"));
    assert!(
        second
            .stderr
            .contains("1 checked, 0 from cache, 1 unsupported, 2 left for a later run"),
        "{}",
        second.stderr
    );
    let judged: Vec<_> = stored(&book)
        .into_iter()
        .filter(|v| v["checker"]["name"] == "bespoke-minicheck/judge-json")
        .collect();
    assert_eq!(judged.len(), 1);
    assert_eq!(judged[0]["score"], 0.5);
}

#[test]
fn the_price_can_live_in_book_toml_and_the_flag_overrides_it() {
    let priced = |table: &str| {
        TestBook::with_store(
            &format!("store = \"evidence\"\n\n[preprocessor.evidence.verify]\n{table}"),
            STORE,
            &[("brief.md", crate::common::verify::BRIEF)],
        )
    };
    let server = ChatServer::start(minicheck);
    let book = priced("price-per-mtok = [3, 15]");
    // The book builds with the table (the preprocessor knows the key).
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    let run = verify(&book, &server, &["--dry-run"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("at $3/$15 per million tokens"),
        "{}",
        run.stdout
    );
    let run = verify(
        &book,
        &server,
        &["--dry-run", "--price-per-mtok", "0.15,0.60"],
    );
    assert!(
        run.stdout.contains("at $0.15/$0.6 per million tokens"),
        "{}",
        run.stdout
    );
    // The summary of a real run prices the reported tokens with it.
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("(200 prompt, 4 completion), $0.0007"),
        "{}",
        run.stderr
    );
    assert_eq!(server.count(), 2);

    // Wrong values are refused, naming the key, before anything is sent.
    for (table, expected) in [
        (
            "price-per-mtok = [-1, 15]",
            "`preprocessor.evidence.verify.price-per-mtok`",
        ),
        ("price-per-mtok = \"0.15,0.60\"", "price-per-mtok"),
        ("price-per-mtok = [0.15]", "price-per-mtok"),
        ("price_per_mtok = [1, 2]", "price_per_mtok"),
    ] {
        let run = verify(&priced(table), &server, &["--dry-run"]);
        assert_eq!(run.code, 2, "{table}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{table}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
    assert_eq!(server.count(), 2);
}

#[test]
fn a_persons_verdicts_are_counted_as_theirs_and_never_sent() {
    let book = book();
    for (line, verdict) in [("3", "supported"), ("5", "unsupported")] {
        let out = run(
            &book,
            &[
                "review",
                ".",
                "--at",
                &format!("src/brief.md:{line}"),
                "--verdict",
                verdict,
                "--reviewer",
                "Ана Мария",
            ],
            &[],
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    let server = ChatServer::start(minicheck);
    let dry = verify(&book, &server, &["--dry-run"]);
    assert_eq!(dry.code, 0, "{}", dry.stderr);
    assert!(
        dry.stdout.starts_with(
            "2 claims citing a passage; 2 judged by a person (Ана Мария; 1 unsupported), 0 by `bespoke-minicheck/minicheck 1` (0 unsupported); 0 would be sent"
        ),
        "{}",
        dry.stdout
    );
    let real = verify(&book, &server, &[]);
    assert_eq!((real.code, server.count()), (0, 0), "{}", real.stderr);
    assert!(
        real.stderr.contains(
            "0 checked, 2 from cache (2 judged by a person), 0 unsupported, 1 unsupported (cached)"
        ),
        "{}",
        real.stderr
    );
    assert_eq!(stored(&book).len(), 2);
}
