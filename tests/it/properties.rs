//! Property tests on generated markdown (proptest): the marker scanner and
//! the whole chapter pipeline never panic, keep every byte outside the spans
//! they rewrite, change nothing on a second run, and give the same output
//! whatever the number of threads (a rayon pool of 1, 2 or 4 in process;
//! `RAYON_NUM_THREADS` 1 or 2 for the binary) and whatever the order in
//! which a store directory lists its files.
//!
//! Chapters are made of fragments chosen to meet the constructs the
//! pipeline cares about: markers of every kind (good, malformed, escaped,
//! rendered on an earlier run), block and inline markdown that hides or
//! splits them, References headings, banners, CRLF, tabs and non-ASCII.
//! Case counts keep the file to a few seconds; `PROPTEST_CASES=10000 cargo
//! test --test it properties::` runs more.

use crate::common::invariants::{self, HTML_CITE, HTML_HEADING_CITE, IDS, MARKDOWN_CITE, PATHS};
use mdbook_evidence::markers::{self, MarkdownFlags, ScanOptions};
use mdbook_evidence::render::Target;
use proptest::prelude::*;
use proptest::sample::select;
use std::path::Path;

/// Inline fragments: words, markers and the punctuation around them.
const INLINE: &[&str] = &[
    "Rates",
    "rose",
    "held",
    "steady",
    "the",
    "claim",
    "of",
    "é",
    "日本",
    "x",
    "1.5%",
    "[EVID:a]",
    "[EVID:b.2:x/y-z]",
    "[EVID:gone]",
    "[EVID:js]",
    "[EVID:stray]",
    "[EVID:missing]",
    "[EVID: a]",
    "[EVID:]",
    "[EVID:a",
    "\\[EVID:a]",
    "[1]",
    "[2]",
    "[3]",
    "[4]",
    "[0]",
    "[01]",
    "[1][2]",
    "[^1]",
    "[x]",
    "[EVID:a](http://e.org)",
    "![EVID:a](i.png)",
    "![alt [EVID:a]](i.png)",
    "`[EVID:a]`",
    "`",
    "``",
    "*",
    "**",
    "_",
    "~~",
    "[",
    "]",
    "(",
    ")",
    "!",
    "\\",
    "<",
    ">",
    "&amp;",
    "&#91;",
    "|",
    "{{#include x.md}}",
    "{{#",
    "}}",
    "[SPECULATION]",
    "[Insufficient evidence]",
    ".",
    ":",
    "?",
    "…",
    "  ",
    "\t",
    HTML_CITE,
    HTML_HEADING_CITE,
    MARKDOWN_CITE,
    "<a class=\"evidence-cite\" data-evidence=\"a\">",
    "</a>",
    "<span>",
    "<!--",
    "-->",
    "http://e.org",
    "<http://e.org>",
    "[EVID:p]",
    "[EVID:q]",
    "[EVID:p][EVID:q]",
    "4.4\u{a0}percent",
    "page\u{a0}3",
    "3\u{3000}%",
    "\u{ff14}\u{ff05}",
    "12\u{2009}%",
    "2.5\u{202f}%",
    "in 2025",
    "\u{a0}",
    "\u{2009}",
    "\u{3000}",
    "\u{200f}",
    "\u{200e}",
    "مرحبا",
    "e\u{301}",
    "\u{301}",
    "😀",
    "👨\u{200d}👩\u{200d}👧",
    "消費者物価",
    "。",
    "<http://e.org>[EVID:a]",
    "\\[MEDIUM CONFIDENCE\\]",
    "[HIGH CONFIDENCE]",
];

/// Inline fragments of the shapes a marker is written in besides
/// `[EVID:id]` and `[N]` (lists, ranges, any-case tags, parentheses) and of
/// citations grouped by an earlier run, with non-ASCII spacing around.
const SHAPES: &[&str] = &[
    "[1, 2]",
    "[2,4]",
    "[1-3]",
    "[1–4]",
    "[3-1]",
    "[1; 3-4]",
    "[1-200]",
    "[EVID:a, b.2:x/y-z]",
    "[EVID:a; EVID:gone]",
    "[evid:a]",
    "[EVID:a,]",
    "[EVID:a b]",
    "(EVID:a)",
    "(EVID:gone)",
    "<span class=\"evidence-cites\">",
    "</span>",
    GROUP_CITE,
    RANGE_CITE,
    ", ",
    "–",
    "\u{200f}",
    "e\u{301}",
    "１",
    "📈",
];

