//! `[preprocessor.evidence.disclosure]`: what a chapter says of how it was
//! made, under its title (see `provenance` for the facts and the guide's
//! Provenance page for why).
//!
//! ```toml
//! [preprocessor.evidence.disclosure]
//! enabled = true            # false: no chapter says anything
//! hand-written = false      # true: chapters no import wrote say who checked them too
//! language = "en"           # the page's words; another needs a `template`
//! template = "Drafted by {model} ({vendor}) on {date}. {checked} {reviewed}"
//! reviewed-by = "Jane Doe"  # a person who reviewed the whole book …
//! reviewed-at = "2026-08-01"
//! [preprocessor.evidence.disclosure.chapters."brief.md"]
//! reviewed-by = "Ana Ruiz"  # … or one chapter
//! reviewed-at = "2026-08-03"
//! ```

use crate::config::ConfigError;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The placeholders a template may use: single facts, then the sentences
/// the default wording is made of (English).
pub(super) const PLACEHOLDERS: [&str; 12] = [
    "model",
    "vendor",
    "date",
    "citations",
    "model_checked",
    "person_checked",
    "checkers",
    "reviewed_by",
    "reviewed_at",
    "drafted",
    "checked",
    "reviewed",
];

/// The default template (English): three sentences a reader understands.
pub(super) const DEFAULT_TEMPLATE: &str = "{drafted} {checked} {reviewed}";

/// One part of a template: text as written, or a placeholder's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Text, kept as written (escaped where it is rendered).
    Text(String),
    /// A placeholder, one of `PLACEHOLDERS`.
    Fact(&'static str),
}

/// A person's review, as declared in book.toml.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DeclaredReview {
    /// Who reviewed it and holds editorial responsibility.
    pub reviewed_by: Option<String>,
    /// When (`YYYY-MM-DD` or RFC 3339).
    pub reviewed_at: Option<String>,
}

/// The table as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub(super) struct RawDisclosure {
    enabled: bool,
    hand_written: bool,
    template: Option<String>,
    language: String,
    reviewed_by: Option<String>,
    reviewed_at: Option<String>,
    chapters: BTreeMap<String, DeclaredReview>,
}

impl Default for RawDisclosure {
    fn default() -> Self {
        RawDisclosure {
            enabled: true,
            hand_written: false,
            template: None,
            language: "en".to_owned(),
            reviewed_by: None,
            reviewed_at: None,
            chapters: BTreeMap::new(),
        }
    }
}

/// The disclosure settings, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disclosure {
    /// Whether any chapter says anything.
    pub enabled: bool,
    /// Whether chapters that no import wrote say who checked them.
    pub hand_written: bool,
    /// The wording, parsed.
    pub template: Vec<Part>,
    /// The language of the wording (a BCP 47 tag: the page's `lang`, the
    /// JSON-LD's `inLanguage`).
    pub language: String,
    /// The review declared for the whole book.
    pub(crate) book_review: DeclaredReview,
    /// Reviews declared per chapter (path relative to `src/`).
    pub(crate) chapter_reviews: BTreeMap<String, DeclaredReview>,
}

impl Default for Disclosure {
    fn default() -> Self {
        Disclosure {
            enabled: true,
            hand_written: false,
            template: parse_template(DEFAULT_TEMPLATE).unwrap_or_default(),
            language: "en".to_owned(),
            book_review: DeclaredReview::default(),
            chapter_reviews: BTreeMap::new(),
        }
    }
}

impl Disclosure {
    /// The review declared for the chapter keyed `key`: its own, else the
    /// book's.
    pub fn declared_review(&self, key: &str) -> &DeclaredReview {
        self.chapter_reviews
            .get(key)
            .filter(|r| r.reviewed_by.is_some())
            .unwrap_or(&self.book_review)
    }
}

/// An error in the table, naming the key.
fn invalid(key: &str, message: String) -> ConfigError {
    ConfigError::Invalid {
        key: format!("disclosure.{key}"),
        message,
    }
}

