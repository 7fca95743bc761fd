//! The source map against chapters and the expansions mdBook gives them.

use super::*;
use std::collections::HashMap;

fn reader(files: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> {
    let files: HashMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    move |p: &Path| files.get(p).cloned()
}

/// The map of `chapter` (in `src/`), given what mdBook expanded.
fn map(chapter: &str, expanded: &str, files: &[(&str, &str)]) -> Option<SourceMap> {
    let read = reader(files);
    SourceMap::rebuild(
        Path::new("src/c.md"),
        chapter.to_owned(),
        Path::new("src"),
        expanded,
        &read,
    )
}

/// The file name and text at `needle` of the expanded text.
fn at<'m>(map: &'m SourceMap, expanded: &str, needle: &str) -> (String, &'m str) {
    let start = expanded.find(needle).expect("needle in expanded text");
    let (file, span) = map.locate(start..start + needle.len());
    let (path, text) = &map.files[file];
    (path.display().to_string(), &text[span])
}

#[test]
fn line_and_column_count_characters() {
    let text = "ab\ncdé f\n";
    assert_eq!(line_column(text, 0), (1, 1));
    assert_eq!(line_column(text, 3), (2, 1));
    assert_eq!(line_column(text, 8), (2, 5));
    assert_eq!(line_column(text, 99), (3, 1));
    assert_eq!(line_column("\u{feff}x", 3), (1, 1));
    // A line starting with an emoji: one character, two UTF-16 units.
    let chart = "📈 rose 5%\n";
    let index = LineIndex::new(chart);
    assert_eq!(index.line_column(chart, 5), (1, 3));
    assert_eq!(index.line_utf16_column(chart, 5), (1, 4));
    let long = format!(
        "{}\n{}",
        "東京\u{a0}📈 x".repeat(300),
        "ab\u{feff}".repeat(900)
    );
    for text in [
        text,
        "",
        "\n\n",
        "a\r\nb\rc\n東京\u{a0}📈\n",
        "\u{feff}x\ny",
        &long,
    ] {
        let index = LineIndex::new(text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(
                index.line_column(text, offset),
                line_column(text, offset),
                "{text:?} at {offset}"
            );
            let (line, _) = line_column(text, offset);
            let at = text.floor_char_boundary(offset.min(text.len()));
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let utf16 = text[line_start..at]
                .chars()
                .filter(|&c| c != '\u{feff}')
                .map(char::len_utf16)
                .sum::<usize>();
            assert_eq!(index.line_utf16_column(text, offset), (line, utf16 + 1));
        }
    }
}

#[test]
fn text_after_an_include_maps_back_to_the_chapter() {
    let chapter = "# T\n\n{{#include q.md}}\n\nAfter claim.\n";
    let expanded = "# T\n\nQuoted line.\nSecond.\n\nAfter claim.\n";
    let map = map(
        chapter,
        expanded,
        &[("src/q.md", "Quoted line.\nSecond.\n")],
    )
    .expect("reproduced");
    assert_eq!(
        at(&map, expanded, "After claim."),
        ("src/c.md".into(), "After claim.")
    );
    let (file, text) = at(&map, expanded, "Second.");
    assert_eq!((file.as_str(), text), ("src/q.md", "Second."));
    let start = expanded.find("Second.").unwrap();
    assert_eq!(map.locate(start..start + 7).1, 13..20);
    // The chapter's directive that brought it in.
    assert_eq!(map.included_at(start), chapter.find("{{#include"));
    assert_eq!(map.included_at(expanded.find("After").unwrap()), None);
}

#[test]
fn ranges_anchors_escapes_titles_and_nesting() {
    let chapter = "{{#title T}}\\{{#include x.md}}\n{{#include a.md:2:3}} | {{ #include a.md:part }} | {{#include n/b.md}}\n";
    let a = "one\ntwo\r\nthree\n// ANCHOR: part\nin part\n// ANCHOR: other\nalso\n// ANCHOR_END: part\n";
    let b = "b says {{#include c.md:1}}!";
    let c = "deep line\nnot taken\n";
    let expanded = "{{#include x.md}}\ntwo\nthree | in part\nalso | b says deep line!\n";
    let map = map(
        chapter,
        expanded,
        &[("src/a.md", a), ("src/n/b.md", b), ("src/n/c.md", c)],
    )
    .expect("reproduced");
    assert_eq!(at(&map, expanded, "three").0, "src/a.md");
    assert_eq!(at(&map, expanded, "also").0, "src/a.md");
    assert_eq!(at(&map, expanded, "b says").0, "src/n/b.md");
    assert_eq!(
        at(&map, expanded, "deep line"),
        ("src/n/c.md".into(), "deep line")
    );
    // A nested include is reported at the chapter's own directive.
    let deep = expanded.find("deep line").unwrap();
    assert_eq!(map.included_at(deep), chapter.find("{{#include n/b.md}}"));
    assert_eq!(
        at(&map, expanded, "{{#include x.md}}").1,
        "{{#include x.md}}"
    );
    // A span across the joined lines is cut at its line's end.
    let start = expanded.find("two").unwrap();
    let (file, span) = map.locate(start..start + 9);
    assert_eq!(&map.files[file].1[span], "two");
}

