//! Regressions from an adversarial review: structure-changing inputs,
//! placement corner cases, and idempotence of each.

use crate::common::{TestBook, run_twice, twice};

#[test]
fn a_marker_in_the_references_heading_goes_with_the_section() {
    let run = twice(
        "mode = \"warn\"",
        crate::common::STORE,
        "html",
        "# T\n\nClaim words here [EVID:ev_fomc].\n\n## References [EVID:ev_reuters]\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    assert!(!out.contains("ev_reuters"), "{out}");
}

#[test]
fn downgrade_when_the_first_heading_is_the_references_puts_the_banner_on_top() {
    let run = twice(
        "mode = \"downgrade\"",
        crate::common::STORE,
        "html",
        "Claim one cites [EVID:ev_fomc] here.\n\nClaim two without evidence.\n\n## References\n\nold\n",
    );
    let out = run.chapter("c.md");
    assert!(
        out.starts_with("> [!WARNING]\n> This is an **Unverified Summary**"),
        "{out}"
    );
    assert_eq!(out.matches("[!WARNING]").count(), 1);
}

#[test]
fn a_banner_and_references_at_the_same_offset_come_in_that_order() {
    let run = twice(
        "mode = \"downgrade\"",
        crate::common::STORE,
        "html",
        "Claim cites [EVID:ev_fomc] here.\n\nAnother claim has no evidence.\n\n# Last line heading\n",
    );
    let out = run.chapter("c.md");
    let banner = out.find("[!WARNING]").unwrap();
    let refs = out.find("## References").unwrap();
    assert!(banner < refs, "{out}");
}

#[test]
fn a_references_heading_in_a_quote_or_list_is_not_the_section() {
    let chapter = "# T\n\nClaim one cites [EVID:ev_fomc] here.\n\n> ## References\n> quoted\n\nAfter this, a claim has no evidence.\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("src/c.md:8:1"), "{}", run.stderr);

    let run = twice("mode = \"warn\"", crate::common::STORE, "html", chapter);
    let out = run.chapter("c.md");
    assert!(
        out.contains(
            "> ## References\n> quoted\n\nAfter this, a claim has no evidence.\n\n## References\n"
        ),
        "{out}"
    );
}

#[test]
fn pipes_and_backticks_in_store_text_cannot_break_a_table_or_a_code_span() {
    let store = crate::common::STORE.replace(
        "\"title\": \"FOMC Statement - February 2026\"",
        "\"title\": \"Fed holds | rates `steady\"",
    );
    let chapter = "# T\n\n| Metric | Source |\n|---|---|\n| Rate held at 5.25% | `x [EVID:ev_fomc] |\n\nA claim with a stray ` backtick [EVID:ev_fomc] here.\n";
    let book = TestBook::with_store("", &store, &[("c.md", chapter)]);
    book.build().expect("builds");
    let html = book.html("c.md");
    let row = &html[html.find("<td>Rate held").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert_eq!(row.matches("<td").count(), 2, "{row}");
    assert!(row.contains("class=\"evidence-cite\""), "{row}");
    assert!(
        html.contains("stray ` backtick <a class=\"evidence-cite\""),
        "{html}"
    );
}

#[test]
fn urls_are_written_percent_encoded() {
    let store = crate::common::STORE.replace(
        "https://www.reuters.com/markets/fed-holds",
        "https://ex.com/a?q=\\\"><img src=x onerror=alert(1)>",
    );
    for renderer in ["html", "markdown"] {
        let run = twice(
            "",
            &store,
            renderer,
            "# T\n\nRates were held steady [EVID:ev_reuters].\n",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let out = run.chapter("c.md");
        assert!(!out.contains("<img"), "{renderer}: {out}");
        assert!(
            out.contains("https://ex.com/a?q=%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E"),
            "{renderer}: {out}"
        );
    }
}

#[test]
fn citations_never_nest_in_links() {
    let chapter = "# Heading cites [EVID:ev_fomc]\n\nA claim cites a source [EVID:ev_reuters].\n\nSee [1] too.\n\n[1]: https://example.org\n";
    let book = TestBook::new("mode = \"warn\"", &[("c.md", chapter)]);
    book.build().expect("builds");
    let html = book.html("c.md");
    assert!(
        html.contains(
            "<span class=\"evidence-cite\" id=\"cite-ev_fomc-1\" data-evidence=\"ev_fomc\""
        ),
        "{html}"
    );
    assert!(
        !html.contains("[<a href=\"https://example.org\">1</a>]</a>"),
        "{html}"
    );
    assert!(
        html.contains("href=\"#evidence-ev_reuters\" data-evidence=\"ev_reuters\">[2]</a>"),
        "{html}"
    );
    twice("mode = \"warn\"", crate::common::STORE, "html", chapter);
}

#[test]
fn a_stray_citation_tag_does_not_stop_checking() {
    let chapter = "# T\n\nA claim with <a class=\"evidence-cite\" data-evidence=\"ev_fomc\"> never closed.\n\nLater claim has no evidence at all.\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("src/c.md:5:1"), "{}", run.stderr);
}

#[test]
fn tables_in_list_items_are_not_part_of_the_claim() {
    let chapter = "# T\n\n- Key figures for the week:\n\n  | Metric | Value |\n  |---|---|\n  | CPI | 3% [EVID:ev_fomc] |\n\n- Two\n\n  more words stated here\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 1);
    assert!(
        !run.stderr.contains("src/c.md:3:"),
        "lead-in: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("src/c.md:11:3"),
        "an item's later paragraph is a claim of its own: {}",
        run.stderr
    );
}

#[test]
fn references_are_not_swallowed_by_an_unclosed_fence_or_comment() {
    for (tail, close) in [
        ("```rust\nfn main() {}\n", "```\n"),
        ("<!-- note\nstill open", "-->\n"),
        ("~~~~\ncode", "~~~~\n"),
        ("<?php echo '…';", "?>\n"),
        ("<!DOCTYPE html", ">\n"),
        ("<PRE>\nx </PRE>", "</pre>\n"),
        ("```\ncode\n```\t", "\n```\n"),
        ("```\ncode\n    ```\n", "```\n"),
    ] {
        let chapter = format!("# T\n\nA claim cites a source [EVID:ev_fomc].\n\n{tail}");
        let run = twice("", crate::common::STORE, "html", &chapter);
        let out = run.chapter("c.md");
        assert!(out.contains(&format!("{close}\n## References")), "{out}");
    }
}

#[test]
fn a_block_left_open_in_a_container_is_not_closed_at_the_top_level() {
    // It ends with its quote, list item or footnote; a fence written at
    // column 0 would open a new block that swallows the References.
    for tail in [
        "[^1]: ```\ncode",
        "> ```\n> code",
        "- ```\n  code",
        "> <!-- open",
        "- <pre>\n  x",
    ] {
        let chapter = format!("# T\n\nA claim cites a source [EVID:ev_fomc].\n\n{tail}\n");
        let run = twice("", crate::common::STORE, "html", &chapter);
        let out = run.chapter("c.md");
        assert!(out.contains(&format!("{tail}\n\n## References\n")), "{out}");
        let book = TestBook::new("", &[("c.md", &chapter)]);
        book.build().expect("builds");
        let html = book.html("c.md");
        assert!(html.contains(">References</a></h2>"), "{tail}: {html}");
    }
}

#[test]
fn a_bang_before_a_marker_does_not_make_an_image() {
    let run = twice(
        "",
        crate::common::STORE,
        "markdown",
        "# T\n\nRates rose sharply![EVID:ev_fomc]\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.chapter("c.md")
            .contains("sharply\\![\\[1\\]](#evidence-ev_fomc")
    );
}

#[test]
fn a_citation_inside_a_would_be_link_label_keeps_it_text() {
    // Unescaped brackets make `[ … ]: /url` an invalid label, hence a
    // paragraph; the citation keeps its brackets unescaped so that it stays one.
    let chapter = "# T\n\n[ The rate [EVID:ev_fomc]\nheld steady\n]: /url\nbar\n";
    let run = twice("mode = \"warn\"", crate::common::STORE, "html", chapter);
    assert!(run.chapter("c.md").contains(">[&#49;]</a>"));
    let book = TestBook::new("mode = \"warn\"", &[("c.md", chapter)]);
    book.build().expect("builds");
    let html = book.html("c.md");
    assert!(
        html.contains("<p>[ The rate <a class=\"evidence-cite\""),
        "{html}"
    );
    assert!(
        html.contains(">[1]</a>\nheld steady\n]: /url\nbar</p>"),
        "{html}"
    );
}

#[test]
fn definitions_in_an_existing_references_section_are_kept() {
    // The rest of the chapter uses them: dropping them with the old section
    // would turn its links and footnote references into plain text.
    let chapter = "# T\n\nThe [central bank][fed] held rates steady [EVID:ev_fomc].[^n]\n\n## References\n\nOld list.\n\n[fed]: https://www.federalreserve.gov \"Fed\"\n[^n]: A note with [a link][fed].\n\n## Appendix\n";
    for renderer in ["html", "markdown"] {
        let run = twice("", crate::common::STORE, renderer, chapter);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let out = run.chapter("c.md");
        // The author's own text in the section stays as written (the
        // definitions with it), and the entries follow it.
        assert!(
            out.contains("## References\n\nOld list.\n\n[fed]: https://www.federalreserve.gov \"Fed\"\n[^n]: A note with [a link][fed].\n\n"),
            "{renderer}: {out}"
        );
        assert!(out.ends_with("\n\n## Appendix\n"), "{renderer}: {out}");
    }
    let book = TestBook::new("", &[("c.md", chapter)]);
    book.build().expect("builds");
    let html = book.html("c.md");
    assert!(
        html.contains("<a href=\"https://www.federalreserve.gov\" title=\"Fed\">central bank</a>"),
        "{html}"
    );
    assert!(html.contains("class=\"footnote-definition\""), "{html}");
}

/// Paragraphs where a marker that `remove` mode takes out stands between
/// text that, joined, would read as other markup: two backticks then a
/// code span (a run of three would pair no more, and the marker the code
/// span held would be read on the next run), a backslash then a code span
/// (an escape), emphasis delimiters. Each with
/// the space before the marker ASCII, no-break, ideographic or none, and
/// non-ASCII text around. `(left, right)`: what stands on either side.
const JOINS: &[(&str, &str)] = &[
    ("Rates in 東京 held ``", "`[EVID:ev_fomc]` 😀 said the Fed"),
    (
        "Rates held \u{200f}مرحبا \\",
        "`[EVID:ev_fomc]` said the Fed",
    ),
    ("Rates held e\u{301} `", "``[EVID:ev_fomc]`` said the Fed"),
    ("消費者物価は１ ``", "`[1]` で４％ 📈 said the Fed"),
    ("Rates *held*", "*—as 東京 said* said the Fed"),
];

/// The chapter of every join in [`JOINS`] around each of `markers`.
fn joins_chapter(markers: &[&str]) -> String {
    let mut chapter = String::from("# T\n\n");
    for (left, right) in JOINS {
        for marker in markers {
            for space in [" ", "\u{a0}", "\u{3000}", ""] {
                chapter.push_str(&format!(
                    "{left}{space}{marker}{right} [EVID:ev_reuters].\n\n"
                ));
            }
        }
    }
    chapter
}

#[test]
fn a_removed_marker_leaves_no_markup_its_neighbours_did_not_make() {
    // `remove` mode took the space before such a marker with it, joining
    // the text on both sides: the page read differently, and a second run
    // changed it again.
    let cited = joins_chapter(&[
        "[EVID:ev_fomc,]",
        "[EVID:]",
        "[EVID:ev fomc]",
        "[EVID:ev_deleted]",
    ]);
    let numbered = joins_chapter(&["[1,]", "[9]", "[EVID:ev_fomc,]"]);
    let chapters = [("c.md", cited.as_str()), ("brief.md", numbered.as_str())];
    for mode in ["remove", "downgrade", "warn", "fail"] {
        let config = format!("mode = \"{mode}\"\nmax-removed = 1000");
        let book = TestBook::with_store(&config, crate::common::STORE, &chapters);
        for renderer in ["html", "markdown"] {
            // Idempotent whenever the run succeeds (`fail` mode rejects
            // the malformed markers).
            let run = run_twice(book.root(), &book.stdin(renderer));
            if mode != "remove" {
                continue;
            }
            assert_eq!(run.code, 0, "{}", run.stderr);
            for (path, _) in chapters {
                let out = run.chapter(path);
                for (left, right) in JOINS {
                    for space in [" ", "\u{a0}", "\u{3000}"] {
                        let kept = format!("{left}{space}{right} ");
                        assert!(out.contains(&kept), "{renderer} {path}: {kept:?} in\n{out}");
                    }
                }
            }
        }
    }
}

#[test]
fn text_after_a_lone_html_citation_tag_reads_the_same_on_every_run() {
    // A lone `<a class="evidence-cite">` holds back the text after it as a
    // possible citation. Released at the block's end, that text was read
    // as prose (its `[SPECULATION]` exempting the claim: no confidence
    // label); released by the rendered citation on a second run, as inside
    // the element (a label added then).
    let open = "<a class=\"evidence-cite\" data-evidence=\"ev_fomc\">";
    let chapters = [
        format!("- Rates\n    e\u{301}{open} [SPECULATION][EVID:ev_fomc]\n"),
        format!("***4.4\u{a0}percent{open}[EVID:ev_fomc]Rates[SPECULATION]\n"),
        format!("- 東京\u{3000}金利\n    {open}\u{200f}[SPECULATION]\u{3000}[EVID:ev_fomc] 😀\n"),
    ];
    for chapter in &chapters {
        for mode in ["fail", "warn"] {
            let config = format!("mode = \"{mode}\"\nconfidence-labels = true");
            for renderer in ["html", "markdown"] {
                let run = twice(&config, crate::common::STORE, renderer, chapter);
                assert_eq!(run.code, 0, "{mode} {renderer} {chapter:?}: {}", run.stderr);
                let out = run.chapter("c.md");
                assert!(out.contains("CONFIDENCE\\]"), "{mode} {renderer}: {out}");
            }
        }
    }
}

#[test]
fn remove_keeps_a_marker_whose_removal_would_open_a_references_entry() {
    // Taken out, `[EVID:ev_deleted]` left the References paragraph opening
    // with `[1]`: a second run read it as an entry and dropped it.
    for after in ["[1]", " [2] Reuters 😀", "\u{3000}[1]", "\u{200f}[1]"] {
        let chapter = format!(
            "Rates held steady in 東京 today [EVID:ev_fomc]</a>\n## References\n[EVID:ev_deleted]{after}"
        );
        for renderer in ["html", "markdown"] {
            let run = twice(
                "mode = \"remove\"",
                crate::common::STORE,
                renderer,
                &chapter,
            );
            assert_eq!(run.code, 0, "{renderer} {chapter:?}: {}", run.stderr);
            let out = run.chapter("c.md");
            assert!(
                out.contains(after.trim_start_matches(' ')),
                "{renderer}: {out}"
            );
        }
    }
}

/// The rules report on a chapter as they reported on it before a build
/// labelled its claims: a confidence label is no text of the claim it
/// opens. Read as text, it moved `2)` off the claim's start, where it is
/// list numbering, and `numeric-claim` flagged the figure 2 on the second
/// run (the pipeline property found it: `downgrade` mode marked the claim
/// then, and `remove` mode would have taken it out).
#[test]
fn a_confidence_label_changes_no_reading_of_the_claim_it_opens() {
    use crate::common::invariants;
    use evidence_render::Target;
    let chapters = [
        (
            "numbered.md",
            "  {{#include x.md}}\n2) [2][^1][EVID:a in 2025",
        ),
        (
            "c.md",
            "2\\) Payrolls rose in 東京 today [EVID:b.2:x/y-z].\n",
        ),
        (
            "c.md",
            "Two reasons stand out. 1) Payrolls rose today [EVID:b.2:x/y-z]. \u{200f}2) Rates held 😀 [EVID:b.2:x/y-z].\n",
        ),
        (
            "c.md",
            "- \\[LOW CONFIDENCE\\]  3. Rates rose [EVID:b.2:x/y-z]\n",
        ),
    ];
    let said = |outcome: &evidence_report::Outcome| -> Vec<String> {
        let diagnostics = outcome.report.diagnostics.iter();
        diagnostics
            .map(|d| format!("{:?}: {}", d.rule, d.message))
            .collect()
    };
    for (path, text) in chapters {
        for target in [Target::Html, Target::Markdown] {
            for unit in ["blocks", "sentences"] {
                let warn = invariants::setup_with("warn", target, unit, true);
                let (out, first) = invariants::process(&warn, &[(path, text)]);
                assert!(out[0].contains("CONFIDENCE\\]"), "{text:?}: {}", out[0]);
                let (again, second) = invariants::process(&warn, &[(path, &out[0])]);
                assert_eq!(again, out, "{text:?}");
                assert_eq!(said(&second), said(&first), "{text:?}: {}", out[0]);
                for mode in ["downgrade", "remove"] {
                    let setup = invariants::setup_with(mode, target, unit, true);
                    invariants::check_any_chapter(&setup, path, text);
                }
            }
        }
    }
}

/// By sentence, a marker inside the emphasis or HTML element that the next
/// sentence opens with goes with that sentence, markup and all: given to
/// the sentence before, it was taken out with the next one in `remove`
/// mode, and the second run removed the first sentence, uncited then.
#[test]
fn a_marker_opening_the_next_sentences_markup_goes_with_it_on_every_run() {
    use crate::common::invariants;
    use evidence_render::Target;
    let chapters = [
        "Rates rose today. *[EVID:a] Then they rose again.*\n",
        "Rates rose today [EVID:a]. *[EVID:gone] 東京 rates fell again 😀.*\n",
        "- Payrolls fell sharply.~~[EVID:p] Then\u{a0}they rose.~~ More came.\n",
        "Rates rose today.<span title=\"t\">[EVID:a] Then e\u{301} rose again.</span>\n",
    ];
    for text in chapters {
        for target in [Target::Html, Target::Markdown] {
            for mode in ["downgrade", "remove"] {
                for labels in [false, true] {
                    let setup = invariants::setup_with(mode, target, "sentences", labels);
                    invariants::check_any_chapter(&setup, "c.md", text);
                }
            }
        }
    }
}
