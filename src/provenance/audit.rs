//! `mdbook-evidence audit MANIFEST [BOOK]`: whether a book, or a built
//! site, is the one a manifest describes. Every difference is named: the
//! configuration, a chapter's source, a claim (gone or new), a citation's
//! passage, its verdicts, a store file, a file of the site, the verdict.

use crate::provenance::manifest;
use evidence_core::env::Environment;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// What an audit found: the differences, one line each (empty: the book
/// is the one described), and what was compared: `"book"` (the book
/// `target` is in, its site too when built) or `"site"` (a built site
/// alone). `own` are the manifest's and its signature's files, which a
/// site published with them holds besides its pages. The book is read in
/// `environment`.
pub fn audit(
    manifest_text: &str,
    target: &Path,
    own: &[std::path::PathBuf],
    environment: &Environment,
) -> anyhow::Result<(Vec<String>, &'static str)> {
    let recorded: Value = serde_json::from_str(manifest_text).map_err(|e| {
        anyhow::anyhow!("the manifest is not JSON ({e}); pass the file `manifest` wrote")
    })?;
    if recorded["schema_version"] != manifest::MANIFEST_V1 {
        anyhow::bail!(
            "the manifest's schema_version is not {:?}; pass the file `manifest` wrote",
            manifest::MANIFEST_V1
        );
    }
    let is_book = crate::session::book_root(target).is_some();
    let mut out = Vec::new();
    if !is_book {
        // A built site alone: its files are what can be compared.
        let Some(files) = recorded.get("site") else {
            anyhow::bail!(
                "{} holds no book.toml, and the manifest describes no built site to compare it with; pass the book's directory",
                target.display()
            );
        };
        let now = manifest::site_files(target, own)?;
        compare_files("site file", files, &now, &mut out);
        return Ok((out, "site"));
    }
    let now = manifest::manifest(target, None, own, environment)?;
    if recorded.get("site").is_some() && now.get("site").is_none() {
        out.push("the built site is missing: build the book (`mdbook build`) to compare it".into());
    }
    if recorded["config_sha256"] != now["config_sha256"] {
        out.push("book.toml: the configuration changed".into());
    }
    compare_chapters(&recorded["chapters"], &now["chapters"], &mut out);
    compare_files("store file", &recorded["stores"], &now["stores"], &mut out);
    if let (Some(files), Some(now_files)) = (recorded.get("site"), now.get("site")) {
        compare_files("site file", files, now_files, &mut out);
    }
    if recorded["verdict"] != now["verdict"] {
        out.push(format!(
            "the build's verdict was {} and is now {}",
            recorded["verdict"], now["verdict"]
        ));
    }
    Ok((out, "book"))
}

/// `path → sha256` of a list of `{path, sha256}`.
fn by_path(list: &Value) -> BTreeMap<String, String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| {
            Some((
                f["path"].as_str()?.to_owned(),
                f["sha256"].as_str()?.to_owned(),
            ))
        })
        .collect()
}

/// The files gone, changed or new between `recorded` and `now`.
fn compare_files(what: &str, recorded: &Value, now: &Value, out: &mut Vec<String>) {
    let (before, after) = (by_path(recorded), by_path(now));
    for (path, sha) in &before {
        match after.get(path) {
            None => out.push(format!("{what} {path}: missing")),
            Some(now) if now != sha => out.push(format!("{what} {path}: changed")),
            Some(_) => {}
        }
    }
    for path in after.keys().filter(|p| !before.contains_key(*p)) {
        out.push(format!("{what} {path}: not in the manifest"));
    }
}

/// Chapters by path.
fn chapters(list: &Value) -> BTreeMap<String, &Value> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| Some((c["path"].as_str()?.to_owned(), c)))
        .collect()
}

/// The chapters gone, new or changed, and in a changed one the claims and
/// citations that differ.
fn compare_chapters(recorded: &Value, now: &Value, out: &mut Vec<String>) {
    let (before, after) = (chapters(recorded), chapters(now));
    for (path, old) in &before {
        let Some(new) = after.get(path) else {
            out.push(format!("chapter {path}: missing"));
            continue;
        };
        if old["sha256"] != new["sha256"] {
            out.push(format!("chapter {path}: its source changed"));
        }
        compare_claims(path, &old["claims"], &new["claims"], out);
        if old["verdict"] != new["verdict"] {
            out.push(format!(
                "chapter {path}: its verdict was {} and is now {}",
                old["verdict"], new["verdict"]
            ));
        }
    }
    for path in after.keys().filter(|p| !before.contains_key(*p)) {
        out.push(format!("chapter {path}: not in the manifest"));
    }
}

/// Claims by key, and each claim's citations by evidence id.
fn claims(list: &Value) -> BTreeMap<String, (u64, BTreeMap<String, &Value>)> {
    let mut out = BTreeMap::new();
    for claim in list.as_array().into_iter().flatten() {
        let Some(key) = claim["claim_key"].as_str() else {
            continue;
        };
        let cites = claim["citations"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| Some((c["evidence_id"].as_str()?.to_owned(), c)))
            .collect();
        out.insert(key.to_owned(), (claim["line"].as_u64().unwrap_or(0), cites));
    }
    out
}

/// The claims of one chapter that are gone or new, and the citations
/// whose passage or verdicts changed.
fn compare_claims(path: &str, recorded: &Value, now: &Value, out: &mut Vec<String>) {
    let (before, after) = (claims(recorded), claims(now));
    for (key, (line, cites)) in &before {
        let Some((_, now_cites)) = after.get(key) else {
            out.push(format!(
                "chapter {path}: the claim of line {line} ({key}) is not in the book as checked"
            ));
            continue;
        };
        for (id, old) in cites {
            let Some(new) = now_cites.get(id) else {
                out.push(format!(
                    "chapter {path}: line {line}: citation of {id} is gone"
                ));
                continue;
            };
            let passage = |c: &Value| (c["passage_sha256"].clone(), c["record_sha256"].clone());
            if passage(old) != passage(new) {
                out.push(format!(
                    "chapter {path}: line {line}: the passage of {id} changed"
                ));
            }
            if old["verdicts"] != new["verdicts"] {
                out.push(format!(
                    "chapter {path}: line {line}: the verdicts on {id} changed"
                ));
            }
        }
        for id in now_cites.keys().filter(|id| !cites.contains_key(*id)) {
            out.push(format!(
                "chapter {path}: line {line}: citation of {id} is not in the manifest"
            ));
        }
    }
    for (key, (line, _)) in &after {
        if !before.contains_key(key) {
            out.push(format!(
                "chapter {path}: the claim of line {line} ({key}) is not in the manifest"
            ));
        }
    }
}
