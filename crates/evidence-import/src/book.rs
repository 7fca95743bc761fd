//! Where an import writes, and what the book it writes into has already.
//!
//! With `--chapter` and `--store` the two files are written where named
//! (their directories must exist). With `--book DIR` the import joins the
//! book:
//! - the chapter goes under the book's `src/` (`--chapter` is then a path
//!   inside it; by default the response's file name with `.md`), missing
//!   directories created;
//! - the fragment goes into the book's store directory (the first `store`
//!   entry that is a directory), named after the chapter; a book whose
//!   store is files only gets it in `evidence/`, with a note saying which
//!   `store` entry to add;
//! - sources the book's store registers already are not registered again,
//!   and an item the store holds already is not written again (a passage
//!   of a page the store holds with another passage gets its own id).
//!
//! The fragment being replaced (a re-import) is not counted as the book's,
//! so importing an answer twice writes the same files twice.

use crate::fragment::{Item, passage_hash};
use anyhow::{Context, bail};
use evidence_core::env::Environment;
use evidence_core::store::Store;
use std::path::{Component, Path, PathBuf};

/// Where to write, and the book's store as it is.
pub(crate) struct Plan {
    /// The writer's root: the book's, or none (the files' directories).
    pub(crate) root: Option<PathBuf>,
    /// The chapter's path.
    pub chapter: PathBuf,
    /// The fragment's path.
    pub store: PathBuf,
    /// The chapter's key (its path under the book's source directory),
    /// when writing into a book.
    pub(crate) key: Option<String>,
    /// The book's store without the fragment being replaced.
    existing: Option<Store>,
    /// What to tell the user about the store.
    store_note: Option<String>,
    /// The book's `src/SUMMARY.md`, to check the chapter is in it.
    summary: Option<(PathBuf, String)>,
    /// What the book reads, which the import never writes (see
    /// [`book_inputs`]), with what each is.
    pub(crate) protected: Vec<(PathBuf, String)>,
}

