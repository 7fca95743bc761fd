//! A real web server for `fetch`'s tests: a TCP listener on a free local
//! port speaking HTTP/1.1 (one request a connection), serving pages shaped
//! like real ones (head, scripts, navigation, a cookie notice, the
//! article, related links, a footer) and every way a fetch goes wrong.
//! Pages can be changed while it runs; it records each request's path
//! and User-Agent.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the server sends for a path.
#[derive(Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Waited before answering.
    pub delay: Duration,
}

impl Reply {
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            headers: vec![("Content-Type".into(), content_type.into())],
            body: body.into(),
            delay: Duration::ZERO,
        }
    }

    pub fn html(body: &str) -> Reply {
        Reply::new(200, "text/html; charset=utf-8", body)
    }

    pub fn redirect(status: u16, to: &str) -> Reply {
        let mut reply = Reply::new(status, "text/plain", "moved");
        reply.headers.push(("Location".into(), to.into()));
        reply
    }

    pub fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }
}

/// The server: its port, its routes, and what it received.
#[derive(Clone)]
pub struct Server {
    pub port: u16,
    routes: Arc<Mutex<HashMap<String, Vec<Reply>>>>,
    pub requests: Arc<Mutex<Vec<(String, String)>>>,
}

impl Server {
    pub fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let server = Server {
            port: listener.local_addr().unwrap().port(),
            routes: Arc::default(),
            requests: Arc::default(),
        };
        let shared = server.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let shared = shared.clone();
                std::thread::spawn(move || shared.answer(stream));
            }
        });
        server
    }

    /// `http://127.0.0.1:PORT{path}`.
    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Serves `replies` at `path`, one per request; the last again and again.
    pub fn route(&self, path: &str, replies: Vec<Reply>) {
        self.routes.lock().unwrap().insert(path.into(), replies);
    }

    /// The paths requested, in order.
    pub fn paths(&self) -> Vec<String> {
        self.requests
            .lock()
            .unwrap()
            .iter()
            .map(|(p, _)| p.clone())
            .collect()
    }

    fn answer(&self, stream: TcpStream) {
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut line = String::new();
        if reader.read_line(&mut line).is_err() {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
        let mut agent = String::new();
        let mut if_none_match = None;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                if name.eq_ignore_ascii_case("user-agent") {
                    agent = value.trim().to_owned();
                } else if name.eq_ignore_ascii_case("if-none-match") {
                    if_none_match = Some(value.trim().to_owned());
                }
            }
        }
        self.requests.lock().unwrap().push((path.clone(), agent));
        let reply = {
            let mut routes = self.routes.lock().unwrap();
            match routes.get_mut(&path) {
                Some(replies) if replies.len() > 1 => replies.remove(0),
                Some(replies) => replies[0].clone(),
                None => Reply::new(404, "text/html", "<h1>Not found</h1>"),
            }
        };
        std::thread::sleep(reply.delay);
        // A conditional request for the page's current ETag: 304, no body.
        let etag = reply
            .headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("etag"));
        let reply = match (etag, if_none_match) {
            (Some((_, etag)), Some(asked)) if *etag == asked => Reply {
                status: 304,
                headers: vec![("ETag".into(), etag.clone())],
                body: Vec::new(),
                delay: Duration::ZERO,
            },
            _ => reply,
        };
        let mut out = stream;
        let mut head = format!("HTTP/1.1 {} X\r\nConnection: close\r\n", reply.status);
        for (name, value) in &reply.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", reply.body.len()));
        let _ = out.write_all(head.as_bytes());
        let _ = out.write_all(&reply.body);
        let _ = out.flush();
    }
}

/// A news page as sites serve them: the article between a head full of
/// scripts, a navigation bar, a cookie notice, related links and a footer.
/// `charset` is what its `<meta>` says.
pub fn news_page(title: &str, paragraphs: &[&str], charset: &str) -> String {
    let article: String = paragraphs.iter().map(|p| format!("<p>{p}</p>\n")).collect();
    format!(
        r#"<!DOCTYPE html>
<html lang="de"><head><meta charset="{charset}"><title>{title} | Nachrichten</title>
<script>window.dataLayer=[];function track(){{dataLayer.push("Tracking-Skript läuft")}}</script>
<style>.cookie{{position:fixed}}</style>
<script type="application/ld+json">{{"@type":"NewsArticle","headline":"{title}"}}</script>
</head><body>
<header><nav class="site-nav"><ul><li><a href="/">Startseite</a></li><li><a href="/welt">Welt</a></li>
<li><a href="/wirtschaft">Wirtschaft</a></li><li><a href="/sport">Sport</a></li><li><a href="/login">Anmelden</a></li></ul></nav></header>
<div id="cookie-consent" class="cookie-banner">Wir verwenden Cookies 🍪, um Ihr Erlebnis zu verbessern. <button>Alle akzeptieren</button></div>
<main><article><h1>{title}</h1><p class="byline">Von Åsa Ünal und 山田太郎</p>
{article}</article>
<aside class="related"><h2>Mehr zum Thema</h2><ul><li><a href="/a">Zehn Fotos vom Fuji</a></li><li><a href="/b">Börse aktuell: DAX im Plus</a></li><li><a href="/c">Newsletter abonnieren</a></li></ul></aside></main>
<footer><p>© 2026 Beispielverlag · Impressum · Datenschutz · Kontakt</p></footer>
<script>track();</script>
</body></html>"#
    )
}
