//! A fetched body made readable text: decoded by its charset (the
//! `Content-Type`'s, a byte-order mark, the page's `<meta>`, else UTF-8
//! or, failing that, windows-1252, as browsers do), HTML reduced to its
//! article by Mozilla's Readability algorithm (`dom_smoothie`), so that
//! navigation, cookie notices, scripts and footers never become a
//! passage; white space tidied, control characters dropped.

use crate::fetch::http::Body;
use encoding_rs::Encoding;
use evidence_core::store::FetchStatus;

/// The most elements of a page the extractor reads: a page built to be
/// slow to parse is refused, not read for minutes.
const MAX_ELEMENTS: usize = 300_000;

/// The readable text of `body`, or the status and reason it has none.
pub fn readable_text(body: &Body) -> Result<String, (FetchStatus, String)> {
    let unsupported = |what: String| (FetchStatus::UnsupportedType, what);
    let html = match body.media_type.as_str() {
        "text/html" | "application/xhtml+xml" => true,
        "text/plain" => false,
        "" if looks_like_html(&body.bytes) => true,
        "application/pdf" => {
            return Err(unsupported(format!(
                "{} is a PDF, which this version does not read; quote its passage in the store by hand (cited_text)",
                body.final_url
            )));
        }
        other => {
            let other = if other.is_empty() {
                "of no stated type"
            } else {
                other
            };
            return Err(unsupported(format!(
                "{} is {other}, not HTML or plain text",
                body.final_url
            )));
        }
    };
    let decoded = decode(&body.bytes, body.charset.as_deref(), html);
    // Counted before parsing: a page of a million tags is refused, not
    // parsed for minutes.
    if html && memchr::memchr_iter(b'<', decoded.as_bytes()).count() > 2 * MAX_ELEMENTS {
        return Err(unsupported(format!(
            "{} has more than {MAX_ELEMENTS} elements; its article is not looked for",
            body.final_url
        )));
    }
    let text = if html {
        // The extractor is another crate's code run on a stranger's page:
        // should it fail, that page gets a status and the run goes on.
        match std::panic::catch_unwind(|| article_text(&decoded, &body.final_url)) {
            Ok(Some(text)) => text,
            Ok(None) => {
                return Err(unsupported(format!(
                    "{} has no article text that could be read",
                    body.final_url
                )));
            }
            Err(_) => {
                return Err(unsupported(format!(
                    "{}: the page's HTML could not be read (the extractor failed on it)",
                    body.final_url
                )));
            }
        }
    } else {
        decoded
    };
    let text = tidy(&text);
    if text.trim().is_empty() {
        return Err(unsupported(format!("{} holds no text", body.final_url)));
    }
    Ok(text)
}

/// Whether bytes with no stated type start like an HTML document.
fn looks_like_html(bytes: &[u8]) -> bool {
    let start = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]).to_ascii_lowercase();
    let start = start.trim_start();
    start.starts_with("<!doctype html") || start.starts_with("<html")
}

/// `bytes` decoded: by `charset` when it names an encoding, else a BOM,
/// else (HTML) the `<meta>` in the first 1024 bytes, else UTF-8 when the
/// bytes are UTF-8, else windows-1252.
pub(crate) fn decode(bytes: &[u8], charset: Option<&str>, html: bool) -> String {
    let named = charset
        .and_then(|label| Encoding::for_label(label.trim().as_bytes()))
        .or_else(|| Encoding::for_bom(bytes).map(|(encoding, _)| encoding))
        .or_else(|| html.then(|| meta_charset(bytes)).flatten());
    let encoding = named.unwrap_or_else(|| {
        if std::str::from_utf8(bytes).is_ok() {
            encoding_rs::UTF_8
        } else {
            encoding_rs::WINDOWS_1252
        }
    });
    encoding.decode(bytes).0.into_owned()
}

/// The encoding a page's `<meta charset>` or `<meta http-equiv
/// content="…; charset=…">` names in its first 1024 bytes.
fn meta_charset(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    let mut rest = head.as_str();
    while let Some(at) = rest.find("<meta") {
        rest = &rest[at + 5..];
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        if let Some(at) = tag.find("charset") {
            let value = tag[at + 7..].trim_start().strip_prefix('=')?.trim_start();
            let value = value.trim_start_matches(['"', '\'']);
            let end = value
                .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.:".contains(c)))
                .unwrap_or(value.len());
            if let Some(encoding) = Encoding::for_label(&value.as_bytes()[..end]) {
                // A page that says UTF-16 in ASCII is not UTF-16.
                return Some(encoding.output_encoding());
            }
        }
    }
    None
}

/// The article's text, paragraphs on lines of their own.
fn article_text(html: &str, url: &str) -> Option<String> {
    let config = dom_smoothie::Config {
        text_mode: dom_smoothie::TextMode::Formatted,
        max_elements_to_parse: MAX_ELEMENTS,
        ..Default::default()
    };
    let mut reader = dom_smoothie::Readability::new(html, Some(url), Some(config)).ok()?;
    let article = reader.parse().ok()?;
    Some(article.text_content.to_string())
}

/// Text with its lines' white space collapsed, at most one blank line in
/// a row, and no control characters (bidirectional controls included,
/// which would reorder what a reader sees of a passage).
pub(crate) fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank > 0 { "\n\n" } else { "\n" });
        }
        blank = 0;
        for (i, word) in words.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.extend(word.chars().filter(|&c| !is_hidden(c)));
        }
    }
    out
}

/// Control and bidirectional-control characters.
fn is_hidden(c: char) -> bool {
    c.is_control() || evidence_core::syntax::is_bidi_control(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charsets_are_honoured() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("東京の物価は上がった。");
        assert_eq!(
            decode(&sjis, Some("Shift_JIS"), true),
            "東京の物価は上がった。"
        );
        let meta = [
            b"<html><head><meta charset=\"shift_jis\">".as_slice(),
            &sjis,
        ]
        .concat();
        assert!(decode(&meta, None, true).ends_with("東京の物価は上がった。"));
        let latin = b"Caf\xe9 cr\xe8me";
        assert_eq!(decode(latin, Some("ISO-8859-1"), false), "Café crème");
        assert_eq!(decode(latin, None, false), "Café crème");
        assert_eq!(decode("naïve".as_bytes(), None, false), "naïve");
    }

    fn html(text: &str) -> Body {
        Body {
            final_url: "http://127.0.0.1/x".into(),
            media_type: "text/html".into(),
            charset: None,
            bytes: text.as_bytes().to_vec(),
            http_status: 200,
            etag: None,
            last_modified: None,
        }
    }

    #[test]
    fn hostile_pages_get_a_status_not_a_crash() {
        let deep = format!(
            "<html><body>{}x{}</body></html>",
            "<div>".repeat(300),
            "</div>".repeat(300)
        );
        let wide = format!(
            "<html><body>{}</body></html>",
            "<b>".repeat(2 * MAX_ELEMENTS + 1)
        );
        for page in [
            deep,
            wide,
            String::new(),
            "<html>".into(),
            "\u{0}\u{feff}<p>".into(),
        ] {
            let _ = std::thread::Builder::new()
                .stack_size(crate::fetch::pool::STACK)
                .spawn(move || readable_text(&html(&page)).err().map(|e| e.0))
                .unwrap()
                .join()
                .unwrap();
        }
    }

    #[test]
    fn tidy_collapses_space_and_drops_controls() {
        assert_eq!(
            tidy("  a\u{a0} b\u{202e}c \n\n\n\u{3000}d\u{1b}[31m\r\n"),
            "a bc\n\nd[31m"
        );
    }
}
