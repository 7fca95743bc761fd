//! Where the text of an expanded chapter came from, and the line and
//! column of a byte in it.
//!
//! mdBook's `links` preprocessor replaces `{{#include}}` (and
//! `{{#rustdoc_include}}`, `{{#playground}}`, `{{#title}}`, `\{{#…}}`)
//! before mdbook-evidence sees a chapter, so a diagnostic's byte offset is an
//! offset into the expanded text. To point at the file a person edits,
//! `SourceMap::rebuild` redoes that expansion the way mdBook 0.5 does it
//! (the same directive pattern, line ranges, anchors, nesting up to 10
//! levels: see `expand.rs`), remembering for every copied run of bytes the
//! file and offset it was copied from (and, for included text, the
//! chapter's directive that brought it in). mdBook's expansion changed
//! after 0.5.4 (every line of included text after the first starts with
//! what precedes the directive on its line), and nothing in mdBook's input
//! says which one ran, so both are redone, 0.5.4's first. A map is used
//! only when its rebuilt text equals the text mdBook produced, byte for
//! byte (a byte-order mark, which mdBook strips, aside); otherwise (a file
//! changed meanwhile, another preprocessor ran first, an mdBook expanding
//! otherwise still) there is no map, locations stay in the expanded text,
//! and the report says so once per chapter ([`SourceMap::trace`]).

mod expand;

pub(crate) use self::expand::first_links_directive;
pub use self::expand::{Style, escaped_links_directives};

use std::ops::Range;
use std::path::{Path, PathBuf};

/// 1-based line and column (in characters, a byte-order mark not counted)
/// of a byte offset: the one place the crate turns offsets into the
/// positions editors show. An offset past the end counts as the end.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..]
        .chars()
        .filter(|&c| c != '\u{feff}')
        .count()
        + 1;
    (line, column)
}

/// The start of every line of a text, and the column at regular marks
/// along long lines, so that many offsets are located in time independent
/// of the text's size (a 100 KB line with thousands of findings included):
/// built once per file a run reports on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset of each line's start; the first is 0.
    starts: Vec<usize>,
    /// About every [`MARK_EVERY`] bytes inside lines, in order: the byte
    /// offset, and the 0-based column there in characters and in UTF-16
    /// code units.
    marks: Vec<Mark>,
}

/// A place inside a long line whose columns are known.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Mark {
    at: usize,
    chars: usize,
    utf16: usize,
}

/// Bytes between two marks of a [`LineIndex`].
const MARK_EVERY: usize = 512;

impl LineIndex {
    /// The index of `text`'s lines (ended by `\n`, as editors count them).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        let mut marks = Vec::new();
        let mut column = Mark::default();
        let mut last_mark = 0;
        for (i, c) in text.char_indices() {
            if i - last_mark >= MARK_EVERY {
                marks.push(Mark { at: i, ..column });
                last_mark = i;
            }
            match c {
                '\n' => {
                    starts.push(i + 1);
                    column = Mark::default();
                }
                '\u{feff}' => {}
                _ => {
                    column.chars += 1;
                    column.utf16 += c.len_utf16();
                }
            }
        }
        LineIndex { starts, marks }
    }

    /// What [`line_column`] gives for `offset` in `text` (the text this
    /// index was built from).
    pub fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let (line, from, mark) = self.locate(text, offset);
        let counted = text[from..text.floor_char_boundary(offset)]
            .chars()
            .filter(|&c| c != '\u{feff}')
            .count();
        (line, mark.chars + counted + 1)
    }

    /// The 1-based line and column of `offset` with the column counted in
    /// UTF-16 code units (a byte-order mark not counted), as SARIF counts
    /// them by default: `📈` is one character but two code units.
    pub fn line_utf16_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let (line, from, mark) = self.locate(text, offset);
        let counted: usize = text[from..text.floor_char_boundary(offset)]
            .chars()
            .filter(|&c| c != '\u{feff}')
            .map(char::len_utf16)
            .sum();
        (line, mark.utf16 + counted + 1)
    }

    /// The line of `offset` (1-based), and the nearest place before it on
    /// that line whose columns are known (the line's start, or a mark).
    fn locate(&self, text: &str, offset: usize) -> (usize, usize, Mark) {
        let offset = text.floor_char_boundary(offset);
        let line = self.starts.partition_point(|&start| start <= offset).max(1);
        let line_start = self.starts[line - 1];
        match self.marks.partition_point(|m| m.at <= offset) {
            0 => (line, line_start, Mark::default()),
            n => match self.marks[n - 1] {
                mark if mark.at >= line_start => (line, mark.at, mark),
                _ => (line, line_start, Mark::default()),
            },
        }
    }
}

