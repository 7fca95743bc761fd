//! Text from the store is data: whatever a publisher, title, snippet, quote
//! or URL holds, the rendered page has the structure it has with plain
//! text, and only http(s) URLs are linked.
//!
//! Each test builds the book with mdBook's HTML renderer and inspects the
//! page: the sequence of elements and attribute names in `<main>` must be
//! the same as with a benign store, and `<script` must appear no more often
//! than mdBook itself writes it.
//!
//! Ids cannot carry markup: the loader refuses any id outside
//! `[A-Za-z0-9_.:/-]` (`tests/it/bad_input/`), and the allowed punctuation is
//! cited here (`ev_c:d/e.f-g`).

use crate::common::TestBook;
use mdbook_driver::MDBook;

/// Strings that would add markup, end an attribute or a table cell, open a
/// code span, or start a new block, if they were not escaped.
const ATTACKS: &[&str] = &[
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "' onmouseover='alert(1)",
    "*emphasis* **strong** _u_",
    "[link](javascript:alert(1))",
    "![img](x.png)",
    "`code` ``x``",
    "| cell | split |",
    "line\n\n# Heading\n\n- item",
    "&lt;b&gt; &amp; &#60;i&#62;",
    "<!-- comment --> ]]> -->",
    "\\[EVID:ev_x] [EVID:ev_x] [1]",
    "{{#include /etc/passwd}}",
    "\u{202e}rtl\u{0}nul\u{7}",
];

/// A store of three citable items whose text fields (item and source) all
/// hold `text`, and whose URLs carry it in their query.
fn store(text: &str) -> String {
    let t = serde_json::to_string(text).unwrap();
    let url = serde_json::to_string(&format!("https://example.org/a?q={text}#{text}")).unwrap();
    format!(
        r#"{{"schema_version": "evidence.v1",
  "sources": [
    {{"source_id": "s1", "publisher": {t}, "tier": 1, "tags": [{t}]}},
    {{"source_id": "s4", "publisher": {t}, "tier": 4, "paywall_policy": "metadata_only"}}
  ],
  "evidence": [
    {{"id": "ev_a", "source_id": "s1", "publisher": {t}, "doc_id": {t}, "chunk_id": {t},
      "url": {url}, "title": {t}, "published_at": "2026-02-10T19:00:00Z",
      "quote_span": {{"start": 0, "end": 5, "text": {t}}}, "snippet_span": {{"text": {t}}},
      "tags": [{t}]}},
    {{"id": "ev_b", "source_id": "s1", "url": {url}, "title": {t},
      "published_at": "2026-02-10T19:00:00Z"}},
    {{"id": "ev_c:d/e.f-g", "source_id": "s4", "url": {url}, "title": {t},
      "published_at": "2026-02-10T19:00:00Z", "snippet_span": {{"text": {t}}}}}
  ],
  "chapters": {{"numbered.md": ["ev_a", "ev_b", "ev_c:d/e.f-g"]}}
}}"#
    )
}

/// A chapter citing every item from every place a citation can sit.
const CHAPTER: &str = "# Heading cites [EVID:ev_a]\n\n\
Rates held steady [EVID:ev_a] and again [EVID:ev_b].\n\n\
| Metric | Source |\n|---|---|\n| Rate held | `x [EVID:ev_b] |\n\n\
- A list item cites [EVID:ev_c:d/e.f-g].\n\n\
> A quoted claim cites [EVID:ev_a].\n\n\
A note[^n] follows here [EVID:ev_b].\n\n\
[^n]: The footnote cites [EVID:ev_c:d/e.f-g].\n";

/// The same claims with the chapter's citation list.
const NUMBERED: &str = "# Brief\n\n- Rates held steady. [1][2]\n- A second claim cites. [3]\n";

