//! The disclosure under a chapter's title: what drafted the chapter and
//! what checked it, in words (the `[preprocessor.evidence.disclosure]`
//! template) and, for HTML, as schema.org data in JSON-LD.
//!
//! Every renderer gets a `> [!NOTE]` admonition after a marker comment:
//! an admonition is what the claim rules skip (raw HTML is not: its text
//! is read, so that no claim hides in it), and a second run knows the
//! comment ([`super::disclosure_facts::has_disclosure`]) and adds nothing. In
//! HTML the sentence is a `<span class="evidence-disclosure" lang>`
//! (styled, and in its own language) and a `<script
//! type="application/ld+json">` follows on one line; other renderers get
//! the sentence alone. The sentence is markdown-escaped either way: every
//! ASCII punctuation mark is a backslash escape, which is literal text
//! (no link, emphasis, HTML or `{{#include}}` can start).

use crate::disclosure_facts::{ChapterFacts, DISCLOSURE_CLASS};
use crate::{Edit, Target};
use evidence_core::config::{Disclosure, DisclosurePart};
use evidence_core::display::counted;
use evidence_core::escape;
use evidence_core::syntax::DISCLOSURE_COMMENT;
use evidence_rules::Resolved;
use serde_json::{Value, json};

/// A chapter's disclosure, as planned: where it goes and what it says.
#[derive(Debug)]
pub(crate) struct Disclosed<'s> {
    /// The line start under the title (where a banner would go).
    pub(crate) at: usize,
    /// The facts.
    pub(crate) facts: ChapterFacts,
    /// The wording and language.
    pub(crate) settings: &'s Disclosure,
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
    crate::insert_block(text, disclosed.at, &lines, newline)
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

/// `A language model, M (V), drafted this chapter on D.`, or, when the
/// response gave no date, `… drafted this chapter; it was imported on
/// D.`; nothing for a chapter no import wrote.
fn drafted_sentence(facts: &ChapterFacts) -> String {
    let Some(d) = &facts.drafted else {
        return String::new();
    };
    let mut out = "A language model".to_owned();
    match (&d.model, d.vendor.as_deref().map(api_of)) {
        (Some(model), Some(api)) => out.push_str(&format!(", {model} ({api}),")),
        (Some(model), None) => out.push_str(&format!(", {model},")),
        (None, Some(api)) => out.push_str(&format!(" ({api})")),
        (None, None) => {}
    }
    out.push_str(" drafted this chapter");
    match (&d.date, d.imported) {
        (Some(date), false) => out.push_str(&format!(" on {date}.")),
        (Some(date), true) => out.push_str(&format!("; it was imported on {date}.")),
        (None, _) => out.push('.'),
    }
    out
}

/// The API a record names, without the importer's ` response` (`Anthropic
/// Messages API response` → `Anthropic Messages API`).
fn api_of(vendor: &str) -> &str {
    vendor.strip_suffix(" response").unwrap_or(vendor)
}

/// The organisation behind an API a record names (`Anthropic Messages
/// API response` → `Anthropic`), for JSON-LD's `provider`; `None` for an
/// API it does not know.
fn organization(vendor: &str) -> Option<&'static str> {
    const KNOWN: &[(&str, &str)] = &[
        ("Anthropic", "Anthropic"),
        ("OpenAI", "OpenAI"),
        ("Azure OpenAI", "Microsoft"),
        ("Gemini", "Google"),
        ("Google", "Google"),
        ("Perplexity", "Perplexity"),
        ("Cohere", "Cohere"),
        ("Amazon", "Amazon"),
        ("xAI", "xAI"),
        ("Mistral", "Mistral AI"),
        ("Tavily", "Tavily"),
        ("Exa", "Exa"),
        ("Groq", "Groq"),
        ("Brave", "Brave"),
        ("DashScope", "Alibaba Cloud"),
        ("You.com", "You.com"),
    ];
    KNOWN
        .iter()
        .filter(|(prefix, _)| {
            vendor
                .strip_prefix(prefix)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
        })
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|(_, name)| *name)
}

