//! Templates of the citation link and the References entry: one line of
//! text with `{{variable}}` placeholders, embedded by default and
//! overridable per book (files in `<theme dir>/evidence/`).
//!
//! Every value is escaped for the template's format when it is substituted,
//! by the kind of value it is (`Kind`); store text can never become markup.

// The checks that a template's text fits where it is placed.
mod context;

use crate::Target;
use evidence_core::escape;
use evidence_core::syntax::{CITE_CLASS, CITE_ID_ATTRIBUTE, REFERENCE_ANCHOR_PREFIX};
use std::borrow::Cow;
use std::path::Path;

/// A template variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Var {
    /// The evidence id.
    Id,
    /// The citation number.
    Number,
    /// The citation number as a citation shows it: in HTML its digits as
    /// character references (`&#49;&#50;` for 12), which read `12` but which
    /// a `[12]: url` definition in the chapter cannot turn into a link.
    Label,
    /// Which citing spot of the item this is (1-based).
    Occurrence,
    /// The id of this citing spot, `cite-<id>-<occurrence>`.
    Anchor,
    /// The publisher.
    Publisher,
    /// The title.
    Title,
    /// `Publisher: Title`, for a `title` attribute or a link title.
    Hover,
    /// `Feb 10, 2026`, in the publication's own offset; empty for an
    /// undated item.
    Date,
    /// `2026-02-10`, in the publication's own offset; empty for an undated
    /// item.
    DateIso,
    /// `Published Feb 10, 2026. `, or nothing for an undated item.
    Published,
    /// The URL as stored.
    Url,
    /// The URL percent-encoded, for `href`.
    Href,
    /// The host of the link (`www.bls.gov`), the default entry's link
    /// text: the full URL is its `href` (and `evidence.css` prints it);
    /// the URL as stored when there is no link.
    Host,
    /// The source's tier, 1 to 4.
    Tier,
    /// `true` when the source is `metadata_only`; empty otherwise.
    Paywall,
    /// `true` when the source is tier 4; empty otherwise.
    MonitorOnly,
    /// The passage the item cites (`cited_text`, else `quote_span`), for
    /// full-text sources only; empty otherwise, and empty when the book
    /// has `search-passages = true` or `references-style = "compact"`. A
    /// reference template that uses it carries the passage (the default,
    /// in `data-passage`, which the card and the stylesheet show); for one
    /// that does not, the passage is quoted under the entry.
    Passage,
    /// The item's snippet, when no passage is shown under the entry
    /// (always so for a paywalled source); empty otherwise. The card shows it.
    Snippet,
    /// ` [Paywall]`, ` [Monitor-only source]`, each after a space.
    Badges,
    /// Back-links to every citing spot (HTML markup, made by us).
    Backlinks,
}

impl Var {
    /// Every variable with its name in templates.
    pub(crate) const ALL: [(&'static str, Var); 21] = [
        ("id", Var::Id),
        ("number", Var::Number),
        ("label", Var::Label),
        ("occurrence", Var::Occurrence),
        ("anchor", Var::Anchor),
        ("publisher", Var::Publisher),
        ("title", Var::Title),
        ("hover", Var::Hover),
        ("date", Var::Date),
        ("date_iso", Var::DateIso),
        ("published", Var::Published),
        ("url", Var::Url),
        ("href", Var::Href),
        ("host", Var::Host),
        ("tier", Var::Tier),
        ("paywall", Var::Paywall),
        ("monitor_only", Var::MonitorOnly),
        ("passage", Var::Passage),
        ("snippet", Var::Snippet),
        ("badges", Var::Badges),
        ("backlinks", Var::Backlinks),
    ];

    fn named(name: &str) -> Option<Var> {
        Var::ALL.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    fn name(self) -> &'static str {
        Var::ALL
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("", |(n, _)| n)
    }
}

/// How a value is escaped when substituted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Text from the store: HTML-escaped, or markdown-escaped.
    Text,
    /// Text for an HTML attribute or a markdown link title.
    Title,
    /// A URL that the `url` crate serialized (percent-encoded, so it holds
    /// no space, quote or angle bracket): HTML-escaped, verbatim in markdown.
    Url,
    /// A value we made from a closed set of characters (ids, numbers,
    /// dates): checked, then verbatim.
    Token,
    /// Markup we built from escaped parts: verbatim.
    Markup,
}

/// A value for a variable.
#[derive(Debug, Clone)]
pub(crate) struct Value<'a> {
    /// How it is escaped.
    pub(crate) kind: Kind,
    /// The unescaped value.
    pub(crate) text: Cow<'a, str>,
}

impl<'a> Value<'a> {
    /// A value of `kind`.
    pub(crate) fn new(kind: Kind, text: impl Into<Cow<'a, str>>) -> Value<'a> {
        Value {
            kind,
            text: text.into(),
        }
    }
}

/// Characters a [`Kind::Token`] may hold: nothing any format treats as markup.
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, ' ' | ',' | '_' | '.' | ':' | '/' | '-')
}

