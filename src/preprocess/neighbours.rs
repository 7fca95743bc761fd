//! Markers a preprocessor before this one escaped: judging a chapter then
//! reads its file from disk (with its `{{#include}}`s expanded again) to
//! tell the neighbour's escapes from the author's.

use super::Setup;
use crate::markers;
use crate::rules;
use crate::source_map::{SourceMap, Style};
use std::path::Path;

/// Whether judging the chapter reads its file from disk (for markers a
/// preprocessor before this one escaped).
pub(super) fn reads_chapter_file(setup: &Setup, path: &Path, content: &str) -> bool {
    setup.config.level(rules::Rule::EscapedMarkers) != rules::Level::Off
        && setup.config.is_checked(path)
        && rules::escaped_markers::may_hold_escapes(content)
}

/// The escaped markers of a checked chapter that its file (with its
/// `{{#include}}`s expanded again, from disk) writes as markers, when the
/// `escaped-markers` rule is on.
pub(super) fn neighbour_escapes(
    setup: &Setup,
    path: &Path,
    content: &str,
    scan: &markers::Scan,
) -> Option<rules::escaped_markers::NeighbourEscapes> {
    if !reads_chapter_file(setup, path, content) {
        return None;
    }
    let file = setup.root.join(&setup.src_dir).join(path);
    let read = |p: &Path| crate::limits::read_text(p, crate::limits::Limit::file()).ok();
    let text = read(&file)?;
    let dir = file.parent()?;
    // mdBook 0.5.4 or its next release expanded the includes; the next one
    // repeats what precedes a directive on every included line, escapes
    // there too. The expansion holding more escapes is the one that counts
    // none of those as a neighbour's.
    let expand = |style| SourceMap::expand_as(&file, text.clone(), dir, &read, style).text;
    let source = [Style::Plain, Style::Prefixed]
        .map(expand)
        .into_iter()
        .max_by_key(|s| rules::escaped_markers::escaped_count(s))?;
    let ours: Vec<std::ops::Range<usize>> = scan
        .markers
        .iter()
        .filter(|m| matches!(m.kind, markers::MarkerKind::Rendered(_)))
        .map(|m| m.span.clone())
        .chain(scan.references.clone())
        .collect();
    rules::escaped_markers::neighbour_escapes(content, &source, &ours)
}
