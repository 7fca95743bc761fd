//! mdBook 0.5's `{{#include}}` expansion (`mdbook-driver`'s `links.rs` and
//! `links/take_lines.rs`), redone on [`Mapped`] text so that every copied
//! run of bytes remembers where it came from. The rules are copied, not
//! called (mdBook's are private and return plain strings);
//! `tests/it/include_expansion.rs` runs mdBook's own preprocessor on the same
//! chapters and fails when the two stop agreeing byte for byte.
//!
//! mdBook's main branch after 0.5.4 changed one rule ([`Style::Prefixed`]);
//! both are redone, since the preprocessor cannot tell which mdBook sent
//! the chapter other than by which expansion gives its text.

use crate::source_map::{Included, Mapped, Read};
use regex::Regex;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// mdBook's nesting limit for includes (`MAX_LINK_NESTED_DEPTH`).
const MAX_DEPTH: usize = 10;

/// mdBook's directive pattern (`find_links` in `links.rs`), unchanged.
static LINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        \\\{\{\#.*\}\}      # an escaped directive
        |
        \{\{\s*             # opening braces and whitespace
        \#([a-zA-Z0-9_]+)   # the directive
        \s+                 # whitespace
        ([^}]+)             # the path and properties
        \}\}",
    )
    .expect("a valid pattern")
});
static ANCHOR_START: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"ANCHOR:\s*(?P<anchor_name>[\w_-]+)").expect("a valid pattern"));
static ANCHOR_END: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"ANCHOR_END:\s*(?P<anchor_name>[\w_-]+)").expect("a valid pattern")
});

/// The first directive of `text` that mdBook's `links` preprocessor would
/// replace (`{{#include …}}`, `{{#rustdoc_include …}}`,
/// `{{#playground …}}`, `{{#title …}}`; not an escaped `\{{#…}}`, nor a
/// directive of another preprocessor such as `{{#evidence-index}}`), as a
/// byte range.
pub(crate) fn first_links_directive(text: &str) -> Option<Range<usize>> {
    LINK.captures_iter(text)
        .filter_map(|cap| Link::from_capture(&cap))
        .find(|link| !matches!(link.kind, Kind::Escaped))
        .map(|link| link.range)
}

/// The escaped directives `\{{#…}}` of `text` as mdBook's `links` reads
/// them (each runs to the last `}}` of its line; `links` prints it without
/// its backslash and expands nothing in it), as byte ranges.
pub fn escaped_links_directives(text: &str) -> Vec<Range<usize>> {
    LINK.captures_iter(text)
        .filter_map(|cap| Link::from_capture(&cap))
        .filter(|link| matches!(link.kind, Kind::Escaped))
        .map(|link| link.range)
        .collect()
}

/// The files the expansion read, as (path, text): the chapter first.
pub(super) type Files = Vec<(PathBuf, String)>;

/// Which of mdBook's two expansions of a directive to redo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// mdBook 0.5.4 (and 0.5.0 to 0.5.3): the directive is replaced with
    /// the included text as it is.
    Plain,
    /// mdBook's main branch after 0.5.4: the included text (its nested
    /// directives expanded) is split into lines as `str::lines` splits
    /// them, and joined again with `\n` followed by everything that
    /// precedes the directive on its line in the output so far (a list
    /// item's indentation, a quote's `> `, or any text), so that an
    /// indented or quoted include stays in its block. The first line gets
    /// no prefix; a `\r` before a `\n` and the final line ending are
    /// dropped; a blank line gets the whole prefix.
    Prefixed,
}

/// `replace_all` of mdBook's `links.rs`, on mapped text.
pub(super) fn replace_all(
    s: &Mapped,
    dir: &Path,
    depth: usize,
    files: &mut Files,
    read: Read<'_>,
    style: Style,
) -> Mapped {
    let mut out = Mapped::default();
    let mut previous_end = 0;
    for cap in LINK.captures_iter(&s.text) {
        let Some(link) = Link::from_capture(&cap) else {
            continue;
        };
        out.push_slice(s, previous_end..link.range.start);
        match link.render(s, dir, files, read) {
            Some(content) => {
                let before = out.text.len();
                if depth < MAX_DEPTH {
                    let content = match link.relative_dir(dir) {
                        Some(sub) => replace_all(&content, &sub, depth + 1, files, read, style),
                        None => content,
                    };
                    match style {
                        Style::Plain => out.push_mapped(&content),
                        Style::Prefixed => push_prefixed(&mut out, &content),
                    }
                }
                // The chapter's own directives: where each one's text went.
                if depth == 0 && link.includes_a_file() {
                    out.includes.push(Included {
                        text: before..out.text.len(),
                        directive: link.range.start,
                    });
                }
                previous_end = link.range.end;
            }
            // mdBook leaves a directive it cannot expand as it is.
            None => previous_end = link.range.start,
        }
    }
    out.push_slice(s, previous_end..s.text.len());
    out
}

