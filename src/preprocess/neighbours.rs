//! Markers a preprocessor before this one escaped: the judge
//! (`escaped-markers`) then asks for the chapter's file as its author wrote
//! it, read here from disk with its `{{#include}}`s expanded again, to tell
//! the neighbour's escapes from the author's.

use crate::preprocess::Setup;
use evidence_core::source_map::{SourceMap, Style};
use evidence_rules as rules;
use evidence_rules::ChapterSource;
use std::path::Path;

/// A chapter's file on disk, under the book's source directory.
pub(super) struct ChapterFile<'a> {
    /// The setup: where the book is, and who runs before evidence.
    pub(super) setup: &'a Setup,
    /// The chapter's path relative to the source directory.
    pub(super) path: &'a Path,
}

impl ChapterSource for ChapterFile<'_> {
    fn file_as_written(&self) -> Option<String> {
        let file = self.setup.root.join(&self.setup.src_dir).join(self.path);
        let read = |p: &Path| {
            evidence_core::limits::read_text(p, evidence_core::limits::Limit::file()).ok()
        };
        let text = read(&file)?;
        let dir = file.parent()?;
        // mdBook 0.5.4 or its next release expanded the includes; the next
        // one repeats what precedes a directive on every included line,
        // escapes there too. The expansion holding more escapes is the one
        // that counts none of those as a neighbour's.
        let expand = |style| SourceMap::expand_as(&file, text.clone(), dir, &read, style).text;
        [Style::Plain, Style::Prefixed]
            .map(expand)
            .into_iter()
            .max_by_key(|s| rules::markers::escaped_markers::escaped_count(s))
    }

    fn neighbours(&self) -> &[String] {
        &self.setup.neighbours
    }
}

/// Whether judging the chapter reads its file from disk (for markers a
/// preprocessor before this one escaped).
pub(super) fn reads_chapter_file(setup: &Setup, path: &Path, content: &str) -> bool {
    rules::markers::escaped_markers::reads_chapter_file(
        &setup.config,
        setup.config.is_checked(path),
        content,
    )
}
