//! What each citation is judged against, through real builds: the
//! sentence its marker closes, whatever `claims` is set to; and
//! `subject-not-in-evidence`, a claim naming one subject citing a passage
//! that names another in its place.

use crate::common::TestBook;
use serde_json::Value;

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "bls", "publisher": "U.S. Bureau of Labor Statistics", "tier": 1},
    {"source_id": "nhc", "publisher": "National Hurricane Center", "tier": 1},
    {"source_id": "meteo", "publisher": "MétéoSuisse", "tier": 1}
  ],
  "evidence": [
    {"id": "ev_jobs", "source_id": "bls", "url": "https://www.bls.gov/news.release/empsit.nr0.htm",
     "title": "The Employment Situation - January 2026", "published_at": "2026-02-06T13:30:00Z",
     "quote_span": {"text": "Total nonfarm payroll employment rose by 143,000 in January, and the unemployment rate changed little at 4.0 percent."}},
    {"id": "ev_cpi", "source_id": "bls", "url": "https://www.bls.gov/news.release/cpi.nr0.htm",
     "title": "Consumer Price Index - January 2026", "published_at": "2026-02-12T13:30:00Z",
     "quote_span": {"text": "The Consumer Price Index for All Urban Consumers increased 0.5 percent on a seasonally adjusted basis in January."}},
    {"id": "ev_ida", "source_id": "nhc", "url": "https://www.nhc.noaa.gov/data/tcr/AL092021_Ida.pdf",
     "title": "Tropical Cyclone Report: Hurricane Ida", "published_at": "2026-02-10T12:00:00Z",
     "quote_span": {"text": "Hurricane Ida made landfall near Port Fourchon, Louisiana, as a category 4 hurricane."}},
    {"id": "ev_foehn", "source_id": "meteo", "url": "https://www.meteoschweiz.admin.ch/foehn",
     "title": "Föhn in Zürich", "published_at": "2026-02-10T12:00:00Z",
     "quote_span": {"text": "Der Föhnsturm erreichte Zürich am Abend mit Böen von 110 km/h."}}
  ]
}"#;

const CONFIG: &str = "store = \"evidence\"\nas-of = \"2026-02-20\"\n";

/// The store with one more item (its JSON object), before `ev_foehn`.
fn with_item(item: &str) -> String {
    STORE.replace(
        r#"    {"id": "ev_foehn""#,
        &format!("    {item},\n    {{\"id\": \"ev_foehn\""),
    )
}

fn report(book: &TestBook) -> Value {
    book.check_json().1
}

fn flagged(report: &Value, rule: &str) -> Vec<(u64, u64)> {
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == rule)
        .map(|v| (v["line"].as_u64().unwrap(), v["column"].as_u64().unwrap()))
        .collect()
}

/// A paragraph whose second sentence cites the wrong item: judged whole,
/// the first sentence's words hid it.
const PARAGRAPH: &str = "# Brief\n\n\
Employers added 143,000 jobs in January while unemployment held near 4.0 percent [EVID:ev_jobs]. \
Consumer prices increased 0.5 percent, seasonally adjusted, led by shelter and food [EVID:ev_jobs].\n";

#[test]
fn each_sentence_of_a_paragraph_is_judged_against_its_own_citation() {
    for claims in ["blocks", "sentences"] {
        let config = format!("{CONFIG}claims = \"{claims}\"\n");
        let book = TestBook::with_store(&config, STORE, &[("brief.md", PARAGRAPH)]);
        let report = report(&book);
        let found = flagged(&report, "claim-not-in-evidence");
        // The second sentence, where it starts on line 3.
        assert_eq!(found.len(), 1, "claims = {claims}: {report:#}");
        assert_eq!(found[0].0, 3);
        assert!(found[0].1 > 90, "{found:?}");
        book.build().expect("the book builds");
    }
    // Each sentence citing its own item passes.
    let right = PARAGRAPH.replacen("food [EVID:ev_jobs]", "food [EVID:ev_cpi]", 1);
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", &right)]);
    assert!(flagged(&report(&book), "claim-not-in-evidence").is_empty());
}

