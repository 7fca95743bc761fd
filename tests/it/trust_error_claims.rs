//! Every finding at level `error` about a claim fails the claim, whatever
//! its rule (issue 40, item 11): `downgrade` mode marks it with a `⚠`
//! (the banner's promise covers it), and `remove` mode removes it and
//! counts it in the removal note, instead of stopping the build with
//! `removal-escalation` about errors it did not remove. A contradicted
//! figure kept an ordinary citation and no mark before. Each rule at its
//! default level or set to `error` in the configuration, on claims in
//! non-ASCII typography (CJK, full-width digits, which are
//! no figures, beside figures in ASCII digits, no-break spaces), through
//! the binary twice (a second run changes nothing) and a real build.

use crate::common::{TestBook, run_twice};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "reuters", "publisher": "Reuters", "tier": 2},
              {"source_id": "boj", "publisher": "Bank of Japan", "tier": 1, "tags": ["policy_centralbank"]},
              {"source_id": "blog", "publisher": "Macro Blog", "tier": 3, "tags": ["policy_centralbank"]}],
  "evidence": [
    {"id": "odds", "source_id": "reuters", "url": "https://www.reuters.com/odds", "title": "Odds",
     "published_at": "2026-02-10T20:00:00Z",
     "quote_span": {"text": "Futures priced a 55% chance of a quarter-point cut by June."}},
    {"id": "jobs", "source_id": "reuters", "url": "https://www.reuters.com/jobs", "title": "Jobs",
     "published_at": "2026-02-10T20:00:00Z",
     "cited_text": "Payrolls in Tokyo rose by 143,000 in January, the ministry said."},
    {"id": "storm", "source_id": "reuters", "url": "https://www.reuters.com/storm", "title": "Storm",
     "published_at": "2026-02-10T20:00:00Z",
     "cited_text": "Typhoon Nanmadol hit Kyushu with strong winds and heavy rain on Sunday."},
    {"id": "boj_stmt", "source_id": "boj", "url": "https://www.boj.or.jp/a", "title": "Statement",
     "published_at": "2026-02-10T20:00:00Z",
     "cited_text": "The Bank of Japan held its policy rate at 0.5 percent on Tuesday."},
    {"id": "blog1", "source_id": "blog", "url": "https://blog.example/1", "title": "Blog",
     "published_at": "2026-02-10T20:00:00Z",
     "cited_text": "The Bank of Japan held its policy rate at 0.5 percent on Tuesday."}
  ]
}"#;

/// The claim every chapter holds that fails nothing.
const PASSING: &str =
    "The Bank of Japan held its policy rate at 0.5 percent on Tuesday [EVID:boj_stmt].";

/// A failing claim: the rule it fails, the configuration that makes the
/// rule an error (nothing when it is one by default), the claim, and a
/// word of it found nowhere else in the chapter.
struct Case {
    rule: &'static str,
    config: &'static str,
    claim: &'static str,
    word: &'static str,
}

const CASES: &[Case] = &[
    Case {
        rule: "number-contradicts-evidence",
        config: "",
        claim: "先物 futures priced a 95% chance of a quarter-point cut by June [EVID:odds].",
        word: "先物",
    },
    Case {
        rule: "number-contradicts-evidence",
        config: "",
        claim: "Futures in 東京 priced a 95%\u{a0}chance (not ９５％) of a quarter-point cut by June [EVID:odds].",
        word: "東京",
    },
    Case {
        rule: "number-not-in-evidence",
        config: "number-not-in-evidence = \"error\"\n",
        claim: "Payrolls in Tokyo rose by 143\u{a0}000 in January and wages by 3.1% (３．１％), the ministry said [EVID:jobs].",
        word: "wages",
    },
    Case {
        rule: "numeric-claim",
        config: "policy-claim = \"off\"\n",
        claim: "The central bank in 東京 held its policy rate at 0.5 percent on Tuesday [EVID:blog1].",
        word: "central",
    },
    Case {
        rule: "policy-claim",
        config: "numeric-claim = \"off\"\n",
        claim: "The central bank in 東京 held its policy rate at 0.5 percent on Tuesday [EVID:blog1].",
        word: "central",
    },
    Case {
        rule: "claim-not-in-evidence",
        config: "claim-not-in-evidence = \"error\"\n",
        claim: "Cherry blossoms in 京都 drew record crowds of foreign tourists this spring [EVID:jobs].",
        word: "blossoms",
    },
    Case {
        rule: "subject-not-in-evidence",
        config: "subject-not-in-evidence = \"error\"\n",
        claim: "Typhoon Hagibis hit Kyushu with strong winds and heavy rain on Sunday [EVID:storm].",
        word: "Hagibis",
    },
    Case {
        rule: "unlabelled-speculation",
        config: "unlabelled-speculation = \"error\"\n",
        claim: "Typhoon Nanmadol might hit Kyushu with strong winds and heavy rain on Sunday [EVID:storm].",
        word: "might",
    },
    Case {
        rule: "ungrounded-claim",
        config: "",
        claim: "Stocks in 東京 crashed\u{3000}hard today\u{a0}😀, traders said.",
        word: "crashed",
    },
];

