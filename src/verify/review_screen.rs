//! What the interactive `review` draws: a claim, each passage it cites
//! with the claim's words marked, the models' verdicts, and the keys. The
//! text is laid out here as lines of pieces (pure, tested without a
//! terminal) and then drawn with crossterm. Everything shown from the book
//! (claims, passages, ids, titles, notes) goes through [`shown`] first, so
//! that no escape sequence, control or bidirectional control from an input
//! reaches the terminal: each is written as a visible `\u{…}` escape.

use crate::verify::review_queue::Pending;
use crossterm::style::{Attribute, Print, SetAttribute};
use crossterm::{cursor, queue, terminal};
use evidence_core::display::stream::inert_line;
use rust_stemmers::{Algorithm, Stemmer};
use std::collections::HashSet;
use std::io::Write;
use unicode_width::UnicodeWidthStr;

/// A run of text drawn one way.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Piece {
    pub text: String,
    /// Drawn in reverse video: a claim's word in a passage, or a heading.
    pub marked: bool,
}

/// One line of the screen.
pub(super) type Line = Vec<Piece>;

/// The keys, as the last line lists them.
pub(super) const KEYS: &str =
    "s supported · p partial · u unsupported · n note · k/space skip · q quit · ? help";

/// The help screen (`?`).
const HELP: &[&str] = &[
    "mdbook-evidence review: your verdict on each claim that needs a person",
    "",
    "  s        supported: the passages state everything the claim says",
    "  p        partial: they state part of it (stored as unsupported, score 0.5)",
    "  u        unsupported: they do not state it, or contradict it",
    "  n        note: type a line (Enter keeps it, Esc drops it); it goes with your next verdict",
    "  k, space skip: leave this claim for later",
    "  q        quit: what you recorded is kept; the rest waits for the next review",
    "  ?        this help (any key returns)",
    "  Up, Down, PgUp, PgDn  scroll a claim longer than the screen",
    "",
    "Each verdict is written at once, checker `human:NAME`, with the time; it",
    "overrides a model's on the same claim and passages until either is edited.",
    "Words of the claim are marked in the passages; the claim's risk is why it is here.",
];

/// `text` as the screen shows it: each run of white space one space, and
/// every control character, escape and bidirectional control written as
/// a visible escape (`\u{1b}`), never sent to the terminal.
pub(super) fn shown(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    inert_line(&words.join(" "))
}

/// Words too common to mark.
const COMMON: &[&str] = &[
    "and", "are", "but", "for", "from", "had", "has", "have", "its", "not", "that", "the", "their",
    "this", "was", "were", "which", "with",
];

/// The stem of a word worth marking (three characters or more, or any
/// with a digit; not [`COMMON`]), lowercased.
fn stem(stemmer: &Stemmer, word: &str) -> Option<String> {
    let lower = word.to_lowercase();
    let digits = lower.chars().any(|c| c.is_numeric());
    if !digits && (lower.chars().count() < 3 || COMMON.contains(&lower.as_str())) {
        return None;
    }
    Some(stemmer.stem(&lower).into_owned())
}

/// `text` cut into words (runs of letters and digits) and what is
/// between them, in order: `(piece, is_word)`. An escape [`shown`] wrote
/// (`\u{1b}`) is never a word.
fn words(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_word = None;
    let mut escape_ends = 0;
    for (at, c) in text.char_indices() {
        if at >= escape_ends
            && text[at..].starts_with("\\u{")
            && let Some(close) = text[at..].find('}')
        {
            escape_ends = at + close + 1;
        }
        let word =
            at >= escape_ends && (c.is_alphanumeric() || (c == '\'' && in_word == Some(true)));
        if in_word.is_some_and(|w| w != word) {
            out.push((&text[start..at], in_word == Some(true)));
            start = at;
        }
        in_word = Some(word);
    }
    if start < text.len() {
        out.push((&text[start..], in_word == Some(true)));
    }
    out
}

/// `passage` (already [`shown`]) as pieces, the words whose stem is one of
/// `claim`'s marked.
pub(super) fn marked(claim: &str, passage: &str) -> Vec<Piece> {
    let stemmer = Stemmer::create(Algorithm::English);
    let wanted: HashSet<String> = words(claim)
        .into_iter()
        .filter(|(_, word)| *word)
        .filter_map(|(w, _)| stem(&stemmer, w))
        .collect();
    words(passage)
        .into_iter()
        .map(|(text, word)| Piece {
            text: text.to_owned(),
            marked: word && stem(&stemmer, text).is_some_and(|s| wanted.contains(&s)),
        })
        .collect()
}

