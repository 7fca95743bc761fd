use super::*;
use serde_json::json;

#[test]
fn defaults() {
    let config = Config::from_value(json!({"store": "evidence"})).unwrap();
    assert_eq!(config.store, [PathBuf::from("evidence")]);
    assert_eq!(config.mode, Mode::Fail);
    assert_eq!(config.references_title, "References");
    assert!(config.is_checked(Path::new("brief.md")));
}

#[test]
fn store_array_mode_exclude_and_mdbook_keys() {
    let config = Config::from_value(json!({
        "store": ["a.json", "dir"], "mode": "downgrade", "exclude": ["intro.md", "drafts/**"],
        "references-title": "Sources", "command": "mdbook-evidence", "after": ["links"],
    }))
    .unwrap();
    assert_eq!(config.store.len(), 2);
    assert_eq!(config.mode, Mode::Downgrade);
    assert!(!config.is_checked(Path::new("drafts/x/y.md")));
    assert!(!config.is_checked(Path::new("intro.md")));
    assert!(config.is_checked(Path::new("brief.md")));
    assert_eq!(config.references_title, "Sources");
}

#[test]
fn unknown_key_is_named_with_a_suggestion() {
    let err = Config::from_value(json!({"store": "s", "mdoe": "warn"})).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("unknown key `mdoe`"), "{msg}");
    assert!(msg.contains("did you mean `mode`?"), "{msg}");
}

#[test]
fn wrong_values_name_the_key() {
    let err = Config::from_value(json!({"store": "s", "mode": "loud"})).unwrap_err();
    assert!(
        err.to_string().contains("preprocessor.evidence.mode"),
        "{err}"
    );
    let err = Config::from_value(json!({"store": "s", "exclude": ["a[" ]})).unwrap_err();
    assert!(err.to_string().contains("exclude[0]"), "{err}");
    let err = Config::from_value(json!({"store": "s", "as-of": "soon"})).unwrap_err();
    assert!(err.to_string().contains("as-of"), "{err}");
    assert!(matches!(
        Config::from_value(json!({})),
        Err(ConfigError::MissingStore)
    ));
}

#[test]
fn claim_overlap_and_support_keys() {
    let config = Config::from_value(json!({"store": "s"})).unwrap();
    assert_eq!(config.claim_overlap, DEFAULT_CLAIM_OVERLAP);
    assert_eq!(
        config.claim_overlap_min_words,
        DEFAULT_CLAIM_OVERLAP_MIN_WORDS
    );
    assert!(config.support.is_empty() && !config.require_support);
    let config = Config::from_value(json!({
        "store": "s", "claim-overlap": 30, "claim-overlap-min-words": 5,
        "support": "evidence/support.jsonl", "require-support": true,
    }))
    .unwrap();
    assert_eq!(
        (config.claim_overlap, config.claim_overlap_min_words),
        (30, 5)
    );
    assert_eq!(config.support, [PathBuf::from("evidence/support.jsonl")]);
    assert!(config.require_support);
    let err = Config::from_value(json!({"store": "s", "claim-overlap": 101})).unwrap_err();
    assert!(err.to_string().contains("claim-overlap"), "{err}");
    let err = Config::from_value(json!({"store": "s", "claim-overlap": 0.5})).unwrap_err();
    assert!(err.to_string().contains("claim-overlap"), "{err}");
}

#[test]
fn as_of_accepts_a_date() {
    let config = Config::from_value(json!({"store": "s", "as-of": "2026-02-11"})).unwrap();
    assert_eq!(config.as_of.to_string(), "2026-02-11T00:00:00Z");
}

/// Without `as-of`, the time is the environment's `SOURCE_DATE_EPOCH`,
/// from the environment passed in (never the process's); `as-of` wins.
#[test]
fn as_of_otherwise_comes_from_the_environment_given() {
    let with = |epoch: &str| Environment::new([("SOURCE_DATE_EPOCH", epoch)], PathBuf::new());
    let table = json!({"store": "s"});
    let config = Config::from_table(table.clone(), &with(" 1770768000 ")).unwrap();
    assert_eq!(config.as_of.to_string(), "2026-02-11T00:00:00Z");
    let dated = json!({"store": "s", "as-of": "2020-01-01"});
    let config = Config::from_table(dated, &with("1770768000")).unwrap();
    assert_eq!(config.as_of.to_string(), "2020-01-01T00:00:00Z");
    let err = Config::from_table(table, &with("yesterday")).unwrap_err();
    assert!(
        err.to_string().starts_with(
            "environment variable SOURCE_DATE_EPOCH: expected a whole number of seconds"
        ),
        "{err}"
    );
    assert!(err.to_string().contains("found \"yesterday\""), "{err}");
}

#[test]
fn quality_targets_and_tier_authority() {
    let config = Config::from_value(json!({"store": "s"})).unwrap();
    assert_eq!(config.quality, QualityTargets::default());
    assert_eq!(
        config.quality.tier_authority.by_tier(),
        [1.0, 0.8, 0.5, 0.2]
    );
    let config = Config::from_value(json!({"store": "s", "quality": {
        "coverage": 0.5, "min-claims": 3, "tier-authority": {"4": 0, "2": 1}
    }}))
    .unwrap();
    assert_eq!(
        (config.quality.coverage, config.quality.min_claims),
        (0.5, 3)
    );
    assert_eq!(config.quality.accuracy, 0.9);
    assert_eq!(
        config.quality.tier_authority.by_tier(),
        [1.0, 1.0, 0.5, 0.0]
    );
    let err =
        Config::from_value(json!({"store": "s", "quality": {"disagreement": -0.1}})).unwrap_err();
    assert!(err.to_string().contains("quality.disagreement"), "{err}");
    let err = Config::from_value(json!({"store": "s", "quality": {"tier-authority": {"0": 1}}}))
        .unwrap_err();
    assert!(err.to_string().contains("unknown field `0`"), "{err}");
}
