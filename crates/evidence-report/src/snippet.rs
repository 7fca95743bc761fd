//! The errors of a store that cannot be read, drawn as `check` draws its
//! findings: each at its file, line and column, under it the line at fault
//! with a caret under the value, so that every one is fixed in one go.

use crate::PathStyle;
use crate::failure::FailurePart;
use crate::human::{Window, relabel};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::NoColor};
use evidence_core::display::stream::{inert_line, inert_source};
use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

/// The most errors drawn (a store lists at most 50 of a file).
const MAX_DRAWN: usize = 100;

/// `parts` drawn for a terminal (files read from `root`, named by
/// `paths`), each with its message as the header when `headers`, else the
/// line and caret alone (the message was just printed). A file that cannot
/// be read again is named without its line.
pub(super) fn draw(parts: &[FailurePart], root: &Path, paths: &PathStyle, headers: bool) -> String {
    let mut texts: HashMap<&Path, Option<String>> = HashMap::new();
    let mut out = NoColor::new(Vec::new());
    let config = term::Config::default();
    for part in parts.iter().take(MAX_DRAWN) {
        let location = &part.location;
        let text = texts.entry(&location.file).or_insert_with(|| {
            let limit = evidence_core::limits::Limit::file();
            evidence_core::limits::read_text(&root.join(&location.file), limit)
                .ok()
                .map(|text| inert_source(&text))
        });
        let message = if headers {
            inert_line(&part.message)
        } else {
            String::new()
        };
        let name = inert_line(&paths.show(&location.file));
        let (line, column) = (location.line.unwrap_or(0), location.column.unwrap_or(1));
        let span = text.as_deref().filter(|_| line > 0);
        let Some(span) = span.and_then(|text| span_at(text, line, column)) else {
            if headers {
                let shown = inert_line(&location.display(|p| paths.show(p)));
                let _ = std::io::Write::write_fmt(
                    &mut out,
                    format_args!("error: {message}\n  --> {shown}\n\n"),
                );
            }
            continue;
        };
        let text = text.as_deref().unwrap_or_default();
        let diagnostic = Diagnostic::error()
            .with_message(message)
            .with_labels(vec![Label::primary(0usize, span.clone())]);
        let drawn = match Window::around(&name, text, span.clone(), line, column) {
            Some((window, span)) => {
                term::emit_to_write_style(&mut out, &config, &window, &relabel(diagnostic, span))
            }
            None => {
                let mut files = SimpleFiles::new();
                files.add(name.as_str(), text);
                term::emit_to_write_style(&mut out, &config, &files, &diagnostic)
            }
        };
        if drawn.is_err() {
            continue;
        }
    }
    if parts.len() > MAX_DRAWN {
        let more = parts.len() - MAX_DRAWN;
        let _ = std::io::Write::write_fmt(
            &mut out,
            format_args!(
                "note: {} not shown here; fix these and run again\n",
                crate::human::counted(more, "more error", "more errors")
            ),
        );
    }
    let drawn = String::from_utf8_lossy(&out.into_inner()).into_owned();
    if headers {
        return drawn;
    }
    // Without a message codespan still writes the word `error`: the
    // header line is the one just printed.
    drawn
        .lines()
        .filter(|line| !matches!(line.trim(), "error" | "error:"))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The bytes of `text` to underline at 1-based `line` and `column` (in
/// characters, a byte-order mark not counted): a JSON string whole, quotes
/// included, else the word or character there; none past the text.
fn span_at(text: &str, line: usize, column: usize) -> Option<Range<usize>> {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &text[line_start..];
    let line_text = rest.split('\n').next().unwrap_or(rest);
    let mut counted = 1;
    let mut at = line_text.len();
    for (i, c) in line_text.char_indices() {
        if counted == column {
            at = i;
            break;
        }
        if c != '\u{feff}' {
            counted += 1;
        }
    }
    let token = &line_text[at..];
    let len = if let Some(inner) = token.strip_prefix('"') {
        closing_quote(inner).map_or(token.len(), |end| end + 2)
    } else {
        let word = token
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | ']' | '}' | '[' | '{'))
            .unwrap_or(token.len());
        word.max(token.chars().next().map_or(0, char::len_utf8))
    };
    let start = line_start + at;
    Some(start..start + len)
}

/// The offset in `inner` (a JSON string after its opening quote) of the
/// quote that closes it.
fn closing_quote(inner: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in inner.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return Some(i),
            _ => escaped = false,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::snippet::span_at;

    #[test]
    fn a_string_is_underlined_whole_and_a_word_alone() {
        let text = "{\n  \"t\": \"東京 \\\"x\\\"\", \"n\": 12}";
        let span = span_at(text, 2, 8).unwrap();
        assert_eq!(&text[span], "\"東京 \\\"x\\\"\"");
        let span = span_at(text, 2, 25).unwrap();
        assert_eq!(&text[span], "12");
        let span = span_at(text, 2, 99).unwrap();
        assert!(span.is_empty());
        assert!(span_at(text, 9, 1).is_none());
    }
}
