//! The include map on a real book: for every chapter, mdBook's own `links`
//! preprocessor expands it, mdbook-evidence's source map redoes the
//! expansion from the files on disk, and every line of the expanded text
//! that came from a file must point at the same text in that file.

use evidence_core::source_map::{SourceMap, Trace};
use mdbook_driver::MDBook;
use mdbook_driver::builtin_preprocessors::LinkPreprocessor;
use mdbook_preprocessor::book::BookItem;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::path::Path;

/// How a book's chapters map back to their files.
#[derive(Debug, Default)]
pub struct IncludeMap {
    /// Chapters whose text mdBook's expansion changed (they include files).
    pub with_includes: usize,
    /// Of those, chapters traced back to their files.
    pub traced: usize,
    /// Lines of included text checked, and those pointing at other text.
    pub lines: usize,
    /// Lines whose location holds other text (each with where).
    pub wrong: Vec<String>,
    /// Chapters that could not be traced, with why.
    pub untraced: Vec<String>,
}

/// Checks the include map of every chapter of the book at `root`.
pub fn check(root: &Path) -> anyhow::Result<IncludeMap> {
    let md = MDBook::load(root)?;
    let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), "html".to_owned());
    let book = LinkPreprocessor::new().run(&ctx, md.book.clone())?;
    let src = root.join(&md.config.book.src);
    let mut out = IncludeMap::default();
    for item in book.iter() {
        let BookItem::Chapter(chapter) = item else {
            continue;
        };
        let Some(path) = &chapter.source_path else {
            continue;
        };
        let file = src.join(path);
        match SourceMap::trace(&file, &chapter.content) {
            Trace::Unchanged => {}
            Trace::Mapped(map) => {
                out.with_includes += 1;
                out.traced += 1;
                check_lines(&map, &chapter.content, path, &mut out);
            }
            Trace::Untraced(why) => {
                out.with_includes += 1;
                out.untraced.push(format!("{}: {why}", path.display()));
            }
        }
    }
    Ok(out)
}

/// How many times `needle` occurs in the book's chapters as mdBook hands
/// them to preprocessors (`{{#include}}`s expanded).
pub fn count_expanded(root: &Path, needle: &str) -> anyhow::Result<usize> {
    let md = MDBook::load(root)?;
    let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), "html".to_owned());
    let book = LinkPreprocessor::new().run(&ctx, md.book.clone())?;
    Ok(book
        .iter()
        .map(|item| match item {
            BookItem::Chapter(chapter) => chapter.content.matches(needle).count(),
            _ => 0,
        })
        .sum())
}

/// Each line of `expanded` that the map places in a file must be that
/// file's text there.
fn check_lines(map: &SourceMap, expanded: &str, chapter: &Path, out: &mut IncludeMap) {
    let mut start = 0;
    for line in expanded.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        // `{{#rustdoc_include}}` hides lines behind a generated `# `.
        let (skip, body) = match body.strip_prefix("# ") {
            Some(rest) => (2, rest),
            None => (0, body),
        };
        let at = start + skip;
        start += line.len();
        if body.is_empty() {
            continue;
        }
        let (file, span) = map.locate(at..at + body.len());
        out.lines += 1;
        let text = &map.files[file].1;
        // A fence that `{{#playground}}` made up points at the run before.
        if body.starts_with("```") {
            continue;
        }
        if text.get(span.clone()).is_none() || text.get(span.clone()) != body.get(..span.len()) {
            out.wrong.push(format!(
                "{} line {:?} maps to {} {span:?}",
                chapter.display(),
                body,
                map.files[file].0.display()
            ));
        }
    }
}
