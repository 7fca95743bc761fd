//! The whole chapter pipeline on generated chapters: it keeps every byte
//! outside the spans it rewrites, changes nothing on a second run, leaves
//! chapters without markers alone, holds on the chapters once found failing,
//! and keeps tables tables.

use super::*;
use crate::common::invariants::{self, HTML_CITE, PATHS};
use evidence_core::markers;
use evidence_render::Target;
use proptest::sample::select;

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn the_pipeline_keeps_what_it_does_not_rewrite_and_is_idempotent(
        text in chapter(),
        mode in select(&["fail", "downgrade", "warn", "remove"][..]),
        target in select(&[Target::Html, Target::Markdown][..]),
        path in select(PATHS),
        claims in select(&["blocks", "bullets", "sentences"][..]),
        labels in any::<bool>(),
    ) {
        // In `remove` mode (which deletes claims) only no-panic and
        // idempotence are checked.
        let setup = invariants::setup_with(mode, target, claims, labels);
        invariants::check_any_chapter(&setup, path, &text);
    }

    #[test]
    fn a_chapter_without_markers_or_claims_is_left_alone(
        text in chapter(),
        target in select(&[Target::Html, Target::Markdown][..]),
    ) {
        // In `warn` mode, with no marker of an id (one that resolves is a
        // citation, one that does not an unverified mark), nothing is
        // edited but the reasons of suppression comments.
        let setup = invariants::setup("warn", target);
        let scan = markers::scan(&text, &options(false));
        let cites = scan.markers.iter().any(|m| matches!(
            &m.kind,
            markers::MarkerKind::Evidence(_) | markers::MarkerKind::Rendered(_)
        ));
        // A References list the author wrote, in a chapter that holds a
        // marker (a malformed one too: the chapter cites), is never
        // published: with nothing cited left, it is taken out.
        if cites || !scan.reference_list.is_empty() {
            return Ok(()); // rejecting would abort the run: most chapters cite
        }
        let (out, _) = invariants::process(&setup, &[("c.md", &text)]);
        // But for the reasons of its suppression comments, withheld, and
        // the `[SPECULATION]` labels the HTML renderer writes as elements.
        let mut withheld =
            evidence_render::withheld::withheld_edits(&text, &scan.suppressions);
        let out = out[0].replace(invariants::SPECULATION_ELEMENT, "[SPECULATION]");
        prop_assert_eq!(&out, &evidence_render::splice(&text, &mut withheld));
    }
}

/// Chapters the properties above once failed on, checked every run in
/// every setting: a marker `remove` mode takes out between two backticks
/// and a code span (taking the space before it joined them into a run of
/// three, so the code span's marker was read on the second run), or a
/// backslash (an escape), with other malformed markers and non-ASCII;
/// one taken out after a definition's `: ` before an HTML block's start.
#[test]
fn the_chapters_found_failing_hold() {
    let mut found = vec![String::from("`` [EVID:a,]`[EVID:a]`")];
    for marker in ["[EVID:]", "[EVID:a b]", "[1,]", "[9]", "[EVID:gone]"] {
        found.push(format!("日本`` {marker}`[EVID:a]` 😀"));
        found.push(format!("\u{200f}مرحبا\\ {marker}`[1]`"));
    }
    // A definition's `: ` is block markup: what follows a marker taken
    // out there starts the definition's text, where `<!--` opens an HTML
    // block that swallowed the next line's citations.
    found.push(format!("Term\n: [1-200]<!--{HTML_CITE}\n[1, 2]"));
    for marker in ["[EVID:a,]", "[EVID:]", "[9]"] {
        found.push(format!("用語\n: {marker}<!-- 日本\n[EVID:a] 😀"));
        found.push(format!("Term\n:\u{a0}{marker} <div>\n[EVID:a]"));
    }
    // A lone `<a class="evidence-cite">` holds back the text after it as
    // a possible citation; released at the block's end, that text was
    // read as prose (a `[SPECULATION]` in it exempting the claim, no
    // label), released by the next run's rendered citation, as inside the
    // element (a label the second run added).
    let open_a = "<a class=\"evidence-cite\" data-evidence=\"a\">";
    let labelled = [
        format!("***4.4\u{a0}percent{open_a}[1, 2]Rates[SPECULATION]\n"),
        format!("- Rates\n    e\u{301}{open_a} [SPECULATION][EVID:a]\n"),
        format!("- 東京\u{3000}金利\n    {open_a}\u{200f}[SPECULATION]\u{3000}[EVID:a] 😀\n"),
        format!("Rates held\u{a0}{open_a}[SPECULATION][１][EVID:a]"),
    ];
    for text in &labelled {
        for target in [Target::Html, Target::Markdown] {
            for claims in ["blocks", "sentences"] {
                for mode in ["fail", "downgrade", "remove"] {
                    let setup = invariants::setup_with(mode, target, claims, true);
                    for path in PATHS {
                        invariants::check_any_chapter(&setup, path, text);
                    }
                }
            }
        }
    }
    // `remove` mode took out a marker opening a paragraph of the References
    // section, which then opened with `[1]`: a second run read it as an
    // entry, and replaced it with the section.
    for before in [
        HTML_CITE,
        "Rates held steady today [EVID:a]</a>",
        "日本 😀 [EVID:a]",
    ] {
        for after in [
            "[1]",
            " [2] Reuters 😀",
            "\u{3000}[1]",
            "[１]",
            "\u{200f}[1]",
        ] {
            found.push(format!("{before}\n## References\n[EVID:gone]{after}"));
            found.push(format!("{before}\n\n## References\n\n- [9]{after}\n"));
        }
    }
    // Under References, `[9]` right before a marker or a label opens no
    // entry; the HTML renderer's unverified mark or label element after it
    // did, on the second run, and the generated entries replaced the line.
    for after in [
        "[EVID:gone]",
        "[SPECULATION] 東京 rates will fall 😀",
        "[EVID:gone] Rates\u{a0}fell.",
    ] {
        found.push(format!(
            "Rates held steady [EVID:a].\n\n## References\n\n- [9]{after}\n"
        ));
    }
    for text in &found {
        hold_in_every_setup(text, &["blocks", "sentences"], &[false]);
    }
}