/// `(tag, attribute names)` of every element in the page's `<main>`, in
/// order, with closing tags: the page's structure without its text.
fn structure(page: &str) -> Vec<String> {
    let main = &page[page.find("<main>").unwrap()..page.rfind("</main>").unwrap()];
    let mut out = Vec::new();
    let mut rest = main;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        // The name, `/a` for a closing tag.
        let name_len = 1 + rest[1..]
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .unwrap_or(rest.len() - 1);
        let name = &rest[..name_len];
        // Read the attributes' names, skipping quoted values.
        let mut attributes = Vec::new();
        let mut tag = &rest[name_len..];
        loop {
            tag = tag.trim_start();
            if tag.is_empty() || tag.starts_with('>') || tag.starts_with("/>") {
                break;
            }
            let end = tag
                .find(|c: char| c == '=' || c.is_whitespace() || c == '>')
                .unwrap_or(tag.len());
            attributes.push(&tag[..end]);
            tag = &tag[end..];
            if let Some(value) = tag.strip_prefix('=') {
                let value = value.trim_start();
                let skip = match value.chars().next() {
                    Some(q @ ('"' | '\'')) => value[1..].find(q).map_or(value.len(), |e| e + 2),
                    _ => value
                        .find(|c: char| c.is_whitespace() || c == '>')
                        .unwrap_or(value.len()),
                };
                tag = &value[skip..];
            }
        }
        out.push(format!("<{name} {}>", attributes.join(" ")));
        rest = tag;
    }
    out
}

/// Builds `(path, chapter)` with `store` for `renderer`'s target, renders
/// it with mdBook's HTML renderer, and returns the page.
fn page(store: &str, renderer: &str, path: &str, chapter: &str) -> String {
    let book = TestBook::with_store("mode = \"warn\"", store, &[(path, chapter)]);
    if renderer == "html" {
        book.build().expect("the book builds");
        return book.html(path);
    }
    // Other renderers get markdown; render it with the HTML renderer all
    // the same, to see its structure.
    let run = book.run(renderer);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Our preprocessor has run: keep mdBook from running it again.
    let mut config = MDBook::load(book.root()).unwrap().config;
    config
        .set("preprocessor.evidence.renderers", ["none"])
        .unwrap();
    let mut md = MDBook::load_with_config(book.root(), config).unwrap();
    let content = run.chapter(path);
    md.book
        .for_each_chapter_mut(|chapter| chapter.content = content.clone());
    md.build().expect("the book builds");
    book.html(path)
}

#[test]
fn store_text_cannot_change_the_structure_of_the_page() {
    let benign = store("plain text");
    for renderer in ["html", "markdown"] {
        for (path, chapter) in [("c.md", CHAPTER), ("numbered.md", NUMBERED)] {
            let expected = page(&benign, renderer, path, chapter);
            let scripts = expected.matches("<script").count();
            let expected = structure(&expected);
            let citation = match renderer {
                "html" => "<a class id href data-evidence>",
                _ => "<a href title>",
            };
            assert!(
                expected.iter().any(|t| t == citation),
                "{renderer}: no citation in {expected:?}"
            );
            for attack in ATTACKS {
                let html = page(&store(attack), renderer, path, chapter);
                assert_eq!(
                    html.matches("<script").count(),
                    scripts,
                    "{renderer} {path} {attack:?}"
                );
                assert_eq!(
                    structure(&html),
                    expected,
                    "{renderer} {path}: {attack:?} changed the page"
                );
            }
        }
    }
}

/// A store whose every text field and URL asks mdBook's links preprocessor
/// to include `secret` (a path relative to the chapter, then absolute).
fn include_store(secret: &std::path::Path) -> String {
    let relative = "{{#include ../secret.txt}}";
    let absolute = format!("{{{{#include{}}}}}", secret.display());
    let t = serde_json::to_string(&format!("{relative} {absolute}")).unwrap();
    let url = serde_json::to_string(&format!("https://e.org/a?q={absolute}#{relative}")).unwrap();
    format!(
        r#"{{"schema_version": "evidence.v1",
  "sources": [{{"source_id": "s", "publisher": {t}, "tier": 4, "paywall_policy": "metadata_only"}}],
  "evidence": [{{"id": "ev_a", "source_id": "s", "url": {url}, "title": {t},
      "published_at": "2026-02-10T19:00:00Z"}}]}}"#
    )
}