#[test]
fn a_claim_about_another_subject_than_its_passage_is_reported() {
    let chapter = "# Brief\n\n\
- Hurricane Idalia made landfall in Louisiana as a category 4 hurricane. [EVID:ev_ida]\n\
- Hurricane Ida made landfall in Louisiana as a category 4 hurricane. [EVID:ev_ida]\n\
- Der Föhnsturm erreichte Genf am Abend mit Böen von 110 km/h. [EVID:ev_foehn]\n\
- Der Foehnsturm erreichte Zurich am Abend mit Böen von 110 km/h. [EVID:ev_foehn]\n";
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", chapter)]);
    let report = report(&book);
    let found: Vec<u64> = flagged(&report, "subject-not-in-evidence")
        .into_iter()
        .map(|(line, _)| line)
        .collect();
    // Idalia for Ida, Genf for Zürich; accents and case do not count.
    assert_eq!(found, [3, 5], "{report:#}");
    let message = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["rule"] == "subject-not-in-evidence")
        .unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        message.contains("`Hurricane Idalia`") && message.contains("`Ida`"),
        "{message}"
    );
    assert_eq!(report["validation_passed"], true, "a warning by default");
    // At level error, a `fail` build stops on it.
    let config =
        format!("{CONFIG}[preprocessor.evidence.rules]\nsubject-not-in-evidence = \"error\"\n");
    let book = TestBook::with_store(&config, STORE, &[("brief.md", chapter)]);
    assert!(book.build().is_err(), "the build stops");
}

#[test]
fn a_figure_is_judged_against_the_passages_of_its_own_sentence() {
    // 0.5 is in the CPI passage, cited by the next sentence, not in the
    // jobs passage the first sentence cites: judged by paragraph it passed.
    let chapter = "# Brief\n\n\
Payroll employment rose 0.5 percent in January [EVID:ev_jobs]. \
Consumer prices increased 0.5 percent in January, seasonally adjusted [EVID:ev_cpi].\n";
    for claims in ["blocks", "sentences"] {
        let config = format!("{CONFIG}claims = \"{claims}\"\n");
        let book = TestBook::with_store(&config, STORE, &[("brief.md", chapter)]);
        let report = report(&book);
        assert_eq!(
            flagged(&report, "number-not-in-evidence"),
            [(3, 25)],
            "claims = {claims}: {report:#}"
        );
    }
}

