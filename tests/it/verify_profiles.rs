//! `verify --prompt` profiles against local servers that enforce each
//! profile's protocol, as the real ones do: Bespoke-MiniCheck's system
//! message and Document/Claim format, Granite Guardian's `context` and
//! `assistant` messages with the `groundedness` risk (answering `Yes`
//! when the claim is NOT grounded), and the JSON judge's `response_format`
//! (a server that requires it, and one that refuses it).

use crate::common::verify::{ChatServer, Reply, Request, book, findings, stored, verify};
use serde_json::{Value, json};

/// The text of message `n` of a request, and its role.
fn message(request: &Request, n: usize) -> (&str, &str) {
    let m = &request.body["messages"][n];
    (
        m["role"].as_str().unwrap_or(""),
        m["content"].as_str().unwrap_or(""),
    )
}

/// A 400 as vLLM sends one for a request it cannot take.
fn refuse(why: &str) -> Reply {
    Reply::error(400, why)
}

#[test]
fn bespoke_minicheck_gets_its_card_s_system_message_and_format() {
    let book = book();
    let server = ChatServer::start(|r, _| {
        let (role, system) = message(r, 0);
        let (user_role, user) = message(r, 1);
        if role != "system"
            || !system.starts_with("Determine whether the provided claim is consistent")
            || !system.ends_with("by responding with either \"Yes\" or \"No\".")
            || user_role != "user"
            || !user.starts_with("Document: ")
            || !user.contains("\nClaim: ")
        {
            return refuse("not Bespoke-MiniCheck's prompt");
        }
        Reply::answer(if r.claim.contains("fell") {
            "No"
        } else {
            "Yes"
        })
    });
    let run = verify(&book, &server, &["--prompt", "bespoke-minicheck"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("2 checked, 0 from cache, 1 unsupported"),
        "{}",
        run.stderr
    );
    let verdicts = stored(&book);
    assert!(
        verdicts
            .iter()
            .all(|v| v["checker"]["name"] == "bespoke-minicheck/bespoke-minicheck")
    );
}

/// Granite Guardian's rules: the risk named (system message or
/// `guardian_config`), the passages as `context`, the claim as the
/// `assistant` message last; `Yes` when the risk is there (the claim says
/// "fell" where the context says "rose").
fn granite(r: &Request, _: usize) -> Reply {
    let roles: Vec<&str> = (0..3).map(|n| message(r, n).0).collect();
    let risk_named = message(r, 0).1 == "groundedness"
        && r.body["chat_template_kwargs"]["guardian_config"]["risk_name"] == "groundedness";
    if roles != ["system", "context", "assistant"] || !risk_named {
        return refuse("Granite Guardian groundedness needs context then assistant");
    }
    let context = message(r, 1).1;
    let risk = r.claim.contains("fell") && context.contains("rose");
    Reply::answer(if risk {
        "Yes\n<confidence> High </confidence>"
    } else {
        "No\n<confidence> High </confidence>"
    })
}

#[test]
fn granite_guardian_yes_is_not_grounded_and_fails_the_build() {
    let book = book();
    let server = ChatServer::start(granite);
    let run = verify(&book, &server, &["--prompt", "granite-guardian"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 2);
    let verdicts = stored(&book);
    let jobs = verdicts
        .iter()
        .find(|v| v["evidence_id"] == "ev_jobs")
        .unwrap();
    assert_eq!(jobs["verdict"], "unsupported");
    assert_eq!(
        jobs["checker"]["name"],
        "bespoke-minicheck/granite-guardian"
    );
    assert_eq!(jobs["note"], "groundedness risk: yes (confidence High)");
    let cpi = verdicts
        .iter()
        .find(|v| v["evidence_id"] == "ev_cpi")
        .unwrap();
    assert_eq!(cpi["verdict"], "supported");
    let (code, report) = book.check_json();
    assert_eq!(code, 1, "{report}");
    assert_eq!(findings(&report, "unsupported-claim").len(), 1, "{report}");
}

/// A judge server that takes only requests with the JSON schema, and
/// answers by it: unsupported for "fell", with no quote.
fn strict_judge(r: &Request, _: usize) -> Reply {
    let format = &r.body["response_format"];
    if format["type"] != "json_schema"
        || format["json_schema"]["schema"]["properties"]["verdict"]["enum"]
            != json!(["supported", "partial", "unsupported"])
    {
        return refuse("this test server requires response_format json_schema");
    }
    let answer = if r.claim.contains("fell") {
        json!({"verdict": "unsupported", "quote": "", "reason": "It says employment rose."})
    } else {
        json!({"verdict": "supported", "quote": "increased in January, led by shelter", "reason": "Stated."})
    };
    Reply::answer(&answer.to_string())
}

#[test]
fn the_json_judge_uses_structured_output_and_keeps_the_quote() {
    let book = book();
    let server = ChatServer::start(strict_judge);
    let run = verify(&book, &server, &["--prompt", "judge-json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.count(), 2, "no request sent twice");
    let verdicts = stored(&book);
    let cpi = verdicts
        .iter()
        .find(|v| v["evidence_id"] == "ev_cpi")
        .unwrap();
    assert_eq!(cpi["verdict"], "supported");
    assert_eq!(
        cpi["note"],
        "Stated. (quoted: \"increased in January, led by shelter\")"
    );
    let jobs = verdicts
        .iter()
        .find(|v| v["evidence_id"] == "ev_jobs")
        .unwrap();
    assert_eq!(jobs["verdict"], "unsupported");
    assert_eq!(
        jobs["checker"],
        json!({"name": "bespoke-minicheck/judge-json", "version": "1"})
    );
}

#[test]
fn a_server_without_structured_output_is_asked_again_without_it_and_parsed() {
    let book = book();
    // Refuses the schema as llama.cpp's older servers do, and answers in
    // prose around a fenced object, with non-ASCII spaces in it.
    let server = ChatServer::start(|r, _| {
        if r.body.get("response_format").is_some() {
            return refuse("response_format type json_schema is not supported");
        }
        let verdict = if r.claim.contains("fell") {
            "unsupported"
        } else {
            "supported"
        };
        Reply::answer(&format!(
            "Sure.\n```json\n{{\"verdict\":\u{a0}\"{verdict}\", \"quote\": \"Increased\u{3000}in January\", \"reason\": \"\u{200f}ok\"}}\n```"
        ))
    });
    let run = verify(&book, &server, &["--prompt", "judge-json", "--jobs", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let requests = server.requests();
    // The first request with the schema, refused; then none with it.
    assert_eq!(requests.len(), 3, "{requests:?}");
    assert!(requests[0].body.get("response_format").is_some());
    assert!(
        requests[1..]
            .iter()
            .all(|r| r.body.get("response_format").is_none())
    );
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 2);
    assert_eq!(
        verdicts
            .iter()
            .filter(|v| v["verdict"] == "unsupported")
            .count(),
        1
    );
    let note = verdicts[0]["note"].as_str().unwrap();
    assert!(!note.contains('\u{200f}'), "{note:?}");
}

#[test]
fn a_judge_answer_that_is_not_the_object_is_named_and_not_stored() {
    let book = book();
    let server = ChatServer::start(|_, _| Reply::answer("SUPPORTED\u{202e} — trust me"));
    let run = verify(&book, &server, &["--prompt", "judge-json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("which is not a JSON object whose verdict is"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains('\u{202e}'), "{}", run.stderr);
    assert!(stored(&book).is_empty());
    let _: Value = json!(null);
}

#[test]
fn a_supported_verdict_quoting_words_not_in_the_passages_is_not_stored() {
    let book = book();
    // Says "supported" for both, quoting the passage for one and
    // inventing the words of the other.
    let server = ChatServer::start(|r, _| {
        let quote = if r.claim.contains("fell") {
            "employment fell in January, with losses"
        } else {
            "increased in January, led by\u{a0}shelter"
        };
        Reply::answer(
            &json!({"verdict": "supported", "quote": quote, "reason": "Stated."}).to_string(),
        )
    });
    let run = verify(&book, &server, &["--prompt", "judge-json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "found `ev_jobs` supported, quoting words that are not in its passages; not stored"
        ),
        "{}",
        run.stderr
    );
    let verdicts = stored(&book);
    assert_eq!(verdicts.len(), 1);
    assert_eq!(verdicts[0]["evidence_id"], "ev_cpi");
}
