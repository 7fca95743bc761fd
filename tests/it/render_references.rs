//! How References entries number and label their items (trial finding
//! 13), in books built by mdBook:
//!
//! - numbers are the chapter's own: with a citation list, the text's `[5]`
//!   is entry `[5]`, and an item the text never cites has no entry, so
//!   the list may skip a number (the guide's "What a reader sees");
//! - a Google Search grounding link, which only redirects, is labelled by
//!   the site the answer named, with the redirect host it goes through;
//!   the link stays the stored URL, and no other link is relabelled.

use crate::common::TestBook;

const REDIRECT: &str =
    "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AQXblrzVmdvQ";

/// Five items on the chapter's citation list: a Gemini-shaped redirect
/// (source `web:ft.com`), a Korean one, and plain pages; the third claims
/// a `web:` site its URL is not on.
fn store() -> String {
    let item = |id: &str, source: &str, url: &str, title: &str| {
        serde_json::json!({"id": id, "source_id": source, "url": url, "title": title,
            "published_at": "2026-02-10T19:00:00Z", "tags": ["redirect-url"]})
    };
    serde_json::json!({
        "schema_version": "evidence.v1",
        "sources": [
            {"source_id": "web:ft.com", "publisher": "ft.com", "tier": 3},
            {"source_id": "web:연합뉴스.kr", "publisher": "연합뉴스", "tier": 3},
            {"source_id": "web:bank.example", "publisher": "bank.example", "tier": 3},
            {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1}
        ],
        "evidence": [
            item("ev_ft", "web:ft.com", &format!("{REDIRECT}-ft="), "ft.com"),
            item("ev_kr", "web:연합뉴스.kr", &format!("{REDIRECT}-kr="), "금리 인하"),
            item("ev_spoof", "web:bank.example", "https://evil.example/login", "bank.example"),
            item("ev_unused", "fed", "https://www.federalreserve.gov/a.htm", "Unused"),
            item("ev_fed", "fed", "https://www.federalreserve.gov/b.htm", "FOMC statement"),
        ],
        "chapters": {"c.md": ["ev_ft", "ev_kr", "ev_spoof", "ev_unused", "ev_fed"]}
    })
    .to_string()
}

const CHAPTER: &str = "# Brief\n\n\
    The bank cut rates by a quarter point [1][2].\n\n\
    銀行は利下げした。[3]\n\n\
    The committee said more cuts may follow [5].\n";

/// The built page of `c.md`.
fn page() -> String {
    let book = TestBook::with_store(
        "as-of = \"2026-02-11\"\nmode = \"warn\"\n",
        &store(),
        &[("c.md", CHAPTER)],
    );
    book.build().expect("builds");
    book.html("c.md")
}

/// The References entry of `id` on `page`, up to its back-links.
fn entry<'p>(page: &'p str, id: &str) -> Option<&'p str> {
    let at = page.find(&format!("id=\"evidence-{id}\""))?;
    let end = at + page[at..].find("</p>")?;
    Some(&page[at..end])
}

#[test]
fn entries_keep_the_chapters_numbers_and_list_only_what_is_cited() {
    let page = page();
    for (id, number) in [("ev_ft", 1), ("ev_kr", 2), ("ev_spoof", 3), ("ev_fed", 5)] {
        let entry = entry(&page, id).unwrap_or_else(|| panic!("{id}: {page}"));
        assert!(entry.contains(&format!(">[{number}] ")), "{entry}");
    }
    assert_eq!(entry(&page, "ev_unused"), None);
    // The text's citation reads the number its entry has.
    assert!(
        page.contains("href=\"#evidence-ev_fed\" data-evidence=\"ev_fed\">[5]</a>"),
        "{page}"
    );
}

#[test]
fn a_redirect_link_is_labelled_by_the_site_the_answer_named() {
    let page = page();
    let ft = entry(&page, "ev_ft").unwrap();
    assert!(
        ft.contains(&format!(
            "<a href=\"{REDIRECT}-ft=\">ft.com (via vertexaisearch.cloud.google.com)</a>"
        )),
        "{ft}"
    );
    let kr = entry(&page, "ev_kr").unwrap();
    assert!(
        kr.contains(">연합뉴스.kr (via vertexaisearch.cloud.google.com)</a>"),
        "{kr}"
    );
    // A link that goes straight to its page is labelled by its own host,
    // whatever site the store names.
    let spoof = entry(&page, "ev_spoof").unwrap();
    assert!(
        spoof.contains("<a href=\"https://evil.example/login\">evil.example</a>"),
        "{spoof}"
    );
    let fed = entry(&page, "ev_fed").unwrap();
    assert!(fed.contains(">www.federalreserve.gov</a>"), "{fed}");
}
