//! Invariants of the chapter pipeline, checked on arbitrary markdown by the
//! property tests (`tests/it/properties/`) and the fuzz targets (`fuzz/`,
//! which include this file by path). Uses the library only, in process.

use evidence_core::config::Config;
use evidence_core::markers::{self, ScanOptions};
use evidence_core::store::{self, Store};
use evidence_render::Target;
use evidence_report::Outcome;
use mdbook_evidence::session::Session;
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use std::path::{Path, PathBuf};

/// A store with items that resolve, items that do not (deleted, unsafe
/// URL, unknown source), store text that needs escaping, and a citation
/// list for `numbered.md`.
pub const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1},
    {"source_id": "zh", "publisher": "Zero <Hedge> | *x*", "tier": 4, "paywall_policy": "metadata_only"}
  ],
  "evidence": [
    {"id": "a", "source_id": "fed", "url": "https://example.org/a", "title": "A [t](x) `c`",
     "published_at": "2026-02-10T19:00:00Z"},
    {"id": "b.2:x/y-z", "source_id": "zh", "url": "https://example.org/b?q=\"<>", "title": "B\nline",
     "published_at": "2026-02-10T19:00:00Z"},
    {"id": "gone", "source_id": "fed", "url": "https://example.org/g", "title": "G",
     "published_at": "2026-02-10T19:00:00Z", "status": "deleted"},
    {"id": "js", "source_id": "fed", "url": "javascript:alert(1)", "title": "J",
     "published_at": "2026-02-10T19:00:00Z"},
    {"id": "stray", "source_id": "nowhere", "url": "https://example.org/s", "title": "S",
     "published_at": "2026-02-10T19:00:00Z"},
    {"id": "p", "source_id": "fed", "url": "https://example.org/p", "title": "P\u00a02026 日本",
     "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "held at 4.4\u00a0percent, 3\u3000% and \uff14\uff05 \ud83d\udc4d 日本", "start": 0, "end": 30},
     "content": "held at 4.4\u00a0percent, 3\u3000% and \uff14\uff05 \ud83d\udc4d 日本 e\u0301 \u200fمرحبا",
     "cited_text": "1.5% and 12\u2009% in 2025 <b>&amp;</b>", "source_span": [3, 9],
     "snippet_span": {"text": "page\u00a03 e\u0301 \u200f7\u200f"}},
    {"id": "q", "source_id": "zh", "url": "https://example.org/q", "title": "Q",
     "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "paywalled 2.5\u202f% quote"}, "snippet_span": {"text": "snip\u30009"}}
  ],
  "chapters": {"numbered.md": ["a", "b.2:x/y-z", "gone", "p"]}
}"#;

/// The ids of [`STORE`] (and one it does not hold), for generators: `p`
/// and `q` carry passages (quotes, cited text, a snippet, the document's
/// content with spans into it), so every rule that reads a passage runs.
pub const IDS: &[&str] = &["a", "b.2:x/y-z", "gone", "js", "stray", "p", "q", "missing"];

/// The chapter paths the pipeline treats differently: `numbered.md` has a
/// citation list, `c.md` has none.
pub const PATHS: &[&str] = &["c.md", "numbered.md"];

/// A citation as rendered for the HTML renderer.
pub const HTML_CITE: &str = "<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" title=\"t\">[&#49;]</a>";
/// A citation in a heading as rendered for the HTML renderer.
pub const HTML_HEADING_CITE: &str = "<span class=\"evidence-cite\" data-evidence=\"a\">[1]</span>";
/// A citation as rendered for other renderers.
pub const MARKDOWN_CITE: &str = "[\\[1\\]](#evidence-a \"t\")";

