//! `missing-field`: The cited item lacks `url`, `title`, `published_at` or
//! `source_id`.

use crate::meta::Violation;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::EvidenceItem;

/// What `missing-field` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::MissingField,
    help: "add the missing fields to the item in the evidence store",
    doc: &["The cited item lacks `url`, `title`, `published_at` or `source_id`."],
    guide_page: guide_page!("missing-field"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The fields a citation needs, present.
pub(crate) struct Cited<'s> {
    /// The item's URL, as written.
    pub(crate) url: &'s str,
    /// Its title (`title`, else `document_title`).
    pub(crate) title: &'s str,
    /// Its source's id.
    pub(crate) source_id: &'s str,
}

/// `missing-field`: an item needs a `url`, a title, a `source_id` and a
/// publication date. A web page needs no date: a `citation.v1` record (it
/// has a link check) or an imported page (its id is the address's `cid`)
/// rarely has one, and the References shows what is known. Names every
/// field missing.
pub(crate) fn required_fields<'s>(
    id: &str,
    item: &'s EvidenceItem,
) -> Result<Cited<'s>, Violation> {
    let dated = item.published_at.is_some()
        || item.link_check.is_some()
        || evidence_core::store::is_content_addressed(id, item.url.as_deref());
    if let (Some(url), Some(title), true, Some(source_id)) = (
        item.url.as_deref(),
        item.display_title(),
        dated,
        item.source_id.as_deref(),
    ) {
        return Ok(Cited {
            url,
            title,
            source_id,
        });
    }
    let missing: Vec<String> = [
        ("url", item.url.is_none()),
        ("title", item.display_title().is_none()),
        ("published_at", !dated),
        ("source_id", item.source_id.is_none()),
    ]
    .into_iter()
    .filter(|(_, absent)| *absent)
    .map(|(name, _)| format!("`{name}`"))
    .collect();
    Err((
        Rule::MissingField,
        format!(
            "evidence `{id}` lacks {} (required to cite it)",
            missing.join(", ")
        ),
    ))
}
