//! HTML character references in text an API scraped from web pages
//! (Anthropic's web search `cited_text` and titles: `Bankman-Fried&#x27;s`).
//!
//! They are decoded once, at import, so that the store holds the text a
//! reader would read; everything shown is escaped again where it is
//! rendered, so a decoded `<` stays text. Decoding once means `&amp;#x27;`
//! becomes `&#x27;`, as the page showed it.

/// The named references scraped text carries (the markup-significant five,
/// spaces and the typographic punctuation pages use); others stay as
/// written.
const NAMED: &[(&str, char)] = &[
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", '\u{a0}'),
    ("ndash", '–'),
    ("mdash", '—'),
    ("hellip", '…'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("laquo", '«'),
    ("raquo", '»'),
    ("copy", '©'),
    ("reg", '®'),
    ("euro", '€'),
];

/// `text` with its character references decoded once. A reference to no
/// character a text may hold (NUL, a surrogate, past U+10FFFF, a control
/// character other than white space) is left as written.
pub(crate) fn decode(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        match reference(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character a reference at the start of `text` (`&…;`) names, and its
/// length in bytes.
fn reference(text: &str) -> Option<(char, usize)> {
    let end = text[1..].find(';')? + 1;
    let body = &text[1..end];
    if body.is_empty() || body.len() > 10 {
        return None;
    }
    let c = if let Some(number) = body.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse::<u32>().ok()?,
        };
        char::from_u32(code).filter(|c| !c.is_control() || c.is_whitespace())?
    } else {
        NAMED.iter().find(|(name, _)| *name == body)?.1
    };
    Some((c, end + 1))
}

#[cfg(test)]
mod tests {
    use crate::entities::decode;

    #[test]
    fn references_are_decoded_once() {
        assert_eq!(
            decode("Bankman-Fried&#x27;s trial"),
            "Bankman-Fried's trial"
        );
        assert_eq!(decode("AT&amp;T &lt;b&gt;"), "AT&T <b>");
        assert_eq!(decode("&amp;#x27;"), "&#x27;");
        assert_eq!(decode("&#26481;&#20140; 3&nbsp;€"), "東京 3\u{a0}€");
        assert_eq!(
            decode("&#0; &#xD800; &#x110000; &#7;"),
            "&#0; &#xD800; &#x110000; &#7;"
        );
        assert_eq!(decode("R&D; Q&A &unknown; &"), "R&D; Q&A &unknown; &");
        assert_eq!(
            decode("Cafe\u{301} &#x200F;שלום"),
            "Cafe\u{301} \u{200f}שלום"
        );
    }
}
