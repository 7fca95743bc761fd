//! The support rules: one file per rule id; and how their messages name
//! a stored verdict (its checker, its place, its note).

pub(crate) mod missing_support;
pub(crate) mod stale_support;
pub(crate) mod unsupported_claim;

use evidence_core::store::SupportRecord;

/// `name version`, a checker as the report counts it; a person
/// (`human:NAME`) by name alone: versions are models'.
pub(crate) fn checker_key(record: &SupportRecord) -> String {
    if record.checker.is_person() {
        return record.checker.name.clone();
    }
    format!("{} {}", record.checker.name, record.checker.version)
}

/// `` `name version` ``, or `` `human:NAME` ``.
pub(crate) fn checker(record: &SupportRecord) -> String {
    format!("`{}`", checker_key(record))
}

/// `file:line` of a verdict.
pub(crate) fn place(record: &SupportRecord) -> String {
    format!("{}:{}", record.file.display(), record.line)
}

/// `: "…"`, the checker's note (an LLM judge's one-line reason), when the
/// verdict has one: its first line, cut to a few words, quoted with its
/// control characters escaped (it is a model's text).
pub(crate) fn reason(record: &SupportRecord) -> String {
    const CHARS: usize = 200;
    let Some(line) = record.note.as_deref().and_then(|n| n.lines().next()) else {
        return String::new();
    };
    let line = line.trim();
    if line.is_empty() {
        return String::new();
    }
    let mut out: String = line.chars().take(CHARS).collect();
    if line.chars().nth(CHARS).is_some() {
        out.push('…');
    }
    format!(": {}", evidence_core::escape::quoted(&out))
}
