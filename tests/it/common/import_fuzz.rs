//! What the `import` fuzz target checks, shared with tests/it/trust_import.rs
//! (which runs every seed and every finding through it): the vendor shapes
//! an input is read in, and the invariants an imported chapter must meet
//! (see `fuzz/fuzz_targets/import.rs`).

use evidence_core::markers::{MarkdownFlags, MarkerKind, ScanOptions, scan};
use evidence_core::source_map::SourceMap;
use evidence_import::{Converted, Vendor, convert};
use evidence_render::index::{PLACEHOLDER, placeholders};
use mdbook_driver::builtin_preprocessors::LinkPreprocessor;
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Where the book is rooted for mdBook's `links`: nowhere.
const NOWHERE: &str = "/nonexistent-mdbook-evidence-fuzz";

/// The response an input stands for and the vendor to name: a whole
/// response when it starts with `{`, else a shaped answer.
pub fn response(data: &[u8]) -> Option<(Vec<u8>, Option<Vendor>)> {
    if data.first() == Some(&b'{') {
        Some((data.to_vec(), None))
    } else {
        let (value, vendor) = shaped(data)?;
        Some((serde_json::to_vec(&value).expect("JSON"), Some(vendor)))
    }
}

/// Imports the input's response; when it imports, checks every invariant
/// and returns what it made.
pub fn check(data: &[u8]) -> Option<Converted> {
    let (response, vendor) = response(data)?;
    let converted = match convert(&response, vendor) {
        Ok(converted) => converted,
        Err(err) => {
            let _ = err.to_string();
            return None;
        }
    };
    let again = convert(&response, vendor).expect("imports again");
    assert_eq!(converted.chapter, again.chapter, "a second import differs");
    assert_eq!(converted.store, again.store, "a second import differs");
    let chapter = &converted.chapter;
    evidence_core::store::load_bytes(Path::new("answer.json"), converted.store.as_bytes())
        .unwrap_or_else(|err| panic!("the fragment does not load: {err}\n{}", converted.store));
    no_directive(chapter);
    let store: Value = serde_json::from_str(&converted.store).expect("JSON");
    let listed = store["chapters"]["answer.md"]
        .as_array()
        .map_or(0, Vec::len);
    only_cited_markers(chapter, listed, converted.citations);
    Some(converted)
}

/// The checks on directives (see the module documentation).
fn no_directive(chapter: &str) {
    let dir = Path::new(NOWHERE).join("src");
    let expand = |read: evidence_core::source_map::Read<'_>| {
        SourceMap::expand(Path::new("answer.md"), chapter.to_owned(), &dir, read).text
    };
    let nothing_read = expand(&|_| None);
    let everything_read = expand(&|_| Some("\u{1}INCLUDED\u{1}\n".to_owned()));
    assert_eq!(
        nothing_read, everything_read,
        "a directive includes a file:\n{chapter}"
    );
    let ctx = PreprocessorContext::new(
        PathBuf::from(NOWHERE),
        Default::default(),
        "html".to_owned(),
    );
    let mut book = Book::new();
    book.push_item(Chapter::new(
        "Answer",
        chapter.to_owned(),
        "answer.md",
        Vec::new(),
    ));
    let book = LinkPreprocessor::new().run(&ctx, book).expect("links runs");
    assert!(
        ctx.chapter_titles.borrow().is_empty(),
        "a title directive:\n{chapter}"
    );
    let Some(BookItem::Chapter(linked)) = book.iter().next() else {
        panic!("the chapter is gone");
    };
    assert_eq!(
        linked.content, nothing_read,
        "mdBook's links changed the chapter otherwise than by escapes:\n{chapter}"
    );
    // The index goes where the text holds the placeholder as written and a
    // paragraph reads as it.
    if linked.content.contains(PLACEHOLDER) {
        for markdown in flag_sets() {
            assert!(
                placeholders(&linked.content, markdown).is_empty(),
                "an evidence-index placeholder:\n{chapter}"
            );
        }
    }
}

/// The checks on markers (see the module documentation).
fn only_cited_markers(chapter: &str, listed: usize, citations: usize) {
    for markdown in flag_sets() {
        let options = ScanOptions {
            markdown,
            numbered: true,
            references_title: "References",
            claim_min_words: 3,
        };
        let markers = scan(chapter, &options).markers;
        for marker in &markers {
            match marker.kind {
                MarkerKind::Number(n) if n >= 1 && (n as usize) <= listed => {}
                ref other => panic!(
                    "{other:?} at {:?} is no citation of the API:\n{chapter}",
                    marker.span
                ),
            }
        }
        assert!(
            markers.len() <= citations,
            "{} markers for {citations} citations:\n{chapter}",
            markers.len()
        );
    }
}

