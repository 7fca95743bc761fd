//! Measures `fetch` on the real reports (`shared/corpora/realreports/
//! dev.jsonl`, or `$EVIDENCE_CORPUS_DIR/realreports`): the book
//! `realreports_eval` builds, checked with its stored passages; then the
//! same book made URL-only (every item its address and title alone, as a
//! web-search answer gives them), each page served on 127.0.0.1 holding
//! its passage among a page's furniture, `fetch`ed and checked again. It
//! prints how many citations got a passage, how many records the support
//! rules judge differently, then `fetch --recheck` after a tenth of the
//! pages changed and a twentieth went, against what it found; and fetch's
//! cost (pages a second, the child's peak memory).
//!
//! ```sh
//! cargo build --release && cargo run --release --example fetch_eval
//! ```

#[allow(dead_code)]
#[path = "../realreports_eval/book.rs"]
mod book;

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The rules that judge a claim against its passage, as `realreports_eval`
/// counts them.
const SUPPORT_RULES: [&str; 5] = [
    "claim-not-in-evidence",
    "claim-partly-in-evidence",
    "number-not-in-evidence",
    "number-contradicts-evidence",
    "subject-not-in-evidence",
];

type Pages = Arc<Mutex<HashMap<String, (u16, String)>>>;

fn main() {
    let dir = std::env::var_os("EVIDENCE_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora"));
    let records = book::read_real(&dir.join("realreports/dev.jsonl")).unwrap_or_else(|e| fail(&e));
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let placements = book::write(root, &records, false, book::Layout::Lines).unwrap();
    let given = flags_by_line(root);

    let pages: Pages = Arc::default();
    let port = serve(pages.clone());
    let passages = url_only(root, port, &pages);
    let started = Instant::now();
    let (stderr, rss) = fetch(root, &[]);
    let seconds = started.elapsed().as_secs_f64();
    let fetched = fetched_records(root);
    let read = fetched
        .values()
        .filter(|r| r["status"] == "fetched")
        .count();
    let with_passage = fetched
        .values()
        .filter(|r| r["passages"].as_array().is_some_and(|p| !p.is_empty()))
        .count();
    let from_fetch = flags_by_line(root);
    let mut same = 0;
    let mut differ = Vec::new();
    for p in &placements {
        let key = (p.file.clone(), p.line);
        let a = given.get(&key).cloned().unwrap_or_default();
        let b = from_fetch.get(&key).cloned().unwrap_or_default();
        if a.is_empty() == b.is_empty() {
            same += 1;
        } else {
            differ.push((key, a, b));
        }
    }
    let flagged = |m: &BTreeMap<(String, usize), Vec<String>>| {
        placements
            .iter()
            .filter(|p| m.contains_key(&(p.file.clone(), p.line)))
            .count()
    };
    println!(
        "records: {}; items (pages): {}",
        records.len(),
        passages.len()
    );
    println!(
        "fetch: {read} of {} pages read, {with_passage} items with a located passage",
        passages.len()
    );
    println!("{}", stderr.lines().last().unwrap_or_default());
    println!(
        "fetch cost: {:.2} s for {} pages ({:.0} pages/s, --jobs 4 --delay 0, one local host), peak RSS {:.1} MB",
        seconds,
        passages.len(),
        passages.len() as f64 / seconds,
        rss as f64 / 1024.0
    );
    println!(
        "records flagged by a support rule: {} with the stored passages, {} with the fetched pages; the same verdict (flagged or not) on {same} of {}",
        flagged(&given),
        flagged(&from_fetch),
        placements.len()
    );
    for ((file, line), a, b) in differ.iter().take(12) {
        println!("  differs: {file}:{line}: given {a:?}, fetched {b:?}");
    }
    recheck(root, &pages, &passages);
}

