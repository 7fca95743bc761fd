//! What an import may replace.
//!
//! An import writes two files, the chapter and the store fragment, and
//! replaces an existing one only when it is what an earlier import of the
//! same answer wrote and nobody has edited it since. It knows that from
//! the comment it writes at the chapter's end (invisible on the page, and
//! beyond the reach of a model's answer, whose HTML is escaped; written
//! and read by [`evidence_core::import_record`], one part to a line):
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
//! It names the response's file, the SHA-256 of the chapter's text above
//! the record, and the fragment's path (from the chapter's directory) and
//! SHA-256. An existing chapter is replaced when its record names the same
//! response file, its text still has the recorded hash and nothing was
//! added after the record; an existing fragment when the chapter's record
//! names it and it still has the recorded hash. A chapter holding another
//! response's import, or edited since (above or after its record), and an
//! edited fragment are replaced only with `--force`; the refusal says which
//! of these it is. A chapter holding no record is hand-written and never
//! replaced, `--force` or not (it goes only when the user deletes it). A
//! file identical to what would be written is always replaced. `--force`
//! never lets an import write over a book's other inputs
//! ([`super::book`] protects them).

use anyhow::bail;
use sha2::{Digest, Sha256};
use std::path::Path;

use evidence_core::import_record::{ImportRecord, read_import_record};
use evidence_core::syntax::IMPORT_RECORD_IMPORTED_ON as IMPORTED_ON;
use evidence_core::syntax::IMPORT_RECORD_START;

/// The record of an earlier import, read from a chapter's end.
#[derive(Debug, PartialEq, Eq)]
struct Record {
    /// The response's file name, as recorded.
    response: String,
    /// The SHA-256 of the chapter's text above the record (hex).
    chapter: String,
    /// The fragment's path from the chapter's directory, as recorded.
    fragment_path: String,
    /// The SHA-256 of the fragment (hex).
    fragment: String,
}

/// The SHA-256 of `bytes`, in hex.
fn sha256(bytes: &[u8]) -> String {
    evidence_core::hex::lower_hex(&Sha256::digest(bytes))
}

/// A file name as the record holds it: what could end the comment or the
/// line, or confuse the fields, becomes `_`.
fn recorded_name(response: &Path) -> String {
    let name = response
        .file_name()
        .map_or_else(|| "response".into(), |n| n.to_string_lossy());
    kept_to(&name, "._+@=-")
}

/// A model's name or a date as the record holds them (`claude-3-5:latest`,
/// `models/gemini-2.5`).
fn recorded_text(text: &str) -> String {
    kept_to(text, "._+@=-:/")
}

/// `name` with every character but letters, digits and those of `allowed`
/// made `_`: no space (the fields' separator), no `--` (the comment's end).
fn kept_to(name: &str, allowed: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || allowed.contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    while out.contains("--") {
        out = out.replace("--", "-_");
    }
    out
}

