//! The citation card in a real browser: headless Chromium (Debian's
//! `chromium` package) loads a built page with `?evidence-demo=<id>` and
//! dumps the DOM after the script ran. Skipped, saying so, when Chromium is
//! not installed or cannot start here (`apt-get install -y chromium`).

mod common;

use common::TestBook;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Chromium binary: `$CHROMIUM`, else `chromium` on PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("chromium"))
            .find(|p| p.is_file())
    })
}

/// The DOM of `page` after its scripts ran, or why there is none.
fn dump_dom(browser: &Path, page: &str) -> Result<String, String> {
    let profile = tempfile::tempdir().map_err(|e| e.to_string())?;
    let out = tempfile::NamedTempFile::new().map_err(|e| e.to_string())?;
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
            "--virtual-time-budget=3000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(page)
        .stdout(out.reopen().map_err(|e| e.to_string())?)
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", browser.display()))?;
    // A guard against a browser that never exits, not a timing assertion.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) if status.success() => break,
            Some(status) => return Err(format!("{} exited with {status}", browser.display())),
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{} did not finish in 120 s", browser.display()));
            }
            None => std::thread::sleep(Duration::from_millis(100)),
        }
    }
    std::fs::read_to_string(out.path()).map_err(|e| e.to_string())
}

#[test]
fn the_card_shows_in_headless_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "SKIPPED the_card_shows_in_headless_chromium: no chromium on PATH (apt-get install -y chromium, or set CHROMIUM)"
        );
        return;
    };
    let book = TestBook::with_store(
        "mode = \"warn\"",
        common::HOSTILE_STORE,
        &[(
            "c.md",
            "# Card\n\nA paywalled source is cited for this claim [EVID:ev_ft].\n\nA hostile source is cited for this claim [EVID:ev_evil].\n",
        )],
    );
    mdbook_evidence::install::install(book.root(), false).expect("install");
    book.build().expect("builds");
    let page = |query: &str| {
        format!(
            "file://{}?{query}",
            book.root().join("book/c.html").display()
        )
    };

    let dom = match dump_dom(&browser, &page("evidence-demo=ev_ft")) {
        Ok(dom) => dom,
        Err(why) => {
            eprintln!("SKIPPED the_card_shows_in_headless_chromium: {why}");
            return;
        }
    };
    let card_at = dom
        .find("id=\"evidence-card\"")
        .unwrap_or_else(|| panic!("no card in the DOM (did evidence.js load?): {dom}"));
    let card = &dom[dom[..card_at].rfind('<').unwrap()..];
    let card = &card[..card.find("</blockquote>").expect("a passage") + 13];
    assert!(card.contains("role=\"tooltip\""), "{card}");
    assert!(!card.contains(" hidden"), "the card is shown: {card}");
    for part in [
        "Financial Times",
        "Feb 9, 2026",
        "Is the Fed over-tightening?",
        "Tier 2",
        "Paywall",
        "Snippet of a paywalled source",
        "Economists debate whether the Fed went too far",
    ] {
        assert!(card.contains(part), "{part}: {card}");
    }
    assert!(!dom.contains("SECRET"), "{dom}");
    assert!(
        dom.contains("aria-describedby=\"evidence-card\""),
        "the citation points at the card: {dom}"
    );

    // Store text stays text in the card too.
    let dom = dump_dom(&browser, &page("evidence-demo=ev_evil")).expect("second page");
    let card = &dom[dom.find("id=\"evidence-card\"").expect("card")..];
    assert!(
        card.contains("&lt;script&gt;alert(\"pub\")&lt;/script&gt; &amp; Co's"),
        "{card}"
    );
    assert!(card.contains("Monitor-only"), "{card}");
    assert!(
        card.contains("&lt;/a&gt;&lt;script&gt;alert('quote')"),
        "{card}"
    );
    assert!(!dom.contains("<img src=\"x\""), "{dom}");
    assert!(!dom.contains("<script>alert"), "{dom}");
}
