//! A References list the chapter's author (usually a model) wrote: lines
//! that open with a bracketed citation number, `[1] Publisher. "Title". URL`,
//! as the citation contract tells a model to end its brief. Such a list is
//! not the author's own reading list: each entry claims to describe the item
//! its number cites, which `unverified-reference` checks, and the generated
//! section takes the list's place.
//!
//! Only bracketed numbers make an entry: a numbered markdown list
//! (`1. Smith, J. …`) or a list of links is a bibliography the book keeps
//! as written. `[1]: https://…` is a link definition, never an entry.

use crate::syntax::{CITE_CLASS, SPECULATION_CLASS, UNVERIFIED_CLASS};
use std::ops::Range;

/// One entry of a written References list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceEntry {
    /// The citation number it describes.
    pub number: u32,
    /// Its lines in the chapter, continuation lines included, line break
    /// excluded.
    pub span: Range<usize>,
    /// What follows the number, continuation lines joined by a space.
    pub text: String,
}

/// The entries of `text[range]` when every non-blank line there is an entry
/// or continues the one before; `None` when something else is written
/// there (prose, a bibliography, a code block) or no line is an entry.
pub(crate) fn read_entries(text: &str, range: Range<usize>) -> Option<Vec<ReferenceEntry>> {
    let mut entries: Vec<ReferenceEntry> = Vec::new();
    let mut at = range.start;
    for line in text[range].split_inclusive('\n') {
        let start = at;
        at += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        if content.trim().is_empty() {
            continue;
        }
        let end = start + content.len();
        match entry_start(content) {
            Some((number, rest)) => entries.push(ReferenceEntry {
                number,
                span: start..end,
                text: rest.trim().to_owned(),
            }),
            None => {
                // A line that opens no entry continues the one before (the
                // contract's invalid example annotates an entry so); before
                // any entry, it is not a list.
                let entry = entries.last_mut()?;
                if content.trim_start().starts_with("```")
                    || content.trim_start().starts_with("~~~")
                {
                    return None;
                }
                entry.span.end = end;
                entry.text.push(' ');
                entry.text.push_str(content.trim());
            }
        }
    }
    (!entries.is_empty()).then_some(entries)
}

/// The number and the rest of a line that opens an entry: up to three
/// spaces, an optional bullet, then `[N]` not followed by `:` (a link
/// definition), `(` (a link), `[` (a marker, a label or a link), or what
/// an earlier run wrote for a marker or a label (an element of the
/// evidence classes: a citation, a group, an unverified mark, the
/// speculation label).
pub fn entry_start(line: &str) -> Option<(u32, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let mut rest = &line[indent..];
    if let Some(after) = ["- ", "* ", "+ "].iter().find_map(|b| rest.strip_prefix(b)) {
        rest = after.trim_start();
    }
    let inner = rest.strip_prefix('[')?;
    let digits = inner.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let after = inner[digits..].strip_prefix(']')?;
    if after.starts_with([':', '(', '[']) || opens_written(after) {
        return None;
    }
    let number = inner[..digits].parse().ok().filter(|&n| n > 0)?;
    Some((number, after))
}

/// Whether `text` opens with an element the HTML renderer writes for a
/// marker or a bracketed label: a citation (`<a class="evidence-cite" …>`),
/// a group of them, an unverified mark, the speculation label. `[9]` right
/// before one was `[9]` right before the `[` it stood for, which opens no
/// entry: read as one, the paragraph became a written list on the second
/// run, and the generated entries replaced it.
fn opens_written(text: &str) -> bool {
    let classes = [CITE_CLASS, UNVERIFIED_CLASS, SPECULATION_CLASS];
    ["<a class=\"", "<span class=\""].iter().any(|open| {
        text.strip_prefix(open)
            .is_some_and(|rest| classes.iter().any(|class| rest.starts_with(class)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Option<Vec<(u32, String)>> {
        read_entries(text, 0..text.len())
            .map(|es| es.into_iter().map(|e| (e.number, e.text)).collect())
    }

    #[test]
    fn the_contracts_list_is_read_entry_by_entry() {
        let text = "[1] Federal Reserve. \"FOMC Statement\". Feb 10, 2026. https://...\n\
                    [2] Reuters. \"Fed holds rates steady\". https://...\n";
        let read = entries(text).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[1].0, 2);
        assert!(read[1].1.starts_with("Reuters."));
    }

    #[test]
    fn an_annotation_under_an_entry_continues_it() {
        let text =
            "[99] Anonymous. \"Insider Fed leak\". <no URL>\n  ❌ Invalid citation: no URL\n";
        let read = entries(text).unwrap();
        assert_eq!(read.len(), 1);
        assert!(read[0].1.ends_with("❌ Invalid citation: no URL"));
    }

    #[test]
    fn bullets_and_blank_lines_between_entries_are_read() {
        let text = "- [1] 連邦準備制度。「声明」\n\n- [2]\u{a0}Reuters ‏\"Fed\"\n";
        assert_eq!(entries(text).unwrap().len(), 2);
    }

    /// `- [9][EVID:gone]` opens no entry (a marker follows the number):
    /// neither does what the HTML renderer made of it, an unverified mark
    /// after `[9]`, nor a citation, a group or the speculation label there.
    #[test]
    fn a_number_right_before_what_an_earlier_run_wrote_opens_no_entry() {
        for written in [
            "<span class=\"evidence-unverified\" data-evidence=\"gone\" role=\"note\">&#91;unverified&#93;</span>",
            "<a class=\"evidence-cite\" id=\"cite-a-2\" href=\"#evidence-a\" data-evidence=\"a\">[&#49;]</a> 東京",
            "<span class=\"evidence-cites\">[<a class=\"evidence-cite\">&#49;</a>, …]</span>",
            crate::syntax::SPECULATION_ELEMENT,
        ] {
            for line in [
                format!("- [9]{written}"),
                format!("[12]{written} Rates\u{a0}fell."),
            ] {
                assert_eq!(entry_start(&line), None, "{line:?}");
            }
        }
        // An entry that cites after a space is still one; another class
        // of the author's is no citation.
        assert!(entry_start("[1] <a class=\"evidence-cite\">[&#49;]</a>").is_some());
        assert!(entry_start("[1]<span class=\"note\">Reuters</span>").is_some());
    }

    #[test]
    fn what_is_not_a_written_citation_list_is_none() {
        for text in [
            "Further reading: the FOMC's own site.\n[1] Federal Reserve.\n",
            "1. Smith, J. (2020). A book.\n2. Doe, A. (2021). Another.\n",
            "[1]: https://example.com/a\n[2]: https://example.com/b\n",
            "[1](https://example.com) a link\n",
            "- [Federal Reserve](https://www.federalreserve.gov/)\n",
            "[1] An entry\n```\ncode\n```\n",
            "    [1] indented code\n",
            "[０] full-width digits are no citation number\n",
            "\n \n",
        ] {
            assert_eq!(entries(text), None, "{text:?}");
        }
    }
}
