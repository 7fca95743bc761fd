//! What an import closes with: what it could not know of the cited pages,
//! what the rules will make of that, and the `--sources` entries that
//! would complete it.

use super::fragment::{Item, SourceEntry};
use std::collections::BTreeMap;

/// Notes on what the imported `items` lack (`sources` are the registry
/// entries they need; `addressed` pages have no title).
pub(super) fn missing(items: &[Item], sources: &[SourceEntry], addressed: usize) -> Vec<String> {
    let mut notes = Vec::new();
    if addressed > 0 {
        notes.push(format!(
            "{addressed} cited page(s) have no title in the response: their References entry shows the address; give titles with --title-for URL TITLE or in a --sources file"
        ));
    }
    let undated: Vec<&Item> = items.iter().filter(|i| i.published_at.is_none()).collect();
    if !undated.is_empty() {
        notes.push(format!(
            "{} cited page(s) have no publication date (the response gives none): an imported page needs none, so citing it is no `missing-field`, but `max-age-days` cannot judge it",
            undated.len()
        ));
    }
    // Sites known only by their address: `web:<host>`, tier 3.
    let unknown: Vec<&SourceEntry> = sources
        .iter()
        .filter(|s| s.source_id.starts_with("web:") && s.tier == 3)
        .collect();
    if !unknown.is_empty() {
        notes.push(format!(
            "{} site(s) are known only by their address (tier 3: {}): a figure is `numeric-claim` unless it cites a tier 1-2 source or two publishers, so these alone do not carry one",
            unknown.len(),
            unknown.iter().map(|s| host(s)).collect::<Vec<_>>().join(", ")
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
        let body: Vec<String> = entries
            .iter()
            .map(|(key, value)| format!("{}: {value}", json_string(key)))
            .collect();
        notes.push(format!(
            "a --sources file that completes them (fill in each …): {{\"sources\": {{{}}}}}",
            body.join(", ")
        ));
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

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}
