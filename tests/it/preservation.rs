//! Nothing lost: the 655 examples of the CommonMark 0.31.2 specification,
//! each a chapter of a checked book, as written and with CRLF line endings,
//! go through the preprocessor (the binary, fed as mdBook feeds it).
//!
//! 1. As written (no markers, `warn` mode), every chapter comes out byte for
//!    byte the same.
//! 2. With a resolving `[EVID:]` marker appended to its last line, or to its
//!    first line, every chapter renders (mdBook's HTML renderer) to the same
//!    HTML as without the preprocessor, once the citation element and the
//!    References section are taken out; for both targets (HTML, and the
//!    plain markdown other renderers get). And the marker is rendered
//!    exactly where pulldown-cmark shows it as text outside code and links.
//!
//! The corpus is read from `../shared/corpora/` beside the clone, or from
//! `EVIDENCE_CORPUS_DIR`. When neither `EVIDENCE_CORPUS_DIR` nor `CI` is set
//! and the default directory is absent (a plain clone), the test says so on
//! stderr and passes, so that `cargo test` works from a clone; otherwise a
//! missing corpus fails the test, so that CI never passes without it.

use mdbook_driver::MDBook;
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::{Book, BookItem};
use std::io::Write as _;
use std::path::{Path, PathBuf};

const CORPUS_FILE: &str = "commonmark-0.31.2-examples.json";
const MARKER: &str = "[EVID:ev_fomc]";
/// The preprocessor's two targets: the HTML renderer's, and plain markdown
/// for any other renderer (rendered here by the HTML renderer all the same).
const RENDERERS: [&str; 2] = ["html", "markdown"];
/// Chapters per book in the HTML pass.
const BOOK_SIZE: usize = 100;

#[derive(serde::Deserialize)]
struct Example {
    markdown: String,
    example: u32,
    section: String,
}

/// The corpus, or `None` when it is absent and may be (see the module doc).
fn corpus() -> Option<Vec<Example>> {
    let explicit = std::env::var_os("EVIDENCE_CORPUS_DIR").map(PathBuf::from);
    let dir = explicit
        .clone()
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora"));
    let file = dir.join(CORPUS_FILE);
    match std::fs::read_to_string(&file) {
        Ok(text) => Some(serde_json::from_str(&text).expect("the corpus is the spec's JSON dump")),
        Err(err) if explicit.is_none() && std::env::var_os("CI").is_none() => {
            crate::common::skip::note(
                "the preservation corpus",
                &format!(
                    "cannot read {} ({err}); set EVIDENCE_CORPUS_DIR to the directory holding {CORPUS_FILE}",
                    file.display()
                ),
            );
            None
        }
        Err(err) => panic!(
            "cannot read the preservation corpus {} ({err}); set EVIDENCE_CORPUS_DIR to the directory holding {CORPUS_FILE}",
            file.display()
        ),
    }
}

/// The chapters made of the examples: each after each of `edits`, as
/// written (`exNNN-E.md`) and with CRLF line endings (`exNNN-E-crlf.md`).
fn chapters(examples: &[Example], edits: &[fn(&str) -> String]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in examples {
        for (i, edit) in edits.iter().enumerate() {
            let text = edit(&e.markdown);
            let crlf = text.replace('\n', "\r\n");
            out.push((format!("ex{:03}-{i}.md", e.example), text));
            out.push((format!("ex{:03}-{i}-crlf.md", e.example), crlf));
        }
    }
    out
}

/// The example a chapter was made of.
fn example_of<'e>(examples: &'e [Example], chapter: &str) -> &'e Example {
    let n: u32 = chapter[2..5].parse().unwrap();
    &examples[n as usize - 1]
}

/// A book of one chapter per example, without default preprocessors (so
/// that mdBook hands the chapters over exactly as written), without search
/// (not needed, and slow for 655 pages), and without our preprocessor: the
/// test runs it on the side, through the binary.
fn write_book(root: &Path, chapters: &[(String, String)]) -> MDBook {
    let mut summary = String::from("# Summary\n\n");
    for (name, content) in chapters {
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src").join(name), content).unwrap();
        summary.push_str(&format!("- [{name}]({name})\n"));
    }
    std::fs::write(root.join("src/SUMMARY.md"), summary).unwrap();
    std::fs::create_dir_all(root.join("evidence")).unwrap();
    std::fs::write(root.join("evidence/store.json"), crate::common::STORE).unwrap();
    std::fs::write(
        root.join("book.toml"),
        "[book]\ntitle = \"Corpus\"\n\n[build]\nuse-default-preprocessors = false\n\n[output.html.search]\nenable = false\n",
    )
    .unwrap();
    MDBook::load(root).expect("the corpus book loads")
}

