//! One piece of evidence given twice: two store files (or two lines) that
//! say the same thing are merged, and say so when they disagree.
//!
//! - Two `citation.v1` records of one URL (one `cid`, found in two waves of
//!   a run) are one item when they agree on `url`, `status`,
//!   `http_status`, `title` and `publisher` (what one leaves out the other
//!   may give; the later `checked_at` stands). When they disagree the item
//!   is invalid, and citing it names both lines and what differs.
//! - An `evidence.v1` item and a record with the same id (an imported web
//!   page and the run's link check of it) are one item: the passage, title
//!   and source are the item's, the publisher (when the item has none) and
//!   the link check the record's, so a page whose link is dead is invalid.
//!   An item whose id is a record's cid followed by `.` and a passage hash
//!   (one of several passages of the page) takes the record's link check
//!   and publisher too.
//! - Two `evidence.v1` items with one id, in two files, are one item when
//!   they are alike (two answers citing one passage); otherwise the store is
//!   refused, naming the first field that differs. (One file defines an id
//!   once.)
//! - A source registered twice alike (by two files) is registered once.
//! - A record's source is the registered source whose `url_prefixes` fit
//!   its URL, else one made up for its host.

use crate::store::model::{EvidenceItem, LinkCheck, LinkStatus, PaywallPolicy, Source, Status};
use crate::store::{Origin, Store};
use std::collections::BTreeMap;

/// Whether two registry entries say the same.
pub(super) fn same_source(a: &Source, b: &Source) -> bool {
    a.source_id == b.source_id
        && a.publisher == b.publisher
        && a.tier == b.tier
        && a.paywall_policy == b.paywall_policy
        && a.url_prefixes == b.url_prefixes
        && a.tags == b.tags
}

/// A record that fails its checks stands for nothing but its defect.
#[derive(Clone, Copy)]
pub(super) struct Broken(pub bool);

/// Merges `later` into `first`, two items with one id; `Err(field)` when
/// both are `evidence.v1` items that differ in `field`. Returns the reason
/// when the merged item is invalid because two records disagree.
pub(super) fn merge(
    first: &mut EvidenceItem,
    later: EvidenceItem,
    (first_broken, later_broken): (Broken, Broken),
    (first_at, later_at): (&Origin, &Origin),
) -> Result<Option<String>, &'static str> {
    match (first.link_check.is_some(), later.link_check.is_some()) {
        (false, false) => match first_difference(first, &later) {
            Some(field) => Err(field),
            None => Ok(None),
        },
        // A broken record adds nothing to good evidence of its URL.
        _ if later_broken.0 => Ok(None),
        _ if first_broken.0 => {
            *first = later;
            Ok(None)
        }
        (true, true) => Ok(records(first, later, first_at, later_at)),
        (false, true) => {
            take_check(first, &later);
            Ok(None)
        }
        (true, false) => {
            let record = std::mem::replace(first, later);
            take_check(first, &record);
            Ok(None)
        }
    }
}

/// Two records of one URL.
fn records(
    first: &mut EvidenceItem,
    later: EvidenceItem,
    first_at: &Origin,
    later_at: &Origin,
) -> Option<String> {
    let (Some(a), Some(b)) = (&first.link_check, &later.link_check) else {
        return None;
    };
    let differ = |x: Option<String>, y: Option<String>| match (x, y) {
        (Some(x), Some(y)) if x != y => Some((x, y)),
        _ => None,
    };
    let disagreement = [
        (
            "status",
            Some(a.status.as_str().to_owned()),
            Some(b.status.as_str().to_owned()),
        ),
        (
            "http_status",
            a.http_status.map(|c| c.to_string()),
            b.http_status.map(|c| c.to_string()),
        ),
        ("url", first.url.clone(), later.url.clone()),
        ("title", first.title.clone(), later.title.clone()),
        (
            "publisher",
            first.publisher.clone(),
            later.publisher.clone(),
        ),
    ]
    .into_iter()
    .find_map(|(field, x, y)| differ(x, y).map(|(x, y)| (field, x, y)));
    if let Some((field, x, y)) = disagreement {
        let reason = format!(
            "{first_at} and {later_at} are records of one URL that disagree on `{field}` ({x:?} and {y:?})"
        );
        first.status = Status::Invalid;
        first.link_check = Some(LinkCheck {
            status: LinkStatus::Invalid,
            http_status: None,
            notes: reason.clone(),
        });
        return Some(reason);
    }
    let http_status = a.http_status.or(b.http_status);
    if let Some(check) = first.link_check.as_mut() {
        check.http_status = http_status;
    }
    fill(&mut first.title, later.title);
    fill(&mut first.publisher, later.publisher);
    fill(&mut first.snippet_span, later.snippet_span);
    first.fetched_at = first.fetched_at.max(later.fetched_at);
    None
}

/// `slot`, or else `value`.
fn fill<T>(slot: &mut Option<T>, value: Option<T>) {
    if slot.is_none() {
        *slot = value;
    }
}

/// An item takes a record's link check: its status when the link failed,
/// and its publisher when the item names none.
fn take_check(item: &mut EvidenceItem, record: &EvidenceItem) {
    item.link_check.clone_from(&record.link_check);
    if record.status == Status::Invalid {
        item.status = Status::Invalid;
    }
    fill(&mut item.publisher, record.publisher.clone());
    fill(&mut item.title, record.title.clone());
    fill(&mut item.fetched_at, record.fetched_at);
    fill(&mut item.snippet_span, record.snippet_span.clone());
}

