//! The `[preprocessor.evidence]` table of `book.toml`.
//!
//! mdBook has already applied `MDBOOK_PREPROCESSOR__EVIDENCE__*` environment
//! overrides to the config it hands us, so every key here can be overridden
//! from the environment without any code of ours.

mod checks;
mod disclosure;
mod environment;
mod page;
mod quality;
mod verify;

pub use self::disclosure::{DeclaredReview, Disclosure, Part as DisclosurePart};
pub(crate) use self::page::ReferencesStyle;
pub use self::page::{PageOptions, PassagePlace};
pub use self::quality::{QualityTargets, TierAuthority};
pub use self::verify::VerifySettings;

use crate::env::Environment;
use crate::rule::{Level, Rule};
use globset::GlobSet;
use jiff::Timestamp;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The name mdBook knows this preprocessor by.
pub const PREPROCESSOR_NAME: &str = "evidence";

/// Keys that mdBook itself reads from every preprocessor table.
const MDBOOK_KEYS: &[&str] = &["command", "renderers", "before", "after", "optional"];

/// Keys this preprocessor reads.
const OUR_KEYS: &[&str] = &[
    "store",
    "mode",
    "exclude",
    "references-title",
    "claim-min-words",
    "as-of",
    "removal",
    "max-removed",
    "escalate",
    "claims",
    "sections",
    "policy-tags",
    "max-age-days",
    "diversity",
    "confidence-labels",
    "report",
    "rules",
    "publish-store",
    "claim-overlap",
    "claim-overlap-min-words",
    "claim-partial-overlap",
    "claim-partial-min-words",
    "support",
    "require-support",
    "deny-removals",
    "citation-style",
    "references-style",
    "search-passages",
    "quality",
    "quality-table",
    "cache",
    "verbose",
    "disclosure",
    "verify",
];

/// The keys of `[preprocessor.evidence]` this preprocessor reads (not
/// mdBook's own): what a rule's `options` may name (a table's key, as
/// `quality.coverage`, starts with one of them).
pub fn keys() -> &'static [&'static str] {
    OUR_KEYS
}

/// `quality-table` unless configured: the index shows the table.
fn shown() -> bool {
    true
}

/// Where per-chapter results are kept between runs unless `cache` says
/// otherwise: in the book's root, where a user finds and deletes it.
pub(crate) const DEFAULT_CACHE_DIR: &str = ".mdbook-evidence-cache";

/// `claim-overlap` unless configured: `claim-not-in-evidence` flags a claim
/// when less than this percentage of its content words are in the best
/// window of its cited passages (tuned on labelled data: see the guide's
/// Citation accuracy page).
pub const DEFAULT_CLAIM_OVERLAP: usize = 18;

/// `claim-overlap-min-words` unless configured: claims with fewer distinct
/// content words than this are not checked by `claim-not-in-evidence`.
pub const DEFAULT_CLAIM_OVERLAP_MIN_WORDS: usize = 3;

/// `claim-partial-overlap` unless configured: `claim-partly-in-evidence`
/// flags a long claim when less than this percentage of its content words
/// are anywhere in its cited passages (measured on labelled data: see the
/// guide's Citation accuracy page).
pub(crate) const DEFAULT_CLAIM_PARTIAL_OVERLAP: usize = 45;

/// `claim-partial-min-words` unless configured: claims with fewer distinct
/// content words than this are not checked by `claim-partly-in-evidence`
/// (in a short claim one word moves the share too far to judge by it).
pub(crate) const DEFAULT_CLAIM_PARTIAL_MIN_WORDS: usize = 12;

/// Tags that mark evidence about central-bank policy or official macro
/// releases, unless `policy-tags` says otherwise.
pub(crate) const DEFAULT_POLICY_TAGS: &[&str] = &["policy_centralbank", "macro_data"];

/// What happens to a chapter with an error-severity violation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Stop the build after listing every violation.
    #[default]
    Fail,
    /// Publish the chapter under the "Unverified Summary" banner.
    Downgrade,
    /// Only report the violations.
    Warn,
    /// Replace (or delete) each claim that fails, take unresolvable markers
    /// out of claims that keep a valid one, and publish.
    Remove,
}

