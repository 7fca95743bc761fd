//! mdbook-evidence: an mdBook preprocessor that grounds every claim of a
//! report in stored evidence.
//!
//! The data flows one way, one crate a stage: config → store → scan (all
//! three in [`evidence_core`]) → [`evidence_text`] (claims, words,
//! figures) → [`evidence_rules`] (judge) → [`evidence_render`] →
//! [`evidence_report`]. The [`session`] runs the stages over a whole book
//! for the preprocessor and every command ([`check`], [`export`],
//! [`verify`], [`fetch`]); `import` makes chapters and stores from a model
//! API's cited answers ([`evidence_import`]).
//!
//! This library is the binary's commands and the one session they drive
//! ([`session`]), which the tests, benchmarks and fuzz targets drive too;
//! the stages are the workspace's crates.

#![warn(missing_docs, unreachable_pub)]

pub(crate) mod assets;
pub(crate) mod cache;
pub mod check;
pub mod cli_values;
pub mod explain;
pub mod export;
pub mod fetch;
pub mod install;
pub(crate) mod preprocess;
pub mod provenance;
pub mod session;
pub mod verify;

pub use evidence_core::tool::{TOOL_NAME, TOOL_VERSION};

#[cfg(test)]
mod tests {
    #[test]
    fn the_tool_is_named_as_the_root_package_is() {
        assert_eq!(crate::TOOL_NAME, env!("CARGO_PKG_NAME"));
        assert_eq!(crate::TOOL_VERSION, env!("CARGO_PKG_VERSION"));
    }
}
