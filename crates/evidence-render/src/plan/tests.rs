use super::*;
use crate::template::Templates;
use crate::{Target, chapter_edits, splice};
use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};
use std::path::{Path, PathBuf};

/// A store of three items, `c.md` listing `ev_b` then `ev_a`.
/// What the scanner reads of `text` with `config`'s options.
fn scanned(text: &str, config: &Config, numbered: bool) -> evidence_core::markers::Scan {
    let options = ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered,
        references_title: &config.references_title,
        claim_min_words: config.claim_min_words,
    };
    scan(text, &options)
}

fn store(dir: &Path) -> evidence_core::store::Store {
    let item = |id: &str| {
        format!(
            r#"{{"id":"{id}","source_id":"fed","url":"https://fed.gov/{id}","title":"Rates {id}","published_at":"2026-02-10T19:00:00Z"}}"#
        )
    };
    std::fs::write(
        dir.join("s.json"),
        format!(
            r#"{{"schema_version":"evidence.v1",
            "sources":[{{"source_id":"fed","publisher":"Federal Reserve","tier":1}}],
            "evidence":[{},{},{}],
            "chapters":{{"c.md":["ev_b","ev_a"]}}}}"#,
            item("ev_a"),
            item("ev_b"),
            item("ev_c")
        ),
    )
    .unwrap();
    evidence_core::store::load(dir, &[PathBuf::from("s.json")]).unwrap()
}

#[test]
fn citations_keep_their_items_when_entries_are_sorted_by_number() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let config = Config::from_value(
        serde_json::json!({"store": "s", "as-of": "2026-02-20T00:00:00Z", "mode": "warn"}),
    )
    .unwrap();
    let list = store.citation_list(Path::new("c.md"));
    // First appearance: c, a, b; numbers: b 1, a 2 (the list), c 3.
    let text = "# Ｔｉｔｌｅ\n\n- Rates were held steady in 東京 today [EVID:ev_c] [EVID:ev_a].\n- Rates\u{a0}held again, é\u{301} \u{200f}noted [EVID:ev_b] [2].\n";
    let scanned = scanned(text, &config, true);
    let judgement = evidence_rules::judge("c.md", text, &scanned, &store, list, &config, true);
    let plan = RenderPlan::new(text, scanned, &judgement, list, &config);
    drop(judgement);

    let published: Vec<(&str, u32, u32)> = plan
        .references
        .entries
        .iter()
        .map(|e| (e.evidence.id, e.number, e.occurrences))
        .collect();
    assert_eq!(published, [("ev_b", 1, 1), ("ev_a", 2, 2), ("ev_c", 3, 1)]);
    let cited: Vec<(&str, u32)> = plan
        .members
        .iter()
        .map(|m| (plan.references.entries[m.entry].evidence.id, m.occurrence))
        .collect();
    assert_eq!(cited, [("ev_c", 1), ("ev_a", 1), ("ev_b", 1), ("ev_a", 2)]);
    let ids: Vec<&str> = plan.published().map(|e| e.id).collect();
    assert_eq!(ids, ["ev_b", "ev_a", "ev_c"]);

    let mut edits = chapter_edits(text, &plan, &Templates::default(), Target::Markdown).unwrap();
    let out = splice(text, &mut edits);
    let first = out.find("[\\[3\\]](#evidence-ev_c").unwrap();
    let second = out.find("[\\[2\\]](#evidence-ev_a").unwrap();
    assert!(first < second, "{out}");
    assert!(out.contains("[\\[1\\]](#evidence-ev_b"), "{out}");
    assert!(out.contains("東京"), "{out}");
}

#[test]
fn a_chapter_without_markers_plans_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let config = Config::from_value(serde_json::json!({"store": "s", "mode": "warn"})).unwrap();
    let text = "# 見出し\n\nNo marker here,\u{3000}just prose with ２０２６ in it.\n";
    let scanned = scanned(text, &config, false);
    let judgement = evidence_rules::judge("c.md", text, &scanned, &store, None, &config, true);
    let plan = RenderPlan::new(text, scanned, &judgement, None, &config);
    assert!(plan.is_empty());
    assert_eq!(plan.published().count(), 0);
    assert!(chapter_edits(text, &plan, &Templates::default(), Target::Html).is_none());
}

/// `text` as `remove` mode renders it for the HTML renderer.
fn removed(store: &evidence_core::store::Store, text: &str) -> String {
    let config = Config::from_value(serde_json::json!({"store": "s", "mode": "remove"})).unwrap();
    let list = store.citation_list(Path::new("c.md"));
    let scanned = scanned(text, &config, true);
    let judgement = evidence_rules::judge("c.md", text, &scanned, store, list, &config, true);
    let plan = RenderPlan::new(text, scanned, &judgement, list, &config);
    match chapter_edits(text, &plan, &Templates::default(), Target::Html) {
        Some(mut edits) => splice(text, &mut edits),
        None => text.to_owned(),
    }
}

/// Runs taken out one after the other, each with the space before it,
/// left a backslash before them at the line's end, a hard line break:
/// the last run's check saw the text before its space as written (a
/// marker's `]`), not the backslash the runs before left there; in a line
/// of cells that changed its reading, and the run stayed as its mark,
/// which a second run took out. The chapter's end is a line's (the
/// References follow it).
#[test]
fn runs_taken_out_after_a_backslash_leave_its_space() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    for end in ["\n|---|---|\n", "\n", ""] {
        let text = format!("Rates held [EVID:ev_a] today\n | \\ [EVID:ev_a,] [EVID:gone]{end}");
        let out = removed(&store, &text);
        assert!(out.contains("today\n | \\ \n"), "{out}");
        assert!(!out.contains("unverified"), "{out}");
        assert_eq!(removed(&store, &out), out);
    }
}