/// Runs the binary over the book as mdBook would for `renderer`, in `warn`
/// mode; returns the book it writes back.
fn preprocess(md: &MDBook, renderer: &str) -> Book {
    let mut config = md.config.clone();
    config
        .set("preprocessor.evidence.store", "evidence/store.json")
        .unwrap();
    config.set("preprocessor.evidence.mode", "warn").unwrap();
    let ctx = PreprocessorContext::new(md.root.clone(), config, renderer.to_owned());
    let stdin = serde_json::to_string(&(ctx, &md.book)).unwrap();
    let run = crate::common::run_stdin(&md.root, &stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("stdout is a book")
}

fn contents(book: &Book) -> Vec<(String, String)> {
    book.iter()
        .filter_map(|item| match item {
            BookItem::Chapter(ch) => Some((
                ch.path.as_ref().unwrap().display().to_string(),
                ch.content.clone(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn every_example_comes_out_byte_for_byte() {
    let Some(examples) = corpus() else { return };
    assert_eq!(examples.len(), 655);
    let dir = tempfile::tempdir().unwrap();
    let chapters = chapters(&examples, &[str::to_owned]);
    let md = write_book(dir.path(), &chapters);
    let out = contents(&preprocess(&md, "html"));
    assert_eq!(out.len(), chapters.len());
    let changed: Vec<String> = chapters
        .iter()
        .zip(&out)
        .filter(|((_, before), (_, after))| before != after)
        .map(|((name, before), (_, after))| format!("{name}: {before:?}\n  became {after:?}"))
        .collect();
    assert!(changed.is_empty(), "{}", changed.join("\n"));
}

/// The chapter's page content (`<main>`), as mdBook rendered it.
fn main_of(page: &str) -> &str {
    let start = page.find("<main>").expect("<main>") + "<main>".len();
    let end = page.rfind("</main>").expect("</main>");
    &page[start..end]
}

/// Takes the References section (of one entry) out of a page rendered with
/// the preprocessor: for the HTML target a `<div>` of entries, for others a
/// paragraph.
fn without_references(main: &str) -> String {
    let Some(heading) = main.find("<h2 id=\"references\">") else {
        return main.to_owned();
    };
    let entries = &main[heading..];
    let end_tag = if entries.contains("<div class=\"evidence-references\">") {
        "</div>\n"
    } else {
        "</p>\n"
    };
    let end = heading + entries.find(end_tag).unwrap() + end_tag.len();
    // Whitespace between block elements is insignificant; the section
    // brings its own.
    match main[end..].trim() {
        "" => main[..heading].trim_end().to_owned(),
        after => format!("{}\n{after}", main[..heading].trim_end()),
    }
}

/// Replaces every rendered citation element by `placeholder`: the HTML
/// target's `<a class="evidence-cite" …>` (`<span …>` in headings), or the
/// link other targets get.
fn without_citations(html: &str, placeholder: &str) -> (String, usize) {
    let mut out = String::new();
    let mut rest = html;
    let mut count = 0;
    while let Some((start, close)) = [
        ("<a class=\"evidence-cite\"", "</a>"),
        ("<span class=\"evidence-cite\"", "</span>"),
        ("<a href=\"#evidence-", "</a>"),
    ]
    .iter()
    .filter_map(|(open, close)| rest.find(open).map(|at| (at, *close)))
    .min()
    {
        let end = start + rest[start..].find(close).unwrap() + close.len();
        out.push_str(&rest[..start]);
        out.push_str(placeholder);
        rest = &rest[end..];
        count += 1;
    }
    out.push_str(rest);
    (out, count)
}

/// The oracle for "the marker is prose": pulldown-cmark, with the options
/// mdBook renders with, yields it in a run of text that is not code, link
/// text or image alt text. (Raw HTML, code and links are never markers.)
fn is_visible_text(markdown: &str) -> bool {
    use mdbook_markdown::pulldown_cmark::{Event, Tag, TagEnd};
    let options = mdbook_markdown::MarkdownOptions::default();
    let mut run = String::new();
    let mut hidden = 0;
    for event in mdbook_markdown::new_cmark_parser(markdown, &options) {
        match event {
            Event::Text(text) if hidden == 0 => {
                run.push_str(&text);
                continue;
            }
            Event::Start(Tag::CodeBlock(_) | Tag::Link { .. } | Tag::Image { .. }) => hidden += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::Link | TagEnd::Image) => hidden -= 1,
            _ => {}
        }
        if run.contains(MARKER) {
            return true;
        }
        run.clear();
    }
    run.contains(MARKER)
}

/// Blanks the ids mdBook derives from heading text (and the links to
/// them): a heading that cites gets its id from `[1]`, not from the marker.
fn heading_ids_blanked(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = [
        "<h1 id=\"",
        "<h2 id=\"",
        "<h3 id=\"",
        "<h4 id=\"",
        "<h5 id=\"",
        "<h6 id=\"",
        "<a class=\"header\" href=\"#",
    ]
    .iter()
    .filter_map(|tag| rest.find(tag).map(|at| at + tag.len()))
    .min()
    {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = &rest[rest.find('"').unwrap()..];
    }
    out.push_str(rest);
    out
}

/// Appends the marker to the example's last line with text.
fn marker_last(markdown: &str) -> String {
    let body = markdown.trim_end_matches('\n');
    let tail = &markdown[body.len()..];
    format!("{body} {MARKER}{tail}")
}

/// Appends the marker to the example's first line.
fn marker_first(markdown: &str) -> String {
    let at = markdown.find('\n').unwrap_or(markdown.len());
    format!("{} {MARKER}{}", &markdown[..at], &markdown[at..])
}

#[test]
fn a_marker_appended_to_each_example_changes_nothing_else_in_the_html() {
    let Some(examples) = corpus() else { return };
    let chapters = chapters(&examples, &[marker_last, marker_first]);
    // mdBook's HTML renderer spends time per page in proportion to the
    // number of chapters: several small books build much faster than one.
    let books: Vec<(tempfile::TempDir, &[(String, String)])> = chapters
        .chunks(BOOK_SIZE)
        .map(|chunk| (tempfile::tempdir().unwrap(), chunk))
        .collect();
    std::thread::scope(|scope| {
        for (dir, chunk) in &books {
            scope.spawn(|| {
                let mut md = write_book(dir.path(), chunk);
                md.build()
                    .expect("the book builds without the preprocessor");
                let source = md.book.clone();
                for renderer in RENDERERS {
                    md.book = preprocess(&md, renderer);
                    md.config.build.build_dir = PathBuf::from(format!("book-{renderer}"));
                    md.build().expect("the preprocessed book builds");
                    md.book = source.clone();
                }
            });
        }
    });

    let placeholder = "\u{1}CITE\u{1}";
    let mut failures = Vec::new();
    let mut cited = 0;
    for (dir, chunk) in &books {
        for ((name, markdown), renderer) in chunk
            .iter()
            .flat_map(|chapter| RENDERERS.map(|renderer| (chapter, renderer)))
        {
            let example = example_of(&examples, name);
            let page = name.replace(".md", ".html");
            let plain = std::fs::read_to_string(dir.path().join("book").join(&page)).unwrap();
            let with = dir.path().join(format!("book-{renderer}")).join(&page);
            let with = std::fs::read_to_string(with).unwrap();
            let plain = heading_ids_blanked(main_of(&plain));
            let (with, citations) =
                without_citations(&without_references(main_of(&with)), placeholder);
            let with = heading_ids_blanked(with.trim_end());
            let visible = is_visible_text(markdown);
            if (citations > 0) != visible {
                failures.push(format!(
                    "{name} for {renderer} ({}): the marker is {} text, but was {} rendered: {markdown:?}",
                    example.section,
                    if visible { "visible" } else { "not" },
                    if citations > 0 { "" } else { "not" },
                ));
            }
            let expected = if citations > 0 {
                cited += 1;
                plain.trim_end().replacen(MARKER, placeholder, 1)
            } else {
                plain.trim_end().to_owned()
            };
            if with != expected {
                failures.push(format!(
                    "{name} for {renderer} ({}): {markdown:?}\n  without: {expected:?}\n  with:    {with:?}",
                    example.section
                ));
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "preservation: a marker in prose in {cited} of {} chapter renderings",
        chapters.len() * RENDERERS.len()
    );
    assert!(
        failures.is_empty(),
        "{}\n{} failures",
        failures.join("\n"),
        failures.len()
    );
}
