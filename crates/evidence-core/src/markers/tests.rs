use super::*;
use crate::markers::closers::{unclosed_fence, unclosed_html};

fn opts(numbered: bool) -> ScanOptions<'static> {
    ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered,
        references_title: "References",
        claim_min_words: 3,
    }
}

/// The source text of each marker found.
fn markers(text: &str, numbered: bool) -> Vec<&str> {
    scan(text, &opts(numbered))
        .markers
        .iter()
        .map(|m| &text[m.span.clone()])
        .collect()
}

#[test]
fn evid_markers_in_prose_emphasis_tables_headings_and_footnotes() {
    let text = "# Title [EVID:ev_h]\n\nRates rose 3.2% [EVID:ev_abc123] after *the Fed [EVID:ev_2]*.\n\n\
                | a | b |\n|---|---|\n| x [EVID:ev_t] | y |\n\nNote.[^n]\n\n[^n]: Footnote [EVID:ev_f].\n";
    assert_eq!(
        markers(text, false),
        [
            "[EVID:ev_h]",
            "[EVID:ev_abc123]",
            "[EVID:ev_2]",
            "[EVID:ev_t]",
            "[EVID:ev_f]"
        ]
    );
}

#[test]
fn never_markers_in_code_html_links_images_or_escapes() {
    let text = "Inline `[EVID:ev_code]` code.\n\n```\n[EVID:ev_fence] [1]\n```\n\n    [EVID:ev_indent]\n\n\
                <div>[EVID:ev_html]</div>\n\nA <span title=\"[EVID:ev_attr]\">x</span>.\n\n\
                [EVID:ev_link](https://x.org) and ![alt [EVID:ev_img]](i.png) and [x][EVID:ev_ref].\n\n\
                [EVID:ev_ref]: https://example.org\n\n\\[EVID:ev_escaped] and [EVID:ev_esc\\]\n\n\
                Footnote ref[^1] and {{#include [EVID:ev_dir].md}} here.\n\n- [x] [1] done\n\n[^1]: note\n";
    assert_eq!(markers(text, true), ["[1]"]);
}

#[test]
fn numbers_only_in_numbered_chapters_and_not_real_links() {
    let text = "Held at 5.25% [1][2] and [10], not [0] or [01] or [1.5] or [^3].\n\nSee [3].\n\n[3]: https://example.org\n";
    assert_eq!(markers(text, true), ["[1]", "[2]", "[10]"]);
    assert!(markers(text, false).is_empty());
    let kinds: Vec<_> = scan(text, &opts(true))
        .markers
        .into_iter()
        .map(|m| m.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            MarkerKind::Number(1),
            MarkerKind::Number(2),
            MarkerKind::Number(10)
        ]
    );
}

#[test]
fn malformed_evid_markers_are_reported_as_such() {
    let scan = scan(
        "The Fed held [EVID: ev_1] and [EVID:] and (EVID:ev_2) here.\n",
        &opts(false),
    );
    let kinds: Vec<_> = scan.markers.into_iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        [
            MarkerKind::Evidence("ev_1".into()),
            MarkerKind::Malformed("[EVID:]".into()),
            MarkerKind::Malformed("(EVID:ev_2)".into())
        ]
    );
    // Alone in a paragraph, without any bracket around.
    let alone = crate::markers::scan("Rates held steady today (evid:ev_2).\n", &opts(false));
    assert_eq!(
        alone.markers[0].kind,
        MarkerKind::Malformed("(evid:ev_2)".into())
    );
}

