//! The importer's record at the end of an imported chapter: how it is
//! written and the one parser every reader uses (`import` deciding what
//! it may replace, the disclosure, the renderer keeping it off the page).
//!
//! Earlier versions wrote it on one line:
//!
//! ```text
//! <!-- mdbook-evidence import of q1.json: chapter sha256:…, fragment ../evidence/q1.json sha256:…, drafted by MODEL (API) on DATE -->
//! ```
//!
//! This one writes the same words one part to a line, so that no line is
//! over 80 characters where the names allow (markdownlint's MD013):
//!
//! ```text
//! <!-- mdbook-evidence import of q1.json:
//! chapter sha256:…,
//! fragment ../evidence/q1.json
//! sha256:…,
//! drafted by MODEL
//! (API)
//! on DATE -->
//! ```
//!
//! The reader takes both: it reads the comment with its line breaks (and
//! any indentation) as single spaces, which gives the one-line form. The
//! names it holds have no spaces (the importer makes them `_`, a path's
//! `%20`), so no field changes by that.

use crate::syntax::{IMPORT_RECORD_DRAFTED, IMPORT_RECORD_START};
use mdbook_markdown::pulldown_cmark::Event;
use mdbook_markdown::{MarkdownOptions, new_cmark_parser};
use std::ops::Range;

/// What a record holds, read from a chapter or to be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRecord {
    /// The response's file name.
    pub response: String,
    /// The SHA-256 of the chapter's text above the record (hex).
    pub chapter: String,
    /// The fragment's path from the chapter's directory (spaces as `%20`),
    /// and its SHA-256; records of the earliest versions may lack them.
    pub fragment: Option<(String, String)>,
    /// `MODEL (API) on DATE`: what drafted the chapter (records of earlier
    /// versions end at the fragment's hash).
    pub drafted: Option<String>,
}

impl ImportRecord {
    /// The record as written: one part to a line, ending with a newline.
    pub fn written(&self) -> String {
        let mut lines = vec![
            format!("{IMPORT_RECORD_START}{}:", self.response),
            format!("chapter sha256:{},", self.chapter),
        ];
        if let Some((path, hash)) = &self.fragment {
            lines.push(format!("fragment {path}"));
            lines.push(format!("sha256:{hash},"));
        }
        if let Some(drafted) = &self.drafted {
            // `MODEL (API) on DATE`: the model, the API and the day apart.
            let (model, rest) = drafted.split_once(" (").unwrap_or((drafted, ""));
            lines.push(format!(
                "{}{model}",
                IMPORT_RECORD_DRAFTED.trim_start_matches([',', ' '])
            ));
            match rest.rsplit_once(") on ") {
                Some((api, date)) => {
                    lines.push(format!("({api})"));
                    lines.push(format!("on {date}"));
                }
                None if !rest.is_empty() => lines.push(format!("({rest}")),
                None => {}
            }
        }
        // The last part's comma is the one-line form's separator only.
        if let Some(last) = lines.last_mut()
            && last.ends_with(',')
        {
            last.pop();
        }
        format!("{} -->\n", lines.join("\n"))
    }
}

/// The byte range of the importer's record (with its line ending), when
/// it ends `text` and is an HTML block there (not the text of a code
/// block that runs to the end); one line or several.
pub fn import_record_range(text: &str) -> Option<Range<usize>> {
    let body = text.trim_end_matches(['\n', '\r', ' ', '\t']);
    let start = body.rfind(IMPORT_RECORD_START)?;
    if start > 0 && !body[..start].ends_with('\n') {
        return None;
    }
    let inner = body[start..].strip_suffix("-->")?;
    // The comment is the record only when nothing follows its end.
    if inner.contains("-->") {
        return None;
    }
    let in_html = new_cmark_parser(text, &MarkdownOptions::default())
        .into_offset_iter()
        .any(|(event, range)| matches!(event, Event::Html(_)) && range.contains(&start));
    in_html.then_some(start..text.len())
}

/// The record ending `text`, read in either form, and its byte range.
pub fn read_import_record(text: &str) -> Option<(ImportRecord, Range<usize>)> {
    let range = import_record_range(text)?;
    let words: Vec<&str> = text[range.clone()].split_whitespace().collect();
    let line = words.join(" ");
    let inner = line
        .strip_prefix(IMPORT_RECORD_START)?
        .strip_suffix("-->")?
        .trim_end();
    let (response, rest) = inner.split_once(": chapter sha256:")?;
    let (rest, drafted) = match rest.split_once(IMPORT_RECORD_DRAFTED) {
        Some((rest, drafted)) => (rest, Some(drafted.to_owned())),
        None => (rest, None),
    };
    let (chapter, fragment) = match rest.split_once(", fragment ") {
        Some((chapter, fragment)) => {
            let (path, hash) = fragment.rsplit_once(" sha256:")?;
            (chapter, Some((path.to_owned(), hash.to_owned())))
        }
        None => (rest, None),
    };
    let record = ImportRecord {
        response: response.to_owned(),
        chapter: chapter.to_owned(),
        fragment,
        drafted,
    };
    Some((record, range))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(drafted: Option<&str>) -> ImportRecord {
        ImportRecord {
            response: "東京-q1.json".into(),
            chapter: "a".repeat(64),
            fragment: Some(("../evidence/q%201.json".into(), "b".repeat(64))),
            drafted: drafted.map(str::to_owned),
        }
    }

    #[test]
    fn both_forms_read_the_same_and_the_new_one_is_short() {
        let new = record(Some(
            "gpt-4.1 (OpenAI Responses API response) on 2025-07-09",
        ));
        let written = new.written();
        let text = format!("# T\n\nText\u{a0}[1].\n\n{written}");
        for line in written.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(written.ends_with("on 2025-07-09 -->\n"), "{written}");
        let (read, range) = read_import_record(&text).unwrap();
        assert_eq!(read, new);
        assert_eq!(&text[range], written);
        let one_line = format!(
            "# T\n\n{}\n",
            written.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        assert_eq!(read_import_record(&one_line).unwrap().0, new);
        // Old records without what drafted the chapter, or its fragment.
        for old in [
            record(None),
            ImportRecord {
                fragment: None,
                ..record(None)
            },
        ] {
            let text = format!("T.\n\n{}", old.written());
            assert_eq!(read_import_record(&text).unwrap().0, old);
            assert_eq!(
                read_import_record(&text.replace('\n', "\r\n")).unwrap().0,
                old
            );
        }
    }

    #[test]
    fn what_is_not_a_record_is_none() {
        let written = record(None).written();
        for text in [
            format!("```\n{written}"),
            format!("{written}More.\n"),
            format!("{written}<!-- other -->\n"),
            format!("Text {written}"),
            "Text\n<!-- other -->\n".to_owned(),
        ] {
            assert!(read_import_record(&text).is_none(), "{text}");
        }
    }
}
