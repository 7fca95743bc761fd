//! mdbook-evidence: an mdBook preprocessor that grounds every claim of a
//! report in stored evidence.
//!
//! The data flows one way: [`config`] → [`store`] → [`markers`] (scan) →
//! [`rules`] (judge) → [`render`] → [`report`]. [`preprocess`] runs the
//! stages over a whole book; [`check`] runs them on a book on disk;
//! [`import`] makes chapters and stores from a model API's cited answers.
//!
//! The public surface is what the binary, the tests, the benchmarks and the
//! fuzz targets use; everything else is `pub(crate)`. The lints below keep
//! it that way (a `[lints]` table in Cargo.toml would also apply them to
//! every test and example crate).

#![warn(missing_docs, unreachable_pub)]

pub(crate) mod assets;
pub mod cache;
pub mod check;
pub mod config;
pub mod display;
pub(crate) mod env;
pub mod error;
pub(crate) mod escape;
pub mod explain;
pub mod export;
pub mod fetch;
pub mod finding;
pub(crate) mod gaps;
pub mod import;
pub(crate) mod import_record;
pub mod install;
pub(crate) mod json_input;
pub mod limits;
pub mod markers;
pub mod order;
pub(crate) mod paths;
pub mod preprocess;
pub(crate) mod preview;
pub mod provenance;
pub mod render;
pub mod report;
pub mod rule;
pub mod rules;
pub(crate) mod safe_write;
pub mod session;
pub mod source_map;
pub mod store;
pub mod suggest;
pub(crate) mod syntax;
pub(crate) mod tool;
pub mod verify;

pub use tool::{TOOL_NAME, TOOL_VERSION};

#[cfg(test)]
mod tests {
    #[test]
    fn the_tool_is_named_as_the_root_package_is() {
        assert_eq!(super::TOOL_NAME, env!("CARGO_PKG_NAME"));
        assert_eq!(super::TOOL_VERSION, env!("CARGO_PKG_VERSION"));
    }
}
