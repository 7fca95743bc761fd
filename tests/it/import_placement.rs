//! Where an import puts its markers: a citation covering several
//! paragraphs or list items marks each of them, and a citation the
//! response gives no place in the answer marks nothing (refused when no
//! citation has one). Through the import and a real mdBook build.

use crate::common::import::{assert_published, build, import, sources_for, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;
use std::path::Path;

/// The document the list answer cites, in non-ASCII text: a combining
/// accent, a no-break space, CJK, an RTL mark and an emoji.
const REPORT: &str = "Tokyo prices rose 4.4% in 2025. Cafe\u{301} prices in Paris held at 3\u{a0}€. Rents in Zürich rose 2% 📈. Wages in Osaka fell 1%. 東京の賃金は2%上昇した。\u{200f}Prices in Haifa rose 3%.";

fn documents(dir: &Path) -> std::path::PathBuf {
    write_json(
        dir,
        "documents.json",
        &json!({"documents": [{
            "source_id": "prices_office", "publisher": "Prices Office", "tier": 1,
            "url": "https://prices.example.org/2025", "title": "Prices 2025",
            "published_at": "2026-01-15T00:00:00Z", "text": REPORT,
        }]}),
    )
}

/// A `char_location` citation of the characters of `REPORT` holding
/// `from` up to and including `to`.
fn cites(from: &str, to: &str) -> Value {
    let start = REPORT.find(from).unwrap();
    let end = REPORT.find(to).unwrap() + to.len();
    json!([{
        "type": "char_location", "cited_text": &REPORT[start..end], "document_index": 0,
        "document_title": "Prices 2025",
        "start_char_index": REPORT[..start].chars().count(),
        "end_char_index": REPORT[..end].chars().count(),
    }])
}

/// A fully cited Claude answer that is a list and two paragraphs: each
/// text block is one citation, and each list item and paragraph of it is
/// marked (the marker used to land after the last one only, and every
/// other item failed `ungrounded-claim`).
#[test]
fn a_citation_of_several_list_items_or_paragraphs_marks_each() {
    let dir = tempfile::tempdir().unwrap();
    let response = json!({"role": "assistant", "type": "message", "content": [
        {"type": "text", "text": "Based on the report:\n\n"},
        {"type": "text", "text": "- Tokyo prices rose 4.4% in 2025.\n- Cafe\u{301} prices in Paris held at 3\u{a0}€.\n- Rents in **Zürich** rose 2% 📈.",
         "citations": cites("Tokyo", "📈.")},
        {"type": "text", "text": "\n\nWages in Osaka fell 1%.\n\n東京の賃金は2%上昇した。\n\n\u{200f}Prices in Haifa rose 3%.",
         "citations": cites("Wages", "Haifa rose 3%.")},
    ]});
    let path = write_json(dir.path(), "list.json", &response);
    let docs = documents(dir.path());
    let args: [&OsStr; 3] = [path.as_os_str(), "--documents".as_ref(), docs.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "Based on the report:\n\n- Tokyo prices rose 4.4% in 2025. [1]\n- Cafe\u{301} prices in Paris held at 3\u{a0}€. [1]\n- Rents in **Zürich** rose 2% 📈. [1]\n\nWages in Osaka fell 1%. [2]\n\n東京の賃金は2%上昇した。 [2]\n\n\u{200f}Prices in Haifa rose 3%. [2]\n"
    );
    assert!(
        done.stderr
            .contains("imported 2 citations as 2 evidence items"),
        "{}",
        done.stderr
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// A citation inside one paragraph still marks only where it ends, and a
/// heading or code block inside a cited block takes no marker.
#[test]
fn a_citation_within_a_paragraph_marks_its_end_only() {
    let dir = tempfile::tempdir().unwrap();
    let response = json!({"content": [
        {"type": "text", "text": "## Prices\n\n"},
        {"type": "text", "text": "Tokyo prices rose 4.4% in 2025", "citations": cites("Tokyo", "2025")},
        {"type": "text", "text": ", the report says.\n\n"},
        {"type": "text", "text": "## Wages\n\n```\nwages -1%\n```\n\nWages in Osaka fell 1%.",
         "citations": cites("Wages", "fell 1%.")},
    ]});
    let path = write_json(dir.path(), "inline.json", &response);
    let docs = documents(dir.path());
    let args: [&OsStr; 3] = [path.as_os_str(), "--documents".as_ref(), docs.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "## Prices\n\nTokyo prices rose 4.4% in 2025 [1], the report says.\n\n## Wages\n\n```\nwages -1%\n```\n\nWages in Osaka fell 1%. [2]\n"
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// Responses whose citations say no place in the answer: refused, naming
/// what was found and how to get positions, rather than every marker piled
/// onto the last paragraph (an xAI answer's "let me know!" got 20).
#[test]
fn citations_without_a_position_mark_no_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let annotation = |url: &str| json!({"type": "url_citation", "url": url, "title": "Prix"});
    let unplaced = json!({"output": [{"type": "message", "role": "assistant", "content": [{
        "type": "output_text",
        "text": "Le café coûte 3\u{a0}€ à Paris.\n\nLet me know if you need more!",
        "annotations": [annotation("https://www.example.fr/a"), annotation("https://www.example.fr/b")],
    }]}]});
    let path = write_json(dir.path(), "unplaced.json", &unplaced);
    import(dir.path(), &[path.as_os_str()]).refused(
        "this OpenAI Responses API response cites 2 sources but says of none of them where in the answer it is used, so no sentence can be marked as cited",
    );

    let gemini = json!({"candidates": [{
        "content": {"role": "model", "parts": [{"text": "東京は晴れ 🌤。"}]},
        "groundingMetadata": {"groundingChunks": [{"web": {"uri": "https://www.jma.go.jp/", "title": "jma.go.jp"}}]},
    }]});
    let path = write_json(dir.path(), "gemini.json", &gemini);
    import(dir.path(), &[path.as_os_str()]).refused(
        "the positions are `groundingSupports` naming the chunk in `groundingChunkIndices`",
    );

    // With one placed citation, the other is listed and marks nothing.
    let mut mixed = unplaced.clone();
    let text = "Le café coûte 3\u{a0}€ à Paris.";
    mixed["output"][0]["content"][0]["text"] = text.into();
    mixed["output"][0]["content"][0]["annotations"][0]["start_index"] = 0.into();
    mixed["output"][0]["content"][0]["annotations"][0]["end_index"] = text.chars().count().into();
    let path = write_json(dir.path(), "mixed.json", &mixed);
    let sources = sources_for(dir.path(), &["example.fr"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(done.chapter(), "Le café coûte 3\u{a0}€ à Paris. [1]\n");
    assert!(
        done.stderr.contains("1 citation says no place in the answer, so it marks no sentence: its item is in the store fragment and the chapter's citation list (numbered after the cited ones), not in its References"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.store()["chapters"]["answer.md"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// The model's narration around its tool calls ("Let me search…", before
/// the first and between two) is kept in its place as an HTML comment, so
/// it is no claim; what it holds cannot end the comment early (`-->`) or
/// be expanded by mdBook (`{{#include}}`), and the cited answer builds
/// with nothing reported.
#[test]
fn narration_around_tool_calls_is_a_comment_and_no_claim() {
    let dir = tempfile::tempdir().unwrap();
    let url = "https://www.example.jp/prices";
    let search = |id: &str| {
        json!([
            {"type": "server_tool_use", "id": id, "name": "web_search", "input": {"query": "東京 物価"}},
            {"type": "web_search_tool_result", "tool_use_id": id, "content": [
                {"type": "web_search_result", "url": url, "title": "東京の物価 📈", "page_age": "2026-01-15"}]},
        ])
    };
    let hostile = "Let me search 🔎 for Cafe\u{301} prices --> <script>x()</script> {{#include /etc/passwd}} [EVID:x] [3]\u{a0}…";
    let mut content = vec![json!({"type": "text", "text": hostile})];
    content.extend(search("s1").as_array().unwrap().iter().cloned());
    content.push(json!({"type": "text", "text": "\u{200f}Now the wages."}));
    content.extend(search("s2").as_array().unwrap().iter().cloned());
    content.push(
        json!({"type": "text", "text": "Tokyo prices rose 4.4% in 2025.", "citations": [{
        "type": "web_search_result_location", "url": url, "title": "東京の物価 📈",
        "cited_text": "Tokyo prices rose 4.4% in 2025.", "encrypted_index": "x"}]}),
    );
    let path = write_json(
        dir.path(),
        "narrated.json",
        &json!({"role": "assistant", "content": content}),
    );
    let sources = sources_for(dir.path(), &["example.jp"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "<!-- narration around a tool call, not part of the answer:\nLet me search 🔎 for Cafe\u{301} prices -\u{2060}-> <script>x()</script> {\u{2060}{#include /etc/passwd}} [EVID:x] [3]\u{a0}…\n-->\n\n<!-- narration around a tool call, not part of the answer:\n\u{200f}Now the wages.\n-->\n\nTokyo prices rose 4.4% in 2025. [1]\n"
    );
    assert!(
        done.stderr.contains(
            "2 passages of the model's narration around its tool calls (\"Let me search…\") are kept as HTML comments, not as claims"
        ),
        "{}",
        done.stderr
    );
    let (book, run) = build(&done, "");
    assert_published(&run, &[]);
    let html = book.html("answer.md");
    assert!(!html.contains("root:"), "nothing included");
    let after = html.split("Now the wages.").nth(1).unwrap_or_default();
    let script = html.find("<script>x()").expect("kept in the comment");
    let opened = html[..script].rfind("<!--").expect("a comment before it");
    assert!(
        html[opened..script].starts_with("<!-- narration") && !html[opened..script].contains("-->"),
        "the script stays inside the comment: {}",
        &html[opened..]
    );
    assert!(after.contains("Tokyo prices rose 4.4% in 2025."), "{html}");
}

/// An OpenAI Responses answer that narrates before its search ("Je vais
/// chercher…", an uncited message before a `web_search_call`): the
/// narration is a comment, the cited answer after the call builds clean.
#[test]
fn openai_narration_before_a_search_call_is_a_comment() {
    let dir = tempfile::tempdir().unwrap();
    let url = "https://www.example.jp/prices";
    let text = "東京の物価は4.4%上昇した 📈。";
    let message = |text: &str, annotations: Value| {
        json!({"type": "message", "role": "assistant", "content": [
            {"type": "output_text", "text": text, "annotations": annotations}]})
    };
    let response = json!({"object": "response", "output": [
        message("Je vais chercher les prix à Tōkyō 🔎…", json!([])),
        {"type": "web_search_call", "id": "ws_1", "status": "completed"},
        message(text, json!([{"type": "url_citation", "url": url, "title": "東京の物価",
            "start_index": 0, "end_index": text.chars().count()}])),
    ]});
    let path = write_json(dir.path(), "narrated-openai.json", &response);
    let sources = sources_for(dir.path(), &["example.jp"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        format!(
            "<!-- narration around a tool call, not part of the answer:\nJe vais chercher les prix à Tōkyō 🔎…\n-->\n\n{text} [1]\n"
        )
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
}

/// An OpenAI Responses answer of thousands of `url_citation` annotations
/// (offsets in characters) in non-ASCII text, each spanning the model's
/// own link after its sentence: every link becomes its marker, numbered
/// in order, and every page an item (issue 40: each annotation's offsets
/// were found by walking the text from its start, so that 20,000 took
/// minutes; `bench/run --only import` times it).
#[test]
fn an_answer_of_thousands_of_annotations_imports_each_in_place() {
    const N: usize = 3_000;
    let dir = tempfile::tempdir().unwrap();
    let (mut text, mut chars, mut annotations) = (String::new(), 0, Vec::new());
    for i in 0..N {
        // A full-width digit, an ideographic and a no-break space, CJK and
        // an emoji (two UTF-16 units): characters, bytes and UTF-16 units
        // all differ.
        let sentence =
            format!("Payrolls in 東京 grew ９\u{3000}% 😀 to {i}\u{a0}000 jobs, the desk said. ");
        let url = format!("https://site{i}.example.org/story");
        let link = format!("([site{i}.example.org]({url}))");
        let start = chars + sentence.chars().count();
        let end = start + link.chars().count();
        let after = if i % 10 == 9 { "\n\n" } else { " " };
        text.push_str(&sentence);
        text.push_str(&link);
        text.push_str(after);
        chars = end + after.chars().count();
        annotations.push(
            json!({"type": "url_citation", "start_index": start, "end_index": end,
                                "url": url, "title": format!("Story {i} in 大阪")}),
        );
    }
    let response = json!({"id": "resp_many", "object": "response", "status": "completed",
        "output": [{"type": "message", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": text, "annotations": annotations}]}]});
    let path = write_json(dir.path(), "many.json", &response);
    let done = import(dir.path(), &[path.as_os_str()]).ok();
    let chapter = done.chapter.as_deref().unwrap();
    let numbers: Vec<usize> = chapter
        .match_indices("the desk said. [")
        .map(|(at, m)| {
            let rest = &chapter[at + m.len()..];
            rest[..rest.find(']').unwrap()].parse().unwrap()
        })
        .collect();
    assert_eq!(numbers, (1..=N).collect::<Vec<_>>());
    assert!(!chapter.contains("]("), "a link stayed");
    assert_eq!(chapter.matches("\u{a0}000 jobs").count(), N);
    let store = done.store.as_deref().unwrap();
    assert_eq!(store.matches("\"url\": \"https://site").count(), N);
}
