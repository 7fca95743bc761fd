//! Tests of the parent module.

use super::*;

fn render(template: &Template, format: Target, value: &str) -> String {
    let mut out = String::new();
    template.render(format, &mut out, |var| match var {
        Var::Number => Value::new(Kind::Token, "3"),
        Var::Href => Value::new(Kind::Url, "https://x/?a=1&b=2"),
        Var::Hover => Value::new(Kind::Title, value.to_owned()),
        _ => Value::new(Kind::Text, value.to_owned()),
    });
    out
}

#[test]
fn values_are_escaped_by_kind_and_format() {
    let t = Slot::Reference
        .parse("<p>{{number}} {{ title }} <a href=\"{{href}}\" title=\"{{hover}}\">x</a></p>\n")
        .unwrap();
    assert_eq!(
        render(&t, Target::Html, "<script>\"'&"),
        "<p>3 &lt;script&gt;&quot;&#39;&amp; <a href=\"https://x/?a=1&amp;b=2\" title=\"&lt;script&gt;&quot;&#39;&amp;\">x</a></p>"
    );
    let t = Slot::ReferenceMarkdown
        .parse("{{title}} [x](<{{href}}> \"{{hover}}\")")
        .unwrap();
    assert_eq!(
        render(&t, Target::Markdown, "*a* \"q\""),
        "\\*a\\* \\\"q\\\" [x](<https://x/?a=1&b=2> \"*a* \\\"q\\\"\")"
    );
}

#[test]
fn an_attribute_that_is_one_empty_variable_is_left_out() {
    let t = Slot::Reference
        .parse("<p id=\"evidence-{{id}}\" data-s=\"{{snippet}}\" title=\"x{{title}}\"\tdata-t=\"{{title}}\">{{title}}</p>")
        .unwrap();
    assert!(t.uses(Var::Snippet) && !t.uses(Var::Passage));
    let mut out = String::new();
    t.render(Target::Html, &mut out, |var| match var {
        Var::Id => Value::new(Kind::Token, "a"),
        Var::Snippet => Value::new(Kind::Text, ""),
        _ => Value::new(Kind::Text, "东京\u{a0}\"q\""),
    });
    assert_eq!(
        out,
        "<p id=\"evidence-a\" title=\"x东京\u{a0}&quot;q&quot;\"\tdata-t=\"东京\u{a0}&quot;q&quot;\">东京\u{a0}&quot;q&quot;</p>"
    );
    let mut out = String::new();
    t.render(Target::Html, &mut out, |var| match var {
        Var::Title => Value::new(Kind::Text, ""),
        _ => Value::new(Kind::Token, "s"),
    });
    assert_eq!(out, "<p id=\"evidence-s\" data-s=\"s\" title=\"x\"></p>");
}

#[test]
fn unknown_variables_and_unclosed_braces_are_errors() {
    let (at, message) = Slot::Reference.parse("ab {{ anchor }}").unwrap_err();
    assert_eq!(at, 3);
    assert!(message.contains("unknown variable `anchor`"), "{message}");
    assert!(message.contains("backlinks"), "{message}");
    let (_, message) = Slot::Reference.parse("{{title").unwrap_err();
    assert!(message.contains("not closed"), "{message}");
    let (_, message) = Slot::Reference.parse("a\nb").unwrap_err();
    assert!(message.contains("one line"), "{message}");
}

#[test]
fn citation_templates_must_stay_recognizable() {
    let ok = "<a class=\"evidence-cite x\" href=\"#evidence-{{id}}\" data-evidence=\"{{id}}\">[{{label}}]</a>";
    assert!(Slot::Citation.parse(ok).is_ok());
    for bad in [
        "<a class=\"cite\" data-evidence=\"{{id}}\">[{{label}}]</a>",
        "<a class=\"evidence-cite\">[{{label}}]</a>",
        "<a class=\"evidence-cite\" data-evidence=\"{{id}}\">[{{number}}]</a>",
        "<a class=\"evidence-cite\" data-evidence=\"{{id}}\"><sup>{{number}}</sup></a>",
        "<a class=\"evidence-citex\" data-evidence=\"{{id}}\">[{{label}}]</a>",
    ] {
        let (_, message) = Slot::Citation.parse(bad).unwrap_err();
        assert!(message.contains("second run"), "{bad}: {message}");
    }
    assert!(
        Slot::CitationMarkdown
            .parse("[\\[{{number}}\\]](#evidence-{{id}})")
            .is_ok()
    );
    assert!(
        Slot::CitationMarkdown
            .parse("[{{number}}](#evidence-{{id}})")
            .is_err()
    );
}

#[test]
fn the_defaults_parse() {
    let _ = Templates::default();
}

#[test]
fn book_templates_override_the_defaults_with_located_errors() {
    let dir = Path::new("theme/evidence");
    let mut texts: [Option<String>; 5] = Default::default();
    let slot = |name: &str| {
        Templates::FILE_NAMES
            .iter()
            .position(|n| *n == name)
            .unwrap()
    };
    texts[slot("reference.md")] = Some("{{title}}\n".into());
    let t = Templates::from_texts(dir, &texts).unwrap();
    assert_eq!(render(&t.reference_markdown, Target::Markdown, "T"), "T");
    texts[slot("reference.html")] = Some("<p>{{nope}}</p>".into());
    let err = Templates::from_texts(dir, &texts).unwrap_err().to_string();
    assert!(
        err.contains("reference.html:1:4: unknown variable `nope`"),
        "{err}"
    );
}
