//! `verify` and what it cannot trust: a model's answers (huge, with
//! control characters, CI commands, bidirectional marks, markup) are
//! contained wherever they go, and claims and passages in any script
//! round-trip through the request, the store and the build.

use crate::common::TestBook;
use crate::common::verify::{ChatServer, Reply, Run, STORE, run};

/// What a hostile model says, after its label.
const HOSTILE: &str = "##[error]pwned \u{202e}desrever\u{202c} <script>alert(1)</script> **bold** [x](javascript:alert(1)) \u{1b}[31mred\u{7}";

const BRIEF: &str = "# Brief\n\nConsumer prices increased in January, led by shelter [EVID:ev_cpi].\n\nPayroll employment fell in January, with losses in health care [EVID:ev_jobs].\n\nConsumer prices rose again in January, led by shelter [EVID:ev_cpi].\n";

fn verify(book: &TestBook, server: &ChatServer, prompt: &str) -> Run {
    run(
        book,
        &[
            "verify",
            ".",
            "--api-base",
            &server.base,
            "--model",
            "judge-model",
            "--prompt",
            prompt,
        ],
        &[],
    )
}

/// Fails unless `text` is inert on a terminal and in a CI log: no escape,
/// bell or bidirectional control, no workflow command.
fn assert_inert(what: &str, text: &str) {
    for bad in ['\u{1b}', '\u{7}', '\u{202e}', '\u{202c}'] {
        assert!(!text.contains(bad), "{what}: {bad:?} in {text}");
    }
    assert!(!text.contains("##["), "{what}: {text}");
    for line in text.lines() {
        assert!(!line.trim_start().starts_with("::"), "{what}: {line}");
    }
}

#[test]
fn a_hostile_answer_is_contained() {
    let book = TestBook::with_store(
        "store = \"evidence\"\nmode = \"warn\"",
        STORE,
        &[("brief.md", BRIEF)],
    );
    let server = ChatServer::start(|request, _| {
        if request.claim.contains("fell") {
            Reply::answer(&format!("NOT SUPPORTED\n{HOSTILE}{}", "x".repeat(100_000)))
        } else if request.claim.contains("rose again") {
            // Larger than any answer is let be.
            Reply::answer(&format!("SUPPORTED\n{}", "pad ".repeat(300_000)))
        } else {
            Reply::answer(&format!("Perhaps {HOSTILE}"))
        }
    });
    let first = verify(&book, &server, "judge");
    assert_eq!(first.code, 1, "answers not understood: {}", first.stderr);
    assert_inert("verify", &first.stderr);
    assert!(
        first.stderr.contains("answered \"Perhaps"),
        "{}",
        first.stderr
    );
    assert!(
        first.stderr.contains("larger than 1024 KiB"),
        "{}",
        first.stderr
    );
    assert!(first.stderr.contains("1 checked"), "{}", first.stderr);

    let store = std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap();
    assert_eq!(
        store.lines().count(),
        1,
        "only the answer understood is stored"
    );
    let verdict: serde_json::Value = serde_json::from_str(&store).unwrap();
    let note = verdict["note"].as_str().unwrap();
    assert!(
        note.chars().count() <= 201,
        "the reason is cut: {}",
        note.len()
    );
    assert!(
        !note.contains('\u{1b}') && !note.contains('\u{202e}'),
        "{note}"
    );

    let check = run(&book, &["check", "."], &[]);
    assert_eq!(check.code, 0, "mode = warn: {}", check.stderr);
    let output = format!("{}{}", check.stdout, check.stderr);
    assert!(output.contains("unsupported-claim"), "{output}");
    assert!(output.contains("pwned"), "the reason is shown: {output}");
    assert_inert("check", &output);
    let github = run(&book, &["check", "."], &[("GITHUB_ACTIONS", "true")]);
    assert_inert(
        "check on GitHub",
        &format!("{}{}", github.stdout, github.stderr),
    );

    book.build().expect("mode = warn publishes");
    let html = book.html("brief.md");
    assert!(!html.contains("<script>alert(1)"), "{html}");
    assert!(!html.contains("javascript:alert"), "{html}");

    // The two answers not understood are asked again, and only they.
    let again = verify(&book, &server, "judge");
    assert_eq!(server.count(), 5, "{}", again.stderr);
}

#[test]
fn claims_and_passages_in_any_script_round_trip() {
    const STORE: &str = r#"{
      "schema_version": "evidence.v1",
      "sources": [{"source_id": "s", "publisher": "统计局 · الإحصاء", "tier": 1}],
      "evidence": [
        {"id": "ev_cjk", "source_id": "s", "url": "https://stats.example/zh", "title": "人口",
         "published_at": "2026-02-10T00:00:00Z",
         "quote_span": {"text": "东京都 的 人口 在 一月 超过 一千四百万 人。"}},
        {"id": "ev_rtl", "source_id": "s", "url": "https://stats.example/ar", "title": "الأسعار",
         "published_at": "2026-02-10T00:00:00Z",
         "quote_span": {"text": "ارتفع مؤشر أسعار المستهلكين في يناير بسبب السكن."}},
        {"id": "ev_mixed", "source_id": "s", "url": "https://stats.example/mixed", "title": "Mixed",
         "published_at": "2026-02-10T00:00:00Z",
         "quote_span": {"text": "Sales\u00a0rose by １２ percent 📈 in Zürich, says «Straße»."}}
      ]
    }"#;
    let brief = "# 报告\n\n东京都 的 人口 超过 一千四百万 人 [EVID:ev_cjk].\n\nارتفع مؤشر أسعار المستهلكين في يناير [EVID:ev_rtl].\n\nSales\u{a0}rose by １２ percent 📈 in Zürich [EVID:ev_mixed].\n";
    let book = TestBook::with_store("store = \"evidence\"", STORE, &[("brief.md", brief)]);
    let server = ChatServer::start(|_, _| Reply::answer("Yes"));
    let first = verify(&book, &server, "minicheck");
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(server.count(), 3, "{}", first.stderr);

    let export = run(&book, &["export-claims", "."], &[]);
    let exported: Vec<serde_json::Value> = export
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let store = std::fs::read_to_string(book.root().join("evidence/verify.jsonl")).unwrap();
    let stored: Vec<serde_json::Value> = store
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let requests = server.requests();
    assert_eq!(exported.len(), 3);
    for record in &exported {
        let claim = record["claim"].as_str().unwrap();
        let passage = record["passage"].as_str().unwrap();
        let verdict = stored
            .iter()
            .find(|v| v["evidence_id"] == record["evidence_id"])
            .unwrap_or_else(|| panic!("a verdict for {record}"));
        for key in ["claim_key", "passage_key", "claim"] {
            assert_eq!(verdict[key], record[key], "{key}");
        }
        let request = requests.iter().find(|r| r.claim == claim);
        let content = request
            .unwrap_or_else(|| panic!("a request about {claim:?}"))
            .body["messages"][0]["content"]
            .as_str()
            .unwrap();
        assert_eq!(content, format!("Document: {passage}\nClaim: {claim}"));
    }
    assert!(store.contains("东京都") && store.contains("📈") && store.contains("يناير"));

    let again = verify(&book, &server, "minicheck");
    assert_eq!(again.code, 0);
    assert_eq!(server.count(), 3, "the keys are stable: {}", again.stderr);
    let (_, report) = book.check_json();
    assert_eq!(report["totals"]["support"]["verdicts"], 3, "{report}");
    assert_eq!(report["totals"]["support"]["stale"], 0, "{report}");
}
