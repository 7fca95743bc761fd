//! `unverified-reference`: an entry of a References list the chapter's
//! author wrote (`[N] Publisher. "Title". URL`, see
//! [`evidence_core::markers::ReferenceEntry`]) must describe the item its number
//! cites. The generated section replaces the list whatever it says; the
//! rule says when the author's list was wrong, because a model that
//! invents a reference usually invented the claim that cites it too.
//!
//! An entry describes its item when the title it quotes shares at least
//! half its words with the item's title (models shorten titles), or, with
//! no title quoted, when it names the item's publisher (in full, in part,
//! or by its initials: `BEA`) or its address; and when any address it
//! gives is the item's. A placeholder address (`https://...`) says
//! nothing.

use crate::Resolved;
use crate::item_checks;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::markers::{ReferenceEntry, Scan};
use evidence_core::rule::Rule;
use evidence_core::store::{CitationList, Store};
use evidence_text::content_words::{Stem, content_words};

/// What `unverified-reference` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnverifiedReference,
    help: "delete the written References list (the generated section lists what the chapter cites), or correct the entry to the item its number cites",
    doc: &[
        "An entry of a References list written in the chapter (`[N]",
        "Publisher. \"Title\". URL`) does not describe the item citation N",
        "cites, or N cites nothing.",
    ],
    guide_page: guide_page!("unverified-reference"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// A finding for each entry of the chapter's written References list that
/// does not describe the item its number cites. Numbers are the rendered
/// ones: the citation list's first, then each other item in order of
/// first citation (`cited`).
pub(crate) fn findings(
    scan: &Scan,
    cited: &[Resolved<'_>],
    store: &Store,
    list: Option<&CitationList>,
    config: &Config,
) -> Vec<Finding> {
    if scan.reference_list.is_empty() {
        return Vec::new();
    }
    let listed = list.map_or(&[][..], |l| &l.ids[..]);
    let unlisted: Vec<&Resolved<'_>> = cited
        .iter()
        .filter(|r| !listed.iter().any(|id| id == r.id))
        .collect();
    scan.reference_list
        .iter()
        .filter_map(|entry| {
            let at = entry.number as usize - 1;
            let item = match listed.get(at) {
                Some(id) => item_checks::resolved(id, store, config),
                None => unlisted.get(at - listed.len()).map(|r| **r),
            };
            let message = entry_problem(entry, item.as_ref())?;
            Some(Finding {
                rule: Rule::UnverifiedReference,
                message,
                span: entry.span.clone(),
                block: None,
                evidence_ids: item.map(|r| r.id.to_owned()).into_iter().collect(),
                excerpt: None,
            })
        })
        .collect()
}

/// What is wrong with `entry`, given the item its number cites (`None`:
/// the number cites nothing), as the sentence of a finding.
pub(crate) fn entry_problem(entry: &ReferenceEntry, item: Option<&Resolved<'_>>) -> Option<String> {
    let number = entry.number;
    let Some(item) = item else {
        return Some(format!(
            "the References list written in the chapter has `[{number}]`, which no citation of the chapter numbers: a reference to nothing the chapter cites is not published"
        ));
    };
    let id = item.id;
    if let Some(address) = written_address(&entry.text)
        && !same_address(address, item.url)
    {
        return Some(format!(
            "the References list written in the chapter gives `[{number}]` the address `{}`, but `[{number}]` cites `{id}`, at `{}`",
            shorten(address),
            shorten(item.url)
        ));
    }
    match quoted_title(&entry.text) {
        Some(title) if !title_matches(title, item.title, item.publisher()) => Some(format!(
            "the References list written in the chapter titles `[{number}]` \"{}\", but `[{number}]` cites `{id}`, \"{}\"",
            shorten(title),
            shorten(item.title)
        )),
        Some(_) => None,
        None if publisher_named(&entry.text, item.publisher())
            || written_address(&entry.text).is_some() =>
        {
            None
        }
        None => Some(format!(
            "the References list written in the chapter describes `[{number}]` as \"{}\", which names neither the title, the publisher nor the address of `{id}`, the item `[{number}]` cites",
            shorten(&entry.text)
        )),
    }
}

/// The first http(s) address of `text` that is not a placeholder.
fn written_address(text: &str) -> Option<&str> {
    let start = text.find("https://").or_else(|| text.find("http://"))?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| c.is_whitespace() || matches!(c, '>' | '<' | '"' | ')' | ']'))
        .unwrap_or(rest.len());
    let address = rest[..end].trim_end_matches(['.', ',', ';', ':']);
    let host = address.split_once("://").map_or("", |(_, h)| h);
    let placeholder = host.is_empty() || host.starts_with('.') || address.contains("...");
    (!placeholder && !address.contains('…')).then_some(address)
}

/// Whether two addresses name the same page: the same host (a `www.`
/// aside) and path, or the written one a shortened form of the item's
/// (its site, or a folder its page is in).
fn same_address(written: &str, item: &str) -> bool {
    let bare = |url: &str| -> String {
        let rest = url.split_once("://").map_or(url, |(_, r)| r);
        let rest = rest.strip_prefix("www.").unwrap_or(rest);
        let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
        let path = path.split(['?', '#']).next().unwrap_or("");
        format!("{}/{}", host.to_lowercase(), path.trim_end_matches('/'))
    };
    let (written, item) = (bare(written), bare(item));
    written == item
        || item.starts_with(&format!("{written}/"))
        || (written.ends_with('/') && item.starts_with(&written))
}

/// The first quoted span of `text` (straight or curly quotes).
fn quoted_title(text: &str) -> Option<&str> {
    for (open, close) in [('"', '"'), ('“', '”'), ('«', '»'), ('「', '」')] {
        if let Some(start) = text.find(open) {
            let rest = &text[start + open.len_utf8()..];
            if let Some(end) = rest.find(close) {
                let title = rest[..end].trim();
                if !title.is_empty() {
                    return Some(title);
                }
            }
        }
    }
    None
}

/// Whether at least half of the written title's content words (stems, as
/// `claim-not-in-evidence` reads them: `Releases` and `Release` are one)
/// are words of the item's title or publisher.
fn title_matches(written: &str, title: &str, publisher: &str) -> bool {
    let written = stems(written);
    if written.is_empty() {
        return true;
    }
    let known: Vec<Stem> = stems(title)
        .into_iter()
        .chain(stems(publisher))
        .map(|(stem, _)| stem)
        .collect();
    let found = written.iter().filter(|(w, _)| known.contains(w)).count();
    found * 2 >= written.len()
}

/// Whether `text` names `publisher`: all its words, or one of them of four
/// letters or more (`Brookings`), or its initials (`BEA`, `BLS`).
fn publisher_named(text: &str, publisher: &str) -> bool {
    let said: Vec<Stem> = stems(text).into_iter().map(|(stem, _)| stem).collect();
    let names = stems(publisher);
    if names.is_empty() {
        return false;
    }
    if names.iter().all(|(w, _)| said.contains(w))
        || names
            .iter()
            .any(|(w, chars)| *chars >= 4 && said.contains(w))
    {
        return true;
    }
    let initials: String = publisher
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .filter_map(|w| w.chars().next())
        .collect();
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2 && w.chars().all(char::is_uppercase))
        .any(|acronym| initials.ends_with(acronym) || initials.starts_with(acronym))
}