/// The record cid a passage item's id starts with (`cid_<64 hex>.<hash>`).
pub(super) fn page_cid(id: &str) -> Option<&str> {
    let (page, passage) = id.split_once('.')?;
    let hex = page.strip_prefix("cid_")?;
    (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()) && !passage.is_empty())
        .then_some(page)
}

/// Passage items of a page take the link check of the page's record:
/// `pairs` are `(passage item, record)` positions.
pub(super) fn inherit_link_checks(items: &mut [EvidenceItem], pairs: &[(usize, usize)]) {
    for &(at, record) in pairs {
        if items[at].link_check.is_none() && items[record].link_check.is_some() {
            let record = items[record].clone();
            take_check(&mut items[at], &record);
        }
    }
}

/// The first field in which two `evidence.v1` items differ.
fn first_difference(a: &EvidenceItem, b: &EvidenceItem) -> Option<&'static str> {
    let quote = |i: &EvidenceItem| {
        i.quote_span
            .as_ref()
            .map(|q| (q.start, q.end, q.text.clone()))
    };
    let snippet = |i: &EvidenceItem| i.snippet_span.as_ref().map(|s| s.text.clone());
    [
        ("source_id", a.source_id != b.source_id),
        ("publisher", a.publisher != b.publisher),
        ("doc_id", a.doc_id != b.doc_id),
        ("chunk_id", a.chunk_id != b.chunk_id),
        ("url", a.url != b.url),
        ("title", a.title != b.title),
        ("published_at", a.published_at != b.published_at),
        ("fetched_at", a.fetched_at != b.fetched_at),
        ("quote_span", quote(a) != quote(b)),
        ("snippet_span", snippet(a) != snippet(b)),
        ("status", a.status != b.status),
        ("expires_at", a.expires_at != b.expires_at),
        ("tags", a.tags != b.tags),
        ("contradicts", a.contradicts != b.contradicts),
        ("cited_text", a.cited_text != b.cited_text),
        ("source_span", a.source_span != b.source_span),
        ("document_title", a.document_title != b.document_title),
        ("content", a.content != b.content),
    ]
    .into_iter()
    .find_map(|(field, differs)| differs.then_some(field))
}

/// Gives every item read from a `citation.v1` record without a title (the
/// format makes it optional) its address as title, as an imported page
/// has, once records of one URL are merged (another may have the title).
pub(super) fn title_untitled_records(store: &mut Store) {
    for item in &mut store.items {
        if item.link_check.is_some()
            && item.display_title().is_none()
            && let Some(url) = &item.url
        {
            let normalized = crate::store::normalize_url(url).unwrap_or_else(|_| url.clone());
            item.title = Some(crate::store::address_title(&normalized));
        }
    }
}

/// Gives every item read from a `citation.v1` record a source, once the
/// whole registry is known. Records name no source: the registered source
/// whose longest `url_prefixes` entry starts the record's `url` is its
/// source; failing that, one source per host (`web:<host>`) is made up,
/// tier 3 (neither official nor monitor-only: nothing is known of it),
/// with the record's publisher or the host as publisher.
pub(super) fn assign_record_sources(store: &mut Store) {
    let mut prefixes: Vec<(&str, &str)> = store
        .sources
        .values()
        .flat_map(|source| {
            source
                .url_prefixes
                .iter()
                .filter(|prefix| !prefix.is_empty())
                .map(|prefix| (prefix.as_str(), source.source_id.as_str()))
        })
        .collect();
    // Longest prefix first; ties by source id, so the choice is stable.
    prefixes.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.1.cmp(b.1)));
    let mut made_up: BTreeMap<String, Source> = BTreeMap::new();
    for item in &mut store.items {
        if item.link_check.is_none() || item.source_id.is_some() {
            continue;
        }
        let url = item.url.as_deref().unwrap_or_default();
        if let Some((_, source_id)) = prefixes.iter().find(|(prefix, _)| url.starts_with(prefix)) {
            item.source_id = Some((*source_id).to_owned());
            continue;
        }
        let host = url::Url::parse(url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned))
            .unwrap_or_else(|| "unknown-host".to_owned());
        let source_id = format!("web:{host}");
        if !store.sources.contains_key(&source_id) {
            made_up.entry(source_id.clone()).or_insert_with(|| Source {
                source_id: source_id.clone(),
                publisher: host,
                tier: 3,
                paywall_policy: PaywallPolicy::Full,
                url_prefixes: Vec::new(),
                tags: Vec::new(),
            });
        }
        item.source_id = Some(source_id);
    }
    store.made_up.extend(made_up.keys().cloned());
    store.sources.extend(made_up);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passage_id_names_its_page() {
        let page = format!("cid_{}", "ab".repeat(32));
        assert_eq!(
            page_cid(&format!("{page}.0123456789ab")),
            Some(page.as_str())
        );
        assert_eq!(page_cid(&page), None);
        assert_eq!(page_cid("cid_abc.0123"), None);
        assert_eq!(page_cid("ev_doc0_p1-2.0123"), None);
    }
}
