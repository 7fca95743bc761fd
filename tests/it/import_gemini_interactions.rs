//! `mdbook-evidence import` on Gemini Interactions API responses: the
//! current `steps[]` shape and the earlier `outputs[]` one (as vercel/ai's
//! recorded `google-search.json` has it), the smallest responses of each,
//! through the import and a real mdBook build.

use crate::common::import::{assert_published, build, import, sources_for, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;

/// A `url_citation` of the bytes of `cited` in `text`.
fn bytes_of(text: &str, cited: &str, kind: &str, url: &str) -> Value {
    let start = text.find(cited).unwrap();
    json!({"type": kind, "url": url, "start_index": start, "end_index": start + cited.len()})
}

/// `steps[]`: the thought is left out, the narration before the search
/// call is a comment, each annotation (UTF-8 bytes, over CJK, an emoji, a
/// combining accent and a no-break space) marks where it ends; a URL
/// citation takes its title from the search result, a place citation its
/// name, a file citation its documents entry and page.
#[test]
fn gemini_interactions_steps_cite_by_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let text = "東京の物価は4.4%上昇した 📈。Cafe\u{301} prices held at 3\u{a0}€ near \u{200f}Shuk HaCarmel.\n\nWages rose 2%.";
    let (jp, place) = (
        "https://www.example.jp/prices",
        "https://maps.google.com/?cid=42",
    );
    let mut url = bytes_of(text, "東京の物価は4.4%上昇した 📈。", "url_citation", jp);
    url.as_object_mut().unwrap().remove("title");
    let mut shuk = bytes_of(
        text,
        "Cafe\u{301} prices held at 3\u{a0}€ near \u{200f}Shuk HaCarmel.",
        "place_citation",
        place,
    );
    shuk["name"] = "\u{200f}שוק הכרמל".into();
    let wages = text.find("Wages rose 2%.").unwrap();
    let file = json!({"type": "file_citation", "file_name": "wages-2025.pdf", "page_number": 3,
        "start_index": wages, "end_index": wages + "Wages rose 2%.".len()});
    let interaction = json!({
        "id": "v1_steps", "object": "interaction", "status": "completed", "model": "gemini-3-flash",
        "steps": [
            {"type": "thought", "summary": [{"type": "text", "text": "I should search."}]},
            {"type": "model_output", "content": [{"type": "text", "text": "検索します。"}]},
            {"type": "google_search_call", "id": "g1", "arguments": {"queries": ["東京 物価"]}},
            {"type": "google_search_result", "call_id": "g1", "result": [{"url": jp, "title": "東京の物価 2025"}]},
            {"type": "model_output", "content": [{"type": "text", "text": text, "annotations": [url, shuk, file]}]},
        ],
    });
    let path = write_json(dir.path(), "steps.json", &interaction);
    let docs = write_json(
        dir.path(),
        "documents.json",
        &json!({"documents": [{"key": "wages-2025.pdf", "source_id": "wages_office", "publisher": "Wages Office",
            "tier": 1, "url": "https://wages.example.org/2025.pdf", "title": "Wages 2025",
            "published_at": "2026-01-15T00:00:00Z"}]}),
    );
    let sources = sources_for(dir.path(), &["example.jp", "maps.google.com"]);
    let args: [&OsStr; 5] = [
        path.as_os_str(),
        "--documents".as_ref(),
        docs.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.stderr.contains("(Gemini Interactions API response)"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.chapter(),
        "<!-- narration around a tool call, not part of the answer:\n検索します。\n-->\n\n東京の物価は4.4%上昇した 📈。 [1] Cafe\u{301} prices held at 3\u{a0}€ near \u{200f}Shuk HaCarmel. [2]\n\nWages rose 2%. [3]\n"
    );
    let items = done.items();
    assert_eq!(items[0]["title"], "東京の物価 2025");
    assert_eq!(items[1]["title"], "\u{200f}שוק הכרמל");
    assert_eq!(items[2]["id"], "ev_doc0_p3-4");
    assert_eq!(items[2]["title"], "Wages 2025, p. 3");
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    // Offsets past the block, and a file no documents entry names.
    let mut past = interaction.clone();
    past["steps"][4]["content"][0]["annotations"][0]["end_index"] = (text.len() + 5).into();
    let path = write_json(dir.path(), "past.json", &past);
    let mut args = args;
    args[0] = path.as_os_str();
    import(dir.path(), &args).refused("`steps[4].content[0].annotations[0]`: ");
    let path = write_json(dir.path(), "nodocs.json", &interaction);
    let nodocs: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    import(dir.path(), &nodocs).refused(
        "`steps[4].content[0].annotations[2]`: the cited file \"wages-2025.pdf\" has no http(s) URI; describe it in a documents file with \"key\": \"wages-2025.pdf\"",
    );
}

/// `outputs[]`, the earlier shape (vercel/ai `google-search.json`): a
/// search call, its results, and a `text` item with a `url_citation`;
/// without offsets an annotation marks nothing and the import is refused.
#[test]
fn gemini_interactions_outputs_are_read_too() {
    let dir = tempfile::tempdir().unwrap();
    let url = "https://example.com/article-1";
    let text = "Last week, two notable AI developments were reported 🤖.";
    let interaction = json!({
        "id": "v1_outputs", "status": "completed", "object": "interaction", "role": "model",
        "outputs": [
            {"type": "thought", "signature": "sig"},
            {"type": "google_search_call", "id": "g1", "arguments": {"queries": ["AI news"]}},
            {"type": "google_search_result", "call_id": "g1", "result": [
                {"url": url, "title": "Notable AI Development From Last Week"},
                {"search_suggestions": "<div class=\"google-search-suggestions\">…</div>"}]},
            {"type": "text", "text": text, "annotations": [
                {"type": "url_citation", "url": url, "title": "Notable AI Development From Last Week",
                 "start_index": 0, "end_index": text.len()}]},
        ],
    });
    let path = write_json(dir.path(), "outputs.json", &interaction);
    let sources = sources_for(dir.path(), &["example.com"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(done.chapter(), format!("{text} [1]\n"));
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    let mut unplaced = interaction.clone();
    for key in ["start_index", "end_index"] {
        unplaced["outputs"][3]["annotations"][0]
            .as_object_mut()
            .unwrap()
            .remove(key);
    }
    let path = write_json(dir.path(), "unplaced.json", &unplaced);
    import(dir.path(), &[path.as_os_str()]).refused(
        "this Gemini Interactions API response cites 1 source but does not say where in the answer it is used",
    );
}
