//! The evidence model: sources, evidence items and chapter citation lists,
//! as they are deserialized from an `evidence.v1` store file (and as
//! `citation.v1` records are mapped onto them).

use crate::store::dates;
use crate::store::dates::{parse_instant, parse_rfc3339};
use jiff::Timestamp;
use serde::{Deserialize, Deserializer};
use std::sync::OnceLock;

/// An entry of the source registry: who publishes, and how far they are trusted.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The id that evidence items refer to with their `source_id`.
    pub source_id: String,
    /// The publisher's display name.
    pub publisher: String,
    /// Credibility tier: 1 (official) to 4 (monitor only).
    #[serde(deserialize_with = "tier")]
    pub tier: u8,
    /// Whether full text may be quoted (`full`) or only metadata (`metadata_only`).
    #[serde(default)]
    pub paywall_policy: PaywallPolicy,
    /// URL prefixes that this source's items must start with.
    #[serde(default)]
    pub url_prefixes: Vec<String>,
    /// Free-form tags, e.g. `policy_centralbank`.
    #[serde(default)]
    pub tags: Vec<String>,
}

/// How much of a source's text may be shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaywallPolicy {
    /// The full text may be stored and quoted.
    #[default]
    Full,
    /// Only title, URL, date and snippet: the source is paywalled.
    MetadataOnly,
}

/// The lifecycle status of an evidence item.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Usable (the default when `status` is absent).
    #[default]
    Active,
    /// Removed from the store; citing it is a violation.
    Deleted,
    /// Known to be wrong or unreachable; citing it is a violation.
    Invalid,
}

/// A located excerpt of a document's full text.
///
/// Offsets count characters (Unicode scalar values), not bytes, from 0, with
/// the end exclusive: the unit of the model APIs' `start_char_index` /
/// `end_char_index` stored as `source_span`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuoteSpan {
    /// Character offset of the quote's start in the document, when known.
    #[serde(default)]
    pub start: Option<u64>,
    /// Character offset of the quote's end (exclusive), when known.
    #[serde(default)]
    pub end: Option<u64>,
    /// The quoted text.
    pub text: String,
}

/// A headline or RSS snippet: allowed for every source, paywalled ones included.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SnippetSpan {
    /// The snippet's text.
    pub text: String,
}

/// What a link checker found for a URL (a `citation.v1` record's `status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkStatus {
    /// The page is reachable and says what was cited.
    Valid,
    /// The page exists behind a paywall: citable, tagged `[Paywall]`.
    Paywalled,
    /// The page is unreachable or does not exist.
    Invalid,
    /// The page does not say what was cited.
    Mismatch,
    /// The checker was blocked from reading the page.
    Blocked,
}

impl LinkStatus {
    /// The status as the record writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkStatus::Valid => "valid",
            LinkStatus::Paywalled => "paywalled",
            LinkStatus::Invalid => "invalid",
            LinkStatus::Mismatch => "mismatch",
            LinkStatus::Blocked => "blocked",
        }
    }
}

/// The link check behind an item read from a `citation.v1` record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkCheck {
    /// What the checker found.
    pub status: LinkStatus,
    /// The HTTP status of the check, when the record has one.
    pub http_status: Option<u16>,
    /// The checker's diagnostics.
    pub notes: String,
}

