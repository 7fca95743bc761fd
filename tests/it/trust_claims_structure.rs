//! Claims that were never judged because of where they stand (issue 40,
//! items 5, 6, 10 and its closing paragraph): prose and subsections under
//! a References heading, a definition-list term, a list item's later
//! paragraphs, an HTML block's text and a footnote that states something.
//! Each is shown to the reader as ordinary text, so each is a claim: `check`
//! fails on it in `fail` mode, and every mode treats it as it treats any
//! uncited claim, through the binary twice and a real `mdbook build`.
//! What a reader does not read as a statement stays out: the References
//! entries one by one, a term such as `Outlook`, a footnote that names its
//! source, comments, scripts and styles.

use crate::common::{TestBook, run_twice};

const CONFIG: &str = "as-of = \"2026-02-11\"\nreferences-title = \"参考文献\"";

/// The cited opening every chapter starts with.
const CITED: &str =
    "# Brief\n\nThe committee held rates steady this month, the statement said [EVID:ev_fomc].\n\n";

/// Each place, as a chapter whose one uncited claim stands there, and the
/// words of that claim.
fn hidden_claims() -> Vec<(&'static str, String, &'static str)> {
    let at = |rest: &str| format!("{CITED}{rest}");
    vec![
        (
            "prose after the References list",
            at(
                "## 参考文献\n\n- [Fed](https://www.federalreserve.gov/)\n- Smith, J. (2020). A book.\n\n\
                Unemployment will reach ９% by June.\n",
            ),
            "Unemployment will reach",
        ),
        (
            "a subsection under References",
            at(
                "## 参考文献\u{a0}\n\n- [Fed](https://www.federalreserve.gov/)\n\n### Outlook\n\n\
                - Growth will slow to 1.5% next year.\n",
            ),
            "Growth will slow",
        ),
        (
            "an item of the References list that names no source",
            at(
                "## 参考文献\n\n- [Fed](https://www.federalreserve.gov/)\n- \u{200f}Inflation will hit 4% in May.\n",
            ),
            "Inflation will hit",
        ),
        (
            "the only text under References",
            at("## 参考文献\n\n\u{200f}Unemployment will reach 9% by June.\n"),
            "Unemployment will reach",
        ),
        (
            "a definition-list term",
            at("Unemployment will reach 9% by June.\n: Outlook\n"),
            "Unemployment will reach",
        ),
        (
            "a list item's later paragraph",
            at(
                "- Rates were held again [EVID:ev_fomc].\n\n  Unemployment will reach 9% by June.\n",
            ),
            "Unemployment will reach",
        ),
        (
            "an HTML block",
            at("<div>失業率は６月までに９％に達する。</div>\n"),
            "失業率は",
        ),
        (
            "an HTML block with a label the page hides",
            at(
                "<p><span hidden>[SPECULATION]</span> Unemployment will reach 9%\u{a0}by June.</p>\n",
            ),
            "Unemployment will reach",
        ),
        (
            "a footnote definition with prose",
            at(
                "Rates were held again [EVID:ev_fomc].[^1]\n\n[^1]: Unemployment will reach 9% by June.\n",
            ),
            "Unemployment will reach",
        ),
    ]
}

/// The rules of the errors `check` reports on a one-chapter book.
fn errors(book: &TestBook) -> (i32, Vec<String>) {
    let (code, report) = book.check_json();
    let rules = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["severity"] == "error")
        .map(|v| v["rule"].as_str().unwrap().to_owned())
        .collect();
    (code, rules)
}

#[test]
fn a_claim_is_judged_wherever_it_stands() {
    for (place, chapter, words) in hidden_claims() {
        let book = TestBook::new(CONFIG, &[("c.md", &chapter)]);
        let (code, rules) = errors(&book);
        assert_eq!(code, 1, "{place}");
        assert_eq!(rules, ["ungrounded-claim"], "{place}");
        assert!(book.build().is_err(), "{place}: the build fails");

        // The page shows it as text when it is let through.
        let warn = TestBook::new(&format!("{CONFIG}\nmode = \"warn\""), &[("c.md", &chapter)]);
        let run = run_twice(warn.root(), &warn.stdin("html"));
        assert_eq!(run.code, 0, "{place}: {}", run.stderr);
        assert!(
            run.stderr.contains("ungrounded-claim"),
            "{place}: {}",
            run.stderr
        );
        warn.build().unwrap();
        assert!(warn.html("c.md").contains(words), "{place}");

        for (mode, removal) in [
            ("downgrade", "replace"),
            ("remove", "replace"),
            ("remove", "delete"),
        ] {
            let book = TestBook::new(
                &format!("{CONFIG}\nmode = \"{mode}\"\nremoval = \"{removal}\""),
                &[("c.md", &chapter)],
            );
            for renderer in ["html", "markdown"] {
                let run = run_twice(book.root(), &book.stdin(renderer));
                assert_eq!(
                    run.code, 0,
                    "{place} {mode} {removal} {renderer}: {}",
                    run.stderr
                );
                let page = run.chapter("c.md");
                if mode == "remove" {
                    assert!(!page.contains(words), "{place} {renderer}: {page}");
                    // An HTML block keeps its tags around the phrase.
                    assert_eq!(
                        page.matches("<div").count(),
                        page.matches("</div>").count(),
                        "{place} {renderer}: {page}"
                    );
                } else {
                    // Kept, marked as unverified where it stands.
                    let marked = page.find('⚠').zip(page.find(words));
                    assert!(
                        marked.is_some_and(|(mark, claim)| mark < claim),
                        "{place} {renderer}: {page}"
                    );
                }
            }
            book.build().unwrap();
        }
    }
}

