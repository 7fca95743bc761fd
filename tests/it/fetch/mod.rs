//! `mdbook-evidence fetch` against a real HTTP server on 127.0.0.1
//! (`tests/it/common/fetch.rs`): every outcome a status, the readable text and
//! passages stored with the book, and builds and `check` judging claims
//! against them without the network.

use crate::common::fetch::{Server, news_page};
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use serde_json::Value;
use std::collections::HashMap;
use std::io::Write as _;

mod pages;
mod recheck;

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
