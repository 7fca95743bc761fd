//! `mdbook-evidence import` on Amazon Bedrock responses: Converse
//! `citationsContent` (the recorded vercel/ai responses of the corpus and
//! the smallest responses of each location's shape) and Knowledge Bases
//! RetrieveAndGenerate (the smallest response of the shape AWS documents),
//! each through the import and a real mdBook build.

use crate::common::import::{
    assert_published, build, import, main_html, sample, sources_for, write_json,
};
use evidence_core::store::{cid, normalize_url};
use serde_json::{Value, json};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// A documents file of `docs` (each a JSON object of extra fields) with the
/// required metadata filled in.
fn documents(dir: &Path, docs: &[Value]) -> PathBuf {
    let list: Vec<Value> = docs
        .iter()
        .enumerate()
        .map(|(i, extra)| {
            let mut doc = json!({
                "source_id": format!("doc_source_{i}"), "publisher": "Documents Office", "tier": 1,
                "url": format!("https://docs.example.org/{i}"), "published_at": "2026-01-15T00:00:00Z",
            });
            for (k, v) in extra.as_object().unwrap() {
                doc[k] = v.clone();
            }
            doc
        })
        .collect();
    write_json(dir, "documents.json", &json!({ "documents": list }))
}

/// The three recorded Converse responses: the cited sentence is the text
/// of the `citationsContent` block, marked after it; a page location is
/// titled with its page; the citation's `title` names a document the
/// documents file gives no title. Without the documents file, refused.
#[test]
fn bedrock_converse_citations_content_is_the_cited_text() {
    let names = [
        "bedrock-converse-citationsContent",
        "bedrock-converse-citationsContent-only",
        "bedrock-converse-anthropic-citations",
    ];
    let Some(samples) = names.iter().map(|n| sample(n)).collect::<Option<Vec<_>>>() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let docs = documents(dir.path(), &[json!({})]);
    let args = |response: &PathBuf| -> Vec<std::ffi::OsString> {
        vec![
            response.into(),
            "--documents".into(),
            docs.as_os_str().to_owned(),
        ]
    };
    let done = import(dir.path(), &args(&samples[0])).ok();
    assert!(
        done.stderr.contains("(Amazon Bedrock Converse response)"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.chapter(),
        "Based on the attached PDF, I cannot provide a definition of what the AI SDK is in one sentence because the document does not actually define or explain what the AI SDK is. The document only mentions that \"in the next section, you will learn about the difference between models providers and models, and which ones are available in the AI SDK,\" [1] but it does not provide any explanation of what the AI SDK itself is.\n"
    );
    let item = &done.items()[0];
    assert_eq!(item["id"], "ev_doc0_p1-2");
    assert_eq!(item["title"], "document-1, p. 1");
    assert!(
        item["cited_text"]
            .as_str()
            .unwrap()
            .starts_with("In the next section")
    );
    let (book, run) = build(&done, "mode = \"warn\"");
    // The first sentence is the model's own and cites nothing.
    assert_published(&run, &["ungrounded-claim"]);
    assert!(main_html(&book, "answer.md").contains("document-1, p. 1"));

    // The whole answer one cited block; the \u{a0} and \u{2019} of the quote
    // kept as the API gives them.
    let done = import(dir.path(), &args(&samples[1])).ok();
    assert!(
        done.chapter().ends_with("from their training data. [1]\n"),
        "{}",
        done.chapter()
    );
    assert!(
        done.items()[0]["cited_text"]
            .as_str()
            .unwrap()
            .contains("intelligence\u{a0}refers")
    );
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);
    let done = import(dir.path(), &args(&samples[2])).ok();
    assert_eq!(done.chapter(), "AI [1]\n");
    assert_eq!(done.items()[0]["title"], "ai, p. 1");

    import(dir.path(), &[&samples[0]]).refused(
        "`output.message.content[1].citationsContent.citations[0].location.documentPage.documentIndex`: document 0 was cited: describe the documents sent with the request in a documents file",
    );
}

