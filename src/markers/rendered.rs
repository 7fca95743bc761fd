//! Citations that an earlier run rendered, read back as markers: an HTML
//! `<a>`/`<span>` of the citation class with the cited id in its
//! attribute, or a markdown link `[\[N\]](#evidence-<id>…)`.

use crate::syntax::{CITE_CLASS, CITE_ID_ATTRIBUTE, is_evidence_id};

/// Whether text is `[N]`, the label of a rendered citation.
pub(super) fn is_bracketed_number(text: &str) -> bool {
    text.strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a link's source text is a citation label, `[\[N\]](…)`.
pub(super) fn is_citation_label(link_source: &str) -> bool {
    link_source
        .strip_prefix("[\\[")
        .and_then(|rest| rest.split_once("\\]]"))
        .is_some_and(|(digits, _)| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// The evidence id of a rendered HTML citation's opening tag (`<a …>` in
/// prose, `<span …>` in headings), and the tag that closes it.
pub(super) fn rendered_cite_id(html: &str) -> Option<(String, &'static str)> {
    let (rest, closing) = if let Some(rest) = html.strip_prefix("<a class=\"") {
        (rest, "</a>")
    } else {
        (html.strip_prefix("<span class=\"")?, "</span>")
    };
    let rest = rest.strip_prefix(CITE_CLASS)?;
    let (_, after) = rest.split_once(&format!(" {CITE_ID_ATTRIBUTE}=\""))?;
    let (id, _) = after.split_once('"')?;
    is_evidence_id(id).then(|| (id.to_owned(), closing))
}
