//! The interactive `review`, driven through a pseudo-terminal as a person
//! at a terminal drives it: the real binary, real keys, the bytes the
//! terminal receives read back.

use crate::common::verify::{book, run, stored};
use crate::common::{TestBook, binary};
use expectrl::{Eof, Expect, Session};
use std::time::Duration;

/// A review session on `book` as `reviewer`, on a 100×40 terminal; every
/// byte it writes is kept in `seen`.
struct Terminal {
    session: expectrl::session::OsSession,
    seen: Vec<u8>,
}

impl Terminal {
    fn start(book: &TestBook, reviewer: &str) -> Terminal {
        let mut command = std::process::Command::new(binary());
        command
            .current_dir(book.root())
            .args(["review", ".", "--reviewer", reviewer])
            .env("TERM", "xterm-256color")
            .env_remove("GITHUB_ACTIONS");
        let mut session = Session::spawn(command).expect("spawn in a pseudo-terminal");
        session
            .get_process_mut()
            .set_window_size(100, 40)
            .expect("size the terminal");
        session.set_expect_timeout(Some(Duration::from_secs(60)));
        Terminal {
            session,
            seen: Vec::new(),
        }
    }

    /// Waits for `text` on the screen.
    fn wait(&mut self, text: &str) {
        let found = self
            .session
            .expect(text)
            .unwrap_or_else(|e| panic!("{text:?} never shown: {e}; seen {:?}", self.text()));
        self.seen.extend_from_slice(found.before());
        for m in found.matches() {
            self.seen.extend_from_slice(m);
        }
    }

    fn key(&mut self, keys: &str) {
        self.session.send(keys).expect("send keys");
    }

    /// Sends `signal` to the review.
    fn signal(&mut self, signal: expectrl::process::unix::Signal) {
        self.session
            .get_process_mut()
            .signal(signal)
            .expect("signal sent");
    }

    /// Waits for the end; returns the exit status.
    fn end(mut self) -> (i32, String) {
        let rest = self.session.expect(Eof).expect("the review ends");
        self.seen.extend_from_slice(rest.before());
        for m in rest.matches() {
            self.seen.extend_from_slice(m);
        }
        let status = self.session.get_process().wait().expect("exit status");
        let code = match status {
            expectrl::process::unix::WaitStatus::Exited(_, code) => code,
            other => panic!("{other:?}"),
        };
        (code, self.text())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }
}

#[test]
fn keys_record_verdicts_at_once_and_q_leaves_the_rest() {
    let book = book();
    let mut term = Terminal::start(&book, "Ана 東");
    term.wait("Claim 1 of 2");
    // A note typed (with a non-ASCII word), then `p`artial.
    term.key("n");
    term.wait("Note (Enter keeps");
    term.key("checked the release — 確認\r");
    term.wait("Your note: checked the release — 確認");
    term.key("p");
    term.wait("Claim 2 of 2");
    // Stored at once, before the session ends.
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 1, "{verdicts:?}");
    assert_eq!(verdicts[0]["checker"]["name"], "human:Ана 東");
    assert_eq!(verdicts[0]["score"], 0.5);
    assert_eq!(
        verdicts[0]["note"],
        "partially supported: checked the release — 確認"
    );
    term.key("q");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("1 verdict recorded (0 supported, 1 partial, 0 unsupported)"),
        "{text}"
    );
    assert!(text.contains("1 claim left for the next review"), "{text}");
    assert_eq!(stored(&book).len(), 1);

    // The next review asks only about the claim left; `?` shows the
    // help, any key returns, space skips, and the walk ends by itself.
    let mut term = Terminal::start(&book, "Ана 東");
    term.wait("Claim 1 of 1");
    term.key("?");
    term.wait("any key returns");
    term.key("x");
    term.wait("Claim 1 of 1");
    term.key(" ");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("0 verdicts recorded; 1 claim skipped; 0 claims left"),
        "{text}"
    );
    assert_eq!(stored(&book).len(), 1);

    // `s` and `u`, then nothing is left to ask.
    let mut term = Terminal::start(&book, "Ana");
    term.wait("Claim 1 of 1");
    term.key("u");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 2);
    assert_eq!(
        (
            verdicts[1]["verdict"].as_str(),
            verdicts[1]["score"].as_f64()
        ),
        (Some("unsupported"), Some(0.0))
    );
    // Nothing left: said so, the terminal untouched.
    let mut term = Terminal::start(&book, "Ana");
    term.wait("no claim needs a person");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("\u{1b}[?1049h"), "{text:?}");
}

#[test]
fn ctrl_c_quits_and_puts_the_terminal_back() {
    let book = book();
    let mut term = Terminal::start(&book, "Ana");
    term.wait("Claim 1 of 2");
    term.key("s");
    term.wait("Claim 2 of 2");
    term.key("\u{3}");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    // The alternate screen left, the cursor shown again.
    assert!(text.contains("\u{1b}[?1049l"), "{text:?}");
    assert!(text.contains("\u{1b}[?25h"), "{text:?}");
    assert!(text.contains("1 verdict recorded (1 supported"), "{text}");
    assert_eq!(stored(&book).len(), 1);
}

