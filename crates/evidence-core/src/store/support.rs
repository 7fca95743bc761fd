//! `support.v1`: the verdicts of a support checker (a model, a person, a
//! script) on whether a cited passage supports a claim, stored as JSON
//! Lines and read with the store.
//!
//! A verdict is keyed as `mdbook-evidence export-claims` writes each
//! citation: the hash of the normalized claim ([`claim_key`]), the evidence
//! id, and the hash of the passage ([`passage_key`], of [`item_passage`]).
//! When the claim or the passage changes, its key changes, and a verdict
//! given for the old text is stale: it says nothing about the new one.
//!
//! A claim citing several items is judged once on all their passages: its
//! verdict names every item (`evidence_ids`) and is keyed by the set of
//! their passages ([`passages_key`], whatever order they are cited in).
//! One passage's set key is that passage's key, so a verdict on a claim
//! citing one item is keyed as it always was.

use crate::json_input::strip_position;
use crate::store::StoreError;
use crate::store::dates::parse_instant;
use crate::store::model::EvidenceItem;
use crate::store::schema::{check_version, deserialize};
use crate::syntax::is_evidence_id;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The schema version of a verdict record.
pub const SUPPORT_V1: &str = "support.v1";

/// The prefix of a key: the hash function, then its lowercase hex digest.
const KEY_PREFIX: &str = "sha256:";

/// What a checker found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SupportVerdict {
    /// The passage supports the claim.
    Supported,
    /// The passage does not support the claim (it says something else, or
    /// contradicts it).
    Unsupported,
    /// The checker could not tell.
    Unclear,
}

impl SupportVerdict {
    /// The verdict as records write it.
    pub fn as_str(self) -> &'static str {
        match self {
            SupportVerdict::Supported => "supported",
            SupportVerdict::Unsupported => "unsupported",
            SupportVerdict::Unclear => "unclear",
        }
    }
}

/// The checker that gave a verdict.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checker {
    /// Its name, e.g. `minicheck-flan-t5-large`.
    pub name: String,
    /// Its version (of the model, the prompt, the script).
    pub version: String,
}

impl Checker {
    /// Whether a person gave the verdict (`human:NAME`, as `review`
    /// names the reviewer).
    pub fn is_person(&self) -> bool {
        self.name.starts_with("human:")
    }
}

/// One verdict, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SupportRecord {
    /// [`claim_key`] of the claim checked.
    pub claim_key: String,
    /// The evidence id of the item whose passage was checked (the first of
    /// [`SupportRecord::evidence_ids`] when several were).
    pub evidence_id: String,
    /// Every item whose passage was checked, when there were several.
    pub evidence_ids: Vec<String>,
    /// [`passages_key`] of the passages checked ([`passage_key`] of one).
    pub passage_key: String,
    /// What the checker found.
    pub verdict: SupportVerdict,
    /// The checker's score (its own scale; shown, never compared).
    pub score: f64,
    /// Who checked.
    pub checker: Checker,
    /// The chapter of the claim (relative to `src/`), when the record says.
    pub chapter: Option<String>,
    /// The claim's text as it was checked, when the record says.
    pub claim: Option<String>,
    /// The checker's note (an LLM judge's reason), when the record has one.
    pub note: Option<String>,
    /// When the check was made (RFC 3339), when the record says: a
    /// person's review date on the page's disclosure.
    pub checked_at: Option<String>,
    /// The file and 1-based line the record was read from.
    pub file: PathBuf,
    /// The line in that file.
    pub line: usize,
}

/// A line of a `support.v1` file, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    #[serde(rename = "schema_version")]
    _schema_version: String,
    claim_key: String,
    evidence_id: String,
    #[serde(default)]
    evidence_ids: Vec<String>,
    passage_key: String,
    verdict: SupportVerdict,
    score: f64,
    checker: Checker,
    #[serde(default)]
    chapter: Option<String>,
    #[serde(default)]
    claim: Option<String>,
    #[serde(default, rename = "checked_at")]
    checked_at: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

