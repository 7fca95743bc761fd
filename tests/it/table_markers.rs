//! Markers that do not resolve in tables' headers and cells, and in lines
//! of cells that are no table (their header and delimiter rows disagree on
//! the number of columns, so GFM reads a paragraph), through the real
//! binary on books mdBook loaded and whole `mdbook build`s, with non-ASCII
//! cell text (full-width digits, CJK, RTL marks, no-break spaces): no
//! marker of an id is published as written in any mode, `remove` mode
//! takes the others out without gaining or losing a cell, every table
//! stays a table and no line of cells becomes one, and a second run over
//! the output changes nothing.

use crate::common::{TestBook, run_twice};

/// A table whose header and edge cells hold markers that do not resolve,
/// two lines of cells that are no table, and the input the table property
/// found (CONTRIBUTING.md): a malformed marker in a one-column table's
/// header after a suppression comment.
const CHAPTER: &str = "# 東京 brief\n\n\
| 指標\u{200f} | 値 | [EVID:ev_made_up]\n\
|---|---|---|\n\
| [EVID:] | ４．４％ | Rates held in 東京 [EVID:ev_fomc] |\n\
| 消費者物価\u{a0}指数 | ３％ | [EVID:ev_deleted]\n\n\
[EVID:ev_made_up] | 東京 \u{200f}مرحبا | ４％ [EVID:ev_fomc]\n\
|---|---|\n\n\
| ４．４％ | 東京\u{a0}都 | [EVID:]\n\
|---|---|\n\n\
<!-- evidence-disable-next-line ungrounded-claim reason=\"t\" -->\n\
[EVID:]    |\n\
|-|\n";

/// The inputs of the table property that a second run changed before
/// (each a chapter): a marker emptying a line's last cell, two of them in
/// one cell, a label and an emptied first cell in one row of a quoted
/// table, a marker before a task box, a removed paragraph after the `|`
/// that ends a table, a delimiter row's colon before a phrase.
const FOUND: &[&str] = &[
    "|  | [SPECULATION] [EVID:ev_fomc] | [EVID:ev_deleted]\n|---|---|\nRates |  | 東京\n |\n|---|---|\n",
    "|  |  | [EVID:ev_deleted] [EVID:ev_deleted]\n|:---|---:|:-:|\n",
    " |\n|---|---|\n | [EVID:ev_deleted] [EVID:a,]\n",
    "> |  |  |  |\n> |:---|---:|:-:|\n> [EVID:ev_fomc, ev_reuters] |\n> [EVID:ev_deleted] | １ | [EVID:ev_fomc, ev_reuters]\n",
    "- [EVID:a,] [x] | Rates\n  --- | :---:\n",
    "Rates |  | [EVID:a,]\n--- | :---:\n<a class=\"evidence-cite\" id=\"cite-ev_fomc-1\" href=\"#evidence-ev_fomc\" data-evidence=\"ev_fomc\" title=\"t\">[&#49;]</a> |\n",
    "4.4\u{a0}percent |  | http://e.org . |\n|-|\n[EVID:ev_fomc] |\n",
    "> Rates held steady today.\n> [EVID:a,] |  |  |\n> | --- | --- | --- |\n> <http://e.org>[EVID:ev_fomc] |\n",
    "|  | Rates\n|---|---|\n |\nCut odds by June |\n|  |\n|-|\n",
    "[EVID:a,] |\n--- | :---:\n[Insufficient evidence to support this claim] Rates |\n[EVID:ev_fomc] | 4.4\u{a0}percent Rates\n",
    "|  |  | Rates\n| --- | --- | --- |\n |\n[1, 2] Rates |\n[EVID:ev_deleted] |\n",
];

/// Every mode that publishes a chapter with errors: the rules of markers
/// that do not resolve at `warn` in `fail` mode.
const MODES: &[&str] = &[
    "mode = \"remove\"\nconfidence-labels = true",
    "mode = \"remove\"\nclaims = \"sentences\"\nconfidence-labels = true",
    "mode = \"downgrade\"\nconfidence-labels = true",
    "mode = \"fail\"\nrules = { unknown-evidence = \"warn\", deleted-evidence = \"warn\", \
     malformed-marker = \"warn\", ungrounded-claim = \"warn\" }",
];

