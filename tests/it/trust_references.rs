//! A References list the model wrote is never published beside the
//! generated one: the citation contract's own valid example builds with
//! exactly one References list, and its invalid example fails, and in
//! `remove` mode publishes nothing of the model's list. A book's own
//! bibliography that is no numbered citation list stays as written. Each
//! chapter goes through the binary twice (a second run changes nothing)
//! and through a real build.

use crate::common::{TestBook, run_twice};

/// The items the contract's valid example cites, with the titles its
/// References section (§7.2) gives them.
const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1},
    {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
    {"source_id": "bea", "publisher": "U.S. Bureau of Economic Analysis", "tier": 1},
    {"source_id": "ft", "publisher": "Financial Times", "tier": 2, "paywall_policy": "metadata_only"},
    {"source_id": "brookings", "publisher": "Brookings Institution", "tier": 3},
    {"source_id": "bls", "publisher": "U.S. Bureau of Labor Statistics", "tier": 1}
  ],
  "evidence": [
    {"id": "ev_fomc", "source_id": "fed", "url": "https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm",
     "title": "FOMC Statement - February 2026", "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "The Committee decided to maintain the target range for the federal funds rate at 5-1/4 to 5-1/2 percent, citing persistent inflation."}},
    {"id": "ev_reuters", "source_id": "reuters", "url": "https://www.reuters.com/markets/us/fed-holds-rates-steady-2026-02-10/",
     "title": "Fed holds rates steady, signals cautious approach", "published_at": "2026-02-10T20:00:00Z",
     "quote_span": {"text": "The Federal Reserve held rates at 5.25-5.50% in February, citing persistent inflation."}},
    {"id": "ev_bea", "source_id": "bea", "url": "https://www.bea.gov/news/2026/gdp-fourth-quarter-2025-advance-estimate",
     "title": "GDP Fourth Quarter 2025 (Advance Estimate)", "published_at": "2026-01-30T13:30:00Z",
     "quote_span": {"text": "Real GDP grew 2.9% in the fourth quarter, slightly above consensus."}},
    {"id": "ev_ft", "source_id": "ft", "url": "https://www.ft.com/content/fed-over-tightening",
     "title": "Is the Fed over-tightening? Economists debate", "published_at": "2026-02-09T08:00:00Z",
     "snippet_span": {"text": "Some economists warn the Fed risks over-tightening into a slowdown."}},
    {"id": "ev_brookings", "source_id": "brookings", "url": "https://www.brookings.edu/articles/monetary-policy-uncertain-economy/",
     "title": "Monetary Policy in an Uncertain Economy", "published_at": "2026-02-08T12:00:00Z",
     "quote_span": {"text": "Economists warn that the Fed risks over-tightening into a slowdown."}},
    {"id": "ev_bls", "source_id": "bls", "url": "https://www.bls.gov/schedule/news_release/cpi.htm",
     "title": "Schedule of Releases for the Consumer Price Index", "published_at": "2026-01-05T12:00:00Z",
     "quote_span": {"text": "The next CPI release is on March 12."}}
  ],
  "chapters": {
    "brief.md": ["ev_fomc", "ev_reuters", "ev_bea", "ev_ft", "ev_brookings", "ev_bls"]
  }
}"#;

/// The contract's valid output, as written (§10).
const VALID: &str = "## Prevailing View
- The Federal Reserve held rates at 5.25-5.50% in February, citing persistent inflation. [1][2]
- Q4 GDP grew 2.9%, slightly above consensus. [3]

## Counterarguments
- Some economists warn the Fed risks over-tightening into a slowdown. [4][5]

## Minority View
- [Insufficient evidence to represent minority views on this topic]

## What to Watch
- Next CPI release on March 12. [6]

## References
[1] Federal Reserve. \"FOMC Statement\". Feb 10, 2026. https://...
[2] Reuters. \"Fed holds rates steady\". Feb 10, 2026. https://...
[3] BEA. \"GDP Q4 2025 Advance Estimate\". Jan 30, 2026. https://...
[4] Financial Times. \"Is the Fed over-tightening?\". Feb 9, 2026. https://... [Paywall]
[5] Brookings. \"Monetary Policy Debate\". Feb 8, 2026. https://...
[6] BLS. \"Economic Release Schedule\". https://...
";

/// The contract's invalid output, as written (§10).
const INVALID: &str = "## Prevailing View
- The Federal Reserve held rates at 5.25-5.50% in February.
  ❌ No citation

- Markets are expecting a rate cut in Q3.
  ❌ No citation (speculative claim)

## Counterarguments
- Some economists think inflation is actually falling faster than the Fed realizes. [99]
  ❌ Citation [99] does not exist in evidence store

## Minority View
- According to insider sources, the Fed will cut rates in March.
  ❌ No citation; \"insider sources\" is not a stored document

## References
[99] Anonymous. \"Insider Fed leak\". <no URL>
  ❌ Invalid citation: no URL, no published_at, not in source_registry
";

fn config(mode: &str) -> String {
    format!("as-of = \"2026-02-12\"\nmode = \"{mode}\"\n")
}

/// The rules the check reports, and its exit status.
fn reported(book: &TestBook) -> (i32, Vec<String>) {
    let (code, report) = book.check_json();
    let rules = report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| v["rule"].as_str().expect("rule").to_owned())
        .collect();
    (code, rules)
}