/// What `remove` mode puts in place of a failing claim.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Removal {
    /// An abstain phrase such as `[Insufficient evidence to support this claim]`.
    #[default]
    Replace,
    /// Nothing: the paragraph or list item is deleted.
    Delete,
}

/// What happens to a chapter that `remove` mode cannot salvage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Escalate {
    /// The build fails.
    #[default]
    Fail,
    /// The chapter gets the Unverified Summary banner.
    Downgrade,
}

/// The unit that needs its own citation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimUnit {
    /// Paragraphs and list items.
    #[default]
    Blocks,
    /// List items only.
    Bullets,
    /// Every sentence of a paragraph or list item.
    Sentences,
}

/// How adjacent citations are shown in HTML: `[3][1][2][5]` as `[1–3, 5]`,
/// `[1, 2, 3, 5]` or `[1][2][3][5]`. Other renderers always get the last.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CitationStyle {
    /// Sorted, in one pair of brackets, three or more consecutive numbers
    /// as a range: `[1–3, 5]`.
    #[default]
    Ranges,
    /// Sorted, in one pair of brackets, every number shown: `[1, 2, 3, 5]`.
    Grouped,
    /// Sorted, each in its own brackets: `[1][2][3][5]`.
    Separate,
}

/// Thresholds of the evidence-diversity rules (publisher dominance,
/// low-credibility mix, monitor-only share).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct Diversity {
    /// `publisher-dominance` fires above this share of one publisher.
    pub max_publisher_share: f64,
    /// `low-credibility-mix` fires below this share of tiers 1-2.
    pub min_credible_share: f64,
    /// `monitor-only-share` fires above this share of tier 4.
    pub max_monitor_share: f64,
    /// The rules judge only chapters that cite at least this many items:
    /// with two items from two publishers, each has 50 %.
    pub min_items: usize,
}

impl Default for Diversity {
    fn default() -> Self {
        Diversity {
            max_publisher_share: 0.40,
            min_credible_share: 0.50,
            max_monitor_share: 0.15,
            min_items: 5,
        }
    }
}

/// A configuration that cannot be used, with the key at fault.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `[preprocessor.evidence]` lacks `store`.
    #[error(
        "[preprocessor.evidence] in book.toml has no `store`; add e.g. `store = \"evidence/store.json\"` (a file, a directory, or an array of them, relative to the book root)"
    )]
    MissingStore,
    /// A key that neither we nor mdBook know.
    #[error("unknown key `{key}` in [preprocessor.evidence] of book.toml{hint}; the keys are: {}", OUR_KEYS.join(", "))]
    UnknownKey {
        /// The key.
        key: String,
        /// ` (did you mean `x`?)` or nothing.
        hint: String,
    },
    /// A value of the wrong type or out of range.
    #[error("book.toml: `preprocessor.evidence.{key}`: {message}")]
    Invalid {
        /// The dotted key path below `preprocessor.evidence`.
        key: String,
        /// What was expected.
        message: String,
    },
    /// A bad key or value that an environment variable set (mdBook applies
    /// `MDBOOK_PREPROCESSOR__EVIDENCE__*` over book.toml): the error names
    /// the variable, not book.toml.
    #[error(
        "environment variable {variable} (which overrides `preprocessor.evidence.{key}` of book.toml): {message}"
    )]
    FromEnvironment {
        /// The variable, e.g. `MDBOOK_PREPROCESSOR__EVIDENCE__MODE`.
        variable: String,
        /// The dotted key path below `preprocessor.evidence`.
        key: String,
        /// What is wrong, as for book.toml.
        message: String,
    },
    /// An environment variable read besides book.toml (`SOURCE_DATE_EPOCH`,
    /// `MDBOOK_EVIDENCE_*`) that cannot be used.
    #[error("environment variable {variable}: {message}")]
    Environment {
        /// The variable.
        variable: String,
        /// What is wrong, and the form it accepts.
        message: String,
    },
}

