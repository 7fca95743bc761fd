//! Where text of an expanded chapter came from.
//!
//! mdBook's `links` preprocessor replaces `{{#include}}` (and
//! `{{#rustdoc_include}}`, `{{#playground}}`, `{{#title}}`, `\{{#…}}`)
//! before mdbook-evidence sees a chapter, so a diagnostic's byte offset is an
//! offset into the expanded text. To point at the file a person edits,
//! [`SourceMap::rebuild`] redoes that expansion the way mdBook 0.5 does it
//! (`mdbook-driver`'s `links.rs`: the same directive pattern, line ranges,
//! anchors, nesting up to 10 levels), remembering for every copied run of
//! bytes the file and offset it was copied from. It is used only when the
//! rebuilt text equals the text mdBook produced, byte for byte; otherwise
//! (a file changed meanwhile, another preprocessor ran first) there is no
//! map, and locations stay in the expanded text.

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

/// What the rebuild reads included files with (the file system, in a build).
pub type Read<'a> = &'a dyn Fn(&Path) -> Option<String>;

impl SourceMap {
    /// Redoes mdBook's expansion of the chapter file `chapter` (whose text is
    /// `text`; includes resolve against `dir`, the chapter's directory) and
    /// returns the map if it reproduces `expanded` exactly.
    pub fn rebuild(
        chapter: &Path,
        text: String,
        dir: &Path,
        expanded: &str,
        read: Read<'_>,
    ) -> Option<SourceMap> {
        let mut files = vec![(chapter.to_owned(), text)];
        let mut whole = Mapped::default();
        whole.push_copied(&files[0].1, 0, 0);
        let out = replace_all(&whole, dir, 0, &mut files, read);
        (out.text == expanded).then_some(SourceMap {
            files,
            segments: out.segments,
        })
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

/// `replace_all` of mdBook's `links.rs`, on mapped text.
fn replace_all(
    s: &Mapped,
    dir: &Path,
    depth: usize,
    files: &mut Vec<(PathBuf, String)>,
    read: Read<'_>,
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
                if depth < MAX_DEPTH {
                    match link.relative_dir(dir) {
                        Some(sub) => {
                            out.push_mapped(&replace_all(&content, &sub, depth + 1, files, read))
                        }
                        None => out.push_mapped(&content),
                    }
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

struct Link {
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
    fn render(
        &self,
        s: &Mapped,
        dir: &Path,
        files: &mut Vec<(PathBuf, String)>,
        read: Read<'_>,
    ) -> Option<Mapped> {
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
        } else if ANCHOR_START
            .captures(l)
            .is_some_and(|cap| &cap["anchor_name"] == anchor)
        {
            inside = true;
        } else if !ANCHOR_END.is_match(l) {
            out.push((false, line));
        }
    }
    out
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
