//! `mdbook-evidence import` on Perplexity Agent API responses (the
//! successor of Sonar chat): the recorded vercel/ai response and the
//! smallest responses of its shape, through the import and a real mdBook
//! build.

use crate::common::import::{
    assert_published, build, import, main_html, sample, sources_for, write_json,
};
use evidence_core::store::{cid, normalize_url};
use serde_json::json;
use std::ffi::OsStr;

fn page_id(url: &str) -> String {
    cid(&normalize_url(url).unwrap())
}

/// The recorded Agent API response: recognised before OpenAI Responses
/// (its object is Responses-like), its `search_results` numbered by `id`
/// become the chapter's list, and the answer's own `[7]` stays and cites
/// result 7.
#[test]
fn perplexity_agent_search_results_are_the_chapters_citation_list() {
    let Some(response) = sample("perplexity-agent-web_search") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sources = sources_for(
        dir.path(),
        &[
            "typescriptlang.org",
            "wikipedia.org",
            "devblogs.microsoft.com",
        ],
    );
    let args: [&OsStr; 3] = [
        response.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.stderr.contains("(Perplexity Agent API response)"),
        "{}",
        done.stderr
    );
    assert!(
        done.chapter()
            .ends_with("builds on JavaScript with syntax for types.[7]\n"),
        "{}",
        done.chapter()
    );
    let store = done.store();
    let list = store["chapters"]["answer.md"].as_array().unwrap();
    assert_eq!(list.len(), 10, "every result keeps its number");
    assert_eq!(list[6], page_id("https://www.typescriptlang.org/").as_str());
    let items = done.items();
    assert_eq!(items[0]["published_at"], "2006-11-28T00:00:00Z", "`date`");
    assert_eq!(
        items[6]["title"],
        "TypeScript: JavaScript With Syntax For Types."
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let main = main_html(&book, "answer.md");
    assert!(
        main.contains("TypeScript: JavaScript With Syntax For Types."),
        "{main}"
    );

    // Named as Perplexity it is read the same; named as OpenAI it is refused.
    let named: [&OsStr; 2] = ["openai".as_ref(), response.as_os_str()];
    import(dir.path(), &named)
        .refused("OpenAI was named, but this is a Perplexity Agent API response");
}

/// The smallest Agent API response of that shape, in non-ASCII text: ids
/// that do not start at 1 are numbered in order, the markers follow, two
/// messages stay two paragraphs, a marker naming no id is refused.
#[test]
fn perplexity_agent_markers_name_result_ids() {
    let dir = tempfile::tempdir().unwrap();
    let result = |id: u64, url: &str, title: &str| {
        let snippet = "東京は晴れ。Cafe\u{301} prices held steady in March.";
        json!({"id": id, "url": url, "title": title, "snippet": snippet, "date": "2026-03-01", "source": "web"})
    };
    let response = json!({
        "object": "response",
        "output": [
            {"type": "search_results", "queries": ["東京"], "results": [
                result(3, "https://www.jma.go.jp/tokyo", "東京の天気 🌤"),
                result(5, "https://news.example.il/weather", "\u{200f}מזג אוויר\u{200f}"),
            ]},
            {"type": "message", "role": "assistant", "status": "completed", "content": [
                {"type": "output_text", "annotations": [], "text": "東京は晴れ\u{a0}🌤 [3]."},
            ]},
            {"type": "message", "role": "assistant", "content": [
                {"type": "output_text", "annotations": [], "text": "Cafe\u{301} prices held steady [5][3]."},
            ]},
        ],
    });
    let path = write_json(dir.path(), "agent.json", &response);
    let sources = sources_for(dir.path(), &["jma.go.jp", "news.example.il"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "東京は晴れ\u{a0}🌤 [1].\n\nCafe\u{301} prices held steady [2][1].\n"
    );
    assert_eq!(done.items()[1]["title"], "\u{200f}מזג אוויר\u{200f}");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    // The bare `output` list a client hands over is read too.
    let bare = write_json(dir.path(), "output.json", &response["output"]);
    let args: [&OsStr; 3] = [bare.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    assert_eq!(import(dir.path(), &args).ok().chapter(), done.chapter());

    let mut broken = response.clone();
    broken["output"][1]["content"][0]["text"] = "東京は晴れ [4].".into();
    let path = write_json(dir.path(), "broken.json", &broken);
    import(dir.path(), &[path.as_os_str()]).refused(
        "the answer cites [4] (byte 16 of the message's output_text), but no search result has id 4 (the response lists ids 3, 5)",
    );
}
