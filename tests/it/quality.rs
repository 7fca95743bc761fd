//! The contracts' five quality metrics on every check: in the JSON report
//! (per chapter and for the book, each with its inputs and target), the
//! SARIF run's properties, the human summary line and the evidence index
//! page, computed from real books whose figures are counted by hand below;
//! the target rules that warn about a chapter missing a target; the
//! targets and the tier authority from book.toml.

use crate::common::{TestBook, check_in};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1},
    {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
    {"source_id": "zh", "publisher": "Zero Hedge", "tier": 4}
  ],
  "evidence": [
    {"id": "ev_fomc", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "title": "FOMC Statement", "published_at": "2026-02-10T19:00:00Z"},
    {"id": "ev_reuters", "source_id": "reuters", "url": "https://www.reuters.com/markets/fed-holds",
     "title": "Fed holds rates steady", "published_at": "2026-02-10T20:00:00Z"},
    {"id": "ev_zh", "source_id": "zh", "url": "https://www.zerohedge.com/markets/deflation",
     "title": "Deflation warnings ignored", "published_at": "2026-02-11T06:00:00Z",
     "contradicts": ["ev_reuters"]}
  ]
}"#;

/// Four claims, five sentences: the paragraph's first sentence cites, its
/// second does not; two of the three bullets cite. Three items from three
/// domains, tiers 1, 2 and 4; the last bullet cites two items that
/// contradict each other.
const CHAPTER: &str = "# 東京 brief\n\n\
    The Fed held rates steady this month [EVID:ev_fomc]. Markets barely moved on the decision\u{a0}today.\n\n\
    - Reuters reported the decision within minutes [EVID:ev_reuters].\n\
    - Stocks crashed in 東京 today, traders said.\n\
    - Deflation is coming, one site warned against the wire's report [EVID:ev_reuters][EVID:ev_zh].\n";

#[test]
fn a_check_fills_the_contracts_metric_table() {
    let book = TestBook::with_store(
        "as-of = \"2026-02-12\"\nmode = \"warn\"",
        STORE,
        &[("c.md", CHAPTER)],
    );
    let (code, json, _) = check_in(book.root(), &["--format", "json"], &[]);
    assert_eq!(code, 0, "{json}");
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    for quality in [
        &report["totals"]["quality"],
        &report["chapters"][0]["quality"],
    ] {
        let coverage = &quality["citation_coverage"];
        assert_eq!(coverage["value"], 0.6, "{quality:#}");
        assert_eq!(coverage["inputs"]["sentences"], 5);
        assert_eq!(coverage["inputs"]["cited_sentences"], 3);
        assert_eq!(coverage["meets_target"], false);
        assert_eq!(quality["source_diversity"]["value"], 3.0);
        assert_eq!(quality["source_diversity"]["meets_target"], false);
        assert_eq!(quality["authority_score"]["value"], 0.667);
        assert_eq!(quality["disagreement_rate"]["value"], 0.25);
        assert_eq!(
            quality["disagreement_rate"]["inputs"]["disagreeing_claims"],
            1
        );
        assert_eq!(quality["disagreement_rate"]["meets_target"], false);
        // No cited item has a passage, and no checker gave verdicts.
        assert!(quality["citation_accuracy"]["value"].is_null());
    }

    let (_, sarif, _) = check_in(book.root(), &["--format", "sarif"], &[]);
    let log: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    assert_eq!(
        log["runs"][0]["properties"]["quality"]["citation_coverage"]["value"],
        0.6
    );

    let (_, _, human) = check_in(book.root(), &[], &[]);
    assert!(
        human.contains("mdbook-evidence: quality: citation coverage 60% of sentences, missing the target (> 80%); accuracy not measured (run `mdbook-evidence verify`); 3 source domains, missing the target (> 3); authority 0.67, missing the target (> 0.7); disagreement 25%, missing the target (< 20%)"),
        "{human}"
    );
}

