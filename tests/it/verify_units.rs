//! `verify` asks about each claim once, with every passage it cites: a
//! claim whose parts are stated by different items is judged on them
//! together, a long passage is cut into MiniCheck's chunks, and verdicts
//! stored before (one citation at a time) still apply. Against the real
//! local chat-completions server of `common::verify`, scripted per claim.

use crate::common::TestBook;
use crate::common::verify::{ChatServer, Reply, Request, findings, stored, verify};
use serde_json::{Value, json};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "ap", "publisher": "Associated Press", "tier": 2},
              {"source_id": "util", "publisher": "Entergy — 電力", "tier": 1}],
  "evidence": [
    {"id": "ev_landfall", "source_id": "ap", "url": "https://apnews.com/ida", "title": "Ida makes landfall",
     "published_at": "2021-08-29T00:00:00Z",
     "quote_span": {"text": "Hurricane Ida made landfall in Louisiana on Sunday as a Category 4 storm."}},
    {"id": "ev_outage", "source_id": "util", "url": "https://www.entergy.com/ida", "title": "Outage update",
     "published_at": "2021-08-30T00:00:00Z",
     "quote_span": {"text": "More than a million customers in Louisiana lost power after the storm."}}
  ]
}"#;

/// Two claims stated only by both passages together, the second citing
/// them the other way round (and in Chinese, with an ideographic space
/// and full-width digits).
const CHAPTER: &str = "# Ida\n\nIda made landfall in Louisiana and knocked out power to a million customers [EVID:ev_landfall][EVID:ev_outage].\n\n艾达飓风在路易斯安那州登陆，\u{3000}导致超过１００万用户停电 [EVID:ev_outage][EVID:ev_landfall]。\n";

fn ida_book() -> TestBook {
    TestBook::with_store("store = \"evidence\"", STORE, &[("ida.md", CHAPTER)])
}

