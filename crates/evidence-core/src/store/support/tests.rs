//! Tests of `support.v1`: keys, parsing, refusals, and what the verdicts
//! say about a citation.

use super::*;

const CLAIM: &str = "Payrolls rose by 143,000 in January.";
const PASSAGE: &str = "Total nonfarm payroll employment rose by 143,000 in January.";

fn line(claim: &str, passage: &str, verdict: &str, checker: &str) -> String {
    serde_json::json!({
        "schema_version": "support.v1",
        "claim_key": claim_key(claim),
        "evidence_id": "ev_jobs",
        "passage_key": passage_key(passage),
        "verdict": verdict,
        "score": 0.25,
        "checker": {"name": checker, "version": "1"},
        "chapter": "brief.md",
        "claim": claim,
    })
    .to_string()
}

fn support(lines: &[String]) -> Result<Support, StoreError> {
    let mut support = Support::default();
    support.extend(parse_support(Path::new("v.jsonl"), &lines.join("\n"))?);
    Ok(support)
}

#[test]
fn keys_are_sha256_of_the_normalized_claim_and_the_exact_passage() {
    // printf %s 'a b' | sha256sum
    assert_eq!(
        claim_key(" a\u{a0}\n b\u{3000}"),
        "sha256:c8687a08aa5d6ed2044328fa6a697ab8e96dc34291e8c2034ae8c38e6fcc6d65"
    );
    assert_eq!(claim_key("a b"), claim_key("a  b"));
    assert_ne!(claim_key("a b"), claim_key("a c"));
    assert_ne!(passage_key("a b"), passage_key("a  b"));
    assert!(is_key(&passage_key("")));
    assert!(!is_key("sha256:ABC"));
    assert!(!is_key(&claim_key("x").to_uppercase()));
}

#[test]
fn an_items_passage_is_its_quotes_else_its_content() {
    let item: EvidenceItem = serde_json::from_value(serde_json::json!({
        "id": "ev", "cited_text": "A.", "quote_span": {"text": "A."},
        "snippet_span": {"text": "B."}, "content": "Whole document."
    }))
    .unwrap();
    assert_eq!(item_passage(&item).as_deref(), Some("A.\n\nB."));
    let item: EvidenceItem =
        serde_json::from_value(serde_json::json!({"id": "ev", "content": "Whole document."}))
            .unwrap();
    assert_eq!(item_passage(&item).as_deref(), Some("Whole document."));
    assert_eq!(item_passage(&EvidenceItem::default()), None);
}

#[test]
fn current_stale_and_missing_verdicts() {
    let support = support(&[
        line(CLAIM, PASSAGE, "unsupported", "a"),
        line(CLAIM, PASSAGE, "supported", "b"),
        line("An older claim about payrolls.", PASSAGE, "supported", "a"),
    ])
    .unwrap();
    assert_eq!(support.len(), 3);
    let (claim, passage) = (claim_key(CLAIM), passage_key(PASSAGE));
    let now = |c: &str, p: &str, in_chapter: &dyn Fn(&str) -> bool| {
        support.status("brief.md", c, "ev_jobs", p, in_chapter)
    };
    match now(&claim, &passage, &|_| true) {
        SupportStatus::Current(v) => {
            let verdicts: Vec<_> = v.iter().map(|r| r.verdict).collect();
            assert_eq!(
                verdicts,
                [SupportVerdict::Unsupported, SupportVerdict::Supported]
            );
        }
        other => panic!("{other:?}"),
    }
    // The passage changed.
    assert!(matches!(
        now(&claim, &passage_key("Another text."), &|_| true),
        SupportStatus::StalePassage(r) if r.claim_key == claim
    ));
    // The claim changed: the verdict of a claim the chapter no longer has.
    let edited = claim_key("Payrolls rose by 150,000 in January.");
    let known = claim.clone();
    assert!(matches!(
        now(&edited, &passage, &|k| k == known),
        SupportStatus::StaleClaim(r) if r.claim.as_deref() == Some("An older claim about payrolls.")
    ));
    // The same verdict in another chapter says nothing here.
    let other = support.status("other.md", &edited, "ev_jobs", &passage, |_| false);
    assert_eq!(other, SupportStatus::Missing);
    assert_eq!(
        support.status("brief.md", &claim, "ev_other", &passage, |_| true),
        SupportStatus::Missing
    );
}

#[test]
fn a_later_verdict_of_the_same_checker_replaces_the_earlier() {
    let support = support(&[
        line(CLAIM, PASSAGE, "unsupported", "a"),
        String::new(),
        line(CLAIM, PASSAGE, "supported", "a"),
    ])
    .unwrap();
    assert_eq!(support.len(), 1);
    assert_eq!(support.records[0].verdict, SupportVerdict::Supported);
    assert_eq!(support.records[0].line, 3);
}

