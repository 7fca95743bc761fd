use super::*;
use crate::test_units::with_units;

const STORE: &str = r#"{"schema_version":"evidence.v1",
    "sources":[{"source_id":"s","publisher":"Wire","tier":1}],
    "evidence":[
      {"id":"fed","source_id":"s","url":"https://a.example/1","title":"The Fed Holds Rates","published_at":"2026-02-06T13:30:00Z",
       "cited_text":"The Committee decided to maintain the target range at 4-1/4 to 4-1/2 percent. Inflation remains somewhat elevated, and the outlook is uncertain."},
      {"id":"zh","source_id":"s","url":"https://a.example/2","title":"声明","published_at":"2026-02-06T13:30:00Z",
       "cited_text":"委员会决定维持利率不变。通胀仍然偏高。"},
      {"id":"de","source_id":"s","url":"https://a.example/3","title":"Bericht","published_at":"2026-02-06T13:30:00Z",
       "cited_text":"Die Inflation bleibt hartnäckig hoch, sagte die Präsidentin."},
      {"id":"bare","source_id":"s","url":"https://a.example/4","title":"Bare","published_at":"2026-02-06T13:30:00Z"}
    ]}"#;

fn check(text: &str) -> Vec<Finding> {
    with_units(
        STORE,
        serde_json::json!({}),
        text,
        |_, units, resolved, _| quotes_not_in_evidence(text, units, resolved),
    )
    .into_iter()
    .map(|(_, f)| f)
    .collect()
}

#[test]
fn faithful_quotations_pass() {
    for claim in [
        "The Fed said \"inflation remains somewhat elevated\" [EVID:fed].\n",
        "The Fed said “Inflation  REMAINS somewhat elevated,” [EVID:fed].\n",
        "The Fed said 'the outlook is uncertain' [EVID:fed].\n",
        "It said “the Committee decided … at 4-1/4 to 4-1/2 percent” [EVID:fed].\n",
        "It said \"the Committee decided [...] the target range\" [EVID:fed].\n",
        "It said \"[T]he Committee decided to maintain\" [EVID:fed].\n",
        "It said « inflation remains somewhat elevated » [EVID:fed].\n",
        "It said ＂ｉｎｆｌａｔｉｏｎ ｒｅｍａｉｎｓ ｓｏｍｅｗｈａｔ＂ tonight [EVID:fed].\n",
        "Sie sagte „Die Inflation bleibt hartnäckig hoch“ [EVID:de].\n",
        "Sie sagte „die inflation bleibt hartna\u{308}ckig hoch“ [EVID:de].\n",
        "声明称「委员会决定维持利率不变」[EVID:zh]。\n",
    ] {
        let found = check(claim);
        assert!(found.is_empty(), "{claim}: {found:?}");
    }
}

#[test]
fn altered_quotations_are_flagged_with_the_closest_words() {
    let text = "The Fed said \"inflation remains very elevated\" [EVID:fed].\n";
    let found = check(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].rule, Rule::QuoteNotInEvidence);
    assert_eq!(
        found[0].message,
        "the quotation \"inflation remains very elevated\" does not stand word for word in the passages \
         this claim cites (`fed`); closest words, in `fed`: \"Inflation remains somewhat elevated\"; not in them: `very`"
    );
    for claim in [
        "The Fed said \"inflation remains elevated\" [EVID:fed].\n",
        "The Fed said \"elevated remains somewhat inflation\" [EVID:fed].\n",
        "It said “the outlook … the Committee decided” [EVID:fed].\n",
        "Sie sagte „Die Inflation bleibt sehr hoch“ [EVID:de].\n",
        "声明称「委员会决定提高利率」[EVID:zh]。\n",
    ] {
        let found = check(claim);
        assert_eq!(found.len(), 1, "{claim}: {found:?}");
    }
    let moved = check("It said \"elevated remains somewhat inflation\" [EVID:fed].\n");
    assert!(
        moved[0]
            .message
            .ends_with("in another order or with others between them")
    );
}

#[test]
fn terms_titles_apostrophes_and_passageless_items_are_not_checked() {
    for claim in [
        "The Fed called it a \"soft landing\" [EVID:fed].\n",
        "Reuters' report and the bank's view don't agree at all here [EVID:fed].\n",
        "A report titled \"why rates stay high forever\" says so [EVID:fed].\n",
        "The book \"Lords of the Finance World\" says so [EVID:fed].\n",
        "The article \"The Fed Holds Rates\" says so [EVID:fed].\n",
        "The film quotes “Alice’s Adventures in Wonderland” twice [EVID:fed].\n",
        "He sang on “Highway Don’t Care” that year [EVID:fed].\n",
        "Run `grep \"no such file here\"` to see the outlook is uncertain [EVID:fed].\n",
        "Run ``echo `x` \"no such file here\"`` to see the outlook [EVID:fed].\n",
        "The Fed's memo *\"why rates stay high forever\"* was cited [EVID:fed].\n",
        "The Fed said \"inflation remains very elevated\" [EVID:bare].\n",
        "The Fed said \"inflation remains very elevated\" [EVID:nope].\n",
        "It was the '90s and rates were 'high' in the early 2000s [EVID:fed].\n",
    ] {
        let found = check(claim);
        assert!(found.is_empty(), "{claim}: {found:?}");
    }
}

