//! Text from inputs on an output stream: the one place that decides how a
//! chapter's, a store's, a file name's or a config value's text is written
//! to stderr, stdout or the step summary.
//!
//! A CI runner reads a job's output line by line and acts on some lines:
//! GitHub Actions runs a workflow command on a line that starts with `::`
//! once leading whitespace is trimmed (`::stop-commands::token` turns every
//! later command off, mdbook-evidence's own `::error` annotations
//! included), and a legacy one wherever `##[` stands in a line
//! (`##[error]…`, `##[add-mask]…`); Azure Pipelines reads `##vso[` and
//! `##[`. A terminal acts on escape sequences, and bidirectional controls
//! make a line read differently from what it holds. So text from an input
//! never starts a line and never holds one of those prefixes:
//!
//! - [`inert_line`], for text inside a line the tool writes (a message, a
//!   file name, an id, a publisher, an error's chain): every line break
//!   (`\n`, `\r`, U+0085, U+2028, U+2029), control character and
//!   bidirectional control is written as an escape (`\n`, `\u{2028}`),
//!   and the `#` that would complete `##[` or `##vso[` as `\u{23}`;
//! - [`inert_source`], for a chapter's text drawn under a diagnostic, whose
//!   own line breaks are kept (codespan-reporting draws each line after a
//!   gutter) and whose byte offsets must not move: the same characters are
//!   replaced, byte for byte the same length;
//! - [`inert_json`], for JSON written to stdout: the same characters
//!   written as JSON escapes (`\u2028`, `\u0023`), which only a string can
//!   hold, so the value is unchanged.

/// `text` made safe to stand inside one line of an output stream (see the
/// module's comment): line breaks, control characters and bidirectional
/// controls escaped as `\n`, `\r`, `\t` or `\u{…}`, and the `#` that would
/// complete `##[` or `##vso[` written `\u{23}`. Everything else, non-ASCII
/// text included, is kept.
pub fn inert_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '#' if completes_command(text, at) => out.push_str("\\u{23}"),
            c if acts(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `text`, a chapter drawn line by line under a gutter, made inert byte
/// for byte the same length, so that offsets into it stay valid: line
/// feeds and tabs kept; carriage return a space; other C0 controls and
/// DEL `?`; C1 controls (NEL among them) and U+061C `·`; U+2028, U+2029
/// and the other bidirectional controls U+FFFD; the `#` that would
/// complete `##[` or `##vso[` a `?`.
pub fn inert_source(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        let kept = match c {
            '\t' | '\n' => c,
            '\r' => ' ',
            '#' if completes_command(text, at) => '?',
            '\u{0}'..='\u{1f}' | '\u{7f}' => '?',
            '\u{80}'..='\u{9f}' | '\u{61c}' => '\u{b7}',
            c if acts(c) => '\u{fffd}',
            c => c,
        };
        debug_assert_eq!(kept.len_utf8(), c.len_utf8(), "{c:?}");
        out.push(kept);
    }
    out
}

/// Serialized JSON made inert for a log: the characters [`inert_line`]
/// escapes that serde_json writes as they are (DEL, C1 controls, U+2028,
/// U+2029, bidirectional controls, the `#` completing `##[`) written as
/// `\uXXXX` escapes. Outside strings JSON holds only ASCII punctuation,
/// digits, keywords and layout, so each of them is inside a string, where
/// the escape stands for the same character.
pub fn inert_json(json: String) -> String {
    // serde_json escapes every C0 control inside a string: a line feed
    // is the layout's.
    let needs =
        |(at, c): (usize, char)| c == '#' && completes_command(&json, at) || c != '\n' && acts(c);
    if !json.char_indices().any(needs) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for (at, c) in json.char_indices() {
        if needs((at, c)) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the `#` at byte `at` of `text` follows a `#` and comes before
/// `[` or `vso[` (in any case): the second `#` of a runner's command
/// prefix.
fn completes_command(text: &str, at: usize) -> bool {
    if !text[..at].ends_with('#') {
        return false;
    }
    let rest = &text.as_bytes()[at + 1..];
    rest.first() == Some(&b'[')
        || rest.len() >= 4 && rest[..3].eq_ignore_ascii_case(b"vso") && rest[3] == b'['
}

/// Whether `c` acts instead of being shown: a control character (C0, DEL,
/// C1, NEL among them), a Unicode line or paragraph separator, or a
/// bidirectional control (embeddings, overrides, isolates, marks).
fn acts(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{61c}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs an attacker would try, ASCII and not.
    const HOSTILE: &[&str] = &[
        "a\n::stop-commands::x",
        "a\r::error::x",
        "a\r\n  ::warning::x",
        "a\u{2028}::x",
        "a\u{2029}::x",
        "a\u{85}::x",
        "東京\n\u{3000}::add-mask::x",
        "x ##[error]y",
        "x ###[error]y",
        "##vso[task.setvariable variable=a]b",
        "##VSO[task.complete]",
        "\u{1b}[2J\u{7}\u{202e}drow\u{2066}",
        "é\u{200f}\u{61c}\t😀",
    ];

    /// Whether a runner could read a command in `line`.
    fn commands(line: &str) -> bool {
        line.trim_start().starts_with("::") || line.contains("##[") || {
            let lower = line.to_ascii_lowercase();
            lower.contains("##vso[")
        }
    }

    #[test]
    fn a_line_holds_no_break_no_control_and_no_command() {
        for text in HOSTILE {
            let line = inert_line(text);
            assert!(!line.chars().any(acts), "{text:?} -> {line:?}");
            assert!(!line.contains(['\n', '\r', '\t']), "{line:?}");
            assert!(!commands(&format!("error: {line}")), "{line:?}");
        }
        assert_eq!(inert_line("a\n::b"), "a\\n::b");
        assert_eq!(inert_line("x ##[error]"), "x #\\u{23}[error]");
        assert_eq!(inert_line("東京\u{2028}"), "東京\\u{2028}");
        assert_eq!(inert_line("## Heading, C# and é"), "## Heading, C# and é");
    }

    #[test]
    fn a_source_keeps_its_lines_and_its_length() {
        for text in HOSTILE {
            let source = inert_source(text);
            assert_eq!(source.len(), text.len(), "{text:?}");
            assert_eq!(
                source.matches('\n').count(),
                text.matches('\n').count(),
                "{text:?}"
            );
            let acting = |c: char| !matches!(c, '\n' | '\t') && acts(c);
            assert!(!source.chars().any(acting), "{text:?} -> {source:?}");
            for line in source.lines() {
                assert!(!commands(&format!("3 | {line}")), "{line:?}");
            }
        }
        assert_eq!(inert_source("## T\n- a ##[b]\r\n"), "## T\n- a #?[b] \n");
    }

    #[test]
    fn json_keeps_its_value_and_loses_its_commands() {
        for text in HOSTILE {
            let value = serde_json::json!({ "message": text, "東京": [text] });
            let json = inert_json(serde_json::to_string_pretty(&value).unwrap());
            let back: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(back, value);
            assert!(!json.chars().any(|c| c != '\n' && acts(c)), "{json:?}");
            for line in json.split(['\n', '\r']) {
                assert!(!commands(line), "{line:?}");
            }
        }
        let plain = "{\"a\": \"## b\"}".to_owned();
        assert_eq!(inert_json(plain.clone()), plain);
    }
}
