//! IBM Granite Guardian's groundedness check: the passages as a `context`
//! message, the claim as the `assistant` message, and the risk named
//! `groundedness`, the layout its model card and cookbooks give. The model
//! answers whether the risk is present: `Yes` means the claim is **not**
//! grounded in the passages.

use super::{Answer, one_line};
use evidence_core::store::SupportVerdict;
use serde_json::{Value, json};

/// The risk asked about, as Granite Guardian names it.
pub(crate) const RISK: &str = "groundedness";

/// One request's body: the risk named twice, as the two ways of serving
/// the model read it (Ollama's and llama.cpp's templates from a leading
/// `system` message, vLLM's and Transformers' from `guardian_config` in
/// `chat_template_kwargs`).
pub(crate) fn request(document: &str, claim: &str) -> Value {
    json!({
        "messages": [
            {"role": "system", "content": RISK},
            {"role": "context", "content": document},
            {"role": "assistant", "content": claim}
        ],
        "chat_template_kwargs": {"guardian_config": {"risk_name": RISK}}
    })
}

/// Reads an answer: `Yes` (the risk is present: not grounded) or `No`,
/// alone (3.0, 3.1), followed by `<confidence> High </confidence>` (3.2),
/// or inside `<score> … </score>` after a `<think>` block (3.3).
pub(crate) fn read(answer: &str) -> Option<Answer> {
    let said = match answer.rfind("</think>") {
        Some(at) => &answer[at + "</think>".len()..],
        None => answer,
    };
    let said = match (said.find("<score>"), said.find("</score>")) {
        (Some(start), Some(end)) if start < end => &said[start + "<score>".len()..end],
        _ => said,
    };
    let word = said
        .split(|c: char| c.is_whitespace() || c == '<' || c == ':')
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .find(|w| !w.is_empty())?
        .to_lowercase();
    let (verdict, score) = match word.as_str() {
        "no" => (SupportVerdict::Supported, 1.0),
        "yes" => (SupportVerdict::Unsupported, 0.0),
        _ => return None,
    };
    let confidence = said
        .find("<confidence>")
        .map(|at| &said[at + "<confidence>".len()..])
        .and_then(|rest| rest.split("</confidence>").next())
        .map(|c| one_line(c, 20))
        .filter(|c| !c.is_empty());
    Some(Answer {
        verdict,
        score,
        reason: confidence.map(|c| format!("{RISK} risk: {word} (confidence {c})")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_is_a_risk_so_not_supported() {
        for (text, verdict) in [
            ("Yes", SupportVerdict::Unsupported),
            ("No", SupportVerdict::Supported),
            (
                "No\n<confidence> High </confidence>",
                SupportVerdict::Supported,
            ),
            (
                "<think>The context says rose; the claim says fell.</think>\n<score> yes </score>",
                SupportVerdict::Unsupported,
            ),
            ("<score>no</score>", SupportVerdict::Supported),
        ] {
            assert_eq!(read(text).unwrap().verdict, verdict, "{text}");
        }
        let a = read("Yes\n<confidence> Low </confidence>").unwrap();
        assert_eq!(
            a.reason.as_deref(),
            Some("groundedness risk: yes (confidence Low)")
        );
        for text in ["", "Maybe", "<think>yes</think>", "Noted", "是"] {
            assert_eq!(read(text), None, "{text}");
        }
    }

    #[test]
    fn the_request_puts_passages_in_context_and_the_claim_as_the_answer() {
        let body = request("東京 rose.", "Tokyo fell.");
        let roles: Vec<&str> = body["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["system", "context", "assistant"]);
        assert_eq!(body["messages"][2]["content"], "Tokyo fell.");
        assert_eq!(
            body["chat_template_kwargs"]["guardian_config"]["risk_name"],
            "groundedness"
        );
    }
}
