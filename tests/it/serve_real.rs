//! The serve preview through the real `mdbook serve`: a chapter that would
//! stop the build is served with its errors at the top, and a save that
//! fixes it is served fixed; `mdbook build` of the failing book still
//! stops. The `mdbook` binary is the one `bench/run` and `.ci/run` install
//! (`target/tools/bin/mdbook`), or `MDBOOK_BIN`; without one the test says
//! it was skipped, unless `EVIDENCE_REQUIRE_MDBOOK` is set (as `.ci/run`
//! sets it after installing mdBook).

use crate::common::{TestBook, binary};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CI_VARS: [&str; 5] = ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"];

const CHAPTER: &str = "# 東京 brief\n\n\
    - Stocks crashed in 東京\u{a0}today, traders said.\n\
    - The Fed held rates steady this month [EVID:ev_made_up].\n";

/// The `mdbook` binary to run, if there is one.
fn mdbook() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("MDBOOK_BIN").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tools/bin/mdbook")),
    ];
    let found = candidates.into_iter().flatten().find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("EVIDENCE_REQUIRE_MDBOOK").is_none(),
            "EVIDENCE_REQUIRE_MDBOOK is set but no mdbook binary was found (MDBOOK_BIN or target/tools/bin/mdbook)"
        );
        crate::common::skip::note(
            "the real `mdbook serve`",
            "no mdbook binary (cargo install mdbook@0.5.4 --locked --root target/tools, or set MDBOOK_BIN)",
        );
    }
    found
}

/// The `mdbook serve` process, killed when the test ends, however it ends.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on the loopback interface.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The body of `GET path`, if the server answers 200.
fn get(port: u16, path: &str) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n")?;
    head.starts_with("HTTP/1.1 200")
        .then(|| body.to_owned())
        .or_else(|| head.starts_with("HTTP/1.0 200").then(|| body.to_owned()))
}

/// Waits up to a minute for `GET path` to hold `wanted`; the last body.
fn wait_for(port: u16, path: &str, wanted: &str) -> String {
    let start = Instant::now();
    let mut last = String::new();
    while start.elapsed() < Duration::from_secs(60) {
        if let Some(body) = get(port, path) {
            if body.contains(wanted) {
                return body;
            }
            last = body;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!("`{wanted}` never served at {path}; last page:\n{last}");
}

#[test]
fn mdbook_serve_shows_the_failing_chapter_then_the_fixed_one() {
    let Some(mdbook) = mdbook() else { return };
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
    let port = free_port();
    let mut command = Command::new(&mdbook);
    command
        .args(["serve", "-n", "127.0.0.1", "-p", &port.to_string()])
        .arg(book.root())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    for var in CI_VARS {
        command.env_remove(var);
    }
    let served = Served(command.spawn().expect("mdbook serve starts"));

    let page = wait_for(port, "/c.html", "Preview:");
    assert!(page.contains("stops on this chapter (2 errors)"), "{page}");
    assert!(page.contains("<code>unknown-evidence</code>"), "{page}");
    assert!(page.contains("Unverified Summary"), "{page}");

    // A save that fixes the chapter is served without the preview note.
    std::fs::write(book.root().join("src/c.md"), "# 東京 fixed\n").unwrap();
    let start = Instant::now();
    loop {
        let page = get(port, "/c.html").unwrap_or_default();
        if page.contains("東京 fixed") && !page.contains("Preview:") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the fixed chapter was never served:\n{page}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }

    // `mdbook build` of a failing book still stops, with the same binary.
    drop(served);
    std::fs::write(book.root().join("src/c.md"), CHAPTER).unwrap();
    let build = Command::new(&mdbook)
        .arg("build")
        .arg(book.root())
        .output()
        .expect("mdbook build runs");
    assert!(!build.status.success(), "the build stops");
    // The preprocessor mdBook ran is this crate's binary.
    let toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
    assert!(toml.contains(&binary().display().to_string()));
}
