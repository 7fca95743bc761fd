//! Marker resolution: `unknown-evidence`, `unknown-number`, `malformed-marker`,
//! `missing-field`, `unknown-source`, `deleted-evidence`, `invalid-evidence`,
//! `expired-evidence` and `unsafe-url`.
//!
//! A marker resolves when its id is in the store and the item has `url`,
//! `title`, `published_at` and a `source_id` the registry knows, its status
//! is neither `deleted` nor `invalid`, its `expires_at` is not past, and its
//! URL is absolute http(s).

use super::Rule;
use crate::markers::MarkerKind;
use crate::store::{CitationList, EvidenceItem, Source, Status, Store};
use jiff::Timestamp;

/// A marker that resolved: the item it cites and the item's source.
#[derive(Debug, Clone, Copy)]
pub struct Resolved<'s> {
    /// The evidence id.
    pub id: &'s str,
    /// The item.
    pub item: &'s EvidenceItem,
    /// The item's registry entry.
    pub source: &'s Source,
    /// The item's URL, checked to be absolute http(s).
    pub url: &'s str,
    /// The item's title.
    pub title: &'s str,
    /// When the item was published.
    pub published_at: Timestamp,
}

impl Resolved<'_> {
    /// The publisher: the item's own, else its source's.
    pub fn publisher(&self) -> &str {
        self.item
            .publisher
            .as_deref()
            .unwrap_or(&self.source.publisher)
    }
}

/// A marker that does not resolve: the rule, the message and the id (when
/// the marker names one).
pub type Unresolved = (Rule, String, Option<String>);

