//! Nothing changes on the page without a word: an author's own section
//! titled like the References keeps its entries; a second run changes
//! nothing in any mode, claim unit or renderer; a removed claim leaves no
//! fragment of its markup behind. Each book goes through the binary on the
//! stdin mdBook makes of it.

use crate::common::{TestBook, rerun, run_stdin, run_twice};

/// Writes `config` (TOML lines) as the book's `[preprocessor.evidence]`
/// settings, the store and command kept.
fn configure(book: &TestBook, config: &str) {
    let path = book.root().join("book.toml");
    let toml = std::fs::read_to_string(&path).unwrap();
    let head = &toml[..toml.find("store =").unwrap()];
    std::fs::write(
        &path,
        format!("{head}store = \"evidence/store.json\"\nas-of = \"2026-02-11\"\n{config}\n"),
    )
    .unwrap();
}

const READING_LIST: &str = "# Brief\n\n\
The Fed held rates steady this month [EVID:ev_fomc].\n\n\
## References\n\n\
- Smith, A. *Monetary Policy Rules*, 2020.\n\
- Jones, B. \"Inflation Targets\", 2019. <https://example.org/jones>\n\n\
[smith]: https://example.org/smith\n";

#[test]
fn an_author_s_own_references_section_keeps_its_entries() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", READING_LIST)]);
    for renderer in ["html", "markdown"] {
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let page = run.chapter("c.md");
        // One References heading, the author's entries as written, then
        // the generated entry.
        assert_eq!(
            page.matches("## References").count(),
            1,
            "{renderer}: {page}"
        );
        let smith = page
            .find("- Smith, A. *Monetary Policy Rules*, 2020.\n")
            .expect(&page);
        let jones = page.find("<https://example.org/jones>").expect(&page);
        let definition = page
            .find("[smith]: https://example.org/smith")
            .expect(&page);
        let generated = page.find("Published Feb 10, 2026").expect(&page);
        let heading = page.find("## References").unwrap();
        assert!(
            heading < smith && smith < jones && jones < definition,
            "{page}"
        );
        assert!(definition < generated, "{page}");
    }
    // And through a real build, on the page a reader sees.
    book.build().unwrap();
    let html = book.html("c.md");
    assert!(html.contains("Monetary Policy Rules"), "{html}");
    assert!(html.contains("evidence-ref"), "{html}");
}