#[test]
fn rendered_citations_are_recognised_on_a_second_run() {
    let text = "Rates held <a class=\"evidence-cite\" id=\"cite-ev_1-1\" href=\"#evidence-ev_1\" data-evidence=\"ev_1\" title=\"x\">[1]</a> \
                and [\\[2\\]](#evidence-ev_2 \"t\") fell.\n";
    let scan = scan(text, &opts(true));
    let kinds: Vec<_> = scan.markers.iter().map(|m| m.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            MarkerKind::Rendered("ev_1".into()),
            MarkerKind::Rendered("ev_2".into())
        ]
    );
    assert!(text[scan.markers[0].span.clone()].ends_with("[1]</a>"));
    assert!(text[scan.markers[1].span.clone()].ends_with("\"t\")"));
    // The citations are cut out of the block's text, which stays prose.
    assert_eq!(scan.blocks[0].text.trim(), "Rates held  and  fell.");
    assert!(scan.blocks[0].has_plain_words);
}

#[test]
fn blocks_are_paragraphs_and_list_items_with_their_own_markers() {
    let text = "# Brief\n\nThe Fed held rates steady [EVID:a].\n\n- Outer item states a fact [EVID:b]\n  - Inner item states another fact\n\n> Quoted paragraph says something [EVID:c].\n";
    let scan = scan(text, &opts(false));
    let claims: Vec<_> = scan
        .blocks
        .iter()
        .map(|b| b.text.trim().to_owned())
        .collect();
    assert_eq!(
        claims,
        [
            "The Fed held rates steady .",
            "Inner item states another fact",
            "Outer item states a fact",
            "Quoted paragraph says something ."
        ]
    );
    let owner = |i: usize| match scan.markers[i].block {
        Some(block) => scan.blocks[block].text.clone(),
        None => panic!("marker {i} belongs to no block"),
    };
    assert!(owner(0).starts_with("The Fed"));
    assert!(owner(1).starts_with("Outer"));
    assert!(owner(2).starts_with("Quoted"));
    assert_eq!(
        &text[scan.blocks[1].span.clone()],
        "Inner item states another fact"
    );
}

/// Headings, a table's header, code and footnote definitions that name a
/// source (a table in one too) are no blocks; a table's body row is one,
/// its text its cells'.
#[test]
fn headings_table_headers_code_and_source_footnotes_are_no_blocks() {
    let text = "# A heading with many words\n\n| many | words | in | a | table |\n|---|---|---|---|---|\n| 1 | | 東京 |\n\n```\ncode with many words\n```\n\nText.[^1]\n\n[^1]: A footnote, https://example.com/.\n\n    | x | y |\n    |---|---|\n    | 2 | 3 |\n";
    let scan = scan(text, &opts(false));
    let texts: Vec<_> = scan.blocks.iter().map(|b| b.text.trim()).collect();
    assert_eq!(texts, ["1 | 東京", "Text."]);
    assert!(scan.blocks[0].row.is_some() && scan.blocks[1].row.is_none());
    assert_eq!(&text[scan.blocks[0].outer.clone()], "| 1 | | 東京 |\n");
}

/// A link in a table's header opens no text: the list item's text after
/// the table starts where it is, not in the header.
#[test]
fn text_after_a_table_does_not_start_in_its_header() {
    let text = "- |  | [EVID:a](http://e.org)\n  |---|---|\n   |\n  Cut odds by June |\n";
    let scan = scan(text, &opts(false));
    assert_eq!(scan.blocks.len(), 1);
    assert_eq!(
        &text[scan.blocks[0].span.clone()],
        "|\n  Cut odds by June |"
    );
}

#[test]
fn references_section_is_found_and_its_blocks_skipped() {
    let text = "# T\n\nA claim here [EVID:a].\n\n## References\n\n[1] Old entry with many words [EVID:z].\n\n### Sub\n\nStill references.\n\n## Next\n\nAfter.\n";
    let scan = scan(text, &opts(false));
    let Some(section) = scan.references.clone() else {
        panic!("no References section found");
    };
    assert!(text[section.clone()].starts_with("## References"));
    assert!(text[section].ends_with("Still references.\n\n"));
    assert_eq!(scan.markers.len(), 1);
    assert_eq!(scan.blocks.len(), 2);

    let at_end = "# T\n\n## References\n\nx\n";
    let scan2 = crate::markers::scan(at_end, &opts(false));
    assert_eq!(scan2.references, Some(5..at_end.len()));
}