#[test]
fn a_signal_ends_the_walk_with_the_terminal_put_back() {
    use expectrl::process::unix::Signal;
    for signal in [Signal::SIGTERM, Signal::SIGHUP, Signal::SIGINT] {
        let book = book();
        let mut term = Terminal::start(&book, "Ana");
        term.wait("Claim 1 of 2");
        term.key("u");
        term.wait("Claim 2 of 2");
        term.signal(signal);
        let (code, text) = term.end();
        assert_eq!(code, 130, "{signal:?}: {text}");
        assert!(text.contains("\u{1b}[?1049l"), "{signal:?}: {text:?}");
        assert!(text.contains("stopped by a signal"), "{signal:?}: {text}");
        assert!(text.contains("1 claim left"), "{signal:?}: {text}");
        assert_eq!(stored(&book).len(), 1, "{signal:?}");
    }
}

#[test]
fn hostile_text_never_reaches_the_terminal_raw() {
    // A title that sets the window title and clears the screen, a claim
    // with a colour escape, an 8-bit CSI, right-to-left overrides and an
    // isolate, in Arabic and CJK text with combining marks and an emoji.
    let store = r#"{"schema_version": "evidence.v1",
      "sources": [{"source_id": "s", "publisher": "Ex\u001b]0;pwned\u0007", "tier": 1}],
      "evidence": [
      {"id": "ev_x", "source_id": "s", "url": "https://example.org/x",
       "title": "T\u001b[2J\u202eitle", "published_at": "2026-01-01T00:00:00Z",
       "quote_span": {"text": "Exports rose 12 percent in 2025 \u001b[31mred\u001b[0m to 東京 and الرياض."}}]}"#;
    let chapter = "# Trade\n\nExports rose 12 percent in 2025 \u{1b}[31mred\u{1b}[0m \u{202e}gnol\u{2066} to 東京 e\u{301} 🚢 [EVID:ev_x].\n";
    let book = TestBook::with_store("store = \"evidence\"", store, &[("trade.md", chapter)]);
    let mut term = Terminal::start(&book, "Ana\u{202e}");
    term.wait("Claim 1 of 1");
    term.wait("\\u{1b}[2J");
    term.key("u");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    // (The UI's own sequences are crossterm's: `\u{1b}[2J` clears the
    // screen; the input's are recognised by the text around them.)
    for raw in [
        "\u{1b}]0;pwned",
        "T\u{1b}[2J",
        "2025 \u{1b}[31m",
        "\u{202e}",
        "\u{2066}",
        "\u{7}",
    ] {
        assert!(
            !text.contains(raw),
            "{raw:?} reached the terminal: {text:?}"
        );
    }
    // Shown as escapes, so the reviewer sees what the text holds.
    for shown in ["\\u{1b}]0;pwned\\u{7}", "\\u{1b}[31mred", "\\u{202e}gnol"] {
        assert!(text.contains(shown), "{shown} not shown: {text:?}");
    }
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 1);
    assert_eq!(verdicts[0]["checker"]["name"], "human:Ana");
}

#[test]
fn without_a_terminal_review_says_to_use_at() {
    let book = book();
    let out = run(&book, &["review", ".", "--reviewer", "Ana"], &[]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("standard input is not one")
            && out
                .stderr
                .contains("--at FILE:LINE --verdict supported|partial|unsupported"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
    // --at needs --verdict, and --verdict and --note need --at.
    for args in [
        &["review", ".", "--at", "src/brief.md:3"][..],
        &["review", ".", "--verdict", "supported"][..],
        &["review", ".", "--note", "checked"][..],
    ] {
        let out = run(&book, args, &[]);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("required"), "{}", out.stderr);
    }
    assert!(stored(&book).is_empty());
}

#[test]
fn the_claim_a_model_found_unsupported_comes_first_and_a_person_overrules_it() {
    let book = book();
    let server = crate::common::verify::ChatServer::start(crate::common::verify::minicheck);
    assert_eq!(crate::common::verify::verify(&book, &server, &[]).code, 0);
    let (code, _) = book.check_json();
    assert_eq!(code, 1, "the model's `No` fails the build");
    let mut term = Terminal::start(&book, "Ana");
    // Line 5 (the model's `No`) first; line 3, which the model found
    // supported, is asked about only if a lexical rule flagged it.
    term.wait("src/brief.md:5 · a model found it unsupported");
    term.wait("`bespoke-minicheck/minicheck 1`: not supported (score 0)");
    term.key("s");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
}

#[test]
fn a_passage_longer_than_the_screen_scrolls() {
    let sentence = "The harbour authority reported that container volumes rose in March across every terminal. ";
    let passage = sentence.repeat(60) + "東京 closing line.";
    let store = format!(
        r#"{{"schema_version": "evidence.v1",
      "sources": [{{"source_id": "s", "publisher": "Port", "tier": 1}}],
      "evidence": [{{"id": "ev_p", "source_id": "s", "url": "https://example.org/p", "title": "Volumes",
       "published_at": "2026-01-01T00:00:00Z", "quote_span": {{"text": "{passage}"}}}}]}}"#
    );
    let chapter = "# Port\n\nContainer volumes rose in March across every terminal [EVID:ev_p].\n";
    let book = TestBook::with_store("store = \"evidence\"", &store, &[("port.md", chapter)]);
    let mut term = Terminal::start(&book, "Ana");
    term.wait("↓ more below (Down, PgDn)");
    // PgDn, then Down to the end: the last line shows, nothing below.
    term.key("\u{1b}[6~");
    term.wait("↑ more above (Up, PgUp)");
    for _ in 0..40 {
        term.key("\u{1b}[B");
    }
    term.wait("closing line.");
    term.key("s");
    let (code, text) = term.end();
    assert_eq!(code, 0, "{text}");
    assert_eq!(stored(&book).len(), 1);
}