/// The version of one record, read before the rest.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(default)]
    schema_version: Option<serde_json::Value>,
}

/// Whether the first record of a JSON Lines text is a `support.v1` one
/// (the store reads such a file as verdicts, not citations).
pub(super) fn is_support_file(text: &str) -> bool {
    text.lines()
        .find(|line| !line.trim().is_empty())
        .and_then(|line| serde_json::from_str::<VersionProbe>(line).ok())
        .is_some_and(|probe| probe.schema_version == Some(SUPPORT_V1.into()))
}

/// Parses a `support.v1` JSON Lines file; blank lines are skipped.
pub(super) fn parse_support(path: &Path, text: &str) -> Result<Vec<SupportRecord>, StoreError> {
    let mut records = Vec::new();
    // Every line is read, so that all the broken ones are reported at
    // once (the first 50, the rest counted).
    let (mut errors, mut unlisted) = (Vec::new(), 0);
    for (i, line) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        match parse_record(path, line_no, line) {
            Ok(record) => records.push(record),
            Err(error) if errors.len() < crate::store::schema::MAX_LISTED => errors.push(error),
            Err(_) => unlisted += 1,
        }
    }
    if errors.is_empty() {
        return Ok(records);
    }
    if unlisted > 0 {
        errors.push(StoreError::Unlisted {
            path: path.to_owned(),
            count: unlisted,
        });
    }
    Err(StoreError::several(errors))
}

fn parse_record(path: &Path, line_no: usize, line: &str) -> Result<SupportRecord, StoreError> {
    let start = line.len() - line.trim_start().len();
    let broken = |message: String| StoreError::Record {
        path: path.to_owned(),
        line: line_no,
        message,
    };
    if !line[start..].starts_with('{') {
        return Err(broken(
            "each line of a support file must be a JSON object: one support.v1 verdict".into(),
        ));
    }
    let probe: VersionProbe = serde_json::from_str(line).map_err(|err| StoreError::Syntax {
        path: path.to_owned(),
        line: line_no,
        column: err.column(),
        message: strip_position(&err.to_string()),
    })?;
    check_version(
        probe.schema_version,
        SUPPORT_V1,
        (
            crate::store::CITATION_V1,
            "a citation.v1 record does not belong in a support file",
        ),
        "missing \"schema_version\"; every verdict needs \"schema_version\": \"support.v1\"",
    )
    .map_err(|found| StoreError::SchemaVersion {
        path: path.to_owned(),
        line: line_no,
        found,
    })?;
    let record: Line = deserialize(path, line, Some(line_no))?;
    for (name, key) in [
        ("claim_key", &record.claim_key),
        ("passage_key", &record.passage_key),
    ] {
        if !is_key(key) {
            return Err(broken(format!(
                "`{name}` {key:?} is not a key as export-claims writes it (\"sha256:\" and 64 lowercase hex digits); copy it from the exported record"
            )));
        }
    }
    if !is_evidence_id(&record.evidence_id) {
        return Err(broken(format!(
            "`evidence_id` {:?} is not an evidence id",
            record.evidence_id
        )));
    }
    if let Some(bad) = record.evidence_ids.iter().find(|id| !is_evidence_id(id)) {
        return Err(broken(format!(
            "`evidence_ids` holds {bad:?}, which is not an evidence id"
        )));
    }
    if !record.evidence_ids.is_empty() && !record.evidence_ids.contains(&record.evidence_id) {
        return Err(broken(format!(
            "`evidence_ids` does not hold `evidence_id` {:?}; list every item whose passage was checked",
            record.evidence_id
        )));
    }
    if record.checker.name.trim().is_empty() {
        return Err(broken("`checker.name` is empty; name the checker".into()));
    }
    if let Some(at) = &record.checked_at {
        parse_instant(at).map_err(|err| broken(format!("`checked_at`: {err}")))?;
    }
    Ok(SupportRecord {
        claim_key: record.claim_key,
        evidence_id: record.evidence_id,
        evidence_ids: record.evidence_ids,
        passage_key: record.passage_key,
        verdict: record.verdict,
        score: record.score,
        checker: record.checker,
        chapter: record.chapter,
        claim: record.claim,
        note: record.note,
        checked_at: record.checked_at,
        file: path.to_owned(),
        line: line_no,
    })
}

