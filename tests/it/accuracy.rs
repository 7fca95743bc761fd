//! Citation accuracy through real builds: `claim-not-in-evidence` on
//! books built by mdBook (and fed to the binary as mdBook feeds it), and
//! the loop of stored verdicts: `export-claims`, a `support.v1` file
//! written from its records by a stand-in checker, and the build reading
//! it back (`unsupported-claim`, `stale-support`, `missing-support`), with
//! the support figures of the JSON report.

use crate::common::{TestBook, run_stdin};
use assert_cmd::Command;
use serde_json::{Value, json};

/// Sources and items with passages, in two scripts. (A claim needs
/// `claim-min-words` words between spaces, so the Chinese one has a few, as
/// Chinese text beside Latin letters and digits often does.)
const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "bls", "publisher": "U.S. Bureau of Labor Statistics", "tier": 1},
    {"source_id": "xinhua", "publisher": "Xinhua", "tier": 2}
  ],
  "evidence": [
    {"id": "ev_jobs", "source_id": "bls", "url": "https://www.bls.gov/news.release/empsit.nr0.htm",
     "title": "The Employment Situation - January 2026", "published_at": "2026-02-06T13:30:00Z",
     "cited_text": "Total nonfarm payroll employment rose by 143,000 in January, and the unemployment rate changed little at 4.0 percent."},
    {"id": "ev_cpi", "source_id": "bls", "url": "https://www.bls.gov/news.release/cpi.nr0.htm",
     "title": "Consumer Price Index - January 2026", "published_at": "2026-02-12T13:30:00Z",
     "quote_span": {"text": "The Consumer Price Index for All Urban Consumers increased 0.5 percent on a seasonally adjusted basis in January."}},
    {"id": "ev_rate", "source_id": "xinhua", "url": "https://www.news.cn/a",
     "title": "央行公告", "published_at": "2026-02-10T08:00:00Z",
     "quote_span": {"text": "中国人民银行决定，2月 1年期贷款市场报价利率（LPR）为 3.0%，维持不变。"}}
  ]
}"#;

const RIGHT: &str = "# Brief\n\n\
- Employers added 143,000 jobs in January while unemployment held near 4.0 percent. [EVID:ev_jobs]\n\
- Consumer prices increased 0.5 percent, seasonally adjusted, led by shelter and food. [EVID:ev_cpi]\n\
- 2月，中国人民银行维持 1年期 LPR 不变，为 3.0%。[EVID:ev_rate]\n";

/// The second claim cites the jobs report, the third the CPI release.
const WRONG: &str = "# Brief\n\n\
- Employers added 143,000 jobs in January while unemployment held near 4.0 percent. [EVID:ev_jobs]\n\
- Consumer prices increased 0.5 percent, seasonally adjusted, led by shelter and food. [EVID:ev_jobs]\n\
- 2月，中国人民银行维持 1年期 LPR 不变，为 3.0%。[EVID:ev_cpi]\n";

/// Runs `mdbook-evidence ARGS` in the book's root.
fn binary(book: &TestBook, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(crate::common::binary())
        .current_dir(book.root())
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("SOURCE_DATE_EPOCH")
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// The JSON report of `check --format json`.
fn json_report(book: &TestBook) -> (i32, Value) {
    book.check_json()
}

fn violations<'v>(report: &'v Value, rule: &str) -> Vec<&'v Value> {
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == rule)
        .collect()
}

/// The store is the directory: `support.v1` files beside the store file
/// are read with it.
const CONFIG: &str = "store = \"evidence\"\nas-of = \"2026-02-20\"\n";

#[test]
fn claims_citing_the_item_that_says_them_pass() {
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", RIGHT)]);
    let (code, report) = json_report(&book);
    assert_eq!(code, 0, "{report:#}");
    assert!(violations(&report, "claim-not-in-evidence").is_empty());
    assert_eq!(
        report["chapters"][0]["support"],
        json!({"citations_checked": 3, "flagged_claims": 0, "verdicts": 0, "unsupported": 0, "stale": 0})
    );
    book.build().expect("the book builds");
}