/// Writes `value` escaped for `format`. Store text that is HTML element
/// content (`content`) is isolated where it needs it
/// ([`escape::html_isolated_into`]).
fn push_escaped(out: &mut String, format: Target, value: &Value<'_>, content: bool) {
    let text = value.text.as_ref();
    match (value.kind, format) {
        (Kind::Text | Kind::Title, Target::Html) if content => {
            escape::html_isolated_into(out, text);
        }
        (Kind::Text | Kind::Title | Kind::Url, Target::Html) => escape::html_into(out, text),
        (Kind::Text, Target::Markdown) => out.push_str(&escape::markdown(text)),
        (Kind::Title, Target::Markdown) => out.push_str(&escape::markdown_title(text)),
        (Kind::Url | Kind::Markup, _) => out.push_str(text),
        (Kind::Token, _) => {
            debug_assert!(text.chars().all(is_token_char), "token {text:?}");
            out.extend(text.chars().filter(|&c| is_token_char(c)));
        }
    }
}

/// A part of a parsed template: literal text, a variable, or an HTML
/// attribute whose whole quoted value is one variable.
#[derive(Debug, Clone)]
enum TemplatePart {
    Literal(String),
    Var(Var),
    /// ` name="{{var}}"`: written only when the value is not empty, so
    /// that a page carries no empty attributes (most entries have no
    /// snippet, most sources no paywall). `head` is ` name="`.
    Attribute {
        head: String,
        var: Var,
    },
}

/// A parsed template.
#[derive(Debug, Clone)]
pub struct Template {
    parts: Vec<TemplatePart>,
}

impl Template {
    /// Parses `text`, allowing only the variables `allowed`. A `{{` must open
    /// a variable: `{{name}}`, spaces around the name allowed.
    fn parse(text: &str, allowed: &[Var]) -> Result<Template, (usize, String)> {
        let mut parts = Vec::new();
        let mut rest = text;
        let mut offset = 0;
        while let Some(open) = rest.find("{{") {
            if open > 0 {
                parts.push(TemplatePart::Literal(rest[..open].to_owned()));
            }
            let after = &rest[open + 2..];
            let Some(close) = after.find("}}") else {
                return Err((offset + open, "`{{` is not closed by `}}`".into()));
            };
            let name = after[..close].trim();
            let var = Var::named(name)
                .filter(|v| allowed.contains(v))
                .ok_or_else(|| {
                    let names: Vec<_> = allowed.iter().map(|v| v.name()).collect();
                    (
                        offset + open,
                        format!(
                            "unknown variable `{name}`; this template has: {}",
                            names.join(", ")
                        ),
                    )
                })?;
            parts.push(TemplatePart::Var(var));
            let consumed = open + 2 + close + 2;
            offset += consumed;
            rest = &rest[consumed..];
        }
        if !rest.is_empty() {
            parts.push(TemplatePart::Literal(rest.to_owned()));
        }
        Ok(Template { parts })
    }

    /// The template with each HTML attribute whose whole quoted value is a
    /// variable (` name="{{var}}"`) made optional (see
    /// [`TemplatePart::Attribute`]).
    fn with_optional_attributes(self) -> Template {
        let mut parts: Vec<TemplatePart> = Vec::with_capacity(self.parts.len());
        let mut input = self.parts.into_iter().peekable();
        while let Some(part) = input.next() {
            let TemplatePart::Var(var) = part else {
                parts.push(part);
                continue;
            };
            let head = match parts.last() {
                Some(TemplatePart::Literal(before)) => attribute_head(before),
                _ => None,
            };
            let closes = matches!(input.peek(), Some(TemplatePart::Literal(after)) if after.starts_with('"'));
            let (Some(head), true) = (head, closes) else {
                parts.push(TemplatePart::Var(var));
                continue;
            };
            if let Some(TemplatePart::Literal(before)) = parts.last_mut() {
                before.truncate(before.len() - head.len());
                if before.is_empty() {
                    parts.pop();
                }
            }
            parts.push(TemplatePart::Attribute { head, var });
            if let Some(TemplatePart::Literal(after)) = input.next()
                && after.len() > 1
            {
                parts.push(TemplatePart::Literal(after[1..].to_owned()));
            }
        }
        Template { parts }
    }

    /// Whether the template uses `var`.
    pub(crate) fn uses(&self, var: Var) -> bool {
        self.parts.iter().any(|part| match part {
            TemplatePart::Var(v) | TemplatePart::Attribute { var: v, .. } => *v == var,
            TemplatePart::Literal(_) => false,
        })
    }