fn book(mode: &str, case: &Case) -> TestBook {
    let chapter = format!("# Brief\n\n- {PASSING}\n- {}\n", case.claim);
    TestBook::with_store(
        &format!(
            "as-of = \"2026-02-12\"\nmode = \"{mode}\"\nmax-removed = 100\n[preprocessor.evidence.rules]\n{}",
            case.config
        ),
        STORE,
        &[("brief.md", &chapter)],
    )
}

/// The line of `page` that holds `word`.
fn line_of<'p>(page: &'p str, word: &str) -> Option<&'p str> {
    page.lines().find(|l| l.contains(word))
}

#[test]
fn downgrade_marks_a_claim_failing_any_rule_at_error() {
    for case in CASES {
        let book = book("downgrade", case);
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            let what = format!("{} ({renderer}): {}", case.rule, run.stderr);
            assert_eq!(run.code, 0, "{what}");
            assert!(run.stderr.contains(&format!("[{}]", case.rule)), "{what}");
            let page = run.chapter("brief.md");
            let line = line_of(&page, case.word).unwrap_or_else(|| panic!("{what}: {page}"));
            assert!(
                line.starts_with("- <span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: ")
                    || line.starts_with("- [⚠](#unverified-claim \"Unverified claim: "),
                "{what}: {page}"
            );
            assert!(
                !line_of(&page, "Tuesday")
                    .filter(|l| !l.contains(case.word))
                    .is_some_and(|l| l.contains('⚠')),
                "{what}: the passing claim is marked: {page}"
            );
            assert_eq!(page.matches('⚠').count(), 1, "{what}: {page}");
        }
    }
}

#[test]
fn remove_removes_a_claim_failing_any_rule_at_error_and_counts_it() {
    for case in CASES {
        let book = book("remove", case);
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            let what = format!("{} ({renderer}): {}", case.rule, run.stderr);
            assert_eq!(run.code, 0, "{what}");
            assert!(!run.stderr.contains("removal-escalation"), "{what}");
            let page = run.chapter("brief.md");
            assert!(line_of(&page, case.word).is_none(), "{what}: {page}");
            assert!(page.contains("0.5 percent on Tuesday"), "{what}: {page}");
            let note = format!(
                "Removed from this chapter: 1 claim that was not verified against the evidence ({}: 1",
                case.rule.replace('-', " ")
            );
            assert!(page.contains(&note), "{what}: {page}");
        }
    }
}

/// A rule at `warn` fails nothing: the claim is neither marked nor removed.
#[test]
fn a_rule_below_error_fails_no_claim() {
    let case = &CASES[0];
    let config = "number-contradicts-evidence = \"warn\"\n";
    let case = Case { config, ..*case };
    for mode in ["downgrade", "remove"] {
        let one = book(mode, &case);
        let run = run_twice(one.root(), &one.stdin("html"));
        assert_eq!(run.code, 0, "{mode}: {}", run.stderr);
        let page = run.chapter("brief.md");
        assert!(!page.contains('⚠'), "{mode}: {page}");
        assert!(line_of(&page, case.word).is_some(), "{mode}: {page}");
        assert!(!page.contains("Removed from"), "{mode}: {page}");
    }
}