/// A citation object: one stored piece of evidence.
///
/// The fields that a citation needs in order to resolve (`url`, `title`,
/// `published_at`, `source_id`) are optional here on purpose: an item without
/// them still loads, and citing it is reported as `missing-field` at the
/// marker, where the author can act on it.
///
/// Unknown fields are errors, so that a mistyped field (`paywall_polcy`)
/// is reported instead of silently ignored; a newer format comes with a new
/// `schema_version`. Every field added since the first version is optional,
/// so an older store loads too.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvidenceItem {
    /// The id that markers cite, e.g. `ev_abc123`.
    pub id: String,
    /// The registry entry of the item's source.
    #[serde(default)]
    pub source_id: Option<String>,
    /// The publisher's name; the source's when absent.
    #[serde(default)]
    pub publisher: Option<String>,
    /// Document id in the pipeline's own store.
    #[serde(default)]
    pub doc_id: Option<String>,
    /// Chunk id in the pipeline's own store.
    #[serde(default)]
    pub chunk_id: Option<String>,
    /// Canonical URL of the document.
    #[serde(default)]
    pub url: Option<String>,
    /// Document title.
    #[serde(default)]
    pub title: Option<String>,
    /// When the document was published, in its own offset.
    #[serde(default, deserialize_with = "published")]
    pub published_at: Option<Published>,
    /// When the pipeline fetched the document.
    #[serde(default, deserialize_with = "timestamp")]
    pub fetched_at: Option<Timestamp>,
    /// A quote from the full text (full-text sources only).
    #[serde(default)]
    pub quote_span: Option<QuoteSpan>,
    /// A headline or snippet.
    #[serde(default)]
    pub snippet_span: Option<SnippetSpan>,
    /// Lifecycle status; `active` when absent.
    #[serde(default, deserialize_with = "status")]
    pub status: Status,
    /// After this instant the item may no longer be cited.
    #[serde(default, deserialize_with = "timestamp")]
    pub expires_at: Option<Timestamp>,
    /// Free-form tags, e.g. `macro_data`.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Ids of items that this one contradicts: a chapter that
    /// cites both gets a conflicting-evidence note.
    #[serde(default)]
    pub contradicts: Vec<String>,
    /// The exact passage a model cited, shown under the item's
    /// References entry for full-text sources.
    #[serde(default)]
    pub cited_text: Option<String>,
    /// `[start, end]` character offsets of `cited_text` in `content`.
    #[serde(default)]
    pub source_span: Option<[u64; 2]>,
    /// The document's title as the model API reported it; stands in for a
    /// missing `title`.
    #[serde(default)]
    pub document_title: Option<String>,
    /// The document's full text, when the store carries it: spans are then
    /// checked against it (`span-mismatch`).
    #[serde(default)]
    pub content: Option<String>,
    /// The link check, for items read from a `citation.v1` record; never
    /// read from an `evidence.v1` file.
    #[serde(skip)]
    pub link_check: Option<LinkCheck>,
    /// How `fetch` went for the item's page, from a `fetched.v1` record;
    /// never read from an `evidence.v1` file.
    #[serde(skip)]
    pub fetch: Option<crate::store::fetched::FetchOutcome>,
    /// [`EvidenceItem::link`], worked out on first use.
    #[serde(skip)]
    pub link: OnceLock<Link>,
}

impl EvidenceItem {
    /// The title: `title`, else the model API's `document_title`.
    pub fn display_title(&self) -> Option<&str> {
        self.title.as_deref().or(self.document_title.as_deref())
    }

    /// The passage the item cites from the full text: `cited_text`, else
    /// `quote_span.text`.
    pub fn cited_passage(&self) -> Option<&str> {
        self.cited_text
            .as_deref()
            .or(self.quote_span.as_ref().map(|q| q.text.as_str()))
            .filter(|text| !text.trim().is_empty())
    }

    /// Every passage the item holds that a claim can be checked against:
    /// `cited_text`, `quote_span.text` and `snippet_span.text`.
    pub fn passages(&self) -> impl Iterator<Item = &str> {
        [
            self.cited_text.as_deref(),
            self.quote_span.as_ref().map(|q| q.text.as_str()),
            self.snippet_span.as_ref().map(|s| s.text.as_str()),
        ]
        .into_iter()
        .flatten()
        .filter(|text| !text.trim().is_empty())
    }
}

/// The text between two character offsets (Unicode scalar values, end
/// exclusive: the unit of every span in the store), if both fall within
/// `text` and `start <= end`.
pub fn char_slice(text: &str, start: u64, end: u64) -> Option<&str> {
    let (start, end) = (usize::try_from(start).ok()?, usize::try_from(end).ok()?);
    if start > end {
        return None;
    }
    let mut bounds = text
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()));
    let from = bounds.nth(start)?;
    let to = if end == start {
        from
    } else {
        bounds.nth(end - start - 1)?
    };
    Some(&text[from..to])
}