/// The chapter as `config` publishes it: the preprocessor's output for the
/// HTML renderer (checked to be what a second run over it writes), and
/// the page `mdbook build` makes of it (its `<main>`).
fn publish(config: &str, chapter: &str) -> (String, String) {
    let book = TestBook::new(
        &format!("as-of = \"2026-02-12\"\n{config}\n"),
        &[("brief.md", chapter)],
    );
    let run = run_twice(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{config}\n{}", run.stderr);
    // Other renderers get the same shape, and the same stability.
    let markdown = run_twice(book.root(), &book.stdin("markdown"));
    assert_eq!(markdown.code, 0, "{}", markdown.stderr);
    book.build().expect("the book builds");
    let page = book.html("brief.md");
    let main = page
        .split_once("<main>")
        .and_then(|(_, rest)| rest.split_once("</main>"))
        .map_or(page.clone(), |(main, _)| main.to_owned());
    (run.chapter("brief.md"), main)
}

/// How many tables the page holds.
fn tables(html: &str) -> usize {
    html.matches("<table>").count()
}

#[test]
fn remove_mode_takes_every_marker_out_of_tables_and_lines_of_cells() {
    for config in [
        "mode = \"remove\"",
        "mode = \"remove\"\nclaims = \"sentences\"\nconfidence-labels = true",
    ] {
        let (chapter, page) = publish(config, CHAPTER);
        assert!(!page.contains("[EVID:"), "{config}\n{page}");
        assert!(!chapter.contains("[EVID:"), "{config}\n{chapter}");
        // The table and the one-column table after the comment; the two
        // lines of cells stay paragraphs.
        assert_eq!(tables(&page), 2, "{config}\n{page}");
        assert_eq!(
            tables_of(&chapter),
            tables_of(CHAPTER),
            "{config}\n{chapter}"
        );
        // The header's last cell stays, empty; so does the only one.
        assert!(chapter.contains("| 指標\u{200f} | 値 | |\n"), "{chapter}");
        assert!(chapter.contains("\n|    |\n|-|\n"), "{chapter}");
        assert!(page.contains("東京 \u{200f}مرحبا"), "{page}");
    }
    // A paragraph's first cell, emptied, would make its pipe the line's
    // first: the mark stands there instead (with labels on, the claim's
    // label does).
    let (chapter, _) = publish("mode = \"remove\"", CHAPTER);
    assert!(
        chapter.contains("\n\n<span class=\"evidence-unverified\" data-evidence=\"ev_made_up\""),
        "{chapter}"
    );
}

#[test]
fn every_publishing_mode_marks_an_unresolved_id_in_a_table() {
    // Markers of ids only: no mode publishes one as written.
    let chapter = CHAPTER.replace("[EVID:]", "[EVID:ev_nowhere]");
    for config in MODES {
        let (out, page) = publish(config, &chapter);
        assert!(!page.contains("[EVID:"), "{config}\n{page}");
        assert!(!out.contains("[EVID:"), "{config}\n{out}");
        assert_eq!(tables(&page), 2, "{config}\n{page}");
    }
}

#[test]
fn a_malformed_marker_in_a_table_is_stable_in_every_mode() {
    // Outside `remove` mode a malformed marker stays as written (it names
    // no id to mark, see the guide's concepts page); every mode keeps the
    // tables as they are, and a second run changes nothing (`publish`).
    for config in MODES {
        let (out, page) = publish(config, CHAPTER);
        assert_eq!(tables(&page), 2, "{config}\n{page}");
        assert!(!out.contains("[EVID:ev_made_up]"), "{config}\n{out}");
    }
}

#[test]
fn a_marker_a_comment_suppresses_stays_as_written_or_as_its_mark() {
    let chapter = "# Brief\n\n\
<!-- evidence-disable-next-line malformed-marker ungrounded-claim reason=\"a literal\" -->\n\
[EVID:]    | ４％\u{a0}東京 |\n\
|-|-|\n";
    for config in MODES {
        let (out, page) = publish(config, chapter);
        assert!(
            out.contains("\n[EVID:]    | ４％\u{a0}東京 |\n"),
            "{config}\n{out}"
        );
        assert_eq!(tables(&page), 1, "{config}\n{page}");
    }
    // A marker of an id whose finding a comment silences is not taken out
    // either: it becomes its mark, in every mode.
    let chapter = chapter
        .replace("[EVID:]", "[EVID:ev_made_up]")
        .replace("malformed-marker", "unknown-evidence");
    for config in MODES {
        let (out, page) = publish(config, &chapter);
        assert!(!page.contains("[EVID:"), "{config}\n{page}");
        assert!(
            out.contains("data-evidence=\"ev_made_up\""),
            "{config}\n{out}"
        );
        assert_eq!(tables(&page), 1, "{config}\n{page}");
    }
}

#[test]
fn the_inputs_the_table_property_found_are_stable() {
    for chapter in FOUND {
        let chapter = format!("# Brief\n\n{chapter}");
        for config in MODES {
            let (out, page) = publish(config, &chapter);
            assert_eq!(tables_of(&out), tables_of(&chapter), "{config}\n{out}");
            assert!(!page.contains("[EVID:ev_"), "{config}\n{page}");
        }
    }
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

#[test]
fn the_removal_note_counts_only_what_was_taken_out() {
    // `ev_made_up` twice: once taken out of the header, once left as its
    // mark where taking it out would make a pipe the line's first. The
    // note counts the one taken out, and its finding only.
    let (chapter, _) = publish("mode = \"remove\"", CHAPTER);
    assert!(
        chapter.contains(
            "Removed from this chapter: 2 claims and 3 citations that were not verified against the evidence (deleted evidence: 1, malformed marker: 3, unknown evidence: 1)."
        ),
        "{chapter}"
    );
    assert!(
        chapter.contains("data-evidence=\"ev_made_up\""),
        "{chapter}"
    );
}
