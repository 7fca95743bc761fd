//! mdbook-evidence: an mdBook preprocessor that grounds every claim of a
//! report in stored evidence.
//!
//! The data flows one way: [`config`] → [`store`] → [`markers`] (scan) →
//! [`rules`] (judge) → [`render`] → [`report`]. [`preprocess`] runs the
//! stages over a whole book; [`check`] runs them on a book on disk;
//! [`import`] makes chapters and stores from a model API's cited answers.

pub mod check;
pub mod config;
pub mod import;
pub mod install;
pub mod json_input;
pub mod limits;
pub mod markers;
pub mod preprocess;
pub mod render;
pub mod report;
pub mod rules;
pub mod safe_write;
pub mod source_map;
pub mod store;
pub mod suggest;
pub mod syntax;
