//! What `fetch` says to do about a page it could not read does what it
//! says, against a real HTTP server on 127.0.0.1 (`tests/it/common/fetch.rs`):
//! `--allow-host HOST` reads the pages refused for that host, `--retry`
//! the pages that were not read; a plain second run asks for nothing. And
//! `source-not-fetched` says each fact of the stored status once.

use crate::common::fetch::{Reply, Server, news_page};
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use serde_json::Value;
use std::collections::HashMap;

const ARTICLE: &[&str] = &[
    "東京の消費者物価指数は1月に前年同月比2.0%上昇したと総務省が発表した。",
    "Die Kerninflation lag im Januar bei 2,9\u{a0}Prozent, wie das Amt in Wiesbaden mitteilte.",
];

/// Cites the pages on 127.0.0.1 and one redirected to `localhost`.
const REFUSED: &str = "# 物価\n\n\
- 東京の消費者物価指数は1月に2.0%上昇した。[EVID:ev_local]\n\
- Die Kerninflation lag im Januar bei 2,9\u{a0}Prozent [EVID:ev_hop].\n";

/// Cites pages gone, too large and down as well.
const NOT_READ: &str = "# 物価\n\n\
- 東京の消費者物価指数は1月に2.0%上昇した。[EVID:ev_local]\n\
- Die Kerninflation lag im Januar bei 2,9\u{a0}Prozent [EVID:ev_hop] [EVID:ev_gone] [EVID:ev_big] [EVID:ev_down].\n";

fn store(server: &Server) -> String {
    let items: Vec<String> = [
        ("ev_local", "/artikel"),
        ("ev_hop", "/umzug"),
        ("ev_gone", "/weg"),
        ("ev_big", "/riesig"),
        ("ev_down", "/kaputt"),
    ]
    .iter()
    .map(|(id, path)| {
        format!(
            r#"{{"id": "{id}", "source_id": "news", "url": "{}", "title": "Seite {id} – 東京", "published_at": "2026-02-10T08:00:00Z"}}"#,
            server.url(path)
        )
    })
    .collect();
    format!(
        r#"{{"schema_version": "evidence.v1",
  "sources": [{{"source_id": "news", "publisher": "Beispielverlag", "tier": 2}}],
  "evidence": [{}]}}"#,
        items.join(",\n")
    )
}

fn site(chapter: &str) -> (Server, TestBook) {
    let server = Server::start();
    let page = Reply::html(&news_page("Preise", ARTICLE, "utf-8"));
    server.route("/artikel", vec![page.clone()]);
    server.route("/artikel2", vec![page.clone()]);
    server.route(
        "/umzug",
        vec![Reply::redirect(
            301,
            &format!("http://localhost:{}/artikel2", server.port),
        )],
    );
    server.route("/weg", vec![Reply::new(404, "text/html", "<h1>weg</h1>")]);
    let padding = "Fülltext 東京 🙂 ".repeat(2_000);
    server.route(
        "/riesig",
        vec![Reply::html(&news_page(
            "Preise",
            &[ARTICLE[0], ARTICLE[1], &padding],
            "utf-8",
        ))],
    );
    server.route(
        "/kaputt",
        vec![Reply::new(503, "text/html", "<h1>später</h1>")],
    );
    let book = TestBook::with_store(
        "store = \"evidence\"\nmode = \"warn\"",
        &store(&server),
        &[("preise.md", chapter)],
    );
    (server, book)
}

