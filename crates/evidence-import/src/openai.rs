//! OpenAI: the Responses API's `output_text` annotations and Chat
//! Completions' `message.annotations`.
//!
//! | annotation | where | becomes |
//! |---|---|---|
//! | `url_citation` (Responses: `start_index`, `end_index`, `url`, `title`) | characters of the `output_text` | a web item |
//! | `url_citation` (Chat Completions: the same under `url_citation`, perhaps with `content`) | characters of `message.content` | a web item (`content` is its snippet) |
//! | `file_citation` (`file_id`, `filename`, `index`) | a character position | the `--files` entry of the file id |
//! | `container_file_citation` | characters | the `--files` entry of the file id |
//!
//! Offsets count characters (Unicode code points); a span that only
//! another unit makes a link to the cited URL is read in that unit. Where
//! the annotated span is the model's own citation link to the page
//! (`([ft.com](https://…))`, or a link standing alone after a sentence),
//! the link is replaced by the marker, which so attaches to the sentence
//! before it; a link that is part of a sentence (`according to
//! [Xinhua](…)`) is kept and the marker follows it. An annotation without
//! offsets marks no sentence (listed in the chapter's citation list only;
//! refused when no annotation has offsets); so does a span of 0–0 in a
//! non-empty text (OpenRouter's web plugin gives every annotation that).
//! `file_path` annotations are not citations and are skipped; another type
//! (OpenRouter's `file`, a parsed PDF, or one newer than this version) is
//! skipped with a note naming it. An uncited message right before a tool
//! call is the model's narration, kept as an HTML comment.

use crate::documents::Passage;
use crate::offsets::{Offsets, Unit};
use crate::web::WebCite;
use crate::{Draft, Inputs, from_value};
use anyhow::bail;
use serde::Deserialize;
use serde_json::Value;
use std::ops::Range;

/// How to get the positions an annotation without offsets lacks.
const UNPLACED_HINT: &str = "ask for annotations with `start_index` and `end_index` (the Responses API's `web_search` tool gives them) or import the response of an API that gives them";

/// A URL citation (both APIs, once unwrapped).
#[derive(Deserialize)]
struct UrlCitation {
    url: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    start_index: Option<u64>,
    #[serde(default)]
    end_index: Option<u64>,
    /// A snippet of the page (some Chat Completions providers).
    #[serde(default)]
    content: Option<String>,
}

/// A file citation.
#[derive(Deserialize)]
struct FileCitation {
    file_id: String,
    #[serde(default)]
    filename: Option<String>,
    #[serde(default)]
    index: Option<u64>,
    #[serde(default)]
    end_index: Option<u64>,
}

/// Converts the output items of a Responses API response.
pub(crate) fn convert_responses(output: &[&Value], inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    for (o, item) in output.iter().enumerate() {
        let is_message = item.get("type").and_then(Value::as_str) == Some("message");
        let parts = item.get("content").and_then(Value::as_array);
        let (true, Some(parts)) = (is_message, parts) else {
            // Searches, reasoning, tool calls: not part of the answer.
            draft.answer.paragraph_break();
            continue;
        };
        for (p, part) in parts.iter().enumerate() {
            if part.get("type").and_then(Value::as_str) != Some("output_text") {
                continue;
            }
            let path = format!("output[{o}].content[{p}]");
            let text = part.get("text").and_then(Value::as_str).unwrap_or_default();
            let cited = part
                .get("annotations")
                .and_then(Value::as_array)
                .is_some_and(|a| !a.is_empty());
            if !cited && calls_next(output, o) {
                // "Let me search for…": what the model will do, no claim.
                draft.answer.push_narration(text);
                continue;
            }
            draft.answer.paragraph_break();
            let base = draft.answer.text().len();
            draft.answer.push(text);
            let annotations = part.get("annotations").and_then(Value::as_array);
            let text = Offsets::new(text);
            for (a, annotation) in annotations.into_iter().flatten().enumerate() {
                let at = format!("{path}.annotations[{a}]");
                annotate(annotation, annotation, &text, base, inputs, &mut draft, &at)?;
            }
        }
    }
    Ok(draft)
}

/// Whether the output item after the `o`-th is a tool call (a search,
/// a fetch, a function call: `…_call`).
fn calls_next(output: &[&Value], o: usize) -> bool {
    output
        .get(o + 1)
        .and_then(|item| item.get("type"))
        .and_then(Value::as_str)
        .is_some_and(|kind| kind.ends_with("_call"))
}

