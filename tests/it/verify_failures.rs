//! `verify` when things go wrong: rate limits and failing servers are
//! retried, then named; an unreachable endpoint, an unknown model, a
//! refused key stop the run with exit status 2 and the endpoint's name; a
//! run stopped midway keeps what it was told; the key is never shown.
//! Against a real chat-completions server on a local port.

use crate::common::binary;
use crate::common::verify::{BRIEF, ChatServer, Reply, book, minicheck, stored, verify, verify_at};
use assert_cmd::Command;

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
            "/v1/chat/completions answered 500: \"the model crashed\" on each of 3 attempts"
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

/// Every run of `KEY_PIECE` (8) characters of `key`, for asserting that
/// none of it is shown.
fn pieces(key: &str) -> Vec<&str> {
    (0..=key.len() - 8).map(|i| &key[i..i + 8]).collect()
}

#[test]
fn no_piece_of_the_key_is_shown_whatever_the_server_cuts_or_splits() {
    // 53 characters: project keys are long.
    const KEY: &str = "sk-proj-Zq8XoW4b1T7kLmN2pR5sV9yA3cE6gH0jKuYtIfDnBxQwe";
    let pad = "東京\u{a0}".repeat(97);
    // How a server could say the key back: straddling our 300-character
    // cut (4xx), cut by the server itself, split across a line break, a
    // no-break space and a direction mark, in 5xx given up on after
    // retries, in an answer without a verdict, in an answer.
    let says = [
        (401, format!("{pad}{KEY} is not valid")),
        (403, format!("key {}… refused", &KEY[..20])),
        (
            502,
            format!(
                "{}\n{}\u{a0}{}\u{200f}{}",
                &KEY[..9],
                &KEY[9..25],
                &KEY[25..40],
                &KEY[40..]
            ),
        ),
        (500, format!("{pad} upstream said {KEY}")),
        (200, format!("ends …{}", &KEY[40..])),
    ];
    for (status, message) in says {
        let book = book();
        let server = ChatServer::start(move |_, _| match status {
            200 => Reply {
                status: 200,
                headers: Vec::new(),
                body: serde_json::json!({"error": {"message": message}}).to_string(),
            },
            _ => Reply::error(status, &message),
        });
        let run = verify_at(
            &book,
            &server.base,
            &["--retries", "1", "--jobs", "1"],
            &[("OPENAI_API_KEY", KEY)],
        );
        assert!(run.stderr.contains("[API key]"), "{status}: {}", run.stderr);
        let store =
            std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap_or_default();
        for piece in pieces(KEY) {
            for (what, text) in [
                ("stdout", &run.stdout),
                ("stderr", &run.stderr),
                ("store", &store),
            ] {
                assert!(
                    !text.contains(piece),
                    "{status} {what} shows {piece}: {text}"
                );
            }
        }
    }

    // An answer that holds a piece of the key is stored without it.
    let book = book();
    let server = ChatServer::start(|_, _| Reply::answer(&format!("SUPPORTED\n{}", &KEY[3..30])));
    let run = verify_at(
        &book,
        &server.base,
        &["--prompt", "judge"],
        &[("OPENAI_API_KEY", KEY)],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let store = std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap();
    assert!(store.contains("[API key]"), "{store}");
    for piece in pieces(KEY) {
        assert!(!store.contains(piece), "{piece}: {store}");
    }
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
            .contains("answered 503: \"overloaded\" on its one attempt"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("(1 verdict received before was stored)"),
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
            .contains("gave no answer within 1 s on its one attempt"),
        "{}",
        run.stderr
    );
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
