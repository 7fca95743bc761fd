//! The evidence index: a table of every item the book cites, once, with
//! links to the chapters that cite it, placed where a chapter has a
//! `{{#evidence-index}}` paragraph.
//!
//! It is built from the chapters' render plans before any chapter is
//! rendered, so that a book with an index is rendered and written in
//! batches like any other. A plan lists the items its chapter's References
//! section will list, so the index holds exactly what is published:
//! removed claims' citations are gone. [`EvidenceIndex::from_rendered`]
//! reads the same back from rendered chapters (the scanner recognizes its
//! own output); the tests check that both agree.

// The quality table the index shows after its list of items.
mod quality_table;

use crate::{RenderPlan, Target, date, tags};
use evidence_core::config::Config;
use evidence_core::escape;
use evidence_core::markers;
use evidence_core::markers::{MarkdownFlags, MarkerKind, ScanOptions};
use evidence_core::store::Store;
use evidence_rules::{Resolved, resolve};
use mdbook_markdown::new_cmark_parser;
use mdbook_markdown::pulldown_cmark::{Event, Tag, TagEnd};
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use quality_table::QualityTable;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

/// The placeholder, alone in a top-level paragraph.
pub const PLACEHOLDER: &str = "{{#evidence-index}}";

/// The evidence index of a book: each item its chapters publish, with the
/// chapters citing it.
#[derive(Debug)]
pub struct EvidenceIndex<'s> {
    /// The rows, in the table's order: each page cited (one item shown),
    /// with the positions in `pages` of the chapters citing it, in book
    /// order, and the id each cites.
    items: Vec<Row<'s>>,
    /// Every chapter with a path, in book order: its name and output path
    /// (`README.md` may have become `index.md`).
    pages: Vec<(String, PathBuf)>,
    /// The chapters' quality metrics and the book's, under the items
    /// (none when no chapter has a claim).
    quality: Option<QualityTable>,
}

impl<'s> EvidenceIndex<'s> {
    /// The index of `book` from its chapters' plans (one per chapter with a
    /// path, in book order, as judging returns them), or `None` when no
    /// chapter has the placeholder. A book without one costs a substring
    /// search per chapter. `config` gives the quality table's targets, the
    /// rules that warn of a missed one, and whether it is shown at all.
    pub fn from_plans(
        book: &Book,
        plans: &[RenderPlan<'s>],
        config: &Config,
    ) -> Option<EvidenceIndex<'s>> {
        if !is_wanted(book) {
            return None;
        }
        let pages = pages(book);
        // Judging and planning pick the same chapters, in the same order.
        assert_eq!(pages.len(), plans.len(), "one render plan per chapter");
        let cited = plans.iter().map(|plan| plan.published().copied().collect());
        let mut index = EvidenceIndex::new(pages, cited);
        if config.quality_table {
            index.quality = QualityTable::new(plans, config);
        }
        Some(index)
    }

