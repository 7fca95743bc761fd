//! The sources an answer cites by `[N]` markers: a list in the response,
//! each entry a web page (an http(s) address) or a document the user
//! describes (`--documents`, keyed by one of the names the response gives
//! it). Perplexity, Tavily, Exa, Groq compound, You.com, DashScope and
//! Azure "On Your Data" answers all cite such a list; Discovery Engine's
//! references are read the same way, with positions.

use crate::chapter::{Answer, own_numbers};
use crate::documents::{Documents, Passage};
use crate::web::{WebCite, browser_encoded};
use crate::{Draft, Inputs};
use anyhow::bail;
use evidence_core::display::counted;

/// One source of the response's list.
#[derive(Default)]
pub(super) struct Source<'v> {
    /// Its address, as given (may be empty or not http(s)).
    pub(crate) url: &'v str,
    /// The names a documents file may know it by, most telling first.
    pub(crate) names: Vec<&'v str>,
    /// Its title.
    pub title: Option<String>,
    /// The passage the answer rests on, as the response quotes it.
    pub(crate) passage: Option<String>,
    /// A search result's summary of the page (not a quote).
    pub(crate) snippet: Option<String>,
    /// Its publication date.
    pub(crate) date: Option<String>,
    /// Where it is in the response (`search_results[2]`), for messages.
    pub(crate) at: String,
}

/// Drafts the item of `source`: a web item when its address is http(s),
/// else the documents file's entry for one of its names; a source with
/// neither is refused, naming the key a documents file would need.
pub(super) fn item(source: Source, inputs: &Inputs, draft: &mut Draft) -> anyhow::Result<usize> {
    let at = source.at.clone();
    if evidence_core::store::is_http_url(&browser_encoded(source.url.trim())) {
        return draft.web(
            inputs,
            WebCite {
                url: source.url.trim().to_owned(),
                title: source.title,
                passage: source.passage,
                snippet: source.snippet,
                published_at: source.date,
                ..WebCite::default()
            },
            &at,
        );
    }
    let names: Vec<&str> = std::iter::once(source.url)
        .chain(source.names.iter().copied())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    let Some((docs, index)) = Documents::find_any(inputs.documents.as_ref(), &names) else {
        let Some(key) = names.first() else {
            bail!(
                "{}: `{at}`: the source has no http(s) URL and no name a documents file could describe it by; keep the response as the API returned it",
                inputs.response
            );
        };
        bail!(
            "{}: `{at}`: the source {key:?} has no http(s) URL; describe it in a documents file with \"key\": {key:?} (its url, publisher, tier and date) and pass it with --documents",
            inputs.response
        );
    };
    let passage = Passage {
        text: source.passage.unwrap_or_default(),
        title: docs
            .get(index)
            .and_then(|d| d.title.clone())
            .or(source.title),
        ..Passage::default()
    };
    docs.register(index, &mut draft.sources)?;
    Ok(draft.push(docs.item(index, "", passage)))
}

/// The draft of an answer whose `[N]` markers cite the `N`-th of
/// `sources` (`place` names the answer's field, for messages).
pub(super) fn with_markers(
    text: String,
    place: &str,
    sources: Vec<Source>,
    inputs: &Inputs,
) -> anyhow::Result<Draft> {
    let name = &inputs.response;
    let markers = own_numbers(&text);
    if let Some(&(at, n)) = markers.iter().find(|(_, n)| *n == 0 || *n > sources.len()) {
        bail!(
            "{name}: the answer cites [{n}] (byte {at} of {place}), but the response lists {}; a marker that names no source cannot be imported",
            counted(sources.len(), "source", "sources")
        );
    }
    let mut draft = Draft {
        answer: Answer::with_own_markers(text),
        ..Draft::default()
    };
    // Nothing cited: the refusal says so, rather than ask for the metadata
    // of a source no marker names.
    if markers.is_empty() {
        draft.listed = sources.len();
        return Ok(draft);
    }
    for source in sources {
        item(source, inputs, &mut draft)?;
    }
    draft.answer.set_citations(markers.len());
    Ok(draft)
}

/// `text` with each marker written as a link to its source (`[[1]](url)`,
/// as You.com and some search answers write them) or in brackets of its
/// own (`[ref_1]`, `[doc1]`, a list `[ref_1, ref_2]`: `prefix`) made a
/// plain `[N]` (a list, one marker a number).
pub(super) fn plain_markers(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        if let Some((n, len)) = linked(after) {
            out.push_str(&format!("[{n}]"));
            rest = &after[len..];
        } else if let Some((numbers, len)) = prefixed(after, prefix) {
            for n in numbers {
                out.push_str(&format!("[{n}]"));
            }
            rest = &after[len..];
        } else {
            out.push('[');
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    out
}

/// `[[N]](…)` at the start of `text`: N and the length of the whole.
fn linked(text: &str) -> Option<(u64, usize)> {
    let inner = text.strip_prefix("[[")?;
    let digits = inner.bytes().take(20).position(|b| !b.is_ascii_digit())?;
    let n: u64 = inner[..digits].parse().ok()?;
    let tail = inner[digits..].strip_prefix("]](")?;
    let close = tail.bytes().take(8192).position(|b| b == b')')?;
    if tail[..close].contains([' ', '\n', '(']) {
        return None;
    }
    Some((n, 2 + digits + 3 + close + 1))
}

/// `[<prefix>N]`, or a list `[<prefix>N, <prefix>M]`, at the start of
/// `text`: the numbers and the length of the whole.
fn prefixed(text: &str, prefix: &str) -> Option<(Vec<u64>, usize)> {
    if prefix.is_empty() {
        return None;
    }
    // Bounded: a text of many `[` must not be read again from each.
    let close = text.bytes().take(256).position(|b| b == b']')?;
    let numbers = text[1..close]
        .split(',')
        .map(|part| {
            let digits = part.trim().strip_prefix(prefix)?;
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse().ok())
                .flatten()
        })
        .collect::<Option<Vec<u64>>>()?;
    Some((numbers, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_of_other_forms_become_plain() {
        assert_eq!(
            plain_markers(
                "Paris [[1]](https://e.org/a) and [ref_2][doc3] [ref_x] [[4]](no link",
                "ref_"
            ),
            "Paris [1] and [2][doc3] [ref_x] [[4]](no link"
        );
        assert_eq!(plain_markers("東京 [doc12]。", "doc"), "東京 [12]。");
        assert_eq!(
            plain_markers("a [ref_1, ref_3] b [ref_2,x] [ref_]", "ref_"),
            "a [1][3] b [ref_2,x] [ref_]"
        );
    }
}