/// Sources of every tier, on six domains; passages for the support rules;
/// `ev_zh2` contradicts `ev_r1`.
const TIERS_STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1},
    {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
    {"source_id": "ap", "publisher": "Associated Press", "tier": 2},
    {"source_id": "ft", "publisher": "Financial Times", "tier": 2},
    {"source_id": "blog", "publisher": "Macro Musings", "tier": 3},
    {"source_id": "zh", "publisher": "Zero Hedge", "tier": 4}
  ],
  "evidence": [
    {"id": "ev_fed", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "title": "FOMC statement", "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "The Committee decided to maintain the target range for the federal funds rate."}},
    {"id": "ev_r1", "source_id": "reuters", "url": "https://www.reuters.com/1",
     "title": "Fed holds", "published_at": "2026-02-10T20:00:00Z"},
    {"id": "ev_r2", "source_id": "reuters", "url": "https://www.reuters.com/2",
     "title": "Officials want more data", "published_at": "2026-02-10T21:00:00Z"},
    {"id": "ev_ap", "source_id": "ap", "url": "https://apnews.com/1",
     "title": "Fed keeps rates unchanged", "published_at": "2026-02-10T19:30:00Z"},
    {"id": "ev_ft", "source_id": "ft", "url": "https://www.ft.com/1",
     "title": "Markets shrug", "published_at": "2026-02-10T23:00:00Z"},
    {"id": "ev_blog1", "source_id": "blog", "url": "https://macromusings.example/1",
     "title": "Rates will fall", "published_at": "2026-02-10T22:00:00Z",
     "quote_span": {"text": "Rates will surely fall soon, argued the blog, and readers should prepare."}},
    {"id": "ev_blog2", "source_id": "blog", "url": "https://macromusings.example/2",
     "title": "A week away", "published_at": "2026-02-10T22:30:00Z",
     "quote_span": {"text": "The weather in Lisbon was mild and sunny all week long."}},
    {"id": "ev_zh1", "source_id": "zh", "url": "https://www.zerohedge.com/1",
     "title": "Deflation spreads", "published_at": "2026-02-11T06:00:00Z",
     "quote_span": {"text": "Deflation is spreading into services, the site warned loudly."}},
    {"id": "ev_zh2", "source_id": "zh", "url": "https://www.zerohedge.com/2",
     "title": "Deflation is coming", "published_at": "2026-02-11T07:00:00Z",
     "quote_span": {"text": "Football results from the weekend league games were surprising."},
     "contradicts": ["ev_r1"]}
  ]
}"#;

/// Four claims of two sentences each, one of them cited: coverage 50%;
/// tier 3-4 sources on three domains; one of the four citations of a
/// passage that does not support its claim; one claim citing two items
/// that contradict each other.
const POOR: &str = "# Poor\n\n\
    - Rates will surely fall soon, the blog argued. Readers were not convinced [EVID:ev_blog1].\n\
    - Goods prices collapsed across the country. Freight was cheap everywhere [EVID:ev_blog2].\n\
    - Deflation is spreading into services. The site warned loudly about it [EVID:ev_zh1].\n\
    - Deflation is coming, one site warned against the wire. Nobody listened to it [EVID:ev_zh2][EVID:ev_r1].\n";

/// Four claims, each cited, from four domains of tiers 1-2.
const GOOD: &str = "# Good\n\n\
    - The Committee decided to maintain the target range for the federal funds rate [EVID:ev_fed].\n\
    - Officials said they want more data before moving [EVID:ev_r2].\n\
    - The wire services reported rates unchanged [EVID:ev_ap].\n\
    - Markets shrugged the decision off calmly [EVID:ev_ft].\n";

const TARGET_RULES: [&str; 5] = [
    "low-citation-coverage",
    "low-citation-accuracy",
    "low-source-diversity",
    "low-source-authority",
    "high-disagreement-rate",
];

fn quality_book(quality: &str) -> TestBook {
    let book = TestBook::with_store(
        &format!(
            "as-of = \"2026-02-12\"\nmode = \"warn\"\nsupport = \"evidence/support.jsonl\"\n\n[preprocessor.evidence.quality]\n{quality}"
        ),
        TIERS_STORE,
        &[
            ("poor.md", POOR),
            ("good.md", GOOD),
            ("sources.md", "# Sources\n\n{{#evidence-index}}\n"),
        ],
    );
    std::fs::write(book.root().join("evidence/support.jsonl"), "").unwrap();
    book
}

/// Stores a verdict on every citation of a passage, as a person would
/// (`human:Ana`): each supported but `ev_blog2`'s (the Lisbon weather).
fn judge_every_citation(book: &TestBook) {
    judge_every_citation_as(book, "human:Ana");
}

/// [`judge_every_citation`] with the checker named `checker`.
fn judge_every_citation_as(book: &TestBook, checker: &str) {
    let out = std::process::Command::new(crate::common::binary())
        .args(["export-claims", ".", "--format", "jsonl"])
        .current_dir(book.root())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut verdicts = String::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let verdict = if r["evidence_id"] == "ev_blog2" {
            "unsupported"
        } else {
            "supported"
        };
        let record = serde_json::json!({
            "schema_version": "support.v1",
            "claim_key": r["claim_key"], "evidence_id": r["evidence_id"],
            "passage_key": r["passage_key"], "verdict": verdict, "score": 1,
            "checker": {"name": checker, "version": "1"},
        });
        verdicts.push_str(&format!("{record}\n"));
    }
    std::fs::write(book.root().join("evidence/support.jsonl"), verdicts).unwrap();
}

