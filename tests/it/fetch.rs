//! `mdbook-evidence fetch` against a real HTTP server on 127.0.0.1
//! (`tests/it/common/fetch.rs`): every outcome a status, the readable text and
//! passages stored with the book, and builds and `check` judging claims
//! against them without the network.

use crate::common::fetch::{Reply, Server, news_page};
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use serde_json::Value;
use std::collections::HashMap;
use std::io::Write as _;
use std::time::Duration;

const ARTICLE: &[&str] = &[
    "Die Inflation in Deutschland stieg im Januar auf 2,4 Prozent, teilte das Statistische Bundesamt in Wiesbaden am Freitag mit.",
    "Ökonomen hatten mit einem Anstieg auf 2,2 Prozent gerechnet; vor allem Lebensmittel und Dienstleistungen wurden teurer.",
    "Die Kerninflation, ohne Energie und Nahrungsmittel, lag bei 2,9 Prozent und damit so hoch wie im Dezember.",
    "In Tokio (東京) stiegen die Verbraucherpreise im selben Monat um 2,0 Prozent, wie das japanische Statistikamt meldete.",
    "Die Europäische Zentralbank beobachtet die Entwicklung genau; ihr Ziel liegt bei zwei Prozent auf mittlere Sicht.",
];

fn page(title: &str, paragraphs: &[&str]) -> String {
    news_page(title, paragraphs, "utf-8")
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn deflate(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &Default::default()).unwrap();
    out
}

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

