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

use crate::common::invariants::{HTML_CITE, HTML_HEADING_CITE, MARKDOWN_CITE};
use evidence_core::markers::{MarkdownFlags, ScanOptions};
use proptest::prelude::*;
use proptest::sample::select;

mod found;
mod passages;
mod pipeline;
mod scanner;
mod threads;

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