#[test]
fn banner_offset_and_detection() {
    let text = "# Title\nBody text here.\n";
    assert_eq!(scan(text, &opts(false)).banner_offset, 8);
    assert_eq!(scan("No heading here.\n", &opts(false)).banner_offset, 0);
    let with = "# Title\n\n> [!WARNING]\n> This is an **Unverified Summary**. Claims may lack evidence grounding.\n\nBody.\n";
    assert!(scan(with, &opts(false)).has_banner);
}

#[test]
fn crlf_and_bom_offsets_stay_exact() {
    let text = "\u{feff}# T\r\n\r\nRates rose today [EVID:ev_1].\r\n";
    let s = scan(text, &opts(false));
    assert_eq!(&text[s.markers[0].span.clone()], "[EVID:ev_1]");
}

#[test]
fn unclosed_html_blocks_end_as_pulldown_cmark_ends_them() {
    for (block, close) in [
        ("<!-- open", Some("-->")),
        ("<!-->", None),
        ("<!-- a -->", None),
        ("  <?…", Some("?>")),
        ("<?php x ?>", None),
        ("<![CDATA[ x", Some("]]>")),
        ("<!DOCTYPE html", Some(">")),
        ("<PRE>\nx", Some("</pre>")),
        ("<pre>\nx </PRE>", Some("</pre>")),
        ("<script>\nx</script>", None),
        ("<prefix>\nx", None),
        ("<div>\nx", None),
        ("plain", None),
    ] {
        assert_eq!(unclosed_html(block).as_deref(), close, "{block:?}");
    }
}

#[test]
fn unclosed_fences_end_as_pulldown_cmark_ends_them() {
    for (block, close) in [
        ("```\ncode\n```", None),
        ("```\ncode\n```  ", None),
        ("```\ncode\n   ```", None),
        ("````\ncode\n`````", None),
        ("```\ncode\r\n```\r\n", None),
        ("```\ncode\n```\t", Some("```")),
        ("```\ncode\n    ```", Some("```")),
        ("```\ncode\n\t```", Some("```")),
        ("````\ncode\n```", Some("````")),
        ("~~~\ncode\n```", Some("~~~")),
        ("```\ncode\n``` x", Some("```")),
        ("```", Some("```")),
    ] {
        assert_eq!(unclosed_fence(block).as_deref(), close, "{block:?}");
    }
}

#[test]
fn a_rendered_group_reads_back_as_its_citations_covering_it_whole() {
    let group = "<span class=\"evidence-cites\">[<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" title=\"t\">&#49;</a>\
                 <span class=\"evidence-cite\" id=\"cite-b-1\" data-evidence=\"b\"></span>–\
                 <a class=\"evidence-cite\" id=\"cite-c-1\" href=\"#evidence-c\" data-evidence=\"c\" title=\"t\">&#51;</a>]</span>";
    let text = format!("- Rates held\u{a0}東京 {group}.\n");
    let scan = scan(&text, &opts(false));
    let kinds: Vec<_> = scan.markers.iter().map(|m| m.kind.clone()).collect();
    assert_eq!(
        kinds,
        ["a", "b", "c"].map(|id| MarkerKind::Rendered(id.into()))
    );
    // The parts cover the group whole, in order.
    let start = text.find("<span").unwrap();
    assert_eq!(scan.markers[0].span.start, start);
    assert_eq!(scan.markers[2].span.end, start + group.len());
    assert_eq!(scan.markers[0].span.end, scan.markers[1].span.start);
    assert_eq!(scan.markers[1].span.end, scan.markers[2].span.start);
    // Its brackets and separators are not prose; the block ends with it.
    assert_eq!(scan.blocks[0].text.trim(), "Rates held\u{a0}東京 .");
    assert_eq!(scan.blocks[0].span.end, start + group.len() + 1);
    // Outside a group, a citation's text must be its bracketed label.
    let lone = "A claim <a class=\"evidence-cite\" data-evidence=\"a\">1</a> here.\n";
    assert!(scan_markers_of(lone).is_empty());
}

