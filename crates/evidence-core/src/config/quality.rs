//! `[preprocessor.evidence.quality]`: the targets of the five quality
//! metrics, which the reports measure against and the target rules
//! (`low-citation-coverage` and the others) enforce, the chapter size below
//! which those rules stay quiet, and the authority of each source tier.
//!
//! The defaults are the citation contract's targets: coverage above 80%,
//! accuracy above 90%, more than 3 domains, authority above 0.7,
//! disagreement below 20%.

use crate::config::ConfigError;
use serde::Deserialize;

/// The quality targets and the tier authority.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct QualityTargets {
    /// Citation coverage meets its target above this share of sentences.
    pub coverage: f64,
    /// Citation accuracy meets its target above this share of citations.
    pub accuracy: f64,
    /// Source diversity meets its target with more distinct domains.
    pub domains: usize,
    /// The authority score meets its target above this mean.
    pub authority: f64,
    /// The disagreement rate meets its target below this share of claims.
    pub disagreement: f64,
    /// The target rules judge only chapters with at least this many
    /// claims: below it one miss moves a figure past its target, and the
    /// claim rules already report that miss.
    pub min_claims: usize,
    /// The authority of each source tier.
    pub tier_authority: TierAuthority,
}

impl Default for QualityTargets {
    fn default() -> Self {
        QualityTargets {
            coverage: 0.8,
            accuracy: 0.9,
            domains: 3,
            authority: 0.7,
            disagreement: 0.2,
            min_claims: 10,
            tier_authority: TierAuthority::default(),
        }
    }
}

/// The authority of an item of each source tier, from 0 to 1: the
/// authority score is its mean over the distinct items cited.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TierAuthority {
    /// Tier 1, official sources.
    #[serde(rename = "1")]
    pub(crate) tier_1: f64,
    /// Tier 2, mainstream news.
    #[serde(rename = "2")]
    pub(crate) tier_2: f64,
    /// Tier 3, other sites.
    #[serde(rename = "3")]
    pub(crate) tier_3: f64,
    /// Tier 4, monitor-only sources.
    #[serde(rename = "4")]
    pub(crate) tier_4: f64,
}

impl Default for TierAuthority {
    /// An official source counts fully; mainstream news nearly so (the
    /// contract's 0.7 target is met by a chapter of tier 2 alone); a
    /// monitor-only source barely.
    fn default() -> Self {
        TierAuthority {
            tier_1: 1.0,
            tier_2: 0.8,
            tier_3: 0.5,
            tier_4: 0.2,
        }
    }
}

impl TierAuthority {
    /// The authority of each tier, tier 1 first.
    pub fn by_tier(self) -> [f64; 4] {
        [self.tier_1, self.tier_2, self.tier_3, self.tier_4]
    }
}

/// Each share and authority between 0 and 1, as the key says.
pub(super) fn check(targets: &QualityTargets) -> Result<(), ConfigError> {
    let authority = targets.tier_authority.by_tier();
    let shares = [
        ("coverage", targets.coverage, "0.8"),
        ("accuracy", targets.accuracy, "0.9"),
        ("authority", targets.authority, "0.7"),
        ("disagreement", targets.disagreement, "0.2"),
        ("tier-authority.1", authority[0], "1.0"),
        ("tier-authority.2", authority[1], "0.8"),
        ("tier-authority.3", authority[2], "0.5"),
        ("tier-authority.4", authority[3], "0.2"),
    ];
    for (key, value, example) in shares {
        if !(0.0..=1.0).contains(&value) {
            return Err(ConfigError::Invalid {
                key: format!("quality.{key}"),
                message: format!(
                    "expected a number between 0 and 1 (e.g. {example}), found {value}"
                ),
            });
        }
    }
    Ok(())
}
