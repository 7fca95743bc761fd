//! Marker resolution: `unknown-evidence`, `unknown-number`, `malformed-marker`,
//! `missing-field`, `unknown-source`, `deleted-evidence`, `invalid-evidence`,
//! `expired-evidence`, `unsafe-url`, `registry-mismatch` and `stale-evidence`.
//!
//! A marker resolves when its id is in the store and the item has `url`,
//! `title` (or `document_title`), `published_at` (not for `citation.v1`
//! records, which have none) and a `source_id` the registry knows, its
//! status is neither `deleted` nor `invalid`, its `expires_at` is not past,
//! its URL is absolute http(s) and agrees with the registry (`url_prefixes`,
//! `publisher`), and it is not older than `max-age-days`.

use super::Rule;
use crate::config::Config;
use crate::markers::MarkerKind;
use crate::store::{
    CitationList, EvidenceItem, LinkStatus, PaywallPolicy, Published, Source, Status, Store,
};

/// A marker that resolved: the item it cites and the item's source.
#[derive(Debug, Clone, Copy)]
pub struct Resolved<'s> {
    /// The evidence id.
    pub id: &'s str,
    /// The item's index in the store (in load order): the key of its
    /// [`memo`](super::memo::Analyses).
    pub index: usize,
    /// The item.
    pub item: &'s EvidenceItem,
    /// The item's registry entry.
    pub source: &'s Source,
    /// The item's URL, checked to be absolute http(s).
    pub url: &'s str,
    /// The item's title (`title`, else `document_title`).
    pub title: &'s str,
    /// When the item was published; `None` only for `citation.v1` records,
    /// which carry no publication date.
    pub published_at: Option<Published>,
}

impl<'s> Resolved<'s> {
    /// The publisher: the item's own, else its source's.
    pub fn publisher(&self) -> &'s str {
        self.item
            .publisher
            .as_deref()
            .unwrap_or(&self.source.publisher)
    }

    /// Whether only metadata may be shown: the source is `metadata_only`, or
    /// the item's link check found a paywall.
    pub fn paywall_policy(&self) -> PaywallPolicy {
        match &self.item.link_check {
            Some(check) if check.status == LinkStatus::Paywalled => PaywallPolicy::MetadataOnly,
            _ => self.source.paywall_policy,
        }
    }
}

/// A marker that does not resolve: the rule, the message and the id (when
/// the marker names one).
pub(super) type Unresolved = (Rule, String, Option<String>);

