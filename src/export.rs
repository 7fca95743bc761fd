//! `mdbook-evidence export-claims [BOOK_DIR] --format jsonl`: every
//! citation of a passage in the book, one JSON object a line, for a support
//! checker to judge. A citation is a claim and one distinct item it cites
//! through a marker that resolves, when the item has a passage
//! ([`item_passage`]). Each record carries the keys a `support.v1` verdict
//! is stored under: [`claim_key`], the evidence id, [`passage_key`].

use crate::check::load_book;
use crate::markers::{self, ScanOptions};
use crate::preprocess::Setup;
use crate::rules;
use crate::source_map::SourceMap;
use crate::store::{chapter_key, claim_key, item_passage, passage_key};
use mdbook_preprocessor::book::BookItem;
use serde::Serialize;
use std::path::Path;

/// The schema version of an exported record.
pub const SUPPORT_REQUEST_V1: &str = "support-request.v1";

/// One exported citation.
#[derive(Debug, Serialize)]
struct Record<'a> {
    schema_version: &'static str,
    /// The chapter's key: its path relative to `src/`.
    chapter: &'a str,
    /// The file the claim is written in, relative to the book's root (an
    /// included file when the claim came from one).
    file: String,
    /// 1-based line and column of the claim in that file.
    line: usize,
    column: usize,
    /// The claim as a reader sees it (markers and markup removed).
    claim: &'a str,
    claim_key: &'a str,
    evidence_id: &'a str,
    /// The item's passage, as the checker is to read it.
    passage: &'a str,
    passage_key: String,
}

/// The records of every checked chapter of the book in `dir`, in book
/// order, as JSON Lines; and how many there are.
pub fn export_claims(dir: &Path) -> anyhow::Result<(String, usize)> {
    // From inside the book (`src/`) as from its root, as `check`.
    let found = crate::check::book_root(dir);
    let (ctx, book) = load_book(found.as_deref().unwrap_or(dir))?;
    let setup = Setup::load(&ctx)?;
    let mut out = String::new();
    let mut count = 0;
    for item in book.iter() {
        let BookItem::Chapter(chapter) = item else {
            continue;
        };
        let Some(path) = chapter.source_path.as_deref().or(chapter.path.as_deref()) else {
            continue;
        };
        if !setup.config.is_checked(path) {
            continue;
        }
        count += chapter_records(&setup, path, &chapter.content, &mut out)?;
    }
    Ok((out, count))
}

/// Appends the records of one chapter to `out`; returns how many.
fn chapter_records(
    setup: &Setup,
    path: &Path,
    content: &str,
    out: &mut String,
) -> anyhow::Result<usize> {
    let config = &setup.config;
    let key = chapter_key(path);
    let list = setup.store.citation_list(path);
    let scan = markers::scan(
        content,
        &ScanOptions {
            markdown: setup.markdown,
            numbered: list.is_some(),
            references_title: &config.references_title,
            claim_min_words: config.claim_min_words,
        },
    );
    let judgement = rules::judge(&key, content, &scan, &setup.store, list, config, true);
    let file = setup.root.join(&setup.src_dir).join(path);
    let map = SourceMap::from_disk(&file, content);
    let mut count = 0;
    for claim in &judgement.claims {
        let (file, line, column) = match &map {
            Some(map) => {
                let (at, span) = map.locate(claim.span.clone());
                let (name, text) = &map.files[at];
                let (line, column) = crate::source_map::line_column(text, span.start);
                let name = name.strip_prefix(&setup.root).unwrap_or(name);
                (name.display().to_string(), line, column)
            }
            None => {
                let (line, column) = crate::source_map::line_column(content, claim.span.start);
                let name = setup.src_dir.join(path).display().to_string();
                (name, line, column)
            }
        };
        let claim_key = claim_key(&claim.text);
        let mut seen: Vec<&str> = Vec::new();
        for &m in &claim.markers {
            let Some(cited) = &judgement.resolved[m] else {
                continue;
            };
            if seen.contains(&cited.id) {
                continue;
            }
            seen.push(cited.id);
            let Some(passage) = item_passage(cited.item) else {
                continue;
            };
            let record = Record {
                schema_version: SUPPORT_REQUEST_V1,
                chapter: &key,
                file: file.clone(),
                line,
                column,
                claim: &claim.text,
                claim_key: &claim_key,
                evidence_id: cited.id,
                passage: &passage,
                passage_key: passage_key(&passage),
            };
            out.push_str(&serde_json::to_string(&record)?);
            out.push('\n');
            count += 1;
        }
    }
    Ok(count)
}
