//! The disclosure under a chapter's title: what drafted the chapter and
//! what checked it, in words (the `[preprocessor.evidence.disclosure]`
//! template) and, for HTML, as schema.org data in JSON-LD.
//!
//! Every renderer gets a `> [!NOTE]` admonition after a marker comment:
//! an admonition is what the claim rules skip (raw HTML is not: its text
//! is read, so that no claim hides in it), and a second run knows the
//! comment ([`crate::provenance::has_disclosure`]) and adds nothing. In
//! HTML the sentence is a `<span class="evidence-disclosure" lang>`
//! (styled, and in its own language) and a `<script
//! type="application/ld+json">` follows on one line; other renderers get
//! the sentence alone. The sentence is markdown-escaped either way: every
//! ASCII punctuation mark is a backslash escape, which is literal text
//! (no link, emphasis, HTML or `{{#include}}` can start).

use super::{Edit, Target, escape};
use crate::config::{Disclosure, DisclosurePart};
use crate::provenance::{ChapterFacts, DISCLOSURE_CLASS};
use crate::report::counted;
use crate::rules::Resolved;
use crate::syntax::DISCLOSURE_COMMENT;
use serde_json::{Value, json};

/// A chapter's disclosure, as planned: where it goes and what it says.
#[derive(Debug)]
pub(crate) struct Disclosed<'s> {
    /// The line start under the title (where a banner would go).
    pub at: usize,
    /// The facts.
    pub facts: ChapterFacts,
    /// The wording and language.
    pub settings: &'s Disclosure,
}

/// The edit that inserts the disclosure; `cited` are the items the
/// chapter's References list (the JSON-LD's `citation`s).
pub(super) fn edit<'a>(
    text: &str,
    disclosed: &Disclosed<'_>,
    cited: impl Iterator<Item = &'a Resolved<'a>>,
    target: Target,
    newline: &str,
) -> Edit {
    let sentence = sentence(&disclosed.facts, disclosed.settings);
    let words = escape::markdown(&sentence);
    let lines = match target {
        Target::Html => {
            // A checked language tag: letters, digits and `-` only.
            let lang = escape::html(&disclosed.settings.language);
            vec![
                DISCLOSURE_COMMENT.to_owned(),
                "> [!NOTE]".to_owned(),
                format!("> <span class=\"{DISCLOSURE_CLASS}\" lang=\"{lang}\">{words}</span>"),
                String::new(),
                format!(
                    "<script type=\"application/ld+json\">{}</script>",
                    script_json(&json_ld(disclosed, &sentence, cited))
                ),
            ]
        }
        Target::Markdown => vec![
            DISCLOSURE_COMMENT.to_owned(),
            "> [!NOTE]".to_owned(),
            format!("> {words}"),
        ],
    };
    super::insert_block(text, disclosed.at, &lines, newline)
}

