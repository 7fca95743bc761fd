//! `mdbook-evidence import` on xAI Responses API responses (OpenAI's
//! shape): recognised as xAI, inline citations (`[[N]](url)` with
//! character offsets) imported where they are, and a response without
//! positions refused saying how xAI gives them, never every marker piled
//! onto the last paragraph. The smallest responses of the shape xAI
//! documents, through the import and a real mdBook build.

use crate::common::import::{assert_published, build, import, sources_for, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;

/// An xAI response whose one message is `text` with `annotations`.
fn response(text: &str, annotations: Value) -> Value {
    json!({
        "id": "25de2f84", "object": "response", "model": "grok-4-fast-reasoning",
        "output": [
            {"type": "web_search_call", "id": "fc_1", "name": "web_search", "status": "completed",
             "arguments": "{\"query\":\"東京 物価\"}"},
            {"type": "message", "role": "assistant", "status": "completed", "content": [
                {"type": "output_text", "text": text, "logprobs": [], "annotations": annotations}]},
        ],
        "usage": {"input_tokens": 10, "output_tokens": 20, "num_sources_used": 0, "num_server_side_tools_used": 1},
        "status": "completed",
    })
}

/// The annotation of the inline citation `[[n]](url)` in `text`, counted
/// in characters.
fn inline(text: &str, n: u32, url: &str) -> Value {
    let link = format!("[[{n}]]({url})");
    let at = text.find(&link).unwrap();
    let start = text[..at].chars().count();
    json!({"type": "url_citation", "url": url, "title": format!("source {n}"),
           "start_index": start, "end_index": start + link.chars().count()})
}

#[test]
fn xai_inline_citations_are_markers_where_the_model_put_them() {
    let dir = tempfile::tempdir().unwrap();
    let (jp, fr) = (
        "https://www.example.jp/prices",
        "https://news.example.fr/prix",
    );
    let text = format!(
        "東京の物価は4.4%上昇した [[1]]({jp})。Cafe\u{301} prices in Paris held at 3\u{a0}€ 📈 [[2]]({fr}).\n\n\u{200f}Prices rose in both [[1]]({jp})[[2]]({fr})."
    );
    let annotations = json!([inline(&text, 1, jp), inline(&text, 2, fr)]);
    let mut all = annotations.as_array().unwrap().clone();
    // The third and fourth: the two links of the last sentence.
    let last = text.rfind("[[1]]").unwrap();
    for (n, url) in [(1, jp), (2, fr)] {
        let mut a = inline(&text[last..], n, url);
        let shift = text[..last].chars().count() as u64;
        for key in ["start_index", "end_index"] {
            a[key] = (a[key].as_u64().unwrap() + shift).into();
        }
        all.push(a);
    }
    let path = write_json(dir.path(), "xai.json", &response(&text, Value::Array(all)));
    let sources = sources_for(dir.path(), &["example.jp", "example.fr"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.stderr.contains("(xAI Responses API response)"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.chapter(),
        "東京の物価は4.4%上昇した [1]。Cafe\u{301} prices in Paris held at 3\u{a0}€ 📈 [2].\n\n\u{200f}Prices rose in both [1][2].\n"
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    let named: [&OsStr; 4] = [
        "openai".as_ref(),
        path.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    import(dir.path(), &named)
        .refused("OpenAI was named, but this is an xAI Responses API response");
}

/// The recorded shape of an xAI answer without inline citations (vercel/ai
/// `xai-web-search-tool.1.json`: five annotations of URL alone): refused,
/// saying how xAI gives positions, rather than five markers on "let me
/// know for more details on that!".
#[test]
fn xai_citations_without_positions_are_refused_saying_how_to_get_them() {
    let dir = tempfile::tempdir().unwrap();
    let urls = [
        "https://x.ai/company",
        "https://x.ai/",
        "https://www.owkin.com/xai",
    ];
    let annotations: Vec<Value> = urls
        .iter()
        .map(|url| json!({"type": "url_citation", "url": url}))
        .collect();
    let text = "xAI は2023年7月に設立された 🚀。\n\nIf you meant Explainable AI, let me know for more details on that!";
    let path = write_json(
        dir.path(),
        "plain.json",
        &response(text, json!(annotations)),
    );
    import(dir.path(), &[path.as_os_str()]).refused(
        "this xAI Responses API response cites 3 sources but says of none of them where in the answer it is used, so no sentence can be marked as cited (markers piled on one paragraph would claim what the response does not); xAI places citations with inline citations (`[[N]](url)` links in the text, annotations with `start_index` and `end_index`)",
    );
}