/// `fetch . ARGS`: the exit status and stderr.
fn fetch(book: &TestBook, args: &[&str]) -> (i32, String) {
    let out = Command::new(binary())
        .current_dir(book.root())
        .args(["fetch", ".", "--delay", "0", "--timeout", "5"])
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn statuses(book: &TestBook) -> HashMap<String, String> {
    std::fs::read_to_string(book.root().join("evidence/fetched.jsonl"))
        .unwrap()
        .lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            (
                record["id"].as_str().unwrap().to_owned(),
                record["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The `source-not-fetched` messages of `check`, by evidence id.
fn not_fetched(book: &TestBook) -> HashMap<String, String> {
    let (_, report) = book.check_json();
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "source-not-fetched")
        .map(|v| {
            let message = v["message"].as_str().unwrap().to_owned();
            let id = message.split('`').nth(1).unwrap().to_owned();
            (id, message)
        })
        .collect()
}

#[test]
fn allow_host_reads_the_pages_refused_for_that_host_as_the_refusal_says() {
    let (server, book) = site(REFUSED);
    let (code, stderr) = fetch(&book, &["--allow-host", "localhost"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(server.paths().is_empty(), "{:?}", server.paths());
    assert_eq!(statuses(&book)["ev_local"], "refused");
    let hint = "run `mdbook-evidence fetch --allow-host 127.0.0.1` if it is meant to be read";
    assert!(stderr.contains(hint), "{stderr}");
    // Said once: the stored detail, not the status's name again.
    let message = &not_fetched(&book)["ev_local"];
    assert!(
        message.contains(&format!("was not read: {}", server.url("/artikel"))),
        "{message}"
    );
    assert_eq!(message.matches("refused").count(), 0, "{message}");
    assert_eq!(
        message.matches("127.0.0.1 resolves").count(),
        1,
        "{message}"
    );

    // The hint, followed, with the address written in full-width digits.
    let (code, stderr) = fetch(&book, &["--allow-host", "１２７．０．０．１"]);
    assert_eq!(code, 0, "{stderr}");
    let statuses_now = statuses(&book);
    assert_eq!(statuses_now["ev_local"], "fetched", "{stderr}");
    // Its redirect leads to a host still not allowed: refused there.
    assert_eq!(statuses_now["ev_hop"], "refused", "{stderr}");
    assert!(stderr.contains("--allow-host localhost`"), "{stderr}");
    let mut asked = server.paths();
    asked.sort();
    assert_eq!(asked, ["/artikel", "/umzug"]);
    assert!(!not_fetched(&book).contains_key("ev_local"));

    // Allowing the host the redirect led to reads that page; the page
    // read before is not asked for again.
    let (code, stderr) = fetch(
        &book,
        &["--allow-host", "127.0.0.1", "--allow-host", "LOCALHOST"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(statuses(&book)["ev_hop"], "fetched", "{stderr}");
    assert_eq!(server.paths()[2..], ["/umzug", "/artikel2"]);

    // Nothing left to do: nothing asked, the same bytes.
    let before = std::fs::read(book.root().join("evidence/fetched.jsonl")).unwrap();
    let asked = server.paths().len();
    let (code, stderr) = fetch(
        &book,
        &["--allow-host", "127.0.0.1", "--allow-host", "localhost"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(server.paths().len(), asked);
    assert_eq!(
        std::fs::read(book.root().join("evidence/fetched.jsonl")).unwrap(),
        before
    );
}

#[test]
fn retry_asks_again_for_the_pages_not_read_and_a_plain_run_does_not() {
    let (server, book) = site(NOT_READ);
    let allowed = ["--allow-host", "127.0.0.1", "--allow-host", "localhost"];
    let (code, stderr) = fetch(&book, &[&allowed[..], &["--max-bytes", "20000"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let first = statuses(&book);
    assert_eq!(
        [&first["ev_gone"], &first["ev_big"], &first["ev_down"]],
        ["gone", "too_large", "unreachable"],
        "{stderr}"
    );
    assert!(
        stderr.contains("`mdbook-evidence fetch --retry` asks again for the 2 pages not read"),
        "{stderr}"
    );
    let messages = not_fetched(&book);
    let gone = &messages["ev_gone"];
    assert!(
        gone.contains(&format!(
            "was not read: {}: the page is gone (HTTP 404);",
            server.url("/weg")
        )),
        "{gone}"
    );
    assert_eq!(gone.matches("is gone").count(), 1, "{gone}");
    assert!(!gone.contains("(gone"), "{gone}");

    // The pages are back; a plain run does not ask for them.
    let page = Reply::html(&news_page("Preise", ARTICLE, "utf-8"));
    server.route("/weg", vec![page.clone()]);
    server.route("/kaputt", vec![page]);
    let asked = server.paths().len();
    let (code, stderr) = fetch(&book, &allowed);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(server.paths().len(), asked, "{stderr}");
    assert_eq!(statuses(&book), first);

    // `--retry` does, with the larger limit the too-large page needs.
    let (code, stderr) = fetch(&book, &[&allowed[..], &["--retry"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let mut asked_again = server.paths()[asked..].to_vec();
    asked_again.sort();
    assert_eq!(asked_again, ["/kaputt", "/riesig", "/weg"]);
    let now = statuses(&book);
    assert!(
        ["ev_local", "ev_hop", "ev_gone", "ev_big", "ev_down"]
            .iter()
            .all(|id| now[*id] == "fetched"),
        "{now:?}\n{stderr}"
    );
    assert!(!stderr.contains("--retry"), "{stderr}");
    assert!(not_fetched(&book).is_empty());
}

#[test]
fn an_allow_host_that_is_no_host_is_refused_before_anything_is_asked() {
    let (server, book) = site(NOT_READ);
    for written in [
        "http://127.0.0.1:8080",
        "127.0.0.1:8080",
        "127.0.0.1/path",
        "",
    ] {
        let (code, stderr) = fetch(&book, &["--allow-host", written]);
        assert_eq!(code, 2, "{written}: {stderr}");
        assert!(
            stderr.contains("is not a host name or IP address"),
            "{stderr}"
        );
        assert!(stderr.contains("--allow-host 127.0.0.1"), "{stderr}");
    }
    assert!(server.paths().is_empty());
    assert!(!book.root().join("evidence/fetched.jsonl").exists());
}
