//! mdbook-evidence: an mdBook preprocessor that grounds every claim of a
//! report in stored evidence.
//!
//! The data flows one way, one crate a stage: [`config`] → [`store`] →
//! [`markers`] (scan; all three in `evidence-core`) → [`text`] (claims,
//! words, figures) → [`rules`] (judge) → [`render`] → [`report`].
//! [`preprocess`] runs the stages over a whole book; [`check`] runs them on
//! a book on disk; [`import`] makes chapters and stores from a model API's
//! cited answers.
//!
//! This library is the binary's commands and the one session they drive,
//! and, for the tests, the benchmarks and the fuzz targets, the stage
//! crates under the names their modules had before the workspace
//! (`mdbook_evidence::store`, `mdbook_evidence::render`, …).

#![warn(missing_docs, unreachable_pub)]

pub(crate) mod assets;
pub mod cache;
pub mod check;
pub use evidence_core::config;
pub use evidence_core::display;
pub use evidence_core::error;
pub mod explain;
pub mod export;
pub mod fetch;
pub use evidence_core::finding;
pub use evidence_import as import;
pub mod install;
pub use evidence_core::limits;
pub use evidence_core::markers;
pub use evidence_core::order;
pub mod preprocess;
pub mod provenance;
pub use evidence_core::rule;
pub use evidence_render as render;
pub use evidence_report as report;
pub use evidence_rules as rules;
pub mod session;
pub use evidence_core::source_map;
pub use evidence_core::store;
pub use evidence_core::suggest;
pub mod verify;

pub use evidence_core::tool::{TOOL_NAME, TOOL_VERSION};
/// The text analysis the rules share (claims, words, figures), under the
/// name the tests and benchmarks use.
pub use evidence_text as text;

#[cfg(test)]
mod tests {
    #[test]
    fn the_tool_is_named_as_the_root_package_is() {
        assert_eq!(crate::TOOL_NAME, env!("CARGO_PKG_NAME"));
        assert_eq!(crate::TOOL_VERSION, env!("CARGO_PKG_VERSION"));
    }
}
