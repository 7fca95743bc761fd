//! The `import` pathological shape: an OpenAI Responses API answer of N
//! sentences in non-ASCII typography (CJK, a full-width digit, ideographic
//! and no-break spaces, emoji), each followed by the model's own
//! parenthesized link to a page of its own site, which a `url_citation`
//! annotation spans (offsets in characters, as the API counts them). N
//! annotations, N pages of N sites; a paragraph every ten sentences. The
//! importer once found each annotation's offsets by walking the text from
//! its start: 20,000 annotations (3 MB) took minutes.

use std::path::{Path, PathBuf};

/// The response's text and annotations for `n` citations.
fn response(n: usize) -> serde_json::Value {
    let mut text = String::with_capacity(n * 150);
    let mut chars = 0;
    let mut annotations = Vec::with_capacity(n);
    for i in 0..n {
        let sentence = format!(
            "Payrolls in 東京 grew \u{ff19}\u{3000}% 😀 to {i}\u{a0}000 jobs in the quarter, the desk said. "
        );
        let url = format!("https://site{i}.example.org/story/{i}");
        let link = format!("([site{i}.example.org]({url}))");
        let start = chars + sentence.chars().count();
        let end = start + link.chars().count();
        let after = if i % 10 == 9 { "\n\n" } else { " " };
        text.push_str(&sentence);
        text.push_str(&link);
        text.push_str(after);
        chars = end + after.len();
        annotations.push(serde_json::json!({
            "type": "url_citation",
            "start_index": start,
            "end_index": end,
            "url": url,
            "title": format!("Story {i} in 大阪"),
        }));
    }
    serde_json::json!({
        "id": "resp_bench",
        "object": "response",
        "created_at": 1_770_000_000,
        "status": "completed",
        "model": "gpt-4.1",
        "output": [{
            "type": "message",
            "id": "msg_bench",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": annotations}],
        }],
    })
}

/// Writes `DIR/response.json` for `n` citations and returns its path.
pub fn write(dir: &Path, n: usize) -> anyhow::Result<PathBuf> {
    let path = dir.join("response.json");
    let file = std::io::BufWriter::new(std::fs::File::create(&path)?);
    serde_json::to_writer(file, &response(n))?;
    Ok(path.canonicalize()?)
}
