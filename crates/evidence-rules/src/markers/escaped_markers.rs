//! `escaped-markers`: a preprocessor that runs before mdbook-evidence and
//! rewrites the markdown (parsing it and writing it out again, as The Rust
//! Programming Language's `trpl-listing` does) escapes every bracket it
//! writes: `[EVID:ev_fomc]` reaches mdbook-evidence as `\[EVID:ev_fomc\]`,
//! which is text, not a marker. Without this rule each claim would be an
//! `ungrounded-claim` error (thousands, in a real book) with nothing
//! pointing at the cause.
//!
//! A chapter has escaped markers its author did not write when its text
//! holds more of them than its file on disk (with its `{{#include}}`s
//! expanded again). Such a chapter is not judged (its text is not what the
//! author wrote): it gets one finding, at the first escaped marker, naming
//! the preprocessors that run first and the `before = [...]` that fixes
//! the order.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::markers::{MarkerKind, Scan};
use evidence_core::rule::{Level, Rule};
use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;

/// What `escaped-markers` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::EscapedMarkers,
    help: "run evidence before the preprocessor that rewrites the markdown: add `before = [\"<its name>\"]` under [preprocessor.evidence] in book.toml",
    doc: &[
        "A preprocessor that runs before mdbook-evidence escaped the chapter's",
        "markers (`\\[EVID:…\\]`), which the chapter's file writes as markers:",
        "the chapter is not checked.",
    ],
    guide_page: guide_page!("escaped-markers"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// A backslash-escaped `[EVID:id]` or `[N]` marker, its closing bracket
/// escaped or not.
static ESCAPED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\\\[(?:EVID:[A-Za-z0-9_.:/\\-]+|[0-9]{1,4})\\?\]").expect("a valid pattern")
});

/// Escaped markers of a chapter that its files do not escape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NeighbourEscapes {
    /// How many more escaped markers the text holds than its files.
    pub count: usize,
    /// The first escaped marker of the text.
    pub(crate) first: Range<usize>,
}

/// Where the judge reads a chapter as its author wrote it, to tell a
/// neighbour's escapes from the author's: the session reads the file from
/// disk (I/O stays at the edge); a chapter judged alone has no file.
pub trait ChapterSource {
    /// The chapter's file as written, its `{{#include}}`s expanded again;
    /// `None` when it cannot be read.
    fn file_as_written(&self) -> Option<String>;
    /// The book's preprocessors that run before evidence (named by the
    /// finding).
    fn neighbours(&self) -> &[String];
}

/// No file to read: escaped markers are never a neighbour's.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSource;

impl ChapterSource for NoSource {
    fn file_as_written(&self) -> Option<String> {
        None
    }

    fn neighbours(&self) -> &[String] {
        &[]
    }
}

/// Whether judging a chapter reads its file (through its
/// [`ChapterSource`]): the rule is on, the chapter is checked, and its
/// text may hold escaped markers.
pub fn reads_chapter_file(config: &Config, checked: bool, text: &str) -> bool {
    config.level(Rule::EscapedMarkers) != Level::Off && checked && may_hold_escapes(text)
}

/// The escaped markers of a checked chapter that its file (as `source`
/// reads it) writes as markers, when the rule is on. Those of an earlier
/// run of mdbook-evidence (its citations and References) are its own.
pub(crate) fn chapter_escapes(
    text: &str,
    scan: &Scan,
    config: &Config,
    checked: bool,
    source: &dyn ChapterSource,
) -> Option<NeighbourEscapes> {
    if !reads_chapter_file(config, checked, text) {
        return None;
    }
    let file = source.file_as_written()?;
    let ours: Vec<Range<usize>> = scan
        .markers
        .iter()
        .filter(|m| matches!(m.kind, MarkerKind::Rendered(_)))
        .map(|m| m.span.clone())
        .chain(scan.references.clone())
        .collect();
    neighbour_escapes(text, &file, &ours)
}

/// Whether `text` (the chapter as handed over) quickly needs a closer look:
/// it holds a backslash before a bracket.
pub(crate) fn may_hold_escapes(text: &str) -> bool {
    text.contains("\\[")
}

/// How many escaped markers `text` holds.
pub fn escaped_count(text: &str) -> usize {
    ESCAPED.find_iter(text).count()
}

/// The escaped markers of `text` that `source` (the chapter's file with its
/// includes expanded, as on disk) does not hold escaped, if any. Those in
/// `ours` (what an earlier run of mdbook-evidence wrote: its citations
/// `[\[1\]](#evidence-…)` and its References entries, fed back in when a
/// rendered chapter is checked again) are not counted.
pub(crate) fn neighbour_escapes(
    text: &str,
    source: &str,
    ours: &[Range<usize>],
) -> Option<NeighbourEscapes> {
    let mut found = ESCAPED.find_iter(text).filter(|m| {
        !ours
            .iter()
            .any(|r| r.start <= m.start() && m.end() <= r.end)
    });
    let first = found.next()?.range();
    let in_text = 1 + found.count();
    let in_source = escaped_count(source);
    (in_text > in_source).then(|| NeighbourEscapes {
        count: in_text - in_source,
        first,
    })
}

