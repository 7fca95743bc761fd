//! Unit tests of the claim heuristic, sentences and claim units.

use super::*;
use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};

fn split(text: &str) -> Vec<&str> {
    sentences(text).into_iter().map(|r| &text[r]).collect()
}

#[test]
fn claim_text_as_read_has_no_space_where_a_marker_stood() {
    let as_read = |text: &str| {
        let scan = scan(text, &options());
        claims(&scan, ClaimUnit::Blocks, &[], 3)[0].as_read()
    };
    assert_eq!(
        as_read("Cooler nights around 14°C [EVID:a]. Fine [EVID:b], then dry [EVID:c] !\n"),
        "Cooler nights around 14°C. Fine, then dry!"
    );
    // A no-break space before `;` (French), spaces inside the text, CJK
    // and emoji are kept as written.
    assert_eq!(
        as_read("Les taux\u{a0}; 東京 🎉 ( held ) and 3 - 4 rose [EVID:a] …\n"),
        "Les taux\u{a0}; 東京 🎉 ( held) and 3 - 4 rose…"
    );
}

#[test]
fn excerpts_have_no_space_where_a_marker_stood() {
    let excerpt = |text: &str, words: usize| {
        let scan = scan(text, &options());
        claims(&scan, ClaimUnit::Blocks, &[], 3)[0].excerpt(words)
    };
    assert_eq!(
        excerpt("Rates held before any cut [EVID:a].\n", 8),
        "Rates held before any cut."
    );
    assert_eq!(
        excerpt("東京\u{a0}rates held [EVID:a], then fell [EVID:b] !\n", 8),
        "東京 rates held, then fell!"
    );
    assert_eq!(
        excerpt("One two three four five [1] .\n", 3),
        "One two three…"
    );
    assert_eq!(
        excerpt("Rates ( held ) today .\n", 8),
        "Rates ( held) today."
    );
}

#[test]
fn sentences_end_at_punctuation_followed_by_a_capital() {
    assert_eq!(
        split("Rates rose 3.2%. Stocks fell! Why? Because."),
        ["Rates rose 3.2%.", "Stocks fell!", "Why?", "Because."]
    );
    assert_eq!(
        split("The U.S. economy grew, e.g. in Q4. J. Powell spoke."),
        ["The U.S. economy grew, e.g. in Q4.", "J. Powell spoke."]
    );
    assert_eq!(
        split("He said \"no.\" Then left"),
        ["He said \"no.\"", "Then left"]
    );
    assert_eq!(
        split("version 1.2.3 is out. ok then."),
        ["version 1.2.3 is out. ok then."]
    );
    assert!(split("   ").is_empty());
}

fn options() -> ScanOptions<'static> {
    ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: false,
        references_title: "References",
        claim_min_words: 3,
    }
}

fn claim_texts(text: &str, unit: ClaimUnit, sections: &[&str]) -> Vec<(String, Vec<String>)> {
    let scan = scan(text, &options());
    let sections: Vec<String> = sections.iter().map(|s| s.to_string()).collect();
    claims(&scan, unit, &sections, 3)
        .into_iter()
        .map(|c| {
            let markers = c
                .markers
                .iter()
                .map(|&m| text[scan.markers[m].span.clone()].to_owned())
                .collect();
            (c.text, markers)
        })
        .collect()
}

#[test]
fn markers_go_with_the_sentence_they_close() {
    let text =
        "Rates rose sharply [EVID:a]. Stocks fell on the news. [EVID:b] Bonds were flat today.\n";
    let got = claim_texts(text, ClaimUnit::Sentences, &[]);
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[0].1, ["[EVID:a]"]);
    assert_eq!(got[1].1, ["[EVID:b]"]);
    assert!(got[2].1.is_empty());
}