/// Who checked the citations, by kind, with what they found: `Of its 7
/// citations, 4 were checked by a person (Ana Ruiz): 1 supported, 3
/// unsupported; the other 3 by mdbook-evidence's lexical rules only.`
fn checked_sentence(facts: &ChapterFacts) -> String {
    let all = counted(facts.citations, "citation", "citations");
    if facts.citations == 0 {
        return "It cites nothing the evidence store holds.".into();
    }
    let judged = facts.model_checked + facts.person_checked;
    if judged == 0 {
        return format!(
            "Its {all} were checked by mdbook-evidence's lexical rules only; no model or person judged them."
        );
    }
    let found = |checked: usize, unsupported: usize| {
        let supported = checked - unsupported.min(checked);
        match (supported, unsupported) {
            (_, 0) => format!("{supported} supported"),
            (0, _) => format!("{unsupported} unsupported"),
            _ => format!("{supported} supported, {unsupported} unsupported"),
        }
    };
    // (how many, by whom and what they found), the first the verb's subject.
    let mut parts: Vec<(usize, String)> = Vec::new();
    if facts.person_checked > 0 {
        parts.push((
            facts.person_checked,
            format!(
                "by {} ({}): {}",
                if facts.people.len() == 1 {
                    "a person"
                } else {
                    "people"
                },
                facts.people.join(", "),
                found(facts.person_checked, facts.person_unsupported)
            ),
        ));
    }
    if facts.model_checked > 0 {
        parts.push((
            facts.model_checked,
            format!(
                "by {} ({}): {}",
                if facts.checkers.len() == 1 {
                    "a model"
                } else {
                    "models"
                },
                facts.checkers.join(", "),
                found(facts.model_checked, facts.model_unsupported)
            ),
        ));
    }
    let mut out = String::new();
    for (at, (count, what)) in parts.iter().enumerate() {
        if at == 0 {
            let was = if *count == 1 { "was" } else { "were" };
            out.push_str(&format!("Of its {all}, {count} {was} checked {what}"));
        } else {
            out.push_str(&format!("; {count} {what}"));
        }
    }
    let rest = facts.citations.saturating_sub(judged);
    if rest > 0 {
        out.push_str(&format!(
            "; the other {rest} by mdbook-evidence's lexical rules only"
        ));
    }
    out.push('.');
    out
}

/// Who reviewed the chapter (declared in book.toml, or every citation of a
/// passage judged by a person), or that no person did.
fn reviewed_sentence(facts: &ChapterFacts) -> String {
    match &facts.review {
        Some(review) => match &review.at {
            Some(at) => format!("{} reviewed it on {at}.", review.by.join(" and ")),
            None => format!("{} reviewed it.", review.by.join(" and ")),
        },
        None if facts.person_checked > 0 => "No person has reviewed all of it.".into(),
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
        if let Some(name) = d.vendor.as_deref().and_then(organization) {
            creator["provider"] = json!({"@type": "Organization", "name": name});
        }
        data["creator"] = creator;
        // The import's day is no creation date: only the response's own
        // is given, as `dateCreated`.
        if let Some(date) = d.date.as_ref().filter(|_| !d.imported) {
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
    // Each work once: items of one page (several passages of one URL)
    // are one citation.
    let mut seen = std::collections::HashSet::new();
    let citations: Vec<Value> = cited
        .filter(|r| seen.insert(if r.url.is_empty() { r.id } else { r.url }))
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

    fn facts(citations: usize, person: (usize, usize), model: (usize, usize)) -> ChapterFacts {
        ChapterFacts {
            drafted: None,
            citations,
            person_checked: person.0,
            person_unsupported: person.1,
            model_checked: model.0,
            model_unsupported: model.1,
            checkers: vec!["gpt-x 1".into()],
            people: vec!["Ana Ruiz".into()],
            review: None,
        }
    }

    #[test]
    fn the_checks_are_said_by_kind_with_what_they_found() {
        assert_eq!(
            checked_sentence(&facts(7, (4, 3), (0, 0))),
            "Of its 7 citations, 4 were checked by a person (Ana Ruiz): 1 supported, 3 unsupported; the other 3 by mdbook-evidence's lexical rules only."
        );
        assert_eq!(
            checked_sentence(&facts(2, (1, 0), (1, 1))),
            "Of its 2 citations, 1 was checked by a person (Ana Ruiz): 1 supported; 1 by a model (gpt-x 1): 1 unsupported."
        );
        assert_eq!(
            reviewed_sentence(&facts(2, (1, 0), (0, 0))),
            "No person has reviewed all of it."
        );
        assert_eq!(
            organization("Anthropic Messages API response"),
            Some("Anthropic")
        );
        assert_eq!(
            organization("Azure OpenAI \"On Your Data\" response"),
            Some("Microsoft")
        );
        assert_eq!(organization("Exa /answer response"), Some("Exa"));
        assert_eq!(organization("Exactly"), None);
    }

    #[test]
    fn the_script_cannot_be_closed_or_include_a_file() {
        let value = json!({"a": "</script><!-- {{#include /etc/passwd}} & \u{202e}"});
        let text = script_json(&value);
        assert!(!text.contains('<') && !text.contains("{{"), "{text}");
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
