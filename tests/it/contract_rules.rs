//! The contract rules of seeds 000 and 003, each shown firing and not
//! firing through the real binary on books that mdBook loaded (and, where
//! the page matters, through a whole `mdbook build`).

use crate::common::{Run, TestBook, rerun};

/// Sources of every tier, a paywalled one with a quote, a registry with
/// URL prefixes, stale items and a pair of contradicting items.
const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1, "tags": ["policy_centralbank"],
     "url_prefixes": ["https://www.federalreserve.gov/"]},
    {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
    {"source_id": "bloomberg", "publisher": "Bloomberg", "tier": 2},
    {"source_id": "blog_a", "publisher": "Macro Blog A", "tier": 3},
    {"source_id": "blog_b", "publisher": "Macro Blog B", "tier": 3},
    {"source_id": "ft", "publisher": "Financial Times", "tier": 2, "paywall_policy": "metadata_only"},
    {"source_id": "zh", "publisher": "Zero Hedge", "tier": 4}
  ],
  "evidence": [
    {"id": "fed_stmt", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "title": "FOMC Statement", "published_at": "2026-02-10T19:00:00Z"},
    {"id": "fed_mirror", "source_id": "fed", "url": "https://mirror.example/fed.htm",
     "title": "FOMC Statement (mirror)", "published_at": "2026-02-10T19:00:00Z"},
    {"id": "fed_wrong_pub", "source_id": "fed", "publisher": "FOMC Watchers",
     "url": "https://www.federalreserve.gov/b.htm", "title": "B", "published_at": "2026-02-10T19:00:00Z"},
    {"id": "reuters_fed", "source_id": "reuters", "url": "https://www.reuters.com/fed",
     "title": "Fed holds", "published_at": "2026-02-10T20:00:00Z", "tags": ["policy_centralbank"],
     "contradicts": ["zh_fed"]},
    {"id": "reuters_mkts", "source_id": "reuters", "url": "https://www.reuters.com/mkts",
     "title": "Stocks rise", "published_at": "2026-02-10T20:00:00Z"},
    {"id": "bloomberg_fed", "source_id": "bloomberg", "url": "https://www.bloomberg.com/fed",
     "title": "Fed on hold", "published_at": "2026-02-10T20:00:00Z", "tags": ["policy_centralbank"]},
    {"id": "blog_a1", "source_id": "blog_a", "url": "https://a.example/1", "title": "A1",
     "published_at": "2026-02-10T00:00:00Z"},
    {"id": "blog_b1", "source_id": "blog_b", "url": "https://b.example/1", "title": "B1",
     "published_at": "2026-02-10T00:00:00Z"},
    {"id": "ft_quote", "source_id": "ft", "url": "https://www.ft.com/content/q",
     "title": "Paywalled piece", "published_at": "2026-02-09T08:00:00Z",
     "quote_span": {"start": 0, "end": 20, "text": "SECRET FULL TEXT QUOTE"},
     "snippet_span": {"text": "Headline snippet"}},
    {"id": "zh_fed", "source_id": "zh", "url": "https://www.zerohedge.com/fed",
     "title": "The Fed is lying", "published_at": "2026-02-11T06:00:00Z"},
    {"id": "reuters_old", "source_id": "reuters", "url": "https://www.reuters.com/old",
     "title": "Old news", "published_at": "2025-11-01T00:00:00Z"}
  ]
}"#;

const AS_OF: &str = "as-of = \"2026-02-12\"\n";

fn book(config: &str, chapter: &str) -> TestBook {
    TestBook::with_store(&format!("{AS_OF}{config}"), STORE, &[("brief.md", chapter)])
}

fn run(config: &str, chapter: &str) -> Run {
    book(config, chapter).run("html")
}

/// How many diagnostics of `rule` stderr holds.
fn count(run: &Run, rule: &str) -> usize {
    run.stderr.matches(&format!("[{rule}]")).count()
}

// ---- remove mode -------------------------------------------------------

const MIXED: &str = "# Brief\n\n## Prevailing view\n\n\
- The Fed held rates steady this week. [EVID:fed_stmt]\n\
- Stocks rallied on the decision today. [EVID:reuters_mkts] [EVID:ev_missing]\n\
- Nobody cited anything for this statement.\n\n\
## What to watch\n\n\
- Blog A says the index rose 4% today. [EVID:blog_a1]\n\
- Reuters and Bloomberg say the Fed is on hold. [EVID:reuters_fed] [EVID:bloomberg_fed]\n";

