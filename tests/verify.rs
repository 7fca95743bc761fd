//! `mdbook-evidence verify` end to end: a real book, the real binary, and
//! a real chat-completions server on a local port (`verify_common`) whose
//! answers are scripted per claim. The verdicts it stores are enforced by
//! real `check` runs and mdBook builds.

mod common;
mod verify_common;

use assert_cmd::Command;
use common::{TestBook, binary};
use verify_common::{ChatServer, Reply, Request};

/// Two items with passages: one the claim states, one it contradicts.
pub const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "bls", "publisher": "Bureau of Labor Statistics", "tier": 1}],
  "evidence": [
    {"id": "ev_cpi", "source_id": "bls", "url": "https://www.bls.gov/cpi/", "title": "CPI",
     "published_at": "2026-02-10T00:00:00Z",
     "quote_span": {"text": "The Consumer Price Index for All Urban Consumers increased in January, led by shelter."}},
    {"id": "ev_jobs", "source_id": "bls", "url": "https://www.bls.gov/ces/", "title": "Employment",
     "published_at": "2026-02-10T00:00:00Z",
     "quote_span": {"text": "Total nonfarm payroll employment rose in January, with gains in health care."}}
  ]
}"#;

const BRIEF: &str = "# Brief\n\nConsumer prices increased in January, led by shelter [EVID:ev_cpi].\n\nPayroll employment fell in January, with losses in health care [EVID:ev_jobs].\n";

/// A book whose store is the `evidence` directory, with [`BRIEF`].
fn book() -> TestBook {
    TestBook::with_store("store = \"evidence\"", STORE, &[("brief.md", BRIEF)])
}

/// MiniCheck's way: `No` for a claim saying "fell", `Yes` otherwise.
fn minicheck(request: &Request, _: usize) -> Reply {
    Reply::answer(if request.claim.contains("fell") {
        "No"
    } else {
        "Yes"
    })
}