/// Resolves one marker against the store and the chapter's citation list.
pub fn resolve<'s>(
    marker: &MarkerKind,
    store: &'s Store,
    list: Option<&'s CitationList>,
    config: &Config,
) -> Result<Resolved<'s>, Unresolved> {
    let id: &str = match marker {
        MarkerKind::Evidence(id) | MarkerKind::Rendered(id) => id,
        MarkerKind::Malformed(written) => {
            return Err((
                Rule::MalformedMarker,
                format!(
                    "cannot read the marker `{written}`: {}",
                    crate::markers::malformed_fix(written)
                ),
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
    resolve_id(id, store, config)
}

/// Resolves an evidence id (from a marker, or a citation list) against the
/// store.
pub fn resolve_id<'s>(
    id: &str,
    store: &'s Store,
    config: &Config,
) -> Result<Resolved<'s>, Unresolved> {
    let Some((index, id, item)) = store.indexed_entry(id) else {
        // A near id is named, not taken: it may be another document.
        let hint = crate::suggest::closest(id, store.ids())
            .map(|near| {
                format!(
                    "; the store has `{near}` (a similar id: check that it is the evidence meant before citing it)"
                )
            })
            .unwrap_or_else(|| empty_store_hint(store));
        return Err((
            Rule::UnknownEvidence,
            format!("evidence `{id}` is not in the evidence store{hint}"),
            Some(id.to_owned()),
        ));
    };
    let with_id = |(rule, message): Violation| (rule, message, Some(id.to_owned()));
    check_status(id, item).map_err(with_id)?;
    let Cited {
        url,
        title,
        source_id,
    } = required_fields(id, item).map_err(with_id)?;
    let Some(source) = store.source(source_id) else {
        let hint = store
            .nearest_source(source_id)
            .map(|near| format!("; did you mean `{near}`?"))
            .unwrap_or_default();
        return Err(with_id((
            Rule::UnknownSource,
            format!(
                "evidence `{id}` has source_id `{source_id}`, which is not in the source registry{hint}"
            ),
        )));
    };
    check_link(id, item, url, source_id, source).map_err(with_id)?;
    check_dates(id, item, config).map_err(with_id)?;
    Ok(Resolved {
        id,
        index,
        item,
        source,
        url,
        title,
        published_at: item.published_at,
    })
}

/// What to say when the store holds no item at all: which configured
/// directory is empty, so that an empty store never reads as a typo.
fn empty_store_hint(store: &Store) -> String {
    if !store.is_empty() {
        return String::new();
    }
    let dirs: Vec<String> = store
        .empty_directories()
        .iter()
        .map(|d| format!("`{}`", d.display()))
        .collect();
    if dirs.is_empty() {
        "; the evidence store holds no items yet".to_owned()
    } else {
        format!(
            "; the evidence store holds no items yet: {} holds no *.json or *.jsonl file (write the store files there, or point `store` under [preprocessor.evidence] at the files that hold this evidence)",
            dirs.join(", ")
        )
    }
}

/// A rule an item violates, and the message.
type Violation = (Rule, String);

/// `deleted-evidence` and `invalid-evidence`: the item's status (or its
/// link check's) must be active.
fn check_status(id: &str, item: &EvidenceItem) -> Result<(), Violation> {
    match item.status {
        Status::Active => Ok(()),
        Status::Deleted => Err((
            Rule::DeletedEvidence,
            format!("evidence `{id}` is deleted (`status: deleted`)"),
        )),
        Status::Invalid => {
            let message = match &item.link_check {
                Some(check) => {
                    let http = check
                        .http_status
                        .map(|code| format!(", HTTP {code}"))
                        .unwrap_or_default();
                    format!(
                        "evidence `{id}` failed its link check (`status: {}`{http}): {:?}",
                        check.status.as_str(),
                        check.notes
                    )
                }
                None => format!("evidence `{id}` is marked invalid (`status: invalid`)"),
            };
            Err((Rule::InvalidEvidence, message))
        }
    }
}

/// The fields a citation needs, present.
struct Cited<'s> {
    /// The item's URL, as written.
    url: &'s str,
    /// Its title (`title`, else `document_title`).
    title: &'s str,
    /// Its source's id.
    source_id: &'s str,
}

/// `missing-field`: an item needs a `url`, a title, a `source_id` and a
/// publication date. A web page needs no date: a `citation.v1` record (it
/// has a link check) or an imported page (its id is the address's `cid`)
/// rarely has one, and the References shows what is known. Names every
/// field missing.
fn required_fields<'s>(id: &str, item: &'s EvidenceItem) -> Result<Cited<'s>, Violation> {
    let dated = item.published_at.is_some()
        || item.link_check.is_some()
        || crate::store::is_content_addressed(id, item.url.as_deref());
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

/// `unsafe-url` and `registry-mismatch`: the URL must be absolute http(s)
/// and start with one of the source's `url_prefixes` (if it lists any),
/// and a publisher the item names must be its source's.
fn check_link(
    id: &str,
    item: &EvidenceItem,
    url: &str,
    source_id: &str,
    source: &Source,
) -> Result<(), Violation> {
    if item.link().is_none() {
        return Err((
            Rule::UnsafeUrl,
            format!(
                "evidence `{id}` has url {url:?}, which is not an absolute http or https URL; it is never linked"
            ),
        ));
    }
    if !source.url_prefixes.is_empty()
        && !source
            .url_prefixes
            .iter()
            .any(|p| url.starts_with(p.as_str()))
    {
        return Err((
            Rule::RegistryMismatch,
            format!(
                "evidence `{id}` has url {url:?}, which starts with none of the `url_prefixes` of source `{source_id}` ({})",
                source.url_prefixes.join(", ")
            ),
        ));
    }
    // A `citation.v1` record's source is made up from its URL's host, so
    // its own publisher is the only one there is.
    if let Some(publisher) = item.publisher.as_deref()
        && item.link_check.is_none()
        && publisher != source.publisher
    {
        return Err((
            Rule::RegistryMismatch,
            format!(
                "evidence `{id}` names publisher {publisher:?}, but its source `{source_id}` is published by {:?}",
                source.publisher
            ),
        ));
    }
    Ok(())
}

