//! The store loader on arbitrary bytes: no panic, and a store that loads
//! renders: a chapter citing (up to 8 of) its evidence ids, in claims with
//! numbers written in non-ASCII typography, goes through the pipeline, for
//! both renderers (by paragraph, and by sentence with confidence labels),
//! and nothing from the store becomes markup: no `{{#` directive in the
//! markdown handed to mdBook, and in the HTML that pulldown-cmark makes of
//! it no `<script`, no `javascript:` link and no extra table cell.

#![no_main]

#[path = "../../tests/it/common/invariants.rs"]
#[allow(dead_code)]
mod invariants;

use libfuzzer_sys::fuzz_target;
use evidence_render::Target;
use evidence_core::store;
use mdbook_markdown::pulldown_cmark;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    if let Err(err) = store::load_bytes(Path::new("fuzz.json"), data) {
        // Messages are built from the input too.
        let _ = err.to_string();
        return;
    }
    // The ids, read the plain way (the store has no list of them; the
    // loader skips a BOM).
    let json = data.strip_prefix("\u{feff}".as_bytes()).unwrap_or(data);
    let value: serde_json::Value = serde_json::from_slice(json).expect("it loaded");
    let ids: Vec<&str> = value["evidence"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| item["id"].as_str())
        .take(8)
        .collect();
    let mut chapter = String::from("# Report\n\n");
    for id in &ids {
        chapter.push_str(&format!("- A claim cites it [EVID:{id}].\n"));
        // Numbers in the typography of real prose, so that the rules that
        // read an item's passages (number-not-in-evidence, span-mismatch,
        // paywall-quote) compare them with the store's text.
        chapter.push_str(&format!(
            "- Rates rose 4.4\u{a0}percent, 3\u{3000}% and \u{ff14}\u{ff05} in 2025 to 12\u{2009}% 日本 😀 e\u{301} \u{200f}7 [EVID:{id}]. A second sentence says 1,500 [EVID:{id}].\n"
        ));
    }
    chapter.push_str(&format!(
        "\n| a | b |\n|---|---|\n| cell | [EVID:{}] |\n",
        ids.first().unwrap_or(&"x")
    ));
    for (target, unit, labels) in [
        (Target::Html, "blocks", false),
        (Target::Markdown, "sentences", true),
    ] {
        let store = store::load_bytes(Path::new("fuzz.json"), data).expect("it loaded");
        let setup = invariants::setup_with_store("warn", target, unit, labels, store);
        for path in ["c.md", "numbered.md"] {
            let (out, _) = invariants::process(&setup, &[(path, &chapter)]);
            // The page as mdBook's renderer would write it.
            let mut html = String::new();
            pulldown_cmark::html::push_html(
                &mut html,
                mdbook_markdown::new_cmark_parser(&out[0], &Default::default()),
            );
            assert!(!html.contains("<script"), "{html}");
            assert!(
                !html.to_ascii_lowercase().contains("href=\"javascript"),
                "{html}"
            );
            // A directive would be expanded in the markdown mdBook is
            // handed (if its links preprocessor runs after this one); in
            // the page's HTML, `{{#` escaped in the markdown is only text.
            assert!(!out[0].contains("{{#"), "{}", out[0]);
            // The table keeps its one row of two cells.
            assert_eq!(html.matches("<td").count(), 2, "{html}");
        }
    }
});