/// A run of bytes of the expanded text copied from a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    /// Its start in the text it is part of.
    at: usize,
    /// Its length.
    len: usize,
    /// The file it was copied from (index into [`SourceMap::files`]).
    file: usize,
    /// Its start in that file.
    src: usize,
}

/// Text with the origin of its copied runs.
#[derive(Debug, Default)]
struct Mapped {
    text: String,
    segments: Vec<Segment>,
    /// In the chapter's expansion, what each of the chapter's own
    /// directives became, in order.
    includes: Vec<Included>,
}

/// The text one of the chapter's own directives was replaced with.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Included {
    /// Its range in the expanded text.
    text: Range<usize>,
    /// The directive's offset in the chapter.
    directive: usize,
}

impl Mapped {
    /// Appends bytes made up by the expansion (a fence, a `# ` prefix).
    fn push_generated(&mut self, s: &str) {
        self.text.push_str(s);
    }

    /// Appends `s`, copied from `file` at `src`.
    fn push_copied(&mut self, s: &str, file: usize, src: usize) {
        if !s.is_empty() {
            self.segments.push(Segment {
                at: self.text.len(),
                len: s.len(),
                file,
                src,
            });
        }
        self.text.push_str(s);
    }

    /// Appends `other.text[range]` with its origins.
    fn push_slice(&mut self, other: &Mapped, range: Range<usize>) {
        let base = self.text.len();
        self.text.push_str(&other.text[range.clone()]);
        let first = other
            .segments
            .partition_point(|s| s.at + s.len <= range.start);
        for s in &other.segments[first..] {
            if s.at >= range.end {
                break;
            }
            let start = s.at.max(range.start);
            let end = (s.at + s.len).min(range.end);
            self.segments.push(Segment {
                at: base + start - range.start,
                len: end - start,
                file: s.file,
                src: s.src + start - s.at,
            });
        }
    }

    /// Appends all of `other`.
    fn push_mapped(&mut self, other: &Mapped) {
        self.push_slice(other, 0..other.text.len());
    }
}

/// The files an expanded chapter came from, and where each of its bytes
/// was copied from.
#[derive(Debug)]
pub struct SourceMap {
    /// The files: the chapter first, then every file it includes, as
    /// (path, text).
    pub files: Vec<(PathBuf, String)>,
    segments: Vec<Segment>,
    includes: Vec<Included>,
}

/// What redoing mdBook's expansion of a chapter on disk gave.
#[derive(Debug)]
pub enum Trace {
    /// The chapter's file is the text mdBook produced: nothing was
    /// included, offsets need no map.
    Unchanged,
    /// The expansion was redone exactly: the map into the files.
    Mapped(SourceMap),
    /// The chapter's text cannot be traced back to its files.
    Untraced(Untraced),
}

/// Why a chapter's text cannot be traced back to its files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Untraced {
    /// The chapter's file cannot be read (it is not on disk: another
    /// preprocessor made the chapter).
    Unreadable,
    /// Redoing the expansion, either way mdBook 0.5 expands, does not give
    /// the text mdBook produced: an included file changed meanwhile, or a
    /// preprocessor that ran before this one changed the text.
    Differs,
}

impl std::fmt::Display for Untraced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Untraced::Unreadable => "the chapter's file cannot be read",
            Untraced::Differs => {
                "redoing its {{#include}} expansion does not give the text mdBook produced, neither as mdBook 0.5.4 expands includes nor with included lines prefixed as mdBook's next release does (an included file changed meanwhile, or a preprocessor that runs before evidence changed the text)"
            }
        })
    }
}

/// A chapter expanded the way mdBook expands it, with its map.
#[derive(Debug)]
pub struct Expansion {
    /// The expanded text.
    pub text: String,
    /// Where each of its copied bytes came from.
    pub map: SourceMap,
}

/// What the rebuild reads included files with (the file system, in a build).
pub type Read<'a> = &'a dyn Fn(&Path) -> Option<String>;

impl SourceMap {
    /// Expands the chapter file `chapter` (whose text is `text`; includes
    /// resolve against `dir`, the chapter's directory) the way mdBook's
    /// `links` preprocessor does, reading included files with `read`.
    /// As mdBook 0.5.4 does (`SourceMap::rebuild` tries the next
    /// release's expansion too).
    pub fn expand(chapter: &Path, text: String, dir: &Path, read: Read<'_>) -> Expansion {
        SourceMap::expand_as(chapter, text, dir, read, Style::Plain)
    }

