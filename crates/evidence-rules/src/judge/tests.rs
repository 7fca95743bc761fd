//! Tests of how the phases hand over to each other: suppression against
//! removal, and chapters that are not checked.

use super::*;
use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};
use evidence_core::rule::Rule;
use evidence_core::syntax::INSUFFICIENT_EVIDENCE;
use std::path::PathBuf;

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("s.json"),
        r#"{"schema_version":"evidence.v1",
        "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
        "evidence":[{"id":"ok","source_id":"fed","url":"https://fed.gov/a","title":"A",
                     "published_at":"2026-02-10T14:00:00Z"},
                    {"id":"held","source_id":"fed","url":"https://fed.gov/h","title":"H",
                     "published_at":"2026-02-10T14:00:00Z",
                     "quote_span":{"text":"The Committee held the rate at 4.5 percent."}}]}"#,
    )
    .unwrap();
    let store = evidence_core::store::load(dir.path(), &[PathBuf::from("s.json")]).unwrap();
    (dir, store)
}

/// Judges `text` in `mode`, `checked` or not.
fn run(text: &str, mode: &str, checked: bool, test: impl FnOnce(&Scan, &Judgement<'_>)) {
    run_with(text, serde_json::json!({"mode": mode}), checked, test);
}

/// Judges `text` with the config keys of `keys`, `checked` or not.
fn run_with(
    text: &str,
    keys: serde_json::Value,
    checked: bool,
    test: impl FnOnce(&Scan, &Judgement<'_>),
) {
    let (_dir, store) = store();
    let mut table = serde_json::json!({"store": "s", "as-of": "2026-02-20T00:00:00Z"});
    table
        .as_object_mut()
        .unwrap()
        .extend(keys.as_object().unwrap().clone());
    let config = Config::from_value(table).unwrap();
    let options = ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: false,
        references_title: "References",
        claim_min_words: config.claim_min_words,
    };
    let scan = scan(text, &options);
    let judgement = judge("c.md", text, &scan, &store, None, &config, checked);
    test(&scan, &judgement);
}

const UNGROUNDED: &str = "Rates rose after the meeting today.\n";
const BAD_MARKER: &str = "Rates rose after the meeting today [EVID:ok] [EVID:nope].\n";

fn suppress(rule: &str, text: &str) -> String {
    format!("<!-- evidence-disable-next-line {rule} reason=\"test\" -->\n{text}")
}

#[test]
fn remove_mode_takes_out_failing_claims_and_bad_markers() {
    run(UNGROUNDED, "remove", true, |_, j| {
        assert_eq!(j.removed_claims, [(ClaimId(0), INSUFFICIENT_EVIDENCE)]);
        assert!(j.findings.iter().all(|f| f.removed));
        assert_eq!(j.verdict, Verdict::RemovedClaims);
    });
    run(BAD_MARKER, "remove", true, |_, j| {
        assert!(j.removed_claims.is_empty());
        assert_eq!(j.removed_markers, [MarkerId(1)]);
        assert_eq!(j.findings.len(), 1);
        assert_eq!(j.findings[0].finding.rule, Rule::UnknownEvidence);
        assert!(j.findings[0].removed);
    });
}

#[test]
fn a_marker_of_a_removed_claim_goes_with_it() {
    run(
        "Rates rose after the meeting today [EVID:nope].\n",
        "remove",
        true,
        |_, j| {
            assert_eq!(j.removed_claims, [(ClaimId(0), INSUFFICIENT_EVIDENCE)]);
            assert!(j.removed_markers.is_empty());
            // One diagnostic: the marker's; the claim goes with it.
            assert_eq!(j.findings.len(), 1);
            assert_eq!(j.findings[0].finding.rule, Rule::UnknownEvidence);
            assert!(j.findings[0].removed);
        },
    );
}

const ONLY_BAD: &str = "Rates rose after the meeting today [EVID:nope].\n";

#[test]
fn a_claim_whose_markers_are_reported_is_not_reported_again() {
    run(ONLY_BAD, "fail", true, |_, j| {
        let rules: Vec<_> = j.findings.iter().map(|f| f.finding.rule).collect();
        assert_eq!(rules, [Rule::UnknownEvidence]);
        assert_eq!(j.verdict, Verdict::Failed);
    });
    // Two bad markers: two diagnostics, none for the claim.
    run(
        "Rates rose after the meeting today [EVID:nope] (EVID:ok).\n",
        "fail",
        true,
        |_, j| {
            let rules: Vec<_> = j.findings.iter().map(|f| f.finding.rule).collect();
            assert_eq!(rules, [Rule::UnknownEvidence, Rule::MalformedMarker]);
        },
    );
}

#[test]
fn a_claim_whose_markers_are_only_warned_about_or_silenced_is_still_ungrounded() {
    let warn = serde_json::json!({"rules": {"unknown-evidence": "warn"}});
    run_with(ONLY_BAD, warn, true, |_, j| {
        let rules: Vec<_> = j.findings.iter().map(|f| f.finding.rule).collect();
        assert_eq!(rules, [Rule::UngroundedClaim, Rule::UnknownEvidence]);
        assert_eq!(j.verdict, Verdict::Failed);
    });
    run(
        &suppress("unknown-evidence", ONLY_BAD),
        "fail",
        true,
        |_, j| {
            let rules: Vec<_> = j.findings.iter().map(|f| f.finding.rule).collect();
            assert_eq!(rules, [Rule::UngroundedClaim]);
            assert_eq!(j.suppressed.len(), 1);
        },
    );
    // With ungrounded-claim at warn, an error about the marker is enough.
    let lowered = serde_json::json!({"rules": {"ungrounded-claim": "warn"}});
    run_with(ONLY_BAD, lowered, true, |_, j| {
        let rules: Vec<_> = j.findings.iter().map(|f| f.finding.rule).collect();
        assert_eq!(rules, [Rule::UnknownEvidence]);
    });
}

#[test]
fn a_suppressed_finding_removes_nothing() {
    run(
        &suppress("ungrounded-claim", UNGROUNDED),
        "remove",
        true,
        |_, j| {
            assert!(j.removed_claims.is_empty());
            assert!(j.findings.is_empty());
            assert_eq!(j.suppressed.len(), 1);
            assert_eq!(j.suppressed[0].1, "test");
            assert_eq!(j.verdict, Verdict::Published);
        },
    );
    run(
        &suppress("unknown-evidence", BAD_MARKER),
        "remove",
        true,
        |_, j| {
            assert!(j.removed_markers.is_empty());
            assert!(j.findings.is_empty());
            assert_eq!(j.suppressed[0].0.rule, Rule::UnknownEvidence);
        },
    );
}

#[test]
fn an_unchecked_chapter_has_no_findings_but_its_markers_resolve() {
    run(BAD_MARKER, "fail", false, |scan, j| {
        assert!(j.findings.is_empty() && j.suppressed.is_empty());
        assert_eq!(j.resolved.len(), scan.markers.len());
        assert!(j.resolved[0].is_some() && j.resolved[1].is_none());
        assert_eq!(j.verdict, Verdict::Published);
    });
    run(UNGROUNDED, "remove", false, |_, j| {
        assert!(j.removed_claims.is_empty());
        assert_eq!(j.verdict, Verdict::Published);
    });
}

/// A claim whose figure the passage of one citation gives otherwise, the
/// other citation's id in no store.
const CONTRADICTED_BESIDE_BAD: &str =
    "The Committee held the rate at 9.5 percent today [EVID:held] [EVID:nope].\n";

#[test]
fn remove_mode_judges_a_claim_by_the_markers_it_keeps() {
    let rules = |j: &Judgement<'_>| {
        j.findings
            .iter()
            .map(|f| f.finding.rule)
            .collect::<Vec<_>>()
    };
    // Not compared with the passage left: the marker's error names the
    // mistake.
    run(CONTRADICTED_BESIDE_BAD, "fail", true, |_, j| {
        assert_eq!(rules(j), [Rule::UnknownEvidence]);
    });
    // `remove` takes the marker out: the claim it would keep cites `held`
    // alone, which contradicts it, so it goes on this run, as on the next
    // (which reads the page without the marker).
    let page = CONTRADICTED_BESIDE_BAD.replace(" [EVID:nope]", "");
    for text in [CONTRADICTED_BESIDE_BAD, &page] {
        run(text, "remove", true, |_, j| {
            assert_eq!(j.removed_claims, [(ClaimId(0), INSUFFICIENT_EVIDENCE)]);
            assert!(j.removed_markers.is_empty(), "{text}");
            assert!(
                rules(j).contains(&Rule::NumberContradictsEvidence),
                "{text}"
            );
        });
    }
    // A marker whose error is silenced stays: the claim is not compared,
    // on this run or the next.
    run(
        &suppress("unknown-evidence", CONTRADICTED_BESIDE_BAD),
        "remove",
        true,
        |_, j| {
            assert!(j.removed_claims.is_empty() && j.removed_markers.is_empty());
            assert!(j.findings.is_empty(), "{:?}", rules(j));
        },
    );
}
