//! The evidence index: a table of every item the book cites, once, with
//! links to the chapters that cite it, placed where a chapter has a
//! `{{#evidence-index}}` paragraph.
//!
//! It runs after every chapter is rendered, and reads the citations back
//! from the rendered chapters (the scanner recognizes its own output), so
//! it lists exactly what was published: removed claims' citations are gone.

use super::{Target, date, escape, tags};
use crate::config::Config;
use crate::markers::{self, MarkdownFlags, MarkerKind, ScanOptions};
use crate::rules::{Resolved, resolve};
use crate::store::Store;
use mdbook_markdown::new_cmark_parser;
use mdbook_markdown::pulldown_cmark::{Event, Tag, TagEnd};
use mdbook_preprocessor::book::BookItem;
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

/// The placeholder, alone in a top-level paragraph.
pub const PLACEHOLDER: &str = "{{#evidence-index}}";

/// A chapter as the index sees it.
struct Page<'b> {
    name: &'b str,
    /// The output path (`README.md` may have become `index.md`).
    path: PathBuf,
    content: &'b mut String,
}

/// Whether some chapter of `items` (or their sub-chapters) holds the
/// placeholder: then the index needs every chapter rendered before it can
/// be placed.
pub fn is_wanted(items: &[BookItem]) -> bool {
    items.iter().any(|item| match item {
        BookItem::Chapter(chapter) => {
            chapter.content.contains(PLACEHOLDER) || is_wanted(&chapter.sub_items)
        }
        _ => false,
    })
}

/// Replaces every `{{#evidence-index}}` paragraph of the book with the
/// evidence index. A book without one costs a substring search per chapter.
pub fn apply(
    items: &mut [BookItem],
    store: &Store,
    config: &Config,
    markdown: MarkdownFlags,
    target: Target,
) {
    if !is_wanted(items) {
        return;
    }
    let mut pages = Vec::new();
    collect(items, &mut pages);
    let options = ScanOptions {
        markdown,
        numbered: false,
        references_title: &config.references_title,
        claim_min_words: config.claim_min_words,
    };
    // Per chapter, the ids it cites that resolve, in order of appearance.
    let cited: Vec<Vec<String>> = pages
        .par_iter()
        .map(|page| {
            let mut ids: Vec<String> = Vec::new();
            for marker in markers::scan(page.content, &options).markers {
                if let MarkerKind::Rendered(id) = marker.kind
                    && !ids.contains(&id)
                    && resolve(&MarkerKind::Rendered(id.clone()), store, None, config).is_ok()
                {
                    ids.push(id);
                }
            }
            ids
        })
        .collect();
    // Per item, the pages citing it, in book order.
    let mut items: Vec<(Resolved<'_>, Vec<usize>)> = Vec::new();
    let mut slot: HashMap<&str, usize> = HashMap::new();
    for (page, ids) in cited.iter().enumerate() {
        for id in ids {
            let at = *slot.entry(id.as_str()).or_insert_with(|| {
                let resolved = resolve(&MarkerKind::Rendered(id.clone()), store, None, config)
                    .unwrap_or_else(|_| unreachable!("resolved above"));
                items.push((resolved, Vec::new()));
                items.len() - 1
            });
            items[at].1.push(page);
        }
    }
    items.sort_by(|(a, _), (b, _)| {
        a.publisher()
            .to_lowercase()
            .cmp(&b.publisher().to_lowercase())
            .then(b.published_at.cmp(&a.published_at))
            .then(a.title.cmp(b.title))
            .then(a.id.cmp(b.id))
    });

    let targets: Vec<(String, PathBuf)> = pages
        .iter()
        .map(|p| (p.name.to_owned(), p.path.clone()))
        .collect();
    for page in &mut pages {
        if !page.content.contains(PLACEHOLDER) {
            continue;
        }
        let spots = placeholders(page.content, markdown);
        if spots.is_empty() {
            continue;
        }
        let newline = super::newline_of(page.content);
        let table = table(&items, &targets, &page.path, target, newline);
        let mut edits: Vec<super::Edit> = spots
            .into_iter()
            .map(|range| super::Edit {
                range,
                text: table.clone(),
            })
            .collect();
        *page.content = super::splice(page.content, &mut edits);
    }
}

/// Every chapter with a path, in book order.
fn collect<'b>(items: &'b mut [BookItem], out: &mut Vec<Page<'b>>) {
    for item in items {
        if let BookItem::Chapter(chapter) = item {
            if let Some(path) = chapter.path.clone().or_else(|| chapter.source_path.clone()) {
                out.push(Page {
                    name: &chapter.name,
                    path,
                    content: &mut chapter.content,
                });
            }
            collect(&mut chapter.sub_items, out);
        }
    }
}

/// The byte ranges of the top-level paragraphs that hold only the
/// placeholder (not in code, lists or quotes: a table there would break).
fn placeholders(text: &str, markdown: MarkdownFlags) -> Vec<Range<usize>> {
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

/// The index as a markdown table (never a claim, in any renderer), without
/// a final line break (the placeholder's stays).
fn table(
    items: &[(Resolved<'_>, Vec<usize>)],
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
    for (e, citing) in items {
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
            .map(|&p| {
                let (name, path) = &pages[p];
                let mut dest = link_path(here, path);
                if target == Target::Html {
                    // The item's References entry in that chapter.
                    let _ = write!(dest, "#{}{}", crate::syntax::REFERENCE_ANCHOR_PREFIX, e.id);
                }
                format!("[{}](<{dest}>)", escape::markdown(name))
            })
            .collect();
        let _ = write!(
            out,
            "{newline}| {} | [{}](<{}>){badges} | {} | {} | {} |",
            escape::markdown(e.publisher()),
            escape::markdown(e.title),
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
fn link_path(from: &Path, to: &Path) -> String {
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
