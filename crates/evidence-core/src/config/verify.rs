//! `[preprocessor.evidence.verify]`: settings of `mdbook-evidence verify`
//! kept with the book (the build itself never calls a model). Only what
//! is the team's to decide once: the prices of the model it pays for.
//! The endpoint, the model and above all the key stay on the command
//! line and in the environment.

use crate::config::ConfigError;
use serde::Deserialize;

/// The `verify` table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct VerifySettings {
    /// Dollars per million tokens in and out, for the dry run's and the
    /// summary's cost (`--price-per-mtok` overrides it).
    pub price_per_mtok: Option<[f64; 2]>,
}

/// Each price a finite number of dollars, not negative.
pub(super) fn check(settings: &VerifySettings) -> Result<(), ConfigError> {
    if let Some(prices) = settings.price_per_mtok
        && prices.iter().any(|p| !p.is_finite() || *p < 0.0)
    {
        return Err(ConfigError::Invalid {
            key: "verify.price-per-mtok".into(),
            message: format!(
                "{prices:?} is not two prices: give dollars per million tokens in and out, not negative, e.g. [0.15, 0.60]"
            ),
        });
    }
    Ok(())
}
