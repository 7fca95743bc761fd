//! Headless Chromium (Debian's `chromium` package) for the tests that load
//! a built page in a browser: finding it, skipping without it, and running
//! it once on a page.
//!
//! `.ci/run` installs Chromium when it is missing and sets
//! `EVIDENCE_REQUIRE_BROWSER`, so CI runs these tests and fails without a
//! browser. Elsewhere they are skipped, saying so, when Chromium is not
//! installed or cannot start (`apt-get install -y chromium`, or set
//! `CHROMIUM`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Chromium binary: `$CHROMIUM`, else `chromium` on PATH.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("chromium"))
            .find(|p| p.is_file())
    })
}

/// Skips a test that needs a browser, saying why — or fails it when CI
/// requires the browser (`EVIDENCE_REQUIRE_BROWSER`).
#[track_caller]
pub fn skip(test: &str, why: &str) {
    assert!(
        std::env::var_os("EVIDENCE_REQUIRE_BROWSER").is_none(),
        "{test}: EVIDENCE_REQUIRE_BROWSER is set, but {why}"
    );
    super::skip::note(
        test,
        &format!("{why} (apt-get install -y chromium, or set CHROMIUM)"),
    );
}

/// Runs `browser` headless on `page` in a fresh profile with `args`
/// (`--dump-dom`, `--screenshot=…`, a window size), its stdout to `stdout`.
/// Errors start with "cannot start" when the browser does not run at all.
pub fn run(browser: &Path, args: &[String], page: &str, stdout: Stdio) -> Result<(), String> {
    let profile = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--virtual-time-budget=3000",
        ])
        .args(args)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(page)
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", browser.display()))?;
    // A guard against a browser that never exits, not a timing assertion.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) if status.success() => return Ok(()),
            Some(status) => return Err(format!("{} exited with {status}", browser.display())),
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{} did not finish in 120 s", browser.display()));
            }
            None => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// The DOM of `page` after its scripts ran, in a window of `size`
/// (`"width,height"`), with `extra` flags.
pub fn dump_dom(browser: &Path, page: &str, size: &str, extra: &[&str]) -> Result<String, String> {
    let out = tempfile::NamedTempFile::new().map_err(|e| e.to_string())?;
    let mut args = vec!["--dump-dom".to_owned(), format!("--window-size={size}")];
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    run(
        browser,
        &args,
        page,
        out.reopen().map_err(|e| e.to_string())?.into(),
    )?;
    std::fs::read_to_string(out.path()).map_err(|e| e.to_string())
}

/// What a probe script wrote into `<pre id="probe">` of a dumped DOM, as
/// JSON.
pub fn probe_output(dom: &str) -> Result<serde_json::Value, String> {
    let start = dom.find("<pre id=\"probe\">").ok_or("no probe output")? + 16;
    let end = start + dom[start..].find("</pre>").ok_or("unterminated probe")?;
    let json = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    serde_json::from_str(&json).map_err(|e| format!("{e}: {json}"))
}