/// A marker inside an emphasis or an HTML element that the next sentence
/// opens with is that sentence's, as its markup is: by the text alone it
/// went to the sentence before, whose span then overlapped the next one's,
/// and `remove` mode took the next out with the citation (the second run
/// then removed the first, uncited: the pipeline property found it). One
/// outside the markup, after a sentence's end, is still that sentence's.
#[test]
fn a_marker_inside_the_markup_a_sentence_opens_with_is_its_own() {
    for (text, own) in [
        ("Rates rose today. *[EVID:a] Then they rose again.*\n", 1),
        ("Rates rose today.*[EVID:a] 東京 rates fell again 😀.*\n", 1),
        (
            "Rates rose today. <span title=\"t\">[EVID:a] Then they rose\u{a0}again.</span>\n",
            1,
        ),
        (
            "Rates rose today.<span title=\"t\">[EVID:a] Then they rose\u{3000}again.</span>\n",
            1,
        ),
        ("Rates rose today. [EVID:a] *Then they rose again.*\n", 0),
        (
            "Rates rose today.[EVID:a] <b>Then e\u{301} rose again.</b>\n",
            0,
        ),
    ] {
        let found = scan(text, &options());
        let got = claims(&found, ClaimUnit::Sentences, &[], 3);
        assert_eq!(got.len(), 2, "{text:?}: {got:?}");
        assert_eq!(got[own].markers, [0], "{text:?}: {got:?}");
        assert!(got[0].span.end <= got[1].span.start, "{text:?}: {got:?}");
    }
}

/// One line of many sentences, markers inside a sentence, after its
/// punctuation and before the next one's first word, in non-ASCII
/// typography: each marker goes with the sentence it stands in or
/// closes, as many sentences as there are.
#[test]
fn markers_of_a_long_line_go_with_their_sentences() {
    let mut text = String::from("[EVID:lead] ");
    for i in 0..300 {
        text.push_str(&format!(
            "東京\u{a0}rates rose {i}\u{3000}% [EVID:in{i}] today 😀. [EVID:after{i}] "
        ));
    }
    text.push('\n');
    let got = claim_texts(&text, ClaimUnit::Sentences, &[]);
    assert_eq!(got.len(), 300, "{got:?}");
    for (i, (_, markers)) in got.iter().enumerate() {
        let mut want = vec![format!("[EVID:in{i}]"), format!("[EVID:after{i}]")];
        if i == 0 {
            want.insert(0, "[EVID:lead]".to_owned());
        }
        assert_eq!(markers, &want, "sentence {i}");
    }
}

#[test]
fn bullets_skip_paragraphs_and_sections_filter() {
    let text = "# Brief\n\nIntro paragraph states things.\n\n## Prevailing view\n\n- The Fed held rates today.\n\n### Detail\n\n- Sub claim is here too.\n\n## Other\n\n- Not checked at all here.\n";
    let bullets = claim_texts(text, ClaimUnit::Bullets, &[]);
    assert_eq!(bullets.len(), 3);
    let blocks = claim_texts(text, ClaimUnit::Blocks, &["prevailing view"]);
    let texts: Vec<_> = blocks.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        texts,
        ["The Fed held rates today.", "Sub claim is here too."]
    );
}

/// The chapter text of each sentence claim of `text`.
fn sentence_spans(text: &str) -> Vec<&str> {
    let scan = scan(text, &options());
    claims(&scan, ClaimUnit::Sentences, &[], 3)
        .into_iter()
        .map(|c| &text[c.span])
        .collect()
}

/// A sentence is cut from the next only where the chapter can be cut
/// with its markup whole: not across emphasis or a link, not inside a
/// code span; an element between a sentence and its cut is its own.
#[test]
fn sentences_are_cut_where_the_markup_stays_whole() {
    assert_eq!(
        sentence_spans("Rates rose in 東京\u{a0}today. *Ｅ f 😀 g.* Then e\u{301} fell more.\n"),
        [
            "Rates rose in 東京\u{a0}today.",
            "*Ｅ f 😀 g.*",
            "Then e\u{301} fell more."
        ]
    );
    // Across emphasis, a link or a code span: one sentence.
    assert_eq!(
        sentence_spans("*Rates rose 4\u{3000}%. Stocks fell.* Bonds were flat.\n"),
        ["*Rates rose 4\u{3000}%. Stocks fell.*", "Bonds were flat."]
    );
    assert_eq!(
        sentence_spans("[Rates rose. Stocks](https://e.org) fell on 東京 news.\n"),
        ["[Rates rose. Stocks](https://e.org) fell on 東京 news."]
    );
    assert_eq!(sentence_spans("```. C m a. ```\n"), ["```. C m a. ```"]);
    assert_eq!(
        sentence_spans("`Rates\u{a0}rose. Stocks fell` on news.\n"),
        ["`Rates\u{a0}rose. Stocks fell` on news."]
    );
}

#[test]
fn labelled_sentences_are_not_claims() {
    let text = "[SPECULATION] Rates could fall next year. GDP grew strongly last quarter.\n";
    let got = claim_texts(text, ClaimUnit::Sentences, &[]);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, "GDP grew strongly last quarter.");
}

