//! `mdbook-evidence export-claims [BOOK_DIR] --format jsonl`: every
//! citation of a passage in the book, one JSON object a line, for a support
//! checker to judge. A citation is a claim (the sentence its markers
//! close, or the whole claim when they all close one) and one distinct
//! item it cites through a marker that resolves, when the item has a passage
//! ([`item_passage`]). Each record carries the keys a `support.v1` verdict
//! is stored under: [`claim_key`], the evidence id, [`passage_key`].

use crate::preprocess::Setup;
use crate::session::{Session, load_book};
use evidence_core::source_map::SourceMap;
use evidence_core::store::{chapter_key, claim_key, item_passage, passage_key};
use evidence_rules as rules;
use evidence_rules::memo::Analyses;
use mdbook_preprocessor::book::BookItem;
use serde::Serialize;
use std::path::Path;

/// The schema version of an exported record.
pub const SUPPORT_REQUEST_V1: &str = "support-request.v1";

/// A citation of a passage is data of the store; its old name here saves
/// churn in the commands that read it.
pub(crate) use evidence_core::store::CitationRecord as Citation;

/// One exported record: the version, then the citation.
#[derive(Serialize)]
struct Record<'a> {
    schema_version: &'static str,
    #[serde(flatten)]
    citation: &'a Citation,
}

/// The records of every checked chapter of the book in `dir`, in book
/// order, as JSON Lines; and how many there are.
pub fn export_claims(dir: &Path) -> anyhow::Result<(String, usize)> {
    let (_, citations) = book_citations(dir)?;
    let mut out = String::new();
    for citation in &citations {
        let record = Record {
            schema_version: SUPPORT_REQUEST_V1,
            citation,
        };
        out.push_str(&serde_json::to_string(&record)?);
        out.push('\n');
    }
    Ok((out, citations.len()))
}

/// The book in `dir` (or the book `dir` is inside), loaded, and every
/// citation of a passage in its checked chapters, in book order.
pub(crate) fn book_citations(dir: &Path) -> anyhow::Result<(Setup, Vec<Citation>)> {
    citations_of(dir, false)
}

/// Every citation in the book's checked chapters, those of items with no
/// passage too (their `passage` and `passage_key` empty): what `fetch`
/// reads to find the pages to fetch and the claims resting on them.
pub(crate) fn all_citations(dir: &Path) -> anyhow::Result<(Setup, Vec<Citation>)> {
    citations_of(dir, true)
}

/// [`book_citations`], or with `all` [`all_citations`].
fn citations_of(dir: &Path, all: bool) -> anyhow::Result<(Setup, Vec<Citation>)> {
    // From inside the book (`src/`) as from its root, as `check`.
    let found = crate::session::book_root(dir);
    let (ctx, book) = load_book(found.as_deref().unwrap_or(dir))?;
    let session = Session::open_to_read(&ctx)?;
    let setup = session.setup();
    // One for the book: each item is analysed once.
    let analyses = Analyses::for_store(&setup.store);
    let mut out = Vec::new();
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
        chapter_citations(&session, &analyses, path, &chapter.content, all, &mut out);
    }
    Ok((session.into_setup(), out))
}

/// Appends the citations of one chapter to `out`.
fn chapter_citations(
    session: &Session,
    analyses: &Analyses,
    path: &Path,
    content: &str,
    all: bool,
    out: &mut Vec<Citation>,
) {
    let setup = session.setup();
    let config = &setup.config;
    let key = chapter_key(path);
    let (scan, list) = session.scan_chapter(path, content);
    let judgement = rules::judge_chapter(&rules::JudgeInput {
        key: &key,
        text: content,
        scan: &scan,
        store: &setup.store,
        list,
        config,
        checked: true,
        analyses,
        // Escapes are the build's to report, not the export's.
        source: &rules::NoSource,
    });
    let file = setup.root.join(&setup.src_dir).join(path);
    let map = SourceMap::from_disk(&file, content);
    // What a verdict judges: the sentence a claim's markers close.
    let judged = rules::verdict_claims_of(&scan, &judgement.claims, config.claims);
    for claim in &judged {
        let (file, line, column) = match &map {
            Some(map) => {
                let (at, span) = map.locate(claim.span.clone());
                let (name, text) = &map.files[at];
                let (line, column) = evidence_core::source_map::line_column(text, span.start);
                let name = name.strip_prefix(&setup.root).unwrap_or(name);
                (name.display().to_string(), line, column)
            }
            None => {
                let (line, column) =
                    evidence_core::source_map::line_column(content, claim.span.start);
                let name = setup.src_dir.join(path).display().to_string();
                (name, line, column)
            }
        };
        let claim_key = claim_key(&claim.text);
        let claim_as_read = claim.as_read();
        let mut seen: Vec<&str> = Vec::new();
        for &m in &claim.markers {
            let Some(cited) = &judgement.resolved[m] else {
                continue;
            };
            if seen.contains(&cited.id) {
                continue;
            }
            seen.push(cited.id);
            let passage = match item_passage(cited.item) {
                Some(passage) => passage,
                None if all => std::borrow::Cow::Borrowed(""),
                None => continue,
            };
            out.push(Citation {
                chapter: key.clone(),
                file: file.clone(),
                line,
                column,
                claim: claim_as_read.clone(),
                claim_key: claim_key.clone(),
                evidence_id: cited.id.to_owned(),
                passage_key: if passage.is_empty() {
                    String::new()
                } else {
                    passage_key(&passage)
                },
                passage: passage.into_owned(),
            });
        }
    }
}
