//! Where `verify` keeps its verdicts, which citations already have one,
//! and how a new one is written: `support.v1` lines appended to one file
//! the build reads, through the safe writer.

use crate::session::Session;
use evidence_core::safe_write::SafeWriter;
use evidence_core::store::{Checker, SUPPORT_V1, Store, SupportStatus};
use evidence_verify::prompt::Answer;
use evidence_verify::units::Unit;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The name of `verify`'s file in a store or support directory.
const FILE_NAME: &str = "verify.jsonl";

/// What the stored verdicts say of a unit's current texts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Judged {
    /// A verdict of this checker, or a person's, is current: the unit is
    /// not asked about again. `Some(true)` when it says unsupported.
    pub cached: Option<bool>,
    /// Some checker's verdict is current (another model's counts).
    pub by_anyone: bool,
    /// The people whose current verdicts decide it (`human:NAME`, NAME
    /// alone), when any do: then no model is asked.
    pub people: Vec<String>,
}

/// What the stored verdicts hold of `checker`, a person's, or anyone's,
/// for exactly these texts of the claim and its passages (the claim's
/// key, the passages').
pub(crate) fn judged(store: &Store, unit: &Unit, checker: &Checker) -> Judged {
    let Some(first) = unit.ids().first().copied() else {
        return Judged::default();
    };
    let status = store
        .support()
        .status(&unit.chapter, &unit.claim_key, first, &unit.key, |_| true);
    let SupportStatus::Current(verdicts) = status else {
        return Judged::default();
    };
    // A person's verdict is never asked about again, and overrides.
    let people: Vec<_> = verdicts.iter().filter(|r| r.checker.is_person()).collect();
    let decides: Vec<_> = if people.is_empty() {
        verdicts.iter().filter(|r| r.checker == *checker).collect()
    } else {
        people
    };
    Judged {
        cached: (!decides.is_empty()).then(|| {
            decides
                .iter()
                .any(|r| r.verdict == evidence_core::store::SupportVerdict::Unsupported)
        }),
        by_anyone: !verdicts.is_empty(),
        people: decides
            .iter()
            .filter_map(|r| r.checker.name.strip_prefix("human:"))
            .map(str::to_owned)
            .collect(),
    }
}

/// The file, relative to the book's root, that `verify` appends to: the
/// first `support` entry (`verify.jsonl` in it when it is a directory),
/// else `verify.jsonl` in the first store directory. Either way the build
/// reads it.
pub(crate) fn target(session: &Session) -> Result<PathBuf, String> {
    let root = session.root();
    let is_file = |p: &Path| p.extension().is_some_and(|x| x == "jsonl") && !root.join(p).is_dir();
    let found = match session.config().support.first() {
        Some(path) if is_file(path) => Some(path.clone()),
        Some(path) => Some(path.join(FILE_NAME)),
        None => session
            .config()
            .store
            .iter()
            .find(|p| root.join(p).is_dir())
            .map(|dir| dir.join(FILE_NAME)),
    };
    let target = found.ok_or_else(|| {
        "the book reads verdicts from no place verify can add to: its store is a file, and `support` is not set; add `support = \"evidence/verify.jsonl\"` under [preprocessor.evidence] in book.toml and create that file empty (or make `store` a directory)".to_owned()
    })?;
    let full = root.join(&target);
    if let Ok(text) = std::fs::read_to_string(&full)
        && !text.trim().is_empty()
        && !starts_with_verdict(&text)
    {
        return Err(format!(
            "{} does not start with a support.v1 verdict, so verify will not add to it; name another file in `support`",
            target.display()
        ));
    }
    Ok(target)
}

/// Whether the first non-blank line of `text` is a `support.v1` record.
fn starts_with_verdict(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .is_some_and(|v| v.get("schema_version").and_then(|s| s.as_str()) == Some(SUPPORT_V1))
}

/// A verdict as `verify` writes it.
#[derive(Serialize)]
struct Line<'a> {
    schema_version: &'static str,
    claim_key: &'a str,
    evidence_id: &'a str,
    /// Every item, when the claim cites several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    evidence_ids: Vec<&'a str>,
    passage_key: &'a str,
    verdict: &'static str,
    score: f64,
    checker: CheckerLine<'a>,
    chapter: &'a str,
    claim: &'a str,
    checked_at: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

#[derive(Serialize)]
struct CheckerLine<'a> {
    name: &'a str,
    version: &'a str,
}

/// One `support.v1` line (with its line break) for `unit`.
pub(crate) fn line(unit: &Unit, answer: &Answer, checker: &Checker, checked_at: &str) -> String {
    let note = answer.reason.as_deref().map(|reason| {
        if answer.score == 0.5 {
            format!("partially supported: {reason}")
        } else {
            reason.to_owned()
        }
    });
    let ids = unit.ids();
    let line = Line {
        schema_version: SUPPORT_V1,
        claim_key: &unit.claim_key,
        evidence_id: ids.first().copied().unwrap_or_default(),
        evidence_ids: if ids.len() > 1 {
            ids.clone()
        } else {
            Vec::new()
        },
        passage_key: &unit.key,
        verdict: answer.verdict.as_str(),
        score: answer.score,
        checker: CheckerLine {
            name: &checker.name,
            version: &checker.version,
        },
        chapter: &unit.chapter,
        claim: &unit.claim,
        checked_at,
        note: note.as_deref(),
    };
    // A struct of strings and numbers always serializes.
    let mut out = serde_json::to_string(&line).unwrap_or_default();
    out.push('\n');
    out
}

/// Appends `lines` to `target` (relative to the book's root): what the
/// file holds now is kept byte for byte, and the whole file is replaced at
/// once by the safe writer, never through a symlink, never onto the
/// book's config or sources.
pub(crate) fn append(session: &Session, target: &Path, lines: &str) -> anyhow::Result<()> {
    let full = session.root().join(target);
    let mut text = match std::fs::read(&full) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            anyhow::anyhow!(
                "{} is not UTF-8; the new verdicts were not written",
                target.display()
            )
        })?,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(err) => anyhow::bail!("cannot read {}: {err}", target.display()),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(lines);
    let mut writer = SafeWriter::new(session.root())?;
    writer.protect(&session.root().join("book.toml"), "the book's config");
    writer.protect(
        &session.root().join(session.src_dir()),
        "the book's source directory",
    );
    for store in &session.config().store {
        let path = session.root().join(store);
        if !path.is_dir() {
            writer.protect(&path, "an evidence store file");
        }
    }
    writer.write(&full, text.as_bytes())?;
    Ok(())
}