/// The text of a request's last message.
fn asked(request: &Request) -> String {
    let messages = request.body["messages"].as_array().unwrap();
    messages.last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The judge: supported only when both passages are in the request.
fn judge_needing_both(request: &Request, _: usize) -> Reply {
    let text = asked(request);
    Reply::answer(
        if text.contains("made landfall") && text.contains("lost power") {
            "SUPPORTED\nThe first passage gives the landfall, the second the outage."
        } else {
            "NOT SUPPORTED\nHalf of the claim is missing."
        },
    )
}

#[test]
fn a_claim_citing_two_items_is_judged_once_on_both_passages() {
    let book = ida_book();
    let server = ChatServer::start(judge_needing_both);
    let run = verify(&book, &server, &["--prompt", "judge"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // One request per claim, each listing both passages with their source.
    assert_eq!(server.count(), 2, "{:?}", server.requests());
    for request in server.requests() {
        let text = asked(&request);
        assert!(
            text.contains("PASSAGE 1 (SOURCE: ") && text.contains("PASSAGE 2 (SOURCE: "),
            "{text}"
        );
        assert!(
            text.contains("Associated Press, \"Ida makes landfall\""),
            "{text}"
        );
        assert!(text.contains("Entergy — 電力, \"Outage update\""), "{text}");
    }
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 2);
    for v in &verdicts {
        assert_eq!(v["verdict"], "supported", "{v}");
        assert_eq!(v["evidence_ids"], json!(["ev_landfall", "ev_outage"]));
        assert_eq!(v["evidence_id"], "ev_landfall");
        assert_eq!(
            v["checker"],
            json!({"name": "bespoke-minicheck/judge", "version": "2"})
        );
    }
    // The same set of passages, cited in either order, has one key.
    assert_eq!(verdicts[0]["passage_key"], verdicts[1]["passage_key"]);
    assert_ne!(verdicts[0]["claim_key"], verdicts[1]["claim_key"]);

    // The build applies each verdict to both citations of its claim.
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    assert!(
        findings(&report, "unsupported-claim").is_empty(),
        "{report:#}"
    );
    let support = &report["totals"]["support"];
    assert_eq!(support["verdicts"], 4, "{support}");
    assert_eq!(support["checkers"], json!({"bespoke-minicheck/judge 2": 4}));
    let accuracy = &report["totals"]["quality"]["citation_accuracy"];
    assert_eq!(accuracy["value"], 1.0, "{accuracy}");
    assert_eq!(
        accuracy["judged_by"],
        json!([{"checker": "bespoke-minicheck/judge 2", "citations": 4}])
    );
    book.build().expect("a supported book builds");

    // A second run sends nothing.
    let again = ChatServer::start(judge_needing_both);
    let run = verify(&book, &again, &["--prompt", "judge"]);
    assert_eq!((run.code, again.count()), (0, 0), "{}", run.stderr);
}

#[test]
fn a_claim_its_passages_do_not_support_together_is_reported_once() {
    let book = ida_book();
    let server = ChatServer::start(|_, _| Reply::answer("No"));
    assert_eq!(verify(&book, &server, &[]).code, 0);
    let (code, report) = book.check_json();
    assert_eq!(code, 1, "{report:#}");
    let unsupported = findings(&report, "unsupported-claim");
    assert_eq!(unsupported.len(), 2, "one per claim: {report:#}");
    let message = unsupported[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("`bespoke-minicheck/minicheck 1` found that the passages of `ev_landfall`, `ev_outage` together do not support this claim"),
        "{message}"
    );
    assert_eq!(
        unsupported[0]["evidence_ids"],
        json!(["ev_landfall", "ev_outage"])
    );
    // Both citations of each claim count as unsupported.
    assert_eq!(report["totals"]["support"]["unsupported"], 4);
    // MiniCheck's one document: the passages joined.
    let document = asked(&server.requests()[0]);
    assert!(
        document.starts_with("Document: Hurricane Ida made landfall")
            || document.starts_with("Document: More than a million"),
        "{document}"
    );
    assert!(document.contains(".\n\n"), "{document}");
}

#[test]
fn a_long_passage_is_cut_into_chunks_and_one_supporting_chunk_is_enough() {
    let filler = "Le marché était calme ce jour-là, et les rues de 東京 aussi. ".repeat(300);
    let passage = format!(
        "{filler}\n\nMore than a million customers lost power after Ida.\n\n{filler}{filler}"
    );
    let store = json!({
        "schema_version": "evidence.v1",
        "sources": [{"source_id": "util", "publisher": "Entergy", "tier": 1}],
        "evidence": [{"id": "ev_long", "source_id": "util", "url": "https://www.entergy.com/ida",
                      "title": "Outage log", "published_at": "2021-08-30T00:00:00Z",
                      "content": passage}]
    });
    let chapter =
        "# Ida\n\nIda knocked out power to more than a million customers [EVID:ev_long].\n";
    let book = TestBook::with_store(
        "store = \"evidence\"",
        &store.to_string(),
        &[("ida.md", chapter)],
    );
    let server = ChatServer::start(|request, _| {
        Reply::answer(
            if asked(request).contains("a million customers lost power") {
                "Yes"
            } else {
                "No"
            },
        )
    });
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let requests = server.requests();
    // The passage is about 53,000 characters: nine chunks or more, of
    // which only those up to the one holding the outage are asked.
    assert!(passage.chars().count() > 50_000);
    assert!((2..10).contains(&requests.len()), "{}", requests.len());
    for request in &requests {
        let document = asked(request);
        let document = document.strip_prefix("Document: ").unwrap();
        let document = &document[..document.rfind("\nClaim: ").unwrap()];
        assert!(document.chars().count() <= 6_000, "{}", document.len());
        assert!(passage.contains(document));
    }
    assert!(asked(requests.last().unwrap()).contains("a million customers lost power"));
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 1);
    assert_eq!(verdicts[0]["verdict"], "supported");
    assert!(verdicts[0].get("evidence_ids").is_none(), "{}", verdicts[0]);
    // The tokens of every request sent for it are counted.
    let tokens = format!("{} prompt", 100 * requests.len());
    assert!(run.stderr.contains(&tokens), "{}", run.stderr);
}

#[test]
fn verdicts_stored_one_citation_at_a_time_still_apply() {
    let chapter = format!(
        "{CHAPTER}\nHurricane Ida made landfall in Louisiana on Sunday [EVID:ev_landfall].\n"
    );
    let book = TestBook::with_store("store = \"evidence\"", STORE, &[("ida.md", &chapter)]);
    // Verdicts as `verify` stored them before: one per citation.
    let out = std::process::Command::new(crate::common::binary())
        .args(["export-claims", ".", "--format", "jsonl"])
        .current_dir(book.root())
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut old = String::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        let verdict = json!({
            "schema_version": "support.v1", "claim_key": r["claim_key"],
            "evidence_id": r["evidence_id"], "passage_key": r["passage_key"],
            "verdict": "supported", "score": 1.0, "chapter": r["chapter"], "claim": r["claim"],
            "checker": {"name": "bespoke-minicheck/minicheck", "version": "1"},
        });
        old.push_str(&format!("{verdict}\n"));
    }
    std::fs::write(book.root().join("evidence/verify.jsonl"), old).unwrap();
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    let support = &report["totals"]["support"];
    assert_eq!(
        (support["verdicts"].as_u64(), support["stale"].as_u64()),
        (Some(5), Some(0)),
        "{support}"
    );

    // The single-citation claim keeps its key: not sent again. The two
    // claims citing two items have no verdict on both together: sent.
    let server = ChatServer::start(|request, _| {
        let text = asked(request);
        let both = text.contains("made landfall") && text.contains("lost power");
        Reply::answer(if both { "Yes" } else { "No" })
    });
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 2, "{:?}", server.requests());
    assert!(
        run.stderr.contains("2 checked, 1 from cache"),
        "{}",
        run.stderr
    );
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["totals"]["support"]["verdicts"], 5);
}

