//! `mdbook-evidence import` on Anthropic Messages API responses recorded
//! from the public SDKs' test suites (the corpus) and on documented shapes
//! the corpus lacks: every citation kind, through the import and a real
//! mdBook build of what it wrote.

use crate::common::import::{assert_published, build, fixture, import, main_html, rules, sample};

/// The prism-php/prism `char_location` response: characters of the one
/// plain-text document sent, checked against its text.
#[test]
fn char_locations_become_located_quotes() {
    let Some(response) = sample("anthropic-char_location") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let docs = fixture("grass-documents.json");
    let args = [
        response.as_os_str(),
        "--documents".as_ref(),
        docs.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "According to the documents:\nThe grass is green [1] and the sky is blue [2].\n"
    );
    let items = done.items();
    assert_eq!(items[0]["id"], "ev_doc0_c0-20");
    assert_eq!(items[1]["id"], "ev_doc0_c20-36");
    assert_eq!(items[1]["quote_span"]["start"], 20);
    assert_eq!(items[1]["source_span"], serde_json::json!([20, 36]));
    assert_eq!(
        items[0]["document_title"],
        "All aboout the grass and the sky"
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let main = main_html(&book, "answer.md");
    assert!(main.contains("data-passage=\"The sky is blue.\""), "{main}");
}

/// The prism-php/prism PDF response: two claims quoting two passages of
/// the same page. Each passage is its own item (they used to collapse into
/// one, the second claim showing the first passage), titled with the page.
#[test]
fn two_passages_of_one_page_stay_two_items_with_their_pages_shown() {
    let Some(response) = sample("anthropic-page_location") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let docs = fixture("grass-documents.json");
    let args = [
        response.as_os_str(),
        "--documents".as_ref(),
        docs.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    let items = done.items();
    assert_eq!(items.len(), 2);
    let ids: Vec<&str> = items.iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert!(
        ids.iter().all(|id| id.starts_with("ev_doc0_p1-2.")),
        "{ids:?}"
    );
    assert_ne!(ids[0], ids[1]);
    assert_eq!(items[0]["cited_text"], "The grass is green. ");
    assert_eq!(items[1]["cited_text"], "The sky is blue.");
    assert_eq!(items[1]["title"], "All aboout the grass and the sky, p. 1");
    assert!(
        items[1]["quote_span"].get("start").is_none(),
        "pages are not characters"
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let main = main_html(&book, "answer.md");
    assert!(
        main.contains("All aboout the grass and the sky, p. 1"),
        "{main}"
    );
    assert!(
        main.contains("data-passage=\"The grass is green. \""),
        "{main}"
    );
    assert!(main.contains("data-passage=\"The sky is blue.\""), "{main}");
}

/// The prism-php/prism custom-content responses: `document_title: null`
/// and a documents file without a title. Refused at import (it used to
/// import, then fail the build with `missing-field`), unless a title is
/// given.
#[test]
fn a_document_without_a_title_is_refused_at_import_or_given_one() {
    for (name, first) in [
        ("anthropic-content_block_location", "content[1]"),
        ("anthropic-content_block_location-structured", "content[0]"),
    ] {
        let Some(response) = sample(name) else {
            return;
        };
        let dir = tempfile::tempdir().unwrap();
        let docs = fixture("grass-documents.json");
        let args = [
            response.as_os_str(),
            "--documents".as_ref(),
            docs.as_os_str(),
        ];
        import(dir.path(), &args).refused(&format!(
            "`{first}.citations[0]`: document 0 has no title: "
        ));
        let titled = [
            response.as_os_str(),
            "--documents".as_ref(),
            docs.as_os_str(),
            "--title-for".as_ref(),
            "0".as_ref(),
            "Grass and sky".as_ref(),
        ];
        let done = import(dir.path(), &titled).ok();
        let items = done.items();
        assert_eq!(items[0]["title"], "Grass and sky", "{name}");
        assert!(items[0].get("document_title").is_none(), "{name}");
        assert!(
            items[0]["id"].as_str().unwrap().starts_with("ev_doc0_b"),
            "{name}"
        );
        let (_, run) = build(&done, "");
        assert_published(&run, &[]);
    }
}

/// The prism-php/prism web search response: `web_search_result_location`
/// citations with the `web_search_tool_result` blocks. Web items are
/// content-addressed; a page cited for several passages gets one item per
/// passage; with `--sources` the build publishes.
#[test]
fn web_search_results_become_content_addressed_web_items() {
    let Some(response) = sample("anthropic-web_search_result_location") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sources = fixture("web-sources.json");
    let args = [
        response.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.chapter().starts_with(
            "Based on the search results, here's what I can tell you about the weather in London today:\n\nYou can expect moderate daytime temperatures up to 22°C, with cooler nights around 14°C [1]. "
        ),
        "{}",
        done.chapter()
    );
    let items = done.items();
    assert_eq!(items.len(), 7);
    let london = evidence_core::store::cid(
        "https://www.easeweather.com/europe/united-kingdom/england/greater-london/london/july",
    );
    let greater = evidence_core::store::cid(
        "https://www.easeweather.com/europe/united-kingdom/england/greater-london/july",
    );
    let ids: Vec<&str> = items.iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids.iter()
            .filter(|id| id.starts_with(&format!("{london}.")))
            .count(),
        4
    );
    assert!(
        ids.contains(&greater.as_str()),
        "one passage: the page's cid"
    );
    assert_eq!(items[0]["source_id"], "web:easeweather.com");
    assert_eq!(items[0]["published_at"], "2025-07-07T00:00:00Z");
    let source = &done.store()["sources"][0];
    assert_eq!(
        (source["publisher"].as_str(), source["tier"].as_u64()),
        (Some("Easeweather"), Some(2))
    );

    let (book, run) = build(&done, "");
    // Five of the seven passages are from one site (publisher-dominance);
    // the rules do not read "14/22° C" as the numbers 14 and 22.
    assert_published(&run, &["publisher-dominance", "number-not-in-evidence"]);
    let main = main_html(&book, "answer.md");
    assert!(
        main.contains(
            "Enjoy moderate daytime temperatures of up to 22° and cooler nights around 14°."
        ),
        "{main}"
    );

    // Without --sources the References show what the response knows: an
    // imported web page needs no date (its id is its address's cid), so
    // what the build reports is the rules' judgement of unknown-tier sites,
    // never a missing field.
    let args = [response.as_os_str()];
    let bare = import(dir.path(), &args).ok();
    // The closing notes say what the rules do with what is missing, and
    // the --sources entries that would complete it.
    for said in [
        "7 cited pages have no publication date (the response gives none): an imported page needs none, so citing it is no `missing-field`, but `max-age-days` cannot judge it",
        "2 sites are known only by their address (tier 3: www.easeweather.com, www.weather25.com): a figure is `numeric-claim` unless it cites a tier 1-2 source or two publishers",
        "2 sites are known only by their address (tier 3: www.easeweather.com, www.weather25.com): a figure is `numeric-claim` unless it cites a tier 1-2 source or two publishers, so these alone do not carry one",
        // The --sources file as it would be written, one entry to a line.
        "note: a --sources file that completes what the response leaves out (fill in each …):\n  {\n    \"sources\": {\n      \"https://www.easeweather.com/europe/united-kingdom/england/greater-london/july\": {\"published_at\": \"…\"},\n",
        ",\n      \"www.easeweather.com\": {\"publisher\": \"…\", \"tier\": …},\n      \"www.weather25.com\": {\"publisher\": \"…\", \"tier\": …}\n    }\n  }\n",
    ] {
        assert!(bare.stderr.contains(said), "{said}\n{}", bare.stderr);
    }
    let (_, run) = build(&bare, "mode = \"warn\"");
    assert!(!rules(&run).is_empty(), "{}", run.stderr);
    assert!(
        rules(&run).iter().all(|r| [
            "numeric-claim",
            "publisher-dominance",
            "low-credibility-mix",
            "number-not-in-evidence",
        ]
        .contains(&r.as_str())),
        "{}",
        run.stderr
    );
}

/// A page fetched by the web fetch tool, cited by characters of the fetched
/// text (non-ASCII: the offsets count characters, not bytes); the text
/// before the tool call is the model's narration, kept as a comment.
#[test]
fn a_fetched_page_is_cited_by_characters_of_its_text() {
    let dir = tempfile::tempdir().unwrap();
    let response = fixture("anthropic-web-fetch.json");
    let done = import(dir.path(), &[response.as_os_str()]).ok();
    assert_eq!(
        done.chapter(),
        "<!-- narration around a tool call, not part of the answer:\nI'll fetch the Wikipedia page about the Maglemosian culture.\n-->\n\nThe page describes an early Mesolithic culture of Northern Europe, dated c. 9000 – c. 6000 BC [1]. It is named after the Danish site Maglemose near Gørlev and Høng [2], where George Sarauw excavated the first settlement in 1900 [3].\n"
    );
    let items = done.items();
    let page = evidence_core::store::cid("https://en.wikipedia.org/wiki/Maglemosian_culture");
    assert!(
        items
            .iter()
            .all(|i| i["id"].as_str().unwrap().starts_with(&format!("{page}.")))
    );
    // "Maglemosian (c. 9000 – c. 6000 BC) is …" is 117 characters (the
    // dash is one), 119 bytes.
    assert_eq!(items[1]["quote_span"]["start"], 117);
    assert_eq!(items[1]["fetched_at"], "2025-07-17T21:38:38.606000+00:00");
    assert_eq!(items[1]["title"], "Maglemosian culture");

    let sources = fixture("web-sources.json");
    let args = [
        response.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.stderr.contains(
            "1 passage of the model's narration around its tool calls (\"Let me search…\") is kept"
        ),
        "{}",
        done.stderr
    );
    // The model's narration before the tool call is a comment, no claim
    // (it was an `ungrounded-claim`).
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// Search results sent with the request: one with a URL as its source,
/// one with an internal source described by the documents file.
#[test]
fn search_result_citations_take_their_source() {
    let dir = tempfile::tempdir().unwrap();
    let response = fixture("anthropic-search-results.json");
    let args = [response.as_os_str()];
    import(dir.path(), &args)
        .refused("the search result \"kb://internal/timeouts\" has no http(s) URL");
    let docs = fixture("anthropic-search-results-documents.json");
    let sources = fixture("web-sources.json");
    let args = [
        response.as_os_str(),
        "--documents".as_ref(),
        docs.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    let items = done.items();
    assert_eq!(
        items[0]["id"],
        evidence_core::store::cid("https://docs.example.com/product-guide")
    );
    assert_eq!(items[1]["id"], "ev_kb_timeouts_r2-3");
    assert_eq!(items[1]["cited_text"], "The default timeout is 30 seconds.");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// Web search `cited_text` and titles carry the scraped page's character
/// references (`Bankman-Fried&#x27;s`): they are decoded once at import,
/// so the store holds what the page read, and the page shows it escaped
/// once (not `&#x27;`); a decoded `<b>` stays text.
#[test]
fn web_search_character_references_are_decoded_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = "https://news.example.com/trial";
    let response = serde_json::json!({"content": [
        {"type": "server_tool_use", "id": "srv_1", "name": "web_search", "input": {"query": "trial"}},
        {"type": "web_search_tool_result", "tool_use_id": "srv_1", "content": [
            {"type": "web_search_result", "url": url, "title": "Bankman-Fried&#x27;s trial &amp; &#26481;&#20140;", "page_age": "March 28, 2024"}]},
        {"type": "text", "text": "Bankman-Fried's sentence was 25 years \u{1f4c5}.", "citations": [{
            "type": "web_search_result_location", "url": url,
            "title": "Bankman-Fried&#x27;s trial &amp; &#26481;&#20140;",
            "cited_text": "Bankman-Fried&#x27;s sentence: 25&nbsp;years &lt;b&gt;in prison&lt;/b&gt;; &amp;#x27; stays.",
            "encrypted_index": "x"}]},
    ]});
    let path = crate::common::import::write_json(dir.path(), "trial.json", &response);
    let sources = crate::common::import::sources_for(dir.path(), &["news.example.com"]);
    let args: [&std::ffi::OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    let item = &done.items()[0];
    assert_eq!(item["title"], "Bankman-Fried's trial & 東京");
    assert_eq!(
        item["cited_text"],
        "Bankman-Fried's sentence: 25\u{a0}years <b>in prison</b>; &#x27; stays."
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let html = book.html("answer.md");
    assert!(!html.contains("&amp;#x27;s"), "shown escaped once");
    assert!(!html.contains("<b>in prison"), "a decoded tag stays text");
    assert!(html.contains("trial &amp; 東京"), "{html}");
}
