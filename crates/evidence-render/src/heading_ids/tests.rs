use super::*;

/// The ids [`heading_id_edits`] inserts into `text`, in order.
fn ids(text: &str) -> Vec<String> {
    let markdown = MarkdownFlags::default();
    let found = crate::syntax_tests::scan_with(text, markdown, false);
    heading_id_edits(text, &found.markers, markdown)
        .into_iter()
        .map(|edit| edit.text)
        .collect()
}

#[test]
fn a_cited_heading_keeps_the_id_of_its_text() {
    assert_eq!(ids("# Rates held [EVID:a]\n"), [" {#rates-held}"]);
    assert_eq!(ids("# 東京 ~~ [EVID:a] [\n"), [" {#東京---}"]);
}

/// `remove` mode took `[EVID:gone]` out of `~~[EVID:gone][` leaving a
/// space (`~~ [`): the first run read no id (`~~[`) and added none, the
/// second read `-` and added `{#-}`. An id of nothing but hyphens, which
/// white space alone makes, names no heading: none is added on any run.
#[test]
fn a_heading_of_punctuation_gets_no_id_however_spaced() {
    let cite = "<span class=\"evidence-cite\" id=\"cite-a-1\" data-evidence=\"a\">[&#49;]</span>";
    for text in [
        format!("# {cite}~~[EVID:gone]["),
        format!("# {cite}~~ ["),
        format!("# {cite}~~ \u{3000}[\n"),
        "# - [EVID:a] ~~\n".to_owned(),
        format!("# {cite} {cite}\n"),
    ] {
        assert_eq!(ids(&text), Vec::<String>::new(), "{text:?}");
    }
}
