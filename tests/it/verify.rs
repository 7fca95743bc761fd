//! `mdbook-evidence verify` end to end: a real book, the real binary, and
//! a real chat-completions server on a local port (`common::verify`) whose
//! answers are scripted per claim. The verdicts it stores are enforced by
//! real `check` runs and mdBook builds.

use crate::common::TestBook;
use crate::common::verify::{
    BRIEF, ChatServer, Reply, STORE, book, findings, minicheck, stored, verify,
};

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
        serde_json::json!({"bespoke-minicheck/judge 2": 2, "bespoke-minicheck/minicheck 1": 2}),
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
            .contains("2 claims citing a passage; 0 judged by `bespoke-minicheck/minicheck 1`"),
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
fn the_prompts_sent_are_the_ones_the_guide_quotes() {
    let guide = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("guide/src/verify.md"),
    )
    .expect("the guide's page");
    let book = book();
    let server = ChatServer::start(|_, _| Reply::answer("SUPPORTED\nIt says so."));
    assert_eq!(verify(&book, &server, &["--prompt", "judge"]).code, 0);
    let minicheck_server = ChatServer::start(minicheck);
    assert_eq!(verify(&book, &minicheck_server, &[]).code, 0);
    let judge = &server.requests()[0];
    let system = judge.body["messages"][0]["content"].as_str().unwrap();
    assert_eq!(judge.body["messages"][0]["role"], "system");
    assert!(
        guide.contains(&format!("```text\n{system}\n```")),
        "{system}"
    );
    let user = judge.body["messages"][1]["content"].as_str().unwrap();
    let template = user
        .replace(&judge.claim, "{claim}")
        .replace(passage_in(user), "{passage}")
        .replace("Bureau of Labor Statistics, \"CPI\"", "{source}")
        .replace("Bureau of Labor Statistics, \"Employment\"", "{source}");
    assert!(
        guide.contains(&format!("```text\n{template}\n```")),
        "{template}"
    );
    let mini = &minicheck_server.requests()[0];
    assert_eq!(mini.body["messages"].as_array().unwrap().len(), 1);
    let user = mini.body["messages"][0]["content"].as_str().unwrap();
    let template = user
        .replace(&mini.claim, "{claim}")
        .replace(passage_in(user), "{passage}");
    assert!(
        guide.contains(&format!("```text\n{template}\n```")),
        "{template}"
    );
}

/// The passage of [`STORE`] that `text` holds.
fn passage_in(text: &str) -> &'static str {
    [
        "The Consumer Price Index for All Urban Consumers increased in January, led by shelter.",
        "Total nonfarm payroll employment rose in January, with gains in health care.",
    ]
    .into_iter()
    .find(|p| text.contains(p))
    .expect("a passage of the store")
}

#[test]
fn requests_run_at_most_jobs_at_a_time() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let chapter: String = (1..=6)
        .map(|n| format!("Consumer prices increased in January, led by shelter, report {n} says [EVID:ev_cpi].\n\n"))
        .collect();
    let book = TestBook::with_store(
        "store = \"evidence\"",
        STORE,
        &[("brief.md", &format!("# Brief\n\n{chapter}"))],
    );
    let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (in_flight, peak) = (now.clone(), most.clone());
    let server = ChatServer::start(move |_, _| {
        let here = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        peak.fetch_max(here, Ordering::SeqCst);
        std::thread::sleep(std::time::Duration::from_millis(300));
        in_flight.fetch_sub(1, Ordering::SeqCst);
        Reply::answer("Yes")
    });
    let run = verify(&book, &server, &["--jobs", "3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 6);
    let peak = most.load(Ordering::SeqCst);
    assert!((2..=3).contains(&peak), "{peak} requests at once");
    assert_eq!(stored(&book).len(), 6);
}