/// `pieces` wrapped at spaces to `width` columns, each line after `indent`
/// spaces; a word wider than a line is cut at characters.
pub(super) fn wrap(pieces: &[Piece], width: usize, indent: usize) -> Vec<Line> {
    let room = width.saturating_sub(indent).max(8);
    let pad = || {
        vec![Piece {
            text: " ".repeat(indent),
            marked: false,
        }]
    };
    // Words: the pieces between spaces.
    let mut words: Vec<Vec<Piece>> = vec![Vec::new()];
    for piece in pieces {
        for (n, part) in piece.text.split(' ').enumerate() {
            if n > 0 {
                words.push(Vec::new());
            }
            if !part.is_empty()
                && let Some(word) = words.last_mut()
            {
                word.push(Piece {
                    text: part.to_owned(),
                    marked: piece.marked,
                });
            }
        }
    }
    let mut lines = vec![pad()];
    let mut used = 0;
    for word in words.into_iter().filter(|w| !w.is_empty()) {
        let w: usize = word.iter().map(|p| p.text.width()).sum();
        if used > 0 && used + 1 + w > room {
            lines.push(pad());
            used = 0;
        } else if used > 0 {
            push(&mut lines, ' ', false);
            used += 1;
        }
        for piece in word {
            for c in piece.text.chars() {
                let cw = c.to_string().width();
                if used > 0 && used + cw > room {
                    lines.push(pad());
                    used = 0;
                }
                push(&mut lines, c, piece.marked);
                used += cw;
            }
        }
    }
    lines
}

/// Appends `c` to the last line, to its last piece when drawn the same
/// way.
fn push(lines: &mut [Line], c: char, marked: bool) {
    let Some(line) = lines.last_mut() else { return };
    match line.last_mut() {
        Some(last) if last.marked == marked => last.text.push(c),
        _ => line.push(Piece {
            text: c.to_string(),
            marked,
        }),
    }
}

/// What the screen holds besides the claim.
pub(super) struct View<'v> {
    pub at: usize,
    pub total: usize,
    pub reviewer: &'v str,
    /// The note typed for this claim's verdict.
    pub note: Option<&'v str>,
    /// The last thing done (`recorded …`), or a hint.
    pub status: &'v str,
    /// The note being typed.
    pub typing: Option<&'v str>,
    pub help: bool,
    /// Lines scrolled past (a claim longer than the screen).
    pub scroll: usize,
}

/// Plain text, wrapped to `width` columns.
fn plain(text: String, width: usize) -> Vec<Line> {
    wrap(
        &[Piece {
            text,
            marked: false,
        }],
        width,
        0,
    )
}

/// The lines of the screen for `pending`, `width` columns wide.
pub(super) fn layout(pending: &Pending, view: &View, width: usize) -> Vec<Line> {
    if view.help {
        return HELP
            .iter()
            .flat_map(|l| plain((*l).to_owned(), width))
            .collect();
    }
    let unit = &pending.unit;
    let mut lines = plain(
        format!(
            "Claim {} of {} · {}:{} · {} · reviewer human:{}",
            view.at + 1,
            view.total,
            shown(&unit.file),
            unit.line,
            pending.why.said(),
            shown(view.reviewer)
        ),
        width,
    );
    lines.push(Vec::new());
    let claim = shown(&unit.claim);
    lines.extend(wrap(
        &[Piece {
            text: claim.clone(),
            marked: false,
        }],
        width,
        2,
    ));
    for cited in &unit.cited {
        lines.push(Vec::new());
        lines.extend(wrap(
            &[Piece {
                text: format!("{} — {}", shown(&cited.evidence_id), shown(&cited.source)),
                marked: true,
            }],
            width,
            0,
        ));
        lines.extend(wrap(&marked(&claim, &shown(&cited.passage)), width, 2));
    }
    lines.push(Vec::new());
    if pending.said.is_empty() {
        lines.extend(plain("No checker has judged it.".to_owned(), width));
    }
    for said in &pending.said {
        let mut text = format!(
            "`{}`: {} (score {})",
            shown(&said.checker),
            if said.supported {
                "supported"
            } else {
                "not supported"
            },
            said.score
        );
        if let Some(note) = &said.note {
            text.push_str(&format!(": {}", shown(note)));
        }
        lines.extend(wrap(
            &[Piece {
                text,
                marked: false,
            }],
            width,
            0,
        ));
    }
    if let Some(note) = view.note {
        lines.extend(plain(format!("Your note: {}", shown(note)), width));
    }
    lines
}

/// The terminal's columns and rows; 80 by 24 when it does not say (a
/// pseudo-terminal nobody sized).
pub(super) fn size() -> (usize, usize) {
    match terminal::size() {
        Ok((w, h)) if w > 0 && h > 0 => (usize::from(w), usize::from(h)),
        _ => (80, 24),
    }
}