/// Checks the table: the template's placeholders, the language, the dates.
pub(super) fn check(raw: RawDisclosure) -> Result<Disclosure, ConfigError> {
    let language = raw.language.trim().to_owned();
    let tag_ok = !language.is_empty()
        && language.len() <= 35
        && language
            .split('-')
            .all(|p| !p.is_empty() && p.len() <= 8 && p.chars().all(|c| c.is_ascii_alphanumeric()));
    if !tag_ok {
        return Err(invalid(
            "language",
            format!(
                "{language:?} is not a language tag; write one such as \"en\", \"de\" or \"pt-BR\""
            ),
        ));
    }
    let english = language == "en" || language.starts_with("en-");
    let template = match raw.template {
        Some(text) => parse_template(&text).map_err(|m| invalid("template", m))?,
        None if english => parse_template(DEFAULT_TEMPLATE).map_err(|m| invalid("template", m))?,
        None => {
            return Err(invalid(
                "template",
                format!(
                    "the built-in wording is English, and `language` is {language:?}; write a `template` in that language from the placeholders {{model}}, {{vendor}}, {{date}}, {{citations}}, {{model_checked}}, {{person_checked}}, {{checkers}}, {{reviewed_by}} and {{reviewed_at}}"
                ),
            ));
        }
    };
    let check_review = |key: &str, review: &DeclaredReview| -> Result<(), ConfigError> {
        if let Some(at) = &review.reviewed_at {
            valid_date(at).map_err(|m| invalid(&format!("{key}reviewed-at"), m))?;
            if review
                .reviewed_by
                .as_deref()
                .is_none_or(|b| b.trim().is_empty())
            {
                return Err(invalid(
                    &format!("{key}reviewed-by"),
                    "`reviewed-at` is set but not who reviewed; add `reviewed-by = \"NAME\"`"
                        .into(),
                ));
            }
        }
        Ok(())
    };
    let book_review = DeclaredReview {
        reviewed_by: raw.reviewed_by,
        reviewed_at: raw.reviewed_at,
    };
    check_review("", &book_review)?;
    for (chapter, review) in &raw.chapters {
        check_review(&format!("chapters.{chapter:?}."), review)?;
    }
    Ok(Disclosure {
        enabled: raw.enabled,
        hand_written: raw.hand_written,
        template,
        language,
        book_review,
        chapter_reviews: raw.chapters,
    })
}

/// `YYYY-MM-DD` or an RFC 3339 time.
fn valid_date(text: &str) -> Result<(), String> {
    let ok = text.parse::<jiff::civil::Date>().is_ok() || text.parse::<jiff::Timestamp>().is_ok();
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{text:?} is not a date; write `YYYY-MM-DD` (e.g. \"2026-08-01\") or an RFC 3339 time"
        ))
    }
}

/// A template's parts: `{name}` is a placeholder, `{{` and `}}` are braces.
pub(super) fn parse_template(text: &str) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(['{', '}']) {
        literal.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(after) = tail.strip_prefix("{{").or_else(|| tail.strip_prefix("}}")) {
            literal.push_str(&tail[..1]);
            rest = after;
            continue;
        }
        if tail.starts_with('}') {
            return Err("a `}` closes no placeholder; write `}}` for a brace".into());
        }
        let Some(close) = tail.find('}') else {
            return Err(
                "a `{` opens a placeholder that is never closed; write `{{` for a brace".into(),
            );
        };
        let name = &tail[1..close];
        let Some(known) = PLACEHOLDERS.iter().find(|p| **p == name) else {
            let hint = crate::suggest::closest(name, PLACEHOLDERS.iter().copied())
                .map(|k| format!(" (did you mean `{{{k}}}`?)"))
                .unwrap_or_default();
            return Err(format!(
                "unknown placeholder `{{{name}}}`{hint}; the placeholders are {}",
                PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
            ));
        };
        if !literal.is_empty() {
            parts.push(Part::Text(std::mem::take(&mut literal)));
        }
        parts.push(Part::Fact(known));
        rest = &tail[close + 1..];
    }
    literal.push_str(rest);
    if !literal.is_empty() {
        parts.push(Part::Text(literal));
    }
    if parts.is_empty() {
        return Err("the template is empty; set `enabled = false` to say nothing".into());
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_parse_and_mistakes_are_named() {
        assert_eq!(
            parse_template("By {model} {{x}}").unwrap(),
            vec![
                Part::Text("By ".into()),
                Part::Fact("model"),
                Part::Text(" {x}".into())
            ]
        );
        let err = parse_template("By {modle}").unwrap_err();
        assert!(err.contains("did you mean `{model}`"), "{err}");
        assert!(parse_template("By {model").is_err());
        assert!(parse_template("By }").is_err());
        assert!(parse_template("").is_err());
        assert!(parse_template("作成：{model}　{date}").is_ok());
    }
}
