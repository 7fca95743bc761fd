use super::*;
use crate::markers::{MarkdownFlags, Scan, ScanOptions, scan};

fn scanned(text: &str) -> Scan {
    let options = ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: true,
        references_title: "参考文献",
        claim_min_words: 3,
    };
    scan(text, &options)
}

/// Each block's text, trimmed.
fn texts(scan: &Scan) -> Vec<&str> {
    scan.blocks.iter().map(|b| b.text.trim()).collect()
}

#[test]
fn a_list_items_later_paragraphs_are_blocks_of_their_own() {
    let text = "- Rates rose [EVID:a].\n\n  Unemployment will reach ９%.\n\n  > Quoted\u{a0}claim here.\n- Next\n";
    let scan = scanned(text);
    assert_eq!(
        texts(&scan),
        [
            "Unemployment will reach ９%.",
            "Quoted\u{a0}claim here.",
            "Rates rose .",
            "Next"
        ]
    );
    assert!(scan.blocks[0].is_item && scan.blocks[2].is_item);
    assert_eq!(scan.markers[0].block, Some(2));
}

#[test]
fn definition_list_terms_and_html_text_are_blocks() {
    let text = "Unemployment will reach 9%.\n: Outlook\n\n<div>\u{200f}失業率は９％に達する。</div>\n\n<!-- a comment -->\n\n<script>x = 1;</script>\n";
    let scan = scanned(text);
    assert_eq!(
        texts(&scan),
        [
            "Unemployment will reach 9%.",
            "Outlook",
            "\u{200f}失業率は９％に達する。"
        ]
    );
    assert!(scan.blocks[2].html && !scan.blocks[0].html);
    assert_eq!(
        &text[scan.blocks[2].span.clone()],
        "\u{200f}失業率は９％に達する。"
    );
    let marked = "<div class=\"a\">\n<span class=\"evidence-unverified-claim\">⚠</span> Rates &amp; yields rose.</div>";
    assert_eq!(
        &marked[visible_range(marked)],
        &marked[16..marked.len() - 6]
    );
}

/// Only an earlier run's mark starts an HTML block's claim before its
/// text: the author's `<span class="evidence-cites">` opening the block
/// (alone on its line, which makes the block) does not, as any `<span
/// class="evidence-…` did; the mark went before it, the line became a
/// paragraph's, and the next run read the marker the block had hidden
/// (the pipeline property found it). The mark is no text of the claim,
/// as it is none in prose.
#[test]
fn an_html_blocks_claim_starts_at_its_text_or_an_earlier_mark_only() {
    let group = "<span class=\"evidence-cites\">";
    let text = format!("  {group}\n{group}[EVID:a] Rates held\u{a0}steady 😀\n</span>東京");
    let visible = visible_range(&text);
    assert_eq!(visible.start, text.find("[EVID:a]").unwrap());
    assert!(text[visible].ends_with("東京"));
    let mark = "<span class=\"evidence-unverified-claim\" role=\"note\">⚠</span> ";
    let marked = text.replace("[EVID:a]", &format!("{mark}[EVID:a]"));
    assert_eq!(visible_range(&marked).start, marked.find(mark).unwrap());
    // The mark is no text of the claim: `2) …` still opens it.
    let text = "<div>\n2) Rates held\u{a0}steady 😀\n</div>";
    let marked = text.replace("2)", &format!("{mark}2)"));
    assert_eq!(visible_text(&marked), visible_text(text));
    assert!(visible_text(text).starts_with("2)"));
}

#[test]
fn under_references_entries_are_no_blocks_and_prose_is() {
    let text = "Cited [1].\n\n## 参考文献\n\n- [Fed](https://www.federalreserve.gov/)\n- Smith, J. (2020). A book.\n- Unemployment will reach 9%.\n\nRates will fall [EVID:a].\n\n### Outlook\n\n- Growth slows in 2027.\n\n[^n]: Prices rose sharply.\n";
    let scan = scanned(text);
    assert_eq!(
        texts(&scan),
        [
            "Cited .",
            "Unemployment will reach 9%.",
            "Rates will fall .",
            "Growth slows in 2027.",
            "Prices rose sharply."
        ]
    );
    assert_eq!(scan.markers.len(), 2, "{:?}", scan.markers);
    assert!(scan.own_references.is_some());
}

