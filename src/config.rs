//! The `[preprocessor.evidence]` table of `book.toml`.
//!
//! mdBook has already applied `MDBOOK_PREPROCESSOR__EVIDENCE__*` environment
//! overrides to the config it hands us, so every key here can be overridden
//! from the environment without any code of ours.

use globset::{Glob, GlobSet, GlobSetBuilder};
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
];

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
}

/// The validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Store files or directories, relative to the book root.
    pub store: Vec<PathBuf>,
    /// What a violation does to the build.
    pub mode: Mode,
    /// Chapters (source paths relative to `src/`) that are never checked.
    pub exclude: GlobSet,
    /// Title of the generated References section.
    pub references_title: String,
    /// A block with fewer words than this is a label, not a claim.
    pub claim_min_words: usize,
    /// The instant against which `expires_at` is judged.
    pub as_of: Timestamp,
}

impl Config {
    /// Reads `[preprocessor.evidence]` from mdBook's config.
    pub fn from_book(config: &mdbook_preprocessor::config::Config) -> Result<Config, ConfigError> {
        let table: serde_json::Value = config
            .get(&format!("preprocessor.{PREPROCESSOR_NAME}"))
            .map_err(|err| ConfigError::Invalid {
                key: String::new(),
                message: format!("{err:#}"),
            })?
            .unwrap_or(serde_json::Value::Object(Default::default()));
        Config::from_value(table)
    }

    /// Reads the configuration from the table's value (as JSON).
    pub fn from_value(table: serde_json::Value) -> Result<Config, ConfigError> {
        if let Some(map) = table.as_object() {
            for key in map.keys() {
                if !OUR_KEYS.contains(&key.as_str()) && !MDBOOK_KEYS.contains(&key.as_str()) {
                    return Err(ConfigError::UnknownKey {
                        key: key.clone(),
                        hint: suggest(key)
                            .map(|k| format!(" (did you mean `{k}`?)"))
                            .unwrap_or_default(),
                    });
                }
            }
        }
        let raw: RawConfig =
            serde_path_to_error::deserialize(table).map_err(|err| ConfigError::Invalid {
                key: err.path().to_string(),
                message: err.into_inner().to_string(),
            })?;

        let store = match raw.store {
            None => return Err(ConfigError::MissingStore),
            Some(StorePaths::One(path)) => vec![path],
            Some(StorePaths::Many(paths)) if paths.is_empty() => {
                return Err(ConfigError::MissingStore);
            }
            Some(StorePaths::Many(paths)) => paths,
        };

        let mut exclude = GlobSetBuilder::new();
        for (i, pattern) in raw.exclude.iter().enumerate() {
            let glob = Glob::new(pattern).map_err(|err| ConfigError::Invalid {
                key: format!("exclude[{i}]"),
                message: format!("{err}"),
            })?;
            exclude.add(glob);
        }
        let exclude = exclude.build().map_err(|err| ConfigError::Invalid {
            key: "exclude".into(),
            message: err.to_string(),
        })?;

        let claim_min_words = raw.claim_min_words.unwrap_or(3);
        let as_of = match raw.as_of {
            Some(text) => parse_as_of(&text).map_err(|message| ConfigError::Invalid {
                key: "as-of".into(),
                message,
            })?,
            None => as_of_from_env()?,
        };

        Ok(Config {
            store,
            mode: raw.mode,
            exclude,
            references_title: raw
                .references_title
                .unwrap_or_else(|| "References".to_owned()),
            claim_min_words,
            as_of,
        })
    }

    /// Whether a chapter (source path relative to `src/`) is checked.
    pub fn is_checked(&self, source_path: &Path) -> bool {
        !self.exclude.is_match(source_path)
    }
}

/// `as-of` is a date (`2026-02-11`, midnight UTC) or an RFC 3339 timestamp.
fn parse_as_of(text: &str) -> Result<Timestamp, String> {
    if let Ok(date) = text.parse::<jiff::civil::Date>()
        && text.len() == 10
    {
        return date
            .to_zoned(jiff::tz::TimeZone::UTC)
            .map(|z| z.timestamp())
            .map_err(|e| e.to_string());
    }
    crate::store::parse_rfc3339(text).map_err(|_| {
        format!("expected a date such as \"2026-02-11\" or an RFC 3339 timestamp, found {text:?}")
    })
}

/// Without `as-of`, `SOURCE_DATE_EPOCH` (reproducible builds) or now.
fn as_of_from_env() -> Result<Timestamp, ConfigError> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(value) => value
            .trim()
            .parse::<i64>()
            .ok()
            .and_then(|secs| Timestamp::from_second(secs).ok())
            .ok_or_else(|| ConfigError::Invalid {
                key: "as-of".into(),
                message: format!(
                    "SOURCE_DATE_EPOCH must be a number of seconds since 1970, found {value:?}"
                ),
            }),
        Err(_) => Ok(Timestamp::now()),
    }
}

/// The known key closest to a mistyped one, if any is close.
fn suggest(key: &str) -> Option<&'static str> {
    OUR_KEYS
        .iter()
        .map(|known| (edit_distance(key, known), *known))
        .filter(|(distance, _)| *distance <= 2)
        .min()
        .map(|(_, known)| known)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
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
    fn as_of_accepts_a_date() {
        let config = Config::from_value(json!({"store": "s", "as-of": "2026-02-11"})).unwrap();
        assert_eq!(config.as_of.to_string(), "2026-02-11T00:00:00Z");
    }
}