/// The disclosure's words: the template with its placeholders filled.
pub(crate) fn sentence(facts: &ChapterFacts, settings: &Disclosure) -> String {
    let mut out = String::new();
    for part in &settings.template {
        match part {
            DisclosurePart::Text(text) => out.push_str(text),
            DisclosurePart::Fact(name) => out.push_str(&fact(facts, name)),
        }
    }
    // A sentence left out (a hand-written chapter's `{drafted}`) leaves no
    // gap.
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of one placeholder.
fn fact(facts: &ChapterFacts, name: &str) -> String {
    let drafted = facts.drafted.as_ref();
    let review = facts.review.as_ref();
    match name {
        "model" => drafted
            .and_then(|d| d.model.clone())
            .unwrap_or_else(|| "an unnamed model".into()),
        "vendor" => drafted.and_then(|d| d.vendor.clone()).unwrap_or_default(),
        "date" => drafted.and_then(|d| d.date.clone()).unwrap_or_default(),
        "citations" => facts.citations.to_string(),
        "model_checked" => facts.model_checked.to_string(),
        "person_checked" => facts.person_checked.to_string(),
        "checkers" => facts.checkers.join(", "),
        "reviewed_by" => review.map(|r| r.by.join(" and ")).unwrap_or_default(),
        "reviewed_at" => review.and_then(|r| r.at.clone()).unwrap_or_default(),
        "drafted" => drafted_sentence(facts),
        "checked" => checked_sentence(facts),
        "reviewed" => reviewed_sentence(facts),
        _ => String::new(),
    }
}

/// `A language model, M (V), drafted this chapter on D.`; nothing for a
/// chapter no import wrote.
fn drafted_sentence(facts: &ChapterFacts) -> String {
    let Some(d) = &facts.drafted else {
        return String::new();
    };
    let mut out = "A language model".to_owned();
    match (&d.model, &d.vendor) {
        (Some(model), Some(vendor)) => out.push_str(&format!(", {model} ({vendor}),")),
        (Some(model), None) => out.push_str(&format!(", {model},")),
        (None, Some(vendor)) => out.push_str(&format!(" ({vendor})")),
        (None, None) => {}
    }
    out.push_str(" drafted this chapter");
    if let Some(date) = &d.date {
        out.push_str(&format!(" on {date}"));
    }
    out.push('.');
    out
}

/// How many citations a model and a person checked, or that the lexical
/// rules alone did.
fn checked_sentence(facts: &ChapterFacts) -> String {
    let all = counted(facts.citations, "citation", "citations");
    if facts.citations == 0 {
        return "It cites no passage a checker could read; its citations were checked against the evidence store by mdbook-evidence's rules only.".into();
    }
    if facts.model_checked + facts.person_checked == 0 {
        return format!(
            "Its {all} were checked by mdbook-evidence's lexical rules only; no model or person judged them."
        );
    }
    let mut parts = Vec::new();
    if facts.model_checked > 0 {
        parts.push(format!(
            "{} by a model ({})",
            facts.model_checked,
            facts.checkers.join(", ")
        ));
    }
    if facts.person_checked > 0 {
        parts.push(format!("{} by a person", facts.person_checked));
    }
    let rest = facts
        .citations
        .saturating_sub(facts.model_checked + facts.person_checked);
    let tail = if rest > 0 {
        format!("; the other {rest} by the lexical rules only")
    } else {
        String::new()
    };
    format!(
        "Of its {all}, {} {} checked against their passages{tail}.",
        parts.join(" and "),
        if facts.model_checked + facts.person_checked == 1 {
            "was"
        } else {
            "were"
        }
    )
}

/// Who reviewed the chapter, or that no person did.
fn reviewed_sentence(facts: &ChapterFacts) -> String {
    match &facts.review {
        Some(review) => match &review.at {
            Some(at) => format!("{} reviewed it on {at}.", review.by.join(" and ")),
            None => format!("{} reviewed it.", review.by.join(" and ")),
        },
        None => "No person has reviewed it.".into(),
    }
}

/// The facts as schema.org data: a `WebPage` (the `CreativeWork` that has
/// `reviewedBy` and `lastReviewed`), its `creator` the model.
fn json_ld<'a>(
    disclosed: &Disclosed<'_>,
    sentence: &str,
    cited: impl Iterator<Item = &'a Resolved<'a>>,
) -> Value {
    let facts = &disclosed.facts;
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "WebPage",
        "inLanguage": disclosed.settings.language,
        "description": sentence,
    });
    if let Some(d) = &facts.drafted {
        let mut creator = json!({
            "@type": "SoftwareApplication",
            "applicationCategory": "Large language model",
            "name": d.model.clone().unwrap_or_else(|| "unnamed model".into()),
        });
        if let Some(vendor) = &d.vendor {
            creator["provider"] = json!({"@type": "Organization", "name": vendor});
        }
        data["creator"] = creator;
        if let Some(date) = &d.date {
            data["dateCreated"] = json!(date);
        }
    }
    if let Some(review) = &facts.review {
        let people: Vec<Value> = review
            .by
            .iter()
            .map(|name| json!({"@type": "Person", "name": name}))
            .collect();
        data["reviewedBy"] = Value::Array(people);
        if let Some(at) = &review.at {
            data["lastReviewed"] = json!(at);
        }
    }
    let citations: Vec<Value> = cited
        .map(|r| json!({"@type": "CreativeWork", "url": r.url, "name": r.title}))
        .collect();
    if !citations.is_empty() {
        data["citation"] = Value::Array(citations);
    }
    data
}

/// JSON that cannot end its `<script>` (`</script>`, `<!--`) nor hold an
/// `{{#include}}` for a links preprocessor after this one: `<`, `>` and
/// `&` (which occur only in strings) become `\u` escapes, and so does
/// every `{` after a `{` (two in a row occur only in strings).
fn script_json(value: &Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len() + 16);
    let mut previous = '\0';
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '{' if previous == '{' => out.push_str("\\u007b"),
            c => out.push(c),
        }
        // What follows an escaped brace is no longer after a `{`.
        previous = if c == '{' && previous == '{' { '\0' } else { c };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_cannot_be_closed_or_include_a_file() {
        let value = json!({"a": "</script><!-- {{#include /etc/passwd}} & \u{202e}"});
        let text = script_json(&value);
        assert!(!text.contains('<') && !text.contains("{{"), "{text}");
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
