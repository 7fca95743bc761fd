//! `citation.v1` records: JSON Lines files of link-checked
//! citations, read into the same evidence model as `evidence.v1` items.
//!
//! Each record is checked on load: its `normalized_url` must be the seed's
//! normalization of `url_original`, and its `cid` the SHA-256 of that URL.
//! A record that breaks either was not written by the rules it claims to
//! follow, so the store is refused rather than trusted.

use super::StoreError;
use super::model::{EvidenceItem, LinkCheck, LinkStatus, SnippetSpan, Status, parse_rfc3339};
use super::schema::{check_version, deserialize};
use crate::json_input::strip_position;
use jiff::Timestamp;
use serde::{Deserialize, Deserializer};
use sha2::{Digest, Sha256};
use std::path::Path;
use url::{Position, Url};

/// The schema version of a citation record.
pub const CITATION_V1: &str = "citation.v1";

/// Computes `normalized_url` from `url_original` by the seven steps of
/// the `citation.v1` format, in order:
///
/// 1. parse the URL, which must be absolute (and, here, `http` or `https`:
///    the steps only define default ports for those);
/// 2. lowercase scheme and host;
/// 3. drop the fragment;
/// 4. drop tracking parameters: keys starting with `utm_`, and `gclid` and
///    `fbclid` (keys compared ASCII-case-insensitively);
/// 5. sort the remaining parameters by key, then by value (code point order
///    of the decoded `application/x-www-form-urlencoded` pairs, written back
///    percent-encoded as JavaScript's `encodeURIComponent` does);
/// 6. drop `:80` for `http` and `:443` for `https`;
/// 7. keep a path of `/`, otherwise drop one trailing `/`.
///
/// Parsing follows the WHATWG URL standard (the `url` crate), as browsers
/// and JavaScript's `URL` do: an empty path is `/`, so
/// `https://example.com` normalizes to `https://example.com/`.
pub fn normalize_url(original: &str) -> Result<String, String> {
    // Step 1. The parser also does steps 2 and 6: it lowercases the scheme
    // and the host of http(s) URLs and drops their default port.
    let url = Url::parse(original)
        .map_err(|err| format!("`url_original` {original:?} is not an absolute URL ({err})"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(format!(
            "`url_original` {original:?} is not an http or https URL"
        ));
    }
    // Step 3: the fragment and the query are rebuilt, not copied.
    let mut out = url[..Position::AfterPath].to_owned();
    // Step 7.
    if url.path() != "/" && url.path().ends_with('/') {
        out.pop();
    }
    // Steps 4 and 5.
    if let Some(query) = url.query() {
        let mut pairs: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .filter(|(key, _)| !is_tracking_param(key))
            .collect();
        pairs.sort();
        for (i, (key, value)) in pairs.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            encode_component(key, &mut out);
            out.push('=');
            encode_component(value, &mut out);
        }
    }
    Ok(out)
}

/// `utm_*`, `gclid`, `fbclid`.
fn is_tracking_param(key: &str) -> bool {
    key.get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("utm_"))
        || key.eq_ignore_ascii_case("gclid")
        || key.eq_ignore_ascii_case("fbclid")
}

/// What `encodeURIComponent` leaves as it is: ASCII letters and digits and
/// `- _ . ! ~ * ' ( )`; every other UTF-8 byte is percent-encoded.
const URI_COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// Percent-encodes like `encodeURIComponent`.
fn encode_component(text: &str, out: &mut String) {
    out.extend(percent_encoding::utf8_percent_encode(text, URI_COMPONENT));
}

/// `cid_` + the lowercase hex SHA-256 of the UTF-8 bytes of `normalized_url`.
pub fn cid(normalized_url: &str) -> String {
    let digest = Sha256::digest(normalized_url.as_bytes());
    let mut out = String::with_capacity(4 + 64);
    out.push_str("cid_");
    for byte in digest.iter() {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

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
    // Required by the seed; read only to check that it is there and well formed.
    #[serde(rename = "found_by")]
    _found_by: Vec<FoundBy>,
    #[serde(default)]
    evidence_snippet: Option<String>,
    notes: String,
}

/// A provenance pointer: which wave and agent found the URL.
#[derive(Deserialize)]
struct FoundBy {
    #[serde(rename = "wave")]
    _wave: u32,
    #[serde(rename = "perspective_id")]
    _perspective_id: String,
    #[serde(rename = "agent_type")]
    _agent_type: String,
    #[serde(rename = "artifact_path")]
    _artifact_path: String,
}

fn required_timestamp<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
    let text = String::deserialize(deserializer)?;
    parse_rfc3339(&text).map_err(serde::de::Error::custom)
}

