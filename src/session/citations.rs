//! The citations of a passage in a book's checked chapters: what
//! `export-claims` writes, `verify` and `review` judge, `fetch` fetches
//! the pages of and `manifest` lists. A citation is a claim (the sentence
//! its markers close, or the whole claim when they all close one) and one
//! distinct item it cites through a marker that resolves.

use super::Session;
use evidence_core::source_map::SourceMap;
use evidence_core::store::{CitationRecord, chapter_key, claim_key, item_passage, passage_key};
use evidence_rules as rules;
use evidence_rules::memo::Analyses;
use mdbook_preprocessor::book::{Book, BookItem};
use std::path::Path;

impl Session {
    /// Every citation of a passage in the checked chapters of `book`, in
    /// book order.
    pub(crate) fn citations(&self, book: &Book) -> Vec<CitationRecord> {
        self.citations_of(book, false)
    }

    /// Every citation in the checked chapters of `book`, those of items
    /// with no passage too (their `passage` and `passage_key` empty): what
    /// `fetch` reads to find the pages to fetch and the claims resting on
    /// them.
    pub(crate) fn all_citations(&self, book: &Book) -> Vec<CitationRecord> {
        self.citations_of(book, true)
    }

    /// [`Session::citations`], or with `all` [`Session::all_citations`].
    fn citations_of(&self, book: &Book, all: bool) -> Vec<CitationRecord> {
        // One for the book: each item is analysed once.
        let analyses = Analyses::for_store(self.store());
        let mut out = Vec::new();
        for item in book.iter() {
            let BookItem::Chapter(chapter) = item else {
                continue;
            };
            let Some(path) = chapter.source_path.as_deref().or(chapter.path.as_deref()) else {
                continue;
            };
            if !self.config().is_checked(path) {
                continue;
            }
            self.chapter_citations(&analyses, path, &chapter.content, all, &mut out);
        }
        out
    }

    /// Appends the citations of one chapter to `out`.
    fn chapter_citations(
        &self,
        analyses: &Analyses,
        path: &Path,
        content: &str,
        all: bool,
        out: &mut Vec<CitationRecord>,
    ) {
        let config = self.config();
        let root = self.root();
        let key = chapter_key(path);
        let (scan, list) = self.scan_chapter(path, content);
        let judgement = rules::judge_chapter(&rules::JudgeInput {
            key: &key,
            text: content,
            scan: &scan,
            store: self.store(),
            list,
            config,
            checked: true,
            analyses,
            // Escapes are the build's to report, not the export's.
            source: &rules::NoSource,
        });
        let file = root.join(self.src_dir()).join(path);
        let map = SourceMap::from_disk(&file, content);
        // What a verdict judges: the sentence a claim's markers close.
        let judged = rules::verdict_claims_of(&scan, &judgement.claims, config.claims);
        for claim in &judged {
            let (file, line, column) = match &map {
                Some(map) => {
                    let (at, span) = map.locate(claim.span.clone());
                    let (name, text) = &map.files[at];
                    let (line, column) = evidence_core::source_map::line_column(text, span.start);
                    let name = name.strip_prefix(root).unwrap_or(name);
                    (name.display().to_string(), line, column)
                }
                None => {
                    let (line, column) =
                        evidence_core::source_map::line_column(content, claim.span.start);
                    let name = self.src_dir().join(path).display().to_string();
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
                out.push(CitationRecord {
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
}
