//! Marker resolution: the order of the eleven checks a marker passes
//! (`malformed-marker`, `unknown-number`, `unknown-evidence`,
//! `deleted-evidence`, `invalid-evidence`, `missing-field`, `unknown-source`,
//! `unsafe-url`, `registry-mismatch`, `stale-evidence`, `expired-evidence`),
//! each of which is in its rule's file (`markers/`, `sources/`); the
//! checks of the item an id names are run by `item_checks`. The first that
//! fails is the marker's finding, so the order here is part of the output.
//!
//! A marker resolves when its id is in the store and the item has `url`,
//! `title` (or `document_title`), `published_at` (not for `citation.v1`
//! records, which have none) and a `source_id` the registry knows, its
//! status is neither `deleted` nor `invalid`, its `expires_at` is not past,
//! its URL is absolute http(s) and agrees with the registry (`url_prefixes`,
//! `publisher`), and it is not older than `max-age-days`.

use crate::item_checks;
use crate::markers::{malformed_marker, unknown_evidence, unknown_number};
use crate::meta::Violation;
use crate::resolved::Resolved;
use evidence_core::config::Config;
use evidence_core::markers::MarkerKind;
use evidence_core::rule::Rule;
use evidence_core::store::{CitationList, Store};

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
            let (rule, message) = malformed_marker::violation(written);
            return Err((rule, message, None));
        }
        MarkerKind::Number(n) => {
            let entry = list.and_then(|list| list.ids.get(*n as usize - 1));
            match entry {
                Some(id) => id,
                None => {
                    let (rule, message) = unknown_number::violation(*n, list);
                    return Err((rule, message, None));
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
        let (rule, message) = unknown_evidence::violation(id, store);
        return Err((rule, message, Some(id.to_owned())));
    };
    let with_id = |(rule, message): Violation| (rule, message, Some(id.to_owned()));
    item_checks::check(index, id, item, store, config).map_err(with_id)
}

#[cfg(test)]
mod tests {
    use crate::resolution::*;
    use evidence_core::store::PaywallPolicy;
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
        evidence_core::store::load(dir.path(), &[PathBuf::from("s.json")]).unwrap()
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

    /// The item checks run in a fixed order and the first failing one is
    /// the marker's finding: each item below fails its rule and every later
    /// one, so moving a check in `resolve_id` fails this test.
    #[test]
    fn the_first_failing_check_in_order_is_the_finding() {
        let dir = tempfile::tempdir().unwrap();
        let item = |id: &str, fields: &str| {
            format!(r#"{{"id":"{id}","expires_at":"2026-01-01T00:00:00Z",{fields}}}"#)
        };
        let items = [
            item(
                "d1",
                r#""status":"deleted","source_id":"nope","url":"javascript:x","published_at":"2020-01-01T00:00:00Z""#,
            ),
            item(
                "d2",
                r#""source_id":"nope","url":"javascript:x","published_at":"2020-01-01T00:00:00Z""#,
            ),
            item(
                "d3",
                r#""title":"T","source_id":"nope","url":"javascript:x","published_at":"2020-01-01T00:00:00Z""#,
            ),
            item(
                "d4",
                r#""title":"T","source_id":"reg","url":"javascript:x","published_at":"2020-01-01T00:00:00Z""#,
            ),
            item(
                "d5",
                r#""title":"T","source_id":"reg","url":"https://mirror.example/x","published_at":"2020-01-01T00:00:00Z""#,
            ),
            item(
                "d6",
                r#""title":"T","source_id":"reg","url":"https://www.federalreserve.gov/x","published_at":"2020-01-01T00:00:00Z""#,
            ),
            item(
                "d7",
                r#""title":"T","source_id":"reg","url":"https://www.federalreserve.gov/x","published_at":"2026-02-19T00:00:00Z""#,
            ),
        ];
        std::fs::write(
            dir.path().join("s.json"),
            format!(
                r#"{{"schema_version":"evidence.v1",
                "sources":[{{"source_id":"reg","publisher":"Federal Reserve","tier":1,"url_prefixes":["https://www.federalreserve.gov/"]}}],
                "evidence":[{}]}}"#,
                items.join(",")
            ),
        )
        .unwrap();
        let s = evidence_core::store::load(dir.path(), &[PathBuf::from("s.json")]).unwrap();
        let mut config = config(NOW);
        config.max_age_days = Some(30);
        let order: Vec<Option<Rule>> = ["d1", "d2", "d3", "d4", "d5", "d6", "d7"]
            .iter()
            .map(|id| resolve_id(id, &s, &config).err().map(|(rule, _, _)| rule))
            .collect();
        assert_eq!(
            order,
            [
                Rule::DeletedEvidence,
                Rule::MissingField,
                Rule::UnknownSource,
                Rule::UnsafeUrl,
                Rule::RegistryMismatch,
                Rule::StaleEvidence,
                Rule::ExpiredEvidence,
            ]
            .map(Some)
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
            let normalized = evidence_core::store::normalize_url(url).unwrap();
            format!(
                r#"{{"schema_version":"citation.v1","normalized_url":"{normalized}","cid":"{}","url":"{normalized}","url_original":"{url}","status":"{status}","checked_at":"2026-02-13T12:35:00Z","found_by":[],"title":"T","publisher":"P"{extra}}}"#,
                evidence_core::store::cid(&normalized)
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
        let store = evidence_core::store::load(
            dir.path(),
            &[PathBuf::from("s.json"), PathBuf::from("c.jsonl")],
        )
        .unwrap();
        let id = |path: &str| {
            evidence_core::store::cid(
                &evidence_core::store::normalize_url(&format!("https://a.example/{path}")).unwrap(),
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
