use super::*;
use crate::template::Templates;
use crate::{Target, chapter_edits, splice};
use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};
use evidence_core::syntax::SPECULATION_ELEMENT;
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
    rendered(store, text, "remove", Target::Html)
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

/// A marker taken out right after a confidence label leaves the label's
/// space: taking the space before the run made `\[MEDIUM CONFIDENCE\]`
/// no label (a label is one with its space), which the next run read as
/// the claim's words, and the line became a claim it removed (the
/// pipeline property found it).
#[test]
fn a_marker_taken_out_after_a_confidence_label_leaves_its_space() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    for label in ["\\[MEDIUM CONFIDENCE\\]", "[LOW CONFIDENCE]"] {
        for after in ["`", "", " 😀"] {
            let text = format!("- 4.4\u{a0}percent\n    {label} [EVID:ev_a,]{after}\n");
            let out = removed(&store, &text);
            assert!(out.contains(&format!("{label} ")), "{out}");
            assert_eq!(removed(&store, &out), out);
        }
    }
}

/// A heading in the References section the generated one replaces gets
/// no id of its own: `# References[EVID:a]` kept its id, `{#references}`,
/// and the section's heading, whose id that shifted, got `{#references-1}`
/// after its text, where the section's rewrite ends: the attribute landed
/// after the generated section, and the next run (which wrote none)
/// dropped it (the pipeline property found it).
#[test]
fn a_heading_the_references_rewrite_replaces_gets_no_id() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let config = Config::from_value(serde_json::json!({"store": "s", "mode": "fail"})).unwrap();
    let render = |text: &str| {
        let list = store.citation_list(Path::new("c.md"));
        let scanned = scanned(text, &config, true);
        let markers = scanned.markers.clone();
        let judgement = evidence_rules::judge("c.md", text, &scanned, &store, list, &config, true);
        let mut plan = RenderPlan::new(text, scanned, &judgement, list, &config);
        let (resolved, removed) = (&judgement.resolved, &judgement.removed_markers);
        plan.plan_heading_ids(text, &markers, resolved, removed, MarkdownFlags::default());
        let mut edits = chapter_edits(text, &plan, &Templates::default(), Target::Html).unwrap();
        splice(text, &mut edits)
    };
    for text in [
        "# References[EVID:ev_a]\n## References",
        "# References [EVID:ev_a]\n\n東京 rates held today [EVID:ev_b].\n\n## References\n",
        "# References [EVID:ev_a]\n\n## References\n\n[1] An old list, 2020.\n",
    ] {
        let out = render(text);
        assert!(out.contains("{#references}"), "{out}");
        assert!(!out.contains("{#references-1}"), "{out}");
        assert_eq!(render(&out), out);
    }
}

/// A marker taken out right before a confidence label may leave the label
/// glued to the text before it (`***[EVID:x] \[MEDIUM CONFIDENCE\]` becomes
/// `***\[MEDIUM CONFIDENCE\]`): a label there is still no text of the
/// claim, or the next run would read its words and make a claim of the
/// line (the pipeline property found it).
#[test]
fn a_label_a_removed_marker_leaves_glued_to_text_is_still_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    for text in [
        "***[EVID:gone] \\[MEDIUM CONFIDENCE\\] \\[MEDIUM CONFIDENCE\\]\n# ",
        "- 東京[EVID:gone] [LOW CONFIDENCE] 😀\n",
    ] {
        let out = removed(&store, text);
        assert!(out.contains("CONFIDENCE"), "{out}");
        assert_eq!(removed(&store, &out), out);
    }
}

/// Whether `remove` mode may take a marker out reads the line before it
/// with the speculation label as written, also where an earlier run wrote
/// it as an element: `<!--[SPECULATION]` before `[1-200]` may be an HTML
/// tag the removal completes, and the marker stayed; the element written
/// in the label's place holds spaces, so the next run took the marker out
/// (the pipeline property found it).
#[test]
fn remove_mode_reads_the_speculation_element_as_the_label() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    for text in [
        "Rates\n    <!--[SPECULATION]`[EVID:ev_a]`[1-200]Rates\n",
        "東京\n<x[SPECULATION][1-200] 😀\n",
    ] {
        let out = removed(&store, text);
        assert!(out.contains(SPECULATION_ELEMENT), "{out}");
        assert_eq!(removed(&store, &out), out);
    }
}

/// `text` as `mode` renders it for `target`, `c.md` numbered by the list.
fn rendered(store: &evidence_core::store::Store, text: &str, mode: &str, target: Target) -> String {
    let config = Config::from_value(serde_json::json!({"store": "s", "mode": mode})).unwrap();
    let list = store.citation_list(Path::new("c.md"));
    let scanned = scanned(text, &config, true);
    let judgement = evidence_rules::judge("c.md", text, &scanned, store, list, &config, true);
    let plan = RenderPlan::new(text, scanned, &judgement, list, &config);
    match chapter_edits(text, &plan, &Templates::default(), target) {
        Some(mut edits) => splice(text, &mut edits),
        None => text.to_owned(),
    }
}

/// A marker kept as written (malformed, an unknown `[N]`) stays where it
/// was written, between the same neighbours: rendered after the run's
/// citations, `[EVID:ev_a b]` met the `(EVID:ev_b)` the citation had kept
/// apart from it, and `[9]` the `[x]` after the run, each pair a link the
/// next run read as no markers (it then labelled the claim: the pipeline
/// property found it). Markers that share their bytes (`[1-3]`), and the
/// parts of a list (`[1, 7]`), stay one run.
#[test]
fn a_marker_kept_as_written_stays_between_its_neighbours() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let cite = "<a class=\"evidence-cite\" data-evidence=\"ev_a\">[2]</a>";
    for (text, kept) in [
        (
            format!("Rates held in 東京 today [EVID:ev_a b]{cite}(EVID:ev_b)\n"),
            ["[EVID:ev_a b]<", ">(EVID:ev_b)"],
        ),
        (
            format!("Rates held\u{a0}steady 😀 [9]{cite}[x]\n\n[x]: http://e.org\n"),
            ["[9]<", ">[x]"],
        ),
    ] {
        for mode in ["warn", "fail", "downgrade"] {
            let out = rendered(&store, &text, mode, Target::Html);
            for kept in kept {
                assert!(out.contains(kept), "{mode}: {out}");
            }
            assert_eq!(rendered(&store, &out, mode, Target::Html), out, "{mode}");
            let out = rendered(&store, &text, mode, Target::Markdown);
            assert!(
                !out.contains("](EVID") && !out.contains("][x]"),
                "{mode}: {out}"
            );
            assert_eq!(rendered(&store, &out, mode, Target::Markdown), out);
        }
    }
    // `[1-3]` holds ev_b, ev_a and an unknown 3: one run, the 3 after its
    // citations (the numbers share their bytes).
    let out = rendered(
        &store,
        "Rates held steady today [1-3].\n",
        "warn",
        Target::Html,
    );
    assert!(out.contains("&#50;</a>]</span>[3]."), "{out}");
    // `[1, 7]`, ev_b and an unknown 7: one run too (`7]` is no marker
    // written alone).
    let out = rendered(&store, "Rates held, 日本 [1, 7].\n", "warn", Target::Html);
    assert!(out.contains("[&#49;]</a>[7]."), "{out}");
}
