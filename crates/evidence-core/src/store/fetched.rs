//! `fetched.v1`: what `mdbook-evidence fetch` read from the page of a
//! cited item, stored as JSON Lines in the store and read with it. A
//! record gives its item the page's readable text (`content`), the
//! passages its citations rest on (`cited_text`, `source_span`) and how
//! the fetch went ([`FetchOutcome`]). Builds read these records and never
//! the network.

use crate::json_input::strip_position;
use crate::store::StoreError;
use crate::store::model::{EvidenceItem, char_slice};
use crate::syntax::is_evidence_id;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The schema version of a fetched-page record.
pub const FETCHED_V1: &str = "fetched.v1";

/// How fetching an item's page went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FetchStatus {
    /// The page was read; its text is stored.
    Fetched,
    /// The page does not exist (404, 410).
    Gone,
    /// The server refused the fetcher (401, 403, 451, 429 past its
    /// retries, a bot challenge).
    Blocked,
    /// No answer: DNS, connection, TLS, a timeout, a server error.
    Unreachable,
    /// The page is larger than the size limit.
    TooLarge,
    /// Neither HTML nor plain text (a PDF, an image, …).
    UnsupportedType,
    /// The source is `metadata_only` (behind a paywall or a login): its
    /// text may not be stored, so it was not fetched.
    Paywalled,
    /// The address is not http(s), or resolves to a loopback, private or
    /// link-local network that `--allow-host` does not name.
    Refused,
}

impl FetchStatus {
    /// The status as a record writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            FetchStatus::Fetched => "fetched",
            FetchStatus::Gone => "gone",
            FetchStatus::Blocked => "blocked",
            FetchStatus::Unreachable => "unreachable",
            FetchStatus::TooLarge => "too_large",
            FetchStatus::UnsupportedType => "unsupported_type",
            FetchStatus::Paywalled => "paywalled",
            FetchStatus::Refused => "refused",
        }
    }
}

/// One `fetched.v1` line.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FetchedRecord {
    /// Always [`FETCHED_V1`].
    pub schema_version: String,
    /// The evidence id whose page this is.
    pub id: String,
    /// The item's `url` when it was fetched: a record of another address
    /// is stale and not applied.
    pub url: String,
    /// How the fetch went.
    pub status: FetchStatus,
    /// The last HTTP status received, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// Where redirects led, when elsewhere than `url`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_url: Option<String>,
    /// The response's media type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// When it was fetched (RFC 3339).
    pub fetched_at: String,
    /// What went wrong, or what was done, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// The page's readable text (for `fetched`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The passages the citations of the item rest on: `[start, end]`
    /// character offsets into `text`, one per distinct window.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passages: Vec<[u64; 2]>,
    /// The page's `ETag`, for `fetch --recheck` to ask conditionally.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    /// The page's `Last-Modified`, likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    /// What the last `fetch --recheck` found, compared with `text`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recheck: Option<Recheck>,
}

/// What `fetch --recheck` found of a page fetched before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecheckOutcome {
    /// Every passage still stands on the page (or it answered 304).
    Unchanged,
    /// A passage a citation rests on no longer stands on the page.
    Changed,
    /// The page is gone (404, 410).
    Gone,
    /// The page could not be read this time (blocked, unreachable, …):
    /// nothing is concluded.
    Failed,
}

/// The last recheck of a page.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Recheck {
    /// When (RFC 3339).
    pub checked_at: String,
    /// What it found.
    pub outcome: RecheckOutcome,
    /// The HTTP status received, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// What happened, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// Where the page has moved, when redirects now lead elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<String>,
    /// The passages that no longer stand, each with what the page says
    /// in their place now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<ChangedPassage>,
}

/// A passage that no longer stands on its page.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ChangedPassage {
    /// The passage as fetched.
    pub passage: String,
    /// The page's window nearest it now (empty when none holds any of
    /// its words).
    pub now: String,
}

/// How fetching an item's page went, as the rules read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchOutcome {
    /// The status.
    pub status: FetchStatus,
    /// The last HTTP status, if any.
    pub http_status: Option<u16>,
    /// What happened, in words.
    pub detail: String,
    /// What the last `fetch --recheck` found.
    pub recheck: Option<Recheck>,
}

/// Whether a `*.jsonl` file holds `fetched.v1` records (by its first line).
pub fn is_fetched_file(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        schema_version: Option<String>,
    }
    text.lines()
        .find(|line| !line.trim().is_empty())
        .and_then(|line| serde_json::from_str::<Probe>(line).ok())
        .is_some_and(|probe| probe.schema_version.as_deref() == Some(FETCHED_V1))
}