#[test]
fn remove_mode_replaces_failing_claims_and_strips_bad_markers() {
    let b = book("mode = \"remove\"\n", MIXED);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ch = out.chapter("brief.md");
    // Ungrounded → replaced.
    assert!(
        ch.contains("- [Insufficient evidence to support this claim]\n"),
        "{ch}"
    );
    assert!(!ch.contains("Nobody cited"));
    // Unresolvable marker in a claim that keeps a valid one → removed.
    assert!(!ch.contains("ev_missing"), "{ch}");
    assert!(ch.contains("Stocks rallied on the decision today. <a class=\"evidence-cite\""));
    // Numeric claim with one tier-3 source → replaced, its citation gone.
    assert!(
        ch.contains("- [Insufficient credible evidence for this claim]\n"),
        "{ch}"
    );
    assert!(!ch.contains("evidence-blog_a1"), "{ch}");
    // Policy claim without tier 1 while the Fed's statement is cited → replaced.
    assert!(
        ch.contains("- [Cite official source directly for policy claims]\n"),
        "{ch}"
    );
    // Every removal is listed.
    assert_eq!(out.stderr.matches("(removed)").count(), 4, "{}", out.stderr);
    assert!(out.stderr.contains("4 claims removed") || out.stderr.contains("3 claims removed"));
    // A second run changes nothing.
    let again = rerun(b.root(), &stdin, &out);
    assert_eq!(again.chapter("brief.md"), ch);
}