impl From<crate::limits::EnvError> for ConfigError {
    fn from(error: crate::limits::EnvError) -> ConfigError {
        ConfigError::Environment {
            variable: error.variable,
            message: error.message,
        }
    }
}

/// `store` is one path or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum StorePaths {
    One(PathBuf),
    Many(Vec<PathBuf>),
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct RawConfig {
    store: Option<StorePaths>,
    #[serde(default)]
    mode: Mode,
    #[serde(default)]
    exclude: Vec<String>,
    references_title: Option<String>,
    claim_min_words: Option<usize>,
    as_of: Option<String>,
    #[serde(default)]
    removal: Removal,
    max_removed: Option<usize>,
    #[serde(default)]
    escalate: Escalate,
    #[serde(default)]
    claims: ClaimUnit,
    #[serde(default)]
    sections: Vec<String>,
    policy_tags: Option<Vec<String>>,
    max_age_days: Option<u32>,
    #[serde(default)]
    diversity: Diversity,
    #[serde(default)]
    confidence_labels: bool,
    report: Option<PathBuf>,
    #[serde(default)]
    rules: std::collections::BTreeMap<String, Level>,
    #[serde(default)]
    publish_store: bool,
    claim_overlap: Option<usize>,
    claim_overlap_min_words: Option<usize>,
    claim_partial_overlap: Option<usize>,
    claim_partial_min_words: Option<usize>,
    support: Option<StorePaths>,
    #[serde(default)]
    require_support: bool,
    #[serde(default)]
    deny_removals: bool,
    #[serde(default)]
    citation_style: CitationStyle,
    #[serde(default)]
    references_style: ReferencesStyle,
    #[serde(default)]
    search_passages: bool,
    #[serde(default)]
    quality: QualityTargets,
    #[serde(default = "shown")]
    quality_table: bool,
    cache: Option<CacheSetting>,
    #[serde(default)]
    verbose: bool,
    #[serde(default)]
    disclosure: disclosure::RawDisclosure,
    #[serde(default)]
    verify: VerifySettings,
}

/// `cache` is `false` (off), `true` (the default directory) or a directory.
#[derive(Deserialize)]
#[serde(untagged)]
enum CacheSetting {
    On(bool),
    Dir(PathBuf),
}