#[test]
fn quotations_are_found_as_a_reader_sees_them() {
    let q =
        |t: &str| -> Vec<String> { quotations(t).into_iter().map(|r| t[r].to_owned()).collect() };
    assert_eq!(
        q("He said \"it's 'fine' now\" and 'ok then'."),
        ["it's 'fine' now", "ok then"]
    );
    assert_eq!(q("don't 'x"), Vec::<String>::new());
    assert_eq!(
        q("«\u{a0}à bientôt\u{a0}» and „ja“ and 「好」"),
        ["\u{a0}à bientôt\u{a0}", "ja", "好"]
    );
    assert_eq!(q("\"unclosed and \u{200f} rtl"), Vec::<String>::new());
    let w: Vec<String> = words("U.S. growth … Café [sic] Ｘ２", true)
        .into_iter()
        .map(|w| format!("{}{}", if w.gap_before { "|" } else { "" }, w.folded))
        .collect();
    assert_eq!(w, ["u", "s", "growth", "|cafe", "|x2"]);
}

#[test]
fn pieces_are_found_in_order_in_one_pass() {
    let w = |t: &str| words(t, true);
    let passage = words(&format!("{}a a b c", "a ".repeat(50_000)), false);
    assert!(stands_in(&w("a a a b"), &passage));
    assert!(stands_in(&w("a a … a b c"), &passage));
    assert!(!stands_in(&w("a b … a b"), &passage));
    assert!(!stands_in(&w("a a c"), &passage));
    assert!(stands_in(&w("ab ab ac"), &words("ab ab ab ac", false)));
}

/// The rule on the labelled corpora (`EVIDENCE_CORPUS_DIR`, else
/// `../shared/corpora`; skipped when absent): per file, the records, those
/// whose claim holds a quotation mark pair, the quotations checked (not
/// terms nor titles) and those flagged: the figures of the rule's guide
/// page. `-- --nocapture` lists every flag (`FLAG`) and every quotation
/// left unchecked (`SKIP`, with whether it was read as a title).
#[test]
fn corpora() {
    let dir = std::env::var_os("EVIDENCE_CORPUS_DIR")
        .map_or_else(|| std::path::PathBuf::from("../shared/corpora"), Into::into);
    let expected: [(&str, [usize; 4]); 6] = [
        ("realreports/dev.jsonl", [326, 19, 7, 1]),
        ("support/fcgpt.dev.jsonl", [1760, 80, 0, 0]),
        ("support/summedits.dev.jsonl", [424, 33, 25, 11]),
        ("support/wice.dev.jsonl", [1028, 217, 66, 22]),
        ("support/swapped.dev.jsonl", [698, 90, 30, 30]),
        ("support/swapped-topic.dev.jsonl", [299, 21, 0, 0]),
    ];
    for (file, figures) in expected {
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
            eprintln!("{file}: not found under {}, not measured", dir.display());
            continue;
        };
        let measured = measure(&text);
        eprintln!("{file}: records, with a quotation, checked, flagged: {measured:?}");
        assert_eq!(measured, figures, "{file}");
    }
}

/// [records, records with a quotation, quotations checked, flagged] of a
/// corpus file, each flag and skip printed.
fn measure(text: &str) -> [usize; 4] {
    let mut figures = [0; 4];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        figures[0] += 1;
        let claim = record["claim"].as_str().unwrap_or_default();
        let passages: Vec<Vec<Word>> = passages_of(&record)
            .iter()
            .map(|p| words(p, false))
            .collect();
        let quotes = quotations(claim);
        figures[1] += usize::from(!quotes.is_empty());
        for range in quotes {
            let quote = words(&claim[range.clone()], true);
            let title = is_title(claim, &range) || code_or_italics(claim, &claim[range.clone()]);
            if title || !long_enough(&quote) {
                eprintln!("SKIP {} title={title}: {:?}", record["id"], &claim[range]);
                continue;
            }
            figures[2] += 1;
            if !passages.iter().any(|p| stands_in(&quote, p)) {
                figures[3] += 1;
                eprintln!(
                    "FLAG {} ({}): {:?}",
                    record["id"], record["label"], &claim[range]
                );
            }
        }
    }
    figures
}

/// A corpus record's passages: `citations[].passage` (real reports) or
/// `passage` (the support corpus).
fn passages_of(record: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<String> = record["citations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["passage"].as_str().map(str::to_owned))
        .collect();
    out.extend(record["passage"].as_str().map(str::to_owned));
    out
}

#[test]
fn no_text_makes_the_reading_panic() {
    const PIECES: [&str; 24] = [
        "\"", "'", "’", "‘", "“", "”", "„", "«", "»", "「", "」", "[", "]", "…", ".", " ",
        "\u{a0}", "\u{308}", "\u{200f}", "a", "Ab", "委", "ｘ", "🙂",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3_000 {
        let mut text = String::new();
        for _ in 0..(seed % 40) {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            text.push_str(PIECES[(seed >> 33) as usize % PIECES.len()]);
        }
        let passage = words(&text, false);
        for range in quotations(&text) {
            let quote = words(&text[range.clone()], true);
            let _ = (is_title(&text, &range), long_enough(&quote));
            if !quote.is_empty() {
                let _ = (stands_in(&quote, &passage), closest(&quote, &passage));
            }
            for w in &quote {
                assert!(text[range.clone()].get(w.bytes.clone()).is_some());
            }
        }
        let _ = excerpt(&text);
    }
}
