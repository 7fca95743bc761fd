//! `quote-not-in-evidence` through the binary, as an author meets it: a
//! quotation altered by a word is an error that fails `mdbook build` and
//! is removed in `remove` mode; a faithful one (curly or straight quotes,
//! `„“`, `« »` with no-break spaces, `「」`, other case and spacing,
//! ellipses, full-width forms, combining marks) passes; terms, titles
//! and apostrophes are not quotations.

use crate::common::{TestBook, run_twice};
use serde_json::Value;

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "wire", "publisher": "Wire", "tier": 1}],
  "evidence": [
    {"id": "fed", "source_id": "wire", "url": "https://wire.example/fed", "title": "Fed holds rates",
     "published_at": "2026-02-10T12:00:00Z",
     "cited_text": "The Committee decided to maintain the target range. Inflation remains somewhat elevated, and the outlook is uncertain."},
    {"id": "ezb", "source_id": "wire", "url": "https://wire.example/ezb", "title": "EZB",
     "published_at": "2026-02-10T12:00:00Z",
     "cited_text": "Die Inflation bleibt hartnäckig hoch, sagte die Präsidentin."},
    {"id": "bdf", "source_id": "wire", "url": "https://wire.example/bdf", "title": "BdF",
     "published_at": "2026-02-10T12:00:00Z",
     "cited_text": "La croissance reste modérée cette année, selon la Banque."},
    {"id": "pboc", "source_id": "wire", "url": "https://wire.example/pboc", "title": "声明",
     "published_at": "2026-02-10T12:00:00Z",
     "cited_text": "委员会决定维持利率不变。通胀仍然偏高。"},
    {"id": "bare", "source_id": "wire", "url": "https://wire.example/bare", "title": "Bare",
     "published_at": "2026-02-10T12:00:00Z"}
  ]
}"#;

const CONFIG: &str = "as-of = \"2026-02-11\"";

/// Claims whose quotations stand word for word in what they cite.
const FAITHFUL: [&str; 12] = [
    "The Fed said “inflation remains somewhat elevated” this week [EVID:fed].",
    "The Fed said \"INFLATION   remains Somewhat elevated,\" this week [EVID:fed].",
    "The Fed said ‘the outlook is uncertain’ this week [EVID:fed].",
    "The Fed said “the Committee decided … the target range” this week [EVID:fed].",
    "The Fed said \"the Committee decided [...] the target range\" this week [EVID:fed].",
    "The Fed said \"[T]he Committee decided to maintain\" this week [EVID:fed].",
    "The Fed said ＂ｉｎｆｌａｔｉｏｎ ｒｅｍａｉｎｓ ｓｏｍｅｗｈａｔ＂ this week [EVID:fed].",
    "Die Präsidentin sagte „Die Inflation bleibt hartna\u{308}ckig hoch“ gestern [EVID:ezb].",
    "La Banque dit «\u{a0}la croissance reste modérée\u{a0}» cette fois [EVID:bdf].",
    "La Banque dit «\u{202f}LA CROISSANCE\u{a0}reste modérée\u{202f}» 🙂 cette fois [EVID:bdf].",
    "声明称「委员会决定维持利率不变」，市场平静 [EVID:pboc]。",
    "The statement, in Arabic \u{200f}“inflation remains somewhat elevated”\u{200f}, was read out [EVID:fed].",
];

/// The same claims with a word changed, added, dropped or moved: each
/// flagged, with the word the passage lacks where one is missing.
const ALTERED: [(&str, &str); 8] = [
    (
        "The Fed said “inflation remains very elevated” this week [EVID:fed].",
        "closest words, in `fed`: \"Inflation remains somewhat elevated\"; not in them: `very`",
    ),
    (
        "The Fed said \"inflation remains elevated\" this week [EVID:fed].",
        "closest words, in `fed`:",
    ),
    (
        "The Fed said \"elevated remains somewhat inflation\" this week [EVID:fed].",
        "its words are there, in another order",
    ),
    (
        "The Fed said “the outlook … the Committee decided” this week [EVID:fed].",
        "closest words, in `fed`: \"The Committee decided to maintain\"",
    ),
    (
        "Die Präsidentin sagte „Die Inflation bleibt sehr hoch“ gestern [EVID:ezb].",
        "not in them: `sehr`",
    ),
    (
        "La Banque dit «\u{a0}la croissance reste forte\u{a0}» cette fois [EVID:bdf].",
        "not in them: `forte`",
    ),
    (
        "声明称「委员会决定提高利率」，市场平静 [EVID:pboc]。",
        "not in them: `提`, `高`",
    ),
    (
        "The Fed said “inflation remains\u{202e} very elevated” this week [EVID:fed].",
        "not in them: `very`",
    ),
];