#[test]
fn each_cited_sentence_is_judged_and_a_claim_cited_once_keeps_its_key() {
    // A paragraph whose two sentences cite one item each: each sentence is
    // asked about with its own passage, as the lexical rules judge it. A
    // paragraph whose markers close one sentence is judged whole, keyed by
    // its whole text as verdicts always were.
    let chapter = "# Ida\n\nIda made landfall in Louisiana on Sunday [EVID:ev_landfall]. A million customers lost power [EVID:ev_outage].\n\nThe storm was long feared.\u{a0}Ida made landfall in Louisiana [EVID:ev_landfall].\n";
    let book = TestBook::with_store("store = \"evidence\"", STORE, &[("ida.md", chapter)]);
    let server = ChatServer::start(|_, _| Reply::answer("Yes"));
    let run = verify(&book, &server, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut claims: Vec<String> = server.requests().iter().map(|r| r.claim.clone()).collect();
    claims.sort();
    assert_eq!(
        claims,
        // The claim as a reader sees it: no space where a marker stood.
        [
            "A million customers lost power.",
            "Ida made landfall in Louisiana on Sunday.",
            "The storm was long feared.\u{a0}Ida made landfall in Louisiana."
        ],
        "{claims:?}"
    );
    for request in server.requests() {
        let text = asked(&request);
        assert!(
            !(text.contains("made landfall") && text.contains("lost power")),
            "one passage each: {text}"
        );
    }
    let whole = stored(&book)
        .into_iter()
        .find(|v| v["claim"].as_str().unwrap().starts_with("The storm"))
        .unwrap();
    // Keyed as verdicts always were, by the text with the marker cut out.
    assert_eq!(
        whole["claim_key"],
        evidence_core::store::claim_key(
            "The storm was long feared. Ida made landfall in Louisiana ."
        )
    );
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["totals"]["support"]["verdicts"], 3, "{report:#}");
}
