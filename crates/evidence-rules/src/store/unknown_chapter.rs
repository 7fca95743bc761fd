//! `unknown-chapter`: the store's `chapters` map lists citations for a
//! chapter that is not in the book, almost always a mistyped key (it is
//! the chapter's path relative to `src/`), which leaves the real chapter
//! without its citation list.

use crate::meta::{RuleMeta, guide_page};
use crate::store::StoreFinding;
use evidence_core::rule::Rule;
use evidence_core::store::Origin;
use std::collections::HashSet;

/// What `unknown-chapter` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::UnknownChapter,
    help: "fix the key under `chapters` in the store: it is the chapter's path relative to `src/`",
    doc: &["The store lists citations for a chapter that is not in the book."],
    guide_page: guide_page!("unknown-chapter"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// One `unknown-chapter` finding for each key of the store's `chapters` map
/// (`store_chapters`, with where each was defined) that is not the key of a
/// chapter of the book (`book_chapters`), in key order.
pub fn unknown_chapters<'s>(
    store_chapters: impl IntoIterator<Item = (&'s str, &'s Origin)>,
    book_chapters: &HashSet<String>,
) -> Vec<StoreFinding> {
    let mut unknown: Vec<(&str, &Origin)> = store_chapters
        .into_iter()
        .filter(|(key, _)| !book_chapters.contains(*key))
        .collect();
    unknown.sort_by_key(|(key, _)| *key);
    unknown
        .into_iter()
        .map(|(key, origin)| StoreFinding {
            rule: META.rule,
            message: format!(
                "the store lists citations for chapter `{key}`, which is not in the book{}",
                nearest_chapter(key, book_chapters)
                    .map(|near| format!(" (did you mean `{near}`?)"))
                    .unwrap_or_default()
            ),
            origin: origin.clone(),
        })
        .collect()
}

/// The chapter of the book a mistyped key most likely meant: the one
/// chapter with the key's file name (a key missing its directory, or in
/// the wrong one), else the chapter path within a typo of it.
fn nearest_chapter<'b>(key: &str, book_chapters: &'b HashSet<String>) -> Option<&'b str> {
    let file_name = |path: &str| path.rsplit('/').next().unwrap_or(path).to_owned();
    let name = file_name(key);
    let mut same_name = book_chapters.iter().filter(|c| file_name(c) == name);
    if let (Some(only), None) = (same_name.next(), same_name.next()) {
        return Some(only);
    }
    let mut chapters: Vec<&str> = book_chapters.iter().map(String::as_str).collect();
    chapters.sort_unstable();
    evidence_core::suggest::closest(key, chapters.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn origin(json_path: &str) -> Origin {
        Origin {
            file: PathBuf::from("evidence/store.json"),
            json_path: json_path.into(),
        }
    }

    #[test]
    fn keys_not_in_the_book_are_found_in_key_order() {
        let (b, a, known) = (
            origin("chapters.b"),
            origin("chapters.a"),
            origin("chapters.k"),
        );
        let store = [("b.md", &b), ("known.md", &known), ("a.md", &a)];
        let book: HashSet<String> = ["known.md".to_owned()].into();
        let found = unknown_chapters(store, &book);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].origin, a);
        assert_eq!(found[1].origin, b);
        assert_eq!(found[0].rule, Rule::UnknownChapter);
        assert_eq!(
            found[0].message,
            "the store lists citations for chapter `a.md`, which is not in the book"
        );
    }

    #[test]
    fn a_mistyped_or_misplaced_key_names_the_chapter_meant() {
        let o = origin("chapters.x");
        let book: HashSet<String> = ["reports/daily-brief.md", "brief.md", "東京/報告.md"]
            .map(str::to_owned)
            .into();
        for (key, near) in [
            ("breif.md", Some("brief.md")),
            ("daily-brief.md", Some("reports/daily-brief.md")),
            ("desk/daily-brief.md", Some("reports/daily-brief.md")),
            ("東京/報吿.md", Some("東京/報告.md")),
            ("appendix.md", None),
        ] {
            let found = unknown_chapters([(key, &o)], &book);
            let hint = near
                .map(|n| format!(" (did you mean `{n}`?)"))
                .unwrap_or_default();
            assert!(
                found[0]
                    .message
                    .ends_with(&format!("not in the book{hint}")),
                "{key}: {}",
                found[0].message
            );
        }
    }

    #[test]
    fn a_book_with_every_key_has_no_finding() {
        let a = origin("chapters.a");
        let book: HashSet<String> = ["a.md".to_owned(), "other.md".to_owned()].into();
        assert!(unknown_chapters([("a.md", &a)], &book).is_empty());
    }
}
