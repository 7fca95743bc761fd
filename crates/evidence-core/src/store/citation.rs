//! `citation.v1` records: JSON Lines files of link-checked
//! citations, read into the same evidence model as `evidence.v1` items.
//!
//! Each record is checked on load: its `normalized_url` must be the
//! normalization of `url_original` by the format's seven steps, and its
//! `cid` the SHA-256 of that URL. A record that fails a check was not
//! written by the rules it claims to follow, so it is not trusted: it
//! becomes an invalid item (citing it is an `invalid-evidence` error that
//! names its line and what is wrong) and the rest of the file loads. Only a
//! file that is not JSON Lines at all (no line of it is a JSON object) is
//! refused.

use crate::json_input::strip_position;
use crate::store::StoreError;
use crate::store::dates::parse_instant;
use crate::store::model::{EvidenceItem, LinkCheck, LinkStatus, SnippetSpan, Status};
use crate::store::normalize::{cid, normalize_url};
use crate::store::schema::{check_version, deserialize};
use jiff::Timestamp;
use serde::{Deserialize, Deserializer};
use std::path::Path;

/// The schema version of a citation record.
pub(crate) const CITATION_V1: &str = "citation.v1";

/// One line of a `citations.jsonl` file (`citation.v1`). Fields a
/// newer writer adds are ignored.
#[derive(Deserialize)]
struct Record {
    normalized_url: String,
    cid: String,
    url: String,
    url_original: String,
    status: LinkStatus,
    #[serde(deserialize_with = "required_timestamp")]
    checked_at: Timestamp,
    #[serde(default)]
    http_status: Option<u16>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    publisher: Option<String>,
    // Required by the format; read only to check that it is there and well formed.
    #[serde(rename = "found_by")]
    _found_by: Vec<FoundBy>,
    #[serde(default)]
    evidence_snippet: Option<String>,
    notes: String,
}

/// A provenance pointer: which wave and agent found the URL.
#[derive(Deserialize)]
struct FoundBy {
    #[serde(rename = "wave", deserialize_with = "wave")]
    _wave: u8,
    #[serde(rename = "perspective_id")]
    _perspective_id: String,
    #[serde(rename = "agent_type")]
    _agent_type: String,
    #[serde(rename = "artifact_path")]
    _artifact_path: String,
}

/// A research wave: the format has two.
fn wave<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    let wave = u64::deserialize(deserializer)?;
    match wave {
        1 | 2 => Ok(wave as u8),
        other => Err(serde::de::Error::custom(format!(
            "the wave is {other}; citation.v1 has waves 1 and 2"
        ))),
    }
}

fn required_timestamp<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
    let text = String::deserialize(deserializer)?;
    parse_instant(&text).map_err(serde::de::Error::custom)
}

/// One line of a `*.jsonl` file, read.
pub(super) struct Line {
    /// Its 1-based number.
    pub number: usize,
    /// The item: the record's, or an invalid one standing for a record that
    /// fails its checks (none when the line names no URL or cid to cite).
    pub item: Option<EvidenceItem>,
    /// Why the record fails its checks.
    pub(crate) defect: Option<String>,
}

/// Parses a `citation.v1` JSON Lines file, line by line. Blank lines are
/// skipped. A line that is not a record, or a record that fails its checks,
/// is a [`Line`] with a defect; the file is refused only when no line of it
/// is a JSON object (it is not JSON Lines at all). The items have no
/// `source_id` yet: the loader assigns one once the whole store (and its
/// registry) is read.
pub(super) fn parse_jsonl(path: &Path, text: &str) -> Result<Vec<Line>, StoreError> {
    let mut lines = Vec::new();
    let mut first_error = None;
    let mut objects = 0;
    for (i, line) in text.split('\n').enumerate() {
        let number = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        match object(path, number, line) {
            Ok(value) => {
                objects += 1;
                lines.push(record(path, number, line, &value));
            }
            Err((err, reason)) => {
                first_error.get_or_insert(err);
                lines.push(Line {
                    number,
                    item: None,
                    defect: Some(reason),
                });
            }
        }
    }
    match first_error {
        Some(err) if objects == 0 => Err(err),
        _ => Ok(lines),
    }
}