/// Appends `content` the way [`Style::Prefixed`] does: its lines joined
/// with `\n` and the current line of `out` so far. The prefix's bytes keep
/// their origin (the text before the directive, in the file that holds
/// it), so a location in them points there and a location after them
/// into the included file.
fn push_prefixed(out: &mut Mapped, content: &Mapped) {
    let line_start = out.text.rfind('\n').map_or(0, |i| i + 1);
    let mut prefix = Mapped::default();
    prefix.push_slice(out, line_start..out.text.len());
    for (i, line) in lines_of(&content.text).enumerate() {
        if i > 0 {
            out.push_generated("\n");
            out.push_mapped(&prefix);
        }
        out.push_slice(content, line);
    }
}

/// Which lines an include takes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Lines {
    /// Lines `start..end` (0-based), `end` open when `None`.
    Range(usize, Option<usize>),
    /// The lines between `ANCHOR: name` and `ANCHOR_END: name`.
    Anchor(String),
}

#[derive(Debug)]
enum Kind {
    Escaped,
    Include(PathBuf, Lines),
    RustdocInclude(PathBuf, Lines),
    Playground(PathBuf, Vec<String>),
    Title,
}

pub(super) struct Link {
    range: Range<usize>,
    kind: Kind,
}

impl Link {
    /// `Link::from_capture` of mdBook's `links.rs`.
    fn from_capture(cap: &regex::Captures<'_>) -> Option<Link> {
        let whole = cap.get(0)?;
        let kind = match (cap.get(1), cap.get(2)) {
            (Some(kind), Some(_)) if kind.as_str() == "title" => Kind::Title,
            (Some(kind), Some(rest)) => {
                let mut props = rest.as_str().split_whitespace();
                let file = props.next()?;
                match kind.as_str() {
                    "include" => {
                        let (path, lines) = path_and_lines(file);
                        Kind::Include(path, lines)
                    }
                    "rustdoc_include" => {
                        let (path, lines) = path_and_lines(file);
                        Kind::RustdocInclude(path, lines)
                    }
                    "playground" | "playpen" => {
                        Kind::Playground(file.into(), props.map(str::to_owned).collect())
                    }
                    _ => return None,
                }
            }
            (None, None) if whole.as_str().starts_with('\\') => Kind::Escaped,
            _ => return None,
        };
        Some(Link {
            range: whole.range(),
            kind,
        })
    }

    /// Whether the directive puts a file's text in the chapter.
    fn includes_a_file(&self) -> bool {
        matches!(
            self.kind,
            Kind::Include(..) | Kind::RustdocInclude(..) | Kind::Playground(..)
        )
    }

    /// The directory nested directives of the included text resolve against.
    fn relative_dir(&self, dir: &Path) -> Option<PathBuf> {
        match &self.kind {
            Kind::Include(path, _) | Kind::RustdocInclude(path, _) | Kind::Playground(path, _) => {
                dir.join(path).parent().map(Path::to_owned)
            }
            Kind::Escaped | Kind::Title => None,
        }
    }

    /// The text the directive is replaced with, or `None` when mdBook could
    /// not read its file.
    fn render(&self, s: &Mapped, dir: &Path, files: &mut Files, read: Read<'_>) -> Option<Mapped> {
        let mut load = |path: &Path| -> Option<usize> {
            let path = dir.join(path);
            if let Some(i) = files.iter().position(|(p, _)| *p == path) {
                return Some(i);
            }
            let text = read(&path)?;
            files.push((path, text));
            Some(files.len() - 1)
        };
        let mut out = Mapped::default();
        match &self.kind {
            Kind::Escaped => out.push_slice(s, self.range.start + 1..self.range.end),
            Kind::Title => {}
            Kind::Include(path, lines) => {
                let file = load(path)?;
                let text = &files[file].1;
                let taken = match lines {
                    Lines::Range(start, end) => take_range(text, *start, *end),
                    Lines::Anchor(name) => take_anchored(text, name),
                };
                for (i, line) in taken.into_iter().enumerate() {
                    if i > 0 {
                        out.push_generated("\n");
                    }
                    out.push_copied(&text[line.clone()], file, line.start);
                }
            }
            Kind::RustdocInclude(path, lines) => {
                let file = load(path)?;
                let text = &files[file].1;
                let wanted: Vec<(bool, Range<usize>)> = match lines {
                    Lines::Range(start, end) => lines_of(text)
                        .enumerate()
                        .map(|(i, line)| (i >= *start && end.is_none_or(|e| i < e), line))
                        .collect(),
                    Lines::Anchor(name) => rustdoc_anchored(text, name),
                };
                for (i, (shown, line)) in wanted.into_iter().enumerate() {
                    if i > 0 {
                        out.push_generated("\n");
                    }
                    if !shown {
                        out.push_generated("# ");
                    }
                    out.push_copied(&text[line.clone()], file, line.start);
                }
            }
            Kind::Playground(path, attrs) => {
                let file = load(path)?;
                let text = &files[file].1;
                let kind = if attrs.is_empty() { "rust" } else { "rust," };
                out.push_generated(&format!("```{kind}{}\n", attrs.join(",")));
                out.push_copied(text, file, 0);
                if !text.ends_with('\n') {
                    out.push_generated("\n");
                }
                out.push_generated("```\n");
            }
        }
        Some(out)
    }
}