/// Under References, a list item whose quote holds an entry (`- > [1]
/// …`) read the entry's text as its own: judged a claim, it was marked
/// (`downgrade`: the ⚠ before `[1]` then kept the next run from reading
/// an entry there) or replaced (`remove`), and the next run read the
/// entry's markers as citations and wrote the References. An entry's
/// text is no text of the block around it.
#[test]
fn an_entry_inside_a_list_item_is_no_claim_of_the_item() {
    for text in [
        "## References\n- > [1] [Insufficient evidence][EVID:a, b.2:x/y-z]",
        "## References\n\n- > [2]\u{a0}Reuters 😀 \"Rates\" [EVID:gone]\n- > 東京 rates held [EVID:a].\n",
        "Rates held [EVID:p].\n\n## References\n\n- Sources 日本\n\n  [3] Reuters [EVID:q] 1.5%\n",
    ] {
        hold_in_every_setup(text, &["blocks", "bullets", "sentences"], &[false, true]);
    }
}

/// `remove` mode kept a malformed marker at a line's start when the
/// marker after it, literally `[EVID:a]:`, could open a link definition
/// there (`***[1-200] [EVID:a]:`); that marker is a citation on the page,
/// which opens none, and the next run, reading the citation, took the
/// malformed marker out. A marker written as a citation is read as the
/// citation.
#[test]
fn remove_reads_the_citation_after_a_marker_it_takes_out() {
    // A range is a marker in a chapter with a citation list only.
    for (text, gone, paths) in [
        ("***[1-200] [EVID:a]:", "[1-200]", &PATHS[1..]),
        ("* [1-200] [1]: \n# [x] 東京 😀\n", "[1-200]", &PATHS[1..]),
        ("> > [EVID:js] [EVID:q]:\n", "[EVID:js]", PATHS),
        ("- [EVID:a,] [EVID:p]: 日本\n", "[EVID:a,]", PATHS),
    ] {
        for target in [Target::Html, Target::Markdown] {
            for claims in ["blocks", "sentences"] {
                let setup = invariants::setup_with("remove", target, claims, false);
                for path in paths {
                    let out = invariants::check_idempotent(&setup, path, text);
                    assert!(!out.contains(gone), "{target:?} {path}: {out}");
                }
            }
        }
    }
}

