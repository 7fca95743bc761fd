//! Figures in Chinese, Japanese and Korean text, through the binary as
//! mdBook feeds it: a figure glued to CJK letters (`約60%とみている`) is a
//! figure in a claim, and a passage's full-width signs (`約55％`) are read,
//! so that a figure the passage does not hold is reported and one it
//! holds is not, whichever way each is written. Also what the findings
//! name: the main figure rather than a date's day (`numeric-claim`), the
//! missing CJK text as runs a reader recognises, and the claim text that
//! `export-claims` stores with no space where a marker stood.

use crate::common::{Run, TestBook, binary};
use std::process::Command;

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "boj", "publisher": "日本銀行", "tier": 1},
    {"source_id": "nikkei", "publisher": "日本経済新聞", "tier": 2},
    {"source_id": "pboc", "publisher": "中国人民银行", "tier": 1},
    {"source_id": "bok", "publisher": "한국은행", "tier": 1},
    {"source_id": "blog", "publisher": "Weather Blog", "tier": 4}
  ],
  "evidence": [
    {"id": "boj", "source_id": "boj", "url": "https://www.boj.or.jp/a", "title": "当面の金融政策運営について",
     "published_at": "2026-01-23T03:00:00Z",
     "quote_span": {"text": "無担保コールレート（オーバーナイト物）を、0.75%程度で推移するよう促す。"}},
    {"id": "nikkei", "source_id": "nikkei", "url": "https://www.nikkei.com/a", "title": "日銀、金利据え置き",
     "published_at": "2026-01-24T00:00:00Z",
     "quote_span": {"text": "市場では6月までの利上げ確率を約55％とみている。"}},
    {"id": "pboc", "source_id": "pboc", "url": "https://www.pbc.gov.cn/a", "title": "贷款市场报价利率",
     "published_at": "2026-01-20T01:00:00Z",
     "quote_span": {"text": "一年期贷款市场报价利率为３．１％，五年期以上为3.6%。"}},
    {"id": "bok", "source_id": "bok", "url": "https://www.bok.or.kr/a", "title": "통화정책방향",
     "published_at": "2026-01-15T01:00:00Z",
     "quote_span": {"text": "한국은행은 기준금리를 연2.50%로 동결하였다."}},
    {"id": "blog", "source_id": "blog", "url": "https://weather.example/a", "title": "Paris",
     "published_at": "2025-07-10T00:00:00Z",
     "quote_span": {"text": "On July 9, 2025 Paris had a high of 16°C; cooler nights around 14°C."}}
  ]
}"#;

fn run(chapter: &str) -> Run {
    TestBook::with_store("as-of = \"2026-02-12\"\n", STORE, &[("r.md", chapter)]).run("html")
}

/// The lines of the findings of `rule`.
fn flags<'r>(run: &'r Run, rule: &str) -> Vec<&'r str> {
    let tag = format!("[{rule}]");
    run.stderr.lines().filter(|l| l.contains(&tag)).collect()
}

#[test]
fn figures_glued_to_cjk_text_are_checked() {
    // Each claim states a figure its passage does not hold: the figure is
    // reported as the chapter writes it.
    for (claim, figure) in [
        ("市場は利上げ確率を約60%とみている。[EVID:nikkei]", "60%"),
        (
            "市場は利上げ確率を約６０％とみている。[EVID:nikkei]",
            "６０％",
        ),
        (
            "市場は利上げ確率を約60\u{3000}％とみている。[EVID:nikkei]",
            "60\u{3000}％",
        ),
        ("日銀は政策金利を1.0%程度に据え置いた。[EVID:boj]", "1.0%"),
        ("一年期贷款市场报价利率为3.5%。[EVID:pboc]", "3.5%"),
        (
            "한국은행은 기준금리를 연3.0%로 동결했다. [EVID:bok]",
            "3.0%",
        ),
        (
            "한국은행은 기준금리를 연\u{200f}３．０％로 동결했다 🎉 [EVID:bok]",
            "３．０％",
        ),
    ] {
        let out = run(&format!("# R\n\n- {claim}\n"));
        // Not in the passage, or contradicting it where the passage says
        // the same thing with another figure.
        let mut found = flags(&out, "number-not-in-evidence");
        found.extend(flags(&out, "number-contradicts-evidence"));
        assert_eq!(found.len(), 1, "{claim}: {}", out.stderr);
        assert!(
            found[0].contains(&format!("`{figure}`")),
            "{claim}: {}",
            found[0]
        );
    }
}