/// The target rules each chapter of `report` reports, by file.
fn target_findings(report: &serde_json::Value, file: &str) -> Vec<String> {
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["file"] == file)
        .filter_map(|v| v["rule"].as_str())
        .filter(|r| TARGET_RULES.contains(r))
        .map(str::to_owned)
        .collect()
}

#[test]
fn without_verdicts_accuracy_is_not_measured_and_not_judged() {
    let book = quality_book("min-claims = 4");
    // Without a verdict, accuracy is not measured and not judged: word
    // overlap is a screen, reported under its own name.
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    let poor = &report["chapters"][0]["quality"];
    let accuracy = &poor["citation_accuracy"];
    assert!(accuracy["value"].is_null(), "{accuracy:#}");
    assert!(accuracy["meets_target"].is_null() && accuracy["basis"].is_null());
    assert_eq!(
        accuracy["note"],
        "not measured (run `mdbook-evidence verify`)"
    );
    assert_eq!(accuracy["judged_by"], serde_json::json!([]));
    assert_eq!(poor["lexical_screen"]["value"], 0.75, "{poor:#}");
    assert_eq!(
        poor["lexical_screen"]["inputs"],
        serde_json::json!({"citations_checked": 4, "flagged_claims": 1})
    );
    let fired = target_findings(&report, "src/poor.md");
    assert!(
        !fired.contains(&"low-citation-accuracy".to_owned()),
        "{fired:?}"
    );
}

#[test]
fn each_target_rule_fires_below_its_target_and_not_above() {
    let book = quality_book("min-claims = 4");
    judge_every_citation(&book);
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    let poor = &report["chapters"][0]["quality"];
    assert_eq!(poor["citation_coverage"]["value"], 0.5, "{poor:#}");
    assert_eq!(poor["citation_accuracy"]["value"], 0.75, "{poor:#}");
    assert_eq!(poor["citation_accuracy"]["basis"], "verdicts");
    assert!(poor["citation_accuracy"]["note"].is_null());
    assert_eq!(
        poor["citation_accuracy"]["judged_by"],
        serde_json::json!([{"checker": "human:Ana", "citations": 4}])
    );
    assert_eq!(poor["source_diversity"]["value"], 3.0);
    assert_eq!(poor["authority_score"]["value"], 0.44);
    assert_eq!(
        poor["authority_score"]["inputs"]["items_by_tier"],
        serde_json::json!({"1": 0, "2": 1, "3": 2, "4": 2})
    );
    assert_eq!(poor["disagreement_rate"]["value"], 0.25);
    assert_eq!(target_findings(&report, "src/poor.md"), TARGET_RULES);
    assert!(
        target_findings(&report, "src/good.md").is_empty(),
        "{report:#}"
    );
    let message = |rule: &str| {
        report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["rule"] == rule)
            .map(|v| v["message"].as_str().unwrap().to_owned())
            .unwrap()
    };
    assert_eq!(
        message("low-citation-coverage"),
        "4 of the 8 sentences of this chapter's claims cite evidence (50%; the target is > 80%)"
    );
    assert_eq!(
        message("low-source-authority"),
        "this chapter cites 5 items of a mean tier authority of 0.44 (1 of tier 2 (0.8), 2 of tier 3 (0.5), 2 of tier 4 (0.2); the target is > 0.7)"
    );
    let (_, _, human) = check_in(book.root(), &[], &[]);
    assert!(
        human.contains("; accuracy 80% by the verdicts of `human:Ana` (5 citations), missing the target (> 90%);")
            && human.contains("; lexical screen 80% of citations share enough words with their passage (not accuracy)"),
        "{human}"
    );
    assert_eq!(
        message("low-citation-accuracy"),
        "1 of the 4 citations with a support verdict is unsupported: accuracy 75% (the target is > 90%)"
    );
    assert_eq!(report["violations"][0]["severity"], "warning");

    // Each threshold just past the chapter's figure: nothing fires, and
    // the reports measure against the book's targets.
    let book = quality_book(
        "min-claims = 4\ncoverage = 0.49\naccuracy = 0.74\ndomains = 2\nauthority = 0.43\ndisagreement = 0.26",
    );
    judge_every_citation(&book);
    let (_, report) = book.check_json();
    assert!(
        target_findings(&report, "src/poor.md").is_empty(),
        "{report:#}"
    );
    let totals = &report["totals"]["quality"];
    assert_eq!(totals["citation_coverage"]["target"], "> 49%");
    assert_eq!(totals["source_diversity"]["target"], "> 2");
    assert_eq!(totals["authority_score"]["target"], "> 0.43");
    assert_eq!(totals["disagreement_rate"]["target"], "< 26%");
    // Exactly at a target is not above it.
    let book = quality_book("min-claims = 4\ncoverage = 0.5\ndomains = 3");
    let (_, report) = book.check_json();
    let fired = target_findings(&report, "src/poor.md");
    assert!(
        fired.contains(&"low-citation-coverage".to_owned()),
        "{fired:?}"
    );
    assert!(
        fired.contains(&"low-source-diversity".to_owned()),
        "{fired:?}"
    );

    // By default a chapter of fewer than 10 claims is measured, not judged.
    let book = quality_book("");
    let (_, report) = book.check_json();
    assert!(
        target_findings(&report, "src/poor.md").is_empty(),
        "{report:#}"
    );
    // A level set as any rule's.
    let book = TestBook::with_store(
        "as-of = \"2026-02-12\"\n\n[preprocessor.evidence.quality]\nmin-claims = 4\n\n[preprocessor.evidence.rules]\nlow-source-authority = \"error\"\nlow-citation-coverage = \"off\"",
        TIERS_STORE,
        &[("poor.md", POOR)],
    );
    let (code, report) = book.check_json();
    assert_eq!(code, 1, "an error stops the build in fail mode");
    let rules: Vec<(&str, &str)> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| TARGET_RULES.contains(&v["rule"].as_str().unwrap()))
        .map(|v| (v["rule"].as_str().unwrap(), v["severity"].as_str().unwrap()))
        .collect();
    assert!(
        rules.contains(&("low-source-authority", "error")),
        "{rules:?}"
    );
    assert!(
        !rules.iter().any(|(r, _)| *r == "low-citation-coverage"),
        "{rules:?}"
    );
}

