//! Claims whose citation is only a look-alike (trial finding 1): a
//! sentence closed by `。` and then `［1］`, `(1)`, `（１）`, `［注］` or
//! `（出典）` was no claim at all (too short once the tail broke its
//! sentence end), so an uncited claim passed. Each is now judged: a
//! full-width or parenthesized number is a `malformed-marker` naming the
//! `[N]` meant, a word in brackets leaves the claim `ungrounded-claim`. In
//! Japanese, Chinese, Korean, Arabic with its marks, with emoji, full-width
//! digits and mixed forms; through `check`, a real mdBook build and the
//! binary fed as mdBook feeds it.

use crate::common::{TestBook, invariants, run_twice};
use evidence_render::Target;

/// `brief.md` has a citation list in the common store: `[N]` is a marker.
const NUMBERED: &str = "brief.md";

/// A chapter holding a cited claim, then `block`.
fn chapter(block: &str) -> String {
    format!("# Brief\n\nThe committee held rates steady this month [EVID:ev_fomc].\n\n{block}\n")
}

/// `check` on a book whose chapter `path` holds `block`: the exit status,
/// the error rules and their messages, and the claims counted.
fn check(path: &str, block: &str) -> (i32, Vec<(String, String)>, u64) {
    let book = TestBook::new("as-of = \"2026-02-11\"\n", &[(path, &chapter(block))]);
    let (code, report) = book.check_json();
    let errors = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["severity"] == "error")
        .map(|v| {
            let text = |k: &str| v[k].as_str().unwrap_or_default().to_owned();
            (text("rule"), text("message"))
        })
        .collect();
    let claims = report["totals"]["total_claims"].as_u64().unwrap();
    (code, errors, claims)
}

/// Tails a reader takes for a citation number, and the `[N]` meant.
const NUMBER_TAILS: [(&str, &str); 12] = [
    ("- 根拠のない主張です。［1］", "[1]"),
    ("- 日銀は利下げした。(1)", "[1]"),
    ("- 日銀は利下げした。 (2)", "[2]"),
    ("- 日銀は利下げした。\u{3000}（１）", "[1]"),
    ("日銀は利下げした。【3】", "[3]"),
    ("央行宣布降息。〔1，2〕", "[1,2]"),
    ("- 금리가 인하됐다.［１］", "[1]"),
    ("- 금리가 인하됐다. (2)", "[2]"),
    ("\u{200f}خفض البنك المركزي الفائدة. (1)\u{200f}", "[1]"),
    ("- Stocks crashed 📉 today.［2］", "[2]"),
    ("- The bank cut rates.[１]", "[1]"),
    ("- 日銀は利下げした。【EVID:ev_fomc】", "[EVID:ev_fomc]"),
];

#[test]
fn a_look_alike_number_is_a_malformed_marker_naming_the_marker_meant() {
    for (block, meant) in NUMBER_TAILS {
        let (code, errors, claims) = check(NUMBERED, block);
        assert_eq!(code, 1, "{block}");
        assert_eq!(errors.len(), 1, "{block}: {errors:?}");
        let (rule, message) = &errors[0];
        assert_eq!(rule, "malformed-marker", "{block}");
        assert!(
            message.contains(&format!("`{meant}`")),
            "{block}: {message}"
        );
        assert_eq!(claims, 2, "{block}");
    }
}

#[test]
fn a_word_in_brackets_leaves_the_claim_ungrounded() {
    for block in [
        "- 日銀は利下げした。［注］",
        "日銀は利下げした。（出典）",
        "- 日銀は利下げした。 (source)",
        "- 금리가 인하됐다.【참고】",
        "\u{200f}خفض البنك الفائدة. (المصدر)",
        "- 株価が暴落した🚀。【注】［注］",
    ] {
        let (code, errors, claims) = check(NUMBERED, block);
        assert_eq!(code, 1, "{block}");
        let rules: Vec<&str> = errors.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(rules, ["ungrounded-claim"], "{block}");
        assert_eq!(claims, 2, "{block}");
    }
}

#[test]
fn without_a_citation_list_a_number_tail_leaves_the_claim_ungrounded() {
    // `[N]` is no marker in `c.md`: nor is its look-alike; the claim is
    // judged as the uncited claim it is.
    for block in ["- 根拠のない主張です。［1］", "- 日銀は利下げした。(1)"] {
        let (code, errors, _) = check("c.md", block);
        assert_eq!(code, 1, "{block}");
        let rules: Vec<&str> = errors.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(rules, ["ungrounded-claim"], "{block}");
    }
}

#[test]
fn enumerations_in_parentheses_are_not_citations() {
    for block in [
        "The bank weighed (1) a hold and (2) a cut [EVID:ev_fomc].",
        "日銀は（1）据え置きと（2）利下げを検討した [EVID:ev_fomc]。",
        "(1) The bank held rates [EVID:ev_fomc].",
    ] {
        let (code, errors, _) = check(NUMBERED, block);
        assert_eq!((code, errors), (0, Vec::new()), "{block}");
    }
}

#[test]
fn the_build_fails_and_a_warn_build_shows_the_tail_as_written() {
    let text = chapter("- 根拠のない主張です。［1］");
    let book = TestBook::new("as-of = \"2026-02-11\"\n", &[(NUMBERED, &text)]);
    assert!(book.build().is_err());
    let warn = TestBook::new(
        "as-of = \"2026-02-11\"\nmode = \"warn\"\n",
        &[(NUMBERED, &text)],
    );
    warn.build().unwrap();
    assert!(warn.html(NUMBERED).contains("根拠のない主張です。［1］"));
    for renderer in ["html", "markdown"] {
        let run = run_twice(warn.root(), &warn.stdin(renderer));
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
}

#[test]
fn every_mode_keeps_the_text_and_a_second_run_changes_nothing() {
    let mut texts: Vec<String> = NUMBER_TAILS.iter().map(|(b, _)| chapter(b)).collect();
    texts.push(chapter(
        "- 日銀は利下げした。［注］\n- 金利 (1) と (2)。 (3)",
    ));
    for target in [Target::Html, Target::Markdown] {
        for unit in ["blocks", "sentences"] {
            for mode in ["warn", "downgrade", "remove"] {
                let setup = invariants::setup_with(mode, target, unit, false);
                for text in &texts {
                    invariants::check_any_chapter(&setup, NUMBERED, text);
                }
            }
        }
    }
}
