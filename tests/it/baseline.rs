//! `check --baseline REPORT`: a book with known debt reports, and fails
//! on, only what a change adds. Findings are matched by fingerprint (rule,
//! file, the text pointed at, message), so lines moved by an edit
//! elsewhere stay known; a repeated finding is known as many times as the
//! baseline lists it. A baseline that cannot be used stops the check
//! (status 2) saying why.

use crate::common::{TestBook, check_in};

const DEBT: &str = "# 東京 brief\n\n\
    - Stocks crashed in 東京\u{a0}today, traders said.\n\
    - Yields rose sharply on the news \u{200f}é\u{301}.\n\
    - The Fed held rates steady this month [EVID:ev_fomc].\n";

fn baseline_of(book: &TestBook) -> std::path::PathBuf {
    let (code, json, _) = check_in(book.root(), &["--format", "json"], &[]);
    assert_eq!(code, 1);
    let file = book.root().join("baseline 基準.json");
    std::fs::write(&file, json).unwrap();
    file
}

#[test]
fn known_findings_are_left_out_and_new_ones_fail() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", DEBT)]);
    let baseline = baseline_of(&book);
    let base = baseline.to_str().unwrap();

    let (code, _, err) = check_in(book.root(), &["--baseline", base], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("ungrounded-claim"), "{err}");
    assert!(err.contains("3 findings known in the baseline"), "{err}");

    // Lines move (a cited paragraph above), one known claim stays, one new
    // uncited claim and a second copy of a known one arrive.
    let edited = "# 東京 brief\n\nThe Fed said so in its statement this month [EVID:ev_fomc].\n\n\
        - Stocks crashed in 東京\u{a0}today, traders said.\n\
        - Stocks crashed in 東京\u{a0}today, traders said.\n\
        - Bonds fell for a third straight session.\n\
        - The Fed held rates steady this month [EVID:ev_fomc].\n";
    std::fs::write(book.root().join("src/c.md"), edited).unwrap();
    for format in ["human", "json", "sarif", "github"] {
        let (code, out, err) =
            check_in(book.root(), &["--baseline", base, "--format", format], &[]);
        assert_eq!(code, 1, "{format}: {err}");
        assert!(
            err.contains("2 findings known in the baseline"),
            "{format}: {err}"
        );
        match format {
            "human" => assert!(err.contains("Bonds fell"), "{err}"),
            "github" => assert!(out.contains(",line=7,"), "{out}"),
            "sarif" => {
                let log: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(
                    log["runs"][0]["results"].as_array().unwrap().len(),
                    2,
                    "{out}"
                );
            }
            _ => {}
        }
        if format == "json" {
            let report: serde_json::Value = serde_json::from_str(&out).unwrap();
            let lines: Vec<u64> = report["violations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["line"].as_u64().unwrap())
                .collect();
            // The second copy of the known claim, and the new one.
            assert_eq!(lines, [6, 7], "{out}");
        }
    }
}

#[test]
fn a_baseline_that_cannot_be_used_stops_the_check() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", DEBT)]);
    let baseline = baseline_of(&book);
    let base = baseline.to_str().unwrap();
    let json = std::fs::read_to_string(&baseline).unwrap();
    for (text, said) in [
        (
            "{\"schema_version\": \"evidence-report.v1\",\n  \"violations\": [1,",
            "baseline 基準.json:2:",
        ),
        (
            "{\"schema_version\": \"evidence-error.v1\"}",
            "a check that could not run writes no baseline",
        ),
        (
            &json.replace("\"fingerprint\"", "\"print\""),
            "`violations[0]` has no `fingerprint`",
        ),
    ] {
        std::fs::write(&baseline, text).unwrap();
        let (code, _, err) = check_in(book.root(), &["--baseline", base], &[]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(said), "{said}: {err}");
    }
    let (code, _, err) = check_in(book.root(), &["--baseline", "missing.json"], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot read the baseline missing.json"),
        "{err}"
    );
}

#[test]
fn the_summary_counts_the_chapters_that_hold_new_errors() {
    let book = TestBook::new(
        "as-of = \"2026-02-11\"",
        &[("a.md", DEBT), ("b.md", DEBT), ("c.md", DEBT)],
    );
    let baseline = baseline_of(&book);
    let base = baseline.to_str().unwrap();
    // One new uncited claim, in one chapter of the three that hold debt.
    let edited = format!("{DEBT}- Bonds fell for a third\u{3000}straight session 📉.\n");
    std::fs::write(book.root().join("src/b.md"), edited).unwrap();
    let (code, _, err) = check_in(book.root(), &["--baseline", base], &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(": 1 error in 1 chapter;"), "{err}");
    // The JSON report's chapters say the same.
    let (_, json, _) = check_in(book.root(), &["--baseline", base, "--format", "json"], &[]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let errors: Vec<u64> = report["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["errors"].as_u64().unwrap())
        .collect();
    assert_eq!(errors.iter().sum::<u64>(), 1, "{json}");
}