/// What an item's `url` is as a link.
#[derive(Debug, Clone)]
pub enum Link {
    /// Not an absolute http(s) URL with a host (or no `url` at all).
    Unsafe,
    /// Linkable, and already in the url crate's serialization.
    AsWritten,
    /// Linkable, once percent-encoded (or otherwise normalized).
    Normalized(Box<str>),
}

impl EvidenceItem {
    /// The item's `url` as a link: the `url` crate's serialization
    /// (percent-encoded, so it holds no space, quote, angle bracket or brace) when
    /// it is an absolute http or https URL with a host; `None` otherwise.
    ///
    /// Parsed once per item, however often the item is cited; an item is
    /// shared by the threads that render chapters.
    pub fn link(&self) -> Option<&str> {
        let link = self.link.get_or_init(|| {
            let Some(written) = self.url.as_deref() else {
                return Link::Unsafe;
            };
            match url::Url::parse(written) {
                Ok(url) if matches!(url.scheme(), "http" | "https") && url.host().is_some() => {
                    // Braces too, which the url crate leaves in a query or
                    // fragment: no `{{#include …}}` may reach mdBook's links
                    // preprocessor.
                    let serialized = url.as_str();
                    if serialized == written && !serialized.contains(['{', '}']) {
                        Link::AsWritten
                    } else {
                        Link::Normalized(serialized.replace('{', "%7B").replace('}', "%7D").into())
                    }
                }
                _ => Link::Unsafe,
            }
        });
        match link {
            Link::Unsafe => None,
            Link::AsWritten => self.url.as_deref(),
            Link::Normalized(url) => Some(url),
        }
    }
}

/// Parses an RFC 3339 timestamp or a date alone (its start, UTC), saying
/// what to write when it is neither. The text is parsed where it lies,
/// never copied.
fn timestamp<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Timestamp>, D::Error> {
    struct Visitor;
    impl<'de> serde::de::Visitor<'de> for Visitor {
        type Value = Option<Timestamp>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a string")
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_str(self)
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
            parse_instant(text).map(Some).map_err(E::custom)
        }
    }
    deserializer.deserialize_option(Visitor)
}

/// A publication time as the store writes it: the instant, and the offset
/// it was given in, so that a reader is told the day the publication gives
/// (`2026-02-10T23:30:00-05:00` is Feb 10, not the UTC day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Published {
    /// The instant.
    pub at: Timestamp,
    /// The offset from UTC it was written in.
    pub(crate) offset: jiff::tz::Offset,
}

impl Published {
    /// Reads an RFC 3339 timestamp, keeping its offset, or a date alone:
    /// that day's start in UTC, so that its [`day`](Published::day) is the
    /// date written. Any other form is refused with the text to write.
    pub(crate) fn parse(text: &str) -> Result<Published, String> {
        if let Some(date) = dates::date_alone(text) {
            return Ok(Published {
                at: dates::day_start(date),
                offset: jiff::tz::Offset::UTC,
            });
        }
        let at = parse_rfc3339(text).map_err(|_| dates::refusal(text))?;
        // The grammar is checked: the text ends in `Z` or `±HH:MM`.
        let seconds = match text.len().checked_sub(6).and_then(|i| text.get(i..)) {
            Some(tail) if tail.starts_with(['+', '-']) => {
                let number = |r: std::ops::Range<usize>| tail[r].parse::<i32>().unwrap_or(0);
                let sign = if tail.starts_with('-') { -1 } else { 1 };
                sign * (number(1..3) * 3600 + number(4..6) * 60)
            }
            _ => 0,
        };
        let offset = jiff::tz::Offset::from_seconds(seconds).unwrap_or(jiff::tz::Offset::UTC);
        Ok(Published { at, offset })
    }

    /// The day of publication, in the publication's offset.
    pub fn day(&self) -> jiff::civil::Date {
        self.at
            .to_zoned(jiff::tz::TimeZone::fixed(self.offset))
            .date()
    }
}

impl std::fmt::Display for Published {
    /// RFC 3339, in the offset it was written in (`Z` for UTC).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.offset == jiff::tz::Offset::UTC {
            write!(f, "{}", self.at)
        } else {
            write!(f, "{}", self.at.display_with_offset(self.offset))
        }
    }
}