/// URL-only items, as `import` makes them from a web-search answer.
fn store(server: &Server) -> String {
    let item = |id: &str, path: &str| {
        let url = if path.contains(':') {
            path.to_owned()
        } else {
            server.url(path)
        };
        format!(
            r#"{{"id": "{id}", "source_id": "news", "url": "{url}", "title": "Seite {id}", "published_at": "2026-02-10T08:00:00Z"}}"#
        )
    };
    let mut items: Vec<String> = [
        ("ev_article", "/artikel"),
        ("ev_gzip", "/gzip"),
        ("ev_br", "/brotli"),
        ("ev_deflate", "/deflate"),
        ("ev_latin", "/latin1"),
        ("ev_sjis", "/sjis"),
        ("ev_plain", "/plain.txt"),
        ("ev_moved", "/moved"),
        ("ev_sneaky", "/sneaky"),
        ("ev_loop", "/loop"),
        ("ev_gone", "/weg"),
        ("ev_removed", "/entfernt"),
        ("ev_forbidden", "/verboten"),
        ("ev_busy", "/busy"),
        ("ev_slow", "/langsam"),
        ("ev_huge", "/riesig"),
        ("ev_pdf", "/bericht.pdf"),
        ("ev_file", "file:///etc/passwd"),
    ]
    .iter()
    .map(|(id, path)| item(id, path))
    .collect();
    items.push(format!(r#"{{"id": "ev_paywall", "source_id": "paper", "url": "{}", "title": "Bezahlschranke", "published_at": "2026-02-10T08:00:00Z"}}"#, server.url("/paywall")));
    items.push(format!(r#"{{"id": "ev_quoted", "source_id": "news", "url": "{}", "title": "Zitiert", "published_at": "2026-02-10T08:00:00Z", "cited_text": "Die Kerninflation lag bei 2,9 Prozent."}}"#, server.url("/zitiert")));
    format!(
        r#"{{"schema_version": "evidence.v1",
  "sources": [{{"source_id": "news", "publisher": "Beispielverlag", "tier": 2}},
              {{"source_id": "paper", "publisher": "Zeitung", "tier": 2, "paywall_policy": "metadata_only"}}],
  "evidence": [{}]}}"#,
        items.join(",\n")
    )
}

const CHAPTER: &str = "# Preise\n\n\
- Die Inflation in Deutschland stieg im Januar auf 2,4\u{a0}Prozent [EVID:ev_article].\n\
- Die Tariflöhne stiegen 2025 um 5,6 Prozent [EVID:ev_gzip] [EVID:ev_br] [EVID:ev_deflate].\n\
- Ein Café crème kostet in Paris 4,20 Euro [EVID:ev_latin].\n\
- In Tokio stieg der Index 東京都区部の消費者物価指数 im Januar [EVID:ev_sjis].\n\
- Der Leitzins bleibt bei 2,0 Prozent [EVID:ev_plain].\n\
- Die Kerninflation lag bei 2,9 Prozent [EVID:ev_moved] [EVID:ev_busy].\n\
- Walrosse wandern jeden Sommer nach Grönland und fressen Muscheln [EVID:ev_article].\n\
- Weitere Seiten zu Preisen und Löhnen im Januar [EVID:ev_sneaky] [EVID:ev_loop] [EVID:ev_gone] [EVID:ev_removed] [EVID:ev_forbidden] [EVID:ev_slow] [EVID:ev_huge] [EVID:ev_pdf] [EVID:ev_file] [EVID:ev_paywall] [EVID:ev_quoted].\n";

fn book(server: &Server) -> TestBook {
    TestBook::with_store(
        "store = \"evidence\"\nmode = \"warn\"",
        &store(server),
        &[("preise.md", CHAPTER)],
    )
}

fn fetch(book: &TestBook, extra: &[&str]) -> (i32, String) {
    let out = Command::new(binary())
        .current_dir(book.root())
        .args([
            "fetch",
            ".",
            "--allow-host",
            "127.0.0.1",
            "--allow-host",
            "localhost",
            "--delay",
            "0",
            "--timeout",
            "1.5",
            "--max-bytes",
            "100000",
        ])
        .args(extra)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn records(book: &TestBook) -> HashMap<String, Value> {
    std::fs::read_to_string(book.root().join("evidence/fetched.jsonl"))
        .unwrap()
        .lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            (record["id"].as_str().unwrap().to_owned(), record)
        })
        .collect()
}

fn passage(record: &Value) -> String {
    let text = record["text"].as_str().unwrap();
    let [start, end] = [0, 1].map(|i| record["passages"][0][i].as_u64().unwrap() as usize);
    text.chars().skip(start).take(end - start).collect()
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

/// Pages as first read, then as they are when rechecked.
fn recheck_site() -> (Server, TestBook) {
    let server = Server::start();
    let same = page("Gleich", ARTICLE);
    server.route("/gleich", vec![Reply::html(&same).header("ETag", "\"v1\"")]);
    server.route("/bearbeitet", vec![Reply::html(&same)]);
    server.route("/umbruch", vec![Reply::html(&same)]);
    server.route("/verschwindet", vec![Reply::html(&same)]);
    server.route("/umgezogen", vec![Reply::html(&same)]);
    let item = |id: &str, path: &str| {
        format!(
            r#"{{"id": "{id}", "source_id": "news", "url": "{}", "title": "Seite {id}", "published_at": "2026-02-10T08:00:00Z"}}"#,
            server.url(path)
        )
    };
    let items = [
        item("ev_same", "/gleich"),
        item("ev_edit", "/bearbeitet"),
        item("ev_space", "/umbruch"),
        item("ev_vanish", "/verschwindet"),
        item("ev_move", "/umgezogen"),
    ];
    let store = format!(
        r#"{{"schema_version": "evidence.v1", "sources": [{{"source_id": "news", "publisher": "Beispielverlag", "tier": 2}}], "evidence": [{}]}}"#,
        items.join(",")
    );
    let chapter = "# Preise\n\n- Die Inflation in Deutschland stieg im Januar auf 2,4\u{a0}Prozent [EVID:ev_same] [EVID:ev_edit] [EVID:ev_space] [EVID:ev_vanish] [EVID:ev_move].\n";
    let book = TestBook::with_store(
        "store = \"evidence\"\nmode = \"warn\"",
        &store,
        &[("preise.md", chapter)],
    );
    (server, book)
}

#[test]
fn recheck_finds_every_changed_and_gone_page_and_nothing_else() {
    let (server, book) = recheck_site();
    let (code, stderr) = fetch(&book, &[]);
    assert_eq!(code, 0, "{stderr}");
    let (_, report) = book.check_json();
    let rules = |report: &Value| -> Vec<(String, String)> {
        report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["rule"].as_str().unwrap().starts_with("source-"))
            .map(|v| {
                (
                    v["rule"].as_str().unwrap().to_owned(),
                    v["evidence_ids"][0].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(rules(&report), Vec::<(String, String)>::new());

    // The pages change: one edits its figure, one only its white space,
    // quotes and case, one is gone, one moves; one is as it was (304).
    let mut edited: Vec<&str> = ARTICLE.to_vec();
    edited[0] = "Die Inflation in Deutschland stieg im Januar auf 2,5 Prozent, teilte das Statistische Bundesamt in Wiesbaden am Freitag mit.";
    server.route("/bearbeitet", vec![Reply::html(&page("Gleich", &edited))]);
    let mut spaced: Vec<String> = ARTICLE
        .iter()
        .map(|p| p.to_uppercase().replace(' ', "\u{a0}  "))
        .collect();
    spaced[0] = format!("„{}“", spaced[0]);
    let spaced: Vec<&str> = spaced.iter().map(String::as_str).collect();
    server.route("/umbruch", vec![Reply::html(&page("Gleich", &spaced))]);
    server.route(
        "/verschwindet",
        vec![Reply::new(404, "text/html", "<h1>Weg</h1>")],
    );
    server.route("/umgezogen", vec![Reply::redirect(301, "/neu")]);
    server.route("/neu", vec![Reply::html(&page("Gleich", ARTICLE))]);
    let before = server.paths().len();
    let (code, stderr) = fetch(&book, &["--recheck"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(server.paths().len() > before);
    let records = records(&book);
    assert_eq!(
        records["ev_same"]["recheck"]["http_status"], 304,
        "{}",
        records["ev_same"]
    );
    assert_eq!(
        records["ev_move"]["recheck"]["moved_to"],
        server.url("/neu")
    );
    assert_eq!(
        records["ev_space"]["recheck"]["outcome"], "unchanged",
        "{}",
        records["ev_space"]["recheck"]
    );
    let changed = &records["ev_edit"]["recheck"]["changed"][0];
    assert!(changed["passage"].as_str().unwrap().contains("2,4 Prozent"));
    assert!(
        changed["now"].as_str().unwrap().contains("2,5 Prozent"),
        "{changed}"
    );

    let (_, report) = book.check_json();
    let mut found = rules(&report);
    found.sort();
    assert_eq!(
        found,
        [
            ("source-changed".to_owned(), "ev_edit".to_owned()),
            ("source-gone".to_owned(), "ev_vanish".to_owned())
        ]
    );
    let message = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["rule"] == "source-changed")
        .unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        message.contains("2,4 Prozent") && message.contains("2,5 Prozent"),
        "{message}"
    );
    // The page's address and its status code, each said once.
    let gone = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["rule"] == "source-gone")
        .unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    let url = server.url("/verschwindet");
    assert!(
        gone.starts_with(&format!(
            "the page of evidence `ev_vanish` ({url}) is gone since it was fetched: HTTP "
        )),
        "{gone}"
    );
    assert_eq!(gone.matches(&url).count(), 1, "{gone}");
    assert_eq!(gone.matches("gone").count(), 1, "{gone}");
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