    /// The index of the rendered `book`, read back from its chapters: the
    /// ids of the citations in each, as the scanner recognizes them, that
    /// resolve. `None` when no chapter has the placeholder. The plans make
    /// the same index without a second scan ([`EvidenceIndex::from_plans`]);
    /// this one is the tests' oracle for it.
    pub fn from_rendered(
        book: &Book,
        store: &'s Store,
        config: &Config,
        markdown: MarkdownFlags,
    ) -> Option<EvidenceIndex<'s>> {
        if !is_wanted(book) {
            return None;
        }
        let options = ScanOptions {
            markdown,
            numbered: false,
            references_title: &config.references_title,
            claim_min_words: config.claim_min_words,
        };
        let contents: Vec<&str> = book
            .iter()
            .filter_map(page_chapter)
            .map(|chapter| chapter.content.as_str())
            .collect();
        // Per chapter, the items it cites, in order of appearance.
        let cited: Vec<Vec<Resolved<'s>>> = contents
            .par_iter()
            .map(|content| {
                let mut cited: Vec<Resolved<'s>> = Vec::new();
                let mut seen: HashSet<&'s str> = HashSet::new();
                for marker in markers::scan(content, &options).markers {
                    if let MarkerKind::Rendered(_) = &marker.kind
                        && let Ok(evidence) = resolve(&marker.kind, store, None, config)
                        && seen.insert(evidence.id)
                    {
                        cited.push(evidence);
                    }
                }
                cited
            })
            .collect();
        Some(EvidenceIndex::new(pages(book), cited.into_iter()))
    }

    /// The index of `pages`, given per page (in book order) the items it
    /// cites, once each.
    fn new(
        pages: Vec<(String, PathBuf)>,
        cited: impl Iterator<Item = Vec<Resolved<'s>>>,
    ) -> EvidenceIndex<'s> {
        // Per page (web address, normalized as the store does: an
        // imported `…?utm_source=…` and a hand-made item of one page are
        // one row, shown as the first cited), the chapters citing it, in
        // book order, each with the id it cites there.
        let mut items: Vec<Row<'s>> = Vec::new();
        let mut slot: HashMap<String, usize> = HashMap::new();
        for (page, evidence) in cited.enumerate() {
            for evidence in evidence {
                let at = *slot.entry(page_key(&evidence)).or_insert_with(|| {
                    items.push((evidence, Vec::new(), Vec::new()));
                    items.len() - 1
                });
                let row = &mut items[at];
                if row.1.last() != Some(&page) {
                    row.1.push(page);
                    row.2.push(evidence.id);
                }
            }
        }
        items.sort_by(|(a, _, _), (b, _, _)| {
            a.publisher()
                .to_lowercase()
                .cmp(&b.publisher().to_lowercase())
                .then(b.published_at.cmp(&a.published_at))
                .then(a.title.cmp(b.title))
                .then(a.id.cmp(b.id))
        });
        EvidenceIndex {
            items,
            pages,
            quality: None,
        }
    }

    /// Each item's evidence id, in the table's order, with the positions
    /// (among the chapters with a path, in book order) of the chapters
    /// citing it.
    pub fn cited_in(&self) -> Vec<(&'s str, &[usize])> {
        self.items
            .iter()
            .map(|(evidence, pages, _)| (evidence.id, pages.as_slice()))
            .collect()
    }

    /// The index without its quality table: what
    /// [`EvidenceIndex::from_rendered`] reads back (the figures come from
    /// judging, which a rendered chapter no longer shows), for comparing
    /// the two.
    pub fn items_only(mut self) -> EvidenceIndex<'s> {
        self.quality = None;
        self
    }

    /// Replaces every `{{#evidence-index}}` paragraph of the chapters of
    /// `items` (a batch of the book's items, rendered) with the index.
    pub fn place(&self, items: &mut [BookItem], markdown: MarkdownFlags, target: Target) {
        let mut pages = Vec::new();
        collect(items, &mut pages);
        for (path, content) in pages {
            if !content.contains(PLACEHOLDER) {
                continue;
            }
            let spots = placeholders(content, markdown);
            if spots.is_empty() {
                continue;
            }
            let newline = crate::newline_of(content);
            let mut table = table(&self.items, &self.pages, path, target, newline);
            // The figures describe the chapters as judged; with nothing
            // cited, the page says only that.
            if let Some(quality) = self.quality.as_ref().filter(|_| !self.items.is_empty()) {
                table.push_str(newline);
                table.push_str(newline);
                table.push_str(&quality.markdown(&self.pages, path, newline));
            }
            if target == Target::Html && !self.items.is_empty() {
                // A class the stylesheet narrows the tables by, on a phone.
                table = format!(
                    "<div class=\"{INDEX_CLASS}\">{newline}{newline}{table}{newline}{newline}</div>"
                );
            }
            let mut edits: Vec<crate::Edit> = spots
                .into_iter()
                .map(|range| crate::Edit {
                    range,
                    text: table.clone(),
                })
                .collect();
            *content = crate::splice(content, &mut edits);
        }
    }
}