/// The support-rule flags of `check`, by (file, line).
fn flags_by_line(root: &Path) -> BTreeMap<(String, usize), Vec<String>> {
    let out = Command::new(binary())
        .args(["check", "--format", "json"])
        .arg(root)
        .current_dir(root)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        fail(&format!(
            "no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    });
    let mut flags: BTreeMap<(String, usize), Vec<String>> = BTreeMap::new();
    for v in report["violations"].as_array().into_iter().flatten() {
        let rule = v["rule"].as_str().unwrap_or_default();
        if !SUPPORT_RULES.contains(&rule) {
            continue;
        }
        let file = v["file"].as_str().unwrap_or_default().to_string();
        let line = v["line"].as_u64().unwrap_or_default() as usize;
        flags
            .entry((file, line))
            .or_default()
            .push(rule.to_string());
    }
    flags
}

/// Strips every item of its passage and points it at a page of the local
/// server that holds the passage; the passages by id.
fn url_only(root: &Path, port: u16, pages: &Pages) -> BTreeMap<String, String> {
    let mut passages = BTreeMap::new();
    for entry in std::fs::read_dir(root.join("evidence")).unwrap() {
        let path = entry.unwrap().path();
        let mut store: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Some(items) = store["evidence"].as_array_mut() else {
            continue;
        };
        for item in items {
            let id = item["id"].as_str().unwrap().to_string();
            let passage = item["quote_span"]["text"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            item.as_object_mut().unwrap().remove("quote_span");
            item["url"] = Value::String(format!("http://127.0.0.1:{port}/p/{id}"));
            pages
                .lock()
                .unwrap()
                .insert(format!("/p/{id}"), (200, page(&passage)));
            passages.insert(id, passage);
        }
        std::fs::write(&path, serde_json::to_string_pretty(&store).unwrap()).unwrap();
    }
    passages
}

/// A page holding `passage` as its article, among furniture.
fn page(passage: &str) -> String {
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    format!(
        "<!DOCTYPE html><html><head><title>Article</title><script>var tracker = 'cookie consent banner';</script></head><body>\
<nav><a href=\"/\">Home</a> <a href=\"/world\">World</a> <a href=\"/business\">Business</a> <a href=\"/subscribe\">Subscribe</a></nav>\
<div class=\"cookie-banner\">We use cookies to improve your experience. Accept all cookies?</div>\
<article><h1>Article</h1><p>{}</p></article>\
<aside class=\"related\"><h2>Related</h2><ul><li><a href=\"/a\">Ten photos of the week</a></li><li><a href=\"/b\">Newsletter sign-up</a></li></ul></aside>\
<footer>© 2026 Publisher · Privacy · Terms · Contact</footer></body></html>",
        escape(passage)
    )
}

/// Runs `fetch` on the book: its stderr and the peak RSS (KiB) of the
/// children so far.
fn fetch(root: &Path, extra: &[&str]) -> (String, i64) {
    let out = Command::new(binary())
        .args([
            "fetch",
            "--allow-host",
            "127.0.0.1",
            "--delay",
            "0",
            "--jobs",
            "4",
        ])
        .args(extra)
        .arg(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        fail(&stderr);
    }
    // SAFETY: getrusage fills the struct it is given.
    let rss = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage.ru_maxrss
    };
    (stderr, rss)
}

fn fetched_records(root: &Path) -> BTreeMap<String, Value> {
    std::fs::read_to_string(root.join("evidence/fetched.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["id"].as_str().unwrap().to_string(), v)
        })
        .collect()
}

/// Changes every tenth page (its passage's words reversed), takes every
/// twentieth away (404), rechecks, and compares what was found.
fn recheck(root: &Path, pages: &Pages, passages: &BTreeMap<String, String>) {
    let mut truth: BTreeMap<&str, &str> = BTreeMap::new();
    for (n, (id, passage)) in passages.iter().enumerate() {
        let path = format!("/p/{id}");
        if n % 20 == 7 {
            pages
                .lock()
                .unwrap()
                .insert(path, (404, "<h1>Not found</h1>".into()));
            truth.insert(id, "gone");
        } else if n % 10 == 3 {
            let reversed: Vec<&str> = passage.split_whitespace().rev().collect();
            pages
                .lock()
                .unwrap()
                .insert(path, (200, page(&reversed.join(" "))));
            truth.insert(id, "changed");
        } else {
            truth.insert(id, "unchanged");
        }
    }
    fetch(root, &["--recheck"]);
    let found = fetched_records(root);
    let mut table: BTreeMap<(&str, String), usize> = BTreeMap::new();
    for (id, expected) in &truth {
        let outcome = found
            .get(*id)
            .and_then(|r| r["recheck"]["outcome"].as_str())
            .unwrap_or("not rechecked")
            .to_string();
        *table.entry((expected, outcome)).or_default() += 1;
    }
    println!("recheck (truth -> outcome: pages):");
    for ((expected, outcome), n) in table {
        println!("  {expected} -> {outcome}: {n}");
    }
    let (_, report) = (0, flags_all(root));
    println!("check after the recheck: {report}");
}

/// How many findings of the page rules `check` reports.
fn flags_all(root: &Path) -> String {
    let out = Command::new(binary())
        .args(["check", "--format", "json"])
        .arg(root)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for v in report["violations"].as_array().into_iter().flatten() {
        let rule = v["rule"].as_str().unwrap_or_default();
        if rule.starts_with("source-") {
            *counts.entry(rule.to_string()).or_default() += 1;
        }
    }
    format!("{counts:?}")
}

/// A local web server answering from `pages` (404 for any other path).
fn serve(pages: Pages) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let pages = pages.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                let _ = reader.read_line(&mut line);
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
                        break;
                    }
                }
                let (status, body) = pages
                    .lock()
                    .unwrap()
                    .get(&path)
                    .cloned()
                    .unwrap_or((404, String::new()));
                let mut out = stream;
                let _ = write!(
                    out,
                    "HTTP/1.1 {status} X\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
    port
}

fn binary() -> PathBuf {
    std::env::var_os("EVIDENCE_EVAL_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let exe = std::env::current_exe().unwrap();
            exe.parent()
                .and_then(Path::parent)
                .map(|d| d.join("mdbook-evidence"))
                .filter(|b| b.is_file())
                .unwrap_or_else(|| fail("build the binary first: cargo build --release"))
        })
}

fn fail(message: &str) -> ! {
    eprintln!("fetch_eval: {message}");
    std::process::exit(2)
}