    /// Appends the template to `out`, each variable's value from `value`,
    /// escaped for `format`.
    pub(crate) fn render<'v>(
        &self,
        format: Target,
        out: &mut String,
        value: impl Fn(Var) -> Value<'v>,
    ) {
        // A text value that ends with a period (`Acme Inc.`) takes the
        // place of the period the template writes after it: no `Inc..`.
        let mut period_written = false;
        for part in &self.parts {
            match part {
                TemplatePart::Literal(text) => {
                    let text = match text.strip_prefix('.') {
                        Some(rest) if period_written => rest,
                        _ => text,
                    };
                    out.push_str(text);
                    period_written = false;
                }
                TemplatePart::Var(var) => {
                    let value = value(*var);
                    period_written = value.kind == Kind::Text && value.text.ends_with('.');
                    // Inside a tag (an attribute the template fills in
                    // part) there is no element to isolate it with.
                    let in_tag = out.rfind('<').is_some_and(|lt| out.rfind('>') < Some(lt));
                    push_escaped(out, format, &value, !in_tag);
                }
                TemplatePart::Attribute { head, var } => {
                    period_written = false;
                    let value = value(*var);
                    if !value.text.is_empty() {
                        out.push_str(head);
                        push_escaped(out, format, &value, false);
                        out.push('"');
                    }
                }
            }
        }
    }
}

/// ` name="` when `before` ends with a space, an attribute name and `="`
/// (the start of an attribute value that a variable fills whole).
fn attribute_head(before: &str) -> Option<String> {
    let name_and_quote = before.strip_suffix("=\"")?;
    let name_start = name_and_quote
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .map(|i| i + 1)?;
    let space = before[..name_start].chars().next_back()?;
    let named = name_start < name_and_quote.len();
    (named && space.is_ascii_whitespace()).then(|| before[name_start - 1..].to_owned())
}

/// What a template renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Citation,
    CitationHeading,
    Reference,
    CitationMarkdown,
    ReferenceMarkdown,
}

/// Variables of every item (citation and reference alike).
const ITEM_VARS: [Var; 17] = [
    Var::Id,
    Var::Number,
    Var::Label,
    Var::Publisher,
    Var::Title,
    Var::Hover,
    Var::Date,
    Var::DateIso,
    Var::Published,
    Var::Url,
    Var::Href,
    Var::Host,
    Var::Tier,
    Var::Paywall,
    Var::MonitorOnly,
    Var::Passage,
    Var::Snippet,
];

impl Slot {
    const ALL: [Slot; 5] = [
        Slot::Citation,
        Slot::CitationHeading,
        Slot::Reference,
        Slot::CitationMarkdown,
        Slot::ReferenceMarkdown,
    ];

    const fn file_name(self) -> &'static str {
        match self {
            Slot::Citation => "citation.html",
            Slot::CitationHeading => "citation-heading.html",
            Slot::Reference => "reference.html",
            Slot::CitationMarkdown => "citation.md",
            Slot::ReferenceMarkdown => "reference.md",
        }
    }

    fn default_text(self) -> &'static str {
        match self {
            Slot::Citation => include_str!("../../../templates/citation.html"),
            Slot::CitationHeading => include_str!("../../../templates/citation-heading.html"),
            Slot::Reference => include_str!("../../../templates/reference.html"),
            Slot::CitationMarkdown => include_str!("../../../templates/citation.md"),
            Slot::ReferenceMarkdown => include_str!("../../../templates/reference.md"),
        }
    }

    fn allows(self, var: Var) -> bool {
        ITEM_VARS.contains(&var)
            || match self {
                Slot::Citation | Slot::CitationHeading | Slot::CitationMarkdown => {
                    matches!(var, Var::Occurrence | Var::Anchor)
                }
                Slot::Reference | Slot::ReferenceMarkdown => {
                    matches!(var, Var::Badges | Var::Backlinks)
                }
            }
    }

    /// What the template must keep so that a second run recognizes its
    /// output as a citation (see the scanner's `rendered_cite_id`): the opening,
    /// a part it must contain, and the ending.
    fn shape(self) -> Option<(String, Option<String>, String)> {
        let id = format!(" {CITE_ID_ATTRIBUTE}=\"{{{{id}}}}\"");
        match self {
            Slot::Citation => Some((
                format!("<a class=\"{CITE_CLASS}"),
                Some(id),
                ">[{{label}}]</a>".into(),
            )),
            Slot::CitationHeading => Some((
                format!("<span class=\"{CITE_CLASS}"),
                Some(id),
                ">[{{label}}]</span>".into(),
            )),
            Slot::CitationMarkdown => Some((
                format!("[\\[{{{{number}}}}\\]](#{REFERENCE_ANCHOR_PREFIX}{{{{id}}}}"),
                None,
                ")".into(),
            )),
            Slot::Reference | Slot::ReferenceMarkdown => None,
        }
    }

    fn parse(self, text: &str) -> Result<Template, (usize, String)> {
        let text = text
            .strip_suffix('\n')
            .map_or(text, |t| t.strip_suffix('\r').unwrap_or(t));
        if let Some(nl) = text.find(['\n', '\r']) {
            return Err((
                nl,
                "a template is one line (a line break would end the HTML block or paragraph it is in)".into(),
            ));
        }
        if let Some((start, contains, end)) = self.shape() {
            let opening_ok = text
                .strip_prefix(start.as_str())
                .is_some_and(|rest| rest.starts_with(['"', ' ']) || self == Slot::CitationMarkdown);
            let tag_end = text.find('>').unwrap_or(text.len());
            let contains_ok = contains
                .as_ref()
                .is_none_or(|c| text[..tag_end].contains(c.as_str()));
            if !opening_ok || !contains_ok || !text.ends_with(end.as_str()) {
                let contains = contains
                    .map(|c| format!(", have `{}` in its opening tag", c.trim_start()))
                    .unwrap_or_default();
                return Err((
                    0,
                    format!(
                        "a citation template must start with `{start}`{contains} and end with `{end}`, so that a second run recognizes the citation"
                    ),
                ));
            }
        }
        let allowed: Vec<Var> = Var::ALL
            .iter()
            .map(|(_, v)| *v)
            .filter(|v| self.allows(*v))
            .collect();
        let template = Template::parse(text, &allowed)?;
        match self {
            Slot::Citation | Slot::CitationHeading | Slot::Reference => {
                context::check_html(text)?;
                Ok(template.with_optional_attributes())
            }
            Slot::CitationMarkdown | Slot::ReferenceMarkdown => {
                context::check_markdown(text)?;
                Ok(template)
            }
        }
    }
}