/// Two citations grouped by an earlier run, `[1, 2]`.
const GROUP_CITE: &str = "<span class=\"evidence-cites\">[<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" title=\"t\">&#49;</a>, <a class=\"evidence-cite\" id=\"cite-b.2:x/y-z-1\" href=\"#evidence-b.2:x/y-z\" data-evidence=\"b.2:x/y-z\" title=\"t\">&#50;</a>]</span>";

/// A range of citations rendered by an earlier run, `[1–3]`.
const RANGE_CITE: &str = "<span class=\"evidence-cites\">[<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" title=\"t\">&#49;</a><span class=\"evidence-cite\" id=\"cite-js-1\" data-evidence=\"js\"></span>–<a class=\"evidence-cite\" id=\"cite-b.2:x/y-z-1\" href=\"#evidence-b.2:x/y-z\" data-evidence=\"b.2:x/y-z\" title=\"t\">&#51;</a>]</span>";

/// Line prefixes: block constructs.
const PREFIX: &[&str] = &[
    "",
    "",
    "",
    "",
    "# ",
    "## ",
    "### ",
    "- ",
    "* ",
    "1. ",
    "2) ",
    "> ",
    "> > ",
    "- > ",
    "> - ",
    "    ",
    "\t",
    "  ",
    "| ",
    "|---|---|",
    "- [ ] ",
    "[^1]: ",
    "[1]: http://e.org ",
    "[x]: ",
    "```",
    "~~~",
    "```rust",
    "<div>",
    "</div>",
    "<pre>",
    "<!-- ",
    "***",
    "---",
    "===",
    "Term\n: ",
    "## References",
    "# References",
    "> [!WARNING]",
    "\u{feff}",
    "> This is an **Unverified Summary**. Claims may lack evidence grounding.",
];

/// Fragments of table cells besides the inline ones: escaped pipes, code
/// holding a pipe (which GFM reads as a cell's end), figures of every width,
/// labels.
const CELL: &[&str] = &[
    "\\|",
    "`a|b`",
    "`a\\|b`",
    "95%",
    "4.4%",
    "130,000",
    "\u{ff19}\u{ff15}\u{ff05}",
    "Cut odds by June",
    "**Outlook**",
    "Source",
    "Evidence",
    "[Insufficient evidence to support this claim]",
];

/// Where a table stands: the prefix of its first line and of the others
/// (at the top, in a quote, in list items, after a suppression comment).
const TABLE_AT: &[(&str, &str)] = &[
    ("", ""),
    ("", ""),
    ("> ", "> "),
    ("- ", "  "),
    ("1. ", "   "),
    ("> - ", ">   "),
    ("- > ", "  > "),
];

/// Delimiter rows: alignments, fewer columns than the header, no pipes.
const DELIMITER: &[&str] = &[
    "|---|---|",
    "|:---|---:|:-:|",
    "--- | :---:",
    "|-|",
    "| --- | --- | --- |",
];

/// A table row: up to 5 cells of up to 4 fragments, with or without its
/// outer pipes.
fn table_row() -> impl Strategy<Value = String> {
    let fragments: Vec<&str> = INLINE.iter().chain(SHAPES).chain(CELL).copied().collect();
    (
        prop::collection::vec(prop::collection::vec(select(fragments), 0..4), 0..5),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(cells, lead, trail)| {
            let cells: Vec<String> = cells.into_iter().map(|c| c.join(" ")).collect();
            let mut row = if lead { "| ".to_owned() } else { String::new() };
            row.push_str(&cells.join(" | "));
            if trail || cells.len() < 2 {
                row.push_str(" |");
            }
            row
        })
}

/// A table's lines: a header, a delimiter row and up to 5 body rows, where
/// [`TABLE_AT`] puts them, sometimes after a suppression comment.
fn table() -> impl Strategy<Value = Vec<String>> {
    (
        select(TABLE_AT),
        any::<bool>(),
        table_row(),
        select(DELIMITER),
        prop::collection::vec(table_row(), 0..6),
    )
        .prop_map(|((first, rest), suppressed, header, delimiter, rows)| {
            let mut lines = Vec::new();
            if suppressed && first.is_empty() {
                lines.push(
                    "<!-- evidence-disable-next-line ungrounded-claim reason=\"t\" -->".to_owned(),
                );
            }
            lines.push(format!("{first}{header}"));
            lines.push(format!("{rest}{delimiter}"));
            lines.extend(rows.into_iter().map(|row| format!("{rest}{row}")));
            lines
        })
}