#[test]
fn a_written_list_the_entries_replace_holds_no_block() {
    let text = "Cited [1].\n\n## 参考文献\n\n[1] Reuters. \"Fed holds\".\n[2] Fed. Statement.\n";
    let scan = scanned(text);
    assert_eq!(texts(&scan), ["Cited ."]);
    assert_eq!(scan.reference_list.len(), 2);
    assert_eq!(scan.markers.len(), 1);
}

#[test]
fn what_a_reader_sees_of_html() {
    assert_eq!(
        visible_text("<div class=\"a>b\">Unemployment will reach&nbsp;9%.</div>\n"),
        "Unemployment will reach 9%."
    );
    for unread in [
        "<!-- Unemployment will reach 9%. -->",
        "<script>var a = 'Unemployment will reach 9%.';</script>",
        "<STYLE>p { color: red }</STYLE>",
        "<pre>失業率は９％に達する。</pre>",
        "<img src=\"x.png\" alt=\"a chart\">",
    ] {
        assert_eq!(visible_text(unread), "", "{unread:?}");
    }
    assert_eq!(
        visible_text("<p>失業率は９％に達する。</p>"),
        "失業率は９％に達する。"
    );
    assert_eq!(visible_text("a < b &amp; c"), "a < b & c");
    assert_eq!(visible_text("<pre>unclosed"), "");
    assert_eq!(visible_text("<PRE>a</b></Pre>Rates fell."), "Rates fell.");
    // Many unread elements in one block are read in linear time.
    let many = "<pre>x</pre>".repeat(200_000) + "Rates fell.";
    assert_eq!(visible_text(&many), "Rates fell.");
}

#[test]
fn entries_name_a_source_and_prose_does_not() {
    for entry in [
        "- [Federal Reserve](https://www.federalreserve.gov/)\n",
        "[1] Reuters. \"Fed holds\".\n",
        "1. Smith, J. (2020). A book.\n",
        "- 連邦準備制度 https://example.jp/\n",
        "Doe, A. (1999, March). Rates.\n",
        "- Smith, A. *Monetary Policy Rules*, 2020.\n",
        "- 日本銀行「展望レポート」2025年\n",
    ] {
        assert!(names_a_source(entry, true), "{entry:?}");
    }
    for prose in [
        "Unemployment will reach 9%.\n",
        "- Unemployment will reach ９% by 2027.\n",
        "- Growth slowed, as \"expected\" by analysts.\n",
        "失業率は\u{a0}9%に達する。\n\nhttps://example.com/ below\n",
        "- \u{200f}Rates rose (sharply).\n  - [a](https://x)\n",
        "- <a class=\"evidence-cite\" href=\"#evidence-a\">[&#49;]</a>in 2025\n",
        "<span class=\"evidence-cite\" data-evidence=\"a\">[1]</span>Rates\n",
        "- [\\[1\\]](#evidence-a \"Fed: \\\"Rules\\\" (2020)\")in 2025\n",
        "- [⚠](#unverified-claim \"Unverified claim: x\") Rates rose in 2025.\n",
        "<a class=\"evidence-cite\" href=\"#evidence-a\">[&#49;]</a>[2] Rates\n",
    ] {
        assert!(!names_a_source(prose, true), "{prose:?}");
    }
}

/// The author's lone `<a class="evidence-cite">` opening a footnote that
/// names its source by URL: the first run renders the footnote's marker
/// after it, whose `</a>` closed the lone tag, as though one citation held
/// the URL; the second run read no source there, and judged the footnote
/// as a claim (the pipeline property found it). An earlier run's group
/// goes whole, anchors and all.
#[test]
fn an_authors_lone_citation_tag_takes_no_text_along() {
    let lone = "<a class=\"evidence-cite\" data-evidence=\"a\">[^1]\n    http://e.org 日本 ";
    let cite = "<a class=\"evidence-cite\" id=\"cite-p-1\" href=\"#evidence-p\" data-evidence=\"p\">[&#49;]</a>";
    assert!(names_a_source(&format!("{lone}[EVID:p]"), false));
    assert!(names_a_source(&format!("{lone}{cite}"), false));
    let anchor = "<span class=\"evidence-cite\" id=\"cite-b-1\" data-evidence=\"b\"></span>";
    let group = format!("<span class=\"evidence-cites\">[{cite}{anchor}–{cite}]</span>");
    assert_eq!(
        without_tags(&format!("[1]{group} Rates")),
        "[1]\u{fffc} Rates"
    );
}