/// The rules report on a chapter `downgrade` mode marked as they reported
/// on it before: the ⚠ mark is no text of the claim it opens, as a
/// confidence label is none. Read as text, it moved `2)` off the claim's
/// start, where it is list numbering, and `numeric-claim` and
/// `number-not-in-evidence` flagged the figure 2 on the next run; read
/// as the author's element (or link), it started a row's claim after it,
/// and a second confidence label went there.
#[test]
fn a_claim_mark_changes_no_reading_of_the_claim_it_opens() {
    let said = |outcome: &evidence_report::Outcome| -> Vec<String> {
        let diagnostics = outcome.report.diagnostics.iter();
        let mut said: Vec<String> = diagnostics
            .map(|d| format!("{:?}: {}", d.rule, d.message))
            .collect();
        said.sort();
        said
    };
    for text in [
        "2\\) Rates said \"the economy is strong\" [EVID:q].\n",
        "Two reasons. 1) Rates said \"x y z\" in 東京 [EVID:p].\n",
        "- 2\\) Rates held 😀 [EVID:q][EVID:gone]\n",
        "[^1]: \n- |  |  | Rates\n  |:---|---:|:-:|\n  [^1] |\n   |\n  [EVID:gone] |\n  4.4\u{a0}percent [1, 2] | http://e.org",
    ] {
        for target in [Target::Html, Target::Markdown] {
            for claims in ["blocks", "sentences"] {
                for labels in [false, true] {
                    let setup = invariants::setup_with("downgrade", target, claims, labels);
                    for path in PATHS {
                        let (out, first) = invariants::process(&setup, &[(path, text)]);
                        assert!(out[0].contains('⚠'), "{text:?}: {}", out[0]);
                        let (again, second) = invariants::process(&setup, &[(path, &out[0])]);
                        assert_eq!(again, out, "{text:?}");
                        assert_eq!(said(&second), said(&first), "{text:?}: {}", out[0]);
                    }
                }
            }
        }
    }
}

/// `remove` mode took `[EVID:gone]` out after a task list item's box,
/// `- [x] [EVID:gone] |  | [SPECULATION] |  |`: the line of four cells
/// (no table under a delimiter row of three) became one of three after
/// the box, which the parser does not read as a cell's text, and the next
/// run read a table there, whose row it labelled. A task box is read as
/// the item's markup when a line's cells are counted.
#[test]
fn remove_counts_the_cells_after_a_task_box() {
    let cite = HTML_CITE;
    for text in [
        format!("- [x] [EVID:gone] |  | [SPECULATION] |  |\n  |:---|---:|:-:|\n  {cite} |"),
        "> 1. [ ] [EVID:a,] | 東京 | 😀 |\n>    |---|---|\n>    Rates held [EVID:a] |\n".to_owned(),
    ] {
        for target in [Target::Html, Target::Markdown] {
            for claims in ["blocks", "sentences"] {
                for labels in [false, true] {
                    let setup = invariants::setup_with("remove", target, claims, labels);
                    for path in PATHS {
                        invariants::check_any_chapter(&setup, path, &text);
                    }
                }
            }
        }
    }
}

/// Lines between tables: a paragraph (cited, uncited, of figures) or a
/// list item, which a table may continue.
const PARAGRAPHS: &[&str] = &[
    "Rates held steady in 東京 today [EVID:a].",
    "Unemployment rose to 4.4% in January.",
    "- Payrolls rose by 130,000 jobs [EVID:b.2:x/y-z].",
    "> Rates held steady today.",
    "Rates | held",
];

/// A chapter of tables (the other fragments' markup in their cells),
/// between paragraphs and blank lines, with LF or CRLF line endings.
fn table_chapter() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop_oneof![
                3 => table(),
                1 => select(PARAGRAPHS).prop_map(|l| vec![l.to_owned()]),
                1 => Just(vec![String::new()]),
            ],
            1..6,
        ),
        select(&["\n", "\r\n"][..]),
    )
        .prop_map(|(parts, newline)| {
            let mut text = parts.concat().join(newline);
            text.push_str(newline);
            text
        })
}

