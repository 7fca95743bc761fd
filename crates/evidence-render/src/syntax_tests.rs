//! Tests of the marker syntax (`crate::syntax`) against what the scanner,
//! the claim heuristic and the renderer read and write: the vocabulary is
//! shared, so a change on one side shows here.

use evidence_core::markers::{MarkdownFlags, MarkerKind, Scan, ScanOptions, scan};
use evidence_core::syntax::*;
use evidence_text::claims::{NotAClaim, classify_block};

/// What the scanner reads of `text` with the default options; the
/// render modules' tests read chapters through it too.
pub(crate) fn scan_with(text: &str, markdown: MarkdownFlags, numbered: bool) -> Scan {
    let options = ScanOptions {
        markdown,
        numbered,
        references_title: "References",
        claim_min_words: 3,
    };
    scan(text, &options)
}

/// Both settings of the one extension that changes how alerts read.
fn flag_sets() -> [MarkdownFlags; 2] {
    let on = MarkdownFlags {
        admonitions: true,
        ..MarkdownFlags::default()
    };
    [
        on,
        MarkdownFlags {
            admonitions: false,
            ..on
        },
    ]
}

/// How the claim policy classifies each block of `text`.
fn classified(text: &str, markdown: MarkdownFlags) -> Vec<Option<NotAClaim>> {
    let scan = scan_with(text, markdown, false);
    scan.blocks
        .iter()
        .map(|block| classify_block(block, 3))
        .collect()
}

#[test]
fn every_replacement_phrase_reads_as_an_abstention() {
    for phrase in [INSUFFICIENT_EVIDENCE, INSUFFICIENT_CREDIBLE, CITE_OFFICIAL] {
        // As `remove` mode writes it: in place of a paragraph, of a list
        // item's text, or after the label a claim opened with.
        for text in [
            format!("{phrase}\n"),
            format!("- {phrase}\n"),
            format!("Minority view: {phrase}\n"),
        ] {
            assert_eq!(
                classified(&text, MarkdownFlags::default()),
                [Some(NotAClaim::Abstain)],
                "{text:?}"
            );
        }
        assert!(ABSTAIN_PHRASES.iter().any(|p| phrase.starts_with(p)));
    }
}

#[test]
fn the_banner_written_is_the_banner_read() {
    assert_eq!(BANNER_LINES[0], format!("> {BANNER_ALERT}"));
    let text = "# Title\n\nBody text states a fact.\n";
    for markdown in flag_sets() {
        let before = scan_with(text, markdown, false);
        assert!(!before.has_banner);
        let mut edits = [crate::banner_edit(text, before.banner_offset, "\n")];
        let downgraded = crate::splice(text, &mut edits);
        let after = scan_with(&downgraded, markdown, false);
        assert!(after.has_banner, "{downgraded:?} {markdown:?}");
        assert_eq!(classify_block(&after.blocks[0], 3), Some(NotAClaim::Banner));
    }
}

#[test]
fn a_conflict_note_written_is_recognised_on_a_rerun() {
    let lines =
        conflict_note_lines("Reuters (`ev_a`) and AP (`ev_b`) contradict each other; weigh both.");
    let text = format!(
        "A claim cites it [EVID:ev_a].\n\n{}\n{}\n",
        lines[0], lines[1]
    );
    for markdown in flag_sets() {
        let scan = scan_with(&text, markdown, false);
        let note = &scan.blocks[1];
        assert!(is_conflict_note(&note.text), "{:?} {markdown:?}", note.text);
        assert_eq!(classify_block(note, 3), Some(NotAClaim::Note));
        assert!(!is_conflict_note(&scan.blocks[0].text));
    }
}