pub(crate) use evidence_core::error::TemplateError;

/// The templates of a build, and how heavy a page they make.
#[derive(Debug, Clone)]
pub struct Templates {
    /// Where passages go and how much an entry carries
    /// (`references-style`, `search-passages`).
    pub page: evidence_core::config::PageOptions,
    /// The citation link (HTML).
    pub citation: Template,
    /// A citation in a heading (HTML; a `<span>`, as mdBook links headings).
    pub citation_heading: Template,
    /// A References entry (HTML).
    pub reference: Template,
    /// The citation link (markdown, for other renderers).
    pub citation_markdown: Template,
    /// A References entry (markdown, for other renderers).
    pub reference_markdown: Template,
}

impl Default for Templates {
    fn default() -> Self {
        let [
            citation,
            citation_heading,
            reference,
            citation_markdown,
            reference_markdown,
        ] = Slot::ALL.map(|slot| {
            slot.parse(slot.default_text())
                .unwrap_or_else(|e| panic!("default template {}: {e:?}", slot.file_name()))
        });
        Templates {
            page: evidence_core::config::PageOptions::default(),
            citation,
            citation_heading,
            reference,
            citation_markdown,
            reference_markdown,
        }
    }
}

/// The directory of a book's templates below its theme directory.
pub const BOOK_TEMPLATE_DIR: &str = "evidence";

impl Templates {
    /// The names of a book's template files in [`BOOK_TEMPLATE_DIR`], in
    /// the order [`Templates::from_texts`] takes their texts.
    pub const FILE_NAMES: [&'static str; 5] = [
        Slot::Citation.file_name(),
        Slot::CitationHeading.file_name(),
        Slot::Reference.file_name(),
        Slot::CitationMarkdown.file_name(),
        Slot::ReferenceMarkdown.file_name(),
    ];

    /// The templates of a book whose template directory `dir` holds the
    /// texts `texts` (one for each of [`Templates::FILE_NAMES`], `None`
    /// for a file that does not exist): each text checked and parsed, the
    /// default for the others. The first text that does not fit is
    /// reported at its line and column in `dir/<file name>`.
    pub fn from_texts(dir: &Path, texts: &[Option<String>; 5]) -> Result<Templates, TemplateError> {
        let mut templates = Templates::default();
        for (slot, text) in Slot::ALL.into_iter().zip(texts) {
            let Some(text) = text else { continue };
            let template = slot.parse(text).map_err(|(at, message)| {
                let (line, column) = evidence_core::source_map::line_column(text, at);
                TemplateError {
                    line,
                    column,
                    path: dir.join(slot.file_name()),
                    message,
                }
            })?;
            *match slot {
                Slot::Citation => &mut templates.citation,
                Slot::CitationHeading => &mut templates.citation_heading,
                Slot::Reference => &mut templates.reference,
                Slot::CitationMarkdown => &mut templates.citation_markdown,
                Slot::ReferenceMarkdown => &mut templates.reference_markdown,
            } = template;
        }
        Ok(templates)
    }
}

#[cfg(test)]
mod tests;