/// The tables of a chapter as mdBook's renderer reads them: each one's
/// column alignments.
fn tables_of(text: &str) -> Vec<String> {
    use mdbook_markdown::pulldown_cmark::{Event, Tag};
    mdbook_markdown::new_cmark_parser(text, &Default::default())
        .filter_map(|event| match event {
            Event::Start(Tag::Table(alignments)) => Some(format!("{alignments:?}")),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(cases(256))]

    /// Tables' rows are claims: in every mode (`remove` replacing rows;
    /// `removal = "delete"` is tested in `contract_tables.rs`), claim unit,
    /// target and label setting, every table stays a table with its
    /// columns and no line of cells that is no table becomes one (`remove`
    /// mode taking markers and claims out of them included), nothing
    /// outside the rewritten spans is lost (but in `remove` mode), and a
    /// second run changes nothing.
    #[test]
    fn tables_stay_tables_and_runs_are_stable(
        text in table_chapter(),
        mode in select(&["fail", "downgrade", "warn", "remove"][..]),
        target in select(&[Target::Html, Target::Markdown][..]),
        claims in select(&["blocks", "bullets", "sentences"][..]),
        labels in any::<bool>(),
    ) {
        let setup = invariants::setup_with(mode, target, claims, labels);
        invariants::check_any_chapter(&setup, "c.md", &text);
        let (out, _) = invariants::process(&setup, &[("c.md", &text)]);
        let (before, after) = (tables_of(&text), tables_of(&out[0]));
        prop_assert_eq!(after, before, "output: {:?}", out[0]);
    }
}

/// A sentence that opens inside a code span (`` ?` D`[EVID:a]x ``: the
/// span's text opens with a space, where the sentence `?` ends) started
/// at the span's end, which maps to no offset inside it; the label went
/// after the span, where the next run, starting the claim at the span's
/// end again (the space before the label), did not find it at the claim's
/// start and wrote a second one. The sentence starts with the span.
#[test]
fn a_sentence_opening_in_a_code_span_is_labelled_once() {
    for text in [
        "?` D`[EVID:a]x é",
        "Rates rose?` Then` 東京 rates fell 😀 [EVID:a].\n",
    ] {
        for mode in ["fail", "downgrade", "warn", "remove"] {
            for target in [Target::Html, Target::Markdown] {
                for labels in [false, true] {
                    let setup = invariants::setup_with(mode, target, "sentences", labels);
                    for path in PATHS {
                        let out = invariants::check_idempotent(&setup, path, text);
                        let written = out.matches("CONFIDENCE").count();
                        assert!(written <= 1, "{mode} {target:?} {path}: {out}");
                        invariants::check_any_chapter(&setup, path, text);
                    }
                }
            }
        }
    }
}

/// An author's `[HIGH CONFIDENCE]` glued to a malformed marker opening a
/// list item is text; `remove` mode took the marker out, leaving the
/// label and a space alone in the item's first paragraph. The next run
/// read it as a label with no text after it, which then started the text
/// of the item's next paragraph: the claim there started at it, and the
/// build's label went there, in its place. A label with no text after it
/// in its paragraph starts no text of the next, as it starts none of the
/// next block.
#[test]
fn a_label_alone_in_an_items_paragraph_starts_no_later_paragraph() {
    for text in [
        "1. [HIGH CONFIDENCE][EVID:] \n\n\t[EVID:a]g H O",
        "- [LOW CONFIDENCE][EVID:a,] \n\n  東京 rates rose 😀 [EVID:a]\n",
        "- \\[HIGH CONFIDENCE\\] \n\n  Rates held\u{a0}steady [EVID:a].\n",
    ] {
        hold_in_every_setup(text, &["blocks", "bullets", "sentences"], &[true]);
    }
}

/// `remove` mode takes out a marker that resolves to no evidence before
/// an abstain phrase opening a sentence (`[EVID:gone][Insufficient
/// evidence]<http://e.org>[EVID:a]Rates é`). The marker kept the claim
/// whole, labelled before the phrase; the next run, the marker gone, the
/// claim started after the phrase, and a second label was written there.
/// A marker before the phrase keeps no claim whole: it starts after the
/// phrase on both runs.
#[test]
fn a_marker_before_an_abstain_phrase_keeps_no_claim_whole() {
    let text = "[EVID:gone][Insufficient evidence]<http://e.org>[EVID:a]Rates e\u{301}";
    let setup = invariants::setup_with("remove", Target::Html, "sentences", true);
    invariants::check_idempotent(&setup, "c.md", text);
    hold_in_every_setup(text, &["blocks", "bullets", "sentences"], &[true]);
}

/// Every invariant holds on `text` in every mode, target and path, for
/// each claim unit of `claims` and each of `labels`.
pub(super) fn hold_in_every_setup(text: &str, claims: &[&str], labels: &[bool]) {
    for mode in ["fail", "downgrade", "warn", "remove"] {
        for target in [Target::Html, Target::Markdown] {
            for &claim in claims {
                for &label in labels {
                    let setup = invariants::setup_with(mode, target, claim, label);
                    for path in PATHS {
                        invariants::check_any_chapter(&setup, path, text);
                    }
                }
            }
        }
    }
}