#[test]
fn a_claim_citing_the_wrong_item_is_a_warning_naming_the_item_and_the_closest_window() {
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", WRONG)]);
    let (code, report) = json_report(&book);
    assert_eq!(code, 0, "warnings only: {report:#}");
    let found = violations(&report, "claim-not-in-evidence");
    assert_eq!(found.len(), 2, "{report:#}");
    assert_eq!(found[0]["severity"], "warning");
    assert_eq!(found[0]["line"], 4);
    assert_eq!(found[0]["evidence_ids"], json!(["ev_jobs"]));
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.contains("the citation may point at the wrong item")
            && message.contains("closest passage, in `ev_jobs`")
            && message.contains("not found: `Consumer`, `prices`"),
        "{message}"
    );
    assert!(!message.contains("false"), "{message}");
    // The Chinese claim, read in character pairs, shares none with the
    // CPI release.
    assert_eq!(found[1]["line"], 5);
    assert_eq!(found[1]["evidence_ids"], json!(["ev_cpi"]));
    assert_eq!(report["chapters"][0]["support"]["flagged_claims"], 2);
    assert_eq!(report["totals"]["support"]["flagged_claims"], 2);

    // In a build, the warning is printed and the book published.
    let run = book.run("html");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("warning[claim-not-in-evidence]")
            && run.stderr.contains("src/brief.md:4:3"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_threshold_and_the_level_are_configured() {
    // At 100%, every claim that adds a word to its passage is flagged.
    let strict = TestBook::with_store(
        &format!("{CONFIG}claim-overlap = 100\n"),
        STORE,
        &[("brief.md", RIGHT)],
    );
    let (_, report) = json_report(&strict);
    assert_eq!(violations(&report, "claim-not-in-evidence").len(), 3);
    let off = TestBook::with_store(
        &format!("{CONFIG}[preprocessor.evidence.rules]\nclaim-not-in-evidence = \"off\"\n"),
        STORE,
        &[("brief.md", WRONG)],
    );
    let (_, report) = json_report(&off);
    assert!(violations(&report, "claim-not-in-evidence").is_empty());
    assert_eq!(report["chapters"][0]["support"]["flagged_claims"], 0);

    // At level error, remove mode replaces the claims.
    let remove = TestBook::with_store(
        &format!(
            "{CONFIG}mode = \"remove\"\nmax-removed = 5\n[preprocessor.evidence.rules]\nclaim-not-in-evidence = \"error\"\n"
        ),
        STORE,
        &[("brief.md", WRONG)],
    );
    let run = remove.run("markdown");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let chapter = run.chapter("brief.md");
    assert_eq!(
        chapter
            .matches("[Insufficient evidence to support this claim]")
            .count(),
        2,
        "{chapter}"
    );
    assert!(
        chapter.contains("Employers added 143,000 jobs"),
        "{chapter}"
    );
}

#[test]
fn a_bad_threshold_stops_the_build_naming_the_key() {
    let book = TestBook::with_store(
        &format!("{CONFIG}claim-overlap = 150\n"),
        STORE,
        &[("brief.md", RIGHT)],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .contains("`preprocessor.evidence.claim-overlap`: expected a percentage from 0 to 100"),
        "{}",
        run.stderr
    );
}

/// The exported records of the book.
fn export(book: &TestBook) -> Vec<Value> {
    let (code, stdout, stderr) = binary(book, &["export-claims", ".", "--format", "jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("exported"), "{stderr}");
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// A stand-in for a support checker (a model would read the claim and the
/// passage): says `unsupported` where `judge` says so, `supported` else.
fn stand_in_checker(records: &[Value], unsupported: impl Fn(&Value) -> bool) -> String {
    let mut out = String::new();
    for r in records {
        let verdict = if unsupported(r) {
            "unsupported"
        } else {
            "supported"
        };
        let line = json!({
            "schema_version": "support.v1",
            "claim_key": r["claim_key"], "evidence_id": r["evidence_id"],
            "passage_key": r["passage_key"], "chapter": r["chapter"], "claim": r["claim"],
            "verdict": verdict, "score": if verdict == "supported" { 0.97 } else { 0.03 },
            "checker": {"name": "stand-in", "version": "0"},
            "checked_at": "2026-02-20T00:00:00Z",
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    out
}

#[test]
fn export_claims_writes_one_record_per_citation_of_a_passage() {
    let chapter = "# Brief\n\n\
        - Employers added 143,000 jobs in January while unemployment held near 4.0 percent. [EVID:ev_jobs] [EVID:ev_cpi] [EVID:ev_jobs]\n\
        - A claim citing an item the store lacks. [EVID:ev_nope]\n\
        \n{{#include _more.md}}\n";
    let more = "Consumer prices increased 0.5 percent in January. [EVID:ev_cpi]\n";
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", chapter), ("_more.md", more)]);
    let records = export(&book);
    assert_eq!(records.len(), 3, "{records:#?}");
    let first = &records[0];
    assert_eq!(first["schema_version"], "support-request.v1");
    assert_eq!(first["chapter"], "brief.md");
    assert_eq!(
        (first["file"].as_str(), first["line"].as_u64()),
        (Some("src/brief.md"), Some(3))
    );
    assert_eq!(first["column"], 3);
    assert_eq!(
        first["claim"],
        "Employers added 143,000 jobs in January while unemployment held near 4.0 percent."
    );
    assert_eq!(first["evidence_id"], "ev_jobs");
    assert!(
        first["passage"]
            .as_str()
            .unwrap()
            .starts_with("Total nonfarm")
    );
    assert_eq!(first["claim_key"], records[1]["claim_key"]);
    assert_eq!(records[1]["evidence_id"], "ev_cpi");
    // A claim from an included file is located there.
    assert_eq!(records[2]["file"], "src/_more.md");
    assert_eq!(records[2]["line"], 1);
    for r in &records {
        for key in ["claim_key", "passage_key"] {
            let value = r[key].as_str().unwrap();
            assert!(value.starts_with("sha256:") && value.len() == 71, "{value}");
        }
    }

    // A book that cannot be read: exit 2, nothing on stdout.
    let broken = TestBook::with_store("mdoe = 1\n", STORE, &[("brief.md", chapter)]);
    let (code, stdout, stderr) = binary(&broken, &["export-claims"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("unknown key `mdoe`"), "{stderr}");
}

#[test]
fn stored_verdicts_fail_unsupported_claims_and_go_stale_when_the_text_changes() {
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", RIGHT)]);
    let records = export(&book);
    assert_eq!(records.len(), 3);
    // The stand-in checker finds the CPI claim unsupported; the verdicts
    // go beside the store, where it reads them.
    let verdicts = stand_in_checker(&records, |r| r["evidence_id"] == "ev_cpi");
    std::fs::write(book.root().join("evidence/support.jsonl"), verdicts).unwrap();
    let (code, report) = json_report(&book);
    assert_eq!(code, 1, "{report:#}");
    let unsupported = violations(&report, "unsupported-claim");
    assert_eq!(unsupported.len(), 1);
    assert_eq!(unsupported[0]["severity"], "error");
    assert_eq!(unsupported[0]["line"], 4);
    let message = unsupported[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("`stand-in 0` found that the passage of `ev_cpi` does not support this claim (score 0.03; evidence/support.jsonl:2)"),
        "{message}"
    );
    assert_eq!(
        report["chapters"][0]["support"],
        json!({"citations_checked": 3, "flagged_claims": 0, "verdicts": 3, "unsupported": 1, "stale": 0,
               "checkers": {"stand-in 0": 3}})
    );
    // The build stops, as for any error.
    assert!(book.build().is_err());

    // The author rewrites the claim: the verdict no longer applies.
    let edited = RIGHT.replace("Consumer prices increased", "Consumer prices rose");
    std::fs::write(book.root().join("src/brief.md"), &edited).unwrap();
    let (code, report) = json_report(&book);
    assert_eq!(code, 0, "{report:#}");
    let stale = violations(&report, "stale-support");
    assert_eq!(stale.len(), 1, "{report:#}");
    let message = stale[0]["message"].as_str().unwrap();
    assert!(
        message.contains("the verdict of `stand-in 0` (unsupported, evidence/support.jsonl:2) on `ev_cpi` was given for another text of the claim (\"Consumer prices increased 0.5 percent")
            && message.ends_with("it no longer applies to this citation"),
        "{message}"
    );
    assert_eq!(report["chapters"][0]["support"]["stale"], 1);
    assert_eq!(report["chapters"][0]["support"]["verdicts"], 2);

    // A passage that changes in the store makes its verdicts stale too.
    std::fs::write(book.root().join("src/brief.md"), RIGHT).unwrap();
    let changed = STORE.replace("changed little at 4.0 percent", "was 4.0 percent");
    std::fs::write(book.root().join("evidence/store.json"), changed).unwrap();
    let (_, report) = json_report(&book);
    let stale = violations(&report, "stale-support");
    assert_eq!(stale.len(), 1, "{report:#}");
    assert!(
        stale[0]["message"]
            .as_str()
            .unwrap()
            .contains("on `ev_jobs` was given for another text of the item's passage"),
        "{report:#}"
    );
}

#[test]
fn require_support_asks_for_a_current_verdict_on_every_citation() {
    let book = TestBook::with_store(
        &format!("{CONFIG}require-support = true\nsupport = \"checks\"\n"),
        STORE,
        &[("brief.md", RIGHT)],
    );
    std::fs::create_dir_all(book.root().join("checks")).unwrap();
    let records = export(&book);
    // Verdicts on the first two citations only, from the `support` key.
    let verdicts = stand_in_checker(&records[..2], |_| false);
    std::fs::write(book.root().join("checks/stand-in.jsonl"), verdicts).unwrap();
    let (code, report) = json_report(&book);
    assert_eq!(code, 1, "{report:#}");
    let missing = violations(&report, "missing-support");
    assert_eq!(missing.len(), 1, "{report:#}");
    assert_eq!(missing[0]["severity"], "error");
    assert_eq!(missing[0]["evidence_ids"], json!(["ev_rate"]));
    assert_eq!(
        missing[0]["message"],
        "no verdict on this claim and the passage of `ev_rate` (require-support = true)"
    );

    // A stale verdict is named, and still missing.
    let verdicts = stand_in_checker(&records, |_| false);
    std::fs::write(book.root().join("checks/stand-in.jsonl"), verdicts).unwrap();
    let edited = RIGHT.replace("seasonally adjusted", "after seasonal adjustment");
    std::fs::write(book.root().join("src/brief.md"), edited).unwrap();
    let (code, report) = json_report(&book);
    assert_eq!(code, 1);
    let missing = violations(&report, "missing-support");
    assert_eq!(missing.len(), 1, "{report:#}");
    assert!(
        missing[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("no current verdict on this claim and the passage of `ev_cpi` (require-support = true): the one stored, from `stand-in 0` (supported,"),
        "{report:#}"
    );
    assert!(violations(&report, "stale-support").is_empty());

    // A support path that does not exist stops the build, naming the key.
    let book = TestBook::with_store(
        &format!("{CONFIG}support = \"nope.jsonl\"\n"),
        STORE,
        &[("brief.md", RIGHT)],
    );
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("support file `nope.jsonl` does not exist; check `support`"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_broken_verdict_file_stops_the_build_at_its_line() {
    let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", RIGHT)]);
    let records = export(&book);
    let mut verdicts = stand_in_checker(&records, |_| false);
    verdicts.push_str("{\"schema_version\": \"support.v1\", \"claim_key\": \"x\"}\n");
    std::fs::write(book.root().join("evidence/support.jsonl"), verdicts).unwrap();
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("evidence/support.jsonl:4"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_export_line_counts_citations_in_words_not_citation_s() {
    let one = "# Brief\n\n- 2月，中国人民银行维持 1年期 LPR 不变，为 3.0%。[EVID:ev_rate]\n";
    for (chapter, said) in [
        (one, "exported 1 citation of a passage"),
        (RIGHT, "exported 3 citations of a passage"),
    ] {
        let book = TestBook::with_store(CONFIG, STORE, &[("brief.md", chapter)]);
        let (code, _, stderr) = binary(&book, &["export-claims", ".", "--format", "jsonl"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains(said), "{stderr}");
        assert!(!stderr.contains("(s)"), "{stderr}");
    }
}