/// One line: a prefix and up to 8 fragments, joined by spaces or not.
fn line() -> impl Strategy<Value = String> {
    (
        select(PREFIX),
        prop::collection::vec(
            (
                select(INLINE.iter().chain(SHAPES).copied().collect::<Vec<_>>()),
                any::<bool>(),
            ),
            0..8,
        ),
    )
        .prop_map(|(prefix, parts)| {
            let mut line = prefix.to_owned();
            for (part, space) in parts {
                line.push_str(part);
                if space {
                    line.push(' ');
                }
            }
            line
        })
}

/// A chapter: up to 12 lines (some blank) and tables, with LF, CRLF or
/// (rarely) CR line endings.
fn chapter() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop_oneof![
                6 => line().prop_map(|l| vec![l]),
                2 => Just(vec![String::new()]),
                1 => table(),
            ],
            0..12,
        ),
        prop_oneof![6 => Just("\n"), 2 => Just("\r\n"), 1 => Just("\r")],
        any::<bool>(),
    )
        .prop_map(|(lines, newline, final_newline)| {
            let mut text = lines.concat().join(newline);
            if final_newline && !text.is_empty() {
                text.push_str(newline);
            }
            text
        })
}

/// `n` cases, unless `PROPTEST_CASES` says otherwise.
fn cases(n: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = n;
    }
    config
}

fn options(numbered: bool) -> ScanOptions<'static> {
    ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered,
        references_title: "References",
        claim_min_words: 3,
    }
}

proptest! {
    #![proptest_config(cases(512))]

    #[test]
    fn the_scanner_finds_well_formed_spans(text in chapter(), numbered in any::<bool>()) {
        let scan = markers::scan(&text, &options(numbered));
        let mut previous: Option<std::ops::Range<usize>> = None;
        for marker in &scan.markers {
            let span = &marker.span;
            // The markers of one written marker (`[1, 2]`, `[1-3]`) share
            // its bytes: each has its part, or (in a range) the same part.
            let shares = previous.as_ref().is_some_and(|p| p == span);
            let end = previous.as_ref().map_or(0, |p| p.end);
            prop_assert!(shares || span.start >= end, "overlapping or unordered markers: {:?}", scan.markers);
            prop_assert!(span.start < span.end && span.end <= text.len());
            let source = &text[span.clone()]; // panics off a char boundary
            prop_assert!(
                shares || span.start == end || source.starts_with(['[', '(', '<']),
                "marker source {source:?}"
            );
            if let Some(block) = marker.block {
                prop_assert!(block < scan.blocks.len());
            }
            previous = Some(span.clone());
        }
        for block in &scan.blocks {
            prop_assert!(block.span.start <= block.span.end && block.span.end <= text.len());
            prop_assert!(text.is_char_boundary(block.span.start));
        }
        prop_assert!(text.is_char_boundary(scan.banner_offset));
        if let Some(references) = &scan.references {
            prop_assert!(references.start <= references.end && references.end <= text.len());
            let _ = &text[references.clone()];
        }
        // The scanner is a pure function of the text.
        prop_assert_eq!(markers::scan(&text, &options(numbered)), scan);
    }
}

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
        if cites {
            return Ok(()); // rejecting would abort the run: most chapters cite
        }
        let (out, _) = invariants::process(&setup, &[("c.md", &text)]);
        // But for the reasons of its suppression comments, withheld, and
        // the `[SPECULATION]` labels the HTML renderer writes as elements.
        let mut withheld =
            mdbook_evidence::render::withheld::withheld_edits(&text, &scan.suppressions);
        let out = out[0].replace(invariants::SPECULATION_ELEMENT, "[SPECULATION]");
        prop_assert_eq!(&out, &mdbook_evidence::render::splice(&text, &mut withheld));
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
    for text in &found {
        for mode in ["fail", "downgrade", "warn", "remove"] {
            for target in [Target::Html, Target::Markdown] {
                for claims in ["blocks", "sentences"] {
                    let setup = invariants::setup_with(mode, target, claims, false);
                    for path in PATHS {
                        invariants::check_any_chapter(&setup, path, text);
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

/// A book of 2 to 6 generated chapters, each at one of the paths the
/// pipeline treats differently.
fn chapters() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec(chapter(), 2..6).prop_map(|texts| {
        texts
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                let path = if i == 1 {
                    "numbered.md".to_owned()
                } else {
                    format!("c{i}.md")
                };
                (path, text)
            })
            .collect()
    })
}

fn process_in_pool(
    threads: usize,
    setup: &mdbook_evidence::preprocess::Setup,
    chapters: &[(String, String)],
) -> (Vec<String>, String) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let chapters: Vec<(&str, &str)> = chapters
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let (out, outcome) = pool.install(|| invariants::process(setup, &chapters));
    (out, format!("{:?}", outcome.report))
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn output_and_report_do_not_depend_on_the_thread_count(
        chapters in chapters(),
        mode in select(&["fail", "downgrade", "warn"][..]),
    ) {
        let setup = invariants::setup(mode, Target::Html);
        let one = process_in_pool(1, &setup, &chapters);
        let two = process_in_pool(2, &setup, &chapters);
        let four = process_in_pool(4, &setup, &chapters);
        prop_assert_eq!(&one, &two);
        prop_assert_eq!(&one, &four);
    }
}

/// One store file: items whose ids are drawn from a small set (so files
/// sometimes collide), and sometimes a citation list.
fn store_file() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(select(IDS), 0..4),
        prop::option::of(prop::collection::vec(select(IDS), 1..3)),
        any::<bool>(),
    )
        .prop_map(|(ids, list, source)| {
            let items: Vec<String> = ids
                .iter()
                .enumerate()
                .map(|(i, id)| {
                    // Every other item carries passages in non-ASCII
                    // typography, with spans into its content.
                    let passages = if i % 2 == 1 {
                        r#", "quote_span": {"text": "4.4\u00a0percent 日本", "start": 0, "end": 14}, "content": "4.4\u00a0percent 日本 \u3000", "cited_text": "3\u2009% e\u0301", "snippet_span": {"text": "\uff14 \u200f"}"#
                    } else {
                        ""
                    };
                    format!(
                        r#"{{"id": "{id}", "source_id": "fed", "url": "https://e.org/{id}", "title": "T {id}", "published_at": "2026-02-10T00:00:00Z"{passages}}}"#
                    )
                })
                .collect();
            let sources = if source {
                r#"[{"source_id": "fed", "publisher": "Fed", "tier": 1}]"#
            } else {
                "[]"
            };
            let chapters = match list {
                Some(list) => format!(r#"{{"numbered.md": {}}}"#, serde_json::to_string(&list).unwrap()),
                None => "{}".to_owned(),
            };
            format!(
                r#"{{"schema_version": "evidence.v1", "sources": {sources}, "evidence": [{}], "chapters": {chapters}}}"#,
                items.join(", ")
            )
        })
}

