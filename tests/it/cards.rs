//! Citation cards and templates: the card data on each References entry
//! (escaped, no attribute repeating what the line shows, none empty),
//! what a paywalled source may show, where passages go
//! (`references-style`, `search-passages`), a book's own templates, and
//! their errors.

use crate::common::stores::HOSTILE_STORE as HOSTILE;
use crate::common::{TestBook, rerun, run_stdin};

const CHAPTER: &str = "# Cards\n\nA hostile source is cited for this claim [EVID:ev_evil].\n\nA paywalled source is cited for this claim [EVID:ev_ft].\n\nThe committee held its target range unchanged [EVID:ev_fomc].\n";

/// The opening tag of the References entry of `id` in `html`.
fn entry_tag<'h>(html: &'h str, id: &str) -> &'h str {
    let at = html
        .find(&format!("id=\"evidence-{id}\""))
        .unwrap_or_else(|| panic!("no entry of {id}: {html}"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..=end]
}

/// The opening tag of the citation of `id` in `html`.
fn cite_tag<'h>(html: &'h str, id: &str) -> &'h str {
    let at = html
        .find(&format!("data-evidence=\"{id}\""))
        .unwrap_or_else(|| panic!("no citation of {id}: {html}"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..=end]
}

#[test]
fn references_entries_carry_the_card_data_escaped() {
    let book = TestBook::with_store("mode = \"warn\"", HOSTILE, &[("c.md", CHAPTER)]);
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    // The citation is a plain link to the entry: the card reads the item
    // from its References entry, once per item.
    assert_eq!(
        cite_tag(&out, "ev_evil"),
        "<a class=\"evidence-cite\" id=\"cite-ev_evil-1\" href=\"#evidence-ev_evil\" data-evidence=\"ev_evil\">"
    );
    // The entry carries what its line does not show (tier, passage), and
    // no empty attribute; the card reads the rest from the line.
    let evil = entry_tag(&out, "ev_evil");
    assert_eq!(
        evil,
        "<p class=\"evidence-ref\" id=\"evidence-ev_evil\" data-tier=\"4\" \
         data-passage=\"&lt;/a&gt;&lt;script&gt;alert(&#39;quote&#39;)&lt;/script&gt; next line\">"
    );
    assert!(
        out.contains("[1] &lt;script&gt;alert(&quot;pub&quot;)&lt;/script&gt; &amp; Co&#39;s. &quot;Title &quot;quoted&quot; &lt;img src=x onerror=alert(1)&gt; &#124; &#96;tick&#96;&quot;. Published Feb 10, 2026. "),
        "{out}"
    );
    // The passage is in the entry, not page text that search indexes.
    assert!(!out.contains("<blockquote"), "{out}");
    let ft = entry_tag(&out, "ev_ft");
    assert_eq!(
        ft,
        "<p class=\"evidence-ref\" id=\"evidence-ev_ft\" data-tier=\"2\" data-paywall=\"true\" \
         data-snippet=\"Economists debate whether the Fed went too far\">"
    );
    assert!(
        !out.contains("SECRET PAYWALLED QUOTE"),
        "a paywalled quote is never shown"
    );
    assert!(
        entry_tag(&out, "ev_fomc")
            .contains("data-passage=\"The Committee decided to maintain the target range"),
        "{out}"
    );
    assert!(!out.contains("=\"\""), "no empty attribute: {out}");

    // The page mdBook renders: no injected element, the data intact.
    book.build().expect("builds");
    let page = book.html("c.md");
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(!page.contains("<img src=x"), "{page}");
    assert!(!page.contains("SECRET"), "{page}");
    assert!(page.contains("data-tier=\"4\""), "{page}");
    assert!(page.contains("[1] &lt;script&gt;alert("), "{page}");

    // A second run recognizes the citations and changes nothing.
    let stdin = book.stdin("html");
    let first = run_stdin(book.root(), &stdin);
    assert_eq!(rerun(book.root(), &stdin, &first).chapter("c.md"), out);
}

