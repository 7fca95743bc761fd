//! Odd chapters come out right and a second run changes nothing: CRLF, a
//! BOM (from disk and on stdin), tabs, lines of 100 000 characters, deep
//! nesting, markers in headings, tables, footnotes and alt text, empty and
//! blank chapters.

use crate::common::{TestBook, run_twice, twice};

// Odd chapters: each comes out exactly right.

/// The part of a rendered chapter before its generated References section,
/// checking that the section is there, with `count` entries, in the
/// chapter's line endings.
#[track_caller]
fn body(out: &str, newline: &str, count: usize) -> String {
    let at = out
        .find(&format!("## References{newline}{newline}"))
        .unwrap_or_else(|| panic!("no References in {out:?}"));
    let section = &out[at..];
    assert_eq!(
        section.matches("<p class=\"evidence-ref\"").count(),
        count,
        "{section}"
    );
    if newline == "\r\n" {
        assert_eq!(
            section.matches('\n').count(),
            section.matches("\r\n").count(),
            "a bare LF in {section:?}"
        );
    }
    out[..at].to_owned()
}

/// Runs the binary twice on `chapter` (HTML, `fail` mode) and checks that
/// it publishes, with `expected` before a References section of
/// `references` entries in `newline`s. Returns the output.
#[track_caller]
fn assert_output(chapter: &str, newline: &str, references: usize, expected: &str) -> String {
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    assert_eq!(body(&out, newline, references), expected);
    out
}

/// A rendered HTML citation of the `occurrence`-th citing spot of `id`.
fn cite(id: &str, occurrence: u32, number: u32) -> String {
    format!(
        "<a class=\"evidence-cite\" id=\"cite-{id}-{occurrence}\" href=\"#evidence-{id}\" data-evidence=\"{id}\">[{}]</a>",
        digits(number)
    )
}

fn digits(number: u32) -> String {
    number
        .to_string()
        .bytes()
        .map(|d| format!("&#{d};"))
        .collect()
}

#[test]
fn crlf_chapters_keep_crlf_everywhere() {
    let chapter = "# T\r\n\r\nRates were held steady [EVID:ev_fomc].\r\n\r\n- Item one cites it [EVID:ev_reuters].\r\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    assert_eq!(
        body(&out, "\r\n", 2),
        format!(
            "# T\r\n\r\nRates were held steady {}.\r\n\r\n- Item one cites it {}.\r\n\r\n",
            cite("ev_fomc", 1, 1),
            cite("ev_reuters", 1, 2)
        )
    );

    let run = twice(
        "mode = \"downgrade\"",
        crate::common::STORE,
        "html",
        "# T\r\n\r\nRates were held steady.\r\n",
    );
    assert_eq!(
        run.chapter("c.md"),
        "# T\r\n\r\n> [!WARNING]\r\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\r\n\r\n<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> Rates were held steady.\r\n"
    );
}

#[test]
fn a_bom_from_disk_is_dropped_by_mdbook_and_the_chapter_checked() {
    let run = twice(
        "mode = \"downgrade\"",
        crate::common::STORE,
        "html",
        "\u{feff}# T\n\nRates were held steady.\n",
    );
    assert_eq!(
        run.chapter("c.md"),
        "# T\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\n<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> Rates were held steady.\n"
    );
}

#[test]
fn a_bom_on_stdin_is_kept_where_it_is() {
    // mdBook strips a BOM from the files it loads; another preprocessor
    // could still hand one over. pulldown-cmark (and so mdBook's renderer)
    // reads `\u{feff}# T` as a paragraph, not a heading, so the banner goes
    // on top; the BOM's bytes are kept.
    let book = TestBook::new("mode = \"downgrade\"", &[("c.md", "x")]);
    let mut value: serde_json::Value = serde_json::from_str(&book.stdin("html")).unwrap();
    value[1]["items"][0]["Chapter"]["content"] =
        "\u{feff}# T\n\nRates were held steady [EVID:ev_fomc].\n\nNo evidence for this one.\n"
            .into();
    let run = run_twice(book.root(), &value.to_string());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        body(&run.chapter("c.md"), "\n", 1),
        format!(
            "> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\n\u{feff}# T\n\nRates were held steady {}.\n\n<span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> No evidence for this one.\n\n",
            cite("ev_fomc", 1, 1)
        )
    );
}

#[test]
fn tabs_are_kept_and_do_not_hide_markers() {
    let chapter = "# T\n\n-\tRates were held\tsteady [EVID:ev_fomc].\n\n\tA second paragraph of the item [EVID:ev_reuters].\n\n>\tQuoted claim is here [EVID:ev_reuters].\n\n\tcode [EVID:ev_fomc]\n";
    assert_output(
        chapter,
        "\n",
        2,
        &format!(
            "# T\n\n-\tRates were held\tsteady {}.\n\n\tA second paragraph of the item {}.\n\n>\tQuoted claim is here {}.\n\n\tcode [EVID:ev_fomc]\n\n",
            cite("ev_fomc", 1, 1),
            cite("ev_reuters", 1, 2),
            cite("ev_reuters", 2, 2)
        ),
    );
}