/// `text` without the inputs of the known limitations (README): a
/// citation rendered for the other target (turned into HTML, a markdown
/// citation can pair with an unmatched `[` before it into a link; turned
/// into markdown, an HTML citation right after `[^1]` makes it text); an open `<!X`
/// declaration (the `>` of a citation after it closes it); and a lone CR
/// inside the text (pulldown-cmark ends some blocks there and runs ATX
/// headings on to the next LF), which becomes a CRLF.
pub fn tame(text: &str, target: Target) -> String {
    let mut text = text.to_owned();
    let mut from = 0;
    while let Some(at) = text[from..].find('\r').map(|at| from + at) {
        if at + 1 < text.len() && text.as_bytes()[at + 1] != b'\n' {
            text.insert(at + 1, '\n');
        }
        from = at + 1;
    }
    while let Some(at) = text.match_indices("<!").map(|(at, _)| at).find(|&at| {
        text.as_bytes()
            .get(at + 2)
            .is_some_and(u8::is_ascii_alphabetic)
    }) {
        text.insert(at + 1, ' ');
    }
    // Each citation of the other target's form, whatever its number and id.
    let forms: &[(&str, &str, &str)] = match target {
        Target::Html => &[("[\\[", ")", HTML_CITE)],
        Target::Markdown => &[
            ("<a class=\"evidence-cite\"", "</a>", MARKDOWN_CITE),
            ("<span class=\"evidence-cite\"", "</span>", MARKDOWN_CITE),
        ],
    };
    for (open, close, ours) in forms {
        let mut from = 0;
        while let Some(start) = text[from..].find(open).map(|at| from + at) {
            let Some(end) = text[start..].find(close).map(|at| start + at + close.len()) else {
                break;
            };
            let is_cite = target == Target::Markdown || text[start..end].contains("](#evidence-");
            if is_cite {
                text.replace_range(start..end, ours);
                from = start + ours.len();
            } else {
                from = start + 1;
            }
        }
    }
    text
}

/// A session over [`STORE`] in `mode` (`fail`, `downgrade`, `warn`) for
/// `target`.
pub fn setup(mode: &str, target: Target) -> Session {
    setup_with(mode, target, "blocks", false)
}

/// [`setup`] with a claim unit (`blocks`, `bullets`, `sentences`) and
/// confidence labels on or off; `mode` may be `remove` too.
pub fn setup_with(mode: &str, target: Target, claims: &str, labels: bool) -> Session {
    // No chapter is on disk: diagnostics point into the text as given.
    let store = store::load_bytes(Path::new("store.json"), STORE.as_bytes()).expect("valid store");
    setup_with_store(mode, target, claims, labels, store)
}

/// [`setup_with`] over `store` instead of [`STORE`].
pub fn setup_with_store(
    mode: &str,
    target: Target,
    claims: &str,
    labels: bool,
    store: Store,
) -> Session {
    let config = Config::from_value(serde_json::json!({
        "store": "store.json",
        "mode": mode,
        "as-of": "2026-02-11",
        "claims": claims,
        "confidence-labels": labels,
        "max-removed": 1000,
    }))
    .expect("valid config");
    Session::in_memory(
        config,
        store,
        PathBuf::from("/nonexistent-book"),
        target,
        Default::default(),
    )
}

/// A book of `(path, content)` chapters, as mdBook loads it.
pub fn book(chapters: &[(&str, &str)]) -> Book {
    let mut book = Book::new();
    for (path, content) in chapters {
        book.push_item(Chapter::new(path, content.to_string(), *path, Vec::new()));
    }
    book
}

/// The chapters' contents, in book order.
pub fn contents(book: &Book) -> Vec<String> {
    book.iter()
        .filter_map(|item| match item {
            BookItem::Chapter(ch) => Some(ch.content.clone()),
            _ => None,
        })
        .collect()
}

/// Processes a book; returns the chapters' new contents and the outcome.
pub fn process(setup: &Session, chapters: &[(&str, &str)]) -> (Vec<String>, Outcome) {
    let mut book = book(chapters);
    let outcome = setup.process(&mut book);
    (contents(&book), outcome)
}

