//! Where the text of an expanded chapter came from, and the line and
//! column of a byte in it.
//!
//! mdBook's `links` preprocessor replaces `{{#include}}` (and
//! `{{#rustdoc_include}}`, `{{#playground}}`, `{{#title}}`, `\{{#…}}`)
//! before mdbook-evidence sees a chapter, so a diagnostic's byte offset is an
//! offset into the expanded text. To point at the file a person edits,
//! [`SourceMap::rebuild`] redoes that expansion the way mdBook 0.5 does it
//! (the same directive pattern, line ranges, anchors, nesting up to 10
//! levels: see `expand.rs`), remembering for every copied run of bytes the
//! file and offset it was copied from. It is used only when the rebuilt text
//! equals the text mdBook produced, byte for byte; otherwise (a file changed
//! meanwhile, another preprocessor ran first, a chapter starting with a
//! byte-order mark, which mdBook strips) there is no map, and locations stay
//! in the expanded text.

mod expand;

pub(crate) use expand::first_links_directive;

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
    /// `(byte offset, 0-based column there)`, about every [`MARK_EVERY`]
    /// bytes inside lines, in order.
    marks: Vec<(usize, usize)>,
}

/// Bytes between two marks of a [`LineIndex`].
const MARK_EVERY: usize = 512;