/// Loads the store directory `evidence` under `root` and processes the
/// chapters: the outputs and report, or the store error.
fn run_with_store_dir(
    root: &Path,
    chapters: &[(String, String)],
) -> Result<(Vec<String>, String), String> {
    let store =
        mdbook_evidence::store::load(root, &["evidence".into()]).map_err(|e| e.to_string())?;
    let mut setup = invariants::setup("warn", Target::Html);
    setup.store = store;
    let chapters: Vec<(&str, &str)> = chapters
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let (out, outcome) = invariants::process(&setup, &chapters);
    Ok((out, format!("{:?}", outcome.report.diagnostics)))
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn output_does_not_depend_on_the_order_a_store_directory_lists_its_files(
        (files, shuffled) in prop::collection::vec(store_file(), 1..5).prop_flat_map(|files| {
            let order: Vec<usize> = (0..files.len()).collect();
            (Just(files), Just(order).prop_shuffle())
        }),
        chapters in chapters(),
    ) {
        // The same files created in three orders (the order many file
        // systems list a directory in).
        let names: Vec<String> = (0..files.len()).map(|i| format!("s{i}.json")).collect();
        let results: Vec<_> = [(0..files.len()).collect::<Vec<_>>(), shuffled, (0..files.len()).rev().collect()]
            .into_iter()
            .map(|creation_order| {
                let dir = tempfile::tempdir().unwrap();
                std::fs::create_dir(dir.path().join("evidence")).unwrap();
                for i in creation_order {
                    std::fs::write(dir.path().join("evidence").join(&names[i]), &files[i]).unwrap();
                }
                run_with_store_dir(dir.path(), &chapters)
            })
            .collect();
        prop_assert_eq!(&results[0], &results[1]);
        prop_assert_eq!(&results[0], &results[2]);
    }
}