/// Every setting of the markdown extensions a book can switch.
fn flag_sets() -> impl Iterator<Item = MarkdownFlags> {
    (0..8u8).map(|bits| MarkdownFlags {
        smart_punctuation: bits & 1 != 0,
        definition_lists: bits & 2 != 0,
        admonitions: bits & 4 != 0,
    })
}

/// A response of the shape `data[0]` picks, its answer and offsets taken
/// from the rest (see the module documentation).
pub fn shaped(data: &[u8]) -> Option<(Value, Vendor)> {
    let (&pick, rest) = data.split_first()?;
    let (offsets, text) = rest.split_at(rest.len().min(8));
    let mut at = [0usize; 4];
    for (i, pair) in offsets.chunks(2).enumerate() {
        at[i] = usize::from(u16::from_le_bytes([pair[0], *pair.get(1).unwrap_or(&0)]));
    }
    let text = String::from_utf8_lossy(text).into_owned();
    let url = |n: usize| format!("https://example.com/{n}");
    Some(match pick % 6 {
        0 => {
            // Anthropic: text blocks cut at the offsets, every other cited.
            let mut cuts: Vec<usize> = at.iter().map(|&a| text.floor_char_boundary(a)).collect();
            cuts.sort_unstable();
            let mut blocks = Vec::new();
            let mut from = 0;
            for (i, cut) in cuts.into_iter().chain([text.len()]).enumerate() {
                let piece = &text[from..cut.max(from)];
                from = cut.max(from);
                let mut block = json!({"type": "text", "text": piece});
                if i % 2 == 1 {
                    block["citations"] = json!([{
                        "type": "web_search_result_location",
                        "cited_text": piece,
                        "url": url(i),
                        "title": format!("Page {i} — 東京"),
                        "encrypted_index": "x"
                    }]);
                }
                blocks.push(block);
            }
            (
                json!({"type": "message", "role": "assistant", "content": blocks}),
                Vendor::Anthropic,
            )
        }
        1 => (
            json!({"object": "response", "output": [{"type": "message", "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": [
                {"type": "url_citation", "start_index": at[0], "end_index": at[1], "url": url(0), "title": "A"},
                {"type": "url_citation", "start_index": at[2], "end_index": at[3], "url": url(1), "title": "B"}
            ]}]}]}),
            Vendor::OpenAi,
        ),
        2 => (
            json!({"object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant",
            "content": text, "annotations": [
                {"type": "url_citation", "url_citation": {"start_index": at[0], "end_index": at[1], "url": url(0), "title": "A"}},
                {"type": "url_citation", "url_citation": {"start_index": at[2], "end_index": at[3], "url": url(1), "title": "B"}}
            ]}}]}),
            Vendor::OpenAi,
        ),
        3 => (
            json!({"candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
            "groundingMetadata": {
                "groundingChunks": [{"web": {"uri": url(0), "title": "a.example"}}, {"web": {"uri": url(1), "title": "b.example"}}],
                "groundingSupports": [
                    {"segment": {"startIndex": at[0], "endIndex": at[1]}, "groundingChunkIndices": [0]},
                    {"segment": {"startIndex": at[2], "endIndex": at[3]}, "groundingChunkIndices": [1, 0]}
                ]}}]}),
            Vendor::Gemini,
        ),
        4 => (
            json!({"object": "chat.completion", "model": "sonar",
                "citations": [url(0), url(1), url(2)],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}}]}),
            Vendor::Perplexity,
        ),
        _ => {
            // Cohere gives each span's text, and the importer checks it.
            let span = |from: usize, to: usize| -> String {
                text.chars()
                    .skip(from)
                    .take(to.saturating_sub(from))
                    .collect()
            };
            let (x, y) = (span(at[0], at[1]), span(at[2], at[3]));
            (
                json!({"finish_reason": "COMPLETE", "message": {"role": "assistant",
                "content": [{"type": "text", "text": text}],
                "citations": [
                    {"start": at[0], "end": at[1], "text": x, "type": "TEXT_CONTENT", "sources": [
                        {"type": "document", "id": "web-0", "document": {"id": "web-0", "title": "T", "snippet": "s", "url": url(0)}}]},
                    {"start": at[2], "end": at[3], "text": y, "type": "TEXT_CONTENT", "sources": [
                        {"type": "document", "id": "web-1", "document": {"id": "web-1", "title": "U", "url": url(1)}}]}
                ]}}),
                Vendor::Cohere,
            )
        }
    })
}