#[test]
fn passages_go_where_the_book_says() {
    // `search-passages = true`: quoted under the entry, as page text.
    let book = TestBook::with_store(
        "mode = \"warn\"\nsearch-passages = true",
        HOSTILE,
        &[("c.md", CHAPTER)],
    );
    let stdin = book.stdin("html");
    let first = run_stdin(book.root(), &stdin);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let out = first.chapter("c.md");
    assert!(
        out.contains("<blockquote class=\"evidence-passage\"><p>&lt;/a&gt;&lt;script&gt;alert(&#39;quote&#39;)&lt;/script&gt; next line</p></blockquote>"),
        "{out}"
    );
    assert!(!out.contains("data-passage"), "{out}");
    assert!(!out.contains("SECRET"), "{out}");
    assert_eq!(rerun(book.root(), &stdin, &first).chapter("c.md"), out);

    // `references-style = "compact"`: no passage at all; a paywalled
    // item keeps its snippet for the card.
    for renderer in ["html", "markdown"] {
        let book = TestBook::with_store(
            "mode = \"warn\"\nreferences-style = \"compact\"",
            HOSTILE,
            &[("c.md", CHAPTER)],
        );
        let stdin = book.stdin(renderer);
        let first = run_stdin(book.root(), &stdin);
        assert_eq!(first.code, 0, "{}", first.stderr);
        let out = first.chapter("c.md");
        assert!(!out.contains("passage"), "{out}");
        assert!(!out.contains("Committee decided"), "{out}");
        assert!(!out.contains("SECRET"), "{out}");
        if renderer == "html" {
            assert!(out.contains("data-snippet=\"Economists debate"), "{out}");
        }
        assert_eq!(rerun(book.root(), &stdin, &first).chapter("c.md"), out);
    }

    // A bad value is refused with the key named.
    let book = TestBook::with_store("references-style = \"tiny\"", HOSTILE, &[("c.md", CHAPTER)]);
    let run = book.run("html");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("references-style"), "{}", run.stderr);
}

#[test]
fn other_renderers_get_no_card_markup() {
    let book = TestBook::with_store("mode = \"warn\"", HOSTILE, &[("c.md", CHAPTER)]);
    let run = book.run("markdown");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    assert!(!out.contains("<a "), "{out}");
    // Store text is escaped (in a link title it is text already).
    assert!(out.contains("\\[1\\] \\<script\\>alert"), "{out}");
    assert!(!out.contains("data-"), "{out}");
    assert!(!out.contains("SECRET"), "{out}");
}

#[test]
fn a_book_overrides_templates_and_output_stays_idempotent() {
    let book = TestBook::with_store("mode = \"warn\"", HOSTILE, &[("c.md", CHAPTER)]);
    let dir = book.root().join("theme/evidence");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("citation.html"),
        "<a class=\"evidence-cite my-cite\" href=\"#evidence-{{id}}\" id=\"{{anchor}}\" data-evidence=\"{{id}}\" data-when=\"{{date_iso}}\" title=\"{{hover}}\">[{{label}}]</a>\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("reference.html"),
        "<p class=\"evidence-ref\" id=\"evidence-{{id}}\">{{number}}. <cite>{{title}}</cite> ({{publisher}}, {{date_iso}}, tier {{tier}}){{badges}}{{backlinks}}</p>\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("reference.md"),
        "{{number}}. *{{title}}* ({{publisher}}){{badges}}\n",
    )
    .unwrap();

    let stdin = book.stdin("html");
    let first = run_stdin(book.root(), &stdin);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let out = first.chapter("c.md");
    assert!(
        out.contains("<a class=\"evidence-cite my-cite\" href=\"#evidence-ev_fomc\" id=\"cite-ev_fomc-1\" data-evidence=\"ev_fomc\" data-when=\"2026-02-10\" title=\"Federal Reserve: FOMC Statement\">[&#51;]</a>"),
        "{out}"
    );
    assert!(
        out.contains("<p class=\"evidence-ref\" id=\"evidence-ev_ft\">2. <cite>Is the Fed over-tightening?</cite> (Financial Times, 2026-02-09, tier 2) [Paywall] <a href=\"#cite-ev_ft-1\""),
        "{out}"
    );
    assert!(
        out.contains("<cite>Title &quot;quoted&quot; &lt;img src=x onerror=alert(1)&gt;"),
        "{out}"
    );
    // A template without `{{passage}}` gets the passage quoted under the
    // entry.
    assert!(
        out.contains("<blockquote class=\"evidence-passage\"><p>The Committee decided"),
        "{out}"
    );
    assert_eq!(rerun(book.root(), &stdin, &first).chapter("c.md"), out);

    let md = book.run("markdown").chapter("c.md");
    assert!(
        md.contains("2. *Is the Fed over\\-tightening\\?* (Financial Times) \\[Paywall\\]"),
        "{md}"
    );

    book.build().expect("builds");
    assert!(
        book.html("c.md")
            .contains("class=\"evidence-cite my-cite\"")
    );
}

