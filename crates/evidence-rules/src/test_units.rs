//! For the support rules' unit tests: a store written and loaded, a
//! chapter scanned, its markers resolved and its support units cut, as a
//! build does, at as-of 2026-02-20.

use crate::{Resolved, resolve};
use evidence_core::config::Config;
use evidence_core::markers::{MarkdownFlags, Scan, ScanOptions, scan};
use evidence_text::claims::claims;
use evidence_text::support_units::{SupportUnit, support_units};
use std::path::PathBuf;

/// Calls `judge` with `text`'s scan, support units and resolved markers
/// against `store` (evidence.v1 JSON), and the configuration `extra`
/// (book.toml keys as JSON) sets beside the store and the date.
pub(crate) fn with_units<R>(
    store: &str,
    extra: serde_json::Value,
    text: &str,
    judge: impl FnOnce(&Scan, &[SupportUnit], &[Option<Resolved<'_>>], &Config) -> R,
) -> R {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("s.json"), store).unwrap();
    let store = evidence_core::store::load(dir.path(), &[PathBuf::from("s.json")]).unwrap();
    let mut config = serde_json::json!({"store": "s", "as-of": "2026-02-20T00:00:00Z"});
    config
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let config = Config::from_value(config).unwrap();
    let options = ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: false,
        references_title: "References",
        claim_min_words: 3,
    };
    let scan = scan(text, &options);
    let resolved: Vec<_> = scan
        .markers
        .iter()
        .map(|m| resolve(&m.kind, &store, None, &config).ok())
        .collect();
    let claims = claims(&scan, config.claims, &config.sections, 3);
    let units = support_units(&scan, &claims, config.claims);
    judge(&scan, &units, &resolved, &config)
}