/// Draws `lines` from line `view.scroll` on, and the two last lines
/// (status or the note being typed, then the keys), marking what is above
/// or below the screen; returns the scroll used (at most the last screen).
pub(super) fn draw(out: &mut impl Write, lines: &[Line], view: &View) -> std::io::Result<usize> {
    let (width, height) = size();
    let room = height.saturating_sub(3).max(3);
    let scroll = view.scroll.min(lines.len().saturating_sub(room - 1));
    let hint = |text: &str| {
        vec![Piece {
            text: text.to_owned(),
            marked: false,
        }]
    };
    let mut visible: Vec<Line> = Vec::new();
    if scroll > 0 {
        visible.push(hint("↑ more above (Up, PgUp)"));
    }
    let rest = &lines[scroll.min(lines.len())..];
    let space = room - visible.len();
    if rest.len() > space {
        visible.extend_from_slice(&rest[..space - 1]);
        visible.push(hint("↓ more below (Down, PgDn)"));
    } else {
        visible.extend_from_slice(rest);
    }
    queue!(out, terminal::Clear(terminal::ClearType::All))?;
    for (row, line) in visible.iter().enumerate() {
        queue!(out, cursor::MoveTo(0, row as u16))?;
        for piece in line {
            if piece.marked {
                queue!(
                    out,
                    SetAttribute(Attribute::Reverse),
                    Print(&piece.text),
                    SetAttribute(Attribute::NoReverse)
                )?;
            } else {
                queue!(out, Print(&piece.text))?;
            }
        }
    }
    let bottom = match view.typing {
        Some(typed) => format!("Note (Enter keeps, Esc drops): {}", shown(typed)),
        None => shown(view.status),
    };
    let cut = |text: &str| -> String {
        let mut out = String::new();
        for c in text.chars() {
            if out.width() + c.to_string().width() > width.saturating_sub(1) {
                break;
            }
            out.push(c);
        }
        out
    };
    queue!(
        out,
        cursor::MoveTo(0, height.saturating_sub(2) as u16),
        Print(cut(&bottom)),
        cursor::MoveTo(0, height.saturating_sub(1) as u16),
        SetAttribute(Attribute::Bold),
        Print(cut(KEYS)),
        SetAttribute(Attribute::Reset)
    )?;
    out.flush()?;
    Ok(scroll)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &Line) -> String {
        line.iter().map(|p| p.text.as_str()).collect()
    }

    #[test]
    fn hostile_text_is_shown_as_escapes() {
        let hostile = "a\u{1b}]0;pwned\u{7}b \u{202e}evil\u{2066} c\u{9b}31m\nd";
        let out = shown(hostile);
        assert!(!out.chars().any(|c| c.is_control()), "{out:?}");
        assert!(!out.contains('\u{202e}') && !out.contains('\u{2066}'));
        assert!(out.contains("\\u{1b}]0;pwned\\u{7}b"), "{out}");
        assert!(out.ends_with(" d"), "{out}");
    }

    #[test]
    fn the_claims_words_are_marked_in_the_passage() {
        let pieces = marked(
            "Payroll employment fell in January, with losses in health care.",
            "Total nonfarm payroll employment rose in January, with gains in health care; 東京 ２０２６.",
        );
        let marks: Vec<&str> = pieces
            .iter()
            .filter(|p| p.marked)
            .map(|p| p.text.as_str())
            .collect();
        assert_eq!(
            marks,
            ["payroll", "employment", "January", "health", "care"]
        );
        let joined: String = pieces.iter().map(|p| p.text.as_str()).collect();
        assert!(joined.ends_with("東京 ２０２６."));
        // Full-width digits are a word; the same figure is marked.
        let pieces = marked("Sales reached ２０２６ units", "in ２０２６ units sold");
        assert!(pieces.iter().any(|p| p.marked && p.text == "２０２６"));
        // An escape shown for a control character is never marked.
        let claim = shown("rose \u{1b}[31m 1b");
        let pieces = marked(&claim, &shown("rose \u{1b}[0m"));
        let marks: Vec<&str> = pieces
            .iter()
            .filter(|p| p.marked)
            .map(|p| p.text.as_str())
            .collect();
        assert_eq!(marks, ["rose"]);
    }

    #[test]
    fn wrapping_keeps_every_character_within_the_width() {
        let long = "東京都の人口は増加した ".repeat(8) + &"x".repeat(50) + " end";
        let pieces = marked("人口 end", &long);
        for width in [20, 37, 80] {
            let lines = wrap(&pieces, width, 2);
            for line in &lines {
                assert!(text(line).width() <= width, "{width}: {:?}", text(line));
            }
            let back: String = lines.iter().map(|l| text(l).trim().to_owned()).collect();
            let kept: String = long.split_whitespace().collect();
            assert_eq!(back.replace(' ', ""), kept, "{width}");
        }
    }
}