/// The version of one record, read before the rest.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(default)]
    schema_version: Option<serde_json::Value>,
}

/// Parses a `citation.v1` JSON Lines file into evidence items, each with its
/// 1-based line. Blank lines are skipped. The items have no `source_id` yet:
/// the loader assigns one once the whole store (and its registry) is read.
pub(super) fn parse_jsonl(
    path: &Path,
    text: &str,
) -> Result<Vec<(usize, EvidenceItem)>, StoreError> {
    let mut items = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let item = parse_record(path, line_no, line)?;
        items.push((line_no, item));
    }
    Ok(items)
}

fn parse_record(path: &Path, line_no: usize, line: &str) -> Result<EvidenceItem, StoreError> {
    // serde reads a struct from an array too, so check the shape first.
    let start = line.len() - line.trim_start().len();
    if !line[start..].starts_with('{') {
        return Err(StoreError::Schema {
            path: path.to_owned(),
            json_path: ".".into(),
            line: line_no,
            column: start + 1,
            message: "each line of a *.jsonl store must be a JSON object: one citation.v1 record"
                .into(),
        });
    }
    let probe: VersionProbe = serde_json::from_str(line).map_err(|err| StoreError::Syntax {
        path: path.to_owned(),
        line: line_no,
        column: err.column(),
        message: strip_position(&err.to_string()),
    })?;
    let version_error = |found: String| StoreError::SchemaVersion {
        path: path.to_owned(),
        line: line_no,
        found,
    };
    check_version(
        probe.schema_version,
        CITATION_V1,
        (
            super::EVIDENCE_V1,
            "an evidence.v1 store is one JSON object in a *.json file, not a line of a *.jsonl file",
        ),
        "missing \"schema_version\"; every record needs \"schema_version\": \"citation.v1\"",
    )
    .map_err(version_error)?;
    let record: Record = deserialize(path, line, Some(line_no))?;

    let broken = |message: String| StoreError::Record {
        path: path.to_owned(),
        line: line_no,
        message,
    };
    let normalized = normalize_url(&record.url_original).map_err(broken)?;
    if record.normalized_url != normalized {
        return Err(broken(format!(
            "`normalized_url` is {:?}, but `url_original` {:?} normalizes to {normalized:?} by the normalization rules of citation.v1; fix the record or the tool that wrote it",
            record.normalized_url, record.url_original
        )));
    }
    let expected = cid(&record.normalized_url);
    if record.cid != expected {
        return Err(broken(format!(
            "`cid` is {:?}, but the SHA-256 of `normalized_url` {:?} gives {expected:?}",
            record.cid, record.normalized_url
        )));
    }

    let status = match record.status {
        LinkStatus::Valid | LinkStatus::Paywalled => Status::Active,
        LinkStatus::Invalid | LinkStatus::Mismatch | LinkStatus::Blocked => Status::Invalid,
    };
    Ok(EvidenceItem {
        id: record.cid,
        publisher: record.publisher,
        url: Some(record.url),
        title: record.title,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(url: &str) -> String {
        normalize_url(url).unwrap_or_else(|err| panic!("{url}: {err}"))
    }

    #[test]
    fn step_1_the_url_must_be_absolute_http() {
        for bad in [
            "/relative/path",
            "example.com/doc",
            "mailto:a@example.com",
            "ftp://example.com/x",
            "",
        ] {
            assert!(normalize_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn step_2_scheme_and_host_are_lowercased_but_not_the_path() {
        assert_eq!(
            norm("HTTPS://WWW.Example.COM/Some/Path"),
            "https://www.example.com/Some/Path"
        );
    }

    #[test]
    fn step_3_the_fragment_is_removed() {
        assert_eq!(
            norm("https://example.com/doc#section-2"),
            "https://example.com/doc"
        );
        assert_eq!(
            norm("https://example.com/doc?a=1#x"),
            "https://example.com/doc?a=1"
        );
    }

    #[test]
    fn step_4_tracking_parameters_are_removed() {
        assert_eq!(
            norm("https://example.com/doc?utm_source=x&utm_medium=y&utm_campaign_id=3&id=7"),
            "https://example.com/doc?id=7"
        );
        assert_eq!(
            norm("https://example.com/doc?gclid=abc&fbclid=def&page=2"),
            "https://example.com/doc?page=2"
        );
        assert_eq!(
            norm("https://example.com/doc?UTM_Source=x&GCLID=y"),
            "https://example.com/doc"
        );
        // Only a `utm_` prefix and the two exact keys: look-alikes stay.
        assert_eq!(
            norm("https://example.com/doc?utm=1&xutm_a=2&gclid2=3&fbclid_x=4"),
            "https://example.com/doc?fbclid_x=4&gclid2=3&utm=1&xutm_a=2"
        );
        assert_eq!(
            norm("https://example.com/doc?utm_source=x"),
            "https://example.com/doc"
        );
        assert_eq!(norm("https://example.com/doc?"), "https://example.com/doc");
    }

    #[test]
    fn step_5_parameters_are_sorted_by_key_then_value() {
        assert_eq!(
            norm("https://example.com/s?q=rates&b=2&a=9&a=1"),
            "https://example.com/s?a=1&a=9&b=2&q=rates"
        );
        // Code point order: upper case sorts before lower case.
        assert_eq!(
            norm("https://example.com/s?b=1&B=2"),
            "https://example.com/s?B=2&b=1"
        );
        // Pairs are compared decoded and written back percent-encoded.
        assert_eq!(
            norm("https://example.com/s?q=fed+rates&k=%7E&e=caf%C3%A9&flag"),
            "https://example.com/s?e=caf%C3%A9&flag=&k=~&q=fed%20rates"
        );
    }

    #[test]
    fn step_6_default_ports_are_removed_and_others_kept() {
        assert_eq!(norm("http://example.com:80/a"), "http://example.com/a");
        assert_eq!(norm("https://example.com:443/a"), "https://example.com/a");
        assert_eq!(norm("https://example.com:80/a"), "https://example.com:80/a");
        assert_eq!(
            norm("http://example.com:8080/a"),
            "http://example.com:8080/a"
        );
    }

    #[test]
    fn step_7_one_trailing_slash_is_removed_except_the_root() {
        assert_eq!(
            norm("https://example.com/docs/"),
            "https://example.com/docs"
        );
        assert_eq!(norm("https://example.com/"), "https://example.com/");
        assert_eq!(norm("https://example.com"), "https://example.com/");
        assert_eq!(norm("https://example.com/a//"), "https://example.com/a/");
        assert_eq!(
            norm("https://example.com/docs/?x=1"),
            "https://example.com/docs?x=1"
        );
    }

    #[test]
    fn the_seed_example_normalizes_as_its_record_says() {
        assert_eq!(
            norm("https://example.com/doc?utm_source=x"),
            "https://example.com/doc"
        );
    }

    #[test]
    fn cid_is_the_lowercase_sha256_of_the_utf8_bytes() {
        // Values from `printf %s '<url>' | sha256sum`.
        assert_eq!(
            cid("https://example.com/doc"),
            "cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db"
        );
        assert_eq!(
            cid(""),
            "cid_e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        // Non-ASCII text is hashed as its UTF-8 bytes.
        assert_eq!(
            cid("https://example.com/café"),
            "cid_b65dae36fa32fd0db71ab2d58573376219f4afbe1717022ca5ec766b8b5fb9aa"
        );
        assert_eq!(
            cid("https://example.com/caf%C3%A9"),
            "cid_d111192409cd9af133e4ad4bf2783397392c82832e36b493fa3c311ff969127c"
        );
    }
}
