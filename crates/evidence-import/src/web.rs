//! Web evidence: pages a model cites by URL (web search results, fetched
//! pages, URL annotations, grounding chunks).
//!
//! A web item is content-addressed: its id is the `citation.v1` `cid` of
//! its normalized URL (`cid_` + SHA-256), so any answer citing the same
//! page names the same item, re-importing an answer changes nothing, and an
//! item and a `citations.jsonl` record for the same URL are the same
//! evidence. Where one answer cites several passages of one page, each
//! passage is its own item (see [`super::fragment`]).
//!
//! A response knows a page's URL, usually its title and the cited passage,
//! rarely its publisher, publication date or credibility. Those stay empty
//! (the source is `web:<host>`, tier 3, published by the host) unless a
//! `--sources` file gives them, keyed by URL prefix or host:
//!
//! ```json
//! {"sources": {
//!   "reuters.com": {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
//!   "https://www.ft.com/": {"publisher": "Financial Times", "tier": 2,
//!                           "paywall_policy": "metadata_only"},
//!   "https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm":
//!     {"published_at": "2026-02-10T19:00:00Z", "title": "FOMC statement"}
//! }}
//! ```
//!
//! A key with `://` is a URL prefix, else a host (which matches its
//! subdomains too). Every entry that matches a URL contributes, the more
//! specific one winning a field: hosts before URL prefixes, shorter before
//! longer.

use crate::documents::{id_safe, policy_name};
use crate::fragment::{Cited, Item, Quote, Snippet, SourceEntry, Sources};
use anyhow::{Context as _, bail};
use evidence_core::store::{PaywallPolicy, cid, normalize_url, parse_rfc3339};
use evidence_core::syntax::is_evidence_id;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// A cited URL that is no address, even percent-encoded as a browser
/// would: the citation is dropped, not the answer (see
/// [`super::Draft::web_or_drop`]).
#[derive(Debug)]
pub(crate) struct NotAnAddress(String);

impl std::fmt::Display for NotAnAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotAnAddress {}