/// Whether `key` is `sha256:` and 64 lowercase hex digits.
fn is_key(key: &str) -> bool {
    key.strip_prefix(KEY_PREFIX).is_some_and(|hex| {
        hex.len() == 64 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// `sha256:` and the lowercase hex SHA-256 of `text`'s UTF-8 bytes.
fn key_of(text: &str) -> String {
    format!(
        "{KEY_PREFIX}{}",
        crate::hex::lower_hex(&Sha256::digest(text.as_bytes()))
    )
}

/// The claim as it is keyed: its text as a reader sees it (markers and
/// markup removed), with every run of whitespace (Unicode's, NBSP and
/// ideographic space included) one space, and none at either end. So
/// re-wrapping a paragraph keeps its key; changing a word changes it.
pub(crate) fn normalize_claim(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The key of a claim: the hash of `normalize_claim`.
pub fn claim_key(text: &str) -> String {
    key_of(&normalize_claim(text))
}

/// The key of a passage: the hash of the text exactly.
pub fn passage_key(passage: &str) -> String {
    key_of(passage)
}

/// The key of the passages a claim was judged on together: one passage's
/// own key; several, the hash of their keys sorted, one a line (so the
/// order of the markers does not matter).
pub fn passages_key<S: AsRef<str>>(keys: &[S]) -> String {
    let mut sorted: Vec<&str> = keys.iter().map(AsRef::as_ref).collect();
    sorted.sort_unstable();
    sorted.dedup();
    match sorted.as_slice() {
        [one] => (*one).to_owned(),
        many => key_of(&many.join("\n")),
    }
}

/// The passage of an item that a checker is given: its distinct
/// non-blank quoted texts (`cited_text`, `quote_span.text`,
/// `snippet_span.text`), joined by a blank line; else its `content`; else
/// nothing (the item cannot be checked).
pub fn item_passage(item: &EvidenceItem) -> Option<Cow<'_, str>> {
    let mut texts: Vec<&str> = Vec::new();
    for text in [
        item.cited_text.as_deref(),
        item.quote_span.as_ref().map(|q| q.text.as_str()),
        item.snippet_span.as_ref().map(|s| s.text.as_str()),
    ]
    .into_iter()
    .flatten()
    {
        if !text.trim().is_empty() && !texts.contains(&text) {
            texts.push(text);
        }
    }
    match texts.as_slice() {
        [] => item
            .content
            .as_deref()
            .filter(|c| !c.trim().is_empty())
            .map(Cow::Borrowed),
        [one] => Some(Cow::Borrowed(one)),
        many => Some(Cow::Owned(many.join("\n\n"))),
    }
}

/// Every verdict read, found by evidence id.
#[derive(Debug, Default)]
pub struct Support {
    records: Vec<SupportRecord>,
    by_item: HashMap<String, Vec<usize>>,
}

/// What the stored verdicts say about one citation.
#[derive(Debug, PartialEq)]
pub enum SupportStatus<'a> {
    /// The verdicts given for this claim's text and this passage, one per
    /// checker.
    Current(Vec<&'a SupportRecord>),
    /// None for these texts; one for this claim and another text of the
    /// item's passage.
    StalePassage(&'a SupportRecord),
    /// None for these texts; one for this item in this chapter, for a
    /// claim text the chapter no longer has.
    StaleClaim(&'a SupportRecord),
    /// No verdict at all.
    Missing,
}

impl Support {
    /// Every verdict, in load order: what the cache's key reads of them.
    pub fn records(&self) -> &[SupportRecord] {
        &self.records
    }

    /// Whether no verdict was read.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The number of verdicts.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Adds verdicts, in file order: a later verdict of the same checker
    /// for the same keys replaces the earlier one (a file can be appended
    /// to as checks are redone).
    pub(super) fn extend(&mut self, records: Vec<SupportRecord>) {
        for record in records {
            let slots = self.by_item.entry(record.evidence_id.clone()).or_default();
            let same = slots.iter().copied().find(|&at| {
                let old = &self.records[at];
                old.claim_key == record.claim_key
                    && old.passage_key == record.passage_key
                    && old.checker.name == record.checker.name
            });
            if let Some(at) = same {
                self.records[at] = record;
                continue;
            }
            // A verdict on several passages is found from each item.
            let at = self.records.len();
            let mut ids: Vec<&str> = vec![&record.evidence_id];
            ids.extend(record.evidence_ids.iter().map(String::as_str));
            ids.sort_unstable();
            ids.dedup();
            for id in ids {
                self.by_item.entry(id.to_owned()).or_default().push(at);
            }
            self.records.push(record);
        }
    }

    /// What the verdicts say about the citation of item `evidence_id` by a
    /// claim keyed `claim_key` in `chapter`, the item's passage keyed
    /// `passage_key`. `in_chapter` tells whether a claim key is that of a
    /// claim the chapter has now.
    pub fn status(
        &self,
        chapter: &str,
        claim_key: &str,
        evidence_id: &str,
        passage_key: &str,
        in_chapter: impl Fn(&str) -> bool,
    ) -> SupportStatus<'_> {
        let Some(slots) = self.by_item.get(evidence_id) else {
            return SupportStatus::Missing;
        };
        let records = || slots.iter().map(|&at| &self.records[at]);
        let mut current: Vec<&SupportRecord> = records()
            .filter(|r| r.claim_key == claim_key && r.passage_key == passage_key)
            .collect();
        // A person's verdict (`mdbook-evidence review`) overrides a
        // model's on the same texts.
        if current.iter().any(|r| r.checker.is_person()) {
            current.retain(|r| r.checker.is_person());
        }
        if !current.is_empty() {
            return SupportStatus::Current(current);
        }
        if let Some(old) = records().find(|r| r.claim_key == claim_key) {
            return SupportStatus::StalePassage(old);
        }
        records()
            .find(|r| r.chapter.as_deref() == Some(chapter) && !in_chapter(&r.claim_key))
            .map_or(SupportStatus::Missing, SupportStatus::StaleClaim)
    }
}

/// Reads the `support.v1` files and directories at `paths` (the `support`
/// key; relative to `root`) into `support`. A directory's `*.jsonl` files
/// are read in name order.
pub(super) fn load_support(
    root: &Path,
    paths: &[PathBuf],
    support: &mut Support,
) -> Result<(), StoreError> {
    let limit = crate::limits::limit(
        crate::limits::MAX_STORE_BYTES,
        crate::limits::MAX_STORE_BYTES_VAR,
    );
    let mut budget = limit;
    for path in paths {
        let full = root.join(path);
        let files = if full.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(&full)
                .map_err(|source| StoreError::Io {
                    path: path.clone(),
                    source,
                })?
                .filter_map(Result::ok)
                .filter(|e| {
                    Path::new(&e.file_name())
                        .extension()
                        .is_some_and(|x| x == "jsonl")
                        && !e.path().is_dir()
                })
                .map(|e| path.join(e.file_name()))
                .collect();
            found.sort();
            found
        } else if full.exists() {
            vec![path.clone()]
        } else {
            return Err(StoreError::MissingSupport(
                path.clone(),
                crate::store::error::Nearest::to(root, path),
            ));
        };
        for file in files {
            let bytes = crate::store::load::read_file(root, &file, &mut budget, limit)?;
            let text = std::str::from_utf8(&bytes).map_err(|err| StoreError::NotUtf8 {
                path: file.clone(),
                offset: err.valid_up_to(),
            })?;
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            support.extend(parse_support(&file, text)?);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