/// The smallest Converse response of each location, in non-ASCII text: a
/// character location checked against the document's text, a web page, a
/// search result named by URL; a cited block that is a list marks each
/// item; the text before a tool call is narration, kept as a comment;
/// reasoning is left out. An empty `web` location and an unknown one are refused.
#[test]
fn bedrock_converse_locations_in_non_ascii_text() {
    let dir = tempfile::tempdir().unwrap();
    let source = "東京の物価は2025年に4.4%上昇した。Cafe\u{301} prices in Paris held at 3\u{a0}€.";
    let quote = "東京の物価は2025年に4.4%上昇した。";
    let docs = documents(
        dir.path(),
        &[json!({"title": "物価報告 2025", "text": source})],
    );
    let char_cite = json!({"title": "prices", "sourceContent": [{"text": quote}],
        "location": {"documentChar": {"documentIndex": 0, "start": 0, "end": quote.chars().count()}}});
    let web_cite = json!({"title": "\u{200f}מחירים בחיפה\u{200f}", "sourceContent": [{"text": "Prices in Haifa rose 3% 📈."}],
        "location": {"web": {"url": "https://news.example.il/prices", "domain": "news.example.il"}}});
    let search_cite = json!({"title": "Zürich rents", "source": "https://www.example.ch/mieten",
        "sourceContent": [{"text": "Rents in Zürich rose 2%."}],
        "location": {"searchResultLocation": {"searchResultIndex": 0, "start": 0, "end": 1}}});
    let response = json!({"output": {"message": {"role": "assistant", "content": [
        {"reasoningContent": {"reasoningText": {"text": "I should cite."}}},
        {"text": "調べます。"},
        {"toolUse": {"toolUseId": "t1", "name": "search", "input": {}}},
        {"citationsContent": {"content": [{"text": "東京の物価は4.4%上昇した"}], "citations": [char_cite]}},
        {"text": "、と報告は言う。\n\n"},
        {"citationsContent": {"content": [{"text": "- Haifa: +3% 📈\n- Zürich: +2%"}], "citations": [web_cite, search_cite]}},
    ]}}, "stopReason": "end_turn"});
    let path = write_json(dir.path(), "converse.json", &response);
    let sources = sources_for(dir.path(), &["news.example.il", "example.ch"]);
    let args: [&OsStr; 5] = [
        path.as_os_str(),
        "--documents".as_ref(),
        docs.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "<!-- narration around a tool call, not part of the answer:\n調べます。\n-->\n\n東京の物価は4.4%上昇した [1]、と報告は言う。\n\n- Haifa: +3% 📈 [2][3]\n- Zürich: +2% [2][3]\n"
    );
    let items = done.items();
    assert_eq!(
        items[0]["id"],
        format!("ev_doc0_c0-{}", quote.chars().count())
    );
    assert_eq!(items[0]["title"], "物価報告 2025");
    assert_eq!(
        items[1]["id"],
        cid(&normalize_url("https://news.example.il/prices").unwrap())
    );
    assert_eq!(items[1]["title"], "\u{200f}מחירים בחיפה\u{200f}");
    // 調べます。("I will look it up"), before the tool call, is narration:
    // a comment, no claim.
    let (_, run) = build(&done, "");
    assert_published(&run, &[]);

    let mut empty_web = response.clone();
    empty_web["output"]["message"]["content"][5]["citationsContent"]["citations"][0]["location"] =
        json!({"web": {}});
    let path = write_json(dir.path(), "empty-web.json", &empty_web);
    import(dir.path(), &args_with(&args, &path)).refused(
        "`output.message.content[5].citationsContent.citations[0].location.web.url`: a web citation without a URL (found {})",
    );
    let mut unknown = response.clone();
    unknown["output"]["message"]["content"][3]["citationsContent"]["citations"][0]["location"] =
        json!({"documentSection": {"documentIndex": 0}});
    let path = write_json(dir.path(), "unknown.json", &unknown);
    // A location this version does not know skips that citation only: the
    // other citations import, and the note names it.
    let skipped = import(dir.path(), &args_with(&args, &path)).ok();
    assert!(
        skipped.stderr.contains(
            "1 annotation or citation of a type the importer does not read was skipped, marking nothing: \"location documentSection\" (1)"
        ),
        "{}",
        skipped.stderr
    );
    assert_eq!(skipped.items().len(), done.items().len() - 1);
    let mut wrong = response.clone();
    wrong["output"]["message"]["content"][3]["citationsContent"]["citations"][0]["sourceContent"] =
        json!([{"text": "Wages fell."}]);
    let path = write_json(dir.path(), "wrong.json", &wrong);
    import(dir.path(), &args_with(&args, &path))
        .refused("sourceContent \"Wages fell.\" is not characters 0..21 of");
}

