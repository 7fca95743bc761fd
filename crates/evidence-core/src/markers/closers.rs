//! Block closers: when a chapter ends inside a construct that would
//! swallow text appended after it (an unclosed code fence, HTML comment,
//! `<pre>` and the like), the text that closes it, decided as
//! pulldown-cmark decides where such a block ends.

/// The text that closes a fenced code block left open at the end of the
/// chapter, or `None` when it is closed.
pub(super) fn unclosed_fence(block: &str) -> Option<String> {
    let opening = block.trim_start_matches(' ');
    let fence_char = opening.chars().next()?;
    let width = opening.chars().take_while(|&c| c == fence_char).count();
    let close = fence_char.to_string().repeat(width);
    let Some(first_line_end) = block.find(['\n', '\r']) else {
        return Some(close);
    };
    let closed = block[first_line_end..]
        .split(['\n', '\r'])
        .any(|line| closes_fence(line, fence_char, width));
    (!closed).then_some(close)
}

/// Whether a line closes a fence of `width` `fence_char`s, as pulldown-cmark
/// reads it: fewer than four leading spaces (a tab is four), at least
/// `width` fence characters, then spaces only (not tabs).
fn closes_fence(line: &str, fence_char: char, width: usize) -> bool {
    let rest = line.trim_start_matches(' ');
    if line.len() - rest.len() >= 4 {
        return false;
    }
    let after = rest.trim_start_matches(fence_char);
    (rest.len() - after.len()) / fence_char.len_utf8() >= width && after.bytes().all(|b| b == b' ')
}

/// The text that closes an HTML block (comment, processing instruction,
/// CDATA, declaration, `<pre>`/`<script>`/`<style>`/`<textarea>`) left open
/// at the end of the chapter, or `None`. Mirrors pulldown-cmark: such a
/// block ends on the first line that contains its end string (case
/// sensitive, the opening line included).
pub(super) fn unclosed_html(block: &str) -> Option<String> {
    let close = html_end_string(block.trim_start().strip_prefix('<')?)?;
    (!block.contains(close)).then(|| close.to_owned())
}

/// The string that ends an HTML block opened by `<` + `tag`, for the block
/// kinds that do not end at a blank line (as pulldown-cmark decides them).
fn html_end_string(tag: &str) -> Option<&'static str> {
    let bytes = tag.as_bytes();
    for (name, end) in [
        ("pre", "</pre>"),
        ("style", "</style>"),
        ("script", "</script>"),
        ("textarea", "</textarea>"),
    ] {
        if bytes.len() >= name.len()
            && bytes[..name.len()].eq_ignore_ascii_case(name.as_bytes())
            && bytes
                .get(name.len())
                .is_none_or(|&b| matches!(b, b'\t'..=b'\r' | b' ' | b'>'))
        {
            return Some(end);
        }
    }
    for (start, end) in [("!--", "-->"), ("?", "?>"), ("![CDATA[", "]]>")] {
        if tag.starts_with(start) {
            return Some(end);
        }
    }
    (bytes.len() > 1 && bytes[0] == b'!' && bytes[1].is_ascii_alphabetic()).then_some(">")
}