/// The validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Store files or directories, relative to the book root.
    pub store: Vec<PathBuf>,
    /// Whether a store inside the source directory (published with the
    /// site) is intended.
    pub(crate) publish_store: bool,
    /// What a violation does to the build.
    pub mode: Mode,
    /// Chapters (source paths relative to `src/`) that are never checked.
    pub(crate) exclude: GlobSet,
    /// Title of the generated References section.
    pub references_title: String,
    /// A block with fewer words than this is a label, not a claim.
    pub claim_min_words: usize,
    /// The instant against which `expires_at` and `max-age-days` are judged.
    pub as_of: Timestamp,
    /// What `remove` mode puts in place of a failing claim.
    pub removal: Removal,
    /// More removed claims than this in a chapter escalate it.
    pub max_removed: usize,
    /// What an escalated chapter gets.
    pub escalate: Escalate,
    /// The unit that needs its own citation.
    pub claims: ClaimUnit,
    /// When not empty, only claims under headings with these titles are
    /// checked (compared without case).
    pub sections: Vec<String>,
    /// Tags that make a claim a policy claim.
    pub policy_tags: Vec<String>,
    /// Evidence published longer ago than this is stale.
    pub max_age_days: Option<u32>,
    /// Thresholds of the diversity rules.
    pub diversity: Diversity,
    /// Whether each claim gets a `[HIGH CONFIDENCE]`-style label.
    pub confidence_labels: bool,
    /// Where the JSON validation report goes, relative to the book root.
    pub report: Option<PathBuf>,
    /// `claim-not-in-evidence` flags a claim whose cited passages hold
    /// less than this percentage of its content words.
    pub claim_overlap: usize,
    /// Claims with fewer distinct content words are not checked by
    /// `claim-not-in-evidence`.
    pub claim_overlap_min_words: usize,
    /// `claim-partly-in-evidence` flags a claim whose cited passages, read
    /// whole, hold less than this percentage of its content words.
    pub claim_partial_overlap: usize,
    /// Claims with fewer distinct content words are not checked by
    /// `claim-partly-in-evidence`.
    pub claim_partial_min_words: usize,
    /// `support.v1` verdict files or directories, relative to the book root.
    pub support: Vec<PathBuf>,
    /// Whether every citation of a passage needs a current verdict
    /// (`missing-support`).
    pub require_support: bool,
    /// Whether `mdbook-evidence check` fails when `remove` mode took a
    /// claim out (the build still publishes; `max-removed = 0` stops it).
    pub deny_removals: bool,
    /// How adjacent citations are shown in HTML.
    pub citation_style: CitationStyle,
    /// What References entries carry and where passages go.
    pub page: PageOptions,
    /// The quality metrics' targets and the tier authority.
    pub quality: QualityTargets,
    /// `mdbook-evidence verify`'s settings (prices).
    pub verify: VerifySettings,
    /// Whether the evidence index shows the quality table
    /// (`quality-table = false` leaves the QA figures to the reports).
    pub quality_table: bool,
    /// What chapters say of how they were made (`[…evidence.disclosure]`).
    pub disclosure: Disclosure,
    /// Where per-chapter results are cached, relative to the book root;
    /// `None` when `cache = false`.
    pub cache: Option<PathBuf>,
    /// Whether `cache` was set (`true` or a directory): then every build
    /// and check uses it. Unset, only `mdbook serve`'s rebuilds do: a
    /// one-off build or a fresh CI clone would pay for writing entries
    /// that no later run reads.
    pub cache_always: bool,
    /// Whether a run says on stderr how many chapters it judged again
    /// (the rest came from the cache).
    pub verbose: bool,
    /// Levels set under `[preprocessor.evidence.rules]`.
    levels: std::collections::HashMap<Rule, Level>,
}

impl Config {
    /// Reads `[preprocessor.evidence]` from mdBook's config, in the
    /// process's `environment` (its `MDBOOK_EVIDENCE_*` variables checked,
    /// `SOURCE_DATE_EPOCH` for `as-of`, an error in a value an override set
    /// blamed on its variable).
    pub fn from_book(
        config: &mdbook_preprocessor::config::Config,
        environment: &Environment,
    ) -> Result<Config, ConfigError> {
        let table: serde_json::Value = config
            .get(&format!("preprocessor.{PREPROCESSOR_NAME}"))
            .map_err(|err| ConfigError::Invalid {
                key: String::new(),
                message: format!("{err:#}"),
            })?
            .unwrap_or(serde_json::Value::Object(Default::default()));
        crate::limits::check_environment(environment)?;
        let variables = || environment.names();
        let parsed =
            Config::from_table(table, environment).map_err(|err| err.attributed(variables()))?;
        if !parsed.publish_store {
            let src = checks::normalize(&config.book.src);
            if let Some(path) = parsed
                .store
                .iter()
                .find(|p| checks::normalize(p).starts_with(&src))
            {
                let err = ConfigError::Invalid {
                    key: "store".into(),
                    message: format!(
                        "{} is inside the book's source directory `{}`, so mdBook would publish it with the site; move it (e.g. to \"evidence/\"), or set `publish-store = true` if publishing the evidence is intended",
                        path.display(),
                        config.book.src.display()
                    ),
                };
                return Err(err.attributed(variables()));
            }
        }
        Ok(parsed)
    }

    /// Reads the configuration from the table's value (as JSON) alone, in
    /// no environment: without `as-of`, the time is now. For tests, which
    /// write what they mean in the table.
    pub fn from_value(table: serde_json::Value) -> Result<Config, ConfigError> {
        Config::from_table(table, &Environment::default())
    }