/// `url` as a browser sends it when it is typed or pasted: trimmed, tabs
/// and line breaks removed, and white space, controls, invisible format
/// marks and the characters a URL never holds raw (`"<>\``) percent-encoded
/// (a live Google Search grounding URL holds `…San Francisco, CA…`).
/// Everything else stays as written, so a URL that was already an address
/// keeps its identity.
pub(crate) fn browser_encoded(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.trim().chars() {
        if matches!(c, '\t' | '\n' | '\r') {
            continue;
        }
        let raw = c.is_whitespace()
            || c.is_control()
            || matches!(c, '"' | '<' | '>' | '`')
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
        if raw {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// What a response says of one cited page.
#[derive(Debug, Default)]
pub(crate) struct WebCite {
    /// The URL as given.
    pub(crate) url: String,
    /// The page's title.
    pub title: Option<String>,
    /// The passage cited, as the response quotes it.
    pub(crate) passage: Option<String>,
    /// The passage's character offsets in the page's text, when known.
    pub(crate) offsets: Option<(u64, u64)>,
    /// A search result's summary of the page (not a quote).
    pub(crate) snippet: Option<String>,
    /// RFC 3339 publication time.
    pub(crate) published_at: Option<String>,
    /// RFC 3339 time the page was fetched.
    pub(crate) fetched_at: Option<String>,
    /// The site, when the URL does not show it (a redirect URL).
    pub(crate) site: Option<String>,
    /// Whether the URL only redirects to the page (kept as given, tagged
    /// `redirect-url`).
    pub(crate) redirect: bool,
}

/// The `--sources` file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SitesFile {
    sources: BTreeMap<String, SiteEntry>,
}

/// What the `--sources` file says of the pages under one key.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SiteEntry {
    #[serde(default)]
    source_id: Option<String>,
    #[serde(default)]
    publisher: Option<String>,
    #[serde(default)]
    tier: Option<u8>,
    #[serde(default)]
    paywall_policy: Option<PaywallPolicy>,
    #[serde(default)]
    published_at: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
}

/// Metadata for web pages, from `--sources`, and titles from `--title-for`.
#[derive(Debug, Default)]
pub(crate) struct Sites {
    /// `(key, entry)`, hosts lower-cased.
    entries: Vec<(String, SiteEntry)>,
    /// `--title-for KEY TITLE` pairs.
    titles: Vec<(String, String)>,
}

impl Sites {
    /// Reads a `--sources` file (when given) and takes the `--title-for`
    /// pairs.
    pub(crate) fn new(path: Option<&Path>, titles: Vec<(String, String)>) -> anyhow::Result<Sites> {
        let mut sites = Sites {
            entries: Vec::new(),
            titles,
        };
        let Some(path) = path else {
            return Ok(sites);
        };
        let file: SitesFile = crate::read_json(path, "sources file")?;
        for (key, mut entry) in file.sources {
            let at = format!("{}: `sources[{key:?}]`", path.display());
            let key = if key.contains("://") {
                if !evidence_core::store::is_http_url(&key) {
                    bail!("{at}: a URL prefix must be an absolute http or https URL");
                }
                key
            } else {
                let host = key.trim().trim_end_matches('/').to_lowercase();
                if host.is_empty() || host.contains(['/', ' ']) {
                    bail!(
                        "{at}: a key is a URL prefix (with `://`) or a host such as `reuters.com`"
                    );
                }
                host
            };
            if let Some(tier) = entry.tier
                && !(1..=4).contains(&tier)
            {
                bail!("{at}.tier: expected a tier from 1 to 4, found {tier}");
            }
            if let Some(id) = &entry.source_id
                && !is_evidence_id(id)
            {
                bail!(
                    "{at}.source_id: invalid id {id:?}: use ASCII letters, digits and `_ . : / -` only"
                );
            }
            if let Some(date) = entry.published_at.take() {
                entry.published_at =
                    Some(timestamp(&date).with_context(|| format!("{at}.published_at"))?);
            }
            sites.entries.push((key, entry));
        }
        Ok(sites)
    }

    /// The title `--title-for` gives for `key` (a URL, a document index or
    /// name).
    pub(crate) fn title_for(&self, keys: &[&str]) -> Option<String> {
        self.titles
            .iter()
            .rev()
            .find(|(key, _)| keys.contains(&key.as_str()))
            .map(|(_, title)| title.clone())
    }

    /// Everything known of the page at `url` (normalized `normalized`) on
    /// `host`, and the source id its entries give.
    fn lookup(&self, url: &str, normalized: &str, host: &str) -> (SiteEntry, String) {
        let mut matched: Vec<&(String, SiteEntry)> = self
            .entries
            .iter()
            .filter(|(key, _)| {
                if key.contains("://") {
                    url.starts_with(key.as_str()) || normalized.starts_with(key.as_str())
                } else {
                    host == key || host.ends_with(&format!(".{key}"))
                }
            })
            .collect();
        matched.sort_by_key(|(key, _)| (key.contains("://"), key.len()));
        let mut out = SiteEntry::default();
        let mut source_id = format!("web:{}", id_safe(host));
        for (key, entry) in matched {
            if !key.contains("://") {
                source_id = format!("web:{}", id_safe(key));
            }
            if let Some(id) = &entry.source_id {
                source_id.clone_from(id);
            }
            macro_rules! take {
                ($($field:ident),*) => {$(
                    if entry.$field.is_some() {
                        out.$field.clone_from(&entry.$field);
                    }
                )*};
            }
            take!(publisher, tier, paywall_policy, published_at, title);
            out.tags.extend(entry.tags.iter().cloned());
        }
        (out, source_id)
    }

    /// The item of a cited page, registering its source in `sources`;
    /// `at` names the citation in messages. Returns the draft and whether
    /// its title had to be made from the address.
    pub(crate) fn item(
        &self,
        cite: WebCite,
        sources: &mut Sources,
        at: &str,
    ) -> anyhow::Result<(Cited, bool)> {
        let encoded = browser_encoded(&cite.url);
        let url = encoded.as_str();
        if !evidence_core::store::is_http_url(url) {
            return Err(NotAnAddress(format!(
                "{at}: the cited URL {:?} is not an absolute http or https URL",
                cite.url
            ))
            .into());
        }
        let normalized = normalize_url(url).map_err(|err| NotAnAddress(format!("{at}: {err}")))?;
        let url_host = url::Url::parse(url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_lowercase))
            .unwrap_or_default();
        let host = cite
            .site
            .as_deref()
            .map(|site| site.trim().to_lowercase())
            .filter(|site| !site.is_empty() && !site.contains(['/', ' ']))
            .unwrap_or(url_host);
        let (meta, source_id) = self.lookup(url, &normalized, &host);
        let policy = meta.paywall_policy.unwrap_or_default();
        sources.add(
            SourceEntry {
                source_id: source_id.clone(),
                publisher: meta.publisher.clone().unwrap_or_else(|| host.clone()),
                tier: meta.tier.unwrap_or(3),
                paywall_policy: policy_name(policy),
            },
            at,
        )?;
        let given = cite
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned);
        let title = given
            .or_else(|| self.title_for(&[url, &normalized]))
            .or(meta.title);
        let addressed = title.is_none();
        let title = title.unwrap_or_else(|| evidence_core::store::address_title(&normalized));
        let published_at = match cite.published_at.or(meta.published_at) {
            Some(date) => Some(timestamp(&date).with_context(|| format!("{at}: the page's date"))?),
            None => None,
        };
        let full = policy == PaywallPolicy::Full;
        let passage = cite.passage.filter(|p| !p.trim().is_empty());
        let mut tags = meta.tags;
        if cite.redirect {
            tags.push("redirect-url".to_owned());
        }
        let item = Item {
            id: cid(&normalized),
            source_id,
            publisher: None,
            doc_id: None,
            url: url.to_owned(),
            title: Some(title),
            document_title: None,
            published_at,
            fetched_at: cite.fetched_at,
            cited_text: passage.clone().filter(|_| full),
            source_span: cite.offsets.filter(|_| full).map(|(s, e)| [s, e]),
            quote_span: passage.clone().filter(|_| full).map(|text| Quote {
                start: cite.offsets.map(|o| o.0),
                end: cite.offsets.map(|o| o.1),
                text,
            }),
            // A paywalled page keeps no quote: what was cited of it is its
            // snippet; a search summary is a snippet too.
            snippet_span: passage
                .clone()
                .filter(|_| !full)
                .or(cite.snippet.filter(|s| !s.trim().is_empty()))
                .map(|text| Snippet { text }),
            tags,
        };
        Ok((Cited { item, passage }, addressed))
    }
}

