//! The checks of `[preprocessor.evidence]` values that serde's types do not
//! make: unknown keys (with a near one named), paths, globs, dates, rule
//! ids, shares and percentages. Each error names the key at fault.

use crate::config::{ConfigError, Diversity, MDBOOK_KEYS, OUR_KEYS, StorePaths};
use crate::env::Environment;
use crate::rule::{Level, Rule};
use globset::{Glob, GlobSet, GlobSetBuilder};
use jiff::Timestamp;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Every key of the table is ours or mdBook's; an unknown one is named with
/// the known key closest to it.
pub(super) fn known_keys(table: &serde_json::Value) -> Result<(), ConfigError> {
    let Some(map) = table.as_object() else {
        return Ok(());
    };
    for key in map.keys() {
        if !OUR_KEYS.contains(&key.as_str()) && !MDBOOK_KEYS.contains(&key.as_str()) {
            return Err(ConfigError::UnknownKey {
                key: key.clone(),
                hint: crate::suggest::closest(key, OUR_KEYS.iter().copied())
                    .map(|k| format!(" (did you mean `{k}`?)"))
                    .unwrap_or_default(),
            });
        }
    }
    Ok(())
}

/// `store`: one path or a non-empty list of them.
pub(super) fn store_paths(paths: StorePaths) -> Result<Vec<PathBuf>, ConfigError> {
    match paths {
        StorePaths::One(path) => Ok(vec![path]),
        StorePaths::Many(paths) if paths.is_empty() => Err(ConfigError::MissingStore),
        StorePaths::Many(paths) => Ok(paths),
    }
}

/// `exclude`: the glob patterns, compiled into one set.
pub(super) fn exclude_set(patterns: &[String]) -> Result<GlobSet, ConfigError> {
    let mut exclude = GlobSetBuilder::new();
    for (i, pattern) in patterns.iter().enumerate() {
        let glob = Glob::new(pattern).map_err(|err| ConfigError::Invalid {
            key: format!("exclude[{i}]"),
            message: format!("{err}"),
        })?;
        exclude.add(glob);
    }
    exclude.build().map_err(|err| ConfigError::Invalid {
        key: "exclude".into(),
        message: err.to_string(),
    })
}

/// `rules`: each id a rule's (a near id named when not).
pub(super) fn rule_levels(
    rules: BTreeMap<String, Level>,
) -> Result<HashMap<Rule, Level>, ConfigError> {
    let mut levels = HashMap::new();
    for (id, level) in rules {
        let Some(rule) = Rule::from_id(&id) else {
            let hint = crate::suggest::closest(&id, Rule::ALL.iter().map(|r| r.id()))
                .map(|k| format!(" (did you mean `{k}`?)"))
                .unwrap_or_default();
            return Err(ConfigError::Invalid {
                key: format!("rules.{id}"),
                message: format!(
                    "unknown rule id{hint}; every id has a page under {}rules/",
                    crate::rule::GUIDE_URL
                ),
            });
        };
        levels.insert(rule, level);
    }
    Ok(levels)
}

/// `diversity`: each share between 0 and 1.
pub(super) fn diversity_shares(diversity: &Diversity) -> Result<(), ConfigError> {
    for (key, share) in [
        ("max-publisher-share", diversity.max_publisher_share),
        ("min-credible-share", diversity.min_credible_share),
        ("max-monitor-share", diversity.max_monitor_share),
    ] {
        if !(0.0..=1.0).contains(&share) {
            return Err(ConfigError::Invalid {
                key: format!("diversity.{key}"),
                message: format!("expected a share between 0 and 1 (e.g. 0.4), found {share}"),
            });
        }
    }
    Ok(())
}

/// `key` (`claim-overlap`, `claim-partial-overlap`): a percentage, or
/// `default` when absent.
pub(super) fn percentage(
    key: &str,
    value: Option<usize>,
    default: usize,
) -> Result<usize, ConfigError> {
    let value = value.unwrap_or(default);
    if value > 100 {
        return Err(ConfigError::Invalid {
            key: key.into(),
            message: format!("expected a percentage from 0 to 100 (e.g. {default}), found {value}"),
        });
    }
    Ok(value)
}

/// `report`: a relative path that stays in the book root. `..` may appear
/// as long as it does (`src/../x.json`); where it resolves is checked
/// against the book's inputs when the book is loaded.
pub(super) fn report_path(report: &Path) -> Result<(), ConfigError> {
    if report.is_absolute()
        || report.as_os_str().is_empty()
        || normalize(report).starts_with("..")
        || normalize(report).as_os_str().is_empty()
    {
        return Err(ConfigError::Invalid {
            key: "report".into(),
            message: format!(
                "expected a path inside the book root such as \"evidence-report.json\", found {:?}",
                report.display().to_string()
            ),
        });
    }
    Ok(())
}

/// `as-of` is a date (`2026-02-11`, its start in UTC) or an RFC 3339
/// timestamp, read as store dates are.
pub(super) fn parse_as_of(text: &str) -> Result<Timestamp, String> {
    crate::store::parse_instant(text)
}

/// Without `as-of`, `SOURCE_DATE_EPOCH` of `environment` (reproducible
/// builds) or now. A value that is not a whole number of seconds in the
/// range a timestamp holds is refused, naming the variable (book.toml does
/// not hold it).
pub(super) fn as_of_from(environment: &Environment) -> Result<Timestamp, ConfigError> {
    let Some(value) = environment.var("SOURCE_DATE_EPOCH") else {
        return Ok(Timestamp::now());
    };
    value
        .to_str()
        .map(str::trim)
        .filter(|v| {
            let digits = v.strip_prefix('-').unwrap_or(v);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
        .and_then(|v| v.parse::<i64>().ok())
        .and_then(|secs| Timestamp::from_second(secs).ok())
        .ok_or_else(|| ConfigError::Environment {
            variable: "SOURCE_DATE_EPOCH".into(),
            message: format!(
                "expected a whole number of seconds since 1970-01-01 UTC, as `date +%s` prints it, from {} to {}, found {:?}; fix it or unset it, or set `as-of` under [preprocessor.evidence]",
                Timestamp::MIN.as_second(),
                Timestamp::MAX.as_second(),
                value.to_string_lossy()
            ),
        })
}

/// A `cache` directory: relative to the book root, going nowhere above it.
pub(super) fn cache_dir(dir: PathBuf) -> Result<PathBuf, ConfigError> {
    let normal = normalize(&dir);
    if dir.is_absolute() || normal.starts_with("..") || normal.as_os_str().is_empty() {
        return Err(ConfigError::Invalid {
            key: "cache".into(),
            message: format!(
                "{} is not a directory inside the book; write a path relative to the book's root (the default is \"{}\"), or `false` to turn the cache off",
                dir.display(),
                crate::config::DEFAULT_CACHE_DIR
            ),
        });
    }
    Ok(dir)
}

/// `path` with `.` dropped and `..` taking out the component before it, for
/// comparing paths as written in book.toml (a leading `..` stays: it says
/// the path leaves the book).
pub(super) fn normalize(path: &Path) -> PathBuf {
    crate::paths::lexical(path, crate::paths::ParentAtStart::Kept)
}