    /// Reads the configuration from the table's value (as JSON); without
    /// `as-of`, from `environment`'s `SOURCE_DATE_EPOCH`.
    fn from_table(
        table: serde_json::Value,
        environment: &Environment,
    ) -> Result<Config, ConfigError> {
        checks::known_keys(&table)?;
        let raw: RawConfig =
            crate::json_input::from_value(&table).map_err(|err| ConfigError::Invalid {
                key: err.json_path,
                message: err.message,
            })?;
        let store = match raw.store {
            None => return Err(ConfigError::MissingStore),
            Some(paths) => checks::store_paths(paths)?,
        };
        let exclude = checks::exclude_set(&raw.exclude)?;
        let as_of = match raw.as_of {
            Some(text) => checks::parse_as_of(&text).map_err(|message| ConfigError::Invalid {
                key: "as-of".into(),
                message,
            })?,
            None => checks::as_of_from(environment)?,
        };
        let levels = checks::rule_levels(raw.rules)?;
        checks::diversity_shares(&raw.diversity)?;
        quality::check(&raw.quality)?;
        verify::check(&raw.verify)?;
        let claim_overlap =
            checks::percentage("claim-overlap", raw.claim_overlap, DEFAULT_CLAIM_OVERLAP)?;
        let claim_partial_overlap = checks::percentage(
            "claim-partial-overlap",
            raw.claim_partial_overlap,
            DEFAULT_CLAIM_PARTIAL_OVERLAP,
        )?;
        if let Some(report) = &raw.report {
            checks::report_path(report)?;
        }

        Ok(Config {
            store,
            publish_store: raw.publish_store,
            deny_removals: raw.deny_removals,
            mode: raw.mode,
            exclude,
            references_title: raw
                .references_title
                .unwrap_or_else(|| "References".to_owned()),
            claim_min_words: raw.claim_min_words.unwrap_or(3),
            as_of,
            removal: raw.removal,
            max_removed: raw.max_removed.unwrap_or(3),
            escalate: raw.escalate,
            claims: raw.claims,
            sections: raw.sections,
            policy_tags: raw.policy_tags.unwrap_or_else(|| {
                DEFAULT_POLICY_TAGS
                    .iter()
                    .map(|t| (*t).to_owned())
                    .collect()
            }),
            max_age_days: raw.max_age_days,
            diversity: raw.diversity,
            confidence_labels: raw.confidence_labels,
            report: raw.report,
            claim_overlap,
            claim_overlap_min_words: raw
                .claim_overlap_min_words
                .unwrap_or(DEFAULT_CLAIM_OVERLAP_MIN_WORDS),
            claim_partial_overlap,
            claim_partial_min_words: raw
                .claim_partial_min_words
                .unwrap_or(DEFAULT_CLAIM_PARTIAL_MIN_WORDS),
            support: match raw.support {
                None => Vec::new(),
                Some(StorePaths::One(path)) => vec![path],
                Some(StorePaths::Many(paths)) => paths,
            },
            require_support: raw.require_support,
            citation_style: raw.citation_style,
            page: PageOptions {
                references_style: raw.references_style,
                search_passages: raw.search_passages,
            },
            quality: raw.quality,
            quality_table: raw.quality_table,
            verify: raw.verify,
            cache_always: matches!(
                raw.cache,
                Some(CacheSetting::On(true) | CacheSetting::Dir(_))
            ),
            cache: match raw.cache {
                None | Some(CacheSetting::On(true)) => Some(PathBuf::from(DEFAULT_CACHE_DIR)),
                Some(CacheSetting::On(false)) => None,
                Some(CacheSetting::Dir(dir)) => Some(checks::cache_dir(dir)?),
            },
            verbose: raw.verbose,
            disclosure: disclosure::check(raw.disclosure)?,
            levels,
        })
    }

    /// The level of a rule in this build.
    pub fn level(&self, rule: Rule) -> Level {
        self.levels
            .get(&rule)
            .copied()
            .unwrap_or_else(|| rule.default_level())
    }

    /// Whether a chapter (source path relative to `src/`) is checked.
    pub fn is_checked(&self, source_path: &Path) -> bool {
        !self.exclude.is_match(source_path)
    }
}

#[cfg(test)]
mod tests;
