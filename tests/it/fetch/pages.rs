//! `fetch` over the test server: every page a status, readable text and
//! passages; files that are not fetch output left alone; a store of files
//! only; private addresses; builds and `check` judging against the stored
//! pages; `import` pointing at `fetch`.

use super::*;
use crate::common::fetch::{Reply, Server, news_page};
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use std::time::Duration;

/// Every route of the test site.
fn serve() -> Server {
    let server = Server::start();
    let port = server.port;
    let html = |body: Vec<u8>, encoding: &str| {
        Reply::new(200, "text/html; charset=utf-8", body).header("Content-Encoding", encoding)
    };
    let article = page("Inflation steigt auf 2,4 Prozent", ARTICLE);
    let zipped = page(
        "Löhne 🚀 steigen",
        &[
            "Die Tariflöhne stiegen 2025 um 5,6 Prozent, der stärkste Zuwachs seit Beginn der Statistik im Jahr 2010, berichtete das Amt.",
            ARTICLE[1],
            ARTICLE[2],
            ARTICLE[4],
        ],
    );
    server.route("/artikel", vec![Reply::html(&article)]);
    server.route("/gzip", vec![html(gzip(zipped.as_bytes()), "gzip")]);
    server.route("/brotli", vec![html(brotli(zipped.as_bytes()), "br")]);
    server.route(
        "/deflate",
        vec![html(deflate(zipped.as_bytes()), "deflate")],
    );
    let latin = news_page(
        "Café-Preise",
        &[
            "Ein Café crème kostet in Paris nun 4,20 Euro, ein Plus von 8 Prozent gegenüber dem Vorjahr, so die Händler.",
            ARTICLE[1],
            ARTICLE[2],
            ARTICLE[4],
        ],
        "iso-8859-1",
    );
    let (latin, _, _) = encoding_rs::WINDOWS_1252.encode(&latin);
    server.route(
        "/latin1",
        vec![Reply::new(
            200,
            "text/html; charset=ISO-8859-1",
            latin.into_owned(),
        )],
    );
    let sjis = news_page(
        "東京の物価",
        &[
            "東京都区部の消費者物価指数は一月に前年同月比で二・〇パーセント上昇したと総務省が発表した。",
            "生鮮食品を除く指数も上昇し、エネルギー価格の高止まりが続いている。",
            "日本銀行は物価の動向を注視しており、追加の利上げを検討している。",
            "専門家は今後数か月の賃金の伸びが鍵になると指摘している。",
        ],
        "Shift_JIS",
    );
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&sjis);
    server.route(
        "/sjis",
        vec![Reply::new(200, "text/html", sjis.into_owned())],
    );
    server.route(
        "/plain.txt",
        vec![Reply::new(
            200,
            "text/plain; charset=utf-8",
            "Der Leitzins bleibt bei 2,0\u{a0}Prozent.\n\nDie EZB tagt wieder im März.",
        )],
    );
    server.route(
        "/moved",
        vec![Reply::redirect(
            301,
            &format!("http://localhost:{port}/artikel"),
        )],
    );
    server.route(
        "/sneaky",
        vec![Reply::redirect(
            302,
            &format!("http://127.0.0.2:{port}/artikel"),
        )],
    );
    server.route("/loop", vec![Reply::redirect(302, "/loop2")]);
    server.route("/loop2", vec![Reply::redirect(302, "/loop")]);
    server.route(
        "/entfernt",
        vec![Reply::new(410, "text/html", "<h1>Gelöscht</h1>")],
    );
    server.route(
        "/verboten",
        vec![Reply::new(403, "text/html", "<h1>Zugriff verweigert</h1>")],
    );
    server.route(
        "/busy",
        vec![
            Reply::new(429, "text/plain", "slow down").header("Retry-After", "0"),
            Reply::html(&article),
        ],
    );
    let mut slow = Reply::html(&article);
    slow.delay = Duration::from_secs(4);
    server.route("/langsam", vec![slow]);
    server.route(
        "/riesig",
        vec![Reply::html(&page(
            "Riesig",
            &[&"Sehr langer Text über Preise. ".repeat(8000)],
        ))],
    );
    server.route(
        "/bericht.pdf",
        vec![Reply::new(200, "application/pdf", "%PDF-1.7 …")],
    );
    server
}

