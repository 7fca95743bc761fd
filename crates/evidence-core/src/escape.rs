//! Escaping store text for the page: nothing in the store is markup, and
//! no store text turns the page's text around. Bidi embeddings, overrides
//! and isolates (U+202A–U+202E, U+2066–U+2069) are dropped from every
//! value: one left open reverses what follows it (a publisher of
//! `Evil\u{202e} Corp` made the entry's link text read backwards). The
//! marks (U+200E, U+200F, U+061C) are kept, as right-to-left names need
//! them, and a value that holds right-to-left text or a mark is isolated
//! in `<bdi>` where it is element content ([`html_isolated_into`]), so
//! that it cannot reorder the text around it.

/// Escapes text for HTML element content and double- or single-quoted
/// attribute values. Line breaks become spaces so that text can never end
/// an HTML block (a blank line would hand the rest back to markdown).
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    html_into(&mut out, text);
    out
}

/// [`html`], appended to `out`: escaping into the text being built saves a
/// String per field (a push_str rewrite of `citation` and `references` with
/// it takes 6.6% off the benchmark book's instructions; BENCHMARKS.md).
pub fn html_into(out: &mut String, text: &str) {
    // Runs of bytes that need nothing are copied whole; only the bytes
    // below are looked at one by one.
    let bytes = text.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let (replacement, len) = match bytes[i] {
            b'&' => ("&amp;", 1),
            b'<' => ("&lt;", 1),
            b'>' => ("&gt;", 1),
            b'"' => ("&quot;", 1),
            b'\'' => ("&#39;", 1),
            // A pipe would split a table cell and a backtick could pair with
            // one in the author's text into a code span around our markup.
            b'|' => ("&#124;", 1),
            b'`' => ("&#96;", 1),
            // `{{#include …}}` would be expanded by mdBook's links
            // preprocessor if it runs after this one.
            b'{' => ("&#123;", 1),
            b'\n' | b'\r' | b'\t' => (" ", 1),
            // Other control characters (C0, DEL, and C1: U+0080 to U+009F,
            // which UTF-8 writes as 0xC2 0x80..=0x9F) are dropped.
            0..=0x1f | 0x7f => ("", 1),
            0xc2 if matches!(bytes.get(i + 1), Some(0x80..=0x9f)) => ("", 2),
            // U+202A–U+202E (0xE2 0x80 0xAA..=0xAE) and U+2066–U+2069
            // (0xE2 0x81 0xA6..=0xA9): see the module's comment.
            0xe2 if matches!(
                (bytes.get(i + 1), bytes.get(i + 2)),
                (Some(0x80), Some(0xaa..=0xae)) | (Some(0x81), Some(0xa6..=0xa9))
            ) =>
            {
                ("", 3)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(&text[run..i]);
        out.push_str(replacement);
        i += len;
        run = i;
    }
    out.push_str(&text[run..]);
}

/// Whether `c` is a bidi embedding, override or isolate, which no store
/// value keeps.
fn is_directional_formatting(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `text` needs isolating from the text around it: it holds a
/// right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko and the
/// other right-to-left blocks) or a bidi mark. Left-to-right text is
/// written as it is, also once the overrides it held are dropped.
pub fn needs_isolation(text: &str) -> bool {
    text.chars().any(|c| {
        (crate::syntax::is_bidi_control(c) && !is_directional_formatting(c))
            || matches!(c,
                '\u{0590}'..='\u{08ff}' | '\u{fb1d}'..='\u{fdff}' | '\u{fe70}'..='\u{feff}'
                | '\u{10800}'..='\u{10fff}' | '\u{1e800}'..='\u{1efff}')
    })
}

/// [`html_into`] for element content, in `<bdi>` when the text
/// [`needs_isolation`]: a right-to-left publisher keeps its own order and
/// leaves the title and link after it in theirs.
pub fn html_isolated_into(out: &mut String, text: &str) {
    if needs_isolation(text) {
        out.push_str("<bdi>");
        html_into(out, text);
        out.push_str("</bdi>");
    } else {
        html_into(out, text);
    }
}

/// Escapes text for markdown inline content: every ASCII punctuation
/// character is backslash-escaped (CommonMark allows escaping any of them),
/// so no emphasis, link, code, HTML, table pipe or entity can start.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_ascii_punctuation() => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() || is_directional_formatting(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for a double-quoted markdown link title.
pub fn markdown_title(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            '"' | '\\' | '&' => {
                out.push('\\');
                out.push(c);
            }
            // Entities are decoded in link titles; see `html` for why.
            '|' => out.push_str("&#124;"),
            '`' => out.push_str("&#96;"),
            '{' => out.push_str("&#123;"),
            c if c.is_control() || is_directional_formatting(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// `text` in double quotes for a diagnostic, as a reader can read it:
/// a quote, a backslash and the characters that move or hide text in a
/// terminal or a CI log (control characters, line and paragraph
/// separators, bidi embeddings, overrides and isolates, the byte-order
/// mark) are escaped, as Rust's `{:?}` escapes them; unlike `{:?}`, the
/// marks a script writes on its letters (`्`, `़`, an accent) are kept,
/// so a Hindi passage is quoted in Hindi.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control()
                || is_directional_formatting(c)
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}') =>
            {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_markup_and_quotes() {
        assert_eq!(
            html("<script>alert('x')</script> & \"q\"\n\nnext"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;  next"
        );
        assert_eq!(html("a | b `c`"), "a &#124; b &#96;c&#96;");
        assert_eq!(html("{{#include x}}"), "&#123;&#123;#include x}}");
        assert_eq!(html("é\u{1}\u{85}✓\u{7f}\t"), "é✓ ");
    }

    #[test]
    fn html_handles_every_character_as_one_at_a_time_would() {
        let one_at_a_time = |c: char| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            '\'' => "&#39;".to_owned(),
            '|' => "&#124;".to_owned(),
            '`' => "&#96;".to_owned(),
            '{' => "&#123;".to_owned(),
            '\n' | '\r' | '\t' => " ".to_owned(),
            c if c.is_control() || is_directional_formatting(c) => String::new(),
            c => c.to_string(),
        };
        for c in (0..0x3000)
            .filter_map(char::from_u32)
            .chain(['\u{10ffff}', '\u{1f600}'])
        {
            let text = format!("a{c}b{c}");
            let expected = format!("a{}b{}", one_at_a_time(c), one_at_a_time(c));
            assert_eq!(html(&text), expected, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn markdown_escapes_all_punctuation() {
        assert_eq!(
            markdown("*a* [b](c) `d` | <e> &amp;"),
            "\\*a\\* \\[b\\]\\(c\\) \\`d\\` \\| \\<e\\> \\&amp\\;"
        );
        assert_eq!(markdown("line\nbreak"), "line break");
    }

    #[test]
    fn markdown_title_escapes_quotes_and_backslashes() {
        assert_eq!(markdown_title("a \"b\" \\ &c;"), "a \\\"b\\\" \\\\ \\&c;");
        assert_eq!(markdown_title("{{#include x}}"), "&#123;&#123;#include x}}");
    }

    #[test]
    fn quoted_keeps_a_scripts_marks_and_escapes_what_moves_text() {
        assert_eq!(quoted("प्रधानमंत्री"), "\"प्रधानमंत्री\"");
        assert_eq!(quoted("an \"insult\""), "\"an \\\"insult\\\"\"");
        assert_eq!(quoted("a\nb\u{202e}c\u{7}"), "\"a\\nb\\u{202e}c\\u{7}\"");
        assert_eq!(quoted("café ‏שלום"), "\"café ‏שלום\"");
    }
}