/// Parses a `fetched.v1` JSON Lines file; blank lines are skipped. A line
/// that does not parse, of another version, or with an id outside the
/// grammar is an error naming the line.
pub fn parse_fetched(path: &Path, text: &str) -> Result<Vec<FetchedRecord>, StoreError> {
    let mut records = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let schema = |message: String| StoreError::Schema {
            path: path.to_owned(),
            json_path: format!("line {}", i + 1),
            line: i + 1,
            column: 1,
            message,
        };
        let record: FetchedRecord = serde_json::from_str(line).map_err(|err| StoreError::Syntax {
            path: path.to_owned(),
            line: i + 1,
            column: err.column(),
            message: format!(
                "{} (a fetched.v1 record, as `mdbook-evidence fetch` writes; run it again to rewrite the file)",
                strip_position(&err.to_string())
            ),
        })?;
        if record.schema_version != FETCHED_V1 {
            return Err(schema(format!(
                "\"schema_version\" is {:?}; every line of this file must be {FETCHED_V1:?}",
                record.schema_version
            )));
        }
        if !is_evidence_id(&record.id) {
            return Err(schema(format!(
                "the id {:?} is not an evidence id ([A-Za-z0-9_.:/-])",
                record.id
            )));
        }
        records.push(record);
    }
    Ok(records)
}

/// Gives each record's item its outcome and, for a fetched page, its text
/// (`content`, unless the item has one) and the passages its citations
/// rest on (`cited_text`, unless it has one; `source_span` when there is
/// one window). A record whose item is gone or whose `url` differs from
/// the item's is stale and left out; a later record of an id replaces an
/// earlier one.
pub(super) fn attach(item: &mut EvidenceItem, record: FetchedRecord) {
    if item.url.as_deref() != Some(record.url.as_str()) {
        return;
    }
    item.fetch = Some(FetchOutcome {
        status: record.status,
        http_status: record.http_status,
        detail: record.detail,
        recheck: record.recheck,
    });
    let Some(text) = record
        .text
        .filter(|_| record.status == FetchStatus::Fetched)
    else {
        return;
    };
    let windows: Vec<(&[u64; 2], &str)> = record
        .passages
        .iter()
        .filter_map(|span| Some((span, char_slice(&text, span[0], span[1])?)))
        .filter(|(_, slice)| !slice.trim().is_empty())
        .collect();
    if item.cited_text.is_none() && item.quote_span.is_none() && item.content.is_none() {
        match windows.as_slice() {
            [] => {}
            [(span, slice)] => {
                item.cited_text = Some((*slice).to_owned());
                item.source_span = Some(**span);
            }
            several => {
                let slices: Vec<&str> = several.iter().map(|(_, slice)| *slice).collect();
                item.cited_text = Some(slices.join(" … "));
            }
        }
    }
    if item.content.is_none() {
        item.content = Some(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(line: &str) -> Result<Vec<FetchedRecord>, StoreError> {
        parse_fetched(Path::new("evidence/fetched.jsonl"), line)
    }

    #[test]
    fn a_fetched_page_gives_its_item_text_and_passage() {
        let text = "Menü Cookies. Die Inflation stieg auf 2,4 %. 東京の物価は上がった。";
        let line = serde_json::json!({"schema_version": FETCHED_V1, "id": "ev_a",
            "url": "https://example.org/ü", "status": "fetched", "fetched_at": "2026-01-01T00:00:00Z",
            "text": text, "passages": [[14, 44]]})
        .to_string();
        assert!(is_fetched_file(&line));
        let mut records = record(&line).unwrap();
        let mut item = EvidenceItem {
            id: "ev_a".into(),
            url: Some("https://example.org/ü".into()),
            ..EvidenceItem::default()
        };
        attach(&mut item, records.remove(0));
        assert_eq!(
            item.cited_text.as_deref(),
            Some("Die Inflation stieg auf 2,4 %.")
        );
        assert_eq!(item.source_span, Some([14, 44]));
        assert_eq!(item.content.as_deref(), Some(text));
        assert_eq!(item.fetch.unwrap().status, FetchStatus::Fetched);
    }

    #[test]
    fn a_record_of_another_address_is_stale() {
        let line = format!(
            r#"{{"schema_version":"{FETCHED_V1}","id":"ev_a","url":"https://a.example/","status":"gone","fetched_at":"2026-01-01T00:00:00Z"}}"#
        );
        let mut item = EvidenceItem {
            id: "ev_a".into(),
            url: Some("https://b.example/".into()),
            ..EvidenceItem::default()
        };
        attach(&mut item, record(&line).unwrap().remove(0));
        assert!(item.fetch.is_none());
    }

    #[test]
    fn broken_lines_name_their_line() {
        let bad = format!(
            "\n{{\"schema_version\":\"{FETCHED_V1}\",\"id\":\"ev a\",\"url\":\"x\",\"status\":\"gone\",\"fetched_at\":\"t\"}}"
        );
        let err = record(&bad).unwrap_err().to_string();
        assert!(err.contains("line 2"), "{err}");
        let err = record("{\"schema_version\":\"fetched.v1\",\"id\":1}")
            .unwrap_err()
            .to_string();
        assert!(err.contains("mdbook-evidence fetch"), "{err}");
    }
}