/// Whether some chapter of `book` holds the placeholder: then the index
/// needs every chapter's plan before any chapter holding it is written.
fn is_wanted(book: &Book) -> bool {
    book.iter().any(|item| match item {
        BookItem::Chapter(chapter) => chapter.content.contains(PLACEHOLDER),
        _ => false,
    })
}

/// The chapter of `item` if it is a page of the index (a chapter with a
/// path: drafts have none, and are neither judged nor rendered).
fn page_chapter(item: &BookItem) -> Option<&Chapter> {
    match item {
        BookItem::Chapter(chapter) if page_path(chapter).is_some() => Some(chapter),
        _ => None,
    }
}

/// The output path of a chapter (`README.md` may have become `index.md`).
fn page_path(chapter: &Chapter) -> Option<&PathBuf> {
    chapter.path.as_ref().or(chapter.source_path.as_ref())
}

/// Every page of `book`, in book order: its name and output path.
fn pages(book: &Book) -> Vec<(String, PathBuf)> {
    book.iter()
        .filter_map(page_chapter)
        .filter_map(|chapter| Some((chapter.name.clone(), page_path(chapter)?.clone())))
        .collect()
}

/// Every page of `items` (and their sub-chapters), in book order: its
/// output path and its text.
fn collect<'b>(items: &'b mut [BookItem], out: &mut Vec<(&'b Path, &'b mut String)>) {
    for item in items {
        if let BookItem::Chapter(chapter) = item {
            let path = chapter.path.as_deref().or(chapter.source_path.as_deref());
            if let Some(path) = path {
                out.push((path, &mut chapter.content));
            }
            collect(&mut chapter.sub_items, out);
        }
    }
}

/// The byte ranges of the top-level paragraphs that hold only the
/// placeholder (not in code, lists or quotes: a table there would break),
/// each up to its line ending: the places the index goes.
pub fn placeholders(text: &str, markdown: MarkdownFlags) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut paragraph: Option<(Range<usize>, String)> = None;
    for (event, range) in new_cmark_parser(text, &markdown.options()).into_offset_iter() {
        match event {
            Event::Start(Tag::Paragraph) if depth == 0 => {
                paragraph = Some((range, String::new()));
                depth += 1;
            }
            Event::Start(_) => depth += 1,
            Event::End(TagEnd::Paragraph) if depth == 1 => {
                depth -= 1;
                if let Some((mut range, seen)) = paragraph.take()
                    && seen.trim() == PLACEHOLDER
                {
                    // Up to the line ending, which stays.
                    let kept = text[range.clone()].trim_end_matches([' ', '\t', '\r', '\n']);
                    range.end = range.start + kept.len();
                    out.push(range);
                }
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Text(t) => {
                if let Some((_, seen)) = &mut paragraph {
                    seen.push_str(&t);
                }
            }
            _ => {
                // Anything else in the paragraph (code, HTML, breaks) means
                // it is not the placeholder alone.
                if let Some((_, seen)) = &mut paragraph {
                    seen.push('\u{1}');
                }
            }
        }
    }
    out
}

/// The class of the element holding the index's tables in HTML.
const INDEX_CLASS: &str = "evidence-index";

/// A row of the index: the item shown, the positions of the chapters
/// citing its page, and the id each of them cites.
type Row<'s> = (Resolved<'s>, Vec<usize>, Vec<&'s str>);

/// What makes two items one row: the normalized address of the page they
/// cite, else (no address, or none that normalizes) the item's id.
fn page_key(evidence: &Resolved<'_>) -> String {
    match evidence_core::store::normalize_url(evidence.url) {
        Ok(url) => format!("url {url}"),
        Err(_) => format!("id {}", evidence.id),
    }
}

