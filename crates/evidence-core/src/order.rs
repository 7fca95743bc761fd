//! Whether mdBook's `links` preprocessor has run before this one.
//!
//! `links` expands `{{#include}}` (and `{{#rustdoc_include}}`,
//! `{{#playground}}`, `{{#title}}`). When it runs after mdbook-evidence —
//! which it does unless `after = ["links"]` says otherwise, as mdBook
//! orders preprocessors without a constraint by name — the included text
//! reaches the page unchecked and its markers unrendered, while
//! `mdbook-evidence check`, which always expands first, judges it: the
//! build and CI would disagree. So a chapter that still holds a directive
//! when links has not run first is an error that says what to add.

use crate::config::PREPROCESSOR_NAME;
use crate::source_map::{first_links_directive, line_column};
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::config::Config;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The preprocessor that expands `{{#include}}`.
const LINKS: &str = "links";

/// mdBook's preprocessors that run unless `build.use-default-preprocessors`
/// is false.
const DEFAULTS: [&str; 2] = ["index", LINKS];

/// A chapter with a `{{#…}}` directive that `links` has not expanded
/// before this preprocessor.
#[derive(Debug, thiserror::Error)]
#[error("{}:{line}:{column}: `{directive}` is not expanded: {why}, so the text it includes would be published unchecked (and `mdbook-evidence check` would judge a different book); {fix}", path.display())]
pub struct UnexpandedDirective {
    /// The chapter's path, as diagnostics name it (`src/…`).
    pub path: PathBuf,
    /// 1-based line of the directive.
    pub line: usize,
    /// 1-based column of the directive.
    pub column: usize,
    /// The directive, as written.
    pub(crate) directive: String,
    /// Why `links` did not run first.
    why: &'static str,
    /// What to change.
    fix: &'static str,
}

/// Where `links` runs relative to this preprocessor in a build with
/// `config`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LinksOrder {
    /// Before this preprocessor: directives are expanded when we see them.
    Before,
    /// After it.
    After,
    /// Not at all (`build.use-default-preprocessors = false`, and no
    /// `[preprocessor.links]`).
    NotRun,
}

/// The order mdBook 0.5 runs the configured preprocessors in
/// (`determine_preprocessors`): layers of those whose `before`/`after`
/// constraints are met, each layer sorted by name.
pub(crate) fn links_order(config: &Config) -> LinksOrder {
    let tables: BTreeMap<String, serde_json::Value> = config.preprocessors().unwrap_or_default();
    let mut names: BTreeSet<String> = tables.keys().cloned().collect();
    if config.build.use_default_preprocessors {
        names.extend(DEFAULTS.map(str::to_owned));
    }
    if !names.contains(LINKS) {
        return LinksOrder::NotRun;
    }
    // (first, then): `first` runs before `then`.
    let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
    let list = |table: &serde_json::Value, key: &str| -> Vec<String> {
        table
            .get(key)
            .and_then(|v| v.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    for (name, table) in &tables {
        for later in list(table, "before")
            .into_iter()
            .filter(|n| names.contains(n))
        {
            edges.insert((name.clone(), later));
        }
        for earlier in list(table, "after")
            .into_iter()
            .filter(|n| names.contains(n))
        {
            edges.insert((earlier, name.clone()));
        }
    }
    let mut waiting = names;
    while !waiting.is_empty() {
        let layer: Vec<String> = waiting
            .iter()
            .filter(|n| !edges.iter().any(|(a, b)| b == *n && waiting.contains(a)))
            .cloned()
            .collect();
        if layer.is_empty() {
            // A cycle: mdBook refuses the book itself.
            return LinksOrder::Before;
        }
        for name in &layer {
            match name.as_str() {
                LINKS => return LinksOrder::Before,
                PREPROCESSOR_NAME => return LinksOrder::After,
                _ => {}
            }
            waiting.remove(name);
        }
    }
    LinksOrder::Before
}

/// Refuses a book whose chapters hold a `{{#…}}` directive that mdBook's
/// `links` preprocessor does not expand before this one. `book` is the book
/// as this preprocessor receives it (for `check`: as loaded, before
/// `links`); `src` the book's source directory, for the location.
pub fn ensure_expanded(
    config: &Config,
    book: &Book,
    src: &std::path::Path,
) -> Result<(), UnexpandedDirective> {
    let (why, fix) = match links_order(config) {
        LinksOrder::Before => return Ok(()),
        LinksOrder::After => (
            "mdBook's `links` preprocessor runs after mdbook-evidence",
            "add `after = [\"links\"]` to [preprocessor.evidence] in book.toml (`mdbook-evidence install` does it)",
        ),
        LinksOrder::NotRun => (
            "mdBook's `links` preprocessor does not run (build.use-default-preprocessors = false)",
            "add `[preprocessor.links]` to book.toml and `after = [\"links\"]` to [preprocessor.evidence]",
        ),
    };
    for item in book.iter() {
        let BookItem::Chapter(chapter) = item else {
            continue;
        };
        let Some(path) = chapter.source_path.as_ref().or(chapter.path.as_ref()) else {
            continue;
        };
        if let Some(range) = first_links_directive(&chapter.content) {
            let (line, column) = line_column(&chapter.content, range.start);
            return Err(UnexpandedDirective {
                path: src.join(path),
                line,
                column,
                directive: chapter.content[range].to_owned(),
                why,
                fix,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(toml: &str) -> LinksOrder {
        let config: Config = toml.parse().expect("valid book.toml");
        links_order(&config)
    }

    #[test]
    fn links_runs_first_only_when_asked_to() {
        assert_eq!(order("[preprocessor.evidence]\n"), LinksOrder::After);
        assert_eq!(
            order("[preprocessor.evidence]\nafter = [\"links\"]\n"),
            LinksOrder::Before
        );
        assert_eq!(
            order("[preprocessor.evidence]\n[preprocessor.links]\nbefore = [\"evidence\"]\n"),
            LinksOrder::Before
        );
        // Through a third preprocessor.
        assert_eq!(
            order(
                "[preprocessor.evidence]\nafter = [\"toc\"]\n[preprocessor.toc]\nafter = [\"links\"]\n"
            ),
            LinksOrder::Before
        );
        // A layer later than links without naming it (mdBook's layering).
        assert_eq!(
            order("[preprocessor.evidence]\nafter = [\"zz\"]\n[preprocessor.zz]\n"),
            LinksOrder::Before
        );
        assert_eq!(
            order("[build]\nuse-default-preprocessors = false\n[preprocessor.evidence]\n"),
            LinksOrder::NotRun
        );
    }

    #[test]
    fn a_directive_left_unexpanded_is_located_and_the_fix_named() {
        let config: Config = "[preprocessor.evidence]\n".parse().unwrap();
        let mut book = Book::new();
        book.push_item(mdbook_preprocessor::book::Chapter::new(
            "Brief",
            "# Brief\n\n東京 \\{{#include escaped.md}} {{#evidence-index}}\n\n  {{#include quote.md:2}}\n".into(),
            "brief.md",
            Vec::new(),
        ));
        let err = ensure_expanded(&config, &book, std::path::Path::new("src")).unwrap_err();
        let message = err.to_string();
        assert!(
            message.starts_with("src/brief.md:5:3: `{{#include quote.md:2}}` is not expanded"),
            "{message}"
        );
        assert!(message.contains("add `after = [\"links\"]`"), "{message}");
        let config: Config = "[preprocessor.evidence]\nafter = [\"links\"]\n"
            .parse()
            .unwrap();
        assert!(ensure_expanded(&config, &book, std::path::Path::new("src")).is_ok());
    }
}
