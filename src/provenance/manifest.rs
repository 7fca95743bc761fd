//! `mdbook-evidence manifest BOOK`: what was checked, as deterministic JSON
//! (`manifest.v1`, `schema/manifest.v1.schema.json`): the tool's version,
//! the configuration's hash, each chapter's source hash with its claims,
//! their citations (item, `cid`, passage hash) and verdicts, the findings
//! and the build's verdict, each store file's hash, and, when the book was
//! built, each file of the site. Keys and lists are sorted; nothing in it
//! is a time but the times the inputs record, so the same book gives the
//! same bytes.

use crate::session::Session;
use evidence_core::store::CitationRecord;
use evidence_core::store::{Store, SupportStatus};
use evidence_report::{Location, Outcome};
use mdbook_preprocessor::book::{Book, BookItem};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The manifest's schema version.
pub const MANIFEST_V1: &str = "manifest.v1";

/// `sha256:` and the hex SHA-256 of `bytes`.
pub(crate) fn sha256(bytes: &[u8]) -> String {
    format!(
        "sha256:{}",
        evidence_core::hex::lower_hex(&Sha256::digest(bytes))
    )
}

/// The manifest of the book in `dir` (or the book `dir` is inside), and of
/// its built site in `site` (default: the book's build directory, when it
/// holds a build), leaving out of the site the files `own` names (the
/// manifest and its signature, published beside the site). The book is
/// read in `environment`.
pub fn manifest(
    dir: &Path,
    site: Option<&Path>,
    own: &[PathBuf],
    environment: &evidence_core::env::Environment,
) -> anyhow::Result<Value> {
    let found = crate::session::book_root(dir);
    let root = found.as_deref().unwrap_or(dir);
    // Judged as `check` judges it; its citations as `export-claims` and
    // `fetch` list them.
    let (session, book) = Session::check_book(root, environment)?;
    let (outcome, _) = session.judge_quietly(&book);
    session.finish();
    let citations = session.all_citations(&book);
    let config = evidence_core::limits::read_file(
        &root.join("book.toml"),
        evidence_core::limits::Limit::file(),
    )
    .map_err(|e| anyhow::anyhow!("cannot read book.toml: {}", e.reason()))?;
    let stores = store_files(
        root,
        session
            .config()
            .store
            .iter()
            .chain(&session.config().support),
    )?;
    let site_dir = site
        .map(Path::to_owned)
        .unwrap_or_else(|| root.join(session.build_dir()));
    let site = if site.is_some() || site_dir.join("index.html").is_file() {
        Some(site_files(&site_dir, own)?)
    } else {
        None
    };
    let mut out = json!({
        "schema_version": MANIFEST_V1,
        "tool": {"name": "mdbook-evidence", "version": crate::TOOL_VERSION},
        "config_sha256": sha256(&config),
        "verdict": if outcome.failed { "failed" } else { "passed" },
        "chapters": chapters(&book, &outcome, &citations, session.store()),
        "stores": stores,
    });
    if let Some(site) = site {
        out["site"] = site;
    }
    Ok(out)
}

/// The manifest as written: pretty JSON, keys sorted (serde_json's map is
/// a sorted map), one newline at the end.
pub fn to_text(manifest: &Value) -> String {
    let mut text = serde_json::to_string_pretty(manifest).unwrap_or_default();
    text.push('\n');
    text
}

/// Each chapter with a path, sorted by path: its source's hash, its
/// verdict, its claims and its findings.
fn chapters(book: &Book, outcome: &Outcome, citations: &[CitationRecord], store: &Store) -> Value {
    let report = &outcome.report;
    let mut out: BTreeMap<String, Value> = BTreeMap::new();
    for item in book.iter() {
        let BookItem::Chapter(chapter) = item else {
            continue;
        };
        let Some(path) = chapter.source_path.as_deref().or(chapter.path.as_deref()) else {
            continue;
        };
        let key = evidence_core::store::chapter_key(path);
        let summary = report.chapters.iter().find(|s| s.path == key);
        let file = report
            .files
            .iter()
            .position(|f| Path::new(&f.name).ends_with(path) || f.name == key);
        let mut findings: Vec<Value> = report
            .diagnostics
            .iter()
            .filter_map(|d| match &d.location {
                Location::Chapter {
                    file: at,
                    line,
                    column,
                    ..
                } if Some(*at) == file => Some(json!({
                    "rule": d.rule.id(),
                    "severity": d.severity.to_string(),
                    "line": line,
                    "column": column,
                    "message": d.message,
                })),
                _ => None,
            })
            .collect();
        findings.sort_by_key(|f| {
            (
                f["line"].as_u64(),
                f["column"].as_u64(),
                f["rule"].to_string(),
            )
        });
        out.insert(
            key.clone(),
            json!({
                "path": key,
                "sha256": sha256(chapter.content.as_bytes()),
                "checked": summary.is_some_and(|s| s.checked),
                "verdict": summary.map(|s| serde_json::to_value(s.verdict).unwrap_or(Value::Null)),
                "claims": claims(&key, citations, store),
                "findings": findings,
            }),
        );
    }
    Value::Array(out.into_values().collect())
}