/// The author's `<span class="evidence-cites">` around a marker whose
/// citations an earlier run rendered alone (`[EVID:a; EVID:gone]`, `gone`
/// unverified): no group of the renderer, which writes its citations
/// unbracketed and no unverified mark inside one. Each citation is read
/// alone and the `<span>` stays the author's; read as a group, it went
/// with the citations and the second run dropped it (the pipeline
/// property found it).
#[test]
fn an_authors_group_span_around_lone_citations_is_no_group() {
    let cite = "<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\">[&#49;]</a>";
    let mark = "<span class=\"evidence-unverified\" data-evidence=\"gone\" role=\"note\">&#91;unverified&#93;</span>";
    for (inner, alone) in [
        (format!("{cite}{mark}"), vec![cite, mark]),
        (format!("[{cite}, {cite}]"), vec![cite, cite]),
        (cite.to_owned(), vec![cite]),
    ] {
        let text = format!("Rates held <span class=\"evidence-cites\">{inner}</span> today.\n");
        let scan = scan(&text, &opts(false));
        assert!(
            scan.markers
                .iter()
                .all(|m| matches!(m.kind, MarkerKind::Rendered(_))),
            "{text:?}"
        );
        let spans: Vec<_> = scan.markers.iter().map(|m| &text[m.span.clone()]).collect();
        assert_eq!(spans, alone, "{text:?}");
    }
}

/// The author's inline HTML elements are inline elements of their block
/// (no sentence is cut inside one), from the opening tag to the closing
/// one or, left open, to the end of the block's text: taken out with the
/// sentence before a cut, an opening tag left the text it held to be read
/// as prose on the next run (the pipeline property found it: `remove`
/// mode by sentence took `***<span class="evidence-cites">[1, 2]!` out of
/// `… [SPECULATION]`, which the next run labelled). What an earlier run
/// wrote (a citation, a group of them, the speculation label) is read as
/// what it stands for, and an element holding no text holds no cut.
#[test]
fn the_authors_inline_html_elements_are_inline_elements_of_their_block() {
    let cite = "<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" title=\"t\">[1]</a>";
    let group = "<span class=\"evidence-cites\">[<a class=\"evidence-cite\" id=\"cite-a-1\" href=\"#evidence-a\" data-evidence=\"a\" title=\"t\">&#49;</a>, \
                 <a class=\"evidence-cite\" id=\"cite-b-1\" href=\"#evidence-b\" data-evidence=\"b\" title=\"t\">&#50;</a>]</span>";
    let label = crate::syntax::SPECULATION_ELEMENT;
    let text = format!(
        "A <span title=\"x\">b. 東京</span> d{cite}{group}<a id=\"x\"></a>. {label} \
         ***<span class=\"evidence-cites\">[1, 2]! <b>e\u{301}</b> [SPECULATION]\n"
    );
    let found = scan(&text, &opts(false));
    let block = &found.blocks[0];
    let html: Vec<(&str, &str)> = (block.inlines.iter())
        .filter(|inline| inline.html)
        .map(|inline| {
            (
                &text[inline.source.clone()],
                &block.text[inline.text.clone()],
            )
        })
        .collect();
    let open = text.rfind("<span").unwrap();
    assert_eq!(
        html,
        [
            ("<span title=\"x\">b. 東京</span>", "b. 東京"),
            ("<b>e\u{301}</b>", "e\u{301}"),
            (
                &text[open..text.len() - 1],
                "[1, 2]! e\u{301} [SPECULATION]"
            ),
        ]
    );
    assert_eq!(found.markers.len(), 3);
    // Emphasis and links are no HTML elements.
    let emphasis = scan("A *b. C* d.\n", &opts(false));
    assert!(emphasis.blocks[0].inlines.iter().all(|i| !i.html));
}