/// Checks, for one chapter: that processing does not panic; that every
/// byte outside the spans it may rewrite (markers, a `!` before a marker,
/// the References section) comes out, in order; and that a second run over
/// the output changes nothing. Returns the output.
pub fn check_chapter(setup: &Session, path: &str, text: &str) -> String {
    let (out, _) = process(setup, &[(path, text)]);
    let out = out.into_iter().next().expect("one chapter");
    check_preserved(setup, path, text, &out);
    let (again, _) = process(setup, &[(path, &out)]);
    assert_eq!(
        again[0], out,
        "a second run changed the output\ninput:  {text:?}\noutput: {out:?}"
    );
    out
}

/// For `remove` mode, which deletes text: processing does not panic, and
/// a second run over the output changes nothing.
pub fn check_idempotent(setup: &Session, path: &str, text: &str) -> String {
    let (out, _) = process(setup, &[(path, text)]);
    let (again, _) = process(setup, &[(path, &out[0])]);
    assert_eq!(
        again[0], out[0],
        "a second run changed the output\ninput:  {text:?}\noutput: {:?}",
        out[0]
    );
    out.into_iter().next().expect("one chapter")
}

/// [`check_chapter`] for any text: inputs of the known limitations (see
/// [`tame`]) are checked for everything but idempotence, then tamed.
pub fn check_any_chapter(setup: &Session, path: &str, text: &str) {
    let tame = tame(text, setup.target());
    if setup.config().mode == evidence_core::config::Mode::Remove {
        if tame != text {
            process(setup, &[(path, text)]);
        }
        check_idempotent(setup, path, &tame);
        return;
    }
    if tame != text {
        let (out, _) = process(setup, &[(path, text)]);
        check_preserved(setup, path, text, &out[0]);
    }
    check_chapter(setup, path, &tame);
}

/// The pieces of `text` that processing must keep: the text outside marker
/// spans and the References section, cut where the banner may go.
pub fn kept_pieces<'t>(setup: &Session, path: &str, text: &'t str) -> Vec<&'t str> {
    pieces(setup, path, text, true)
}

/// [`kept_pieces`], cut where heading ids go when `at_heading_ids`.
fn pieces<'t>(setup: &Session, path: &str, text: &'t str, at_heading_ids: bool) -> Vec<&'t str> {
    let scan = markers::scan(
        text,
        &ScanOptions {
            markdown: setup.markdown(),
            numbered: setup.store().citation_list(Path::new(path)).is_some(),
            references_title: &setup.config().references_title,
            claim_min_words: setup.config().claim_min_words,
        },
    );
    let mut cuts: Vec<(usize, usize)> = scan
        .markers
        .iter()
        .map(|m| {
            // In markdown the author's `!` before a citation link is escaped.
            let start = if m.span.start > 0 && text.as_bytes()[m.span.start - 1] == b'!' {
                m.span.start - 1
            } else {
                m.span.start
            };
            (start, m.span.end)
        })
        .collect();
    if let Some(references) = &scan.references {
        cuts.push((references.start, references.end));
    }
    cuts.push((scan.banner_offset, scan.banner_offset));
    // The reasons of suppression comments and the import record, which
    // stay out of the rendered chapter.
    cuts.extend(
        evidence_render::withheld::withheld_edits(text, &scan.suppressions)
            .into_iter()
            .map(|edit| (edit.range.start, edit.range.end)),
    );
    // Heading ids kept from the citations in headings.
    if at_heading_ids {
        cuts.extend(
            evidence_render::heading_ids::heading_id_edits(text, &scan.markers, setup.markdown())
                .into_iter()
                .map(|edit| (edit.range.start, edit.range.end)),
        );
    }
    // The book's own directive: a top-level paragraph of it becomes the
    // evidence index; anywhere else it stays.
    cuts.extend(
        evidence_render::index::placeholders(text, setup.markdown())
            .into_iter()
            .map(|range| (range.start, range.end)),
    );
    cuts.sort();
    let mut pieces = Vec::new();
    let mut cursor = 0;
    for (start, end) in cuts {
        if start >= cursor {
            pieces.push(&text[cursor..start]);
        }
        cursor = cursor.max(end);
    }
    pieces.push(&text[cursor..]);
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// The confidence labels, as the renderer writes them (escaped) and as an
/// author may: with labels on, they are inserted at the start of claims
/// (or replace one there), so they are left out of the comparison.
const LABEL_FORMS: [&str; 6] = [
    "\\[HIGH CONFIDENCE\\] ",
    "\\[MEDIUM CONFIDENCE\\] ",
    "\\[LOW CONFIDENCE\\] ",
    "[HIGH CONFIDENCE] ",
    "[MEDIUM CONFIDENCE] ",
    "[LOW CONFIDENCE] ",
];