#[test]
fn lines_of_100_000_characters() {
    let words = "word ".repeat(20_000);
    let chapter = format!("# T\n\n{words}[EVID:ev_fomc].\n\n{}\n", "[".repeat(100_000));
    assert_output(
        &chapter,
        "\n",
        1,
        &format!(
            "# T\n\n{words}{}.\n\n{}\n\n",
            cite("ev_fomc", 1, 1),
            "[".repeat(100_000)
        ),
    );
    // Lines of markup characters that make parsers backtrack: left as they
    // are (nothing cites, nothing is a claim of fewer than 3 words).
    for unit in [
        "[", "]", "*", "_", "`", "<", "![", "\\", "|", "&", "{{#", "[x](", "[EVID:", "> ", "1. ",
    ] {
        let chapter = unit.repeat(100_000 / unit.len());
        let run = twice("", crate::common::STORE, "html", &chapter);
        assert_eq!(run.code, 0, "{unit}: {}", run.stderr);
        assert!(run.chapter("c.md") == chapter, "{unit}: changed");
    }
}

#[test]
fn deep_nesting_of_lists_in_quotes_in_lists() {
    let chapter = "# T\n\n- Outer claim cites it [EVID:ev_fomc].\n  > - Quoted inner claim [EVID:ev_reuters].\n  >   > - Deepest claim cites [EVID:ev_fomc].\n  >   >   - Without evidence, this nested claim fails.\n";
    let run = twice("", crate::common::STORE, "html", chapter);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("src/c.md:6:13"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("error[").count(), 1, "{}", run.stderr);

    let chapter = chapter.replace("Without evidence, this", "This [EVID:ev_zh]");
    assert_output(
        &chapter,
        "\n",
        3,
        &format!(
            "# T\n\n- Outer claim cites it {}.\n  > - Quoted inner claim {}.\n  >   > - Deepest claim cites {}.\n  >   >   - This {} nested claim fails.\n\n",
            cite("ev_fomc", 1, 1),
            cite("ev_reuters", 1, 2),
            cite("ev_fomc", 2, 1),
            cite("ev_zh", 1, 3)
        ),
    );

    // Thousands of levels: no stack overflow, the marker is found.
    for prefix in ["> ", "- > ", "* "] {
        let chapter = format!("{}Claim words here [EVID:ev_fomc].\n", prefix.repeat(5_000));
        let run = twice("", crate::common::STORE, "html", &chapter);
        assert_eq!(run.code, 0, "{prefix}: {}", run.stderr);
        assert!(
            run.chapter("c.md").contains(&cite("ev_fomc", 1, 1)),
            "{prefix}"
        );
    }
}

#[test]
fn markers_in_headings_tables_footnotes_and_alt_text() {
    let chapter = "# Heading cites [EVID:ev_fomc]\n\n| a | b |\n|---|---|\n| Cell cites [EVID:ev_reuters] | ![alt [EVID:ev_ft]](x.png) |\n\nClaim with a note[^n] here [EVID:ev_fomc].\n\n[^n]: Footnote cites [EVID:ev_zh].\n";
    let out = assert_output(
        chapter,
        "\n",
        3,
        &format!(
            "# Heading cites <span class=\"evidence-cite\" id=\"cite-ev_fomc-1\" data-evidence=\"ev_fomc\">[&#49;]</span> {{#heading-cites}}\n\n| a | b |\n|---|---|\n| Cell cites {} | ![alt [EVID:ev_ft]](x.png) |\n\nClaim with a note[^n] here {}.\n\n[^n]: Footnote cites {}.\n\n",
            cite("ev_reuters", 1, 2),
            cite("ev_fomc", 2, 1),
            cite("ev_zh", 1, 3)
        ),
    );
    // Every back-link of the References has its citing spot.
    for backref in out.split(" <a href=\"#cite-").skip(1) {
        let anchor = &backref[..backref.find('"').unwrap()];
        assert!(
            out.contains(&format!(" id=\"cite-{anchor}\"")),
            "no {anchor}"
        );
    }
}

#[test]
fn empty_and_blank_chapters_come_out_as_they_went_in() {
    for chapter in ["", "\n", "\n\n  \n", "\r\n", "<!-- -->\n"] {
        for mode in ["fail", "downgrade", "warn"] {
            let run = twice(
                &format!("mode = \"{mode}\""),
                crate::common::STORE,
                "html",
                chapter,
            );
            assert_eq!(run.code, 0, "{chapter:?}: {}", run.stderr);
            assert_eq!(run.chapter("c.md"), chapter);
        }
    }
}
