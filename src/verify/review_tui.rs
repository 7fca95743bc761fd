//! `mdbook-evidence review BOOK` at a terminal: walks the claims that need
//! a person ([`super::review_queue`]), riskiest first, one screen each
//! ([`super::review_screen`]), and stores each decision at once, as
//! `review --at` does. The terminal is put back (raw mode off, the main
//! screen, the cursor shown) however the walk ends: a key, an error, a
//! panic, a signal (SIGTERM, SIGHUP, a SIGINT sent from outside). Ctrl-C
//! is a key in raw mode and quits like `q`.

use crate::session::Session;
use crate::verify::review::{ReviewArgs, ReviewVerdict, person, reviewer, verdict_line};
use crate::verify::review_queue::{Pending, pending};
use crate::verify::review_screen::{View, draw, layout, size};
use crate::verify::verdicts;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use evidence_core::display::counted;
use evidence_core::display::stream::inert_line;
use evidence_core::env::Environment;
use evidence_core::store::Checker;
use evidence_verify::units::units;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Runs the interactive review of the book read in `environment`; returns
/// the exit status: 0, or 130 when a signal ended it.
pub(super) fn run(args: &ReviewArgs, environment: &Environment) -> anyhow::Result<u8> {
    let not_terminal = [
        ("standard input", std::io::stdin().is_terminal()),
        ("standard output", std::io::stdout().is_terminal()),
    ]
    .into_iter()
    .find(|(_, is)| !is);
    if let Some((which, _)) = not_terminal {
        anyhow::bail!(
            "without --at, review walks the claims at a terminal, and {which} is not one; record a verdict with `--at FILE:LINE --verdict supported|partial|unsupported` (the claims' places: `mdbook-evidence export-claims`)"
        );
    }
    let name = reviewer(args)?;
    let (session, book) = Session::read_book(&args.book_dir, environment)?;
    let citations = session.citations(&book);
    let all = units(citations, session.store());
    let mut err = std::io::stderr();
    if all.is_empty() {
        let _ = writeln!(
            err,
            "mdbook-evidence review: no claim cites an item that has a passage, so there is nothing to review (`mdbook-evidence check` says which citations lack one)"
        );
        return Ok(0);
    }
    let queue = pending(&session, &book, all)?;
    if queue.is_empty() {
        let _ = writeln!(
            err,
            "mdbook-evidence review: no claim needs a person: each is judged (supported by a model and flagged by no lexical rule, or judged by a person)"
        );
        return Ok(0);
    }
    let target = verdicts::target(&session).map_err(anyhow::Error::msg)?;
    let walk = Walk {
        session: &session,
        target: &target,
        checker: person(&name),
        queue: &queue,
        tally: Tally::default(),
    };
    let (tally, failed) = {
        let _screen = Screen::enter()?;
        walk.run()
    };
    let _ = writeln!(err, "{}", inert_line(&tally.line(queue.len(), &target)));
    if let Some(failed) = failed {
        return Err(failed);
    }
    if signalled() {
        let _ = writeln!(
            err,
            "mdbook-evidence review: stopped by a signal; the verdicts recorded are kept"
        );
        return Ok(130);
    }
    Ok(0)
}

/// Set when a signal asks the walk to end.
static SIGNALLED: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();

fn signalled() -> bool {
    SIGNALLED.get().is_some_and(|s| s.load(Ordering::Relaxed))
}

/// Makes SIGTERM, SIGHUP and SIGINT set [`SIGNALLED`] instead of ending
/// the process with the terminal in raw mode.
fn catch_signals() {
    let flag = SIGNALLED.get_or_init(|| Arc::new(AtomicBool::new(false)));
    #[cfg(unix)]
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        // Not registered: the signal keeps its default action.
        let _ = signal_hook::flag::register(signal, flag.clone());
    }
    #[cfg(not(unix))]
    let _ = flag;
}

/// What the walk did.
#[derive(Debug, Default)]
struct Tally {
    /// Verdicts recorded: supported, partial, unsupported.
    recorded: [usize; 3],
    skipped: usize,
    /// Claims seen (decided or skipped).
    seen: usize,
}

impl Tally {
    /// The summary line printed once the terminal is back.
    fn line(&self, total: usize, target: &Path) -> String {
        let [s, p, u] = self.recorded;
        let all = s + p + u;
        let mut line = format!(
            "mdbook-evidence review: {} recorded",
            counted(all, "verdict", "verdicts")
        );
        if all > 0 {
            line.push_str(&format!(
                " ({s} supported, {p} partial, {u} unsupported) in {}",
                target.display()
            ));
        }
        line.push_str(&format!(
            "; {} skipped; {} left for the next review",
            counted(self.skipped, "claim", "claims"),
            counted(total - self.seen, "claim", "claims")
        ));
        line
    }
}

/// The walk through the queue.
struct Walk<'w> {
    session: &'w Session,
    target: &'w Path,
    checker: Checker,
    queue: &'w [Pending],
    tally: Tally,
}

/// What a key asks for.
enum Act {
    Verdict(ReviewVerdict),
    Note,
    Skip,
    Quit,
    Help,
    /// Scroll by this many lines (a page: [`page`]).
    Scroll(isize),
    /// Nothing: redraw (a resize, another key).
    Redraw,
}

