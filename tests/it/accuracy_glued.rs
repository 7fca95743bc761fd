//! Passages scraped from pages that lost their spaces ("systemGood",
//! "rate1", "2018Updated") are read as a person reads them: the words and
//! the figures glued together are found, through the binary as mdBook
//! feeds it. A claim is not read that way, and names with a short run of
//! lowercase letters (`iPhone`, `mRNA`, `H2O`) are never cut.

use crate::common::{Run, TestBook};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "web", "publisher": "Web", "tier": 2}],
  "evidence": [
    {"id": "scraped", "source_id": "web", "url": "https://example.org/ranking", "title": "Ranking",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Clear structural systemGood proportionsGood order. Zürich ranked rate1 – Fewer than 100 visitors 30 JUN 2018Updated 東京"}},
    {"id": "names", "source_id": "web", "url": "https://example.org/names", "title": "Names",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "The iPhone and mRNA vaccines, H2O and kWh figures were listed."}}
  ]
}"#;

fn run(chapter: &str) -> Run {
    TestBook::with_store("as-of = \"2026-02-12\"\n", STORE, &[("r.md", chapter)]).run("html")
}

fn count(run: &Run, rule: &str) -> usize {
    run.stderr.matches(&format!("[{rule}]")).count()
}

#[test]
fn glued_words_and_figures_of_a_passage_are_found() {
    let out = run(
        "# R\n\nZürich’s structural\u{a0}system has good proportions, rated 1 for fewer than 100 visitors 🎉 [EVID:scraped].\n",
    );
    assert_eq!(count(&out, "claim-not-in-evidence"), 0, "{}", out.stderr);
    assert_eq!(count(&out, "number-not-in-evidence"), 0, "{}", out.stderr);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // Words found only in the glued ones (none of them, read whole).
    let out = run("# R\n\nIts system has good\u{a0}proportions 🎉 [EVID:scraped].\n");
    assert_eq!(count(&out, "claim-not-in-evidence"), 0, "{}", out.stderr);
}

#[test]
fn names_are_not_cut_and_a_missing_figure_stays_missing() {
    // `Phone`, `RNA` and `2` are not words or figures of the passage.
    let out = run("# R\n\nThe phone and RNA lists gave 2 figures\u{3000}in total [EVID:names].\n");
    assert_eq!(count(&out, "number-not-in-evidence"), 1, "{}", out.stderr);
    let out = run("# R\n\nThe iPhone and mRNA vaccines were listed [EVID:names].\n");
    assert_eq!(count(&out, "claim-not-in-evidence"), 0, "{}", out.stderr);
}