#[test]
fn a_rendered_citation_reads_back_as_its_evidence_id() {
    use crate::Target;
    let id = "ev_1.a:b/c-d";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("s.json"),
        format!(
            r#"{{"schema_version":"evidence.v1",
            "sources":[{{"source_id":"fed","publisher":"Federal <Reserve>","tier":1}}],
            "evidence":[{{"id":"{id}","source_id":"fed","url":"https://fed.gov/a",
              "title":"Rates [1] \"held\"","published_at":"2026-02-10T19:00:00Z"}}]}}"#
        ),
    )
    .unwrap();
    let store =
        evidence_core::store::load(dir.path(), &[std::path::PathBuf::from("s.json")]).unwrap();
    let config = evidence_core::config::Config::from_value(
        serde_json::json!({"store": "s", "as-of": "2026-02-20T00:00:00Z"}),
    )
    .unwrap();
    let Ok(evidence) = evidence_rules::resolve_id(id, &store, &config) else {
        panic!("{id} does not resolve");
    };
    let templates = crate::template::Templates::default();
    for (target, in_heading) in [
        (Target::Html, false),
        (Target::Html, true),
        (Target::Markdown, false),
    ] {
        let cite = crate::citation(&templates, target, 12, &evidence, 1, in_heading);
        let text = if in_heading {
            format!("# Heading {cite}\n")
        } else {
            format!("Rates held steady today {cite}.\n")
        };
        for numbered in [false, true] {
            let scan = scan_with(&text, MarkdownFlags::default(), numbered);
            let kinds: Vec<_> = scan.markers.iter().map(|m| m.kind.clone()).collect();
            assert_eq!(kinds, [MarkerKind::Rendered(id.into())], "{text:?}");
            assert_eq!(&text[scan.markers[0].span.clone()], cite);
        }
    }
}

#[test]
fn the_default_templates_and_the_script_use_the_vocabulary() {
    let anchor = format!("id=\"{REFERENCE_ANCHOR_PREFIX}{{{{id}}}}\"");
    assert!(include_str!("../../../templates/reference.html").contains(&anchor));
    let link = format!("(#{REFERENCE_ANCHOR_PREFIX}{{{{id}}}}");
    assert!(include_str!("../../../templates/citation.md").contains(&link));
    let script = include_str!("../../../templates/evidence.js");
    for class in [CITE_CLASS, PASSAGE_CLASS] {
        assert!(script.contains(&format!("\"{class}\"")), "{class}");
    }
    assert!(script.contains(&format!(
        "\"{REFERENCE_ANCHOR_PREFIX}\" + cite.getAttribute(\"{CITE_ID_ATTRIBUTE}\")"
    )));
    let style = include_str!("../../../templates/evidence.css");
    for class in [CITE_CLASS, CITE_GROUP_CLASS] {
        assert!(style.contains(&format!(".{class}")), "{class}");
    }
}

#[test]
fn evidence_markers_follow_the_id_grammar() {
    let text = format!(
        "Rates held [{EVIDENCE_MARKER_TAG}ev_1.a:b/c-d] and [{EVIDENCE_MARKER_TAG}ev 2] here.\n"
    );
    let kinds: Vec<_> = scan_with(&text, MarkdownFlags::default(), false)
        .markers
        .into_iter()
        .map(|m| m.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            MarkerKind::Evidence("ev_1.a:b/c-d".into()),
            MarkerKind::Malformed(format!("[{EVIDENCE_MARKER_TAG}ev 2]")),
        ]
    );
    for (id, valid) in [("ev_1", true), ("", false), ("a b", false), ("a\"b", false)] {
        assert_eq!(is_evidence_id(id), valid, "{id:?}");
        assert_eq!(evidence_core::syntax::is_evidence_id(id), valid, "{id:?}");
    }
}

#[test]
fn a_speculation_label_and_a_suppression_comment_are_read() {
    let text = format!(
        "{SPECULATION_LABEL} Rates may fall next year.\n\n\
         <!-- {SUPPRESSION_DIRECTIVE} numeric-claim reason=\"quoted\" -->\n\
         GDP grew 2.9% last quarter.\n"
    );
    let scan = scan_with(&text, MarkdownFlags::default(), false);
    assert_eq!(
        classify_block(&scan.blocks[0], 3),
        Some(NotAClaim::Speculation)
    );
    assert_eq!(scan.suppressions.len(), 1);
    assert_eq!(scan.suppressions[0].rules, ["numeric-claim"]);
    assert_eq!(scan.suppressions[0].reason.as_deref(), Some("quoted"));
    assert_eq!(
        scan.suppressions[0].target,
        Some(scan.blocks[1].outer.clone())
    );
}
