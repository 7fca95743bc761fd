//! End-to-end tests: real books, built by mdBook 0.5 with the real binary.

use crate::common::{TestBook, rerun, run_stdin};

const BRIEF: &str = "# Daily Brief\n\n## Prevailing View\n\n\
- The Federal Reserve held rates steady at 5.25-5.50%, citing persistent inflation. [1][2]\n\
- Some economists argue the Fed is over-tightening into a slowdown. [3]\n\n\
## Minority View\n\n\
- A few contrarian voices predict deflation by the third quarter. [4]\n\
- [Insufficient evidence to represent minority views on this topic]\n";

const REPORT: &str = "# Market Report\n\n\
Global tech stocks rose 3.2% [EVID:ev_reuters] following the Fed announcement [EVID:ev_fomc].\n\n\
The committee repeated its statement language word for word [EVID:ev_fomc].\n";

const BAD: &str = "# Bad Brief\n\n\
- The Fed held rates at 5.25-5.50% in February.\n\
- Some economists think inflation is falling faster [EVID:ev_hallucinated].\n\
- Deleted evidence is cited here [EVID:ev_deleted].\n\
- Invalid evidence is cited here [EVID:ev_invalid].\n\
- Expired evidence is cited here [EVID:ev_expired].\n\
- Undated evidence is cited here [EVID:ev_nodate].\n\
- Unregistered source is cited here [EVID:ev_stranger].\n\
- A script link is cited here [EVID:ev_js].\n\
- A malformed marker sits here [EVID:ev fomc].\n\
- A valid claim is cited here [EVID:ev_fomc].\n";