/// Resolves one marker against the store and the chapter's citation list.
pub fn resolve<'s>(
    marker: &MarkerKind,
    store: &'s Store,
    list: Option<&'s CitationList>,
    as_of: Timestamp,
) -> Result<Resolved<'s>, Unresolved> {
    let id: &str = match marker {
        MarkerKind::Evidence(id) | MarkerKind::Rendered(id) => id,
        MarkerKind::Malformed(raw) => {
            return Err((
                Rule::MalformedMarker,
                format!("malformed evidence marker `[{raw}]`"),
                None,
            ));
        }
        MarkerKind::Number(n) => {
            let entry = list.and_then(|list| list.ids.get(*n as usize - 1));
            match entry {
                Some(id) => id,
                None => {
                    let (len, origin) = list
                        .map(|l| (l.ids.len(), l.origin.to_string()))
                        .unwrap_or_default();
                    return Err((
                        Rule::UnknownNumber,
                        format!(
                            "citation [{n}] is not in this chapter's citation list ({len} items, {origin})"
                        ),
                        None,
                    ));
                }
            }
        }
    };
    let Some((id, item)) = store.item_entry(id) else {
        return Err((
            Rule::UnknownEvidence,
            format!("evidence `{id}` is not in the evidence store"),
            Some(id.to_owned()),
        ));
    };
    let fail = |rule: Rule, message: String| Err((rule, message, Some(id.to_owned())));
    match item.status {
        Status::Active => {}
        Status::Deleted => {
            return fail(
                Rule::DeletedEvidence,
                format!("evidence `{id}` is deleted (`status: deleted`)"),
            );
        }
        Status::Invalid => {
            return fail(
                Rule::InvalidEvidence,
                format!("evidence `{id}` is marked invalid (`status: invalid`)"),
            );
        }
    }
    let missing: Vec<&str> = [
        ("url", item.url.is_none()),
        ("title", item.title.is_none()),
        ("published_at", item.published_at.is_none()),
        ("source_id", item.source_id.is_none()),
    ]
    .into_iter()
    .filter_map(|(name, absent)| absent.then_some(name))
    .collect();
    let (Some(url), Some(title), Some(published_at), Some(source_id)) = (
        item.url.as_deref(),
        item.title.as_deref(),
        item.published_at,
        item.source_id.as_deref(),
    ) else {
        return fail(
            Rule::MissingField,
            format!(
                "evidence `{id}` lacks {} (required to cite it)",
                missing
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    };
    let Some(source) = store.source(source_id) else {
        return fail(
            Rule::UnknownSource,
            format!(
                "evidence `{id}` has source_id `{source_id}`, which is not in the source registry"
            ),
        );
    };
    if item.link().is_none() {
        return fail(
            Rule::UnsafeUrl,
            format!(
                "evidence `{id}` has url {url:?}, which is not an absolute http or https URL; it is never linked"
            ),
        );
    }
    if let Some(expires_at) = item.expires_at
        && expires_at < as_of
    {
        return fail(
            Rule::ExpiredEvidence,
            format!(
                "evidence `{id}` expired at {expires_at} (as of {})",
                as_of.strftime("%Y-%m-%dT%H:%M:%SZ")
            ),
        );
    }
    Ok(Resolved {
        id,
        item,
        source,
        url,
        title,
        published_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn store() -> Store {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("s.json"),
            r#"{"schema_version":"evidence.v1",
            "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
            "evidence":[
              {"id":"ok","source_id":"fed","url":"https://fed.gov/a","title":"A","published_at":"2026-02-10T14:00:00Z"},
              {"id":"own_pub","source_id":"fed","publisher":"FOMC","url":"http://fed.gov/b","title":"B","published_at":"2026-02-10T14:00:00Z"},
              {"id":"gone","source_id":"fed","url":"https://fed.gov/a","title":"A","published_at":"2026-02-10T14:00:00Z","status":"deleted"},
              {"id":"bad","source_id":"fed","url":"https://fed.gov/a","title":"A","published_at":"2026-02-10T14:00:00Z","status":"invalid"},
              {"id":"old","source_id":"fed","url":"https://fed.gov/a","title":"A","published_at":"2026-02-10T14:00:00Z","expires_at":"2026-03-01T00:00:00Z"},
              {"id":"bare","source_id":"fed","title":"A"},
              {"id":"stranger","source_id":"blog","url":"https://x.org","title":"A","published_at":"2026-02-10T14:00:00Z"},
              {"id":"js","source_id":"fed","url":"javascript:alert(1)","title":"A","published_at":"2026-02-10T14:00:00Z"}
            ],
            "chapters":{"brief.md":["ok","nope"]}}"#,
        )
        .unwrap();
        crate::store::load(dir.path(), &[PathBuf::from("s.json")]).unwrap()
    }

    fn rule_of(store: &Store, marker: MarkerKind, as_of: &str) -> Option<Rule> {
        let list = store.citation_list(Path::new("brief.md"));
        resolve(&marker, store, list, as_of.parse().unwrap())
            .err()
            .map(|(rule, _, _)| rule)
    }

    const NOW: &str = "2026-02-20T00:00:00Z";

    #[test]
    fn each_way_a_marker_fails_has_its_rule() {
        let s = store();
        let ev = |id: &str| MarkerKind::Evidence(id.into());
        assert_eq!(rule_of(&s, ev("ok"), NOW), None);
        assert_eq!(rule_of(&s, ev("missing"), NOW), Some(Rule::UnknownEvidence));
        assert_eq!(rule_of(&s, ev("gone"), NOW), Some(Rule::DeletedEvidence));
        assert_eq!(rule_of(&s, ev("bad"), NOW), Some(Rule::InvalidEvidence));
        assert_eq!(rule_of(&s, ev("bare"), NOW), Some(Rule::MissingField));
        assert_eq!(rule_of(&s, ev("stranger"), NOW), Some(Rule::UnknownSource));
        assert_eq!(rule_of(&s, ev("js"), NOW), Some(Rule::UnsafeUrl));
        assert_eq!(rule_of(&s, ev("old"), NOW), None);
        assert_eq!(
            rule_of(&s, ev("old"), "2026-03-02T00:00:00Z"),
            Some(Rule::ExpiredEvidence)
        );
        assert_eq!(
            rule_of(&s, MarkerKind::Malformed("EVID: x".into()), NOW),
            Some(Rule::MalformedMarker)
        );
    }

    #[test]
    fn numbers_resolve_through_the_chapter_list() {
        let s = store();
        assert_eq!(rule_of(&s, MarkerKind::Number(1), NOW), None);
        assert_eq!(
            rule_of(&s, MarkerKind::Number(2), NOW),
            Some(Rule::UnknownEvidence)
        );
        assert_eq!(
            rule_of(&s, MarkerKind::Number(3), NOW),
            Some(Rule::UnknownNumber)
        );
    }

    #[test]
    fn missing_fields_are_all_named() {
        let s = store();
        let err = resolve(
            &MarkerKind::Evidence("bare".into()),
            &s,
            None,
            NOW.parse().unwrap(),
        )
        .unwrap_err();
        assert!(err.1.contains("`url`, `published_at`"), "{}", err.1);
    }

    #[test]
    fn publisher_falls_back_to_the_source() {
        let s = store();
        let now = NOW.parse().unwrap();
        let ok = resolve(&MarkerKind::Evidence("ok".into()), &s, None, now).unwrap();
        assert_eq!(ok.publisher(), "Federal Reserve");
        let own = resolve(&MarkerKind::Evidence("own_pub".into()), &s, None, now).unwrap();
        assert_eq!(own.publisher(), "FOMC");
    }
}