/// A confidence label, as a build writes it (escaped) or as an author may,
/// is no text of the claim it opens: the claim reads the same before a
/// build labels it and after (the pipeline property found `2) …` read as
/// list numbering, then, behind the label, as the figure 2). The text
/// after it starts where the label does, gaps after it aside, so that
/// the claim starts there and the next run replaces the label.
#[test]
fn a_confidence_label_is_no_text_of_the_claim_it_opens() {
    for (text, read) in [
        (
            "\\[LOW CONFIDENCE\\] 2\\) Rates rose 3% today.\n",
            "2) Rates rose 3% today.",
        ),
        ("[HIGH CONFIDENCE] 東京 rates rose.\n", "東京 rates rose."),
        (
            "- \\[LOW CONFIDENCE\\]  [EVID:a] \u{200f}Rates rose.\n",
            "\u{200f}Rates rose.",
        ),
    ] {
        let found = scan(text, &opts(false));
        let block = &found.blocks[0];
        assert_eq!(block.text.trim(), read, "{text:?}");
        let label = text.find("\\[").or_else(|| text.find('[')).unwrap();
        assert_eq!(block.span.start, label, "{text:?}");
    }
    // Where a later sentence starts, the text after the label maps to it.
    let text = "Two reasons. \\[MEDIUM CONFIDENCE\\] 1) Rates rose.\n";
    let found = scan(text, &opts(false));
    let block = &found.blocks[0];
    assert_eq!(block.text.trim(), "Two reasons. 1) Rates rose.");
    let at = block.text.find("1)").unwrap();
    assert_eq!(block.source_offset(at), text.find('\\').unwrap());
    // Right after a word's character, a space stands for it.
    let glued = scan("Rates[LOW CONFIDENCE] rose today.\n", &opts(false));
    assert_eq!(glued.blocks[0].text.trim(), "Rates rose today.");
    // Text as any other: with no space after it, in a link's text or a
    // heading, or escaped on one bracket only.
    for text in [
        "[LOW CONFIDENCE]Rates rose today.\n",
        "[a [LOW CONFIDENCE] b](https://e.org) rose today.\n",
        "\\[LOW CONFIDENCE] Rates rose today.\n",
        "&#91;LOW CONFIDENCE&#93; Rates rose today.\n",
    ] {
        let found = scan(text, &opts(false));
        assert!(found.blocks[0].text.contains("LOW CONFIDENCE"), "{text:?}");
    }
    let heading = scan("# [LOW CONFIDENCE] Outlook\n", &opts(false));
    assert_eq!(heading.headings[0].title, "[LOW CONFIDENCE] Outlook");
}