/// The index as a markdown table (never a claim, in any renderer), without
/// a final line break (the placeholder's stays).
fn table(
    items: &[Row<'_>],
    pages: &[(String, PathBuf)],
    here: &Path,
    target: Target,
    newline: &str,
) -> String {
    let mut out = String::new();
    if items.is_empty() {
        // Emphasis alone, without a full stop: a label, not a claim.
        return "*No evidence is cited in this book*".into();
    }
    out.push_str("| Publisher | Title | Published | Tags | Cited in |");
    out.push_str(newline);
    out.push_str("|---|---|---|---|---|");
    for (e, citing, ids) in items {
        let mut labels: Vec<&str> = e.item.tags.iter().map(String::as_str).collect();
        for tag in &e.source.tags {
            if !labels.contains(&tag.as_str()) {
                labels.push(tag);
            }
        }
        let labels: Vec<String> = labels.iter().map(|t| escape::markdown(t)).collect();
        let badges: String = tags(e)
            .map(|t| format!(" {}", escape::markdown(t)))
            .collect();
        let chapters: Vec<String> = citing
            .iter()
            .zip(ids)
            .map(|(&p, id)| {
                let (name, path) = &pages[p];
                let mut dest = link_path(here, path);
                if target == Target::Html {
                    // The item's References entry in that chapter.
                    let _ = write!(
                        dest,
                        "#{}{id}",
                        evidence_core::syntax::REFERENCE_ANCHOR_PREFIX
                    );
                }
                format!("[{}](<{dest}>)", escape::markdown(name))
            })
            .collect();
        // In HTML, a right-to-left publisher or title is isolated (see
        // `escape`); the badges after the title keep their order.
        let isolated = |text: &str| {
            let escaped = escape::markdown(text);
            if target == Target::Html && escape::needs_isolation(text) {
                format!("<bdi>{escaped}</bdi>")
            } else {
                escaped
            }
        };
        let _ = write!(
            out,
            "{newline}| {} | [{}](<{}>){badges} | {} | {} | {} |",
            isolated(e.publisher()),
            isolated(e.title),
            e.item.link().unwrap_or_default().replace('|', "%7C"),
            date(e),
            labels.join(", "),
            chapters.join(", "),
        );
    }
    out
}

/// The link from the chapter at `from` to the chapter at `to` (both paths
/// relative to `src/`), percent-encoded so that it fits in `<…>` in a
/// table cell.
pub(super) fn link_path(from: &Path, to: &Path) -> String {
    let from_dir: Vec<Component<'_>> = from
        .parent()
        .map(|p| p.components().collect())
        .unwrap_or_default();
    let to_parts: Vec<Component<'_>> = to.components().collect();
    let common = from_dir
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let mut parts: Vec<String> = vec!["..".into(); from_dir.len() - common];
    parts.extend(
        to_parts[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    percent_encoding::utf8_percent_encode(&parts.join("/"), PATH).to_string()
}

/// What a chapter link keeps as it is: ASCII letters and digits and
/// `/ . _ - ~`; every other UTF-8 byte is percent-encoded.
const PATH: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'.')
    .remove(b'_')
    .remove(b'-')
    .remove(b'~');

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_top_level_paragraph_of_the_placeholder_counts() {
        let text = "# I\n\n{{#evidence-index}}\n\n> {{#evidence-index}}\n\n- {{#evidence-index}}\n\n`{{#evidence-index}}`\n\nSee {{#evidence-index}} here.\n\n```\n{{#evidence-index}}\n```\n\n  {{#evidence-index}}  \n";
        let spots = placeholders(text, MarkdownFlags::default());
        let found: Vec<&str> = spots.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(
            found,
            ["{{#evidence-index}}", "{{#evidence-index}}"],
            "{spots:?}"
        );
    }

    #[test]
    fn links_are_relative_and_encoded() {
        assert_eq!(
            link_path(Path::new("index.md"), Path::new("a/b.md")),
            "a/b.md"
        );
        assert_eq!(
            link_path(Path::new("x/y/index.md"), Path::new("x/z w|.md")),
            "../z%20w%7C.md"
        );
        assert_eq!(link_path(Path::new("x/i.md"), Path::new("x/a.md")), "a.md");
    }
}