#[test]
fn every_page_gets_a_status_and_readable_text_and_passages() {
    let server = serve();
    let book = book(&server);
    let (code, stderr) = fetch(&book, &[]);
    assert_eq!(code, 0, "{stderr}");
    let records = records(&book);
    let status = |id: &str| records[id]["status"].as_str().unwrap().to_owned();
    for (id, expected) in [
        ("ev_article", "fetched"),
        ("ev_gzip", "fetched"),
        ("ev_br", "fetched"),
        ("ev_deflate", "fetched"),
        ("ev_latin", "fetched"),
        ("ev_sjis", "fetched"),
        ("ev_plain", "fetched"),
        ("ev_moved", "fetched"),
        ("ev_busy", "fetched"),
        ("ev_sneaky", "refused"),
        ("ev_loop", "unreachable"),
        ("ev_gone", "gone"),
        ("ev_removed", "gone"),
        ("ev_forbidden", "blocked"),
        ("ev_slow", "unreachable"),
        ("ev_huge", "too_large"),
        ("ev_pdf", "unsupported_type"),
        ("ev_paywall", "paywalled"),
    ] {
        assert_eq!(status(id), expected, "{id}: {}", records[id]);
    }
    assert!(
        !records.contains_key("ev_quoted"),
        "an item with a passage is not fetched"
    );
    // A `file:` address is no link (`unsafe-url`): nothing to fetch.
    assert!(!records.contains_key("ev_file"));
    // The article, not the page around it.
    let text = records["ev_article"]["text"].as_str().unwrap();
    assert!(
        text.contains("Statistische Bundesamt in Wiesbaden"),
        "{text}"
    );
    for furniture in [
        "Startseite",
        "Cookies",
        "Tracking",
        "Fuji",
        "Impressum",
        "Anmelden",
    ] {
        assert!(!text.contains(furniture), "{furniture} in {text}");
    }
    assert!(
        passage(&records["ev_article"])
            .starts_with("Die Inflation in Deutschland stieg im Januar auf 2,4 Prozent")
    );
    for id in ["ev_gzip", "ev_br", "ev_deflate"] {
        assert!(
            passage(&records[id]).contains("Tariflöhne stiegen 2025 um 5,6 Prozent"),
            "{id}"
        );
    }
    assert!(passage(&records["ev_latin"]).contains("Café crème kostet in Paris nun 4,20 Euro"));
    assert!(
        passage(&records["ev_sjis"]).contains("東京都区部の消費者物価指数"),
        "{}",
        records["ev_sjis"]
    );
    assert!(passage(&records["ev_plain"]).contains("2,0 Prozent"));
    assert_eq!(
        records["ev_moved"]["final_url"],
        format!("http://localhost:{}/artikel", server.port)
    );
    assert!(
        records["ev_huge"]["detail"]
            .as_str()
            .unwrap()
            .contains("--max-bytes")
    );
    assert!(
        records["ev_sneaky"]["detail"]
            .as_str()
            .unwrap()
            .contains("--allow-host 127.0.0.2")
    );
    // Who asks is said; what may not be fetched is never asked for.
    let requests = server.requests.lock().unwrap().clone();
    assert!(
        requests
            .iter()
            .all(|(_, agent)| agent.starts_with("mdbook-evidence/"))
    );
    let paths = server.paths();
    for never in ["/paywall", "/zitiert"] {
        assert!(!paths.iter().any(|p| p == never), "{never} requested");
    }
    assert_eq!(
        paths.iter().filter(|p| *p == "/busy").count(),
        2,
        "429 waited out once"
    );
    assert!(stderr.contains("ev_gone: gone:"), "{stderr}");

    a_second_run_changes_nothing(&book, &server);
    drop(server);
    builds_judge_against_the_stored_pages(&book);
}

#[test]
fn a_file_that_is_not_fetch_output_is_never_written_over() {
    let server = serve();
    let book = book(&server);
    let theirs = "{\"schema_version\": \"citation.v1\"}\n";
    std::fs::write(book.root().join("evidence/fetched.jsonl"), theirs).unwrap();
    let (code, stderr) = fetch(&book, &[]);
    assert_ne!(code, 0, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(book.root().join("evidence/fetched.jsonl")).unwrap(),
        theirs
    );
    assert!(server.paths().is_empty());
}

#[test]
fn a_store_of_files_only_is_told_where_pages_go() {
    let server = serve();
    let book = TestBook::with_store("", &store(&server), &[("preise.md", CHAPTER)]);
    let (code, stderr) = fetch(&book, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("store = \"evidence\""), "{stderr}");
    assert!(server.paths().is_empty());
}

/// A second run fetches nothing again and changes nothing.
fn a_second_run_changes_nothing(book: &TestBook, server: &Server) {
    let before = std::fs::read(book.root().join("evidence/fetched.jsonl")).unwrap();
    let asked = server.paths().len();
    let (code, stderr) = fetch(book, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(server.paths().len(), asked);
    assert_eq!(
        std::fs::read(book.root().join("evidence/fetched.jsonl")).unwrap(),
        before
    );
}

/// Builds judge the claims against the stored pages, offline.
fn builds_judge_against_the_stored_pages(book: &TestBook) {
    let (_, report) = book.check_json();
    let flagged: Vec<String> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "claim-not-in-evidence")
        .map(|v| v["claim"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(
        flagged.iter().any(|c| c.contains("Walrosse")),
        "{flagged:?}"
    );
    assert!(!flagged.iter().any(|c| c.contains("2,4")), "{flagged:?}");
    book.build().unwrap();
    let html = book.html("preise.html");
    assert!(
        html.contains("teilte das Statistische Bundesamt"),
        "the passage is shown"
    );
    assert!(!html.contains("Alle akzeptieren"));
}

#[test]
fn import_says_how_many_items_carry_no_passage_and_that_fetch_gives_one() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/import/openai-chat-annotations.json");
    let out = Command::new(binary())
        .current_dir(dir.path())
        .arg("import")
        .arg(&fixture)
        .args(["--chapter", "answer.md", "--store", "answer.json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("carry no passage") && stderr.contains("`mdbook-evidence fetch`"),
        "{stderr}"
    );
}

#[test]
fn a_private_address_is_never_asked_for_unless_allowed() {
    let server = serve();
    let book = book(&server);
    let out = Command::new(binary())
        .current_dir(book.root())
        .args(["fetch", ".", "--delay", "0", "--timeout", "1.5"])
        .env("HTTP_PROXY", format!("http://127.0.0.1:{}", server.port))
        .env("http_proxy", format!("http://127.0.0.1:{}", server.port))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(server.paths().is_empty(), "asked: {:?}", server.paths());
    let records = records(&book);
    assert_eq!(
        records["ev_article"]["status"], "refused",
        "{}",
        records["ev_article"]
    );
    assert!(
        records["ev_article"]["detail"]
            .as_str()
            .unwrap()
            .contains("--allow-host 127.0.0.1"),
        "{stderr}"
    );
}
