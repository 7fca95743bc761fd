//! Escaping store text for the page: nothing in the store is markup.

/// Escapes text for HTML element content and double- or single-quoted
/// attribute values. Line breaks become spaces so that text can never end
/// an HTML block (a blank line would hand the rest back to markdown).
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // A pipe would split a table cell and a backtick could pair with
            // one in the author's text into a code span around our markup.
            '|' => out.push_str("&#124;"),
            '`' => out.push_str("&#96;"),
            // `{{#include …}}` would be expanded by mdBook's links
            // preprocessor if it runs after this one.
            '{' => out.push_str("&#123;"),
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
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
            c if c.is_control() => {}
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
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
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
}