/// How xAI gives positions: inline citations.
const XAI_HINT: &str = "xAI places citations with inline citations (`[[N]](url)` links in the text, annotations with `start_index` and `end_index`): the Responses API gives them unless `include` holds \"no_inline_citations\"; the xAI Python SDK needs `include=[\"inline_citations\"]`";

/// Converts the output items of an xAI Responses API response: OpenAI's
/// shape, whose inline citations (`[[1]](url)`) are the model's own links.
pub(crate) fn convert_xai(output: &[&Value], inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = convert_responses(output, inputs)?;
    if draft.unplaced_hint.is_some() {
        draft.unplaced_hint = Some(XAI_HINT);
    }
    Ok(draft)
}

/// Converts the message of a Chat Completions response.
pub(crate) fn convert_chat(message: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let mut draft = Draft::default();
    let text = message
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    draft.answer.push(text);
    let annotations = message.get("annotations").and_then(Value::as_array);
    let text = Offsets::new(text);
    for (a, annotation) in annotations.into_iter().flatten().enumerate() {
        let at = format!("choices[0].message.annotations[{a}]");
        let kind = annotation.get("type").and_then(Value::as_str).unwrap_or("");
        // Chat Completions nest the fields under the type's name.
        let fields = annotation.get(kind).unwrap_or(annotation);
        annotate(annotation, fields, &text, 0, inputs, &mut draft, &at)?;
    }
    Ok(draft)
}

