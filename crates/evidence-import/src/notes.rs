//! What an import closes with: what it could not know of the cited pages,
//! what the rules will make of that, the `--sources` entries that would
//! complete it, and the citations it left out; or why it imports nothing.

use crate::Draft;
use crate::fragment::{Item, SourceEntry};
use anyhow::bail;
use evidence_core::display::counted;
use std::collections::BTreeMap;

/// Notes on what the imported `items` lack (`sources` are the registry
/// entries they need; `addressed` pages have no title).
pub(super) fn missing(items: &[Item], sources: &[SourceEntry], addressed: usize) -> Vec<String> {
    let mut notes = Vec::new();
    if addressed > 0 {
        notes.push(format!(
            "{} no title in the response: {} the address; {} with --title-for URL TITLE or in a --sources file",
            counted(addressed, "cited page has", "cited pages have"),
            if addressed == 1 {
                "its References entry shows"
            } else {
                "their References entries show"
            },
            if addressed == 1 {
                "give it a title"
            } else {
                "give titles"
            }
        ));
    }
    let undated: Vec<&Item> = items.iter().filter(|i| i.published_at.is_none()).collect();
    if !undated.is_empty() {
        notes.push(format!(
            "{} no publication date (the response gives none): an imported page needs none, so citing it is no `missing-field`, but `max-age-days` cannot judge it",
            counted(undated.len(), "cited page has", "cited pages have")
        ));
    }
    // Sites known only by their address: `web:<host>`, tier 3.
    let unknown: Vec<&SourceEntry> = sources
        .iter()
        .filter(|s| s.source_id.starts_with("web:") && s.tier == 3)
        .collect();
    if !unknown.is_empty() {
        let one = unknown.len() == 1;
        notes.push(format!(
            "{} known only by {} address (tier 3: {}): a figure is `numeric-claim` unless it cites a tier 1-2 source or two publishers, so {} alone {} not carry one",
            counted(unknown.len(), "site is", "sites are"),
            if one { "its" } else { "their" },
            unknown.iter().map(|s| host(s)).collect::<Vec<_>>().join(", "),
            if one { "this site" } else { "these" },
            if one { "does" } else { "do" },
        ));
    }
    // What would complete them, each value to fill in: hosts get a
    // publisher and tier, undated pages a date.
    let mut entries: BTreeMap<String, String> = BTreeMap::new();
    for source in &unknown {
        entries.insert(
            host(source).to_owned(),
            r#"{"publisher": "…", "tier": …}"#.to_owned(),
        );
    }
    for item in &undated {
        entries.insert(item.url.clone(), r#"{"published_at": "…"}"#.to_owned());
    }
    if !entries.is_empty() {
        notes.push(sources_file(&entries));
    }
    notes
}

/// The host a `web:<host>` source is named after.
fn host(source: &SourceEntry) -> &str {
    source
        .source_id
        .strip_prefix("web:")
        .unwrap_or(&source.source_id)
}

/// The note suggesting a `--sources` file, printed as the file would be
/// written (one entry to a line, indented), each value to fill in `…`:
/// a terminal shows it whole, and it can be copied as it stands.
fn sources_file(entries: &BTreeMap<String, String>) -> String {
    let body: Vec<String> = entries
        .iter()
        .map(|(key, value)| format!("      {}: {value}", json_string(key)))
        .collect();
    format!(
        "a --sources file that completes what the response leaves out (fill in each …):\n  {{\n    \"sources\": {{\n{}\n    }}\n  }}",
        body.join(",\n")
    )
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// Refuses an answer with no citation left to import, saying why (and
/// what was left out, when that is the reason).
pub(super) fn something_to_import(draft: &Draft, what: &str, name: &str) -> anyhow::Result<()> {
    let citations = draft.answer.citations();
    let unplaced = draft.answer.unplaced();
    // When nothing is left to import, what was left out says why.
    let left_out = left_out(&draft.dropped, &draft.skipped)
        .first()
        .map(|note| format!("; left out: {note}"))
        .unwrap_or_default();
    if citations == 0 && unplaced > 0 {
        bail!(
            "{name}: this {} cites {} but {} where in the answer it is used, so no sentence can be marked as cited (markers piled on one paragraph would claim what the response does not); {}{left_out}",
            what,
            counted(unplaced, "source", "sources"),
            if unplaced == 1 {
                "does not say"
            } else {
                "says of none of them"
            },
            draft
                .unplaced_hint
                .unwrap_or("import a response that places its citations")
        );
    }
    let listed = draft.cited.len().max(draft.listed);
    if listed == 0 {
        bail!(
            "{name}: this {} carries no citations{}, so there is nothing to import (its text would be a chapter of ungrounded claims); ask the API for citations (documents with citations enabled, or a search tool){left_out}",
            what,
            if left_out.is_empty() {
                ""
            } else {
                " the importer can read"
            }
        );
    }
    if citations == 0 {
        bail!(
            "{name}: this {} lists {}, but its answer {}, so there is nothing to import{left_out}",
            what,
            counted(listed, "source", "sources"),
            if listed == 1 {
                "does not cite it"
            } else {
                "cites none of them"
            }
        );
    }
    Ok(())
}

/// The notes on citations left out and types skipped.
pub(super) fn left_out(
    dropped: &[String],
    skipped: &std::collections::BTreeMap<String, usize>,
) -> Vec<String> {
    // A response may drop thousands: the first few say which.
    const SHOWN: usize = 5;
    let mut notes: Vec<String> = dropped.iter().take(SHOWN).cloned().collect();
    if dropped.len() > SHOWN {
        notes.push(format!(
            "{} left out for the same kinds of reasons",
            counted(
                dropped.len() - SHOWN,
                "more citation was",
                "more citations were"
            )
        ));
    }
    if !skipped.is_empty() {
        let kinds: Vec<String> = skipped
            .iter()
            .map(|(kind, n)| format!("{kind} ({n})"))
            .collect();
        let total: usize = skipped.values().sum();
        notes.push(format!(
            "{} of {} the importer does not read {} skipped, marking nothing: {}; {} no citation it can check (a parsed file, a tool's output) or a kind newer than this version",
            counted(total, "annotation or citation", "annotations or citations"),
            if skipped.len() == 1 { "a type" } else { "types" },
            if total == 1 { "was" } else { "were" },
            kinds.join(", "),
            if total == 1 { "it is" } else { "they are" }
        ));
    }
    notes
}
