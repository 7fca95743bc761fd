use super::*;
use crate::test_units::with_units;

const STORE: &str = r#"{"schema_version":"evidence.v1",
    "sources":[{"source_id":"nhc","publisher":"National Hurricane Center","tier":1}],
    "evidence":[
      {"id":"hilary","source_id":"nhc","url":"https://nhc.noaa.gov/a","title":"Hurricane Hilary report","published_at":"2026-02-06T13:30:00Z",
       "cited_text":"Hilary brought torrential rain to southern California. Flash flooding closed roads in Palm Springs, and mudslides buried cars in the mountains."},
      {"id":"cjk","source_id":"nhc","url":"https://nhc.noaa.gov/b","title":"Doc","published_at":"2026-02-06T13:30:00Z",
       "cited_text":"台风带来强降雨和大风。 Hilary\u00a0brought rain."},
      {"id":"cjk2","source_id":"nhc","url":"https://nhc.noaa.gov/c","title":"Doc","published_at":"2026-02-06T13:30:00Z",
       "cited_text":"台风带来强降雨和大风，沿海地区发布了红色预警。"}
    ]}"#;

fn check_with(text: &str, extra: serde_json::Value) -> Vec<Finding> {
    with_units(STORE, extra, text, |_, units, resolved, config| {
        // As a build runs them: a unit claim-not-in-evidence flags is not
        // flagged again.
        let not_in = config.level(Rule::ClaimNotInEvidence) != evidence_core::rule::Level::Off;
        crate::passages::claim_not_in_evidence::claims_not_in_evidence(
            units,
            resolved,
            &crate::memo::Analyses::for_resolved(resolved),
            config,
            (not_in, true),
        )
    })
    .into_iter()
    .map(|(_, f)| f)
    .filter(|f| f.rule == Rule::ClaimPartlyInEvidence)
    .collect()
}

fn check(text: &str) -> Vec<Finding> {
    check_with(text, serde_json::json!({}))
}

/// A claim that paraphrases its passage and adds a second finding of its
/// own: most of its words are nowhere in the passage.
const ADDS: &str = "Hilary brought torrential rain to southern California, and \
    federal auditors later blamed outdated county drainage budgets for \
    billions in uninsured household losses [EVID:hilary].\n";

#[test]
fn a_long_claim_saying_more_than_its_passage_is_flagged() {
    let found = check(ADDS);
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!(f.rule, Rule::ClaimPartlyInEvidence);
    assert!(
        f.message.starts_with(
            "the passages this claim cites (`hilary`) hold 6 of its 18 content words anywhere (33%; claim-partial-overlap = 45%): they may state only part of what it says; not found: `federal`, `auditors`, `later`"
        ),
        "{}",
        f.message
    );
    assert!(f.message.ends_with(", …"), "{}", f.message);
    assert_eq!(&ADDS[f.span.clone()], ADDS.trim_end());
    assert_eq!(f.evidence_ids, ["hilary"]);
}

#[test]
fn claims_their_passages_hold_and_short_claims_pass() {
    for claim in [
        // A close paraphrase, every word anywhere in the passage.
        "Flash flooding closed roads in Palm Springs while mudslides buried cars in the mountains, as Hilary brought torrential rain to southern California [EVID:hilary].\n",
        // Under claim-partial-min-words content words: not judged.
        "Federal auditors blamed drainage budgets for the losses [EVID:hilary].\n",
        // Frame words are not asked of the passage.
        "It is essential to note that Hilary brought torrential rain, which \
         significantly contributed to flash flooding and mudslides in the \
         mountains of southern California [EVID:hilary].\n",
        // A marker that does not resolve: the sentence is not judged.
        "Federal auditors later blamed outdated county drainage budgets for billions in uninsured household losses across the region [EVID:hilary][EVID:nope].\n",
    ] {
        let found = check(claim);
        assert!(found.is_empty(), "{claim}: {found:?}");
    }
}

#[test]
fn a_claim_claim_not_in_evidence_flags_is_not_flagged_again() {
    // Nothing of it is in the passage: the other rule's finding.
    let text = "Federal auditors later blamed outdated county drainage budgets for \
        billions in uninsured household losses across twelve rural districts [EVID:hilary].\n";
    assert!(check(text).is_empty());
    let off = serde_json::json!({"rules": {"claim-not-in-evidence": "off"}});
    assert_eq!(check_with(text, off).len(), 1);
}

#[test]
fn thresholds_come_from_the_configuration() {
    let off = serde_json::json!({"claim-partial-overlap": 0});
    assert!(check_with(ADDS, off).is_empty());
    let long = serde_json::json!({"claim-partial-min-words": 40});
    assert!(check_with(ADDS, long).is_empty());
    let strict = serde_json::json!({"claim-partial-overlap": 100, "claim-partial-min-words": 3});
    let found = check_with(
        "Flash flooding closed roads in Palm Springs yesterday [EVID:hilary].\n",
        strict,
    );
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn text_beyond_ascii_is_read_as_words() {
    // CJK pairs, a no-break space, an ideographic space, RTL and
    // combining marks: the claim's words found in the passage count.
    let found = check(
        "台风带来强降雨和大风\u{3000}Hilary\u{a0}brought rain \u{200f}and café\u{301} owners counted losses of ４０ percent across twelve districts [EVID:cjk].\n",
    );
    assert!(
        found.iter().all(|f| f.rule == Rule::ClaimPartlyInEvidence),
        "{found:?}"
    );
    let found = check("台风带来强降雨和大风。Hilary brought rain [EVID:cjk].\n");
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn character_pairs_are_asked_for_less_often_than_words() {
    let off = || serde_json::json!({"rules": {"claim-not-in-evidence": "off"}});
    // 12 of 28 pairs held (42%): under 45% for words, over 40% for pairs,
    // since a paraphrase loses the pairs that straddle two words.
    let found =
        check("台风带来强降雨和大风，沿海地区居民纷纷撤离山区村庄小镇学校医院商。 [EVID:cjk2]\n");
    assert!(found.is_empty(), "{found:?}");
    // 9 of 27 (33%) is under both.
    let found = check_with(
        "台风带来强降雨和大风，居民纷纷撤离山区村庄小镇学校医院商店工。 [EVID:cjk2]\n",
        off(),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].message.contains(
            "hold 9 of its 27 content words anywhere (33%; claim-partial-overlap = 45%, 40% for character pairs)"
        ),
        "{}",
        found[0].message
    );
    // Two pairs are a word toward claim-partial-min-words: 15 pairs are
    // a short claim, not judged.
    let found = check_with(
        "台风带来强，居民纷纷撤离山区村庄小镇。 [EVID:cjk2]\n",
        off(),
    );
    assert!(found.is_empty(), "{found:?}");
}
