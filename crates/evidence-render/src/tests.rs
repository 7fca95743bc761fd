//! Tests of the parent module.

use super::*;

#[test]
fn splice_keeps_everything_outside_the_edits() {
    let mut edits = vec![
        Edit {
            range: 6..11,
            text: "there".into(),
        },
        Edit {
            range: 0..0,
            text: ">> ".into(),
        },
        Edit {
            range: 12..12,
            text: "!".into(),
        },
    ];
    assert_eq!(splice("hello world.", &mut edits), ">> hello there.!");
}

#[test]
fn banner_goes_under_the_heading_with_blank_lines_around() {
    let text = "# Title\nBody.\n";
    let mut edits = vec![banner_edit(text, 8, "\n")];
    assert_eq!(
        splice(text, &mut edits),
        "# Title\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\nBody.\n"
    );
    let text = "# Title\n\nBody.\n";
    let mut edits = vec![banner_edit(text, 8, "\n")];
    assert!(splice(text, &mut edits).ends_with("grounding.\n\nBody.\n"));
    let text = "Body.\n";
    let mut edits = vec![banner_edit(text, 0, "\n")];
    assert!(splice(text, &mut edits).starts_with("> [!WARNING]\n> This is"));
    assert!(splice(text, &mut [banner_edit(text, 0, "\n")]).ends_with("grounding.\n\nBody.\n"));
    let text = "# Only";
    assert_eq!(
        splice(text, &mut [banner_edit(text, 6, "\n")]),
        "# Only\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n"
    );
}

#[test]
fn spots_are_lettered_like_spreadsheet_columns() {
    let letters: Vec<String> = [1, 2, 26, 27, 28, 52, 53, 702, 703]
        .into_iter()
        .map(spot_letter)
        .collect();
    assert_eq!(
        letters,
        ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"]
    );
    assert_eq!(backlinks("x", 3, 1).matches("↩").count(), 1);
    let two = backlinks("x", 3, 2);
    assert!(
        two.contains(
            "href=\"#cite-x-2\" aria-label=\"Back to citation b of [3] (2 of 2)\">↩\u{a0}b</a>"
        ),
        "{two}"
    );
}

#[test]
fn the_first_line_ending_is_the_chapter_s() {
    for (text, newline) in [
        ("a\nb\r\n", "\n"),
        ("a\r\nb\n", "\r\n"),
        ("a\rb\n", "\n"),
        ("a\r", "\r\n"),
        ("a\rb", "\n"),
        ("a", "\n"),
    ] {
        assert_eq!(newline_of(text), newline, "{text:?}");
    }
}

/// `text` with an empty References section titled `R` appended.
fn appended(text: &str, newline: &str) -> String {
    let edit = references_edit(text, ReferencesPlace::default(), "R", "", newline);
    splice(text, &mut [edit])
}

#[test]
fn a_trailing_lone_cr_is_not_joined_into_crlf() {
    for (text, expected) in [
        ("a\r", "a\r\n\r\n## R\r\n\r\n"),
        ("a\nb\r", "a\nb\r\n\n## R\n\n"),
        ("a\r\nb\r", "a\r\nb\r\n\r\n## R\r\n\r\n"),
        ("a\r\r", "a\r\r\n\r\n## R\r\n\r\n"),
        ("a\n\r", "a\n\r\n\n## R\n\n"),
    ] {
        assert_eq!(appended(text, newline_of(text)), expected, "{text:?}");
    }
}

#[test]
fn references_append_with_one_blank_line() {
    for (text, expected) in [
        ("a", "a\n\n## R\n\n"),
        ("a\n", "a\n\n## R\n\n"),
        ("a\n\n", "a\n\n## R\n\n"),
        ("", "## R\n\n"),
    ] {
        assert_eq!(appended(text, "\n"), expected);
    }
}

#[test]
fn an_entry_links_its_host() {
    assert_eq!(
        host_of("https://www.bls.gov/news/a.htm"),
        Some("www.bls.gov")
    );
    assert_eq!(
        host_of("http://example.org:8080/?q=1"),
        Some("example.org:8080")
    );
    assert_eq!(host_of("https://user@example.org#x"), Some("example.org"));
    assert_eq!(host_of("https://[::1]/a"), Some("[::1]"));
    assert_eq!(host_of("not a link"), None);
    assert_eq!(host_of("https:///path"), None);
}