#[test]
fn claim_heuristic() {
    let cases = [
        ("The Fed held rates steady.", None),
        ("GDP grew 2.9%.", None),
        ("Key figures", Some(NotAClaim::TooShort)),
        ("The main points are as follows:", Some(NotAClaim::LeadIn)),
        ("Rates rose 3% on Monday. The statement reads:", None),
        (
            "CPI is due Feb 13. [Data not yet available as of 2026-02-11]",
            None,
        ),
        ("What will the Fed do next?", Some(NotAClaim::Question)),
        ("**Summary of the main findings**", Some(NotAClaim::Label)),
        ("**The Fed raised rates again.**", None),
        ("[Back to the index page](index.md)", Some(NotAClaim::Label)),
        (
            "[SPECULATION] Rates may fall next year.",
            Some(NotAClaim::Speculation),
        ),
        (
            "[Insufficient evidence to assess this claim]",
            Some(NotAClaim::Abstain),
        ),
        (
            "[Data not yet available as of 2026-02-11]",
            Some(NotAClaim::Abstain),
        ),
        (
            "Minority view: [Conflicting reports; unable to confirm]",
            Some(NotAClaim::Abstain),
        ),
        (
            "[Data not yet available as of 2026-02-11] The Fed cut rates to zero.",
            None,
        ),
        (
            "[Insufficient evidence] [Data not yet available as of 2026-02-11].",
            Some(NotAClaim::Abstain),
        ),
        (
            "[Data not yet available as of 2026-02-11] Will stocks fall again?",
            Some(NotAClaim::Question),
        ),
        ("{{#include other.md}} and more text", None),
        ("{{#include other.md}}", Some(NotAClaim::TooShort)),
    ];
    for (text, expected) in cases {
        let scan = scan(&format!("{text}\n"), &options());
        assert_eq!(scan.blocks.len(), 1, "{text}");
        assert_eq!(classify_block(&scan.blocks[0], 3), expected, "{text}");
    }
}

#[test]
fn count_words_counts_ascii_as_split_whitespace_does() {
    let reference = |text: &str| {
        text.split_whitespace()
            .filter(|w| w.chars().any(char::is_alphanumeric))
            .count()
    };
    for text in [
        "",
        "   ",
        "one",
        " two  words ",
        "a\x0bb\x0cc\rd\te\nf",
        "- * 42 -- [EVID:x] ...",
        "x\u{a0}y é — 3",
        "**bold**, _it_ and `code`!",
    ] {
        assert_eq!(count_words(text), reference(text), "{text:?}");
    }
}

#[test]
fn a_bracketed_tail_after_a_sentence_end_leaves_the_sentence_a_claim() {
    for block in [
        "根拠のない主張です。［注］",
        "日銀は利下げした。（出典）",
        "日銀は利下げした。 (source)",
        "금리가 인하됐다.［참고］",
        "\u{200f}خفض البنك الفائدة. (المصدر)\u{200f}",
        "Stocks crashed. (Reuters)",
        "株価が暴落した🚀。【注】［注］",
    ] {
        let scan = scan(&format!("{block}\n"), &options());
        assert_eq!(classify_block(&scan.blocks[0], 3), None, "{block}");
    }
    // A label keeps its bracket: it has no sentence end before it.
    for block in ["**Outlook** (注)", "目次（注）", "Intro. (appendix)"] {
        let scan = scan(&format!("{block}\n"), &options());
        assert!(classify_block(&scan.blocks[0], 3).is_some(), "{block}");
    }
}

/// A sentence that starts inside a code span (the span's text opens with
/// a space, where the sentence before it ends) starts with the span, which
/// maps to no offset inside it: mapped to the span's end, the sentence left
/// the span to no sentence, and a label went after it.
#[test]
fn a_sentence_starting_in_a_code_span_starts_with_the_span() {
    let spans = sentence_spans("Rates rose in 東京?` Then` e\u{301} rates fell 😀 [EVID:a].\n");
    assert_eq!(
        spans.last(),
        Some(&"` Then` e\u{301} rates fell 😀 [EVID:a].")
    );
    // Where the label a build wrote before it stands, the sentence starts.
    let labelled = "Rates rose in 東京? \\[LOW CONFIDENCE\\] ` Then` rates fell 😀 [EVID:a].\n";
    assert_eq!(
        sentence_spans(labelled).last(),
        Some(&"\\[LOW CONFIDENCE\\] ` Then` rates fell 😀 [EVID:a].")
    );
}