#[test]
fn the_tier_authority_comes_from_book_toml() {
    let book = quality_book(
        "min-claims = 4\n\n[preprocessor.evidence.quality.tier-authority]\n3 = 1.0\n4 = 0.9",
    );
    let (_, report) = book.check_json();
    let authority = &report["chapters"][0]["quality"]["authority_score"];
    // (0.8 + 2 × 1.0 + 2 × 0.9) / 5
    assert_eq!(authority["value"], 0.92, "{authority:#}");
    assert_eq!(
        authority["inputs"]["tier_authority"],
        serde_json::json!({"1": 1.0, "2": 0.8, "3": 1.0, "4": 0.9})
    );
    assert!(!target_findings(&report, "src/poor.md").contains(&"low-source-authority".to_owned()));
}

#[test]
fn a_bad_quality_value_is_named_where_book_toml_has_it() {
    for (quality, expected, line) in [
        (
            "coverage = 80",
            "book.toml: `preprocessor.evidence.quality.coverage`: expected a number between 0 and 1 (e.g. 0.8), found 80",
            "book.toml:13:12",
        ),
        (
            "covrage = 0.5",
            "unknown field `covrage`, expected one of `coverage`, `accuracy`, `domains`, `authority`, `disagreement`, `min-claims`, `tier-authority`; did you mean `coverage`?",
            "book.toml:13:1",
        ),
        (
            "[preprocessor.evidence.quality.tier-authority]\n2 = 1.5",
            "`preprocessor.evidence.quality.tier-authority.2`: expected a number between 0 and 1 (e.g. 0.8), found 1.5",
            "book.toml:14:5",
        ),
        (
            "[preprocessor.evidence.quality.tier-authority]\n5 = 0.1",
            "unknown field `5`, expected one of `1`, `2`, `3`, `4`",
            "book.toml:14:5",
        ),
        (
            "min-claims = -1",
            "`preprocessor.evidence.quality.min-claims`",
            "book.toml:13:14",
        ),
    ] {
        let book = quality_book(quality);
        let (code, _, stderr) = check_in(book.root(), &[], &[]);
        assert_eq!(code, 2, "{quality}: {stderr}");
        assert!(stderr.contains(expected), "{quality}: {stderr}");
        assert!(stderr.contains(line), "{quality}: {stderr}");
    }
}