/// `to` relative to the directory of `from` (both as the writer resolves
/// them: absolute, `.` and `..` taken out lexically), with `/`.
fn relative(from: &Path, to: &Path) -> String {
    let absolute = |p: &Path| {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
        evidence_core::paths::lexical(&p, evidence_core::paths::ParentAtStart::Dropped)
    };
    let from = absolute(from);
    let from = from.parent().unwrap_or(Path::new("/"));
    let to = absolute(to);
    let common = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let ups = from.components().count() - common;
    let mut parts: Vec<String> = vec!["..".to_owned(); ups];
    parts.extend(
        to.components()
            .skip(common)
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// What drafted an imported chapter, for its record (and from there the
/// disclosure `provenance` puts on the page).
pub(super) struct Drafted<'a> {
    /// The model the response names, when it names one.
    pub(crate) model: Option<&'a str>,
    /// The vendor and API shape read, e.g. `Anthropic Messages API`.
    pub shape: &'a str,
    /// The day it was drafted: the response's own time, else the import's.
    pub(crate) date: String,
    /// Whether `date` is the response's own (else the day of the import,
    /// recorded as `imported on`, so that no page calls it the drafting
    /// day).
    pub(crate) dated_by_response: bool,
}

/// `chapter` with its record: written from `response`, its fragment
/// `fragment` going to `fragment_path`, the chapter to `chapter_path`,
/// drafted as `drafted` says.
pub(super) fn with_record(
    chapter: &str,
    response: &Path,
    (chapter_path, fragment_path): (&Path, &Path),
    fragment: &str,
    drafted: &Drafted<'_>,
) -> String {
    let body = format!("{chapter}\n");
    // The model's name is the response's: kept to what cannot end the
    // comment or blur its fields.
    let model = drafted.model.map_or_else(|| "-".to_owned(), recorded_text);
    let model = if model.is_empty() {
        "-".to_owned()
    } else {
        model
    };
    let record = ImportRecord {
        response: recorded_name(response),
        chapter: sha256(body.as_bytes()),
        fragment: Some((
            relative(chapter_path, fragment_path).replace(' ', "%20"),
            sha256(fragment.as_bytes()),
        )),
        // `imported on` when the response gave no date of its own, so
        // that no page calls the day of the import the drafting day.
        drafted: Some(format!(
            "{model} ({}){} {}",
            drafted.shape,
            if drafted.dated_by_response {
                " on"
            } else {
                IMPORTED_ON
            },
            recorded_text(&drafted.date)
        )),
    };
    body + &record.written()
}

/// The record ending `text` (in either form) and the text above it.
fn read_record(text: &str) -> Option<(Record, &str)> {
    let (record, range) = read_import_record(text)?;
    Some((from_read(record)?, &text[..range.start]))
}

/// A record as [`read_import_record`] gives it. The earliest versions
/// named no fragment: theirs is then none (an empty path no fragment has).
fn from_read(record: ImportRecord) -> Option<Record> {
    let (fragment_path, fragment) = record.fragment.unwrap_or_default();
    Some(Record {
        response: record.response,
        chapter: record.chapter,
        fragment_path: fragment_path.replace("%20", " "),
        fragment,
    })
}

/// How many records from the end [`last_record`] tries when the last one
/// is no record the reader takes: each try parses the text before it.
const RECORDS_TRIED: usize = 8;

/// The last import record in `text`, whether or not text follows it: the
/// record, the text above it and the text after it. Read by the one
/// parser ([`read_import_record`]), on the text up to the comment's end.
fn last_record(text: &str) -> Option<(Record, &str, &str)> {
    if let Some((record, body)) = read_record(text) {
        return Some((record, body, ""));
    }
    text.rmatch_indices(IMPORT_RECORD_START)
        .filter(|(start, _)| *start == 0 || text[..*start].ends_with('\n'))
        .take(RECORDS_TRIED)
        .find_map(|(start, _)| {
            let end = start + text[start..].find("-->")? + "-->".len();
            let (record, range) = read_import_record(&text[..end])?;
            (range.start == start).then_some(())?;
            Some((from_read(record)?, &text[..start], &text[end..]))
        })
}

/// What stands at the chapter's path, as far as an import may replace it.
enum Existing {
    /// No import wrote it: it holds no import record.
    HandWritten,
    /// An import wrote it.
    Imported {
        /// Its record.
        record: Record,
        /// Whether the text above the record has changed since.
        body_edited: bool,
        /// Whether text was added after the record.
        text_after: bool,
    },
}

/// Reads what an existing chapter is (see [`Existing`]).
fn existing_chapter(text: &str) -> Existing {
    match last_record(text) {
        None => Existing::HandWritten,
        Some((record, body, after)) => Existing::Imported {
            body_edited: sha256(body.as_bytes()) != record.chapter,
            text_after: !after.trim().is_empty(),
            record,
        },
    }
}

/// The file at `path`, if there is a regular file there (what is not one
/// is refused by the writer).
fn existing(path: &Path) -> Option<Vec<u8>> {
    use evidence_core::limits::{Limit, ReadError, read_file};
    std::fs::symlink_metadata(path)
        .ok()
        .filter(|meta| meta.is_file())
        .and_then(|_| match read_file(path, Limit::file()) {
            Ok(bytes) => Some(bytes),
            // Too large to read: no import wrote it (compared as empty, it
            // is refused unless --force).
            Err(ReadError::TooLarge { .. }) => Some(Vec::new()),
            Err(_) => None,
        })
}

/// Checks that writing `chapter` to `chapter_path` and `fragment` to
/// `fragment_path` replaces nothing but what an earlier import of
/// `response` wrote, unedited (see the module documentation); with
/// `force`, a chapter holding another import or edited since and an edited
/// fragment may go, and, outside a book (`in_book` false), any file at the
/// fragment's path. A chapter no import wrote never goes.
pub(super) fn check_replace(
    response: &Path,
    (chapter_path, chapter): (&Path, &str),
    (fragment_path, fragment): (&Path, &str),
    force: bool,
    in_book: bool,
) -> anyhow::Result<()> {
    let name = recorded_name(response);
    let old = existing(chapter_path);
    let old_text = old.as_deref().map(String::from_utf8_lossy);
    let found = old_text.as_deref().map(existing_chapter);
    if let (Some(text), Some(found)) = (&old_text, &found)
        && text != chapter
    {
        check_chapter(chapter_path, found, &name, force)?;
    }
    let record = match found {
        Some(Existing::Imported { record, .. }) => Some(record),
        _ => None,
    };
    if let Some(bytes) = existing(fragment_path)
        && bytes != fragment.as_bytes()
    {
        let here = relative(chapter_path, fragment_path);
        let shown = fragment_path.display();
        match &record {
            Some(record)
                if record.fragment_path == here && sha256(&bytes) != record.fragment && !force =>
            {
                bail!(
                    "refusing to replace {shown}: the store fragment was edited after `{name}` was imported (it no longer has the hash {} records), and the edit would be lost; keep the edit elsewhere and pass --force to replace it, or choose another --store",
                    chapter_path.display()
                )
            }
            Some(record) if record.fragment_path == here => {}
            // In a book, a file there is the book's store: never replaced.
            _ if in_book || !force => bail!(
                "refusing to replace {shown}: it exists and is not the store fragment an earlier import wrote for {} (the chapter's import record does not name it); choose another --store (a new file, or the fragment the chapter's import record names){}",
                chapter_path.display(),
                if in_book {
                    ", or remove it if it is no longer wanted"
                } else {
                    ", or pass --force to replace it"
                }
            ),
            _ => {}
        }
    }
    Ok(())
}

/// Refuses to replace the chapter at `path` (`found`, with other text than
/// the import's) unless an import wrote it and, when it holds another
/// response's import or was edited since, `force` says to; the message
/// says which of these is so.
fn check_chapter(path: &Path, found: &Existing, name: &str, force: bool) -> anyhow::Result<()> {
    let shown = path.display();
    let Existing::Imported {
        record,
        body_edited,
        text_after,
    } = found
    else {
        bail!(
            "refusing to replace {shown}: no import wrote it (it holds no `mdbook-evidence import` record), and an import never writes over a chapter it did not write, --force or not; choose another --chapter, or delete {shown} first if it is meant to go"
        )
    };
    if force {
        return Ok(());
    }
    let theirs = &record.response;
    let mut why = Vec::new();
    if *theirs != name {
        why.push(format!(
            "it holds the import of `{theirs}`, not of `{name}`"
        ));
    }
    if *body_edited {
        why.push(format!(
            "it was edited after `{theirs}` was imported into it (its text above the import record no longer has the hash the record holds)"
        ));
    }
    if *text_after {
        why.push(format!(
            "text was added after the record of its import of `{theirs}` (the record no longer ends the chapter)"
        ));
    }
    if why.is_empty() {
        return Ok(());
    }
    let why = why.join(", and ");
    if *body_edited || *text_after {
        bail!(
            "refusing to replace {shown}: {why}; the edit would be lost: keep it elsewhere and pass --force to replace the chapter, or choose another --chapter"
        )
    }
    bail!(
        "refusing to replace {shown}: {why}; choose another --chapter, or pass --force to replace that import with this one"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_and_the_body_hashes_as_written() {
        let drafted = Drafted {
            model: Some("gpt 5 -->\n<b>"),
            shape: "OpenAI Responses API",
            date: "2026-08-02".into(),
            dated_by_response: true,
        };
        let text = with_record(
            "# 東京\n\nText [1].\n",
            Path::new("/tmp/q 1-->.json"),
            (
                Path::new("/b/src/a/q1.md"),
                Path::new("/b/evidence/q 1.json"),
            ),
            "{}\n",
            &drafted,
        );
        assert!(
            text.contains("\n\n<!-- mdbook-evidence import of q_1-__.json:\nchapter sha256:")
                && text.ends_with(
                    "\ndrafted by gpt_5_-____b_\n(OpenAI Responses API)\non 2026-08-02 -->\n"
                ),
            "{text}"
        );
        let (record, body) = read_record(&text).expect("a record");
        assert_eq!(record.response, "q_1-__.json");
        assert_eq!(record.fragment_path, "../../evidence/q 1.json");
        assert_eq!(sha256(body.as_bytes()), record.chapter);
        assert_eq!(record.fragment, sha256(b"{}\n"));
        assert!(read_record("Text\n<!-- other -->\n").is_none());
        assert!(read_record(&format!("{text}More.\n")).is_none());
        // With text after it, the record is still found, and told apart.
        for after in ["More.\n", "\u{200f}עוד 📈\n<!-- x -->\n", "\u{3000}追記\n"] {
            let edited = format!("{text}{after}");
            let (found, above, rest) = last_record(&edited).expect("a record");
            assert_eq!(found, record);
            assert_eq!(above, body);
            assert_eq!(rest.trim(), after.trim());
        }
        assert!(last_record("Text\n<!-- mdbook-evidence import of x -->\nMore.\n").is_none());
        assert!(last_record(&format!("```\n{text}")).is_none());
    }
}