/// `args` with the response replaced by `path`.
fn args_with<'a>(args: &[&'a OsStr], path: &'a Path) -> Vec<&'a OsStr> {
    std::iter::once(path.as_os_str())
        .chain(args[1..].iter().copied())
        .collect()
}

/// The smallest RetrieveAndGenerate response, in non-ASCII text: spans
/// counted in characters (an emoji and a combining accent before them),
/// one with its end exclusive and one inclusive, each located by its
/// text; an S3 reference is the documents entry of its URI, a web one a
/// web item quoting the chunk. Refused: an S3 reference no documents entry
/// names, a span that selects other text.
#[test]
fn bedrock_knowledge_base_spans_and_references() {
    let dir = tempfile::tempdir().unwrap();
    let first = "Cafe\u{301} prices in Paris held at 3\u{a0}€ 📈.";
    let second = "東京の賃金は2%上昇した。";
    let text = format!("{first} {second} \u{200f}Let me know if you need more.");
    let chars = |s: &str| s.chars().count();
    let s3 = "s3://kb-bucket/reports/prix-2025.pdf";
    let response = json!({
        "sessionId": "3f6c-kb",
        "output": {"text": text},
        "citations": [
            {"generatedResponsePart": {"textResponsePart": {"text": first, "span": {"start": 0, "end": chars(first)}}},
             "retrievedReferences": [{"content": {"text": "Les prix du café à Paris sont restés à 3\u{a0}€.", "type": "TEXT"},
                "location": {"type": "S3", "s3Location": {"uri": s3}},
                "metadata": {"x-amz-bedrock-kb-source-uri": s3}}]},
            {"generatedResponsePart": {"textResponsePart": {"text": second,
                "span": {"start": chars(first) + 1, "end": chars(first) + chars(second)}}},
             "retrievedReferences": [{"content": {"text": "東京の賃金は2%上昇。"},
                "location": {"type": "WEB", "webLocation": {"url": "https://www.example.jp/wages"}}}]},
        ],
    });
    let path = write_json(dir.path(), "kb.json", &response);
    let docs = documents(
        dir.path(),
        &[json!({"key": s3, "title": "Prix 2025", "id": "ev_prix"})],
    );
    let sources = sources_for(dir.path(), &["example.jp"]);
    let args: [&OsStr; 5] = [
        path.as_os_str(),
        "--documents".as_ref(),
        docs.as_os_str(),
        "--sources".as_ref(),
        sources.as_os_str(),
    ];
    let done = import(dir.path(), &args).ok();
    assert!(
        done.stderr
            .contains("(Amazon Bedrock Knowledge Bases RetrieveAndGenerate response)"),
        "{}",
        done.stderr
    );
    assert_eq!(
        done.chapter(),
        format!("{first} [1] {second} [2] \u{200f}Let me know if you need more.\n")
    );
    let items = done.items();
    assert_eq!(items[0]["id"], "ev_prix");
    assert_eq!(items[0]["title"], "Prix 2025");
    assert_eq!(items[1]["cited_text"], "東京の賃金は2%上昇。");
    let (_, run) = build(&done, "mode = \"warn\"");
    // The closing offer is the model's and cites nothing.
    assert_published(&run, &["ungrounded-claim"]);

    let no_docs: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    import(dir.path(), &no_docs).refused(&format!(
        "`citations[0].retrievedReferences[0].location`: the reference {s3:?} has no http(s) address; describe its document in a documents file with \"key\": {s3:?}"
    ));
    let mut wrong = response.clone();
    wrong["citations"][1]["generatedResponsePart"]["textResponsePart"]["span"]["start"] = 0.into();
    let path = write_json(dir.path(), "wrong.json", &wrong);
    import(dir.path(), &args_with(&args, &path))
        .refused("`citations[1].generatedResponsePart.textResponsePart.span`: 0..");
}