/// Drafts one annotation of a text (which starts at `base` in the answer),
/// given with its `offsets`.
fn annotate(
    annotation: &Value,
    fields: &Value,
    offsets: &Offsets<'_>,
    base: usize,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<()> {
    let name = &inputs.response;
    let text = offsets.text();
    match annotation.get("type").and_then(Value::as_str) {
        Some("url_citation") => {
            let cite: UrlCitation = from_value(fields, name, at)?;
            let span = match (cite.start_index, cite.end_index) {
                // OpenRouter's web plugin gives every annotation 0–0: a
                // span that places nothing is a citation without a place.
                (Some(0), Some(0)) if !text.is_empty() => None,
                (Some(start), Some(end)) => Some(
                    url_span(offsets, start, end, &cite.url)
                        .map_err(|err| anyhow::anyhow!("{name}: `{at}`: {err}"))?,
                ),
                _ => None,
            };
            let Some(d) = draft.web_or_drop(
                inputs,
                WebCite {
                    url: cite.url.clone(),
                    title: cite.title,
                    snippet: cite.content,
                    ..WebCite::default()
                },
                at,
            )?
            else {
                return Ok(());
            };
            match span {
                Some(range) => match citation_link(text, &range, &cite.url) {
                    Some(link) => {
                        draft.answer.remove(base + link.start..base + link.end);
                        draft.answer.cite_at(base + link.start, d);
                    }
                    None => draft
                        .answer
                        .cite_span(base + range.start..base + range.end, d),
                },
                None => {
                    draft.answer.list_unplaced(d);
                    draft.unplaced_hint = Some(UNPLACED_HINT);
                }
            }
        }
        Some("file_citation" | "container_file_citation") => {
            let cite: FileCitation = from_value(fields, name, at)?;
            let d = file_item(&cite, inputs, draft, at)?;
            let Some(position) = cite.end_index.or(cite.index) else {
                draft.answer.list_unplaced(d);
                draft.unplaced_hint = Some(UNPLACED_HINT);
                return Ok(());
            };
            let Some(offset) = offsets.to_byte(position, Unit::Chars) else {
                bail!("{name}: `{at}`: position {position} is past the end of the text");
            };
            draft.answer.cite_at(base + offset, d);
        }
        Some("file_path") => {}
        // A parsed file (OpenRouter's `file`), a kind newer than this
        // version: skipped with a note naming it, the rest imported.
        other => draft.skip(other),
    }
    Ok(())
}

/// The byte range of a URL citation's span: characters, unless only
/// another unit selects text that holds the URL.
fn url_span(
    offsets: &Offsets<'_>,
    start: u64,
    end: u64,
    url: &str,
) -> Result<Range<usize>, String> {
    for unit in [Unit::Chars, Unit::Utf16, Unit::Bytes] {
        if let Some(range) = offsets.byte_range(start, end, unit)
            && offsets.text()[range.clone()].contains(url)
        {
            return Ok(range);
        }
    }
    offsets
        .locate(start, end, Unit::Chars, None)
        .map(|(range, _)| range)
}

/// The part of `range` to replace by the marker when it is the model's own
/// citation of `url`, with the white space before it: a parenthesized link
/// (`([site](url))`), or a link standing after the end of a sentence with
/// nothing but punctuation after it on its line (`… in the U.S. [The Times](url)`).
/// A link that is part of a sentence (`according to [Xinhua](url).`) is
/// kept: the marker follows it.
fn citation_link(text: &str, range: &Range<usize>, url: &str) -> Option<Range<usize>> {
    let span = &text[range.clone()];
    let trimmed = span.trim();
    let lead = span.len() - span.trim_start().len();
    let inner = trimmed
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .filter(|s| s.starts_with('[') && s.ends_with(')'));
    let link = inner.unwrap_or(trimmed);
    let (_, target) = link
        .strip_prefix('[')?
        .strip_suffix(')')?
        .split_once("](")?;
    if target.trim() != url {
        return None;
    }
    // An inline citation (`[[1]](url)`, xAI's) is a marker wherever it is.
    let numbered = link
        .strip_prefix("[[")
        .and_then(|s| s.split_once("]]("))
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    let start = range.start + lead;
    let end = start + trimmed.len();
    let before = text[..start].trim_end_matches([' ', '\t']);
    let after_sentence = before
        .trim_end_matches(['"', '\'', '”', '’', ')'])
        .ends_with(['.', '!', '?']);
    let line_rest = text[end..].split('\n').next().unwrap_or_default();
    let alone = line_rest
        .chars()
        .all(|c| c.is_whitespace() || ".,;:!?)".contains(c));
    (inner.is_some() || numbered || (after_sentence && alone)).then_some(before.len()..end)
}

/// The item of a cited file: its `--files` entry.
fn file_item(
    cite: &FileCitation,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let found = inputs
        .files
        .as_ref()
        .and_then(|files| Some((files, files.find(&cite.file_id)?)));
    let Some((files, index)) = found else {
        bail!(
            "{}: `{at}`: file {:?}{} is cited: describe it in a files map (`{{\"{}\": {{\"url\": …, \"title\": …, \"source_id\": …, \"publisher\": …, \"tier\": …, \"published_at\": …}}}}`) and pass it with --files",
            inputs.response,
            cite.file_id,
            cite.filename
                .as_deref()
                .map(|f| format!(" ({f})"))
                .unwrap_or_default(),
            cite.file_id
        );
    };
    let passage = Passage {
        title: files
            .get(index)
            .and_then(|d| d.title.clone())
            .or_else(|| cite.filename.clone()),
        ..Passage::default()
    };
    files.register(index, &mut draft.sources)?;
    Ok(draft.push(files.item(index, "", passage)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_models_own_links_are_replaced_other_links_kept() {
        let url = "https://www.metcheck.com/a?utm_source=openai";
        let find = |text: &str, link: &str| {
            let at = text.find(link).unwrap();
            at..at + link.len()
        };
        let text = format!("It is dry. ([metcheck.com]({url}))\n");
        let paren = find(&text, &format!("([metcheck.com]({url}))"));
        assert_eq!(citation_link(&text, &paren, url), Some(10..paren.end));
        let text = format!("It is dry in the U.S. [Metcheck]({url})\n\nNext.");
        let after = find(&text, &format!("[Metcheck]({url})"));
        assert_eq!(citation_link(&text, &after, url), Some(21..after.end));
        for text in [
            format!("It is dry, according to [Metcheck]({url}).\n"),
            format!("See [the forecast]({url}) for more.\n"),
        ] {
            let link = text.find('[').unwrap()..text.find(')').unwrap() + 1;
            assert_eq!(citation_link(&text, &link, url), None, "{text}");
        }
        assert_eq!(citation_link("It is dry.", &(0..10), url), None);
        let text = format!("It is dry [[1]]({url}) today.");
        let inline = find(&text, &format!("[[1]]({url})"));
        assert_eq!(citation_link(&text, &inline, url), Some(9..inline.end));
    }

    #[test]
    fn spans_are_characters_unless_only_another_unit_finds_the_link() {
        let text = "Ça coûte 3 € ([a.fr](https://a.fr/x)).";
        let chars = text.chars().count() as u64;
        let start = text[..text.find("([").unwrap()].chars().count() as u64;
        let range = url_span(&Offsets::new(text), start, chars - 1, "https://a.fr/x").unwrap();
        assert_eq!(&text[range], "([a.fr](https://a.fr/x))");
        let bytes = text.find("([").unwrap() as u64;
        let range = url_span(
            &Offsets::new(text),
            bytes,
            text.len() as u64 - 1,
            "https://a.fr/x",
        )
        .unwrap();
        assert_eq!(&text[range], "([a.fr](https://a.fr/x))");
    }
}
