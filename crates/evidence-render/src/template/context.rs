//! Where a template may place a value: a book's template override is
//! untrusted, and escaping a value only makes it safe in some places.
//!
//! In an HTML template a placeholder may stand in text, or inside a
//! quoted attribute value (`title="{{hover}}"`), and nowhere else: not in a
//! tag or attribute name, an unquoted value (`data-title={{title}}`, where a
//! space in the value starts a new attribute), a comment, a `<script>` or
//! `<style>` body, an event-handler attribute (`onclick="{{title}}"`), a
//! `style` or `srcdoc` attribute. In an attribute that holds a URL (`href`,
//! `src`, …), and in a markdown link destination or autolink, only the
//! checked link `{{href}}` may set where the URL leads; another value may
//! follow a literal start that fixes it (`href="#evidence-{{id}}"`).
//! Markup we build (`{{backlinks}}`) goes in text only.

use super::Var;

/// Attributes whose value is a URL.
const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "srcset",
    "action",
    "formaction",
    "xlink:href",
    "cite",
    "background",
    "poster",
    "data",
    "codebase",
    "longdesc",
    "usemap",
    "ping",
    "manifest",
    "icon",
    "lowsrc",
    "dynsrc",
    "classid",
    "archive",
    "profile",
];

/// Elements whose body is not HTML text: script, style and the like.
const RAW_TEXT_ELEMENTS: &[&str] = &[
    "script",
    "style",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
];

/// Where the HTML tokenizer is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    Text,
    /// After `<`.
    TagOpen,
    /// In a start tag's name.
    TagName,
    /// In an end tag, up to `>`.
    EndTag,
    /// Between attributes.
    BeforeAttribute,
    /// In an attribute's name (so far).
    AttributeName(String),
    /// After an attribute's name, before `=`.
    AfterAttributeName(String),
    /// After `=`.
    BeforeValue(String),
    /// In a quoted value: the attribute, the quote, where the value started.
    Quoted(String, char, usize),
    /// In an unquoted value.
    Unquoted(String),
    /// In `<!-- … -->`.
    Comment,
    /// In `<!…>` or `<?…>`.
    Declaration,
    /// In the body of a raw-text element, until its end tag.
    RawText(String),
}

/// Checks every placeholder of an HTML template `text`: `Err` holds the
/// byte offset of the first misplaced one and what is wrong.
pub(super) fn check_html(text: &str) -> Result<(), (usize, String)> {
    let mut state = State::Text;
    // The name of the start tag being read, for raw-text elements.
    let mut tag = String::new();
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with("{{") {
            let (name, end) = placeholder_at(text, i);
            if let Some(problem) = html_problem(&state, text, i, name) {
                return Err((i, problem));
            }
            i = end;
            continue;
        }
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        state = step(state, &mut tag, text, i, c);
        i += c.len_utf8();
    }
    Ok(())
}

/// The name of the placeholder whose `{{` is at byte `at` of `text`, and
/// where it ends (after its `}}`, or at the end of an unclosed one).
fn placeholder_at(text: &str, at: usize) -> (&str, usize) {
    let inner = &text[at + 2..];
    match inner.find("}}") {
        Some(close) => (inner[..close].trim(), at + 2 + close + 2),
        None => (inner.trim(), text.len()),
    }
}