#[test]
fn a_swapped_place_or_part_of_a_name_is_reported() {
    let store = with_item(
        r#"{"id": "ev_peach", "source_id": "nhc", "url": "https://example.org/peaches",
     "title": "Peach harvest", "published_at": "2026-02-10T12:00:00Z",
     "quote_span": {"text": "Georgia is known as the Peach State, and the Dallas City Council backed its growers."}}"#,
    );
    let chapter = "# Brief\n\n\
- Growers in Alabama call it the Peach State. [EVID:ev_peach]\n\
- The Houston City Council backed its growers. [EVID:ev_peach]\n\
- Georgia is known as the Peach State. [EVID:ev_peach]\n\
- The Dallas City Council backed peach growers. [EVID:ev_peach]\n";
    let book = TestBook::with_store(CONFIG, &store, &[("brief.md", chapter)]);
    let report = report(&book);
    let messages: Vec<(u64, String)> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "subject-not-in-evidence")
        .map(|v| {
            (
                v["line"].as_u64().unwrap(),
                v["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(messages.len(), 2, "{report:#}");
    assert_eq!(messages[0].0, 3);
    assert!(messages[0].1.contains("`Alabama`") && messages[0].1.contains("`Georgia`"));
    assert_eq!(messages[1].0, 4);
    assert!(messages[1].1.contains("`Houston`") && messages[1].1.contains("`Dallas`"));
    book.build().expect("a warning by default: the book builds");
}

#[test]
fn a_long_claim_that_adds_to_its_passage_is_reported_and_removed_at_error() {
    // The first sentence paraphrases the jobs release and adds a cause and
    // a forecast of its own; the second says what the CPI release says,
    // wrapped in frame words; the third is the first with both causes cited.
    let store = with_item(
        r#"{"id": "ev_ports", "source_id": "bls", "url": "https://example.org/ports",
     "title": "Port strike ends", "published_at": "2026-02-10T12:00:00Z",
     "quote_span": {"text": "The strike at East Coast container ports ended, and warehouse hiring in the region resumed; economists expect a hiring rebound across logistics by spring."}}"#,
    );
    let adds = "Payroll employment rose by 143,000 in January as the strike at East Coast container ports ended and warehouse hiring resumed, and economists expect a rebound across logistics by spring";
    let chapter = format!(
        "# Brief\n\n\
{adds} [EVID:ev_jobs].\n\n\
It is essential to note that consumer prices increased 0.5 percent on a seasonally adjusted basis in January, highlighting the comprehensive role of urban consumers [EVID:ev_cpi].\n\n\
{adds} [EVID:ev_jobs][EVID:ev_ports].\n"
    );
    let book = TestBook::with_store(CONFIG, &store, &[("brief.md", &chapter)]);
    let report = report(&book);
    assert_eq!(
        flagged(&report, "claim-partly-in-evidence"),
        [(3, 1)],
        "{report:#}"
    );
    let message = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["rule"] == "claim-partly-in-evidence")
        .unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        message.contains("they may state only part of what it says")
            && message.contains("`strike`"),
        "{message}"
    );
    assert_eq!(report["validation_passed"], true, "a warning by default");
    book.build().expect("a warning by default: the book builds");

    // At level error in remove mode, the claim goes and the chapter says so.
    let config = format!(
        "{CONFIG}mode = \"remove\"\n[preprocessor.evidence.rules]\nclaim-partly-in-evidence = \"error\"\n"
    );
    let book = TestBook::with_store(&config, &store, &[("brief.md", &chapter)]);
    book.build().expect("remove mode publishes");
    let published = book.run("html").chapter("brief.md");
    assert_eq!(
        published
            .matches("expect a rebound across logistics")
            .count(),
        1,
        "only the claim citing both passages is left: {published}"
    );
    assert!(
        published.contains("[Insufficient evidence to support this claim]"),
        "{published}"
    );
}

#[test]
fn a_title_a_subtitle_or_a_wider_city_after_a_held_name_passes() {
    let store = with_item(
        r#"{"id": "ev_royal", "source_id": "nhc", "url": "https://example.org/royal",
     "title": "Lady Amelia", "published_at": "2026-02-10T12:00:00Z",
     "quote_span": {"text": "Lady Amelia, granddaughter of the Duke of Kent, is a cousin of Prince William and Prince Harry. She was born at Chelsea; the family moved to Manchester."}}"#,
    );
    let chapter = "# Brief\n\n\
- Lady Amelia is a cousin of Prince William, Duke of Cambridge, and Prince Harry, Duke of Sussex. [EVID:ev_royal]\n\
- Lady Amelia was born at Chelsea, London. [EVID:ev_royal]\n\
- Lady Amelia is a cousin of Prince William and Prince George. [EVID:ev_royal]\n";
    let book = TestBook::with_store(CONFIG, &store, &[("brief.md", chapter)]);
    let report = report(&book);
    // Only the sibling swapped in the third item.
    let found: Vec<u64> = flagged(&report, "subject-not-in-evidence")
        .into_iter()
        .map(|(line, _)| line)
        .collect();
    assert_eq!(found, [5], "{report:#}");
}
