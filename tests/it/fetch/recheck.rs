//! `fetch --recheck`: every changed and gone page found, and nothing else.

use super::*;
use crate::common::TestBook;
use crate::common::fetch::{Reply, Server};
use serde_json::Value;

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