#[test]
fn an_author_s_references_section_in_the_middle_keeps_what_follows() {
    let chapter = "# Brief\n\nRates held steady this month [EVID:ev_fomc].\n\n\
## References\n\nSee also the annual report.\n\n## Appendix\n\nMore text here.\n";
    let book = TestBook::new(
        "as-of = \"2026-02-11\"\nmode = \"warn\"",
        &[("c.md", chapter)],
    );
    let run = run_twice(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = run.chapter("c.md");
    let own = page.find("See also the annual report.").expect(&page);
    let generated = page.find("evidence-references").expect(&page);
    let appendix = page.find("## Appendix\n\nMore text here.").expect(&page);
    assert!(own < generated && generated < appendix, "{page}");
}

#[test]
fn a_generated_references_section_is_still_replaced_whole() {
    // The output of a run, fed back: its entries are replaced, not kept as
    // the author's (the old entry numbers would otherwise stay).
    let book = TestBook::new(
        "as-of = \"2026-02-11\"",
        &[(
            "c.md",
            "# B\n\nThe Fed held rates steady today [EVID:ev_fomc].\n",
        )],
    );
    for renderer in ["html", "markdown"] {
        let stdin = book.stdin(renderer);
        let first = run_stdin(book.root(), &stdin);
        let second = rerun(book.root(), &stdin, &first);
        assert_eq!(first.chapter("c.md"), second.chapter("c.md"));
        assert_eq!(
            second
                .chapter("c.md")
                .matches("Published Feb 10, 2026")
                .count(),
            1
        );
    }
}

/// A chapter with what a second run must read back exactly: escapes,
/// entities, autolinks and emphasis at claim starts, several sentences per
/// paragraph, a claim in a heading, and non-ASCII text.
const RERUN_CHAPTER: &str = "# Brief [EVID:ev_reuters]\n\n\
<https://example.org/a> rose sharply this month [EVID:ev_fomc]. Sentence two has no citation. \
Third one cites it again [EVID:ev_reuters].\n\n\
**Bold start** of a claim that the Fed held [EVID:ev_fomc]. An \\[escaped\\] one &amp; more here.\n\n\
- [Linked](https://example.org/l) claim about rates rising [EVID:ev_zh][EVID:ev_gone].\n\
- Prices\u{a0}rose 3\u{a0}% in 東京, the desk said 😀 [EVID:ev_fomc].\n\
- An uncited bullet that states a fact here.\n\n\
*Emphasis* first, then a claim that cites nothing at all. Then [EVID:ev_deleted] a bad marker here.\n";

#[test]
fn a_second_run_changes_nothing_in_any_mode_claim_unit_or_renderer() {
    let book = TestBook::new("", &[("c.md", RERUN_CHAPTER)]);
    for mode in ["fail", "downgrade", "warn", "remove"] {
        for claims in ["blocks", "bullets", "sentences"] {
            for labels in [false, true] {
                for removal in ["replace", "delete"] {
                    configure(
                        &book,
                        &format!(
                            "mode = \"{mode}\"\nclaims = \"{claims}\"\nconfidence-labels = {labels}\nremoval = \"{removal}\"\nmax-removed = 100"
                        ),
                    );
                    for renderer in ["html", "markdown"] {
                        // run_twice asserts that the second run changes nothing.
                        let run = run_twice(book.root(), &book.stdin(renderer));
                        assert!(
                            (0..=1).contains(&run.code),
                            "{mode} {claims} {labels} {removal} {renderer}: {}",
                            run.stderr
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_removed_claim_leaves_no_fragment_of_its_markup() {
    let chapter = "# Brief\n\n\
<https://example.org/a> is where rates rose sharply this month.\n\n\
**Bold** words open this claim about rates rising.\n\n\
[A link](https://example.org/l) opens this claim about rates.\n\n\
Rates fell today as the minutes said <https://example.org/m>\n\n\
- <https://example.org/b> also states that rates rose.\n\n\
The Fed held rates steady this month [EVID:ev_fomc].\n";
    let book = TestBook::new("", &[("c.md", chapter)]);
    in_every_removal(&book, |setup, run| {
        assert_eq!(run.code, 0, "{}", run.stderr);
        let page = run.chapter("c.md");
        let body = &page[..page.find("## References").unwrap()];
        for fragment in [
            "example.org/a",
            "example.org/b",
            "example.org/l",
            "example.org/m",
            "**",
            "<\n",
            "<[",
            "<\\[",
            ">\n\n",
            "](https",
        ] {
            assert!(
                !body.contains(fragment),
                "{setup}: {fragment:?} left in\n{body}"
            );
        }
        assert!(body.contains("The Fed held rates steady"), "{body}");
    });
}

/// Runs the book twice (the second run must change nothing) in `remove`
/// mode by block and by sentence, replacing and deleting, for both
/// renderers, and hands each setup's description and run to `check`.
fn in_every_removal(book: &TestBook, check: impl Fn(&str, &crate::common::Run)) {
    for claims in ["blocks", "sentences"] {
        for removal in ["replace", "delete"] {
            configure(
                book,
                &format!(
                    "mode = \"remove\"\nclaims = \"{claims}\"\nremoval = \"{removal}\"\nmax-removed = 100"
                ),
            );
            for renderer in ["html", "markdown"] {
                // run_twice asserts that the second run changes nothing.
                let run = run_twice(book.root(), &book.stdin(renderer));
                check(&format!("{claims} {removal} {renderer}"), &run);
            }
        }
    }
}

/// A marker taken out next to emphasis leaves the emphasis whole (no space
/// inside its delimiters, where a `*` or `~~` could no longer open or
/// close), and the space that ends a sentence stays.
#[test]
fn a_removed_marker_leaves_emphasis_and_sentences_whole() {
    let chapter = "*Rates rose in 東京\u{a0}today[EVID:ev_deleted]*, then fell [EVID:ev_fomc].\n\n\
~~[EVID:ev_deleted] Old figures e\u{301} here~~ and new ones [EVID:ev_fomc].\n\n\
**Rates rose[EVID:ev_deleted]**(in 東京) today [EVID:ev_fomc].\n\n\
Rates rose in 東京. [EVID:ev_deleted]😀 Stocks fell [EVID:ev_fomc].\n";
    let book = TestBook::new("", &[("c.md", chapter)]);
    for claims in ["blocks", "sentences"] {
        configure(
            &book,
            &format!("mode = \"remove\"\nclaims = \"{claims}\"\nmax-removed = 100"),
        );
        for renderer in ["html", "markdown"] {
            // run_twice asserts that the second run changes nothing.
            let run = run_twice(book.root(), &book.stdin(renderer));
            let page = run.chapter("c.md");
            for kept in [
                "*Rates rose in 東京\u{a0}today*, then fell",
                "~~Old figures e\u{301} here~~ and new ones",
                "**Rates rose** (in 東京) today",
                // By sentence, the uncited first sentence goes, with the
                // marker after its period.
                if claims == "blocks" {
                    "Rates rose in 東京. 😀 Stocks fell"
                } else {
                    "]😀 Stocks fell"
                },
            ] {
                assert!(page.contains(kept), "{claims} {renderer}: {kept:?}\n{page}");
            }
            assert!(!page.contains("ev_deleted"), "{page}");
        }
    }
}

/// A removed list item whose own text goes on after its sublist keeps the
/// sublist: only the item's own text goes (found by the fuzzer: the
/// sublist, cited claims and all, went with it).
#[test]
fn a_removed_item_keeps_its_sublist() {
    let chapter = "- Key points for 東京 today\n  - Rates rose\u{a0}4\u{a0}% today e\u{301} [EVID:ev_fomc].\n\n  Closing remark 😀 here now\n\nThe Fed held rates steady this month [EVID:ev_fomc].\n";
    let book = TestBook::new("", &[("c.md", chapter)]);
    in_every_removal(&book, |setup, run| {
        let page = run.chapter("c.md");
        assert!(
            page.contains("  - Rates rose\u{a0}4\u{a0}% today e\u{301} "),
            "{setup}\n{page}"
        );
        assert!(!page.contains("Key points"), "{page}");
        assert!(!page.contains("Closing remark"), "{page}");
    });
}

/// Chapters the fuzzer found a second run to change, each with the config
/// and renderer it was found with (the chapter has a citation list).
const FUZZ_FINDINGS: &[(&str, &str, &str)] = &[
    // A sentence that starts inside a code span: its label went before the
    // code span, ahead of the sentence before it, and again on each run.
    (
        "`.\n1s `d\n[1]1",
        "mode = \"warn\"\nclaims = \"sentences\"\nconfidence-labels = true",
        "markdown",
    ),
    // Taking out a marker that does not resolve joined the text around it
    // into a new marker: `[E[EVID:x]VID:y]` became `[EVID:y]`.
    (
        "A claim cites it [EVID:ev_reuters] and [E[EVID:ev_deleted]VID:ev_fomc] here.\n\n\
         Another claim cites [EVID:ev_reuters] and {[EVID:ev_deleted]{#include x.md}} too.\n\n\
         A third claim cites [EVID:ev_reuters] and [EVID:[EVID:ev_deleted]ev_fomc] here.\n\n\
         A fourth claim cites [EVID:ev_reuters] and [EVID:ev_fomc [EVID:ev_deleted]] too.\n",
        "mode = \"remove\"",
        "html",
    ),
];

#[test]
fn chapters_the_fuzzer_found_are_stable_on_a_second_run() {
    let store = crate::common::STORE.replace("\"brief.md\"", "\"c.md\"");
    for (chapter, config, renderer) in FUZZ_FINDINGS {
        let book = TestBook::with_store(
            &format!("as-of = \"2026-02-11\"\n{config}"),
            &store,
            &[("c.md", chapter)],
        );
        // run_twice asserts that the second run changes nothing.
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert_eq!(run.code, 0, "{chapter:?}: {}", run.stderr);
    }
}