/// `stale-evidence` and `expired-evidence`: the item must be no older than
/// `max-age-days` and not expired, at the as-of date.
fn check_dates(id: &str, item: &EvidenceItem, config: &Config) -> Result<(), Violation> {
    let as_of = config.as_of;
    if let (Some(days), Some(published_at)) = (config.max_age_days, item.published_at)
        && (as_of.as_second() - published_at.at.as_second()) > i64::from(days) * 86_400
    {
        let age_days = (as_of.as_second() - published_at.at.as_second()) / 86_400;
        return Err((
            Rule::StaleEvidence,
            format!(
                "evidence `{id}` was published {age_days} days before the as-of date {} (max-age-days = {days})",
                as_of.strftime("%Y-%m-%d")
            ),
        ));
    }
    if let Some(expires_at) = item.expires_at
        && expires_at < as_of
    {
        return Err((
            Rule::ExpiredEvidence,
            format!(
                "evidence `{id}` expired at {expires_at} (as of {})",
                as_of.strftime("%Y-%m-%dT%H:%M:%SZ")
            ),
        ));
    }
    Ok(())
}

/// Kept under its old path: the check is the store's (import uses it).
pub use crate::store::is_http_url;

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn store() -> Store {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("s.json"),
            r#"{"schema_version":"evidence.v1",
            "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1},
              {"source_id":"reg","publisher":"Federal Reserve","tier":1,"url_prefixes":["https://www.federalreserve.gov/"]}],
            "evidence":[
              {"id":"ok","source_id":"fed","url":"https://fed.gov/a","title":"A","published_at":"2026-02-10T14:00:00Z"},
              {"id":"own_pub","source_id":"fed","publisher":"FOMC","url":"http://fed.gov/b","title":"B","published_at":"2026-02-10T14:00:00Z"},
              {"id":"same_pub","source_id":"fed","publisher":"Federal Reserve","url":"http://fed.gov/b","title":"B","published_at":"2026-02-10T14:00:00Z"},
              {"id":"elsewhere","source_id":"reg","url":"https://mirror.example/fed","title":"B","published_at":"2026-02-10T14:00:00Z"},
              {"id":"at_home","source_id":"reg","url":"https://www.federalreserve.gov/x","title":"B","published_at":"2026-02-10T14:00:00Z"},
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

    fn config(as_of: &str) -> Config {
        Config::from_value(serde_json::json!({"store": "s", "as-of": as_of})).unwrap()
    }

    fn rule_of(store: &Store, marker: MarkerKind, as_of: &str) -> Option<Rule> {
        let list = store.citation_list(Path::new("brief.md"));
        resolve(&marker, store, list, &config(as_of))
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
            rule_of(&s, MarkerKind::Malformed("[EVID: x y]".into()), NOW),
            Some(Rule::MalformedMarker)
        );
    }

    #[test]
    fn registry_prefixes_and_staleness() {
        let s = store();
        let ev = |id: &str| MarkerKind::Evidence(id.into());
        assert_eq!(rule_of(&s, ev("at_home"), NOW), None);
        assert_eq!(
            rule_of(&s, ev("elsewhere"), NOW),
            Some(Rule::RegistryMismatch)
        );
        let mut fresh = config(NOW);
        fresh.max_age_days = Some(10);
        let list = s.citation_list(Path::new("brief.md"));
        assert!(resolve(&ev("ok"), &s, list, &fresh).is_ok());
        fresh.max_age_days = Some(9);
        let err = resolve(&ev("ok"), &s, list, &fresh).unwrap_err();
        assert_eq!(err.0, Rule::StaleEvidence);
        assert!(err.1.contains("9 days before"), "{}", err.1);
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
        let err =
            resolve(&MarkerKind::Evidence("bare".into()), &s, None, &config(NOW)).unwrap_err();
        assert!(err.1.contains("`url`, `published_at`"), "{}", err.1);
    }

    #[test]
    fn publisher_falls_back_to_the_source() {
        let s = store();
        let now = config(NOW);
        let ok = resolve(&MarkerKind::Evidence("ok".into()), &s, None, &now).unwrap();
        assert_eq!(ok.publisher(), "Federal Reserve");
        let same = resolve(&MarkerKind::Evidence("same_pub".into()), &s, None, &now).unwrap();
        assert_eq!(same.publisher(), "Federal Reserve");
        let own = resolve(&MarkerKind::Evidence("own_pub".into()), &s, None, &now);
        assert_eq!(own.unwrap_err().0, Rule::RegistryMismatch);
    }

    /// A store with `citation.v1` records and an item titled only by the
    /// model API's `document_title`.
    fn records_store() -> (Store, impl Fn(&str) -> String) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("s.json"),
            r#"{"schema_version":"evidence.v1",
            "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
            "evidence":[{"id":"api","source_id":"fed","url":"https://fed.gov/a","document_title":"From the API",
                          "published_at":"2026-02-10T14:00:00Z"}]}"#,
        )
        .unwrap();
        let line = |url: &str, status: &str, extra: &str| {
            let normalized = crate::store::normalize_url(url).unwrap();
            format!(
                r#"{{"schema_version":"citation.v1","normalized_url":"{normalized}","cid":"{}","url":"{normalized}","url_original":"{url}","status":"{status}","checked_at":"2026-02-13T12:35:00Z","found_by":[],"title":"T","publisher":"P"{extra}}}"#,
                crate::store::cid(&normalized)
            )
        };
        let lines = [
            line("https://a.example/ok", "valid", r#","notes":"ok""#),
            line(
                "https://a.example/pay",
                "paywalled",
                r#","notes":"login wall""#,
            ),
            line(
                "https://a.example/dead",
                "invalid",
                r#","http_status":404,"notes":"404 Not Found""#,
            ),
            line(
                "https://a.example/other",
                "mismatch",
                r#","http_status":200,"notes":"page does not mention the claim""#,
            ),
            line("https://a.example/bot", "blocked", r#","notes":"captcha""#),
        ];
        std::fs::write(dir.path().join("c.jsonl"), lines.join("\n")).unwrap();
        let store = crate::store::load(
            dir.path(),
            &[PathBuf::from("s.json"), PathBuf::from("c.jsonl")],
        )
        .unwrap();
        let id = |path: &str| {
            crate::store::cid(
                &crate::store::normalize_url(&format!("https://a.example/{path}")).unwrap(),
            )
        };
        (store, id)
    }

    #[test]
    fn records_resolve_by_link_status_and_failures_carry_http_status_and_notes() {
        let (s, id) = records_store();
        let now = config(NOW);
        let cite = |path: &str| resolve(&MarkerKind::Evidence(id(path)), &s, None, &now);
        let ok = cite("ok").unwrap();
        assert_eq!(ok.published_at, None, "records carry no publication date");
        assert_eq!(ok.paywall_policy(), PaywallPolicy::Full);
        assert_eq!(
            cite("pay").unwrap().paywall_policy(),
            PaywallPolicy::MetadataOnly
        );
        for (path, expected) in [
            ("dead", "(`status: invalid`, HTTP 404): \"404 Not Found\""),
            (
                "other",
                "(`status: mismatch`, HTTP 200): \"page does not mention the claim\"",
            ),
            ("bot", "(`status: blocked`): \"captcha\""),
        ] {
            let (rule, message, _) = cite(path).unwrap_err();
            assert_eq!(rule, Rule::InvalidEvidence);
            assert!(message.contains("failed its link check"), "{message}");
            assert!(message.ends_with(expected), "{message}");
        }
    }

    #[test]
    fn document_title_stands_in_for_a_missing_title() {
        let (s, _) = records_store();
        let api = resolve(&MarkerKind::Evidence("api".into()), &s, None, &config(NOW)).unwrap();
        assert_eq!(api.title, "From the API");
    }
}
