//! Amazon Bedrock Knowledge Bases `RetrieveAndGenerate` responses: the
//! answer is `output.text`; each of `citations[]` gives the part of it that
//! rests on its sources (`generatedResponsePart.textResponsePart`: `text`
//! and `span` {`start`, `end`}) and the chunks retrieved for it
//! (`retrievedReferences[]`: `content.text`, `location`, `metadata`).
//!
//! The span is located by its `text`: counted in characters with the end
//! exclusive, else inclusive (both are seen), else in UTF-16 units; where
//! none selects it, the import is refused. A reference whose location has
//! an http(s) address (`webLocation`, `confluenceLocation`,
//! `salesforceLocation`, `sharePointLocation`, `kendraDocumentLocation`)
//! becomes a web item quoting the chunk; another (`s3Location`,
//! `customDocumentLocation`) is the documents file entry whose `key` is its
//! URI or id.

use crate::documents::Passage;
use crate::offsets::{Offsets, Unit};
use crate::web::WebCite;
use crate::{Draft, Inputs, from_value};
use anyhow::bail;
use serde::Deserialize;
use serde_json::Value;
use std::ops::Range;

/// The locations whose address is a page (`<key>.url`, or `.uri`).
const WEB_LOCATIONS: &[&str] = &[
    "webLocation",
    "confluenceLocation",
    "salesforceLocation",
    "sharePointLocation",
    "kendraDocumentLocation",
];

/// How to get positions the response lacks.
const UNPLACED_HINT: &str = "RetrieveAndGenerate gives each citation's `generatedResponsePart.textResponsePart` (`text` and `span`): keep it in the saved response";

/// `generatedResponsePart.textResponsePart`.
#[derive(Deserialize)]
struct TextPart {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    span: Option<Span>,
}

#[derive(Deserialize)]
struct Span {
    start: u64,
    end: u64,
}

/// Converts a RetrieveAndGenerate response.
pub(crate) fn convert(response: &Value, inputs: &Inputs) -> anyhow::Result<Draft> {
    let name = &inputs.response;
    let mut draft = Draft::default();
    let Some(text) = response.pointer("/output/text").and_then(Value::as_str) else {
        bail!("{name}: `output.text`: expected the answer's text (a string)");
    };
    draft.answer.push(text);
    let offsets = Offsets::new(text);
    let citations: Vec<Value> = match response.get("citations") {
        Some(c) => from_value(c, name, "citations")?,
        None => Vec::new(),
    };
    for (c, citation) in citations.iter().enumerate() {
        let at = format!("citations[{c}]");
        let part = citation.pointer("/generatedResponsePart/textResponsePart");
        let part: Option<TextPart> = part
            .map(|p| {
                from_value(
                    p,
                    name,
                    &format!("{at}.generatedResponsePart.textResponsePart"),
                )
            })
            .transpose()?;
        let range = part
            .map(|p| locate(&offsets, &p, name, &at))
            .transpose()?
            .flatten();
        let references = citation
            .get("retrievedReferences")
            .and_then(Value::as_array);
        for (r, reference) in references.into_iter().flatten().enumerate() {
            let at = format!("{at}.retrievedReferences[{r}]");
            let d = reference_item(reference, inputs, &mut draft, &at)?;
            match &range {
                Some(range) => draft.answer.cite_span(range.clone(), d),
                None => {
                    draft.answer.list_unplaced(d);
                    draft.unplaced_hint = Some(UNPLACED_HINT);
                }
            }
        }
    }
    Ok(draft)
}

/// Where in the answer (given with its `offsets`) a citation's text part
/// is; `None` when it gives neither a span nor a text found once.
fn locate(
    offsets: &Offsets<'_>,
    part: &TextPart,
    name: &str,
    at: &str,
) -> anyhow::Result<Option<Range<usize>>> {
    let answer = offsets.text();
    let at = format!("{at}.generatedResponsePart.textResponsePart");
    let expected = part.text.as_deref().filter(|t| !t.trim().is_empty());
    let Some(span) = &part.span else {
        // Without a span, text found exactly once is its place.
        let found = expected.and_then(|t| {
            let mut hits = answer.match_indices(t);
            let first = hits.next()?;
            hits.next().is_none().then(|| first.0..first.0 + t.len())
        });
        return Ok(found);
    };
    let mut tried = offsets.locate(span.start, span.end, Unit::Chars, expected);
    if tried.is_err() && expected.is_some() {
        // An inclusive end: the last character cited.
        let inclusive = offsets.locate(span.start, span.end + 1, Unit::Chars, expected);
        if inclusive.is_ok() {
            tried = inclusive;
        }
    }
    match tried {
        Ok((range, _)) => Ok(Some(range)),
        Err(err) => bail!("{name}: `{at}.span`: {err}"),
    }
}

/// The draft of one retrieved reference.
fn reference_item(
    reference: &Value,
    inputs: &Inputs,
    draft: &mut Draft,
    at: &str,
) -> anyhow::Result<usize> {
    let name = &inputs.response;
    let chunk = reference
        .pointer("/content/text")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let location = reference.get("location");
    let field = |key: &str, sub: &str| {
        location
            .and_then(|l| l.get(key))
            .and_then(|l| l.get(sub))
            .and_then(Value::as_str)
    };
    let url = WEB_LOCATIONS
        .iter()
        .find_map(|key| field(key, "url").or_else(|| field(key, "uri")))
        .filter(|u| evidence_core::store::is_http_url(u.trim()));
    if let Some(url) = url {
        let title = reference
            .pointer("/metadata/title")
            .and_then(Value::as_str)
            .map(str::to_owned);
        return draft.web(
            inputs,
            WebCite {
                url: url.to_owned(),
                title,
                passage: chunk,
                ..WebCite::default()
            },
            at,
        );
    }
    let key = field("s3Location", "uri")
        .or_else(|| field("customDocumentLocation", "id"))
        .or_else(|| {
            reference
                .pointer("/metadata/x-amz-bedrock-kb-source-uri")
                .and_then(Value::as_str)
        });
    let Some(key) = key else {
        bail!(
            "{name}: `{at}.location`: a reference with no address the importer reads (found {}); it reads s3Location.uri, customDocumentLocation.id and the url of webLocation, confluenceLocation, salesforceLocation, sharePointLocation or kendraDocumentLocation",
            location.map_or_else(|| "no location".to_owned(), Value::to_string)
        );
    };
    let found = inputs
        .documents
        .as_ref()
        .and_then(|docs| Some((docs, docs.find(key)?)));
    let Some((docs, index)) = found else {
        bail!(
            "{name}: `{at}.location`: the reference {key:?} has no http(s) address; describe its document in a documents file with \"key\": {key:?} (its url, publisher, tier and date) and pass it with --documents"
        );
    };
    let passage = Passage {
        text: chunk.unwrap_or_default(),
        title: docs.get(index).and_then(|d| d.title.clone()),
        ..Passage::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(draft.push(docs.item(index, "", passage)))
}