/// An RFC 3339 timestamp, or a date (`2025-03-14`, read as its start, UTC)
/// as search results give them.
pub(crate) fn timestamp(text: &str) -> anyhow::Result<String> {
    let text = text.trim();
    if parse_rfc3339(text).is_ok() {
        return Ok(text.to_owned());
    }
    if let Ok(date) = text.parse::<jiff::civil::Date>()
        && text.len() == 10
    {
        return Ok(format!("{date}T00:00:00Z"));
    }
    bail!("expected an RFC 3339 timestamp or a date such as \"2026-02-10\", found {text:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sites(json: &str) -> Sites {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, json).unwrap();
        Sites::new(Some(&path), vec![]).unwrap()
    }

    #[test]
    fn entries_match_by_host_and_prefix_the_specific_one_winning() {
        let sites = sites(
            r#"{"sources": {
                "reuters.com": {"publisher": "Reuters", "tier": 2},
                "https://www.reuters.com/markets/": {"tier": 1, "published_at": "2026-02-10"},
                "ft.com": {"source_id": "ft", "publisher": "FT"}}}"#,
        );
        let url = "https://www.reuters.com/markets/fed";
        let (meta, id) = sites.lookup(url, url, "www.reuters.com");
        assert_eq!(id, "web:reuters.com");
        assert_eq!(meta.publisher.as_deref(), Some("Reuters"));
        assert_eq!(meta.tier, Some(1));
        assert_eq!(meta.published_at.as_deref(), Some("2026-02-10T00:00:00Z"));
        let (meta, id) = sites.lookup("https://ft.com/a", "https://ft.com/a", "ft.com");
        assert_eq!((id.as_str(), meta.tier), ("ft", None));
        let (_, id) = sites.lookup("https://notreuters.com/", "", "notreuters.com");
        assert_eq!(id, "web:notreuters.com");
    }

    #[test]
    fn a_page_is_content_addressed_and_takes_what_is_known() {
        let mut sources = Sources::default();
        let (draft, addressed) = Sites::default()
            .item(
                WebCite {
                    url: "https://Example.com/doc?utm_source=openai".into(),
                    passage: Some("It rose.".into()),
                    ..WebCite::default()
                },
                &mut sources,
                "here",
            )
            .unwrap();
        assert!(addressed);
        assert_eq!(draft.item.id, cid("https://example.com/doc"));
        assert_eq!(draft.item.title.as_deref(), Some("example.com/doc"));
        assert_eq!(draft.item.source_id, "web:example.com");
        assert_eq!(sources.get("web:example.com").map(|s| s.tier), Some(3));
        assert_eq!(draft.item.cited_text.as_deref(), Some("It rose."));
    }
}