impl Walk<'_> {
    /// Walks until the queue ends, `q`, or an error; returns what was done
    /// and the error, if any.
    fn run(mut self) -> (Tally, Option<anyhow::Error>) {
        let failed = self.walk().err();
        (self.tally, failed)
    }

    fn walk(&mut self) -> anyhow::Result<()> {
        let mut out = std::io::stdout();
        let mut status = "Your verdict? (? for help)".to_owned();
        let mut note: Option<String> = None;
        let mut help = false;
        let mut scroll = 0;
        let reviewer = self.checker.name.trim_start_matches("human:").to_owned();
        while let Some(pending) = self.queue.get(self.tally.seen) {
            let view = View {
                at: self.tally.seen,
                total: self.queue.len(),
                reviewer: &reviewer,
                note: note.as_deref(),
                status: &status,
                typing: None,
                help,
                scroll,
            };
            let (width, _) = size();
            scroll = draw(&mut out, &layout(pending, &view, width), &view)?;
            let act = next_act()?;
            if help {
                help = false;
                continue;
            }
            match act {
                Act::Verdict(verdict) => {
                    let line = verdict_line(
                        &pending.unit,
                        verdict,
                        note.as_deref(),
                        &self.checker,
                        &crate::verify::now(),
                    );
                    verdicts::append(self.session, self.target, &line)?;
                    self.tally.recorded[verdict as usize] += 1;
                    self.tally.seen += 1;
                    note = None;
                    scroll = 0;
                    status = format!(
                        "Recorded: {}:{} {} (in {}).",
                        pending.unit.file,
                        pending.unit.line,
                        verdict.said(),
                        self.target.display()
                    );
                }
                Act::Skip => {
                    self.tally.skipped += 1;
                    self.tally.seen += 1;
                    note = None;
                    scroll = 0;
                    status = format!("Skipped {}:{}.", pending.unit.file, pending.unit.line);
                }
                Act::Note => {
                    if let Some(typed) = type_note(&mut out, pending, &view)? {
                        note = Some(typed);
                    }
                }
                Act::Quit => break,
                Act::Help => help = true,
                Act::Scroll(by) => scroll = scroll.saturating_add_signed(by),
                Act::Redraw => {}
            }
        }
        Ok(())
    }
}

/// The next key pressed, as an act.
fn next_act() -> std::io::Result<Act> {
    let key = match next_input()? {
        Input::Key(key) => key,
        Input::Other => return Ok(Act::Redraw),
        Input::Signal => return Ok(Act::Quit),
    };
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return Ok(match key.code {
            KeyCode::Char('c' | 'd') => Act::Quit,
            _ => Act::Redraw,
        });
    }
    Ok(match key.code {
        KeyCode::Char('s' | 'S') => Act::Verdict(ReviewVerdict::Supported),
        KeyCode::Char('p' | 'P') => Act::Verdict(ReviewVerdict::Partial),
        KeyCode::Char('u' | 'U') => Act::Verdict(ReviewVerdict::Unsupported),
        KeyCode::Char('n' | 'N') => Act::Note,
        KeyCode::Char('k' | 'K' | ' ') => Act::Skip,
        KeyCode::Char('q' | 'Q') => Act::Quit,
        KeyCode::Char('?' | 'h') => Act::Help,
        KeyCode::Up => Act::Scroll(-1),
        KeyCode::Down => Act::Scroll(1),
        KeyCode::PageUp => Act::Scroll(-page()),
        KeyCode::PageDown => Act::Scroll(page()),
        _ => Act::Redraw,
    })
}

/// Lines a page scrolls: the screen's, less the status, keys and hints.
fn page() -> isize {
    isize::try_from(size().1.saturating_sub(5).max(1)).unwrap_or(1)
}

/// What was read: a key press, another event (a resize), or a signal.
enum Input {
    Key(KeyEvent),
    Other,
    Signal,
}

/// The next key press, other event or signal.
fn next_input() -> std::io::Result<Input> {
    while !event::poll(std::time::Duration::from_millis(200))? {
        if signalled() {
            return Ok(Input::Signal);
        }
    }
    Ok(match event::read()? {
        Event::Key(key) if key.kind == KeyEventKind::Press => Input::Key(key),
        _ => Input::Other,
    })
}

/// Reads a note on the bottom line: Enter keeps it, Esc or Ctrl-C drops
/// it; at most 200 characters.
fn type_note(
    out: &mut impl Write,
    pending: &Pending,
    view: &View,
) -> std::io::Result<Option<String>> {
    let mut typed = String::new();
    loop {
        let typing = View {
            typing: Some(&typed),
            note: view.note,
            status: view.status,
            reviewer: view.reviewer,
            ..*view
        };
        let (width, _) = size();
        draw(out, &layout(pending, &typing, width), &typing)?;
        let key = match next_input()? {
            Input::Key(key) => key,
            Input::Other => continue,
            Input::Signal => return Ok(None),
        };
        match key.code {
            KeyCode::Enter => {
                let kept = typed.trim().to_owned();
                return Ok((!kept.is_empty()).then_some(kept));
            }
            KeyCode::Esc => return Ok(None),
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return Ok(None);
            }
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c)
                if !key.modifiers.contains(KeyModifiers::CONTROL)
                    && typed.chars().count() < 200 =>
            {
                typed.push(c);
            }
            _ => {}
        }
    }
}

/// The terminal in raw mode on the alternate screen, for as long as this
/// lives; put back when dropped, and before a panic's message is printed.
struct Screen;

impl Screen {
    fn enter() -> std::io::Result<Screen> {
        catch_signals();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        terminal::enable_raw_mode()?;
        // Dropped on an error, which restores.
        let screen = Screen;
        execute!(
            std::io::stdout(),
            terminal::EnterAlternateScreen,
            cursor::Hide
        )?;
        Ok(screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Raw mode off, the main screen back, the cursor shown.
fn restore() {
    let _ = execute!(
        std::io::stdout(),
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
}
