//! A real chat-completions server for `verify`'s tests: a TCP listener on
//! a free local port speaking HTTP/1.1, answering `POST …/chat/completions`
//! as the OpenAI API does, with answers scripted per claim. It records
//! every request it receives. And the book, the script and the runs of
//! `verify` that its tests share.

#![allow(dead_code)]

use crate::common::{TestBook, binary};
use assert_cmd::Command;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// One request as received.
#[derive(Debug, Clone)]
pub struct Request {
    pub path: String,
    /// Header names lowercase.
    pub headers: Vec<(String, String)>,
    pub body: Value,
    /// The claim the request asks about (from either prompt's layout).
    pub claim: String,
}

/// What the server sends back.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// A chat completion whose message is `content`, with `usage`.
    pub fn answer(content: &str) -> Reply {
        Reply {
            status: 200,
            headers: Vec::new(),
            body: json!({
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": "test-model",
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": content}}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 2, "total_tokens": 102}
            })
            .to_string(),
        }
    }

    /// `status` with an OpenAI-style error body and `Retry-After: 0`, so
    /// that retries do not wait.
    pub fn error(status: u16, message: &str) -> Reply {
        Reply {
            status,
            headers: vec![("Retry-After".into(), "0".into())],
            body: json!({"error": {"message": message, "type": "api_error"}}).to_string(),
        }
    }
}

/// The script: given a request and how many earlier requests asked about
/// the same claim, the reply.
pub type Script = dyn Fn(&Request, usize) -> Reply + Send + Sync;

/// A running server.
pub struct ChatServer {
    /// The API base to give `--api-base` (`http://127.0.0.1:PORT/v1`).
    pub base: String,
    requests: Arc<Mutex<Vec<Request>>>,
}

impl ChatServer {
    /// Starts a server answering with `script`; it runs until the test
    /// process ends.
    pub fn start(script: impl Fn(&Request, usize) -> Reply + Send + Sync + 'static) -> ChatServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().unwrap().port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let script: Arc<Script> = Arc::new(script);
        let seen = requests.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (seen, script) = (seen.clone(), script.clone());
                std::thread::spawn(move || serve(stream, &seen, &*script));
            }
        });
        ChatServer {
            base: format!("http://127.0.0.1:{port}/v1"),
            requests,
        }
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }

    /// How many requests were received.
    pub fn count(&self) -> usize {
        self.requests.lock().unwrap().len()
    }
}

/// Serves the requests of one connection (kept alive between them).
fn serve(stream: TcpStream, seen: &Mutex<Vec<Request>>, script: &Script) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut writer = stream;
    loop {
        let mut start = String::new();
        if reader.read_line(&mut start).unwrap_or(0) == 0 {
            return;
        }
        let path = start.split_whitespace().nth(1).unwrap_or("").to_owned();
        let mut headers = Vec::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.push((name.trim().to_lowercase(), value.trim().to_owned()));
            }
        }
        let length: usize = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or(0);
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        let request = Request {
            claim: claim_of(&body),
            path: path.clone(),
            headers,
            body,
        };
        let earlier = {
            let mut seen = seen.lock().unwrap();
            let earlier = seen.iter().filter(|r| r.claim == request.claim).count();
            seen.push(request.clone());
            earlier
        };
        let reply = if path.ends_with("/chat/completions") {
            script(&request, earlier)
        } else {
            Reply::error(404, "no such route")
        };
        let mut head = format!(
            "HTTP/1.1 {} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
            reply.status,
            reply.body.len()
        );
        for (name, value) in &reply.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        if writer.write_all(head.as_bytes()).is_err()
            || writer.write_all(reply.body.as_bytes()).is_err()
        {
            return;
        }
    }
}

/// The claim of a request: after `Claim: ` (MiniCheck's prompts) or
/// `CLAIM:\n` (the judges'), in the last message; the last message itself
/// when it is the assistant's (Granite Guardian's).
fn claim_of(body: &Value) -> String {
    let last = body["messages"].as_array().and_then(|m| m.last());
    let text = last.and_then(|m| m["content"].as_str()).unwrap_or("");
    if last.is_some_and(|m| m["role"] == "assistant") {
        return text.to_owned();
    }
    for mark in ["\nClaim: ", "\n\nCLAIM:\n"] {
        if let Some(at) = text.rfind(mark) {
            return text[at + mark.len()..].to_owned();
        }
    }
    String::new()
}

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

pub const BRIEF: &str = "# Brief\n\nConsumer prices increased in January, led by shelter [EVID:ev_cpi].\n\nPayroll employment fell in January, with losses in health care [EVID:ev_jobs].\n";

/// A book whose store is the `evidence` directory, with [`BRIEF`].
pub fn book() -> TestBook {
    TestBook::with_store("store = \"evidence\"", STORE, &[("brief.md", BRIEF)])
}

/// MiniCheck's way: `No` for a claim saying "fell", `Yes` otherwise.
pub fn minicheck(request: &Request, _: usize) -> Reply {
    Reply::answer(if request.claim.contains("fell") {
        "No"
    } else {
        "Yes"
    })
}

/// The outcome of one `verify` run.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `verify` on `book` against `base`, with `args` after the model, no
/// API key unless `env` sets one, no proxy and no CI environment.
pub fn verify_at(book: &TestBook, base: &str, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut all = vec![
        "verify",
        ".",
        "--api-base",
        base,
        "--model",
        "bespoke-minicheck",
    ];
    all.extend_from_slice(args);
    run(book, &all, env)
}

/// Runs the binary with `args` in `book`, with no API key unless `env` sets
/// one, no proxy and no CI environment.
pub fn run(book: &TestBook, args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = Command::new(binary())
        .current_dir(book.root())
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

pub fn verify(book: &TestBook, server: &ChatServer, args: &[&str]) -> Run {
    verify_at(book, &server.base, args, &[])
}

/// The verdicts `verify` stored, one JSON value a line.
pub fn stored(book: &TestBook) -> Vec<serde_json::Value> {
    let text =
        std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap_or_default();
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The diagnostics of `rule` in a JSON check report.
pub fn findings(report: &serde_json::Value, rule: &str) -> Vec<serde_json::Value> {
    report["violations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["rule"] == rule)
        .cloned()
        .collect()
}