/// Not quotations of the passage, or nothing to compare them with.
const NOT_CHECKED: [&str; 8] = [
    "The Fed called the outcome a \"soft landing\" this week [EVID:fed].",
    "Reuters' reporters and the bank's staff don't expect cuts this year [EVID:fed].",
    "A report titled \"why rates stay high forever\" was cited this week [EVID:fed].",
    "The memoir \"Lords of the Finance World\" was cited this week [EVID:fed].",
    "The Fed said \"inflation remains very elevated\" this week [EVID:bare].",
    "It was the '90s, and the Fed said rates were 'high' then [EVID:fed].",
    "Staff ran `grep \"rates stay high forever\"` on the minutes [EVID:fed].",
    "The memo *“why rates stay high forever”* was cited this week [EVID:fed].",
];

/// A chapter of one paragraph per claim, and the line of each.
fn chapter(claims: &[&str]) -> (String, Vec<u64>) {
    let mut text = String::from("# Brief\n");
    let mut lines = Vec::new();
    for claim in claims {
        text.push('\n');
        lines.push(text.lines().count() as u64 + 1);
        text.push_str(claim);
        text.push('\n');
    }
    (text, lines)
}

fn flagged(report: &Value) -> Vec<(u64, String, String)> {
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "quote-not-in-evidence")
        .map(|v| {
            let field = |k: &str| v[k].as_str().unwrap_or_default().to_owned();
            (
                v["line"].as_u64().unwrap(),
                field("severity"),
                field("message"),
            )
        })
        .collect()
}

#[test]
fn faithful_quotations_and_what_is_no_quotation_pass_a_real_build() {
    let claims: Vec<&str> = FAITHFUL.iter().chain(&NOT_CHECKED).copied().collect();
    let (text, _) = chapter(&claims);
    let book = TestBook::with_store(CONFIG, STORE, &[("c.md", &text)]);
    let (_, report) = book.check_json();
    assert_eq!(flagged(&report), [], "{report:#}");
    book.build().expect("the book builds");
    for renderer in ["html", "markdown"] {
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            !run.stderr.contains("quote-not-in-evidence"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn altered_quotations_are_errors_showing_the_closest_words() {
    let claims: Vec<&str> = ALTERED.iter().map(|(c, _)| *c).collect();
    let (text, lines) = chapter(&claims);
    let book = TestBook::with_store(CONFIG, STORE, &[("c.md", &text)]);
    let (code, report) = book.check_json();
    assert_eq!(code, 1);
    let found = flagged(&report);
    assert_eq!(
        found.iter().map(|f| f.0).collect::<Vec<_>>(),
        lines,
        "{report:#}"
    );
    for ((_, severity, message), (claim, shows)) in found.iter().zip(ALTERED) {
        assert_eq!(severity, "error");
        assert!(message.contains(shows), "{claim}\n{message}");
        assert!(message.starts_with("the quotation \""), "{message}");
    }
    // The direction override stays escaped in the message.
    assert!(!found[7].2.contains('\u{202e}'), "{}", found[7].2);
    assert!(
        book.build().is_err(),
        "an altered quotation fails the build"
    );
}

#[test]
fn remove_mode_takes_out_the_misquoting_claim_and_keeps_the_rest() {
    let (text, _) = chapter(&[FAITHFUL[0], ALTERED[0].0, FAITHFUL[8]]);
    let book = TestBook::with_store(
        &format!("{CONFIG}\nmode = \"remove\""),
        STORE,
        &[("c.md", &text)],
    );
    for renderer in ["html", "markdown"] {
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let page = run.chapter("c.md");
        assert!(!page.contains("very elevated"), "{page}");
        assert!(
            page.contains("“inflation remains somewhat elevated”"),
            "{page}"
        );
        assert!(page.contains("la croissance reste modérée"), "{page}");
    }
}