/// The cells of the rows of the quality table of an index page: each
/// cell's text, tags taken out.
fn quality_rows(html: &str) -> Vec<Vec<String>> {
    let table = html
        .split("Citation quality by chapter")
        .nth(1)
        .expect("the page has the quality table");
    let body = table.split("<tbody>").nth(1).unwrap();
    let body = body.split("</tbody>").next().unwrap();
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let cell = cell.split("</td>").next().unwrap();
                    let mut text = String::new();
                    let mut in_tag = true; // the rest of `<td …>`
                    for c in cell.chars() {
                        match c {
                            '<' => in_tag = true,
                            '>' => in_tag = false,
                            c if !in_tag => text.push(c),
                            _ => {}
                        }
                    }
                    text.trim().to_owned()
                })
                .collect()
        })
        .collect()
}

/// A cell's figure: `50% ✗` is 0.5, `0.44 ✗` is 0.44, `—` and `not
/// measured` are null.
fn figure(cell: &str) -> serde_json::Value {
    let number = cell.split(' ').next().unwrap();
    if number == "—" || cell == "not measured" {
        return serde_json::Value::Null;
    }
    let value: f64 = match number.strip_suffix('%') {
        Some(percent) => percent.parse::<f64>().unwrap() / 100.0,
        None => number.parse().unwrap(),
    };
    serde_json::json!((value * 1000.0).round() / 1000.0)
}

#[test]
fn the_index_page_shows_the_reports_figures() {
    let book = quality_book("min-claims = 4");
    // No verdict: accuracy is not measured, and the screen is not shown.
    book.build().expect("builds");
    let page = book.html("sources.md");
    let rows = quality_rows(&page);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows.iter().all(|row| row[2] == "not measured"), "{rows:?}");
    assert!(
        page.contains("Accuracy not measured: no citation has a support verdict"),
        "{page}"
    );
    assert!(
        !page.contains("75%") && !page.contains("estimate"),
        "{page}"
    );

    judge_every_citation(&book);
    let (_, report) = book.check_json();
    book.build().expect("builds");
    let rows = quality_rows(&book.html("sources.md"));
    let metrics = [
        "citation_coverage",
        "citation_accuracy",
        "source_diversity",
        "authority_score",
        "disagreement_rate",
    ];
    let expected: Vec<(&str, &serde_json::Value)> = vec![
        ("poor.md", &report["chapters"][0]["quality"]),
        ("good.md", &report["chapters"][1]["quality"]),
        ("Book", &report["totals"]["quality"]),
    ];
    assert_eq!(rows.len(), expected.len(), "{rows:?}");
    for (row, (name, quality)) in rows.iter().zip(expected) {
        assert_eq!(row[0], name);
        for (cell, metric) in row[1..].iter().zip(metrics) {
            assert_eq!(
                figure(cell),
                quality[metric]["value"],
                "{name} {metric}: {cell}"
            );
            // ✗ only where a rule warned: no rule judges the book as a whole.
            if quality[metric]["meets_target"] == true {
                assert!(cell.ends_with('✓'), "{name} {metric}: {cell}");
            } else if name == "Book" {
                assert!(!cell.contains(['✓', '✗']), "{name} {metric}: {cell}");
            } else {
                assert!(cell.ends_with('✗'), "{name} {metric}: {cell}");
            }
        }
    }
    assert_eq!(rows[0][1], "50% ✗");
    assert_eq!(rows[0][2], "75% ✗");
    assert!(
        book.html("sources.md")
            .contains("Accuracy by the support verdicts of human:Ana (5 citations)"),
        "{}",
        book.html("sources.md")
    );
}

#[test]
fn a_checkers_name_is_inert_in_the_index_and_the_summary() {
    let book = quality_book("min-claims = 4");
    judge_every_citation_as(
        &book,
        "<script>alert(1)</script> *x* [y](javascript:z) \u{1b}[31m\u{202e}",
    );
    book.build().expect("builds");
    let page = book.html("sources.md");
    let line = page
        .lines()
        .find(|l| l.contains("Accuracy by the support verdicts of"))
        .expect("the line under the table");
    assert!(
        !line.contains("<script") && !line.contains("<a ") && !line.contains("<em>x"),
        "{line}"
    );
    assert!(
        line.contains("&lt;script&gt;alert(1)&lt;/script&gt; *x* [y](javascript:z)"),
        "{line}"
    );
    let (_, _, human) = check_in(book.root(), &[], &[]);
    let summary = human.lines().find(|l| l.contains("quality:")).unwrap();
    assert!(
        !summary.contains('\u{1b}') && !summary.contains('\u{202e}'),
        "{summary:?}"
    );
}
