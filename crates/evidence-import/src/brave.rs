//! Brave answers: the AI Grounding API (`/res/v1/chat/completions`, a
//! Chat Completions response or its saved stream) and the Summarizer
//! Search API (`type: "summarizer"`).
//!
//! - With `enable_citations` (streaming only), the answer holds inline
//!   `<citation>{…}</citation>` tags after the text they support, each a
//!   JSON object with the page's `url`, its `number` in the answer and a
//!   `snippet`; a `<usage>` tag holds billing data. Research mode
//!   (`enable_research`) wraps the final answer in `<answer>` among
//!   `<queries>`, `<thinking>`, `<progress>` and `<blindspots>` tags. A
//!   citation marks the text before its tag (the tag's place is the
//!   position the stream gives); the tags are not part of the chapter.
//! - The Summarizer's `summary[]` is a list of `token` texts, with
//!   `inline_reference` entries (`inline_references=1`) after the text they
//!   support, and `enum_start`/`enum_item`/`enum_end` for lists;
//!   `enrichments.context[]` titles the pages.
//!
//! A citation tag that is not a JSON object with a `url` is left out with
//! a note; the others still import.

use crate::web::WebCite;
use crate::{Draft, Inputs};
use serde_json::Value;
use std::collections::HashMap;

/// Tags whose content is not the answer (research mode's working, usage).
const WORKING: &[&str] = &[
    "usage",
    "queries",
    "analyzing",
    "thinking",
    "progress",
    "blindspots",
];

/// Converts the message of an AI Grounding chat completion.
pub(crate) fn convert_chat(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut text = final_answer(content).to_owned();
    for tag in WORKING {
        text = without_tag(&text, tag);
    }
    let mut draft = Draft::default();
    let mut cited: HashMap<String, usize> = HashMap::new();
    let mut rest = text.as_str();
    let mut c = 0;
    while let Some(open) = rest.find("<citation>") {
        draft.answer.push(&rest[..open]);
        let after = &rest[open + "<citation>".len()..];
        let (inner, next) = match after.find("</citation>") {
            Some(close) => (&after[..close], &after[close + "</citation>".len()..]),
            None => (after, ""),
        };
        let at = format!("choices[0].message.content: citation tag {}", c + 1);
        c += 1;
        rest = next;
        let citation: Option<Value> = serde_json::from_str(inner.trim()).ok();
        let url = citation
            .as_ref()
            .and_then(|v| v.get("url"))
            .and_then(Value::as_str);
        let Some(url) = url else {
            draft.dropped.push(format!(
                "{}: `{at}`: {:?} is not a JSON object with a `url`: that citation is left out",
                inputs.response,
                inner.chars().take(80).collect::<String>()
            ));
            continue;
        };
        let snippet = citation
            .as_ref()
            .and_then(|v| v.get("snippet"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        let cite = WebCite {
            url: url.to_owned(),
            snippet,
            ..WebCite::default()
        };
        cite_here(&mut draft, inputs, &mut cited, cite, &at)?;
    }
    draft.answer.push(rest);
    Ok(draft)
}

/// Research mode's final answer (the last `<answer>` tag's content), or
/// the whole content.
fn final_answer(content: &str) -> &str {
    let Some(open) = content.rfind("<answer>") else {
        return content;
    };
    let inner = &content[open + "<answer>".len()..];
    inner
        .find("</answer>")
        .map_or(inner, |close| &inner[..close])
}

/// `text` without each `<tag>…</tag>` (an unclosed one runs to the end).
fn without_tag(text: &str, tag: &str) -> String {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(&open) {
        out.push_str(&rest[..start]);
        let after = &rest[start + open.len()..];
        rest = after
            .find(&close)
            .map_or("", |end| &after[end + close.len()..]);
    }
    out.push_str(rest);
    out
}

/// Cites the page of `cite` at the end of the answer so far: the item
/// made the first time its address is cited (or the citation dropped with
/// a note, as [`Draft::web_or_drop`] does), the same item after that.
fn cite_here(
    draft: &mut Draft,
    inputs: &Inputs,
    cited: &mut HashMap<String, usize>,
    cite: WebCite,
    at: &str,
) -> anyhow::Result<()> {
    let d = match cited.get(&cite.url) {
        Some(&d) => Some(d),
        None => {
            let url = cite.url.clone();
            let d = draft.web_or_drop(inputs, cite, at)?;
            if let Some(d) = d {
                cited.insert(url, d);
            }
            d
        }
    };
    if let Some(d) = d {
        let here = draft.answer.text().len();
        draft.answer.cite_at(here, d);
    }
    Ok(())
}

/// Converts a Summarizer Search API response.
pub(crate) fn convert_summarizer(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let titles: HashMap<&str, &str> = response
        .pointer("/enrichments/context")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| Some((c.get("url")?.as_str()?, c.get("title")?.as_str()?)))
        .collect();
    let mut draft = Draft::default();
    let mut cited: HashMap<String, usize> = HashMap::new();
    let messages = response.get("summary").and_then(Value::as_array);
    for (m, message) in messages.into_iter().flatten().enumerate() {
        let data = message.get("data");
        match message.get("type").and_then(Value::as_str) {
            Some("token") => draft
                .answer
                .push(data.and_then(Value::as_str).unwrap_or_default()),
            Some("enum_start" | "enum_end") => draft.answer.paragraph_break(),
            Some("enum_item") => {
                let item = data
                    .and_then(|d| d.get("text").or_else(|| d.get("name")))
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                draft.answer.push(&format!("- {}\n", item.trim()));
            }
            Some("inline_reference") => {
                let url = data
                    .and_then(|d| d.get("url"))
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let at = format!("summary[{m}].data");
                let cite = WebCite {
                    url: url.to_owned(),
                    title: titles.get(url).map(|t| (*t).to_owned()),
                    ..WebCite::default()
                };
                cite_here(&mut draft, inputs, &mut cited, cite, &at)?;
            }
            _ => {}
        }
    }
    Ok(draft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn working_tags_are_left_out() {
        let research = "<queries>[\"q\"]</queries><thinking>x</thinking><answer>draft</answer><progress>1</progress><answer>Final.</answer><usage>{}</usage>";
        assert_eq!(final_answer(research), "Final.");
        assert_eq!(
            without_tag("A<usage>{\"n\":1}</usage> B<usage>", "usage"),
            "A B"
        );
    }
}