#[test]
fn a_bad_template_stops_the_build_with_its_location() {
    let book = TestBook::with_store("", HOSTILE, &[("c.md", CHAPTER)]);
    let dir = book.root().join("theme/evidence");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("reference.html"), "<p>{{titel}}</p>\n").unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .contains("theme/evidence/reference.html:1:4: unknown variable `titel`"),
        "{}",
        run.stderr
    );

    std::fs::remove_file(dir.join("reference.html")).unwrap();
    std::fs::write(
        dir.join("citation.html"),
        "<sup data-evidence=\"{{id}}\">{{number}}</sup>",
    )
    .unwrap();
    let run = book.run("html");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("second run"), "{}", run.stderr);
}

#[test]
fn the_theme_directory_follows_output_html_theme() {
    let book = TestBook::with_store("", HOSTILE, &[("c.md", CHAPTER)]);
    let toml = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
    std::fs::write(
        book.root().join("book.toml"),
        format!("{toml}\n[output.html]\ntheme = \"look\"\n"),
    )
    .unwrap();
    let dir = book.root().join("look/evidence");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("reference.md"), "{{number}} {{id}}\n").unwrap();
    let md = book.run("markdown").chapter("c.md");
    assert!(md.contains("1 ev_evil\n"), "{md}");
}

/// A chapter of `common::STORE`'s citation list (`brief.md`: ev_fomc,
/// ev_reuters, ev_ft, ev_zh) citing in groups, with non-ASCII text around.
const GROUPS: &str = "# Groups\n\n\
- Rates were held, as the statement\u{a0}and wires say [3][1].\n\
- A range of sources reports the hold too [1-3].\n\
- Two sources in one marker agree on the hold [2, 4].\n\
- Four sources, 東京 time, written in reverse [4][3][2][1] [2][1].\n\
- One marker cites an item twice [EVID:ev_fomc][1] here.\n\
- A marker that does not resolve stays [1, 7] as written.\n";

/// The HTML citation of `id` numbered `number`, at its `occurrence`-th spot,
/// as a member of a group (no brackets of its own).
fn member(id: &str, number: u32, occurrence: u32) -> String {
    let label: String = number
        .to_string()
        .bytes()
        .map(|d| format!("&#{d};"))
        .collect();
    format!(
        "<a class=\"evidence-cite\" id=\"cite-{id}-{occurrence}\" href=\"#evidence-{id}\" data-evidence=\"{id}\">{label}</a>"
    )
}

/// The markdown link titles of two items (markdown keeps its hover).
const FOMC: &str = "Federal Reserve: FOMC Statement - February 2026";
const FT: &str = "Financial Times: Is the Fed over-tightening?";

#[test]
fn adjacent_citations_are_sorted_and_grouped_each_number_its_own_link() {
    let book = TestBook::new("mode = \"warn\"", &[("brief.md", GROUPS)]);
    let stdin = book.stdin("html");
    let first = crate::common::run_twice(book.root(), &stdin);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let out = first.chapter("brief.md");
    let group =
        |parts: &[String]| format!("<span class=\"evidence-cites\">[{}]</span>", parts.concat());
    // `[3][1]`: sorted, one pair of brackets.
    let sorted = group(&[member("ev_fomc", 1, 1), ", ".into(), member("ev_ft", 3, 1)]);
    assert!(out.contains(&format!("say {sorted}.")), "{out}");
    // `[1-3]`: a range; the middle item's spot is an empty anchor.
    let range = group(&[
        member("ev_fomc", 1, 2),
        "<span class=\"evidence-cite\" id=\"cite-ev_reuters-1\" data-evidence=\"ev_reuters\"></span>".into(),
        "–".into(),
        member("ev_ft", 3, 2),
    ]);
    assert!(out.contains(&format!("too {range}.")), "{out}");
    // `[2, 4]`: two numbers, not a range.
    let pair = group(&[
        member("ev_reuters", 2, 2),
        ", ".into(),
        member("ev_zh", 4, 1),
    ]);
    assert!(out.contains(&format!("hold {pair}.")), "{out}");
    // `[4][3][2][1] [2][1]`: a range `[1–4]`; the space is the author's,
    // and the markers after it are a group of their own.
    assert!(
        out.contains("reverse <span class=\"evidence-cites\">["),
        "{out}"
    );
    assert!(
        out.contains(&format!("–{}]</span> <span", member("ev_zh", 4, 2))),
        "{out}"
    );
    // An item cited twice in one run is shown once.
    assert!(
        out.contains("twice <a class=\"evidence-cite\" id=\"cite-ev_fomc-5\" href=\"#evidence-ev_fomc\" data-evidence=\"ev_fomc\">[&#49;]</a> here"),
        "{out}"
    );
    // A marker that does not resolve stays, after the citations.
    assert!(
        out.contains("stays <a class=\"evidence-cite\" id=\"cite-ev_fomc-6\" href=\"#evidence-ev_fomc\" data-evidence=\"ev_fomc\">[&#49;]</a>[7] as"),
        "{out}"
    );
    assert!(
        first
            .stderr
            .contains("citation [7] is not in this chapter's citation list"),
        "{}",
        first.stderr
    );
    // Back-links say which spot they return to.
    assert!(
        out.contains("aria-label=\"Back to citation f of [1] (6 of 6)\">↩\u{a0}f</a>"),
        "{out}"
    );

    // mdBook renders each number as its own link.
    book.build().expect("builds");
    let page = book.html("brief.md");
    assert_eq!(
        page.matches("class=\"evidence-cites\"").count(),
        5,
        "{page}"
    );
}