#[test]
fn a_grounded_book_builds_with_numbered_citations_and_references() {
    let book = TestBook::new("", &[("brief.md", BRIEF), ("report.md", REPORT)]);
    book.build().expect("the book builds");

    let brief = book.html("brief.md");
    // `[1][2]` is one group, each number its own link.
    assert!(
        brief.contains(r##"href="#evidence-ev_fomc""##)
            && brief.contains(
                r#"<span class="evidence-cites">[<a class="evidence-cite" id="cite-ev_fomc-1""#
            )
            && brief.contains(">1</a>, <a ")
            && brief.contains(">2</a>]</span>"),
        "{brief}"
    );
    assert!(brief.contains(">[3]</a>"), "{brief}");
    // The citation links to its entry; the card reads the entry.
    assert!(brief.contains(r##"href="#evidence-ev_fomc" data-evidence="ev_fomc">"##));
    assert!(brief.contains(r#"id="evidence-ev_ft""#));
    assert!(
        brief.contains(
            "[3] Financial Times. \"Is the Fed over-tightening?\". Published Feb 9, 2026."
        ),
        "{brief}"
    );
    assert!(brief.contains("[Paywall]"));
    assert!(
        brief.contains("[4] Zero Hedge. \"Deflation warnings ignored\". Published Feb 11, 2026.")
    );
    assert!(brief.contains("[Monitor-only source]"));
    assert!(brief.contains(r#"<a href="https://www.zerohedge.com/markets/deflation">"#));
    assert!(
        brief.contains(r##"href="#cite-ev_fomc-1""##),
        "back-link to the citing spot"
    );
    assert!(brief.contains(">References</"), "References heading");

    // EVID markers are numbered in order of first appearance; one item cited
    // twice keeps one number.
    let report = book.html("report.md");
    let reuters = report.find(r#"data-evidence="ev_reuters""#).unwrap();
    let fomc = report.find(r#"data-evidence="ev_fomc""#).unwrap();
    assert!(reuters < fomc);
    assert_eq!(report.matches(">[2]</a>").count(), 2, "{report}");
    assert!(report.contains(r##"href="#cite-ev_fomc-2""##));
    assert_eq!(report.matches(r#"class="evidence-ref""#).count(), 2);
}

#[test]
fn fail_mode_lists_every_violation_and_writes_nothing() {
    let book = TestBook::new(
        "",
        &[("brief.md", &BRIEF.replace("[3]", "[7]")), ("bad.md", BAD)],
    );
    let run = book.run("html");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "nothing half-written on stdout");
    let err = &run.stderr;
    for (rule, location) in [
        ("unknown-number", "src/brief.md:6:69"),
        ("ungrounded-claim", "src/bad.md:3:3"),
        ("unknown-evidence", "src/bad.md:4:53"),
        ("deleted-evidence", "src/bad.md:5:"),
        ("invalid-evidence", "src/bad.md:6:"),
        ("expired-evidence", "src/bad.md:7:"),
        ("missing-field", "src/bad.md:8:"),
        ("unknown-source", "src/bad.md:9:"),
        ("unsafe-url", "src/bad.md:10:"),
        ("malformed-marker", "src/bad.md:11:"),
    ] {
        let header = format!("error[{rule}]");
        let found = err
            .split(&header)
            .skip(1)
            .any(|d| d.lines().take(3).any(|l| l.contains(location)));
        assert!(found, "no {header} at {location} in:\n{err}");
    }
    assert!(
        err.contains("claim: \"The Fed held rates at 5.25-5.50% in February.\""),
        "{err}"
    );
    assert!(err.contains("`published_at`"));
    assert!(err.contains("the build stops"));
    // The valid claim is not reported, nor a claim whose marker is: one
    // diagnostic per unresolved marker.
    assert!(!err.contains("src/bad.md:12:"), "{err}");
    assert!(!err.contains("src/brief.md:6:3"), "{err}");
    assert!(!err.contains("src/bad.md:4:3"), "{err}");
    // mdBook's own build fails too.
    assert!(book.build().is_err());
}

#[test]
fn downgrade_mode_adds_the_banner_under_the_first_heading_and_builds() {
    // A fixed as-of date: the two runs compared below may fall in two
    // different seconds, and a mark's label can name the date.
    let book = TestBook::new(
        "mode = \"downgrade\"\nas-of = \"2026-02-12\"",
        &[("bad.md", BAD), ("report.md", REPORT)],
    );
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("warning[ungrounded-claim]"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("error["),
        "printed as warnings: {}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("; 1 chapter published under the Unverified Summary banner")
    );
    let bad = run.chapter("bad.md");
    assert!(
        bad.starts_with("# Bad Brief\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\n- <span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> The Fed held rates"),
        "{bad}"
    );
    assert_eq!(bad.matches("[!WARNING]").count(), 1);
    // A clean chapter is not downgraded.
    assert!(!run.chapter("report.md").contains("Unverified Summary"));

    // A second run over the output adds nothing more.
    let again = rerun(book.root(), &book.stdin("html"), &run);
    assert_eq!(again.chapter("bad.md"), bad);

    book.build().expect("a downgraded book builds");
    let html = book.html("bad.md");
    assert!(html.contains("blockquote-tag-warning"), "{html}");
    assert!(html.contains("<strong>Unverified Summary</strong>"));
}

#[test]
fn warn_mode_reports_and_leaves_the_text_as_written() {
    let book = TestBook::new("mode = \"warn\"", &[("bad.md", BAD)]);
    let run = book.run("html");
    assert_eq!(run.code, 0);
    assert!(run.stderr.contains("warning[unknown-evidence]"));
    assert!(run.stderr.contains("published as written"));
    let bad = run.chapter("bad.md");
    assert!(!bad.contains("Unverified Summary"));
    // Unresolved markers are shown as unverified, never raw; resolved ones
    // are rendered.
    assert!(!bad.contains("[EVID:ev_hallucinated]"));
    assert!(bad.contains(r#"<span class="evidence-unverified" data-evidence="ev_hallucinated" role="note" aria-label="Unverified: evidence ev_hallucinated is not in the evidence store"#));
    assert!(bad.contains(r#"data-evidence="ev_fomc""#));
    assert!(bad.starts_with(&BAD[..BAD.find("[EVID:ev_hallucinated]").unwrap()]));
}

#[test]
fn excluded_chapters_are_not_checked_but_still_rendered() {
    let book = TestBook::new(
        "exclude = [\"intro/**\"]",
        &[(
            "intro/welcome.md",
            "# Welcome\n\nThis page states things without citing [EVID:ev_nowhere], and cites [EVID:ev_fomc].\n",
        )],
    );
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("error["), "{}", run.stderr);
    let page = run.chapter("intro/welcome.md");
    // Not checked, but not published raw either.
    assert!(!page.contains("[EVID:ev_nowhere]"));
    assert!(page.contains(r#"data-evidence="ev_nowhere" role="note" aria-label="Unverified: no item of the evidence store matches this citation""#));
    assert!(page.contains(r#"data-evidence="ev_fomc""#));
    assert!(page.contains("## References"));
}

#[test]
fn references_title_and_an_existing_section_keeps_the_author_s_text() {
    let chapter = "# R\n\nRates held steady again this month [EVID:ev_fomc].\n\n## Sources\n\nOld hand-written list, https://example.org/reading\n\n## Appendix\n\nAppendix text is here [EVID:ev_reuters].\n";
    let book = TestBook::new("references-title = \"Sources\"", &[("r.md", chapter)]);
    let stdin = book.stdin("html");
    let run = run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("r.md");
    // The author's own text under the title stays; the entries follow it.
    assert!(
        out.contains("## Sources\n\nOld hand-written list, https://example.org/reading\n\n<div"),
        "{out}"
    );
    assert_eq!(out.matches("## Sources").count(), 1);
    let sources = out.find("## Sources").unwrap();
    let appendix = out.find("## Appendix").unwrap();
    assert!(sources < appendix);
    assert!(out[sources..appendix].contains("ev_reuters"));
    assert!(out[sources..appendix].ends_with("</div>\n\n"), "{out}");
    assert_eq!(rerun(book.root(), &stdin, &run).chapter("r.md"), out);
}

#[test]
fn a_real_numbered_link_stays_a_link() {
    let chapter = "# L\n\nSee the source for details here [1].\n\nAnd this claim cites properly here [2].\n\n[1]: https://example.org/page\n";
    let store = crate::common::STORE.replace(r#""brief.md""#, r#""l.md""#);
    let book = TestBook::with_store("", &store, &[("l.md", chapter)]);
    let run = book.run("html");
    assert_eq!(
        run.code, 1,
        "the first paragraph has no marker: {}",
        run.stderr
    );
    assert!(run.stderr.contains("src/l.md:3:1"), "{}", run.stderr);
    assert!(!run.stderr.contains("src/l.md:5:"), "{}", run.stderr);
}

#[test]
fn output_is_idempotent_and_bytes_outside_markers_are_kept() {
    let chapter = "# Title  \r\n\r\n*Emphasis*   with  odd   spacing [EVID:ev_fomc] and a `code [EVID:x]` span.\r\n\r\n| a | b |\r\n|--|--|\r\n| cell [EVID:ev_reuters] | \\| pipe |\r\n\r\n<!-- comment [EVID:ev_zh] -->\r\n";
    let book = TestBook::new("mode = \"warn\"", &[("c.md", chapter)]);
    let stdin = book.stdin("html");
    let first = run_stdin(book.root(), &stdin);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let out = first.chapter("c.md");
    let cite = out.find("<a class=\"evidence-cite\"").unwrap();
    assert_eq!(
        &out[..cite],
        &chapter[..chapter.find("[EVID:ev_fomc]").unwrap()]
    );
    assert!(out.contains("and a `code [EVID:x]` span.\r\n\r\n| a | b |\r\n|--|--|\r\n| cell "));
    assert!(
        out.contains("<!-- comment [EVID:ev_zh] -->\r\n\r\n## References\r\n"),
        "{out:?}"
    );
    let second = rerun(book.root(), &stdin, &first);
    assert_eq!(second.chapter("c.md"), out);
}

#[test]
fn a_chapter_without_markers_comes_out_unchanged() {
    let chapter = "# Plain\n\n> quote\n\n1. one\n2. two\n\n```rust\nfn main() {}\n```\n";
    let book = TestBook::new("mode = \"warn\"", &[("p.md", chapter)]);
    let run = book.run("html");
    assert_eq!(run.chapter("p.md"), chapter);
}

#[test]
fn included_text_is_checked_after_the_links_preprocessor() {
    let book = TestBook::new(
        "",
        &[
            ("inc.md", "# Inc\n\n{{#include _part.md}}\n"),
            ("_part.md", "Included claim cites nothing at all.\n"),
        ],
    );
    let run = book.run("html");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("error[ungrounded-claim]"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("Included claim cites nothing"),
        "{}",
        run.stderr
    );

    std::fs::write(
        book.root().join("src/_part.md"),
        "Included claim cites the Fed [EVID:ev_fomc].\n",
    )
    .unwrap();
    book.build().expect("builds");
    assert!(book.html("inc.md").contains(r#"data-evidence="ev_fomc""#));
}

#[test]
fn other_renderers_get_plain_markdown() {
    let book = TestBook::new("", &[("brief.md", BRIEF)]);
    let run = book.run("markdown");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("brief.md");
    assert!(
        out.contains(
            "[\\[1\\]](#evidence-ev_fomc \"Federal Reserve: FOMC Statement - February 2026\")"
        ),
        "{out}"
    );
    assert!(out.contains("\\[3\\] Financial Times. \"Is the Fed over\\-tightening\\?\". Published Feb 9, 2026. <https://www.ft.com/content/abc> \\[Paywall\\]"), "{out}");
    assert!(!out.contains("<a "), "no raw HTML: {out}");
    let again = rerun(book.root(), &book.stdin("markdown"), &run);
    assert_eq!(again.chapter("brief.md"), out);
}

#[test]
fn unknown_chapter_in_the_store_is_a_warning() {
    let book = TestBook::new("", &[("report.md", REPORT)]);
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("warning[unknown-chapter]"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("chapters[\"brief.md\"]"),
        "{}",
        run.stderr
    );
}
