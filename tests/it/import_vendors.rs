//! `mdbook-evidence import` on OpenAI, Gemini, Perplexity and Cohere
//! responses (recorded ones from the corpus, documented shapes from
//! tests/fixtures/import), vendor recognition, and each vendor's offset
//! unit on non-ASCII text; each through the import and a real mdBook build.

use crate::common::import::{
    Imported, assert_published, build, fixture, import, main_html, rules, sample,
};
use evidence_core::store::{cid, normalize_url};
use std::ffi::OsStr;
use std::path::Path;

fn args<'a>(response: &'a Path, rest: &[&'a OsStr]) -> Vec<&'a OsStr> {
    std::iter::once(response.as_os_str())
        .chain(rest.iter().copied())
        .collect()
}

fn with_sources(dir: &Path, response: &Path, rest: &[&OsStr]) -> Imported {
    let sources = fixture("web-sources.json");
    let mut all = args(response, rest);
    all.extend(["--sources".as_ref(), sources.as_os_str()]);
    import(dir, &all).ok()
}

fn page_id(url: &str) -> String {
    cid(&normalize_url(url).unwrap())
}

/// The prism-php/prism Responses API web search response: the model's own
/// `([metcheck.com](…))` link is replaced by the marker, which stays with
/// the sentence before it; the URL is kept as given (`utm_source=openai`),
/// its id the cid of the normalized URL. The offsets are characters (the
/// text holds U+202F, so bytes would miss the link).
#[test]
fn openai_responses_url_citations_replace_the_models_own_links() {
    let Some(response) = sample("openai-responses-url_citation") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let done = with_sources(dir.path(), &response, &[]);
    let chapter = done.chapter();
    assert!(
        chapter.contains(
            "with minimal chances of precipitation throughout the day. [1]\n\nPlease note"
        ),
        "{chapter}"
    );
    assert!(!chapter.contains("([metcheck.com]"), "{chapter}");
    let item = &done.items()[0];
    let url = "https://www.metcheck.com/WEATHER/dayforecast.asp?dateFor=07%2F06%2F2025&lat=51.508500&location=London&locationID=2364784&lon=-0.125700&utm_source=openai";
    assert_eq!(item["url"], url);
    assert_eq!(item["id"], page_id(url));
    assert_eq!(
        item["title"],
        "What will the weather be like in London on 09 July 2025"
    );
    let (_, run) = build(&done, "mode = \"warn\"");
    // The hourly forecast the model gives cites nothing: each line is an
    // ungrounded claim, and the chapter of 16 claims misses the coverage
    // and diversity targets (one item cited); the cited paragraph resolves.
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = [
        "ungrounded-claim",
        "low-citation-coverage",
        "low-source-diversity",
    ];
    assert!(
        rules(&run).iter().all(|r| expected.contains(&r.as_str())),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("src/answer.md:20:"), "{}", run.stderr);

    let Some(response) = sample("openai-responses-url_citation-open_page") else {
        return;
    };
    let done = with_sources(dir.path(), &response, &[]);
    assert!(
        done.chapter()
            .contains("(provider overview context) [2]  \n- OpenAI appears"),
        "{}",
        done.chapter()
    );
    assert_eq!(done.items().len(), 2, "four annotations of two pages");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// Chat Completions `message.annotations`: characters counted over Chinese
/// text and an emoji (UTF-16 would count it twice, bytes four times); a
/// link that is not the site's name is kept, the marker after it; an
/// annotation without offsets marks no sentence: its page is in the
/// chapter's citation list, and the import says so.
#[test]
fn openai_chat_annotations_count_characters() {
    let dir = tempfile::tempdir().unwrap();
    let done = with_sources(dir.path(), &fixture("openai-chat-annotations.json"), &[]);
    assert_eq!(
        done.chapter(),
        "上海乐高乐园 🎢 opened on 5 July 2025 in Jinshan District. [1]\n\nTickets cost 319 yuan on weekdays, according to [Xinhua](https://english.news.cn/lego) [2].\n"
    );
    assert!(
        done.stderr.contains(
            "1 citation says no place in the answer, so it marks no sentence: its item is"
        ),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.store()["chapters"]["answer.md"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let items = done.items();
    assert_eq!(
        items[0]["url"],
        "https://www.shanghai.gov.cn/lego?utm_source=openai"
    );
    assert_eq!(items[0]["id"], page_id("https://www.shanghai.gov.cn/lego"));
    assert_eq!(
        items[2]["snippet_span"]["text"],
        "Weekday tickets: 319 yuan."
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let main = main_html(&book, "answer.md");
    assert!(
        main.contains("[1] Shanghai Municipal People's Government. \"上海乐高乐园开园\". Published Jul 5, 2025."),
        "{main}"
    );
}

/// Responses `file_citation`: a position in the text and a file id, which
/// the `--files` map describes.
#[test]
fn openai_file_citations_take_their_files_map_entry() {
    let dir = tempfile::tempdir().unwrap();
    let response = fixture("openai-file-citation.json");
    import(dir.path(), &args(&response, &[])).refused(
        "file \"file-2dtbBZdjtDKS8eqWxqbgDi\" (deep_research_blog.pdf) is cited: describe it in a files map",
    );
    let files = fixture("openai-files.json");
    let done = import(
        dir.path(),
        &args(&response, &["--files".as_ref(), files.as_os_str()]),
    )
    .ok();
    assert_eq!(
        done.chapter(),
        "Deep research models cite their sources throughout the report. [1] The model can take tens of minutes per task. [1]\n"
    );
    assert_eq!(done.items()[0]["id"], "ev_deep_research");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// The prism-php/prism Google Search grounding response: redirect URLs
/// kept as given and tagged, the chunk's title naming the site.
#[test]
fn gemini_search_grounding_keeps_redirect_urls_and_marks_them() {
    let Some(response) = sample("gemini-groundingMetadata-google_search") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let done = with_sources(dir.path(), &response, &[]);
    assert!(
        done.chapter().starts_with("As of March 14, 2025, at 20:00 BST, the closing stock price for Alphabet Inc. (GOOG:NSQ) was $167.62. [1]\nHowever"),
        "{}",
        done.chapter()
    );
    let items = done.items();
    assert_eq!(items.len(), 4);
    for item in &items {
        assert!(
            item["url"]
                .as_str()
                .unwrap()
                .starts_with("https://vertexaisearch.cloud.google.com/grounding-api-redirect/")
        );
        assert_eq!(item["tags"], serde_json::json!(["redirect-url"]));
    }
    assert_eq!(items[0]["source_id"], "web:ft.com");
    assert_eq!(done.store()["sources"][0]["publisher"], "Financial Times");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// The gemini-cli multibyte test: segments count UTF-8 bytes
/// ('こんにちは!' is bytes 0..16, characters 0..6).
#[test]
fn gemini_segments_count_bytes() {
    let Some(response) = sample("gemini-groundingMetadata-multibyte") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let done = with_sources(dir.path(), &response, &[]);
    assert_eq!(done.chapter(), "こんにちは! [1] Gemini CLI✨️ [2][3]\n");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// The prism-php/prism file search response: a retrieved document without
/// a URL is refused, naming the key that describes it in a documents file.
#[test]
fn gemini_file_search_documents_come_from_the_documents_file() {
    let Some(response) = sample("gemini-groundingMetadata-file_search") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    import(dir.path(), &args(&response, &[])).refused(
        "the retrieved document \"Test PDF Document\" has no http(s) URL; describe it in a documents file with \"key\": \"Test PDF Document\"",
    );
    let docs = fixture("gemini-file-search-documents.json");
    let done = import(
        dir.path(),
        &args(&response, &["--documents".as_ref(), docs.as_os_str()]),
    )
    .ok();
    let item = &done.items()[0];
    assert_eq!(item["id"], "ev_test_pdf");
    assert_eq!(item["title"], "Test PDF Document");
    assert!(
        item["cited_text"]
            .as_str()
            .unwrap()
            .contains("Everything is 42.")
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// The vercel/ai Perplexity response: the answer's own `[N]` markers stay
/// and the response's `citations` become the chapter's list, uncited
/// entries included, so that every number means what the model meant.
#[test]
fn perplexity_markers_become_the_chapters_citation_list() {
    let Some(response) = sample("perplexity-citations") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let done = with_sources(dir.path(), &response, &[]);
    assert!(
        done.chapter()
            .contains("from authoritative U.S. data sources.[2][3][5][7]\n"),
        "{}",
        done.chapter()
    );
    let store = done.store();
    let list: Vec<&str> = store["chapters"]["answer.md"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap())
        .collect();
    assert_eq!(list.len(), 7);
    assert_eq!(
        list[4],
        page_id("https://fred.stlouisfed.org/series/CASANF0POP")
    );
    assert_eq!(
        done.items()[1]["title"],
        "en.wikipedia.org/wiki/San_Francisco",
        "the address stands in"
    );
    assert!(
        done.stderr
            .contains("7 cited pages have no title in the response"),
        "{}",
        done.stderr
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let main = main_html(&book, "answer.md");
    assert!(main.contains("Federal Reserve Bank of St. Louis"), "{main}");
}

/// `search_results` give titles, dates and snippets; a page listed twice
/// (once with a tracking parameter) is one item, its markers renumbered;
/// a reasoning preamble is dropped; a marker past the list is refused.
#[test]
fn perplexity_search_results_give_titles_and_dates() {
    let dir = tempfile::tempdir().unwrap();
    let response = fixture("perplexity-search-results.json");
    let done = with_sources(dir.path(), &response, &[]);
    assert_eq!(
        done.chapter(),
        "The ECB deposit rate is 2.00% since June 2025 [1]. Münchner Cafés erwarten stabile Preise [2].\n"
    );
    let items = done.items();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["title"], "Monetary policy decisions");
    assert_eq!(items[1]["published_at"], "2025-09-01T00:00:00Z");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    let mut broken: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&response).unwrap()).unwrap();
    broken["choices"][0]["message"]["content"] = "Rates fell [4].".into();
    let path = dir.path().join("broken.json");
    std::fs::write(&path, broken.to_string()).unwrap();
    import(dir.path(), &args(&path, &[])).refused("the answer cites [4] (byte 11 of choices[0].message.content), but the response lists 3 sources");
}

/// Cohere v2: spans count characters (French and Japanese text), checked
/// against the span's own text; a web document becomes a web item, a sent
/// one its documents file entry.
#[test]
fn cohere_citations_count_characters() {
    let dir = tempfile::tempdir().unwrap();
    let response = fixture("cohere-v2-citations.json");
    import(dir.path(), &args(&response, &[])).refused(
        "source \"doc:1\" (\"tokyo-prices.txt\") has no http(s) URL; describe it in a documents file with \"key\": \"doc:1\"",
    );
    let docs = fixture("cohere-documents.json");
    let done = with_sources(
        dir.path(),
        &response,
        &["--documents".as_ref(), docs.as_os_str()],
    );
    assert_eq!(
        done.chapter(),
        "Le café coûte 3 € à Paris. [1] 東京 prices rose 4.4% in 2025 [2].\n"
    );
    let items = done.items();
    assert_eq!(items[0]["id"], page_id("https://www.example.fr/cafe"));
    assert_eq!(
        items[0]["cited_text"],
        "À Paris, un café coûte en moyenne 3 €."
    );
    assert_eq!(items[1]["id"], "ev_tokyo_prices");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// The vendor is recognised, or named; an unknown shape, a named vendor
/// that does not fit, and a response without citations are refused with
/// what was found.
#[test]
fn shapes_are_recognised_and_the_unknown_refused() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, json: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, json).unwrap();
        path
    };
    let unknown = write("u.json", r#"{"answer": "x", "sources": []}"#);
    import(dir.path(), &args(&unknown, &[])).refused(
        "not a response this importer knows: found a JSON object with `answer`, `sources`",
    );
    let uncited = write(
        "n.json",
        r#"{"content": [{"type": "text", "text": "Hello."}]}"#,
    );
    import(dir.path(), &args(&uncited, &[]))
        .refused("this Anthropic Messages API response carries no citations");
    let response = fixture("cohere-v2-citations.json");
    let named = ["gemini".as_ref(), response.as_os_str()];
    import(dir.path(), &named).refused("Gemini was named, but this is a Cohere v2 chat response");
    let typo = ["cohre".as_ref(), response.as_os_str()];
    import(dir.path(), &typo).refused("unknown vendor `cohre`: did you mean `cohere`?");
    // The inner object a client library hands over is read too.
    let full: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&response).unwrap()).unwrap();
    let inner = write("m.json", &full["message"].to_string());
    let docs = fixture("cohere-documents.json");
    let done = import(
        dir.path(),
        &args(&inner, &["--documents".as_ref(), docs.as_os_str()]),
    );
    assert!(
        done.ok()
            .stderr
            .contains("imported 2 citations as 2 evidence items (Cohere v2 chat response)")
    );
}

/// Every row of the guide's format table (Importing from model APIs) names
/// a test of this suite that imports and builds; each named test exists.
#[test]
fn every_format_of_the_guides_table_has_a_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("guide/src/importing.md")).unwrap();
    let table = page
        .split("## What each format gives, and what to add")
        .nth(1)
        .expect("the guide has the format table");
    let mut tests = String::new();
    for entry in std::fs::read_dir(root.join("tests/it")).unwrap() {
        let path = entry.unwrap().path();
        if !path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("import"))
        {
            continue;
        }
        // A module split into parts (`import_round4/`) is a directory.
        let files = if path.is_dir() {
            std::fs::read_dir(&path)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect()
        } else {
            vec![path]
        };
        for file in files.iter().filter(|f| f.is_file()) {
            tests.push_str(&std::fs::read_to_string(file).unwrap());
        }
    }
    let rows: Vec<&str> = table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .collect();
    assert!(rows.len() >= 13, "{rows:?}");
    for row in rows {
        let tested_by = row.trim_end_matches('|').rsplit('|').next().unwrap();
        let names: Vec<&str> = tested_by
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|n| n.contains('_') && n.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .collect();
        let files: Vec<&str> = tested_by
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|n| n.ends_with(".rs"))
            .collect();
        assert!(
            !names.is_empty() || !files.is_empty(),
            "no test named in {row}"
        );
        for name in names {
            assert!(
                tests.contains(&format!("fn {name}(")),
                "no test `{name}` ({row})"
            );
        }
    }
}

/// `import --help` names every vendor whose answers it reads, in its
/// opening paragraph as in its argument list.
#[test]
fn the_help_names_every_vendor_read() {
    let out = std::process::Command::new(crate::common::binary())
        .args(["import", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let start = help.find("Reads the responses of").expect("the paragraph");
    let end = help[start..].find("\n\n").map_or(help.len(), |e| start + e);
    let words: Vec<&str> = help[start..end].split_whitespace().collect();
    let paragraph = words.join(" ");
    for vendor in [
        "Anthropic",
        "OpenAI",
        "Gemini",
        "Perplexity",
        "Cohere",
        "Bedrock",
        "xAI",
        "Mistral",
        "Groq compound",
        "Azure OpenAI On Your Data",
        "DashScope",
        "Tavily",
        "Exa",
        "You.com",
        "Brave",
        "Discovery Engine",
        "event streams",
    ] {
        assert!(paragraph.contains(vendor), "{vendor}: {paragraph}");
    }
}
