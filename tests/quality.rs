//! The contracts' five quality metrics on every check: in the JSON report
//! (per chapter and for the book, each with its inputs and target), the
//! SARIF run's properties and the human summary line, computed from a
//! real book whose figures are counted by hand below.

mod common;

use common::{TestBook, check_in};

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
        human.contains("mdbook-evidence: quality: citation coverage 60% of sentences (target > 80%); 3 source domains (> 3); authority 0.67 (> 0.7); disagreement 25% (< 20%)"),
        "{human}"
    );
}
