//! `mdbook-evidence import` on Gemini `generateContent` offsets that miss:
//! a URL-context segment a byte off its `text`, which stands verbatim
//! beside it, is located by that text; `citationMetadata` spans past the
//! answer and citations without a `uri` are refused, naming them. The
//! smallest responses of the shape, through the import and a real build.

use crate::common::import::{assert_published, build, import, sources_for, write_json};
use serde_json::{Value, json};
use std::ffi::OsStr;

const TEXT: &str =
    "東京の物価は4.4%上昇した 📈。Cafe\u{301} prices held at 3\u{a0}€ in \u{200f}Haifa.";

fn candidate(segment: Value, citations: Value) -> Value {
    json!({"candidates": [{
        "content": {"role": "model", "parts": [{"text": TEXT}]},
        "groundingMetadata": {
            "groundingChunks": [{"web": {"uri": "https://www.example.jp/prices", "title": "example.jp"}}],
            "groundingSupports": [{"segment": segment, "groundingChunkIndices": [0]}],
        },
        "citationMetadata": {"citations": citations},
    }]})
}

#[test]
fn gemini_segments_off_by_a_byte_are_found_by_their_text() {
    let dir = tempfile::tempdir().unwrap();
    let cited = "Cafe\u{301} prices held at 3\u{a0}€";
    let start = TEXT.find(cited).unwrap();
    let off = json!({"startIndex": start + 1, "endIndex": start + cited.len() + 1, "text": cited});
    let path = write_json(dir.path(), "off.json", &candidate(off, json!([])));
    let sources = sources_for(dir.path(), &["example.jp", "example.org"]);
    let args: [&OsStr; 3] = [path.as_os_str(), "--sources".as_ref(), sources.as_os_str()];
    let done = import(dir.path(), &args).ok();
    assert_eq!(
        done.chapter(),
        "東京の物価は4.4%上昇した 📈。Cafe\u{301} prices held at 3\u{a0}€ [1] in \u{200f}Haifa.\n"
    );
    let (_, run) = build(&done, "mode = \"warn\"");
    // The first sentence cites nothing; the cited one resolves.
    assert_published(&run, &["ungrounded-claim", "number-not-in-evidence"]);

    // Text that is not beside its offsets is still refused.
    let far = json!({"startIndex": 0, "endIndex": cited.len(), "text": cited});
    let path = write_json(dir.path(), "far.json", &candidate(far, json!([])));
    import(dir.path(), &[path.as_os_str()])
        .refused("`groundingMetadata.groundingSupports[0].segment`: 0..");
}

#[test]
fn gemini_citation_metadata_past_the_answer_or_without_uri_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let segment = json!({"endIndex": TEXT.find('。').unwrap()});
    let past =
        json!([{"startIndex": 0, "endIndex": TEXT.len() + 40, "uri": "https://www.example.org/a"}]);
    let path = write_json(dir.path(), "past.json", &candidate(segment.clone(), past));
    import(dir.path(), &[path.as_os_str()]).refused(&format!(
        "`citationMetadata.citations[0].endIndex`: {} is past the end of the answer ({} UTF-8 bytes)",
        TEXT.len() + 40,
        TEXT.len()
    ));
    let no_uri = json!([
        {"startIndex": 0, "endIndex": 9, "uri": "https://www.example.org/a"},
        {"startIndex": 0, "endIndex": 9, "title": "物価の本 📚", "publicationDate": {"year": 2024, "month": 5, "day": 1}},
    ]);
    let path = write_json(dir.path(), "nouri.json", &candidate(segment, no_uri));
    import(dir.path(), &[path.as_os_str()]).refused(
        "`citationMetadata.citations[1]`: a citation without a `uri` (\"物価の本 📚\") names no page to link or check",
    );
}