/// What a reader does not read as a statement passes uncited: the
/// References entries (a link, a bibliography, a written `[N]` list), a
/// short term, a footnote that names its source, a comment, a script and
/// a style, a `<details>` summary label.
#[test]
fn what_is_read_as_no_statement_stays_out() {
    let chapters = [
        format!(
            "{CITED}Rates were held again [EVID:ev_fomc].[^1]\n\n\
             [^1]: Federal Reserve, \"FOMC Statement\", https://www.federalreserve.gov/a.htm\n\n\
             Policy\n: The committee's decision [EVID:ev_fomc].\n\n\
             <!-- Unemployment will reach 9% by June. -->\n\n\
             <script>const note = \"Unemployment will reach 9% by June.\";</script>\n\n\
             <style>\np::after {{ content: \"Unemployment will reach 9%.\" }}\n</style>\n\n\
             <details><summary>Sources</summary></details>\n\n\
             ## 参考文献\n\n\
             - [Fed](https://www.federalreserve.gov/)\n\
             - Smith, J. (2020). *Rates and prices*. Press.\n\
             - 連邦準備制度「声明」 https://www.federalreserve.gov/a.htm\n"
        ),
        format!(
            "{CITED}## References\n\n\
             [1] Federal Reserve. \"FOMC Statement\". https://www.federalreserve.gov/a.htm\n\
             [2] Reuters. \"Fed holds rates steady\".\n"
        ),
    ];
    for chapter in &chapters {
        let book = TestBook::new(CONFIG, &[("c.md", chapter)]);
        let (_, rules) = errors(&book);
        assert!(!rules.iter().any(|r| r == "ungrounded-claim"), "{chapter}");
    }
}

/// One marker grounds its own paragraph: in `claims = "bullets"` a list
/// item's later paragraph is an item's, and in `sentences` each of its
/// sentences is judged.
#[test]
fn a_later_paragraph_needs_its_own_marker_in_every_unit() {
    let chapter = format!(
        "{CITED}- Rates were held again [EVID:ev_fomc].\n\n  Unemployment will reach 9% by June.\n"
    );
    for unit in ["blocks", "bullets", "sentences"] {
        let book = TestBook::new(
            &format!("{CONFIG}\nclaims = \"{unit}\""),
            &[("c.md", &chapter)],
        );
        let (code, rules) = errors(&book);
        assert_eq!(
            (code, rules.as_slice()),
            (1, ["ungrounded-claim".to_owned()].as_slice()),
            "{unit}"
        );
    }
    let cited = chapter.replace("June.", "June [EVID:ev_fomc].");
    let book = TestBook::new(CONFIG, &[("c.md", &cited)]);
    assert_eq!(errors(&book).0, 0);
}

/// A suppression comment applies to a claim where it stands: before an
/// HTML block, a term or a later paragraph.
#[test]
fn a_suppression_comment_reaches_each_place() {
    let comment = "<!-- evidence-disable-next-line ungrounded-claim reason=\"desk note\" -->\n";
    let chapter = format!(
        "{CITED}{comment}<div>失業率は６月までに９％に達する。</div>\n\n\
         {comment}Unemployment will reach 9% by June.\n: Outlook\n\n\
         - Rates were held again [EVID:ev_fomc].\n\n  {comment}  Growth will slow to 1.5% next year.\n"
    );
    let book = TestBook::new(CONFIG, &[("c.md", &chapter)]);
    let (code, rules) = errors(&book);
    assert_eq!((code, rules), (0, Vec::new()));
    book.build().unwrap();
    assert!(
        book.html("c.md")
            .contains("失業率は６月までに９％に達する。")
    );
}