#[test]
fn refusals_name_the_line_and_what_to_do() {
    let good = line(CLAIM, PASSAGE, "supported", "a");
    let cases: Vec<(String, &str)> = vec![
        (
            "[1]".into(),
            "v.jsonl:2: each line of a support file must be a JSON object",
        ),
        ("{\"schema_version\": ".into(), "v.jsonl:2:"),
        (
            good.replace("support.v1", "support.v2"),
            "v.jsonl:2: unknown schema_version \"support.v2\"",
        ),
        (
            good.replace("\"supported\"", "\"maybe\""),
            "unknown variant `maybe`",
        ),
        (
            good.replace("\"score\"", "\"scroe\""),
            "did you mean `score`?",
        ),
        (
            good.replace(&claim_key(CLAIM), "abc"),
            "`claim_key` \"abc\" is not a key as export-claims writes it",
        ),
        (good.replace("ev_jobs", "ev jobs"), "is not an evidence id"),
        (
            good.replace("\"name\":\"a\"", "\"name\":\" \""),
            "`checker.name` is empty",
        ),
        (
            good.replace("\"chapter\"", "\"checked_at\":\"today\",\"chapter\""),
            "`checked_at`: expected an RFC 3339 timestamp",
        ),
    ];
    for (bad, expected) in cases {
        let err = support(&[good.clone(), bad.clone()])
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{bad}\n{err}");
        assert!(err.starts_with("v.jsonl:2"), "{err}");
    }
}

#[test]
fn a_support_file_is_known_by_its_first_record() {
    let good = line(CLAIM, PASSAGE, "supported", "a");
    assert!(is_support_file(&format!("\n  \n{good}\n")));
    assert!(!is_support_file("{\"schema_version\": \"citation.v1\"}"));
    assert!(!is_support_file("not json"));
    assert!(!is_support_file(""));
}

#[test]
fn the_store_reads_support_files_beside_its_own_and_under_the_support_key() {
    let dir = tempfile::tempdir().unwrap();
    let store = r#"{"schema_version":"evidence.v1","sources":[],"evidence":[]}"#;
    std::fs::create_dir_all(dir.path().join("evidence")).unwrap();
    std::fs::create_dir_all(dir.path().join("checks")).unwrap();
    std::fs::write(dir.path().join("evidence/store.json"), store).unwrap();
    let verdict = line(CLAIM, PASSAGE, "supported", "a");
    std::fs::write(dir.path().join("evidence/support.jsonl"), &verdict).unwrap();
    let other = line(CLAIM, PASSAGE, "supported", "b");
    std::fs::write(dir.path().join("checks/b.jsonl"), &other).unwrap();
    std::fs::write(dir.path().join("checks/ignored.txt"), "x").unwrap();
    let mut store = crate::store::load(dir.path(), &[PathBuf::from("evidence")]).unwrap();
    assert_eq!(store.support().len(), 1);
    store
        .load_support(dir.path(), &[PathBuf::from("checks")])
        .unwrap();
    assert_eq!(store.support().len(), 2);
    let err = store
        .load_support(dir.path(), &[PathBuf::from("nope.jsonl")])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("support file `nope.jsonl` does not exist; check `support`"),
        "{err}"
    );
}

#[test]
fn every_broken_line_is_reported_at_once() {
    let good = line(CLAIM, PASSAGE, "supported", "a");
    let bad = good.replace("\"supported\"", "\"maybe\"");
    let err = support(&[bad.clone(), good.clone(), "[1]".into(), bad.clone()]).unwrap_err();
    assert_eq!(err.count(), 3, "{err}");
    let lines: Vec<usize> = err.each().iter().map(|e| e.position().1).collect();
    assert_eq!(lines, [1, 3, 4], "{err}");
    // Past 50, the rest are counted.
    let many = vec![bad; 120];
    let err = support(&many).unwrap_err();
    assert_eq!(err.count(), 120);
    assert_eq!(err.each().len(), 51);
    assert!(err.to_string().contains("70 more"), "{err}");
}

#[test]
fn a_verdict_on_several_passages_is_keyed_by_their_set_and_found_from_each_item() {
    let (a, b) = (
        passage_key("Ida made landfall."),
        passage_key("停电 １００万"),
    );
    // One passage: its own key, as verdicts were always keyed.
    assert_eq!(passages_key(&[a.as_str()]), a);
    assert_eq!(passages_key(&[&a, &b]), passages_key(&[&b, &a]));
    assert_ne!(passages_key(&[&a, &b]), a);
    assert!(is_key(&passages_key(&[&a, &b])));
    let together = serde_json::json!({
        "schema_version": "support.v1", "claim_key": claim_key(CLAIM),
        "evidence_id": "ev_a", "evidence_ids": ["ev_a", "ev_b"],
        "passage_key": passages_key(&[&a, &b]), "verdict": "supported", "score": 1,
        "checker": {"name": "human:Ана", "version": "1"},
    });
    let support = support(&[together.to_string()]).unwrap();
    for id in ["ev_a", "ev_b"] {
        let status = support.status(
            "c.md",
            &claim_key(CLAIM),
            id,
            &passages_key(&[&a, &b]),
            |_| true,
        );
        assert!(
            matches!(status, SupportStatus::Current(_)),
            "{id}: {status:?}"
        );
    }
    // A list that leaves out `evidence_id` is refused, naming the fix.
    let mut broken = together.clone();
    broken["evidence_ids"] = serde_json::json!(["ev_b", "ev_c"]);
    let err = parse_support(Path::new("v.jsonl"), &broken.to_string()).unwrap_err();
    assert!(
        err.to_string().contains("does not hold `evidence_id`"),
        "{err}"
    );
    broken["evidence_ids"] = serde_json::json!(["ev a"]);
    let err = parse_support(Path::new("v.jsonl"), &broken.to_string()).unwrap_err();
    assert!(err.to_string().contains("not an evidence id"), "{err}");
}
