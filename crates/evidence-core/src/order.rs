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

/// Which of mdBook's own preprocessors (`DEFAULTS`) [`run_order`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defaults {
    /// As mdBook does: only when `build.use-default-preprocessors` is true.
    AsConfigured,
    /// Always, whatever `build.use-default-preprocessors` says (the reading
    /// `escaped-markers` has always named its neighbours by).
    Always,
}

/// A preprocessor table's `before` or `after` list: its string entries.
fn constraint(table: &serde_json::Value, key: &str) -> Vec<String> {
    table
        .get(key)
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|n| n.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The book's `[preprocessor.*]` tables, by name (none when they do not
/// read as tables).
fn tables(config: &Config) -> BTreeMap<String, serde_json::Value> {
    config.preprocessors().unwrap_or_default()
}

/// The order mdBook 0.5 runs the configured preprocessors in
/// (`determine_preprocessors`): layers of those whose `before`/`after`
/// constraints are met, each layer sorted by name. A constraint naming a
/// preprocessor that does not run is ignored (mdBook warns). On a cycle
/// (mdBook refuses the book) the order stops before it.
pub fn run_order(config: &Config, defaults: Defaults) -> Vec<String> {
    let tables = tables(config);
    let mut names: BTreeSet<String> = tables.keys().cloned().collect();
    if defaults == Defaults::Always || config.build.use_default_preprocessors {
        names.extend(DEFAULTS.map(str::to_owned));
    }
    // (first, then): `first` runs before `then`.
    let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
    for (name, table) in &tables {
        for later in constraint(table, "before") {
            if names.contains(&later) {
                edges.insert((name.clone(), later));
            }
        }
        for earlier in constraint(table, "after") {
            if names.contains(&earlier) {
                edges.insert((earlier, name.clone()));
            }
        }
    }
    let mut order = Vec::new();
    let mut waiting = names;
    while !waiting.is_empty() {
        let layer: Vec<String> = waiting
            .iter()
            .filter(|n| !edges.iter().any(|(a, b)| b == *n && waiting.contains(a)))
            .cloned()
            .collect();
        if layer.is_empty() {
            break;
        }
        for name in &layer {
            waiting.remove(name);
        }
        order.extend(layer);
    }
    order
}

/// Where `links` runs relative to this preprocessor, by [`run_order`].
pub(crate) fn links_order(config: &Config) -> LinksOrder {
    if !config.build.use_default_preprocessors && !tables(config).contains_key(LINKS) {
        return LinksOrder::NotRun;
    }
    match run_order(config, Defaults::AsConfigured)
        .iter()
        .find(|n| *n == LINKS || *n == PREPROCESSOR_NAME)
        .map(String::as_str)
    {
        Some(PREPROCESSOR_NAME) => LinksOrder::After,
        // Links first, or a cycle before either (mdBook refuses the book).
        _ => LinksOrder::Before,
    }
}

/// The book's preprocessors that mdBook runs before this one (its own
/// `links` and `index` aside), in mdBook's order: by `before`/`after`, ties
/// by name. mdBook's own count whatever `build.use-default-preprocessors`
/// says ([`Defaults::Always`]), as `escaped-markers` has always read it.
pub fn preprocessors_before_evidence(config: &Config) -> Vec<String> {
    run_order(config, Defaults::Always)
        .into_iter()
        .take_while(|n| n != PREPROCESSOR_NAME)
        .filter(|n| !DEFAULTS.contains(&n.as_str()))
        .collect()
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
    fn mdbooks_order_decides_who_runs_before_evidence() {
        let config: Config = r#"
            [preprocessor.evidence]
            after = ["links"]
            [preprocessor.trpl-listing]
            [preprocessor.aaa-late]
            after = ["evidence"]
            [preprocessor.zzz-early]
            before = ["evidence"]
            [preprocessor.mermaid]
        "#
        .parse()
        .unwrap();
        assert_eq!(
            preprocessors_before_evidence(&config),
            ["mermaid", "trpl-listing", "zzz-early"]
        );
        let fixed: Config = r#"
            [preprocessor.evidence]
            after = ["links"]
            before = ["trpl-listing"]
            [preprocessor.trpl-listing]
        "#
        .parse()
        .unwrap();
        assert!(preprocessors_before_evidence(&fixed).is_empty());
    }

    /// The two readings differ where mdBook's own preprocessors are off:
    /// `links_order` leaves them out, as mdBook does, while the neighbours
    /// `escaped-markers` names have always counted them.
    #[test]
    fn without_default_preprocessors_the_two_readings_differ() {
        let config: Config = r#"
            [build]
            use-default-preprocessors = false
            [preprocessor.evidence]
            after = ["links"]
            [preprocessor.foo]
        "#
        .parse()
        .unwrap();
        assert_eq!(
            run_order(&config, Defaults::AsConfigured),
            ["evidence", "foo"]
        );
        assert_eq!(links_order(&config), LinksOrder::NotRun);
        assert_eq!(preprocessors_before_evidence(&config), ["foo"]);
        // A cycle: the order stops before it; links counts as first.
        let cycle: Config = r#"
            [preprocessor.evidence]
            [preprocessor.a]
            after = ["b"]
            [preprocessor.b]
            after = ["a"]
            before = ["evidence"]
        "#
        .parse()
        .unwrap();
        assert_eq!(links_order(&cycle), LinksOrder::Before);
        assert!(preprocessors_before_evidence(&cycle).is_empty());
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
