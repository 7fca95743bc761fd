//! What the fuzzers found (`fuzz/`), each kept as a regression: the
//! chapter pipeline's invariants (no panic, every byte outside the spans it
//! rewrites kept, a second run that changes nothing) on every input, in
//! every mode, for both renderers, every claim unit, with and without
//! confidence labels and a citation list. The inputs are also seeds of the
//! fuzz targets (`fuzz/seeds/chapter/found-*`).

mod common;

use common::invariants::{self, PATHS};
use mdbook_evidence::render::Target;

/// Chapters the `chapter` fuzz target found a failure on, and what it was.
const FOUND: &[(&str, &str)] = &[
    (
        // `remove` mode took out a marker between two words and put a
        // space there: the block became a claim of three words on the
        // second run (two on the first), and was removed then.
        "joined words",
        "sty[EVID:gone]le\n  type=\"text/c\u{3002}ss\">\n\nfoo [EVID:a]\u{2}",
    ),
    (
        // A confidence label before a paragraph's leading `|` gave its
        // first line one more cell, as many as the delimiter row below:
        // the paragraph became a table on the second run.
        "label before a pipe",
        "ites <a clas## Referencess=\"evidence-cite\" id=\"\u{b}\0cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" \0\0\0\0\0\0\u{f}\0\0title=\"t evidence here.\r\n\r\n| a |\r\n|---|---|\r\n|\n\"ar**\u{1f}[EVID:c x [EVID:a] |] \ny |\r\n</div>\n",
    ),
    (
        // Mixed line endings: `remove` mode replaced the first paragraph
        // (whose LF set the chapter's line ending) by its phrase, and the
        // second run wrote the References with the CRLF of the next line.
        "mixed line endings",
        "st}l:\nc  typ\0# T\r\n\r\nA claim withhird e\u{301} 😀 [EVID:=\"text/css\">\n\nfoo f[EVID:a]\n",
    ),
    (
        "mixed line endings, shortest",
        "Rates rose\nin 東京 today\r\n\r\nfoo [EVID:a]\n",
    ),
    (
        "label before a pipe, shortest",
        "| Rates rose in 東京 |\n|---|---|\n| by 4.4\u{a0}% [EVID:a] |\n",
    ),
];

#[test]
fn every_input_the_fuzzers_found_keeps_the_invariants_in_every_setup() {
    for (what, text) in FOUND {
        for mode in ["fail", "downgrade", "warn", "remove"] {
            for target in [Target::Html, Target::Markdown] {
                for unit in ["blocks", "bullets", "sentences"] {
                    for labels in [false, true] {
                        let setup = invariants::setup_with(mode, target, unit, labels);
                        for path in PATHS {
                            let run = std::panic::catch_unwind(|| {
                                invariants::check_any_chapter(&setup, path, text)
                            });
                            assert!(
                                run.is_ok(),
                                "{what}: {mode}, {target:?}, {unit}, labels {labels}, {path}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The words on both sides of a marker stay apart in the claim's text, so
/// a claim is the same claim before and after `remove` mode takes the
/// marker out, and the same with a rendered citation in its place; written
/// in non-ASCII text (CJK, NBSP, combining marks, emoji, RTL marks).
#[test]
fn a_marker_between_two_words_keeps_them_two_words_on_every_run() {
    for text in [
        "sty[EVID:gone]le type\n",
        "東京[EVID:gone]大阪 で\n",
        "Rates\u{a0}rose[EVID:missing]e\u{301}t 😀\n",
        "x[EVID:a]y\u{200f}z [EVID:a]\n",
        "a[EVID:a][EVID:p]b c\n",
        "a[EVID:a, p]b c\n",
        "a(EVID:gone)b c\n",
    ] {
        for mode in ["warn", "remove"] {
            for target in [Target::Html, Target::Markdown] {
                for unit in ["blocks", "sentences"] {
                    let setup = invariants::setup_with(mode, target, unit, true);
                    invariants::check_any_chapter(&setup, "c.md", text);
                }
            }
        }
    }
}