/// A line as a JSON object, or why it is not one (as the store error, and
/// as a record's defect).
fn object(
    path: &Path,
    number: usize,
    line: &str,
) -> Result<serde_json::Value, (StoreError, String)> {
    // serde reads a struct from an array too, so check the shape first.
    let start = line.len() - line.trim_start().len();
    let not_object = "each line of a *.jsonl store must be a JSON object: one citation.v1 record";
    if !line[start..].starts_with('{') {
        let err = StoreError::Schema {
            path: path.to_owned(),
            json_path: ".".into(),
            line: number,
            column: start + 1,
            message: not_object.into(),
        };
        return Err((err, not_object.into()));
    }
    serde_json::from_str(line).map_err(|err| {
        let message = strip_position(&err.to_string());
        let reason = format!("column {}: malformed JSON: {message}", err.column());
        let err = StoreError::Syntax {
            path: path.to_owned(),
            line: number,
            column: err.column(),
            message,
        };
        (err, reason)
    })
}

/// The line of a record: its item when it passes its checks, else an
/// invalid item and the defect.
fn record(path: &Path, number: usize, line: &str, value: &serde_json::Value) -> Line {
    match checked(path, number, line, value) {
        Ok(item) => Line {
            number,
            item: Some(item),
            defect: None,
        },
        Err(reason) => Line {
            number,
            item: invalid_item(path, number, value, &reason),
            defect: Some(reason),
        },
    }
}

/// The item of a record that passes its checks: its version, its fields,
/// its `normalized_url` and its `cid`; else what fails.
fn checked(
    path: &Path,
    number: usize,
    line: &str,
    value: &serde_json::Value,
) -> Result<EvidenceItem, String> {
    check_version(
        value.get("schema_version").cloned(),
        CITATION_V1,
        (
            crate::store::EVIDENCE_V1,
            "an evidence.v1 store is one JSON object in a *.json file, not a line of a *.jsonl file",
        ),
        "missing \"schema_version\"; every record needs \"schema_version\": \"citation.v1\"",
    )?;
    let record: Record = deserialize(path, line, Some(number)).map_err(|err| match err {
        StoreError::Schema {
            json_path,
            column,
            message,
            ..
        } => format!("column {column}: `{json_path}`: {message}"),
        other => other.to_string(),
    })?;
    let normalized = normalize_url(&record.url_original)?;
    if record.normalized_url != normalized {
        return Err(format!(
            "`normalized_url` is {:?}, but `url_original` {:?} normalizes to {normalized:?} by the normalization rules of citation.v1; fix the record or the tool that wrote it",
            record.normalized_url, record.url_original
        ));
    }
    let expected = cid(&record.normalized_url);
    if record.cid != expected {
        return Err(format!(
            "`cid` is {:?}, but the SHA-256 of `normalized_url` {:?} gives {expected:?}",
            record.cid, record.normalized_url
        ));
    }
    let status = match record.status {
        LinkStatus::Valid | LinkStatus::Paywalled => Status::Active,
        LinkStatus::Invalid | LinkStatus::Mismatch | LinkStatus::Blocked => Status::Invalid,
    };
    Ok(EvidenceItem {
        id: record.cid,
        publisher: record.publisher,
        url: Some(record.url),
        title: record.title.filter(|t| !t.trim().is_empty()),
        fetched_at: Some(record.checked_at),
        snippet_span: record.evidence_snippet.map(|text| SnippetSpan { text }),
        status,
        link_check: Some(LinkCheck {
            status: record.status,
            http_status: record.http_status,
            notes: record.notes,
        }),
        ..EvidenceItem::default()
    })
}

/// The invalid item standing for a record that fails its checks, under the
/// id it would be cited by: its `cid` as written (when it is an id), else
/// the cid of its `normalized_url` or of its `url_original`. Citing it is
/// an `invalid-evidence` error whose message is the line and the defect.
fn invalid_item(
    path: &Path,
    number: usize,
    value: &serde_json::Value,
    reason: &str,
) -> Option<EvidenceItem> {
    let text = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
    let id = text("cid")
        .filter(|id| crate::syntax::is_evidence_id(id))
        .map(str::to_owned)
        .or_else(|| text("normalized_url").map(cid))
        .or_else(|| {
            text("url_original")
                .and_then(|u| normalize_url(u).ok())
                .map(|n| cid(&n))
        })?;
    Some(EvidenceItem {
        id,
        url: text("url").or(text("url_original")).map(str::to_owned),
        title: text("title").map(str::to_owned),
        publisher: text("publisher").map(str::to_owned),
        status: Status::Invalid,
        link_check: Some(LinkCheck {
            status: LinkStatus::Invalid,
            http_status: value
                .get("http_status")
                .and_then(serde_json::Value::as_u64)
                .and_then(|code| u16::try_from(code).ok()),
            notes: format!(
                "{}:{number}: the record fails its citation.v1 checks: {reason}",
                path.display()
            ),
        }),
        ..EvidenceItem::default()
    })
}