/// The state after reading `c` at byte `at` of `text`.
fn step(state: State, tag: &mut String, text: &str, at: usize, c: char) -> State {
    let end_of_tag = |tag: &mut String| {
        let name = std::mem::take(tag).to_ascii_lowercase();
        if RAW_TEXT_ELEMENTS.contains(&name.as_str()) {
            State::RawText(name)
        } else {
            State::Text
        }
    };
    match state {
        State::Text if c == '<' => State::TagOpen,
        State::Text => State::Text,
        State::TagOpen => match c {
            '/' => State::EndTag,
            '!' if text[at..].starts_with("!--") => State::Comment,
            '!' | '?' => State::Declaration,
            c if c.is_ascii_alphabetic() => {
                tag.clear();
                tag.push(c);
                State::TagName
            }
            _ => State::Text,
        },
        State::TagName => match c {
            '>' => end_of_tag(tag),
            c if c.is_whitespace() || c == '/' => State::BeforeAttribute,
            c => {
                tag.push(c);
                State::TagName
            }
        },
        State::EndTag | State::Declaration if c == '>' => State::Text,
        State::Comment if c == '>' && text[..at].ends_with("--") => State::Text,
        State::BeforeAttribute => match c {
            '>' => end_of_tag(tag),
            c if c.is_whitespace() || c == '/' => State::BeforeAttribute,
            c => State::AttributeName(c.to_ascii_lowercase().to_string()),
        },
        State::AttributeName(name) | State::AfterAttributeName(name) => match c {
            '=' => State::BeforeValue(name),
            '>' => end_of_tag(tag),
            c if c.is_whitespace() => State::AfterAttributeName(name),
            '/' => State::BeforeAttribute,
            c if name.is_empty() => State::AttributeName(c.to_ascii_lowercase().to_string()),
            c => State::AttributeName(name + &c.to_ascii_lowercase().to_string()),
        },
        State::BeforeValue(name) => match c {
            '"' | '\'' => State::Quoted(name, c, at + 1),
            '>' => end_of_tag(tag),
            c if c.is_whitespace() => State::BeforeValue(name),
            _ => State::Unquoted(name),
        },
        State::Quoted(name, quote, start) => {
            if c == quote {
                State::BeforeAttribute
            } else {
                State::Quoted(name, quote, start)
            }
        }
        State::Unquoted(name) => match c {
            '>' => end_of_tag(tag),
            c if c.is_whitespace() => State::BeforeAttribute,
            _ => State::Unquoted(name),
        },
        State::RawText(name) => {
            let closes = text[at..]
                .get(..2 + name.len())
                .is_some_and(|t| t.eq_ignore_ascii_case(&format!("</{name}")));
            if closes {
                State::EndTag
            } else {
                State::RawText(name)
            }
        }
        other => other,
    }
}

/// What is wrong with the placeholder `name` at byte `at` in `state`.
fn html_problem(state: &State, text: &str, at: usize, name: &str) -> Option<String> {
    let var = Var::ALL.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let placed = |place: &str| {
        Some(format!(
            "`{{{{{name}}}}}` is {place}; a value may go only in text or inside a quoted attribute value"
        ))
    };
    match state {
        State::Text => None,
        State::TagOpen | State::TagName => placed("in a tag name"),
        State::EndTag => placed("in an end tag"),
        State::BeforeAttribute | State::AttributeName(_) | State::AfterAttributeName(_) => {
            placed("where an attribute name goes")
        }
        State::BeforeValue(attribute) | State::Unquoted(attribute) => Some(format!(
            "`{{{{{name}}}}}` is in the unquoted value of `{attribute}`, where a space in the value would start another attribute; quote it: {attribute}=\"{{{{{name}}}}}\""
        )),
        State::Comment => placed("in an HTML comment"),
        State::Declaration => placed("in an `<!…>` or `<?…>` declaration"),
        State::RawText(element) => placed(&format!(
            "in the body of `<{element}>`, where escaping does not make text inert"
        )),
        State::Quoted(attribute, _, start) => {
            attribute_problem(attribute, &text[*start..at], var, name)
        }
    }
}

/// What is wrong with the placeholder `name` (variable `var`) in the value
/// of `attribute`, after the literal `before`.
fn attribute_problem(
    attribute: &str,
    before: &str,
    var: Option<Var>,
    name: &str,
) -> Option<String> {
    if attribute.starts_with("on") {
        return Some(format!(
            "`{{{{{name}}}}}` is in the event-handler attribute `{attribute}`, whose value is script; use a `data-` attribute"
        ));
    }
    if matches!(attribute, "style" | "srcdoc") {
        return Some(format!(
            "`{{{{{name}}}}}` is in the `{attribute}` attribute, whose value is {}; use a `data-` attribute",
            if attribute == "style" { "CSS" } else { "HTML" }
        ));
    }
    if var == Some(Var::Backlinks) {
        return Some(format!(
            "`{{{{{name}}}}}` is markup, which goes in text, not in the attribute `{attribute}`"
        ));
    }
    if URL_ATTRIBUTES.contains(&attribute) {
        return url_problem(before, var, name)
            .map(|why| format!("{why} (attribute `{attribute}`)"));
    }
    None
}

/// What is wrong with the placeholder `name` in a URL after the literal
/// `before`: only `{{href}}` (an http or https link, checked) may start a
/// URL; another value may follow a start that fixes where it leads (`#…`,
/// `…?…`, `http(s)://host/…`).
fn url_problem(before: &str, var: Option<Var>, name: &str) -> Option<String> {
    if var == Some(Var::Href) {
        return None;
    }
    let fixed = before.starts_with('#')
        || before.contains(['?', '#'])
        || ["https://", "http://"].iter().any(|scheme| {
            before
                .strip_prefix(scheme)
                .is_some_and(|rest| rest.find('/').is_some_and(|slash| slash > 0))
        });
    (!fixed).then(|| {
        format!(
            "`{{{{{name}}}}}` would decide where a link leads (a value such as `javascript:…` would run); use `{{{{href}}}}`, or put it after a fixed start such as `#evidence-`"
        )
    })
}