proptest! {
    #![proptest_config(cases(6))]

    #[test]
    fn the_binary_answers_the_same_on_one_thread_and_on_two(
        chapters in chapters(),
        mode in select(&["fail", "downgrade", "warn"][..]),
    ) {
        let chapters: Vec<(&str, &str)> = chapters
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        let book = crate::common::TestBook::with_store(
            &format!("mode = \"{mode}\"\nas-of = \"2026-02-11\""),
            invariants::STORE,
            &chapters,
        );
        let stdin = book.stdin("html");
        let [one, two] = ["1", "2"].map(|threads| {
            assert_cmd::Command::new(crate::common::binary())
                .current_dir(book.root())
                .env("RAYON_NUM_THREADS", threads)
                .env("NO_COLOR", "1")
                .write_stdin(stdin.clone())
                .output()
                .unwrap()
        });
        prop_assert_eq!(one.status.code(), two.status.code());
        prop_assert_eq!(one.stdout, two.stdout);
        prop_assert_eq!(String::from_utf8_lossy(&one.stderr), String::from_utf8_lossy(&two.stderr));
    }
}

/// Pieces of passage text: words of several scripts, figures in the
/// typography of real prose (NBSP, thin and ideographic spaces, full-width
/// digits), RTL and combining marks, emoji, sentence ends. None is
/// markdown syntax, so a claim written as a passage reads as the same text.
const PASSAGE: &[&str] = &[
    "Rates",
    "rose",
    "held",
    "inflation",
    "payrolls",
    "the",
    "Zürich",
    "crème",
    "cafe\u{301}",
    "e\u{301}",
    "\u{301}",
    "стали",
    "שלום",
    "مرحبا",
    "消費者物価",
    "利率维持不变",
    "東京",
    "한국어",
    "😀",
    "👨\u{200d}👩\u{200d}👧",
    "4.4\u{a0}percent",
    "3\u{3000}%",
    "\u{ff14}\u{ff05}",
    "\u{ff12}\u{ff10}\u{ff12}\u{ff15}",
    "12\u{2009}%",
    "2.5\u{202f}%",
    "1,500",
    "143\u{a0}000",
    "in 2025",
    "5.25",
    "\u{200f}7\u{200f}",
    "\u{200e}",
    " ",
    " ",
    " ",
    "\u{a0}",
    "\u{2009}",
    "\u{3000}",
    ", ",
    ". ",
    "。",
];

/// A passage: up to 12 pieces, starting with a word.
fn passage_text() -> impl Strategy<Value = String> {
    prop::collection::vec(select(PASSAGE), 0..12)
        .prop_map(|pieces| format!("Rates {}", pieces.concat()))
}

/// Where an item keeps its quote of its document's `content`.
#[derive(Debug, Clone, Copy)]
enum QuoteField {
    /// `cited_text` with `source_span`.
    CitedText,
    /// `quote_span` with `start` and `end`.
    QuoteSpan,
    /// `snippet_span`, which has no offsets.
    Snippet,
}

/// An item with passages: its `content`, the quote taken from it (by
/// characters `start..end`), the field that keeps it, and the offsets the
/// item states (the quote's own, or shifted, which may select other text).
#[derive(Debug, Clone)]
struct PassageItem {
    content: String,
    quote: String,
    field: QuoteField,
    span: (u64, u64),
}