/// Works out the paths of `output`, with the book's configuration read in
/// `environment`.
pub(crate) fn plan(
    output: &crate::Output,
    response: &Path,
    environment: &Environment,
) -> anyhow::Result<Plan> {
    let (root, chapter, store) = match output {
        crate::Output::Files { chapter, store } => {
            return Ok(Plan {
                root: None,
                chapter: chapter.clone(),
                store: store.clone(),
                key: None,
                existing: None,
                store_note: None,
                summary: None,
                protected: Vec::new(),
            });
        }
        crate::Output::Book {
            root,
            chapter,
            store,
        } => (root, chapter, store),
    };
    let toml = root.join("book.toml");
    if !toml.is_file() {
        bail!(
            "--book {}: {} does not exist; pass the directory of a book (the one holding book.toml)",
            root.display(),
            toml.display()
        );
    }
    let mdbook = mdbook_preprocessor::config::Config::from_disk(&toml)
        .with_context(|| format!("cannot read {}", toml.display()))?;
    let src = root.join(&mdbook.book.src);
    let chapter_rel = chapter.clone().unwrap_or_else(|| {
        let stem = response
            .file_stem()
            .map_or_else(|| "answer".into(), |s| s.to_string_lossy().into_owned());
        PathBuf::from(format!("{stem}.md"))
    });
    if !stays_below(&chapter_rel) {
        bail!(
            "--chapter {}: a chapter goes inside the book's source directory `{}`, and this path leads outside it; give a path under it, such as `answers/q1.md`",
            chapter_rel.display(),
            src.display()
        );
    }
    let chapter_path = src.join(&chapter_rel);
    let key = slash(&chapter_rel);
    let fragment_name = format!("{}.json", key.trim_end_matches(".md").replace('/', "-"));
    let configured = evidence_core::config::Config::from_book(&mdbook, environment)
        .ok()
        .map(|c| c.store);
    let (store_path, store_note) = match (store, &configured) {
        (Some(store), _) => (root.join(store), None),
        (None, Some(paths)) => match paths.iter().find(|p| is_store_dir(&root.join(p))) {
            Some(dir) => (root.join(dir).join(&fragment_name), None),
            None => {
                let rel = Path::new("evidence").join(&fragment_name);
                let note = format!(
                    "the book's store is {}: add {:?} to `store` under [preprocessor.evidence] in book.toml (a store directory takes new fragments as they come)",
                    paths
                        .iter()
                        .map(|p| format!("{:?}", slash(p)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    slash(&rel)
                );
                (root.join(rel), Some(note))
            }
        },
        (None, None) => {
            let rel = Path::new("evidence").join(&fragment_name);
            let note = "book.toml has no `store` under [preprocessor.evidence]: run `mdbook-evidence install` (its store is the directory \"evidence\", which now holds the fragment)".to_owned();
            (root.join(rel), Some(note))
        }
    };
    let existing = match &configured {
        Some(paths) => Some(existing_store(root, paths, &store_path)?),
        None => None,
    };
    let summary_path = src.join("SUMMARY.md");
    let summary =
        evidence_core::limits::read_text(&summary_path, evidence_core::limits::Limit::file())
            .ok()
            .map(|text| (summary_path, text));
    let protected = book_inputs(
        root,
        &src,
        &mdbook,
        summary.as_ref().map(|(_, text)| text.as_str()),
        [&chapter_path, &store_path],
        environment,
    );
    Ok(Plan {
        root: Some(root.clone()),
        chapter: chapter_path,
        store: store_path,
        key: Some(key),
        existing,
        store_note,
        summary,
        protected,
    })
}

/// Whether a relative path stays below the directory it is joined to
/// (read lexically: no root, no `..` above its start).
fn stays_below(path: &Path) -> bool {
    let mut depth = 0usize;
    for part in path.components() {
        match part {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir if depth > 0 => depth -= 1,
            _ => return false,
        }
    }
    depth > 0
}

/// Everything the book reads besides what the import writes (`targets`:
/// the chapter and the fragment, whose replacement [`super::guard`]
/// decides): book.toml's neighbours `src/SUMMARY.md`, the chapters it lists
/// and the files they include, the theme directory (templates and the
/// citation card's assets), `additional-css` and `additional-js`, and
/// every store and support file (of the configuration `mdbook` read in
/// `environment`).
fn book_inputs(
    root: &Path,
    src: &Path,
    mdbook: &mdbook_preprocessor::config::Config,
    summary: Option<&str>,
    targets: [&Path; 2],
    environment: &Environment,
) -> Vec<(PathBuf, String)> {
    let same = |a: &Path, b: &Path| {
        a == b || std::fs::canonicalize(a).is_ok_and(|a| std::fs::canonicalize(b).ok() == Some(a))
    };
    let is_target = |p: &Path| targets.iter().any(|t| same(t, p));
    let mut out: Vec<(PathBuf, String)> =
        vec![(src.join("SUMMARY.md"), "the book's SUMMARY.md".to_owned())];
    let html = mdbook.html_config().unwrap_or_default();
    let theme = html.theme.clone().unwrap_or_else(|| PathBuf::from("theme"));
    out.push((root.join(theme), "the book's theme directory".to_owned()));
    for asset in html.additional_css.iter().chain(&html.additional_js) {
        out.push((
            root.join(asset),
            "an asset of the book (output.html.additional-css or additional-js)".to_owned(),
        ));
    }
    let chapters = summary.map(summary_chapters).unwrap_or_default();
    let included = std::cell::RefCell::new(Vec::new());
    for chapter in chapters.iter().map(|c| src.join(c)) {
        let limit = evidence_core::limits::Limit::file();
        if let Ok(text) = evidence_core::limits::read_text(&chapter, limit) {
            let read = |path: &Path| {
                let text = evidence_core::limits::read_text(path, limit).ok();
                included.borrow_mut().push(path.to_owned());
                text
            };
            let dir = chapter.parent().unwrap_or(src).to_owned();
            evidence_core::source_map::SourceMap::expand(&chapter, text, &dir, &read);
        }
        if !is_target(&chapter) {
            out.push((
                chapter,
                "a chapter of the book (SUMMARY.md lists it)".to_owned(),
            ));
        }
    }
    for path in included.into_inner() {
        out.push((path, "a file a chapter of the book includes".to_owned()));
    }
    let config = evidence_core::config::Config::from_book(mdbook, environment).ok();
    let lists = config.iter().flat_map(|c| {
        c.store
            .iter()
            .map(|p| (p, "a file of the book's store"))
            .chain(c.support.iter().map(|p| (p, "a support file of the book")))
    });
    for (rel, what) in lists {
        let full = root.join(rel);
        let files: Vec<PathBuf> = match std::fs::read_dir(&full) {
            Ok(entries) => entries.filter_map(Result::ok).map(|e| e.path()).collect(),
            Err(_) => vec![full],
        };
        out.extend(
            files
                .into_iter()
                .filter(|f| !is_target(f))
                .map(|f| (f, what.to_owned())),
        );
    }
    out
}

/// The chapter files SUMMARY.md links (relative paths, without their
/// fragment).
fn summary_chapters(summary: &str) -> Vec<PathBuf> {
    use mdbook_markdown::pulldown_cmark::{Event, Tag};
    let options = mdbook_markdown::MarkdownOptions::default();
    mdbook_markdown::new_cmark_parser(summary, &options)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                let dest = dest_url.split('#').next().unwrap_or_default().to_owned();
                (!dest.is_empty() && !dest.contains(':')).then(|| PathBuf::from(dest))
            }
            _ => None,
        })
        .collect()
}