#[test]
fn the_citation_style_is_configurable_and_other_renderers_get_separate_citations() {
    for (style, expected) in [
        ("grouped", ">&#49;</a>, <a "),
        ("separate", ">[&#49;]</a><a "),
    ] {
        let book = TestBook::new(
            &format!("mode = \"warn\"\ncitation-style = \"{style}\""),
            &[("brief.md", GROUPS)],
        );
        let run = crate::common::run_twice(book.root(), &book.stdin("html"));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let out = run.chapter("brief.md");
        assert!(out.contains(expected), "{style}: {out}");
        assert!(!out.contains('–'), "{style}: no ranges: {out}");
    }
    let book = TestBook::new("mode = \"warn\"", &[("brief.md", GROUPS)]);
    let run = crate::common::run_twice(book.root(), &book.stdin("markdown"));
    let out = run.chapter("brief.md");
    assert!(
        out.contains(&format!(
            "say [\\[1\\]](#evidence-ev_fomc \"{FOMC}\")[\\[3\\]](#evidence-ev_ft \"{FT}\")."
        )),
        "{out}"
    );
    assert!(!out.contains("<span"), "{out}");
}

/// What the team wrote for itself stays in the markdown source: the
/// reasons of its suppression comments (block and inline, in non-ASCII
/// text) and the importer's record line with its hashes are not in the
/// page mdBook builds nor in what another renderer gets; the comments
/// still silence their rules, in every mode, and a second run changes
/// nothing.
#[test]
fn suppression_reasons_and_the_import_record_stay_out_of_the_page() {
    let chapter = "# Notes\n\n\
        <!-- evidence-disable-next-line ungrounded-claim reason=\"internal: the desk lawyer asked\" -->\n\
        The outlook darkened sharply over the quarter for most firms.\n\n\
        Prices rose 3% in March [EVID:ev_fomc] and the committee held rates\u{3000}steady for now. \
        <!-- evidence-disable-line numeric-claim reason=\"内部: 法務部の指示 ✓\" -->\n\n\
        ```\n<!-- evidence-disable-line x reason=\"in code\" -->\n```\n\n\
        <!-- mdbook-evidence import of answer.json: chapter sha256:0123abcd, fragment ../evidence/a.json sha256:4567ef -->\n";
    for mode in ["warn", "downgrade", "remove", "fail"] {
        let config = format!("mode = \"{mode}\"");
        for renderer in ["html", "markdown"] {
            let book = TestBook::with_store(&config, HOSTILE, &[("c.md", chapter)]);
            let run = crate::common::run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{mode} {renderer}: {}", run.stderr);
            let out = run.chapter("c.md");
            for secret in ["lawyer", "法務部", "sha256", "mdbook-evidence import"] {
                assert!(!out.contains(secret), "{mode} {renderer}: {secret}: {out}");
            }
            assert!(out.contains("The outlook darkened sharply"), "{out}");
            assert!(out.contains("reason=\"in code\""), "{out}");
        }
    }
    // In the page mdBook builds, and in the markdown source as written.
    let book = TestBook::with_store("mode = \"fail\"", HOSTILE, &[("c.md", chapter)]);
    book.build().expect("builds");
    let html = book.html("c.md");
    assert!(
        !html.contains("lawyer") && !html.contains("sha256"),
        "{html}"
    );
    let source = std::fs::read_to_string(book.root().join("src/c.md")).unwrap();
    assert!(source.contains("lawyer") && source.contains("sha256:0123abcd"));
}