#[test]
fn a_missing_file_stays_a_directive_and_nesting_stops_at_ten() {
    let chapter = "{{#include gone.md}} {{#include self.md}}";
    let me = "x{{#include self.md}}";
    let expanded = format!("{{{{#include gone.md}}}} {}", "x".repeat(10));
    let map = map(chapter, &expanded, &[("src/self.md", me)]).expect("reproduced");
    assert_eq!(map.locate(0..5).0, 0);
    assert_eq!(map.locate(21..22).0, 1);
}

#[test]
fn rustdoc_include_and_playground() {
    let chapter = "{{#rustdoc_include r.rs:2}}\n{{#playground r.rs editable}}";
    let r = "fn a() {}\nfn b() {}";
    let expanded = "# fn a() {}\nfn b() {}\n```rust,editable\nfn a() {}\nfn b() {}\n```\n";
    let map = map(chapter, expanded, &[("src/r.rs", r)]).expect("reproduced");
    let start = expanded.find("fn b").unwrap();
    assert_eq!(map.locate(start..start + 4), (1, 10..14));
    // The fence made up by the expansion points at the run before it.
    let fence = expanded.find("```rust").unwrap();
    assert_eq!(map.locate(fence..fence + 3).0, 0);
}

#[test]
fn prefixed_lines_map_the_prefix_to_the_chapter_and_the_rest_to_the_file() {
    let chapter =
        "- Item:\n\n  {{#include q.md}}\n\n> {{#include q.md:3}} and {{#include q.md}}\n\nAfter.\n";
    let q = "One.\r\n\nTwo.\n\n";
    // mdBook 0.5.4 keeps the blank last line and `\r\n` of `q.md`'s lines
    // as `str::lines` gives them; the next mdBook prefixes every line
    // after the first and drops the final line ending.
    let plain = "- Item:\n\n  One.\n\nTwo.\n\n\n> Two. and One.\n\nTwo.\n\n\nAfter.\n";
    let prefixed = "- Item:\n\n  One.\n  \n  Two.\n\n> Two. and One.\n> Two. and \n> Two. and Two.\n\nAfter.\n";
    for expanded in [plain, prefixed] {
        let map = map(chapter, expanded, &[("src/q.md", q)]).expect("reproduced");
        let two = expanded.find("Two.").unwrap();
        assert_eq!(map.locate(two..two + 4), (1, 7..11), "{expanded:?}");
        assert_eq!(at(&map, expanded, "After.").0, "src/c.md");
        let last = expanded.rfind("Two.").unwrap();
        assert_eq!(map.locate(last..last + 4).0, 1);
        assert_eq!(map.included_at(last), chapter.rfind("{{#include"));
    }
    let map = map(chapter, prefixed, &[("src/q.md", q)]).expect("reproduced");
    // The prefix of a line is the chapter's text before the directive,
    // included text before it on its line too.
    let indent = prefixed.find("  Two.").unwrap();
    let directive = chapter.find("  {{").unwrap();
    assert_eq!(
        map.locate(indent..indent + 2),
        (0, directive..directive + 2)
    );
    let quote = prefixed.rfind("> Two. and Two.").unwrap();
    let (gt, and) = (chapter.find("> ").unwrap(), chapter.find(" and ").unwrap());
    assert_eq!(map.locate(quote..quote + 2), (0, gt..gt + 2));
    assert_eq!(map.locate(quote + 2..quote + 6), (1, 7..11));
    assert_eq!(map.locate(quote + 6..quote + 11), (0, and..and + 5));
}

#[test]
fn nested_prefixes_add_up() {
    let chapter = "> {{#include outer.md}}\n";
    let outer = "Outer:\n  {{#include inner.md}}\n";
    let inner = "a\nb";
    let expanded = "> Outer:\n>   a\n>   b\n";
    let files = [("src/outer.md", outer), ("src/inner.md", inner)];
    let map = map(chapter, expanded, &files).expect("reproduced");
    let b = expanded.find('b').unwrap();
    assert_eq!(map.locate(b..b + 1), (2, 2..3));
    assert_eq!(map.locate(b - 4..b - 2), (0, 0..2));
    assert_eq!(map.locate(b - 2..b), (1, 7..9));
    assert_eq!(map.included_at(b), Some(2));
}

#[test]
fn prefixed_rustdoc_include_and_playground() {
    // `str::lines` drops the playground's `\r` and its last line ending.
    let chapter = "- {{#rustdoc_include r.rs:2}}\n> {{#playground r.rs}}\n";
    let r = "fn a() {}\r\nfn b() {}";
    let expanded = "- # fn a() {}\n- fn b() {}\n> ```rust\n> fn a() {}\n> fn b() {}\n> ```\n";
    let map = map(chapter, expanded, &[("src/r.rs", r)]).expect("reproduced");
    let b = expanded.find("fn b").unwrap();
    assert_eq!(map.locate(b..b + 4), (1, 11..15));
    assert_eq!(map.locate(b - 2..b), (0, 0..2));
    let a = expanded.rfind("fn a").unwrap();
    assert_eq!(map.locate(a..a + 10), (1, 0..9));
}

#[test]
fn no_map_when_the_expansion_differs() {
    assert!(map("{{#include q.md}}", "something else", &[("src/q.md", "q")]).is_none());
    assert!(map("plain", "plain", &[]).is_some());
}