/// Whether a configured store path is a directory (or will be one: a path
/// that does not exist and is not named like a store file).
fn is_store_dir(path: &Path) -> bool {
    path.is_dir()
        || (!path.exists()
            && !path
                .extension()
                .is_some_and(|ext| ext == "json" || ext == "jsonl"))
}

/// The book's store, without the file at `replaced`.
fn existing_store(root: &Path, paths: &[PathBuf], replaced: &Path) -> anyhow::Result<Store> {
    let replaced = std::fs::canonicalize(replaced).ok();
    let is_replaced =
        |path: &Path| replaced.is_some() && std::fs::canonicalize(path).ok() == replaced;
    let mut files = Vec::new();
    for rel in paths {
        let full = root.join(rel);
        if full.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(&full)
                .with_context(|| format!("cannot read the book's store `{}`", full.display()))?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|p| {
                    p.is_file()
                        && p.extension().is_some_and(|e| e == "json" || e == "jsonl")
                        && !is_replaced(p)
                })
                .filter_map(|p| p.strip_prefix(root).ok().map(Path::to_owned))
                .collect();
            found.sort();
            files.extend(found);
        } else if full.is_file() && !is_replaced(&full) {
            files.push(rel.clone());
        }
    }
    evidence_core::store::load(root, &files).with_context(|| {
        "cannot read the book's store (the import leaves out what it holds already)".to_owned()
    })
}

/// `path` with `/` separators.
fn slash(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The passage an item holds, for telling two items of one id apart.
fn passage_of(item: &Item) -> Option<&str> {
    item.cited_text
        .as_deref()
        .or(item.quote_span.as_ref().map(|q| q.text.as_str()))
        .or(item.snippet_span.as_ref().map(|s| s.text.as_str()))
}

impl Plan {
    /// Whether the book's store registers `source_id` already.
    pub(super) fn has_source(&self, source_id: &str) -> bool {
        self.existing
            .as_ref()
            .is_some_and(|store| store.is_registered(source_id))
    }

    /// Whether the book's store holds the item `id` already, with this
    /// passage: then the fragment need not hold it.
    pub(super) fn has_item(&self, item: &Item) -> bool {
        let Some(existing) = self.existing.as_ref().and_then(|s| s.item(&item.id)) else {
            return false;
        };
        let theirs = existing
            .cited_passage()
            .or(existing.snippet_span.as_ref().map(|s| s.text.as_str()));
        passage_of(item).is_none_or(|ours| theirs.is_some_and(|t| t.trim() == ours.trim()))
    }

    /// Gives an item its passage's own id where the book's store holds
    /// another passage under its id, and the date the store knows of the
    /// page when the response gives none.
    pub(super) fn keep_apart(&self, items: &mut [Item]) {
        for item in items.iter_mut() {
            let Some(existing) = self.existing.as_ref().and_then(|s| s.item(&item.id)) else {
                continue;
            };
            if item.published_at.is_none() && existing.url.as_deref() == Some(item.url.as_str()) {
                item.published_at = existing.published_at.map(|t| t.to_string());
            }
            if !self.has_item(item)
                && let Some(passage) = passage_of(item)
            {
                let hash = passage_hash(passage);
                item.id = format!("{}.{hash}", item.id);
            }
        }
    }

    /// What the user should do next: add the store entry, list the chapter.
    pub(super) fn notes(&self, key: &str) -> Vec<String> {
        let mut notes: Vec<String> = self.store_note.iter().cloned().collect();
        if let Some((path, text)) = &self.summary
            && !text.contains(&format!("({key})"))
            && !text.contains(&format!("(./{key})"))
        {
            notes.push(format!(
                "{} does not list the chapter: add a line such as `- [Answer]({key})` to have mdBook build it",
                path.display()
            ));
        }
        notes
    }
}