/// The ⚠ mark `downgrade` mode writes before a failing claim, in either
/// form, is no text of the claim, as a confidence label is none: the claim
/// reads the same before a build marks it and after (the figure that
/// opens it, `2) …`, is still list numbering). The claim starts where the
/// mark does, after a label before it, so that the next run replaces both
/// there; the space after it is the mark's.
#[test]
fn a_claim_mark_is_no_text_of_the_claim_it_opens() {
    let html = "<span class=\"evidence-unverified-claim\" role=\"note\" \
                aria-label=\"Unverified claim: x &quot;y&quot;\" title=\"x\">⚠</span>";
    let link = "[⚠](#unverified-claim \"Unverified claim: x &quot;y&quot; (q)\")";
    for mark in [html, link] {
        for (text, read) in [
            (
                format!("{mark} 2\\) Rates rose 3% today.\n"),
                "2) Rates rose 3% today.",
            ),
            (
                format!("- {mark} 東京 rates rose 😀\n"),
                "東京 rates rose 😀",
            ),
            (
                format!("\\[LOW CONFIDENCE\\] {mark} 1) Rates rose.\n"),
                "1) Rates rose.",
            ),
        ] {
            let found = scan(&text, &opts(false));
            let block = &found.blocks[0];
            assert_eq!(block.text.trim(), read, "{text:?}");
            let start = text.find(['<', '[', '\\']).unwrap();
            assert_eq!(block.span.start, start, "{text:?}");
        }
        // Where a later sentence starts, the text after it maps to it.
        let text = format!("Two reasons. {mark} 1) Rates rose.\n");
        let block = &scan(&text, &opts(false)).blocks[0];
        assert_eq!(block.text, "Two reasons. 1) Rates rose. ");
        let at = block.text.find("1)").unwrap();
        assert_eq!(block.source_offset(at), text.find(mark).unwrap());
        // Right after a word's character, a space stands for it.
        let glued = scan(&format!("Rates{mark} rose today.\n"), &opts(false));
        assert_eq!(glued.blocks[0].text.trim(), "Rates rose today.");
    }
    // In a link's text (where no build writes one), it is text.
    let linked = scan(
        &format!("[a {html} b](https://e.org) rose.\n"),
        &opts(false),
    );
    assert!(linked.blocks[0].text.contains('⚠'));
    // Another element of the class, or another sign, is the author's.
    for text in [
        "<span class=\"evidence-unverified-claim\">!</span> Rates rose.\n",
        "<span class=\"evidence-unverified-claims\">⚠</span> Rates rose.\n",
        "[⚠](#unverified \"x\") Rates rose.\n",
    ] {
        let found = scan(text, &opts(false));
        assert!(!found.blocks[0].text.starts_with("Rates"), "{text:?}");
    }
}

/// The first word after a confidence label starts where the label does,
/// past the gap a citation leaves and across a line break: a sentence a
/// build labelled before its emphasis or element (which opens with a
/// citation) starts at the label on the next run, where the build
/// replaces it; the gap and the break would otherwise have started it
/// after the label, which then got a second label.
#[test]
fn the_first_word_after_a_confidence_label_starts_at_it() {
    let open = "<a class=\"evidence-cite\" data-evidence=\"a\">";
    for text in [
        "Rates rose. \\[LOW CONFIDENCE\\] *[EVID:a] Then 東京 fell.*\n".to_owned(),
        format!("Rates rose. \\[LOW CONFIDENCE\\] {open}[EVID:a]\nThen 東京 fell."),
        "Rates rose. [HIGH CONFIDENCE] ~~[EVID:a]\nThen 東京 fell.~~\n".to_owned(),
    ] {
        let found = scan(&text, &opts(false));
        let block = &found.blocks[0];
        let at = block.text.find("Then").unwrap();
        let label = text.find(['\\', '[']).unwrap();
        assert_eq!(block.source_offset(at), label, "{text:?}");
    }
    // No label: a footnote reference after a sentence's end is that
    // sentence's, the next starts at its first word.
    let text = "Rates rose.[^1] Then 東京 fell.\n\n[^1]: A note.\n";
    let found = scan(text, &opts(false));
    let at = found.blocks[0].text.find("Then").unwrap();
    assert_eq!(
        found.blocks[0].source_offset(at),
        text.find("Then").unwrap()
    );
}

/// A confidence label that ends a table's row holds nothing after the
/// row: the list item's text after its table starts where it does, not
/// at the label (whose claim, a row, was taken out with the label and
/// the table's rows after it). Alone in a row's first cell, it still
/// starts the row, which the build labelled there. The properties found
/// both.
#[test]
fn a_confidence_label_ending_a_row_starts_nothing_after_it() {
    for text in [
        "- Rates | held\n  |---|---|\n  4.4\u{a0}percent \\[MEDIUM CONFIDENCE\\] |\n\n  Rates rose 東京 today.\n",
        "- Rates | held\n  |---|---|\n  4.4\u{a0}percent [LOW CONFIDENCE] |\n   |\n  [EVID:a |\nRates | held\n",
    ] {
        let found = scan(text, &opts(false));
        let item = found.blocks.last().unwrap();
        assert!(
            item.span.start > text.find("CONFIDENCE").unwrap(),
            "{text:?}: {item:?}"
        );
    }
    let text = "|  |  |  |\n| --- | --- | --- |\n\\[HIGH CONFIDENCE\\]  | [EVID:a] 😀\n";
    let found = scan(text, &opts(false));
    assert_eq!(found.blocks[0].span.start, text.find('\\').unwrap());
}