    /// [`SourceMap::expand`] with either of mdBook's expansions.
    pub fn expand_as(
        chapter: &Path,
        text: String,
        dir: &Path,
        read: Read<'_>,
        style: Style,
    ) -> Expansion {
        let mut files = vec![(chapter.to_owned(), text)];
        let mut whole = Mapped::default();
        whole.push_copied(&files[0].1, 0, 0);
        let out = expand::replace_all(&whole, dir, 0, &mut files, read, style);
        Expansion {
            text: out.text,
            map: SourceMap {
                files,
                segments: out.segments,
                includes: out.includes,
            },
        }
    }

    /// Redoes mdBook's expansion of `chapter` (see [`SourceMap::expand`])
    /// and returns the map if it reproduces `expanded` exactly: mdBook
    /// 0.5.4's expansion first, then the prefixed one of mdBook's next
    /// release. They differ only where an include brings in several lines
    /// after something on its line, ends with a blank line, or is a
    /// `{{#playground}}`, so the second is tried only when the first fails.
    pub(crate) fn rebuild(
        chapter: &Path,
        text: String,
        dir: &Path,
        expanded: &str,
        read: Read<'_>,
    ) -> Option<SourceMap> {
        let plain = SourceMap::expand_as(chapter, text, dir, read, Style::Plain);
        if plain.text == expanded {
            return Some(plain.map);
        }
        let Expansion { map, .. } = plain;
        let text = map.files.into_iter().next()?.1;
        let prefixed = SourceMap::expand_as(chapter, text, dir, read, Style::Prefixed);
        (prefixed.text == expanded).then_some(prefixed.map)
    }

    /// The map of the chapter file `file` on disk, whose expansion by mdBook
    /// is `expanded`, with its includes read from disk too. `None` when the
    /// file cannot be read, when it is the expanded text already (nothing
    /// was included: offsets need no map), or when the expansion cannot be
    /// redone exactly.
    pub fn from_disk(file: &Path, expanded: &str) -> Option<SourceMap> {
        match SourceMap::trace(file, expanded) {
            Trace::Mapped(map) => Some(map),
            Trace::Unchanged | Trace::Untraced(_) => None,
        }
    }

    /// Traces the chapter file `file` on disk, whose expansion by mdBook is
    /// `expanded`, back to the files its text came from (see
    /// [`SourceMap::from_disk`]), saying why when it cannot.
    pub fn trace(file: &Path, expanded: &str) -> Trace {
        let read = |path: &Path| crate::limits::read_text(path, crate::limits::Limit::file()).ok();
        let Some(mut text) = read(file) else {
            return Trace::Untraced(Untraced::Unreadable);
        };
        // mdBook drops a byte-order mark when it loads a chapter; lines
        // and columns are the same without it.
        if text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        if text == expanded {
            return Trace::Unchanged;
        }
        let Some(dir) = file.parent() else {
            return Trace::Untraced(Untraced::Unreadable);
        };
        match SourceMap::rebuild(file, text, dir, expanded, &read) {
            Some(map) => Trace::Mapped(map),
            None => Trace::Untraced(Untraced::Differs),
        }
    }

    /// The offset in the chapter (file 0) of its own `{{#include}}` (or
    /// `{{#rustdoc_include}}`, `{{#playground}}`) directive whose expansion
    /// holds `offset` of the expanded text: for text from an included file,
    /// where the chapter includes it.
    pub fn included_at(&self, offset: usize) -> Option<usize> {
        let i = self.includes.partition_point(|inc| inc.text.end <= offset);
        self.includes
            .get(i)
            .filter(|inc| inc.text.start <= offset)
            .map(|inc| inc.directive)
    }

    /// The file and byte range that `span` (of the expanded text) came from.
    /// A span starting in text the expansion made up (a `{{#playground}}`
    /// fence) points at the end of the run before it; a span running past
    /// its run is cut at the run's end.
    pub fn locate(&self, span: Range<usize>) -> (usize, Range<usize>) {
        let i = self
            .segments
            .partition_point(|s| s.at + s.len <= span.start);
        let Some(segment) = self
            .segments
            .get(i)
            .filter(|s| s.at <= span.start)
            .or_else(|| i.checked_sub(1).and_then(|j| self.segments.get(j)))
        else {
            return (0, 0..0);
        };
        let offset = span.start.clamp(segment.at, segment.at + segment.len) - segment.at;
        let start = segment.src + offset;
        let end = start + (span.end.saturating_sub(span.start)).min(segment.len - offset);
        (segment.file, start..end)
    }
}

#[cfg(test)]
mod tests;