fn published<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Published>, D::Error> {
    Ok(match timestamp_text(deserializer)? {
        Some(text) => Some(Published::parse(&text).map_err(serde::de::Error::custom)?),
        None => None,
    })
}

/// A timestamp's text, `null` or missing being `None`.
fn timestamp_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Option::<String>::deserialize(deserializer)
}

/// `status` with `null` meaning the default.
fn status<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Status, D::Error> {
    Ok(Option::<Status>::deserialize(deserializer)?.unwrap_or_default())
}

/// A tier between 1 and 4. Anything else is refused saying what was
/// found (`the string "2"`, not serde's `invalid type: string "2",
/// expected u64`): a store's credibility is not guessed from text.
fn tier<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    deserializer.deserialize_any(TierVisitor)
}

/// Reads a tier: a whole number from 1 to 4.
struct TierVisitor;

impl TierVisitor {
    fn refuse<E: serde::de::Error>(found: std::fmt::Arguments<'_>) -> E {
        E::custom(format!(
            "tier must be a whole number from 1 to 4 (`\"tier\": 2`), found {found}"
        ))
    }
}

impl<'de> serde::de::Visitor<'de> for TierVisitor {
    type Value = u8;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a tier from 1 to 4")
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<u8, E> {
        match u8::try_from(value) {
            Ok(tier @ 1..=4) => Ok(tier),
            _ => Err(Self::refuse(format_args!("{value}"))),
        }
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<u8, E> {
        match u64::try_from(value) {
            Ok(value) => self.visit_u64(value),
            Err(_) => Err(Self::refuse(format_args!("{value}"))),
        }
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<u8, E> {
        Err(Self::refuse(format_args!("{value}")))
    }

    fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<u8, E> {
        // Debug-quoted (control characters escaped) and cut short: the
        // text is the store's.
        let shown: String = value.chars().take(40).collect();
        let more = if shown.len() < value.len() { "…" } else { "" };
        let hint = if value.trim().parse::<u8>().is_ok() {
            " (write it without quotes)"
        } else {
            ""
        };
        Err(Self::refuse(format_args!(
            "the string {shown:?}{more}{hint}"
        )))
    }

    fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<u8, E> {
        Err(Self::refuse(format_args!("{value}")))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<u8, E> {
        Err(Self::refuse(format_args!("null")))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<u8, A::Error> {
        Err(Self::refuse(format_args!("a list")))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<u8, A::Error> {
        Err(Self::refuse(format_args!("an object")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(url: &str) -> EvidenceItem {
        serde_json::from_value(serde_json::json!({"id": "ev", "url": url})).unwrap()
    }

    #[test]
    fn link_is_the_normalized_http_url_or_nothing() {
        assert_eq!(
            item("https://example.org/a?b=1").link(),
            Some("https://example.org/a?b=1")
        );
        assert_eq!(
            item("HTTP://Example.ORG").link(),
            Some("http://example.org/")
        );
        assert_eq!(
            item("https://x.org/a b\"").link(),
            Some("https://x.org/a%20b%22")
        );
        for bad in [
            "javascript:alert(1)",
            "data:text/html,x",
            "file:///etc/passwd",
            "/relative",
            "https://",
            "mailto:a@b.c",
            "",
        ] {
            assert_eq!(item(bad).link(), None, "{bad}");
        }
        let none: EvidenceItem = serde_json::from_str(r#"{"id": "ev"}"#).unwrap();
        assert_eq!(none.link(), None);
    }

    #[test]
    fn char_slices_count_characters() {
        assert_eq!(char_slice("héllo wörld", 6, 11), Some("wörld"));
        assert_eq!(char_slice("abc", 3, 3), Some(""));
        assert_eq!(char_slice("abc", 0, 3), Some("abc"));
        assert_eq!(char_slice("abc", 2, 4), None);
        assert_eq!(char_slice("abc", 2, 1), None);
        assert_eq!(char_slice("abc", u64::MAX, u64::MAX), None);
    }
}