#[test]
fn remove_mode_delete_drops_the_items() {
    let out = run("mode = \"remove\"\nremoval = \"delete\"\n", MIXED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ch = out.chapter("brief.md");
    assert!(!ch.contains("Insufficient"), "{ch}");
    assert!(!ch.contains("Nobody cited"));
    assert!(!ch.contains("Blog A says"));
    assert!(
        ch.contains("- The Fed held rates steady this week."),
        "{ch}"
    );
}

#[test]
fn remove_mode_escalates_past_max_removed_or_an_emptied_section() {
    let out = run("mode = \"remove\"\nmax-removed = 2\n", MIXED);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(count(&out, "removal-escalation"), 1, "{}", out.stderr);
    assert!(out.stdout.is_empty());

    let sections = "mode = \"remove\"\nsections = [\"What to watch\"]\nescalate = \"downgrade\"\n";
    let out = run(sections, MIXED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("section `What to watch` has no claim left"),
        "{}",
        out.stderr
    );
    assert!(out.chapter("brief.md").contains("Unverified Summary"));

    // At level warn the rule says so and changes nothing: the build
    // publishes what removal left.
    let warned = run(
        "mode = \"remove\"\nmax-removed = 0\n[preprocessor.evidence.rules]\nremoval-escalation = \"warn\"\n",
        MIXED,
    );
    assert_eq!(warned.code, 0, "{}", warned.stderr);
    assert_eq!(count(&warned, "removal-escalation"), 1, "{}", warned.stderr);
    assert!(
        warned.stderr.contains("warning[removal-escalation]"),
        "{}",
        warned.stderr
    );
    assert!(!warned.chapter("brief.md").contains("Unverified Summary"));
    assert!(!warned.chapter("brief.md").contains("Nobody cited"));
    // Nor does it downgrade when escalate = "downgrade".
    let warned = run(
        "mode = \"remove\"\nmax-removed = 0\nescalate = \"downgrade\"\n[preprocessor.evidence.rules]\nremoval-escalation = \"warn\"\n",
        MIXED,
    );
    assert_eq!(warned.code, 0, "{}", warned.stderr);
    assert!(!warned.chapter("brief.md").contains("Unverified Summary"));

    let fine = "# Brief\n\n- The Fed held rates steady this week. [EVID:fed_stmt]\n- Nobody cited anything for this statement.\n";
    let out = run("mode = \"remove\"\n", fine);
    assert_eq!(out.code, 0);
    assert_eq!(count(&out, "removal-escalation"), 0);
}

#[test]
fn remove_mode_publishes_through_mdbook() {
    let b = book("mode = \"remove\"\n", MIXED);
    b.build().expect("remove mode publishes");
    let html = b.html("brief.md");
    assert!(html.contains("[Insufficient evidence to support this claim]"));
    assert!(!html.contains("Nobody cited"));
}

// ---- claim units and sections -----------------------------------------

#[test]
fn claim_units_blocks_bullets_and_sentences() {
    let text = "# Brief\n\nAn uncited paragraph that states a fact.\n\n\
- A cited bullet states a fact. [EVID:fed_stmt] An uncited second sentence follows here.\n";
    let blocks = run("mode = \"warn\"\n", text);
    assert_eq!(count(&blocks, "ungrounded-claim"), 1, "{}", blocks.stderr);
    let bullets = run("mode = \"warn\"\nclaims = \"bullets\"\n", text);
    assert_eq!(count(&bullets, "ungrounded-claim"), 0, "{}", bullets.stderr);
    let sentences = run("mode = \"warn\"\nclaims = \"sentences\"\n", text);
    assert_eq!(
        count(&sentences, "ungrounded-claim"),
        2,
        "{}",
        sentences.stderr
    );
    assert!(sentences.stderr.contains("An uncited second sentence"));

    let placed = "# Brief\n\nRates rose sharply [EVID:fed_stmt]. Stocks fell on the news. [EVID:reuters_mkts]\n";
    let ok = run("claims = \"sentences\"\n", placed);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
}

#[test]
fn sections_limit_the_checked_claims() {
    let text = "# Brief\n\n## Background\n\n- Uncited background that states a fact.\n\n\
## Prevailing view\n\n- Uncited prevailing claim that states a fact.\n";
    let out = run("mode = \"warn\"\nsections = [\"Prevailing view\"]\n", text);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(out.stderr.contains("Uncited prevailing claim"));
}

// ---- quality rules ------------------------------------------------------

#[test]
fn numeric_claims_need_a_credible_or_second_source() {
    let fires = "# B\n\n- Blog A says the index rose 4% today. [EVID:blog_a1]\n";
    assert_eq!(count(&run("", fires), "numeric-claim"), 1);
    for ok in [
        "# B\n\n- Two blogs say the index rose 4% today. [EVID:blog_a1] [EVID:blog_b1]\n",
        "# B\n\n- Reuters says the index rose 4% today. [EVID:reuters_mkts]\n",
        "# B\n\n- Blog A says the index rose in 2025. [EVID:blog_a1]\n",
        "# B\n\n- Blog A covers the 3rd Q4 meeting of the G7. [EVID:blog_a1]\n",
    ] {
        let out = run("", ok);
        assert_eq!(count(&out, "numeric-claim"), 0, "{ok}: {}", out.stderr);
        assert_eq!(out.code, 0, "{ok}: {}", out.stderr);
    }
}

#[test]
fn policy_claims_cite_the_official_source_when_the_pack_has_it() {
    let fires = "# B\n\n- The Fed statement said rates stay put. [EVID:fed_stmt]\n\
- Reuters and Bloomberg say the Fed is on hold. [EVID:reuters_fed] [EVID:bloomberg_fed]\n";
    let out = run("", fires);
    assert_eq!(count(&out, "policy-claim"), 1, "{}", out.stderr);
    assert!(out.stderr.contains("`fed_stmt`"));
    // Without a tier-1 item in the pack, nothing to cite instead.
    let ok = "# B\n\n- Reuters and Bloomberg say the Fed is on hold. [EVID:reuters_fed] [EVID:bloomberg_fed]\n";
    assert_eq!(count(&run("", ok), "policy-claim"), 0);
    // Tags are configurable.
    let out = run("policy-tags = [\"other\"]\n", fires);
    assert_eq!(count(&out, "policy-claim"), 0, "{}", out.stderr);
}

#[test]
fn paywalled_quotes_are_reported_and_never_shown() {
    let text = "# B\n\n- The FT framed the debate on rates. [EVID:ft_quote]\n";
    let b = book("", text);
    let out = b.run("html");
    assert_eq!(count(&out, "paywall-quote"), 1, "{}", out.stderr);
    assert_eq!(out.code, 0, "a warning by default: {}", out.stderr);
    b.build().unwrap();
    let html = b.html("brief.md");
    assert!(!html.contains("SECRET FULL TEXT QUOTE"));
    assert!(html.contains("[Paywall]"));
    let ok = "# B\n\n- Reuters reported the market move. [EVID:reuters_mkts]\n";
    assert_eq!(count(&run("", ok), "paywall-quote"), 0);
}

#[test]
fn registry_mismatch_on_url_prefix_or_publisher() {
    let out = run(
        "",
        "# B\n\n- The mirror says the Fed held. [EVID:fed_mirror]\n- Watchers say the Fed held. [EVID:fed_wrong_pub]\n",
    );
    assert_eq!(count(&out, "registry-mismatch"), 2, "{}", out.stderr);
    assert_eq!(out.code, 1);
    let ok = run(
        "",
        "# B\n\n- The Fed statement says it held. [EVID:fed_stmt]\n",
    );
    assert_eq!(ok.code, 0, "{}", ok.stderr);
}

#[test]
fn stale_evidence_against_max_age_days() {
    let text = "# B\n\n- Old news is still cited here. [EVID:reuters_old]\n";
    assert_eq!(run("", text).code, 0, "off unless max-age-days is set");
    let out = run("max-age-days = 30\n", text);
    assert_eq!(count(&out, "stale-evidence"), 1, "{}", out.stderr);
    assert_eq!(out.code, 1);
    assert_eq!(run("max-age-days = 365\n", text).code, 0);
}

#[test]
fn unlabelled_speculation_is_off_by_default() {
    let text = "# B\n\n- Rates could fall next year. [EVID:reuters_mkts]\n- [SPECULATION] Rates might fall further.\n";
    assert_eq!(count(&run("", text), "unlabelled-speculation"), 0);
    let out = run(
        "[preprocessor.evidence.rules]\nunlabelled-speculation = \"warn\"\n",
        text,
    );
    assert_eq!(count(&out, "unlabelled-speculation"), 1, "{}", out.stderr);
    assert_eq!(out.code, 0);
    let out = run(
        "[preprocessor.evidence.rules]\nunlabelled-speculation = \"error\"\n",
        text,
    );
    assert_eq!(out.code, 1);
}

#[test]
fn rule_levels_turn_rules_off_and_unknown_ids_are_errors() {
    let text = "# B\n\n- Nobody cited anything for this statement.\n";
    let out = run(
        "[preprocessor.evidence.rules]\nungrounded-claim = \"off\"\n",
        text,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run(
        "[preprocessor.evidence.rules]\nungrounded-clam = \"warn\"\n",
        text,
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean `ungrounded-claim`?"),
        "{}",
        out.stderr
    );
}

// ---- diversity and conflicts --------------------------------------------

const ONE_SIDED: &str = "# B\n\n- One. Blog A wrote this first claim. [EVID:blog_a1]\n\
- Two. Zero Hedge wrote this claim. [EVID:zh_fed]\n\
- Three. Reuters wrote this claim. [EVID:reuters_mkts]\n\
- Four. Reuters wrote this other claim. [EVID:reuters_old]\n\
- Five. Blog B wrote this last claim. [EVID:blog_b1]\n";

#[test]
fn diversity_rules_warn_with_thresholds() {
    let out = run("", ONE_SIDED);
    assert_eq!(out.code, 0, "warnings only: {}", out.stderr);
    assert_eq!(
        count(&out, "publisher-dominance"),
        0,
        "Reuters has 40%: {}",
        out.stderr
    );
    assert_eq!(count(&out, "low-credibility-mix"), 1, "{}", out.stderr);
    // One monitor-only item of five (20%) is allowed: always one.
    assert_eq!(count(&out, "monitor-only-share"), 0, "{}", out.stderr);
    // The caret is on the first citation of an item at fault, not the title.
    assert!(
        out.stderr.contains("low-credibility-mix]: 2 of the 5 items this chapter cites are tier 1-2 (40%; at least 50% required)\n  ┌─ src/brief.md:3:39"),
        "{}",
        out.stderr
    );
    let none = "[preprocessor.evidence.diversity]\nmax-monitor-share = 0.0\n";
    let out = run(none, ONE_SIDED);
    assert_eq!(count(&out, "monitor-only-share"), 1, "{}", out.stderr);
    assert!(out.stderr.contains("monitor-only-share]: 1 of the 5 items this chapter cites are monitor-only, tier 4 (20%; none is allowed (max-monitor-share = 0))"), "{}", out.stderr);
    assert!(
        out.stderr.contains("src/brief.md:4:37"),
        "at Zero Hedge's citation: {}",
        out.stderr
    );
    let strict = "[preprocessor.evidence.diversity]\nmax-publisher-share = 0.3\nmin-credible-share = 0.4\nmax-monitor-share = 0.2\n";
    let out = run(strict, ONE_SIDED);
    assert_eq!(count(&out, "publisher-dominance"), 1, "{}", out.stderr);
    assert_eq!(count(&out, "low-credibility-mix"), 0, "{}", out.stderr);
    assert_eq!(count(&out, "monitor-only-share"), 0, "{}", out.stderr);
    // Below `min-items`, a chapter is too small to judge.
    let small = "# B\n\n- Zero Hedge wrote this claim. [EVID:zh_fed]\n";
    assert_eq!(count(&run("", small), "monitor-only-share"), 0);
}

#[test]
fn conflicting_evidence_gets_a_caution_note() {
    let text = "# B\n\n- Reuters says the Fed is on hold. [EVID:fed_stmt] [EVID:reuters_fed]\n\n\
Zero Hedge says the Fed is lying about it. [EVID:zh_fed]\n\nLast paragraph is unrelated. [EVID:fed_stmt]\n";
    let b = book("", text);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    assert_eq!(count(&out, "conflicting-evidence"), 1, "{}", out.stderr);
    let ch = out.chapter("brief.md");
    let note = ch.find("> [!CAUTION]").expect("a caution note");
    assert!(note > ch.find("lying about it").unwrap() && note < ch.find("Last paragraph").unwrap());
    assert!(ch.contains("Reuters (`reuters_fed`) and Zero Hedge (`zh_fed`) contradict each other"));
    assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
    let ok = "# B\n\n- Reuters says the Fed is on hold. [EVID:reuters_fed]\n";
    let out = run("", ok);
    assert_eq!(count(&out, "conflicting-evidence"), 0);
    assert!(!out.chapter("brief.md").contains("CAUTION"));
}

// ---- confidence labels and the report -----------------------------------

#[test]
fn confidence_labels_follow_the_documented_rule() {
    let text = "# B\n\n- The Fed and Reuters agree rates held. [EVID:fed_stmt] [EVID:reuters_mkts]\n\
- Reuters alone reports the market move. [EVID:reuters_mkts]\n\
- Blog A alone makes this call today. [EVID:blog_a1]\n";
    let b = book("confidence-labels = true\n", text);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    let ch = out.chapter("brief.md");
    assert!(
        ch.contains("- \\[HIGH CONFIDENCE\\] The Fed and Reuters"),
        "{ch}"
    );
    assert!(
        ch.contains("- \\[MEDIUM CONFIDENCE\\] Reuters alone"),
        "{ch}"
    );
    assert!(ch.contains("- \\[LOW CONFIDENCE\\] Blog A alone"), "{ch}");
    assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
    assert!(!run("", text).chapter("brief.md").contains("CONFIDENCE"));
}

#[test]
fn the_validation_report_lists_counts_violations_and_verdict() {
    let b = book(
        "mode = \"remove\"\nreport = \"reports/evidence.json\"\n",
        MIXED,
    );
    let out = b.run("html");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(b.root().join("reports/evidence.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["schema_version"], "evidence-report.v1");
    assert_eq!(json["verdict"], "removed_claims");
    assert_eq!(json["validation_passed"], false);
    assert_eq!(json["totals"]["total_bullets"], 5);
    assert_eq!(json["totals"]["cited_bullets"], 4);
    assert_eq!(json["totals"]["removed_bullets"], 3);
    let chapter = &json["chapters"][0];
    assert_eq!(chapter["path"], "brief.md");
    assert!(
        chapter["diversity_stats"]["unique_publishers"]
            .as_u64()
            .unwrap()
            >= 3
    );
    let violations = json["violations"].as_array().unwrap();
    let ungrounded = violations
        .iter()
        .find(|v| v["rule"] == "ungrounded-claim")
        .unwrap();
    assert_eq!(ungrounded["file"], "src/brief.md");
    assert_eq!(ungrounded["line"], 7);
    assert_eq!(ungrounded["column"], 3);
    assert_eq!(ungrounded["removed"], true);
    assert!(
        ungrounded["claim"]
            .as_str()
            .unwrap()
            .starts_with("Nobody cited")
    );

    let inside = run("report = \"src/report.json\"\n", MIXED);
    assert_eq!(inside.code, 2);
    assert!(
        inside.stderr.contains("inside the book's source directory"),
        "{}",
        inside.stderr
    );
}

// ---- numbers against their passages ------------------------------------

/// Tier-2 items with passages, so that `numeric-claim` stays quiet.
const NUMBERS_STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "reuters", "publisher": "Reuters", "tier": 2}],
  "evidence": [
    {"id": "odds", "source_id": "reuters", "url": "https://www.reuters.com/odds", "title": "Odds",
     "published_at": "2026-02-10T20:00:00Z",
     "quote_span": {"text": "Futures priced a 55% chance of a quarter-point cut by June."}},
    {"id": "club", "source_id": "reuters", "url": "https://www.reuters.com/club", "title": "Club",
     "published_at": "2026-02-10T20:00:00Z",
     "quote_span": {"text": "The club has one hundred members and a dozen coaches; five league titles and five cups were won."}},
    {"id": "storm", "source_id": "reuters", "url": "https://www.reuters.com/storm", "title": "Storm",
     "published_at": "2026-02-10T20:00:00Z",
     "quote_span": {"text": "Winds reached 125 mph and the high was 77\u00b0F; the company sold 60 items at $10 each."}},
    {"id": "payrolls", "source_id": "reuters", "url": "https://www.reuters.com/jobs", "title": "Jobs",
     "published_at": "2026-02-10T20:00:00Z",
     "cited_text": "Payrolls rose by 1,200,000 over the year, with 130 thousand in January."}
  ]
}"#;

fn numbers(config: &str, chapter: &str) -> Run {
    TestBook::with_store(
        &format!("{AS_OF}{config}"),
        NUMBERS_STORE,
        &[("brief.md", chapter)],
    )
    .run("html")
}

#[test]
fn numbers_a_reader_accepts_pass() {
    for ok in [
        // References to the sources are not figures.
        "# B\n\nAs passage 1 says, futures priced a 55% chance of a cut. [EVID:odds]\n",
        "# B\n\nPassage ID 3 [Source 2] gives a 55% chance of a cut by June. [EVID:odds]\n",
        // Words and digits.
        "# B\n\nThe club has 100 members and 12 coaches. [EVID:club]\n",
        "# B\n\nPayrolls rose by 1.2 million over the year. [EVID:payrolls]\n",
        "# B\n\nPayrolls rose by one hundred thirty thousand in January. [EVID:payrolls]\n",
        // Conversions.
        "# B\n\nWinds reached 201 km/h and the high was 25\u{b0}C. [EVID:storm]\n",
        // Arithmetic.
        "# B\n\nThe club won 10 trophies in all. [EVID:club]\n",
        "# B\n\nThe company sold goods worth $600 in all. [EVID:storm]\n",
    ] {
        let out = numbers("mode = \"fail\"\n", ok);
        assert_eq!(
            count(&out, "number-not-in-evidence"),
            0,
            "{ok}: {}",
            out.stderr
        );
        assert_eq!(
            count(&out, "number-contradicts-evidence"),
            0,
            "{ok}: {}",
            out.stderr
        );
        assert_eq!(out.code, 0, "{ok}: {}", out.stderr);
    }
}

#[test]
fn a_contradicted_figure_is_an_error_that_fails_the_build() {
    let chapter = "# B\n\nFutures priced a 95% chance of a cut by June. [EVID:odds]\n";
    let out = numbers("mode = \"fail\"\n", chapter);
    assert!(
        out.stderr.contains(
            "error[number-contradicts-evidence]: `95%` contradicts the passage it cites: the passage says `55%`"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(count(&out, "number-not-in-evidence"), 0, "{}", out.stderr);
    assert_ne!(out.code, 0, "{}", out.stderr);
    // Turned off, the figure is only missing: a warning, and the build passes.
    let out = numbers(
        "mode = \"fail\"\n[preprocessor.evidence.rules]\nnumber-contradicts-evidence = \"off\"\n",
        chapter,
    );
    assert_eq!(
        count(&out, "number-contradicts-evidence"),
        0,
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("warning[number-not-in-evidence]: `95%`"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn a_figure_the_passage_lacks_stays_a_warning() {
    // The same quantity given otherwise is a contradiction …
    let out = numbers("", "# B\n\nThe club has 140 members. [EVID:club]\n");
    assert!(
        out.stderr
            .contains("the passage says `one hundred` (“The club has one hundred members"),
        "{}",
        out.stderr
    );
    // … but no figure of the passage measures the same: missing, not contradicted.
    let chapter = "# B\n\nThe club sold 140 tickets and pays 7% dues. [EVID:club]\n";
    let out = numbers("mode = \"fail\"\n", chapter);
    assert!(
        out.stderr.contains(
            "warning[number-not-in-evidence]: `140` and `7%` appear in none of the passages this claim cites (`club`)"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(
        count(&out, "number-contradicts-evidence"),
        0,
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    // A derivation that made a figure pass is said in the finding's note.
    let chapter = "# B\n\nWinds reached 201 km/h, and 30 items sold. [EVID:storm]\n";
    let out = numbers("", chapter);
    assert!(
        out.stderr
            .contains("passed as derived: `201` is 125 mph in km/h"),
        "{}",
        out.stderr
    );
}