fn passage_item() -> impl Strategy<Value = PassageItem> {
    (
        passage_text(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        select(
            &[
                QuoteField::CitedText,
                QuoteField::QuoteSpan,
                QuoteField::Snippet,
            ][..],
        ),
        prop_oneof![3 => Just(0u64), 1 => 1u64..3],
    )
        .prop_map(|(content, start, len, field, shift)| {
            let chars: Vec<char> = content.chars().collect();
            let start = start.index(chars.len());
            let len = 1 + len.index(chars.len() - start);
            let quote: String = chars[start..start + len].iter().collect();
            let (start, end) = (start as u64, (start + len) as u64);
            PassageItem {
                content,
                quote,
                field,
                span: (start + shift, end + shift),
            }
        })
}

impl PassageItem {
    /// The item as evidence.v1 JSON.
    fn json(&self, id: &str) -> serde_json::Value {
        let mut item = serde_json::json!({
            "id": id,
            "source_id": "fed",
            "url": format!("https://example.org/{id}"),
            "title": "Release",
            "published_at": "2026-02-10T00:00:00Z",
            "content": self.content,
        });
        let (start, end) = self.span;
        match self.field {
            QuoteField::CitedText => {
                item["cited_text"] = self.quote.clone().into();
                item["source_span"] = serde_json::json!([start, end]);
            }
            QuoteField::QuoteSpan => {
                item["quote_span"] =
                    serde_json::json!({"text": self.quote, "start": start, "end": end});
            }
            QuoteField::Snippet => {
                item["snippet_span"] = serde_json::json!({"text": self.quote});
            }
        }
        item
    }

    /// Whether the item's offsets select its quote from its content,
    /// counted here independently of the crate: characters from 0, end
    /// exclusive. A snippet has no offsets to check.
    fn spans_agree(&self) -> bool {
        if matches!(self.field, QuoteField::Snippet) {
            return true;
        }
        let (start, end) = self.span;
        let count = self.content.chars().count() as u64;
        end <= count
            && self
                .content
                .chars()
                .skip(start as usize)
                .take((end - start) as usize)
                .eq(self.quote.chars())
    }
}

/// A store of the generated items (`i0`, `i1`, …) and a chapter with one
/// paragraph per item citing it: the item's quote as it is, or other
/// generated text.
fn passages_book() -> impl Strategy<Value = (Vec<PassageItem>, Vec<Option<String>>)> {
    prop::collection::vec((passage_item(), prop::option::of(passage_text())), 1..5)
        .prop_map(|pairs| pairs.into_iter().unzip())
}

fn passages_store(items: &[PassageItem]) -> mdbook_evidence::store::Store {
    let evidence: Vec<_> = items
        .iter()
        .enumerate()
        .map(|(i, item)| item.json(&format!("i{i}")))
        .collect();
    let store = serde_json::json!({
        "schema_version": "evidence.v1",
        "sources": [{"source_id": "fed", "publisher": "Federal Reserve", "tier": 1}],
        "evidence": evidence,
    });
    mdbook_evidence::store::load_bytes(Path::new("store.json"), store.to_string().as_bytes())
        .expect("a generated store loads")
}

fn passages_chapter(items: &[PassageItem], claims: &[Option<String>]) -> String {
    let mut chapter = String::from("# Passages\n\n");
    for (i, (item, claim)) in items.iter().zip(claims).enumerate() {
        let claim = claim.as_deref().unwrap_or(&item.quote);
        chapter.push_str(&format!("{claim} [EVID:i{i}]\n\n"));
    }
    chapter
}

proptest! {
    #![proptest_config(cases(256))]

    /// Items whose quotes, offsets and passages are generated in non-ASCII
    /// text: every passage rule (span-mismatch, number-not-in-evidence,
    /// claim-not-in-evidence) runs on them; the pipeline keeps its
    /// invariants; `span-mismatch` names exactly the items whose offsets do
    /// not select their quote; and a claim that is its cited passage, word
    /// for word, is never said to be missing from it.
    #[test]
    fn passage_rules_hold_on_generated_passages(
        (items, claims) in passages_book(),
        mode in select(&["fail", "downgrade", "warn", "remove"][..]),
        target in select(&[Target::Html, Target::Markdown][..]),
    ) {
        let mut setup = invariants::setup(mode, target);
        setup.store = passages_store(&items);
        let chapter = passages_chapter(&items, &claims);
        invariants::check_any_chapter(&setup, "c.md", &chapter);

        let mut setup = invariants::setup("warn", target);
        setup.store = passages_store(&items);
        let (_, outcome) = invariants::process(&setup, &[("c.md", &chapter)]);
        let flagged = |rule: &str, id: &str| {
            outcome.report.diagnostics.iter().any(|d| {
                d.rule.id() == rule && d.evidence_ids.iter().any(|e| e == id)
            })
        };
        for (i, (item, claim)) in items.iter().zip(&claims).enumerate() {
            let id = format!("i{i}");
            prop_assert_eq!(
                flagged("span-mismatch", &id),
                !item.spans_agree(),
                "{:?}\n{:#?}", item, outcome.report.diagnostics
            );
            if claim.is_none() {
                for rule in ["number-not-in-evidence", "claim-not-in-evidence"] {
                    prop_assert!(!flagged(rule, &id), "{}: {:?}\n{:#?}", rule, item, outcome.report.diagnostics);
                }
            }
        }
    }
}