#[test]
fn store_text_cannot_include_files_even_when_links_runs_after_us() {
    let chapter = "# T\n\nA claim cites it [EVID:ev_a].\n";
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "TOP-SECRET").unwrap();
    let store = include_store(&secret);
    let book = TestBook::with_store("", &store, &[("c.md", chapter)]);
    std::fs::write(book.root().join("secret.txt"), "TOP-SECRET").unwrap();
    let toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
    std::fs::write(
        book.root().join("book.toml"),
        toml.replace("after = [\"links\"]", "before = [\"links\"]"),
    )
    .unwrap();
    book.build().expect("the book builds");
    let html = book.html("c.md");
    assert!(html.contains("class=\"evidence-ref\""), "{html}");
    assert!(!html.contains("TOP-SECRET"), "{html}");

    // Other renderers: our markdown, then the links preprocessor.
    use mdbook_preprocessor::Preprocessor;
    let run = book.run("markdown");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let md = MDBook::load(book.root()).unwrap();
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        book.root().to_owned(),
        md.config.clone(),
        "markdown".to_owned(),
    );
    let ours: mdbook_preprocessor::book::Book = serde_json::from_str(&run.stdout).unwrap();
    let linked = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, ours)
        .unwrap();
    let out = linked.chapters().next().unwrap().content.clone();
    assert!(out.contains("## References"), "{out}");
    assert!(!out.contains("TOP-SECRET"), "{out}");
}

#[test]
fn urls_that_are_not_http_are_never_linked_and_are_reported() {
    let urls = [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "mailto:a@example.org",
        "//evil.example/x",
        "/relative/path",
        "evil.example",
        "http://",
        "",
    ];
    let items: Vec<String> = urls
        .iter()
        .enumerate()
        .map(|(i, url)| {
            format!(
                r#"{{"id": "ev_{i}", "source_id": "s", "url": {}, "title": "T", "published_at": "2026-02-10T19:00:00Z"}}"#,
                serde_json::to_string(url).unwrap()
            )
        })
        .collect();
    let store = format!(
        r#"{{"schema_version": "evidence.v1", "sources": [{{"source_id": "s", "publisher": "P", "tier": 1}}], "evidence": [{}]}}"#,
        items.join(",\n")
    );
    let chapter: String = (0..urls.len())
        .map(|i| format!("- Claim number {i} cites it [EVID:ev_{i}].\n"))
        .collect();

    // `fail`: each is reported, with its id, and the build stops.
    let book = TestBook::with_store("", &store, &[("c.md", &chapter)]);
    let run = book.run("html");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    for (i, url) in urls.iter().enumerate() {
        let reported = run
            .stderr
            .split("error[unsafe-url]")
            .skip(1)
            .any(|d| d.starts_with(&format!(": evidence `ev_{i}` has url ")));
        assert!(reported, "ev_{i} ({url:?}) not reported:\n{}", run.stderr);
    }

    // `warn`: published, but nothing is linked and each marker is an
    // unverified mark (its label escaped), for both targets.
    let book = TestBook::with_store("mode = \"warn\"", &store, &[("c.md", &chapter)]);
    for renderer in ["html", "markdown"] {
        let run = book.run(renderer);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let page = run.chapter("c.md");
        assert!(!page.contains("EVID:") && !page.contains("href"), "{page}");
        assert!(!page.contains("<script"), "{page}");
        assert_eq!(
            page.matches("[unverified]").count()
                + page.matches("&#91;unverified&#93;").count()
                + page.matches("[\\[unverified\\]]").count(),
            urls.len(),
            "{page}"
        );
        assert_eq!(
            run.stderr.matches("warning[unsafe-url]").count(),
            urls.len()
        );
    }
    book.build().expect("builds");
    let html = book.html("c.md");
    let main = &html[html.find("<main>").unwrap()..html.rfind("</main>").unwrap()];
    for scheme in [
        "javascript",
        "vbscript",
        "data:",
        "file:",
        "mailto:",
        "//evil",
        "/relative",
    ] {
        assert!(
            !main
                .to_ascii_lowercase()
                .contains(&format!("href=\"{scheme}")),
            "{scheme}: {main}"
        );
    }
    assert!(!main.contains("evidence-ref"), "{main}");
}