/// The outcome of one `verify` run.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `verify` on `book` against `base`, with `args` after the model, no
/// API key unless `env` sets one, no proxy and no CI environment.
fn verify_at(book: &TestBook, base: &str, args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = Command::new(binary())
        .current_dir(book.root())
        .args([
            "verify",
            ".",
            "--api-base",
            base,
            "--model",
            "bespoke-minicheck",
        ])
        .args(args)
        .env_remove("OPENAI_API_KEY")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("SOURCE_DATE_EPOCH")
        .env_remove("HTTP_PROXY")
        .env_remove("http_proxy")
        .env_remove("ALL_PROXY")
        .env_remove("all_proxy")
        .envs(env.iter().copied())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

fn verify(book: &TestBook, server: &ChatServer, args: &[&str]) -> Run {
    verify_at(book, &server.base, args, &[])
}

/// The verdicts `verify` stored, one JSON value a line.
fn stored(book: &TestBook) -> Vec<serde_json::Value> {
    let text =
        std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap_or_default();
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The diagnostics of `rule` in a JSON check report.
fn findings(report: &serde_json::Value, rule: &str) -> Vec<serde_json::Value> {
    report["violations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["rule"] == rule)
        .cloned()
        .collect()
}

#[test]
fn verdicts_are_stored_and_enforced_by_the_build() {
    let book = book();
    let server = ChatServer::start(minicheck);
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 2);
    assert!(
        run.stderr
            .contains("2 checked, 0 from cache, 1 unsupported"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("204 tokens (200 prompt, 4 completion)"),
        "{}",
        run.stderr
    );
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 2);
    for v in &verdicts {
        assert_eq!(v["schema_version"], "support.v1");
        assert_eq!(v["checker"]["name"], "bespoke-minicheck/minicheck");
        assert_eq!(v["chapter"], "brief.md");
    }
    let jobs = verdicts
        .iter()
        .find(|v| v["evidence_id"] == "ev_jobs")
        .unwrap();
    assert_eq!(jobs["verdict"], "unsupported");
    // The request was MiniCheck's format, sent as a chat completion.
    let request = &server.requests()[0];
    assert_eq!(request.path, "/v1/chat/completions");
    assert_eq!(request.body["model"], "bespoke-minicheck");
    let content = request.body["messages"][0]["content"].as_str().unwrap();
    assert!(content.starts_with("Document: "), "{content}");

    let (code, report) = book.check_json();
    assert_eq!(code, 1, "{report}");
    let unsupported = findings(&report, "unsupported-claim");
    assert_eq!(unsupported.len(), 1, "{report}");
    let message = unsupported[0]["message"].as_str().unwrap();
    assert!(
        message.contains("`bespoke-minicheck/minicheck 1`"),
        "{message}"
    );
    assert!(message.contains("ev_jobs"), "{message}");
    assert_eq!(report["totals"]["support"]["verdicts"], 2, "{report}");
    assert_eq!(
        report["totals"]["support"]["checkers"],
        serde_json::json!({"bespoke-minicheck/minicheck 1": 2}),
        "{report}"
    );
    assert!(
        book.build().is_err(),
        "an unsupported verdict fails mdbook build"
    );
}

#[test]
fn a_second_run_sends_nothing_and_an_edited_claim_is_sent_again() {
    let book = book();
    let server = ChatServer::start(minicheck);
    assert_eq!(verify(&book, &server, &[]).code, 0);
    assert_eq!(server.count(), 2);

    let again = verify(&book, &server, &[]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(server.count(), 2, "a second run sends no request");
    assert!(
        again.stderr.contains("0 checked, 2 from cache"),
        "{}",
        again.stderr
    );

    // Another prompt is another checker: asked again.
    let dry = verify(&book, &server, &["--prompt", "judge", "--dry-run"]);
    assert!(dry.stdout.contains("2 would be sent"), "{}", dry.stdout);

    let edited = BRIEF.replace("fell in January", "fell sharply in January");
    std::fs::write(book.root().join("src/brief.md"), edited).unwrap();
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 3, "exactly the edited claim is sent");
    assert!(server.requests()[2].claim.contains("fell sharply"));
    assert!(
        run.stderr.contains("1 checked, 1 from cache"),
        "{}",
        run.stderr
    );
    // The old verdict is kept (the build says it is stale only when no
    // current one stands beside it).
    assert_eq!(stored(&book).len(), 3);
    let (_, report) = book.check_json();
    assert_eq!(findings(&report, "unsupported-claim").len(), 1, "{report}");
    assert_eq!(report["totals"]["support"]["stale"], 0, "{report}");

    // A second checker: each citation counted once for each.
    let judge = ChatServer::start(|_, _| Reply::answer("SUPPORTED\nIt says so."));
    assert_eq!(verify(&book, &judge, &["--prompt", "judge"]).code, 0);
    let (_, report) = book.check_json();
    assert_eq!(
        report["totals"]["support"]["checkers"],
        serde_json::json!({"bespoke-minicheck/judge 1": 2, "bespoke-minicheck/minicheck 1": 2}),
        "{report}"
    );
    assert_eq!(report["totals"]["support"]["verdicts"], 2, "{report}");
}

#[test]
fn a_dry_run_counts_and_sends_nothing() {
    let book = book();
    let server = ChatServer::start(minicheck);
    let run = verify(&book, &server, &["--dry-run"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("2 citation(s) of a passage; 0 have a verdict"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("2 would be sent to http://127.0.0.1:"),
        "{}",
        run.stdout
    );
    assert_eq!(server.count(), 0);
    assert!(stored(&book).is_empty());
}

#[test]
fn a_429_is_retried() {
    let book = book();
    let server = ChatServer::start(|request, earlier| {
        if earlier == 0 && request.claim.contains("fell") {
            Reply::error(429, "rate limited")
        } else {
            minicheck(request, earlier)
        }
    });
    let run = verify(&book, &server, &["--jobs", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 3);
    assert_eq!(stored(&book).len(), 2);
}

#[test]
fn a_server_failing_every_retry_is_a_clear_error() {
    let book = book();
    let server = ChatServer::start(|_, _| Reply::error(500, "the model crashed"));
    let run = verify(&book, &server, &["--retries", "2", "--jobs", "1"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(server.count(), 3, "one request and two retries, then stop");
    let error = run.stderr.lines().last().unwrap();
    assert!(
        error.starts_with("error: mdbook-evidence verify: http://127.0.0.1:"),
        "{error}"
    );
    assert!(
        error.contains(
            "/v1/chat/completions answered 500: \"the model crashed\" on each of 3 attempt(s)"
        ),
        "{error}"
    );
    assert!(stored(&book).is_empty());
}

#[test]
fn an_unreachable_endpoint_is_exit_2_naming_it() {
    let book = book();
    // A port that was free a moment ago: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}/v1");
    let run = verify_at(&book, &base, &[], &[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "error: mdbook-evidence verify: cannot reach {base}/chat/completions"
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("is the server running"),
        "{}",
        run.stderr
    );
    let bad = verify_at(&book, "localhost:11434", &[], &[]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("is not an http(s) URL"),
        "{}",
        bad.stderr
    );
}

#[test]
fn an_unknown_model_is_exit_2_naming_it() {
    let book = book();
    let server = ChatServer::start(|_, _| {
        Reply::error(
            404,
            "model \"bespoke-minicheck\" not found, try pulling it first",
        )
    });
    let run = verify(&book, &server, &["--jobs", "1"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(server.count(), 1, "no request after a 404");
    assert!(
        run.stderr
            .contains("answered 404: the model `bespoke-minicheck` is unknown there"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("ollama pull bespoke-minicheck"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_key_is_sent_and_never_shown_or_stored() {
    const KEY: &str = "sk-test-0123456789abcdef";
    let book = book();
    // A server that says the key back, in its answers and its errors.
    let server = ChatServer::start(|request, _| {
        let auth = request
            .headers
            .iter()
            .find(|(n, _)| n == "authorization")
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        if request.claim.contains("fell") {
            Reply::answer(&format!("NOT SUPPORTED\nyour {auth} is nice"))
        } else {
            Reply::answer(&format!("SUPPORTED\n{auth}"))
        }
    });
    let run = verify_at(
        &book,
        &server.base,
        &["--prompt", "judge"],
        &[("OPENAI_API_KEY", KEY)],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for request in server.requests() {
        assert!(
            request
                .headers
                .contains(&("authorization".into(), format!("Bearer {KEY}")))
        );
    }
    let (_, report) = book.check_json();
    let check = Command::new(binary())
        .current_dir(book.root())
        .args(["check", "."])
        .output()
        .unwrap();
    let store = std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap();
    assert!(store.contains("[API key]"), "{store}");
    for (what, text) in [
        ("stdout", run.stdout),
        ("stderr", run.stderr),
        ("store", store),
        ("report", report.to_string()),
        ("check", String::from_utf8_lossy(&check.stderr).into_owned()),
    ] {
        assert!(!text.contains(KEY), "{what}: {text}");
    }

    // Named in another variable; refused by the server, which echoes it.
    let refusing = ChatServer::start(|request, _| {
        let auth = request.headers.iter().find(|(n, _)| n == "authorization");
        Reply::error(401, &format!("invalid key {auth:?}"))
    });
    let edited = BRIEF.replace("in January, led", "in January 2026, led");
    std::fs::write(book.root().join("src/brief.md"), edited).unwrap();
    let run = verify_at(
        &book,
        &refusing.base,
        &["--api-key-env", "MY_KEY"],
        &[("MY_KEY", KEY)],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("refused the request (401)"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("[API key]"), "{}", run.stderr);
    assert!(
        !run.stderr.contains(KEY) && !run.stdout.contains(KEY),
        "{}",
        run.stderr
    );
}

#[test]
fn a_run_stopped_midway_keeps_the_verdicts_it_received() {
    let book = book();
    let server = ChatServer::start(|request, earlier| {
        if request.claim.contains("fell") {
            Reply::error(503, "overloaded")
        } else {
            minicheck(request, earlier)
        }
    });
    let run = verify(&book, &server, &["--jobs", "1", "--retries", "0"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("answered 503: \"overloaded\" on each of 1 attempt(s)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("(1 verdict(s) received before were stored)"),
        "{}",
        run.stderr
    );
    assert_eq!(stored(&book).len(), 1);
    // Once the server is back, only the citation without a verdict is sent.
    let back = ChatServer::start(minicheck);
    assert_eq!(verify(&book, &back, &[]).code, 0);
    assert_eq!(back.count(), 1);
    assert_eq!(stored(&book).len(), 2);
}

#[test]
fn a_slow_answer_times_out_clearly() {
    let book = book();
    let server = ChatServer::start(|request, earlier| {
        std::thread::sleep(std::time::Duration::from_millis(2500));
        minicheck(request, earlier)
    });
    let run = verify(
        &book,
        &server,
        &["--timeout", "1", "--retries", "0", "--jobs", "1"],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("gave no answer within 1 s on each of 1 attempt(s)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_book_with_nowhere_to_keep_verdicts_is_told_what_to_add() {
    // The store is one file and `support` is not set: the build would read
    // verdicts from nowhere verify could write.
    let book = TestBook::with_store("", STORE, &[("brief.md", BRIEF)]);
    let server = ChatServer::start(minicheck);
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("add `support = \"evidence/verify.jsonl\"` under [preprocessor.evidence]"),
        "{}",
        run.stderr
    );
    assert_eq!(server.count(), 0);

    // Set as it says, the verdicts go there and are read back.
    let toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
    std::fs::write(
        book.root().join("book.toml"),
        format!("{toml}support = \"evidence/verify.jsonl\"\n"),
    )
    .unwrap();
    std::fs::write(book.root().join("evidence/verify.jsonl"), "").unwrap();
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(stored(&book).len(), 2);
    let (code, report) = book.check_json();
    assert_eq!(code, 1);
    assert_eq!(findings(&report, "unsupported-claim").len(), 1, "{report}");
}

#[test]
fn a_request_refused_for_itself_skips_that_citation_only() {
    let book = book();
    let server = ChatServer::start(|request, earlier| {
        if request.claim.contains("fell") {
            Reply::error(400, "This model's maximum context length is 8 tokens")
        } else {
            minicheck(request, earlier)
        }
    });
    let run = verify(&book, &server, &["--jobs", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("src/brief.md:5: no verdict on `ev_jobs`: http://127.0.0.1:"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("refused this request (400): \"This model's maximum context length is 8 tokens\"; not stored"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(
            "1 checked, 0 from cache, 0 unsupported, 1 left without a verdict (named above)"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(stored(&book).len(), 1);
}