/// A suppressed finding fails nothing; another error on the same claim
/// still fails it when the first is suppressed.
#[test]
fn a_suppressed_error_fails_nothing_but_another_still_does() {
    // Contradicted (0.7 against 0.5), resting on one tier-3 source, and
    // a policy claim that cites no tier-1 source.
    let claim =
        "先物: the Bank of Japan held its policy rate at 0.7 percent on Tuesday [EVID:blog1].";
    let book = |rules: &str| {
        let chapter = format!(
            "# Brief\n\n- {PASSING}\n\n<!-- evidence-disable-next-line {rules} reason=\"checked by hand\" -->\n{claim}\n"
        );
        TestBook::with_store(
            "as-of = \"2026-02-12\"\nmode = \"remove\"\nmax-removed = 100\n",
            STORE,
            &[("brief.md", &chapter)],
        )
    };
    // The claim's first failure silenced, the others still fail it.
    let book_one = book("numeric-claim");
    let run = run_twice(book_one.root(), &book_one.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = run.chapter("brief.md");
    assert!(!page.contains("先物"), "{page}");
    assert!(
        page.contains("(number contradicts evidence: 1, policy claim: 1)"),
        "{page}"
    );
    assert!(
        page.contains("[Cite official source directly for policy claims]"),
        "{page}"
    );
    let book_all = book("number-contradicts-evidence numeric-claim policy-claim");
    let run = run_twice(book_all.root(), &book_all.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = run.chapter("brief.md");
    assert!(page.contains("先物"), "{page}");
    assert!(!page.contains("Removed from"), "{page}");
}

/// A marker whose id is in no store (deleted evidence) is an error about
/// the claim it stands in: `downgrade` marks the claim, `remove` takes
/// the marker out and keeps the claim, which cites what resolves.
#[test]
fn a_claim_with_an_unknown_marker_is_marked_in_downgrade() {
    let chapter = format!(
        "# Brief\n\n- {PASSING}\n- The yen in 東京 gained on Tuesday [EVID:boj_stmt][EVID:deleted_item].\n"
    );
    for mode in ["downgrade", "remove"] {
        let book = TestBook::with_store(
            &format!("as-of = \"2026-02-12\"\nmode = \"{mode}\"\n"),
            STORE,
            &[("brief.md", &chapter)],
        );
        let run = run_twice(book.root(), &book.stdin("html"));
        assert_eq!(run.code, 0, "{mode}: {}", run.stderr);
        let page = run.chapter("brief.md");
        let line = line_of(&page, "yen").unwrap_or_else(|| panic!("{mode}: {page}"));
        if mode == "downgrade" {
            assert!(
                line.starts_with("- <span class=\"evidence-unverified-claim\""),
                "{page}"
            );
            assert!(line.contains("deleted_item"), "{page}");
        } else {
            assert!(
                !line.contains('⚠') && !line.contains("deleted_item"),
                "{page}"
            );
            assert!(
                page.contains("Removed from this chapter: 1 citation"),
                "{page}"
            );
        }
    }
}

/// A real `mdbook build`: the contradicted figure is marked on the page in
/// `downgrade` mode and gone in `remove` mode.
#[test]
fn a_real_build_marks_and_removes_a_contradicted_figure() {
    let case = &CASES[1];
    let downgraded = book("downgrade", case);
    downgraded.build().unwrap();
    let html = downgraded.html("brief.md");
    let marked = html
        .lines()
        .find(|l| l.contains("東京"))
        .unwrap_or_else(|| panic!("{html}"));
    assert!(
        marked.contains(
            "class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: "
        ),
        "{html}"
    );
    let removed = book("remove", case);
    removed.build().unwrap();
    let html = removed.html("brief.md");
    assert!(!html.contains("東京"), "{html}");
    assert!(
        html.contains("Removed from this chapter: 1 claim"),
        "{html}"
    );
}

/// `remove` mode takes a marker that does not resolve out of a claim it
/// keeps, so the claim it publishes cites what resolves: the claim is
/// judged by those citations on the first run, as the next run judges the
/// page. Judged with the marker, a claim was kept by the first run and
/// removed by the second: its other citation's passage contradicts its
/// figure (beside an unknown id, a malformed marker, or in a sentence
/// whose only citation goes, which leaves its figure to the paragraph's
/// other sentence); or, the marker standing in a question (no claim of its
/// own), `numeric-claim` could not place every marker in a sentence and
/// did not ask the figure's sentence for a better source.
#[test]
fn remove_judges_a_claim_by_the_citations_it_keeps() {
    let cases = [
        (
            "blocks",
            "number-contradicts-evidence",
            "- 先物 futures priced a 95% chance of a quarter-point cut by June [EVID:odds][EVID:deleted_item].\n",
        ),
        (
            "sentences",
            "number-contradicts-evidence",
            "| Market | Odds |\n|---|---|\n| 先物 futures [EVID:odds,] | priced a 95%\u{a0}chance of a quarter-point cut by June [EVID:odds] |\n",
        ),
        (
            "blocks",
            "number-contradicts-evidence",
            "先物 futures priced a 95% chance of a cut [EVID:deleted_item]. Futures priced a quarter-point cut by June [EVID:odds].\n",
        ),
        (
            "blocks",
            "numeric-claim",
            "Did rates move in 東京 this week [EVID:deleted_item]? 先物 futures priced a 55% chance of a quarter-point cut by June [EVID:blog1]. The Bank of Japan held its policy rate at 0.5 percent on Tuesday [EVID:boj_stmt].\n",
        ),
    ];
    for (claims, rule, chapter) in cases {
        let chapter = format!("# Brief\n\n- {PASSING}\n\n{chapter}");
        let book = TestBook::with_store(
            &format!(
                "as-of = \"2026-02-12\"\nmode = \"remove\"\nclaims = \"{claims}\"\nmax-removed = 100\n"
            ),
            STORE,
            &[("brief.md", &chapter)],
        );
        // run_twice asserts that the second run changes nothing.
        let run = run_twice(book.root(), &book.stdin("html"));
        let what = format!("{chapter:?}: {}", run.stderr);
        assert_eq!(run.code, 0, "{what}");
        assert!(run.stderr.contains(&format!("[{rule}]")), "{what}");
        let page = run.chapter("brief.md");
        assert!(line_of(&page, "先物").is_none(), "{what}: {page}");
        assert!(page.contains("0.5 percent on Tuesday"), "{what}: {page}");
    }
}
