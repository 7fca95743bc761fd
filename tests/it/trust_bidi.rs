//! Bidi controls in a store never turn the page around (trial finding 8):
//! a publisher of `Evil\u{202e} Corp` reversed the rest of its References
//! entry, the host link text included, so `gnp.exe` read as `exe.png` and
//! `example.org` as something else. Embeddings, overrides and isolates are
//! dropped from every store value the page shows (entries, the card's
//! data, the evidence index, attributes); a value holding right-to-left
//! text or a mark is isolated in `<bdi>`, so that a real Arabic or Hebrew
//! publisher shows as written and leaves the title and link in their order.
//! Checked in books built by mdBook, and in headless Chromium where the
//! characters of the link text stand left to right.

use crate::common::TestBook;
use crate::common::chromium::{chromium, skip};

/// Overrides, embeddings and isolates a store may hold.
const CONTROLS: [char; 9] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}',
];

/// A store whose first item's publisher, title, snippet and passage hold
/// an unclosed override; its second is an Arabic publisher with its mark,
/// a Hebrew title, CJK and emoji.
fn store() -> String {
    serde_json::json!({
        "schema_version": "evidence.v1",
        "sources": [
            {"source_id": "evil", "publisher": "Evil\u{202e} Corp", "tier": 2},
            {"source_id": "aljazeera", "publisher": "\u{200f}الجزيرة\u{200f}", "tier": 2}
        ],
        "evidence": [
            {"id": "ev_evil", "source_id": "evil", "url": "https://example.org/fine",
             "title": "Fine \u{202e}gnp.exe 東京 🚀", "published_at": "2026-02-10T19:00:00Z",
             "snippet_span": {"text": "snip \u{202d}pet\u{2067}"},
             "quote_span": {"text": "The committee \u{202e}held rates\u{2066} steady."}},
            {"id": "ev_aj", "source_id": "aljazeera", "url": "https://www.aljazeera.net/news",
             "title": "הבנק המרכזי הוריד את הריבית", "published_at": "2026-02-10T19:00:00Z"}
        ]
    })
    .to_string()
}

const CHAPTER: &str = "# Brief\n\n\
    The committee held rates steady this month [EVID:ev_evil].\n\n\
    البنك المركزي خفض الفائدة هذا الشهر [EVID:ev_aj].\n\n\
    ## Sources\n\n{{#evidence-index}}\n";

/// The book, built by mdBook with the card assets in `warn` mode.
fn built() -> TestBook {
    let book = TestBook::with_store(
        "as-of = \"2026-02-11\"\nmode = \"warn\"\n",
        &store(),
        &[("c.md", CHAPTER)],
    );
    mdbook_evidence::install::install(book.root(), false).expect("install");
    book.build().expect("builds");
    book
}

#[test]
fn no_override_from_the_store_reaches_the_page() {
    let book = built();
    let page = book.html("c.md");
    for c in CONTROLS {
        assert!(!page.contains(c), "U+{:04X} on the page", c as u32);
    }
    // The values are all there, in their own order.
    for shown in [
        "Evil Corp",
        "Fine gnp.exe 東京 🚀",
        ">example.org</a>",
        "The committee held rates steady.",
    ] {
        assert!(page.contains(shown), "{shown}: {page}");
    }
    // The markdown other renderers get has none either.
    let run = crate::common::run_stdin(book.root(), &book.stdin("markdown"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let markdown = run.chapter("c.md");
    assert!(!markdown.contains(CONTROLS), "{markdown}");
}

#[test]
fn right_to_left_values_are_isolated_and_keep_their_marks() {
    let page = built().html("c.md");
    let entry = |id: &str| {
        let at = page.find(&format!("id=\"evidence-{id}\"")).unwrap();
        page[at..at + page[at..].find("</p>").unwrap()].to_owned()
    };
    let arabic = entry("ev_aj");
    assert!(
        arabic.contains(
            "[2] <bdi>\u{200f}الجزيرة\u{200f}</bdi>. \"<bdi>הבנק המרכזי הוריד את הריבית</bdi>\"."
        ),
        "{arabic}"
    );
    // Left-to-right values, once their overrides are dropped, and the
    // host are written as they are.
    let evil = entry("ev_evil");
    assert!(
        evil.contains("[1] Evil Corp. \"Fine gnp.exe 東京 🚀\"."),
        "{evil}"
    );
    assert!(evil.contains(">example.org</a>"), "{evil}");
    // The evidence index isolates them too.
    let index = &page[page.find("<table").unwrap()..];
    assert!(
        index.contains("<bdi>\u{200f}الجزيرة\u{200f}</bdi>"),
        "{index}"
    );
}

/// Measures, in the built page, where each character of each References
/// link text stands, and whether the entries' parts come in order.
const PROBE: &str = r#"
window.addEventListener("load", function () {
    var out = {links: [], order: []};
    document.querySelectorAll(".evidence-references a[href^='https://']").forEach(function (a) {
        var node = a.firstChild, xs = [];
        for (var i = 0; node && i < node.length; i++) {
            var r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            xs.push(r.getBoundingClientRect().left);
        }
        out.links.push({text: a.textContent, xs: xs});
        var entry = a.closest("p"), bdi = entry.querySelector("bdi");
        var at = function (el) { return el.getBoundingClientRect().left; };
        out.order.push({host: at(a), first: bdi ? at(bdi) : null});
    });
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
});
"#;

#[test]
fn in_chromium_the_link_text_reads_as_written() {
    let test = "in_chromium_the_link_text_reads_as_written";
    let Some(browser) = chromium() else {
        return skip(test, "no chromium on PATH");
    };
    let book = built();
    let dir = book.root().join("book");
    let html = std::fs::read_to_string(dir.join("c.html")).unwrap();
    std::fs::write(dir.join("probe.js"), PROBE).unwrap();
    let probed = html.replace("</body>", "<script src=\"probe.js\"></script></body>");
    std::fs::write(dir.join("probed.html"), probed).unwrap();
    let url = format!("file://{}", dir.join("probed.html").display());
    let dom = match crate::common::chromium::dump_dom(&browser, &url, "1200,900", &[]) {
        Ok(dom) => dom,
        Err(why) => return skip(test, &why),
    };
    let found = crate::common::chromium::probe_output(&dom).unwrap();
    let links = found["links"].as_array().unwrap();
    assert_eq!(links.len(), 2, "{found}");
    for link in links {
        let xs: Vec<f64> = link["xs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        assert!(
            xs.windows(2).all(|w| w[0] < w[1]),
            "{}: characters out of order: {xs:?}",
            link["text"]
        );
    }
    // The isolated Arabic publisher stands before (left of) the host link.
    for order in found["order"].as_array().unwrap() {
        if let Some(first) = order["first"].as_f64() {
            assert!(first < order["host"].as_f64().unwrap(), "{found}");
        }
    }
}