fn scan_markers_of(text: &str) -> Vec<Marker> {
    scan(text, &opts(false)).markers
}

#[test]
fn suppression_comments_get_their_targets() {
    use crate::markers::SuppressionKind as K;
    let text = "# T\n\n\
        <!-- evidence-disable a reason=\"r\" -->\n\n\
        <!-- evidence-disable b reason=\"r\" -->\n\n\
        Inside both ranges of text. <!-- evidence-disable-line c reason=\"« r »\" -->\n\n\
        <!-- evidence-enable -->\n\n\
        <!-- evidence-enable -->\n\n\
        <!-- evidence-disable-next-line d reason=\"r\" -->\n\
        After the ranges.\n\n\
        <!-- evidence-disabled e -->\n\n\
        <!-- evidence-disable-file f reason=\"r\" -->\n";
    let s = scan(text, &opts(false)).suppressions;
    let kinds: Vec<_> = s.iter().map(|s| s.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            K::Disable,
            K::Disable,
            K::Line,
            K::Enable,
            K::Enable,
            K::NextLine,
            K::Unknown("evidence-disabled".into()),
            K::File
        ]
    );
    let enable = s[3].span.start;
    // Both ranges end at the first enable, which ends something; the
    // second ends nothing.
    assert_eq!(s[0].target, Some(s[0].span.end..enable));
    assert_eq!(s[1].target, Some(s[1].span.end..enable));
    assert_eq!(s[3].target, Some(s[3].span.clone()));
    assert_eq!(s[4].target, None);
    // The line's block: the paragraph that holds the comment.
    let line = s[2].target.clone().unwrap();
    assert!(text[line].starts_with("Inside both ranges"));
    assert_eq!(s[2].reason.as_deref(), Some("« r »"));
    let next = s[5].target.clone().unwrap();
    assert!(text[next].starts_with("After the ranges."));
    assert_eq!(s[6].target, None);
    assert_eq!(s[7].target, Some(0..text.len()));
}

/// A group whose link was cut (an edit, a neighbour's rewrite) around a
/// written range: the range's markers share one span, as a range's do
/// outside a group, and none is empty (the property test found one empty).
#[test]
fn a_range_inside_a_cut_group_keeps_one_span() {
    let text = "<span class=\"evidence-cites\"><a class=\"evidence-cite\" data-evidence=\"a\">[1-3]</span>";
    let scan = scan(text, &opts(true));
    let spans: Vec<_> = scan.markers.iter().map(|m| m.span.clone()).collect();
    assert_eq!(spans.len(), 3, "{:?}", scan.markers);
    assert!(
        spans.iter().all(|s| s.start < s.end && s.end <= text.len()),
        "{spans:?}"
    );
    // The whole group, as one marker's span would be: replacing them
    // replaces the group.
    assert!(spans.iter().all(|s| *s == (0..text.len())), "{spans:?}");
}

/// A confidence label with no text after it in a list item's paragraph
/// starts no text of the item's next paragraph, as it starts none of the
/// next block: the claim there starts at its own text (or label), where
/// a build labels it.
#[test]
fn a_label_alone_in_a_paragraph_starts_no_text_of_the_next() {
    for label in ["[HIGH CONFIDENCE]", "\\[LOW CONFIDENCE\\]"] {
        let text = format!("- {label} \n\n  東京 rates rose 😀 [EVID:a]\n");
        let found = scan(&text, &opts(false));
        let block = found.blocks.iter().find(|b| b.text.contains("rates"));
        assert_eq!(block.map(|b| b.span.start), text.find("東京"), "{text:?}");
    }
}