/// `text` without confidence labels and spaces: a label goes at the start
/// of a claim (or replaces one there), with a space before it where its
/// sentence starts right after text, so spaces are left out of the
/// comparison when labels are on (the runs without labels compare them).
fn without_labels(text: &str) -> String {
    LABEL_FORMS
        .iter()
        .fold(text.to_owned(), |text, label| text.replace(label, ""))
        .replace(' ', "")
}

/// The label element the HTML renderer writes for a `[SPECULATION]` the
/// reader sees as prose: it stands for the label the author wrote.
pub const SPECULATION_ELEMENT: &str = "<span class=\"evidence-speculation\" role=\"note\" \
    title=\"Speculation: the author's own reading, not a claim the cited sources support.\" \
    aria-label=\"Speculation: the author's own reading, not a claim the cited sources support.\">\
    Speculation</span>";

/// `text` without the marks `downgrade` mode puts before failing claims
/// (each with the space after it).
fn without_claim_marks(text: &str) -> String {
    let mut out = text.to_owned();
    for (open, close) in [
        ("<span class=\"evidence-unverified-claim\"", "</span>"),
        ("[⚠](#unverified-claim \"", "\")"),
    ] {
        while let Some(start) = out.find(open) {
            let Some(len) = out[start..].find(close) else {
                break;
            };
            let mut end = start + len + close.len();
            if out[end..].starts_with(' ') {
                end += 1;
            }
            out.replace_range(start..end, "");
        }
    }
    out
}

/// Asserts that every kept piece of `text` appears in `out`, in order.
pub fn check_preserved(setup: &Session, path: &str, text: &str, out: &str) {
    let out = &without_claim_marks(out).replace(SPECULATION_ELEMENT, "[SPECULATION]");
    if setup.config().confidence_labels {
        // A heading id inserted after a label-like text would give it the
        // space that makes it a label form: taken out first.
        let scan = markers::scan(
            text,
            &ScanOptions {
                markdown: setup.markdown(),
                numbered: setup.store().citation_list(Path::new(path)).is_some(),
                references_title: &setup.config().references_title,
                claim_min_words: setup.config().claim_min_words,
            },
        );
        let ids =
            evidence_render::heading_ids::heading_id_edits(text, &scan.markers, setup.markdown());
        let out = ids
            .iter()
            .fold(out.to_owned(), |out, id| out.replacen(&id.text, "", 1));
        let out = without_labels(&out);
        let mut from = 0;
        for piece in pieces(setup, path, text, false) {
            let piece = without_labels(piece);
            match out[from..].find(&piece) {
                Some(at) => from += at + piece.len(),
                None => panic!("lost {piece:?}\ninput:  {text:?}\noutput: {out:?}"),
            }
        }
        return;
    }
    let mut from = 0;
    for piece in kept_pieces(setup, path, text) {
        match out[from..].find(piece) {
            Some(at) => from += at + piece.len(),
            None => panic!(
                "lost {piece:?} (from byte {from} of the output)\ninput:  {text:?}\noutput: {out:?}"
            ),
        }
    }
}