#[test]
fn figures_a_passage_writes_in_full_width_or_glued_are_found() {
    for claim in [
        "市場は6月までの利上げ確率を約55%とみている。[EVID:nikkei]",
        "市場は利上げ確率を約 55% とみている。[EVID:nikkei]",
        "市場は利上げ確率を約５５％とみている。[EVID:nikkei]",
        "Markets see a 55 % chance of a hike by June [EVID:nikkei].",
        "Markets see a 55\u{a0}% chance of a hike by June [EVID:nikkei].",
        "日本銀行は政策金利を０．７５％程度に据え置いた。[EVID:boj]",
        "日本銀行は政策金利を0.75%程度に据え置いた。[EVID:boj]",
        "一年期贷款市场报价利率为3.1%，五年期以上为３．６％。[EVID:pboc]",
        "The one-year rate is 3.1 percent [EVID:pboc].",
        "한국은행은 기준금리를 연 2.5%로 동결했다. [EVID:bok]",
        "한국은행은 기준금리를 연2.50％로 동결했다. [EVID:bok]",
    ] {
        let out = run(&format!("# R\n\n- {claim}\n"));
        assert!(
            flags(&out, "number-not-in-evidence").is_empty()
                && flags(&out, "number-contradicts-evidence").is_empty(),
            "{claim}: {}",
            out.stderr
        );
    }
}

#[test]
fn ordinals_and_date_parts_are_not_figures_to_check() {
    // `第3` is an ordinal, `1月23日` a date: neither is looked for in the
    // passage; the rate still is.
    let out = run("# R\n\n- 日銀は1月23日の第3回会合で金利を0.75%程度に据え置いた。[EVID:boj]\n");
    assert!(
        flags(&out, "number-not-in-evidence").is_empty(),
        "{}",
        out.stderr
    );
}

#[test]
fn numeric_claim_names_the_main_figure_or_the_date_as_written() {
    let out = run("# R\n\nOn July 9, 2025 Paris had a high of 16°C [EVID:blog].\n");
    let found = flags(&out, "numeric-claim");
    assert_eq!(found.len(), 1, "{}", out.stderr);
    assert!(found[0].contains("claim states `16`"), "{}", found[0]);
    let out = run("# R\n\nThe heat record for Paris was set on July 9, 2025 [EVID:blog].\n");
    let found = flags(&out, "numeric-claim");
    assert_eq!(found.len(), 1, "{}", out.stderr);
    assert!(
        found[0].contains("claim states `July 9, 2025`"),
        "{}",
        found[0]
    );
    let out = run("# R\n\n- 2025年7月9日、パリの最高気温は16°Cだった。[EVID:blog]\n");
    let found = flags(&out, "numeric-claim");
    assert_eq!(found.len(), 1, "{}", out.stderr);
    assert!(found[0].contains("claim states `16`"), "{}", found[0]);
}

#[test]
fn missing_cjk_words_are_listed_as_runs_not_pairs() {
    let out = run("# R\n\n- 日本銀行は政策金利を据え置いた。[EVID:pboc]\n");
    let found = flags(&out, "claim-not-in-evidence");
    assert_eq!(found.len(), 1, "{}", out.stderr);
    let listed = found[0]
        .split("not found: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{}", found[0]));
    // The run as the claim writes it, not its overlapping pairs.
    assert!(
        listed.contains("`日本銀行は政策金利を据え置いた`"),
        "{listed}"
    );
    assert!(!listed.contains("`行は`"), "{listed}");
}

#[test]
fn exported_claims_have_no_space_where_a_marker_stood() {
    let book = TestBook::with_store(
        "as-of = \"2026-02-12\"\n",
        STORE,
        &[(
            "r.md",
            "# R\n\nCooler nights around 14°C [EVID:blog]. 市場は約55％とみている [EVID:nikkei]。\n",
        )],
    );
    let out = Command::new(binary())
        .args(["export-claims", "."])
        .current_dir(book.root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let claims: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["claim"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert!(!claims.is_empty());
    for claim in &claims {
        assert!(!claim.contains(" .") && !claim.contains(" 。"), "{claim:?}");
    }
    assert!(
        claims.iter().any(|c| c.contains("around 14°C.")),
        "{claims:?}"
    );
}