#[test]
fn the_contracts_valid_example_builds_with_one_references_list() {
    for mode in ["fail", "warn", "downgrade", "remove"] {
        let book = TestBook::with_store(&config(mode), STORE, &[("brief.md", VALID)]);
        let (code, rules) = reported(&book);
        assert!(
            !rules.iter().any(|r| r == "unverified-reference"),
            "{mode}: {rules:?}"
        );
        assert_eq!(code, 0, "{mode}: {rules:?}");
        for renderer in ["html", "markdown"] {
            let run = run_twice(book.root(), &book.stdin(renderer));
            assert_eq!(run.code, 0, "{mode} {renderer}: {}", run.stderr);
            let page = run.chapter("brief.md");
            assert_eq!(page.matches("## References").count(), 1, "{page}");
            assert!(!page.contains("https://..."), "{mode} {renderer}: {page}");
            assert!(!page.contains("\"FOMC Statement\""), "{page}");
            assert!(page.contains("FOMC Statement - February 2026"), "{page}");
        }
        book.build().unwrap();
        let html = book.html("brief.md");
        assert_eq!(html.matches(">References<").count(), 1, "{mode}: {html}");
        assert!(!html.contains("https://..."), "{html}");
        assert!(html.contains("www.bls.gov/schedule"), "{html}");
    }
}

#[test]
fn the_contracts_invalid_example_fails_and_remove_mode_publishes_none_of_its_list() {
    let book = TestBook::with_store(&config("fail"), STORE, &[("brief.md", INVALID)]);
    let (code, rules) = reported(&book);
    assert_ne!(code, 0);
    assert!(
        rules.iter().any(|r| r == "unverified-reference"),
        "{rules:?}"
    );
    assert!(book.build().is_err());

    let remove = "as-of = \"2026-02-12\"\nmode = \"remove\"\n[preprocessor.evidence.rules]\nremoval-escalation = \"off\"\n";
    let book = TestBook::with_store(remove, STORE, &[("brief.md", INVALID)]);
    for renderer in ["html", "markdown"] {
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert_eq!(run.code, 0, "{renderer}: {}", run.stderr);
        let page = run.chapter("brief.md");
        assert!(!page.contains("Insider Fed leak"), "{renderer}: {page}");
        assert!(!page.contains("[99]"), "{renderer}: {page}");
        assert!(!page.contains("## References"), "{renderer}: {page}");
    }
    book.build().unwrap();
    assert!(!book.html("brief.md").contains("Insider Fed leak"));
}

#[test]
fn an_entry_that_describes_another_item_is_reported_and_replaced() {
    // Under "Sources", one of the usual names; non-ASCII around the entries.
    let chapter = "# 東京 brief\n\n\
        - The Federal Reserve held rates at 5.25-5.50% in February\u{a0}😀 [1].\n\
        - Real GDP grew 2.9% \u{200f}é\u{301} [3].\n\n\
        ## Sources\n\n\
        - [1] Federal Reserve. “FOMC Statement”. https://www.federalreserve.gov/newsevents/\n\
        - [3] Reuters. \"Insider Fed leak\". https://example.com/leak\n";
    let book = TestBook::with_store(&config("downgrade"), STORE, &[("brief.md", chapter)]);
    let (code, report) = book.check_json();
    assert_eq!(code, 0);
    let found: Vec<(u64, String)> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "unverified-reference")
        .map(|v| {
            (
                v["line"].as_u64().unwrap(),
                v["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 9);
    assert!(found[0].1.contains("example.com/leak"), "{found:?}");
    let run = run_twice(book.root(), &book.stdin("markdown"));
    let page = run.chapter("brief.md");
    assert!(!page.contains("## Sources"), "{page}");
    assert!(!page.contains("Insider Fed leak"), "{page}");
    assert_eq!(page.matches("## References").count(), 1, "{page}");
    assert!(page.contains("Unverified Summary"), "{page}");
}

#[test]
fn a_bibliography_that_is_no_citation_list_stays_as_written() {
    let chapter = "# Brief\n\n\
        - The Federal Reserve held rates at 5.25-5.50% in February [1].\n\n\
        ## Sources\n\n\
        1. Smith, J. (2020). *Central banking*. 東京.\n\
        2. Doe, A. (2021). [Rates](https://example.com/rates).\n\n\
        ## References\n\n\
        Further reading: [the FOMC](https://www.federalreserve.gov/).\n";
    // Warn mode: a bibliography's entries are judged as claims, as any
    // list of the chapter is; what matters here is what stays.
    let book = TestBook::with_store(&config("warn"), STORE, &[("brief.md", chapter)]);
    let (_, rules) = reported(&book);
    assert!(
        !rules.iter().any(|r| r == "unverified-reference"),
        "{rules:?}"
    );
    let run = run_twice(book.root(), &book.stdin("markdown"));
    let page = run.chapter("brief.md");
    assert!(
        page.contains("## Sources\n\n1. Smith, J. (2020). *Central banking*. 東京.\n2. Doe, A."),
        "{page}"
    );
    assert!(page.contains("Further reading: [the FOMC]"), "{page}");
    assert!(page.contains("FOMC Statement - February 2026"), "{page}");
}