/// The claims of the chapter keyed `key`, sorted by claim key: their
/// citations (item, `cid`, passage hash) and current verdicts.
fn claims(key: &str, citations: &[CitationRecord], store: &Store) -> Value {
    let mut by_claim: BTreeMap<&str, (usize, Vec<&CitationRecord>)> = BTreeMap::new();
    for citation in citations.iter().filter(|c| c.chapter == key) {
        let entry = by_claim
            .entry(&citation.claim_key)
            .or_insert((citation.line, Vec::new()));
        entry.1.push(citation);
    }
    let claims: Vec<Value> = by_claim
        .into_iter()
        .map(|(claim_key, (line, cited))| {
            let mut cites: Vec<Value> = cited.iter().map(|c| citation(key, c, store)).collect();
            cites.sort_by_key(|c| c["evidence_id"].to_string());
            cites.dedup();
            json!({"claim_key": claim_key, "line": line, "citations": cites})
        })
        .collect();
    Value::Array(claims)
}

/// What identifies an item that has no passage, as stable text: the
/// fields a reader relies on, written as the store writes them (never the
/// program's debug form, which may change between versions).
fn item_record(item: &evidence_core::store::EvidenceItem) -> String {
    let status = match item.status {
        evidence_core::store::Status::Active => "active",
        evidence_core::store::Status::Deleted => "deleted",
        evidence_core::store::Status::Invalid => "invalid",
    };
    json!({
        "id": item.id,
        "source_id": item.source_id,
        "publisher": item.publisher,
        "doc_id": item.doc_id,
        "chunk_id": item.chunk_id,
        "url": item.url,
        "title": item.title,
        "published_at": item.published_at.as_ref().map(ToString::to_string),
        "expires_at": item.expires_at.as_ref().map(ToString::to_string),
        "status": status,
        "tags": item.tags,
        "contradicts": item.contradicts,
    })
    .to_string()
}

/// One citation: the item, its `cid` (an imported page's id), the hash of
/// its passage (or, with none, of its record), and the verdicts on it.
fn citation(chapter: &str, c: &CitationRecord, store: &Store) -> Value {
    let item = store.item(&c.evidence_id);
    let passage = if c.passage_key.is_empty() {
        let record = item.map(item_record).unwrap_or_default();
        json!({"record_sha256": sha256(record.as_bytes())})
    } else {
        json!({"passage_sha256": c.passage_key})
    };
    let mut out = json!({"evidence_id": c.evidence_id});
    if let Some(cid) = c
        .evidence_id
        .strip_prefix("cid_")
        .map(|rest| rest.split('.').next().unwrap_or(rest))
    {
        out["cid"] = json!(format!("cid_{cid}"));
    }
    for (k, v) in passage.as_object().into_iter().flatten() {
        out[k] = v.clone();
    }
    let mut verdicts: Vec<Value> = Vec::new();
    if !c.passage_key.is_empty()
        && let SupportStatus::Current(records) = store.support().status(
            chapter,
            &c.claim_key,
            &c.evidence_id,
            &c.passage_key,
            |_| true,
        )
    {
        for r in records {
            let mut v = json!({
                "checker": r.checker.name,
                "checker_version": r.checker.version,
                "verdict": r.verdict.as_str(),
                "person": r.checker.is_person(),
            });
            if let Some(at) = &r.checked_at {
                v["checked_at"] = json!(at);
            }
            verdicts.push(v);
        }
    }
    verdicts.sort_by_key(Value::to_string);
    out["verdicts"] = Value::Array(verdicts);
    out
}

/// Every regular file of the store and support paths (a directory's files,
/// recursively), relative to the book's root with `/`, sorted, hashed.
fn store_files<'a>(root: &Path, paths: impl Iterator<Item = &'a PathBuf>) -> anyhow::Result<Value> {
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    for path in paths {
        for file in files_under(&root.join(path))? {
            let name = file.strip_prefix(root).unwrap_or(&file);
            let bytes = read(&file)?;
            files.insert(slashed(name), sha256(&bytes));
        }
    }
    Ok(Value::Array(
        files
            .into_iter()
            .map(|(path, sha)| json!({"path": path, "sha256": sha}))
            .collect(),
    ))
}

/// Every regular file of the built site in `dir`, relative to it, hashed,
/// but those `own` names (however their paths are spelled).
pub(crate) fn site_files(dir: &Path, own: &[PathBuf]) -> anyhow::Result<Value> {
    let own: Vec<PathBuf> = own
        .iter()
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .collect();
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    for file in files_under(dir)? {
        if std::fs::canonicalize(&file).is_ok_and(|real| own.contains(&real)) {
            continue;
        }
        let name = file.strip_prefix(dir).unwrap_or(&file);
        files.insert(slashed(name), sha256(&read(&file)?));
    }
    if files.is_empty() {
        anyhow::bail!(
            "{} holds no built site; run `mdbook build` first, or leave out --site",
            dir.display()
        );
    }
    Ok(Value::Array(
        files
            .into_iter()
            .map(|(path, sha)| json!({"path": path, "sha256": sha}))
            .collect(),
    ))
}

/// The regular files at `path` (itself, or under it), never following a
/// symlink (a checkout's link could point anywhere).
pub(crate) fn files_under(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(Vec::new());
    };
    if meta.is_file() {
        return Ok(vec![path.to_owned()]);
    }
    if !meta.is_dir() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for entry in entries {
        out.extend(files_under(&entry)?);
    }
    Ok(out)
}

/// A file's bytes, through the one reader.
pub(crate) fn read(file: &Path) -> anyhow::Result<Vec<u8>> {
    evidence_core::limits::read_file(file, evidence_core::limits::Limit::file())
        .map_err(|e| anyhow::anyhow!("cannot read {}: {}", file.display(), e.reason()))
}

/// A relative path with `/` between its parts.
fn slashed(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}