#[test]
fn a_number_before_a_citation_an_earlier_run_wrote_is_no_entry() {
    // `- [1][EVID:p]` under References cites `p`; what the first run made
    // of it must cite `p` on the second (the pipeline property found this).
    let options = ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: true,
        references_title: "References",
        claim_min_words: 3,
    };
    let first = scan("## References\n- [1][EVID:p]\n", &options);
    let second = scan(
        "## References\n- [1]<a class=\"evidence-cite\" id=\"cite-p-1\" href=\"#evidence-p\" data-evidence=\"p\">[&#49;]</a>\n",
        &options,
    );
    let kinds = |scan: &Scan| -> Vec<String> {
        scan.markers
            .iter()
            .map(|m| format!("{:?}", m.kind))
            .collect()
    };
    assert_eq!(kinds(&first), ["Number(1)", "Evidence(\"p\")"]);
    assert_eq!(kinds(&second), ["Number(1)", "Rendered(\"p\")"]);
}

#[test]
fn a_numbered_citation_is_no_web_link_of_a_footnote() {
    // `[1]` with a definition `[1]: http://…` is a citation in a numbered
    // chapter: the footnote citing it is a claim, as its rendering is on
    // the next run (the pipeline property found this).
    let options = ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: true,
        references_title: "References",
        claim_min_words: 3,
    };
    let first = scan(
        "[^1]: Rates rose 4.4\u{a0}percent\n    [1][2]\n\n[1]: http://e.org\n",
        &options,
    );
    let second = scan(
        "[^1]: Rates rose 4.4\u{a0}percent\n    [\\[1\\]](#evidence-a \"A\")[\\[2\\]](#evidence-b \"B\")\n\n[1]: http://e.org\n",
        &options,
    );
    assert_eq!(texts(&first), texts(&second));
    assert_eq!(texts(&first).len(), 1);
    assert!(first.markers.iter().all(|m| m.block == Some(0)));
}

/// In a quote, an HTML block's later lines open with the quote's `>`,
/// which is no text of the block: its claim starts at the text a reader
/// sees, after the `> `. Read from the chapter's bytes, the claim started
/// at that `>`, a mark written there went before the quote's `> `, and the
/// next run read the line as another paragraph's (the pipeline property
/// found it, after an author's lone `<a class="evidence-cite">`).
#[test]
fn an_html_block_in_a_quote_starts_at_its_text_not_at_the_quotes_marker() {
    let open_a = "<a class=\"evidence-cite\" data-evidence=\"a\">";
    for (text, visible) in [
        (
            format!("> {open_a}\n> [EVID:a, b.2:x/y-z] Rates"),
            "[EVID:a, b.2:x/y-z] Rates",
        ),
        (
            "> <div>\n>  東京 Rates held\u{a0}steady 😀\n> </div>\n".to_owned(),
            "東京 Rates held\u{a0}steady 😀",
        ),
        (
            "- > <div>\n  > 金利 rose.\n  >\u{3000}Rates held.</div>\n".to_owned(),
            "金利 rose.\n  >\u{3000}Rates held.",
        ),
    ] {
        let scan = scanned(&text);
        let block = scan.blocks.iter().find(|b| b.html).expect("an HTML block");
        assert_eq!(&text[block.span.clone()], visible, "{text:?}");
    }
}

/// Under References, an entry inside a list item (`- > [1] Reuters …`, a
/// later paragraph `[2] …`) gives the item no text, as it gives it no
/// marker: the item was judged on the entry's text as a claim, marked or
/// replaced, and the next run, no longer reading an entry there, read
/// its markers and wrote the References (the pipeline property found it).
#[test]
fn an_entry_gives_the_block_around_it_no_text() {
    let text = "Cited [1].\n\n## 参考文献\n\n- > [1] [Insufficient evidence][EVID:a, b.2:x/y-z]\n- > Unemployment will reach 9%.\n- Growth 😀\n\n  [2]\u{a0}Reuters. \"Fed holds\" [EVID:a]\n";
    let scan = scanned(text);
    assert_eq!(
        texts(&scan),
        ["Cited .", "", "Unemployment will reach 9%.", "Growth 😀"]
    );
    assert_eq!(scan.markers.len(), 1, "{:?}", scan.markers);
}