/// The content words of `text` (stop words aside, stemmed), each with its
/// length in characters as written.
fn stems(text: &str) -> Vec<(Stem, usize)> {
    let mut out = Vec::new();
    content_words(text, |stem, range| {
        out.push((stem, text[range].chars().count()));
    });
    out
}

/// `text`, cut to 80 characters for a message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortened_titles_and_initials_describe_their_item() {
        assert!(title_matches(
            "FOMC Statement",
            "Federal Reserve issues FOMC statement",
            "Federal Reserve"
        ));
        assert!(title_matches(
            "GDP Q4 2025 Advance Estimate",
            "Gross Domestic Product, 4th Quarter and Year 2025 (Advance Estimate)",
            "U.S. Bureau of Economic Analysis"
        ));
        assert!(!title_matches(
            "Insider Fed leak",
            "Fed holds rates steady",
            "Reuters"
        ));
        assert!(publisher_named(
            "BEA. GDP release.",
            "U.S. Bureau of Economic Analysis"
        ));
        assert!(publisher_named("Brookings.", "Brookings Institution"));
        assert!(!publisher_named("Anonymous. <no URL>", "Reuters"));
        assert!(title_matches("連邦 準備", "連邦 準備 声明", "連邦準備制度"));
    }

    #[test]
    fn placeholders_say_nothing_and_other_pages_contradict() {
        assert_eq!(written_address("Fed. https://..."), None);
        assert_eq!(written_address("Fed. https://… [Paywall]"), None);
        assert_eq!(
            written_address("Fed. <https://www.fed.gov/a/b>."),
            Some("https://www.fed.gov/a/b")
        );
        assert!(same_address(
            "https://fed.gov/a/b",
            "https://www.fed.gov/a/b/"
        ));
        assert!(same_address("https://fed.gov/a", "https://www.fed.gov/a/b"));
        assert!(!same_address(
            "https://fed.gov/ab",
            "https://www.fed.gov/a/b"
        ));
        assert!(!same_address(
            "https://example.com/a/b",
            "https://www.fed.gov/a/b"
        ));
    }
}