impl LineIndex {
    /// The index of `text`'s lines (ended by `\n`, as editors count them).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        let mut marks = Vec::new();
        let (mut column, mut last_mark) = (0, 0);
        for (i, c) in text.char_indices() {
            if i - last_mark >= MARK_EVERY {
                marks.push((i, column));
                last_mark = i;
            }
            match c {
                '\n' => {
                    starts.push(i + 1);
                    column = 0;
                }
                '\u{feff}' => {}
                _ => column += 1,
            }
        }
        LineIndex { starts, marks }
    }

    /// What [`line_column`] gives for `offset` in `text` (the text this
    /// index was built from).
    pub fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = text.floor_char_boundary(offset);
        let line = self.starts.partition_point(|&start| start <= offset).max(1);
        let line_start = self.starts[line - 1];
        let (from, column) = match self.marks.partition_point(|&(at, _)| at <= offset) {
            0 => (line_start, 0),
            n => match self.marks[n - 1] {
                (at, column) if at >= line_start => (at, column),
                _ => (line_start, 0),
            },
        };
        let counted = text[from..offset]
            .chars()
            .filter(|&c| c != '\u{feff}')
            .count();
        (line, column + counted + 1)
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
    pub fn expand(chapter: &Path, text: String, dir: &Path, read: Read<'_>) -> Expansion {
        let mut files = vec![(chapter.to_owned(), text)];
        let mut whole = Mapped::default();
        whole.push_copied(&files[0].1, 0, 0);
        let out = expand::replace_all(&whole, dir, 0, &mut files, read);
        Expansion {
            text: out.text,
            map: SourceMap {
                files,
                segments: out.segments,
            },
        }
    }

    /// Redoes mdBook's expansion of `chapter` (see [`SourceMap::expand`])
    /// and returns the map if it reproduces `expanded` exactly.
    pub fn rebuild(
        chapter: &Path,
        text: String,
        dir: &Path,
        expanded: &str,
        read: Read<'_>,
    ) -> Option<SourceMap> {
        let expansion = SourceMap::expand(chapter, text, dir, read);
        (expansion.text == expanded).then_some(expansion.map)
    }

    /// The map of the chapter file `file` on disk, whose expansion by mdBook
    /// is `expanded`, with its includes read from disk too. `None` when the
    /// file cannot be read, when it is the expanded text already (nothing
    /// was included: offsets need no map), or when the expansion cannot be
    /// redone exactly.
    pub fn from_disk(file: &Path, expanded: &str) -> Option<SourceMap> {
        let text = std::fs::read_to_string(file).ok()?;
        if text == expanded {
            return None;
        }
        let dir = file.parent()?;
        let read = |path: &Path| std::fs::read_to_string(path).ok();
        SourceMap::rebuild(file, text, dir, expanded, &read)
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
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn reader(files: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> {
        let files: HashMap<PathBuf, String> = files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect();
        move |p: &Path| files.get(p).cloned()
    }

    /// The map of `chapter` (in `src/`), given what mdBook expanded.
    fn map(chapter: &str, expanded: &str, files: &[(&str, &str)]) -> Option<SourceMap> {
        let read = reader(files);
        SourceMap::rebuild(
            Path::new("src/c.md"),
            chapter.to_owned(),
            Path::new("src"),
            expanded,
            &read,
        )
    }

    /// The file name and text at `needle` of the expanded text.
    fn at<'m>(map: &'m SourceMap, expanded: &str, needle: &str) -> (String, &'m str) {
        let start = expanded.find(needle).expect("needle in expanded text");
        let (file, span) = map.locate(start..start + needle.len());
        let (path, text) = &map.files[file];
        (path.display().to_string(), &text[span])
    }

    #[test]
    fn line_and_column_count_characters() {
        let text = "ab\ncdé f\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, 8), (2, 5));
        assert_eq!(line_column(text, 99), (3, 1));
        assert_eq!(line_column("\u{feff}x", 3), (1, 1));
        let long = format!(
            "{}\n{}",
            "東京\u{a0}📈 x".repeat(300),
            "ab\u{feff}".repeat(900)
        );
        for text in [
            text,
            "",
            "\n\n",
            "a\r\nb\rc\n東京\u{a0}📈\n",
            "\u{feff}x\ny",
            &long,
        ] {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    index.line_column(text, offset),
                    line_column(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }

    #[test]
    fn text_after_an_include_maps_back_to_the_chapter() {
        let chapter = "# T\n\n{{#include q.md}}\n\nAfter claim.\n";
        let expanded = "# T\n\nQuoted line.\nSecond.\n\nAfter claim.\n";
        let map = map(
            chapter,
            expanded,
            &[("src/q.md", "Quoted line.\nSecond.\n")],
        )
        .expect("reproduced");
        assert_eq!(
            at(&map, expanded, "After claim."),
            ("src/c.md".into(), "After claim.")
        );
        let (file, text) = at(&map, expanded, "Second.");
        assert_eq!((file.as_str(), text), ("src/q.md", "Second."));
        let start = expanded.find("Second.").unwrap();
        assert_eq!(map.locate(start..start + 7).1, 13..20);
    }

    #[test]
    fn ranges_anchors_escapes_titles_and_nesting() {
        let chapter = "{{#title T}}\\{{#include x.md}}\n{{#include a.md:2:3}} | {{ #include a.md:part }} | {{#include n/b.md}}\n";
        let a = "one\ntwo\r\nthree\n// ANCHOR: part\nin part\n// ANCHOR: other\nalso\n// ANCHOR_END: part\n";
        let b = "b says {{#include c.md:1}}!";
        let c = "deep line\nnot taken\n";
        let expanded = "{{#include x.md}}\ntwo\nthree | in part\nalso | b says deep line!\n";
        let map = map(
            chapter,
            expanded,
            &[("src/a.md", a), ("src/n/b.md", b), ("src/n/c.md", c)],
        )
        .expect("reproduced");
        assert_eq!(at(&map, expanded, "three").0, "src/a.md");
        assert_eq!(at(&map, expanded, "also").0, "src/a.md");
        assert_eq!(at(&map, expanded, "b says").0, "src/n/b.md");
        assert_eq!(
            at(&map, expanded, "deep line"),
            ("src/n/c.md".into(), "deep line")
        );
        assert_eq!(
            at(&map, expanded, "{{#include x.md}}").1,
            "{{#include x.md}}"
        );
        // A span across the joined lines is cut at its line's end.
        let start = expanded.find("two").unwrap();
        let (file, span) = map.locate(start..start + 9);
        assert_eq!(&map.files[file].1[span], "two");
    }

    #[test]
    fn a_missing_file_stays_a_directive_and_nesting_stops_at_ten() {
        let chapter = "{{#include gone.md}} {{#include self.md}}";
        let me = "x{{#include self.md}}";
        let expanded = format!("{{{{#include gone.md}}}} {}", "x".repeat(10));
        let map = map(chapter, &expanded, &[("src/self.md", me)]).expect("reproduced");
        assert_eq!(map.locate(0..5).0, 0);
        assert_eq!(map.locate(21..22).0, 1);
    }

    #[test]
    fn rustdoc_include_and_playground() {
        let chapter = "{{#rustdoc_include r.rs:2}}\n{{#playground r.rs editable}}";
        let r = "fn a() {}\nfn b() {}";
        let expanded = "# fn a() {}\nfn b() {}\n```rust,editable\nfn a() {}\nfn b() {}\n```\n";
        let map = map(chapter, expanded, &[("src/r.rs", r)]).expect("reproduced");
        let start = expanded.find("fn b").unwrap();
        assert_eq!(map.locate(start..start + 4), (1, 10..14));
        // The fence made up by the expansion points at the run before it.
        let fence = expanded.find("```rust").unwrap();
        assert_eq!(map.locate(fence..fence + 3).0, 0);
    }

    #[test]
    fn no_map_when_the_expansion_differs() {
        assert!(map("{{#include q.md}}", "something else", &[("src/q.md", "q")]).is_none());
        assert!(map("plain", "plain", &[]).is_some());
    }
}