/// Checks every placeholder of a markdown template `text`: in a link
/// destination `](…)` or an autolink `<…>`, the rules of a URL apply.
pub(super) fn check_markdown(text: &str) -> Result<(), (usize, String)> {
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|o| from + o) {
        let (name, end) = placeholder_at(text, open);
        let var = Var::ALL.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        if let Some(before) = url_start(&text[..open])
            && let Some(problem) = url_problem(before, var, name)
        {
            return Err((open, format!("{problem} (a link destination)")));
        }
        from = end;
    }
    Ok(())
}

/// When `head` ends inside a link destination (`](` or `<` not yet closed,
/// and no space since), the destination's text so far.
fn url_start(head: &str) -> Option<&str> {
    let paren = head.rfind("](").map(|at| at + 2);
    let angle = head.rfind('<').map(|at| at + 1);
    let start = paren.max(angle)?;
    let inside = &head[start..];
    let open = !inside.contains([')', '>', ' ', '\t', '"']);
    open.then_some(inside)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_quoted_values_are_the_only_places() {
        for ok in [
            "<p class=\"x\" title=\"{{hover}}\" data-t='{{title}}'>{{title}} <b>{{publisher}}</b>{{backlinks}}</p>",
            "<a href=\"{{href}}\">{{url}}</a>",
            "<a href=\"#evidence-{{id}}\">[{{label}}]</a>",
            "<a href=\"https://archive.example/{{id}}\">x</a>",
            "<a href=\"/search?q={{title}}\">x</a>",
            "<textarea>{{title}}</textarea> <!-- note --> {{title}}",
            "<script src=\"x.js\"></script>{{title}}",
        ] {
            assert_eq!(check_html(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn every_other_place_is_refused_at_the_placeholder() {
        for (bad, at, says) in [
            (
                "<p data-title={{title}}>x</p>",
                14,
                "unquoted value of `data-title`",
            ),
            ("<p data-title= {{title}}>x</p>", 15, "unquoted value"),
            ("<{{title}} x>", 1, "tag name"),
            ("<p{{title}}>", 2, "tag name"),
            ("<p {{title}}=\"x\">", 3, "attribute name"),
            ("<p x=\"1\"{{title}}>", 8, "attribute name"),
            (
                "<p onclick=\"{{title}}\">x</p>",
                12,
                "event-handler attribute `onclick`",
            ),
            (
                "<p ONMOUSEOVER='a({{id}})'>x</p>",
                18,
                "event-handler attribute `onmouseover`",
            ),
            ("<p style=\"color:{{title}}\">", 16, "`style` attribute"),
            (
                "<script>var t = \"{{title}}\";</script>",
                17,
                "body of `<script>`",
            ),
            (
                "<STYLE>p{content:'{{title}}'}</STYLE>",
                18,
                "body of `<style>`",
            ),
            ("<!-- {{title}} -->", 5, "HTML comment"),
            ("<a href=\"{{url}}\">x</a>", 9, "where a link leads"),
            ("<a href=\"{{title}}\">x</a>", 9, "where a link leads"),
            ("<img src=\"/{{id}}\">", 11, "where a link leads"),
            ("<p title=\"{{backlinks}}\">", 10, "markup"),
            ("</p {{title}}>", 4, "end tag"),
        ] {
            let (offset, message) = check_html(bad).unwrap_err();
            assert_eq!(offset, at, "{bad}: {message}");
            assert!(message.contains(says), "{bad}: {message}");
        }
    }

    #[test]
    fn markdown_link_destinations_take_only_checked_links() {
        for ok in [
            "[\\[{{number}}\\]](#evidence-{{id}} \"{{hover}}\")",
            "\\[{{number}}\\] {{publisher}}. \"{{title}}\". {{published}}<{{href}}>{{badges}}",
            "[{{title}}]({{href}})",
        ] {
            assert_eq!(check_markdown(ok), Ok(()), "{ok}");
        }
        // An unclosed placeholder with a multi-byte character is read to the end.
        assert_eq!(check_html("<p>{{ab€"), Ok(()));
        for bad in ["[{{title}}]({{url}})", "<{{title}}>", "[x]({{id}} \"t\")"] {
            let (_, message) = check_markdown(bad).unwrap_err();
            assert!(message.contains("where a link leads"), "{bad}: {message}");
        }
    }
}