/// `parse_include_path` and `parse_range_or_anchor` of mdBook's `links.rs`:
/// `file.md`, `file.md:3`, `file.md:3:5`, `file.md:3:`, `file.md::5`,
/// `file.md:name`.
fn path_and_lines(arg: &str) -> (PathBuf, Lines) {
    let mut parts = arg.splitn(2, ':');
    let path = parts.next().unwrap_or_default().into();
    let mut parts = parts.next().unwrap_or("").splitn(3, ':').fuse();
    let first = parts.next();
    let start = match first {
        Some(s) => match s.parse::<usize>() {
            Ok(n) => Some(n.saturating_sub(1)),
            Err(_) if s.is_empty() => None,
            Err(_) => return (path, Lines::Anchor(s.to_owned())),
        },
        None => None,
    };
    let end = parts.next().map(str::parse::<usize>);
    let lines = match (start, end) {
        (Some(start), Some(Ok(end))) => Lines::Range(start, Some(end)),
        (Some(start), Some(Err(_))) => Lines::Range(start, None),
        (Some(start), None) => Lines::Range(start, Some(start + 1)),
        (None, Some(Ok(end))) => Lines::Range(0, Some(end)),
        (None, None | Some(Err(_))) => Lines::Range(0, None),
    };
    (path, lines)
}

/// The byte ranges of the lines of `text`, as `str::lines` splits them
/// (without `\n` or `\r\n`).
fn lines_of(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = 0;
    text.split_inclusive('\n').map(move |line| {
        let start = at;
        at += line.len();
        let content = match line.strip_suffix('\n') {
            Some(l) => l.strip_suffix('\r').unwrap_or(l),
            None => line,
        };
        start..start + content.len()
    })
}

/// `take_lines`: lines `start..end`.
fn take_range(text: &str, start: usize, end: Option<usize>) -> Vec<Range<usize>> {
    let lines = lines_of(text).skip(start);
    match end {
        Some(end) => lines.take(end.saturating_sub(start)).collect(),
        None => lines.collect(),
    }
}

/// `take_anchored_lines`: the lines inside the anchor, without nested
/// anchor lines.
fn take_anchored(text: &str, anchor: &str) -> Vec<Range<usize>> {
    let mut kept = Vec::new();
    let mut inside = false;
    for line in lines_of(text) {
        let l = &text[line.clone()];
        if inside {
            match ANCHOR_END.captures(l) {
                Some(cap) if &cap["anchor_name"] == anchor => break,
                Some(_) => {}
                None if !ANCHOR_START.is_match(l) => kept.push(line),
                None => {}
            }
        } else if ANCHOR_START
            .captures(l)
            .is_some_and(|cap| &cap["anchor_name"] == anchor)
        {
            inside = true;
        }
    }
    kept
}

/// `take_rustdoc_include_anchored_lines`: every line but anchor markers,
/// those outside the anchor hidden (`# `).
fn rustdoc_anchored(text: &str, anchor: &str) -> Vec<(bool, Range<usize>)> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in lines_of(text) {
        let l = &text[line.clone()];
        if inside {
            match ANCHOR_END.captures(l) {
                Some(cap) if &cap["anchor_name"] == anchor => inside = false,
                Some(_) => {}
                None if !ANCHOR_START.is_match(l) => out.push((true, line)),
                None => {}
            }
        } else if let Some(cap) = ANCHOR_START.captures(l) {
            // Another anchor's start line is dropped, not hidden.
            if &cap["anchor_name"] == anchor {
                inside = true;
            }
        } else if !ANCHOR_END.is_match(l) {
            out.push((false, line));
        }
    }
    out
}