/// The label element the HTML renderer writes for `[SPECULATION]`.
const LABEL: &str = crate::common::invariants::SPECULATION_ELEMENT;

#[test]
fn speculation_is_a_label_in_the_html_itself_and_a_second_run_reads_it_so() {
    // Uncited speculation in `fail` mode: a second run that did not read
    // the label would stop the build (ungrounded-claim).
    let chapter = "# Outlook\n\n\
        [SPECULATION] Rates may fall later in the year.\n\n\
        - *[SPECULATION]*\u{a0}物価が上がるかもしれない\u{3000}来年。\n\
        - **[SPECULATION]** الأسعار قد ترتفع\u{200f} العام المقبل 🙂.\n\
        - The committee held rates at １７０，０００ [EVID:ev_fomc] and cafe\u{301}s may close [SPECULATION].\n\n\
        | Forecast | Source |\n|---|---|\n| [SPECULATION] Cuts by June seem likely | [EVID:ev_fomc] |\n\n\
        `[SPECULATION]` in code and <b>[SPECULATION]</b> in HTML stay as written [EVID:ev_fomc].\n";
    for mode in ["warn", "downgrade", "remove", "fail"] {
        let config = format!("mode = \"{mode}\"");
        let book = TestBook::with_store(&config, HOSTILE, &[("c.md", chapter)]);
        let run = crate::common::run_twice(book.root(), &book.stdin("html"));
        assert_eq!(run.code, 0, "{mode}: {}", run.stderr);
        assert!(!run.stderr.contains("ungrounded-claim"), "{}", run.stderr);
        let out = run.chapter("c.md");
        assert_eq!(out.matches(LABEL).count(), 5, "{mode}: {out}");
        assert!(out.contains("`[SPECULATION]` in code"), "{out}");
        assert!(out.contains("<b>[SPECULATION]</b> in HTML"), "{out}");
        assert_eq!(out.matches("[SPECULATION]").count(), 2, "{mode}: {out}");
        // Other renderers get the bracketed word.
        let run = crate::common::run_twice(book.root(), &book.stdin("markdown"));
        assert_eq!(run.code, 0, "{mode}: {}", run.stderr);
        assert!(!run.chapter("c.md").contains("evidence-speculation"));
    }
    // In the page mdBook builds: a label with its meaning in its title,
    // no bracketed word outside code and the author's HTML.
    let book = TestBook::with_store("mode = \"fail\"", HOSTILE, &[("c.md", chapter)]);
    book.build().expect("builds");
    let html = book.html("c.md");
    assert_eq!(html.matches("class=\"evidence-speculation\"").count(), 5);
    assert_eq!(
        html.matches("title=\"Speculation: the author&#39;s own reading, not a claim the cited sources support.\"")
            .count(),
        5,
        "{html}"
    );
    assert_eq!(html.matches("[SPECULATION]").count(), 2, "{html}");
}

/// Why a suppression comment stays in the rendered chapter (its reason
/// withheld): the next run reads the rendered chapter, and without the
/// comment that chapter is byte for byte one whose author suppressed
/// nothing, which must stop a `fail` build. With it, the rerun passes.
#[test]
fn a_suppression_comment_left_out_of_the_page_would_unsilence_the_next_run() {
    let chapter = "# Notes\n\n\
        <!-- evidence-disable-next-line ungrounded-claim reason=\"内部: the desk lawyer asked ✓\" -->\n\
        The outlook darkened sharply over the quarter\u{3000}for most firms.\n";
    let book = TestBook::with_store("mode = \"fail\"", HOSTILE, &[("c.md", chapter)]);
    let run = crate::common::run_twice(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = run.chapter("c.md");
    let comment = "<!-- evidence-disable-next-line ungrounded-claim reason=\"given in the chapter's source\" -->\n";
    assert!(out.contains(comment), "{out}");
    let without = out.replace(comment, "");
    let twin = TestBook::with_store("mode = \"fail\"", HOSTILE, &[("c.md", &without)]);
    let run = twin.run("html");
    assert_ne!(run.code, 0, "{without}");
    assert!(
        run.stderr.contains("error[ungrounded-claim]"),
        "{}",
        run.stderr
    );
}
