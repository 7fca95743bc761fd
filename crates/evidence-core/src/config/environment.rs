//! Errors in values that an environment variable set: mdBook applies
//! `MDBOOK_PREPROCESSOR__EVIDENCE__*` over book.toml before we read the
//! table, so an error would otherwise blame book.toml for a value it does
//! not hold.

use crate::config::{ConfigError, OUR_KEYS, PREPROCESSOR_NAME};
use crate::env::Environment;

impl ConfigError {
    /// A bad value of `key` (dotted, below `preprocessor.evidence`) found
    /// after the config was read (where the report may go, say): blamed on
    /// the variable of `environment` that set it, if one did, else on
    /// book.toml.
    pub fn invalid(
        key: impl Into<String>,
        message: impl Into<String>,
        environment: &Environment,
    ) -> ConfigError {
        let error = ConfigError::Invalid {
            key: key.into(),
            message: message.into(),
        };
        error.attributed(environment.names())
    }

    /// This error, attributed to the environment variable among
    /// `variables` (names) that set its key (or a table above it), if one
    /// did; as it is otherwise.
    pub(super) fn attributed<'a>(self, variables: impl Iterator<Item = &'a str>) -> ConfigError {
        let (key, message) = match &self {
            ConfigError::Invalid { key, message } => (key.clone(), message.clone()),
            ConfigError::UnknownKey { key, hint } => (
                key.clone(),
                format!("unknown key{hint}; the keys are: {}", OUR_KEYS.join(", ")),
            ),
            _ => return self,
        };
        match setting_variable(&key, variables) {
            Some(variable) => ConfigError::FromEnvironment {
                variable,
                key,
                message,
            },
            None => self,
        }
    }
}

/// The environment variable among `variables` (names) that sets `key`
/// (below `preprocessor.evidence`, indices such as `exclude[0]` allowed)
/// or the table holding it, the way mdBook maps names to keys
/// (`MDBOOK_` dropped, lower case, `__` a dot, `_` a dash): the one
/// naming the longest key path.
fn setting_variable<'a>(key: &str, variables: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut path = format!("preprocessor.{PREPROCESSOR_NAME}");
    let mut paths = vec![path.clone()];
    for part in key.split('.').filter(|p| !p.is_empty()) {
        path.push('.');
        path.push_str(part.split('[').next().unwrap_or(part));
        paths.push(path.clone());
    }
    variables
        .filter_map(|name| {
            let mapped = name
                .strip_prefix("MDBOOK_")?
                .to_lowercase()
                .replace("__", ".")
                .replace('_', "-");
            let depth = paths.iter().position(|p| *p == mapped)?;
            Some((depth, name))
        })
        .max()
        .map(|(_, name)| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use serde_json::json;

    #[test]
    fn an_error_from_the_environment_names_its_variable() {
        let vars = |names: &[&'static str]| names.to_vec();
        let err = Config::from_value(json!({"store": "s", "mode": "loud"})).unwrap_err();
        let err =
            err.attributed(vars(&["PATH", "MDBOOK_PREPROCESSOR__EVIDENCE__MODE"]).into_iter());
        let message = err.to_string();
        assert!(
            message.starts_with("environment variable MDBOOK_PREPROCESSOR__EVIDENCE__MODE (which overrides `preprocessor.evidence.mode` of book.toml): unknown variant `loud`"),
            "{message}"
        );
        // A table set whole, and a key below it: the closest wins.
        for (variables, expected) in [
            (
                vec!["MDBOOK_PREPROCESSOR__EVIDENCE__DIVERSITY"],
                Some("MDBOOK_PREPROCESSOR__EVIDENCE__DIVERSITY"),
            ),
            (
                vec![
                    "MDBOOK_PREPROCESSOR__EVIDENCE__DIVERSITY",
                    "MDBOOK_PREPROCESSOR__EVIDENCE__DIVERSITY__MAX_PUBLISHER_SHARE",
                ],
                Some("MDBOOK_PREPROCESSOR__EVIDENCE__DIVERSITY__MAX_PUBLISHER_SHARE"),
            ),
            (
                vec!["MDBOOK_PREPROCESSOR__EVIDENCE__MODE", "MDBOOK_BOOK__TITLE"],
                None,
            ),
        ] {
            let found = setting_variable(
                "diversity.max-publisher-share",
                vars(&variables).into_iter(),
            );
            assert_eq!(found.as_deref(), expected, "{variables:?}");
        }
        assert_eq!(
            setting_variable(
                "exclude[0]",
                vars(&["MDBOOK_PREPROCESSOR__EVIDENCE__EXCLUDE"]).into_iter()
            )
            .as_deref(),
            Some("MDBOOK_PREPROCESSOR__EVIDENCE__EXCLUDE")
        );
        // An unknown key set from the environment.
        let err = Config::from_value(json!({"store": "s", "mdoe": "warn"})).unwrap_err();
        let message = err
            .attributed(vars(&["MDBOOK_PREPROCESSOR__EVIDENCE__MDOE"]).into_iter())
            .to_string();
        assert!(
            message.contains("MDBOOK_PREPROCESSOR__EVIDENCE__MDOE"),
            "{message}"
        );
        assert!(message.contains("did you mean `mode`?"), "{message}");
        // Not from the environment: book.toml, as before.
        let err = Config::from_value(json!({"store": "s", "mode": "loud"})).unwrap_err();
        assert!(
            err.attributed(std::iter::empty())
                .to_string()
                .starts_with("book.toml:")
        );
    }
}