/// The one finding of a chapter whose markers a preprocessor escaped.
/// `neighbours` are the preprocessors that run before evidence.
pub(crate) fn finding(text: &str, escapes: &NeighbourEscapes, neighbours: &[String]) -> Finding {
    let example = &text[escapes.first.clone()];
    let (cause, fix) = if neighbours.is_empty() {
        (
            "a preprocessor that runs before evidence".to_owned(),
            "`before = [\"<that preprocessor>\"]`".to_owned(),
        )
    } else {
        let names: Vec<String> = neighbours.iter().map(|n| format!("`{n}`")).collect();
        let quoted: Vec<String> = neighbours.iter().map(|n| format!("\"{n}\"")).collect();
        (
            format!(
                "a preprocessor that runs before evidence ({}) rewrote the markdown",
                names.join(", ")
            ),
            format!("`before = [{}]`", quoted.join(", ")),
        )
    };
    Finding {
        rule: Rule::EscapedMarkers,
        message: format!(
            "{} {} of this chapter reach evidence escaped ({example}) although the chapter's file writes them as markers: {cause}; the chapter was not checked. Run evidence first: add {fix} to [preprocessor.evidence] in book.toml",
            escapes.count,
            if escapes.count == 1 {
                "marker"
            } else {
                "markers"
            },
        ),
        span: escapes.first.clone(),
        block: None,
        evidence_ids: Vec::new(),
        excerpt: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_the_file_does_not_have_are_a_neighbours() {
        let source = "Rates held [EVID:ev_a].\n\nShown as \\[EVID:example\\] in prose.\n";
        let text = "Rates held \\[EVID:ev_a\\].\n\nShown as \\[EVID:example\\] in prose.\n";
        let found = neighbour_escapes(text, source, &[]).expect("one escaped by a neighbour");
        assert_eq!(found.count, 1);
        assert_eq!(&text[found.first], "\\[EVID:ev_a\\]");
        // The author's own escapes are theirs.
        assert_eq!(neighbour_escapes(source, source, &[]), None);
        assert_eq!(neighbour_escapes("no markers 東京 \\[x]", "", &[]), None);
        // What an earlier run of mdbook-evidence wrote is its own.
        let rendered = "Rates held [\\[1\\]](#evidence-ev_a).\n\n\\[1\\] Fed. \"Statement\".\n";
        let cite = 11..rendered.find(')').unwrap() + 1;
        let references = rendered.find("\n\n").unwrap() + 2..rendered.len();
        assert_eq!(
            neighbour_escapes(rendered, "Rates held [1].\n", &[cite, references]),
            None
        );
        let numbered = neighbour_escapes(
            "Rates held \\[3\\] and \\[12].",
            "Rates held [3] and [12].",
            &[],
        );
        assert_eq!(numbered.map(|f| f.count), Some(2));
    }

    #[test]
    fn the_finding_names_the_neighbours_and_the_fix() {
        let text = "x \\[EVID:ev_a\\]";
        let escapes = neighbour_escapes(text, "x [EVID:ev_a]", &[]).unwrap();
        let f = finding(text, &escapes, &["trpl-listing".into(), "trpl-note".into()]);
        assert!(
            f.message.contains("(`trpl-listing`, `trpl-note`)"),
            "{}",
            f.message
        );
        assert!(
            f.message
                .contains("`before = [\"trpl-listing\", \"trpl-note\"]`"),
            "{}",
            f.message
        );
        assert_eq!(f.span, 2..text.len());
    }

    /// A file as written, without a disk.
    struct Written(&'static str, Vec<String>);

    impl ChapterSource for Written {
        fn file_as_written(&self) -> Option<String> {
            Some(self.0.to_owned())
        }

        fn neighbours(&self) -> &[String] {
            &self.1
        }
    }

    #[test]
    fn the_rule_asks_the_source_only_for_a_checked_chapter_with_escapes() {
        let config = |level: &str| {
            Config::from_value(serde_json::json!({
                "store": "s",
                "as-of": "2026-02-20",
                "rules": {"escaped-markers": level},
            }))
            .unwrap()
        };
        let text = "Rates held \\[EVID:ev_a\\].\n";
        let options = evidence_core::markers::ScanOptions {
            markdown: Default::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: 3,
        };
        let scan = evidence_core::markers::scan(text, &options);
        let source = Written("Rates held [EVID:ev_a].\n", vec!["trpl-listing".into()]);
        let on = config("error");
        let found = chapter_escapes(text, &scan, &on, true, &source).expect("a neighbour's");
        assert_eq!(found.count, 1);
        assert_eq!(chapter_escapes(text, &scan, &on, false, &source), None);
        assert_eq!(chapter_escapes(text, &scan, &on, true, &NoSource), None);
        assert_eq!(
            chapter_escapes(text, &scan, &config("off"), true, &source),
            None
        );
    }
}
