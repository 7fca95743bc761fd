//! The core of mdbook-evidence: the evidence model and its store
//! (`store`), the configuration (`config`), the marker syntax and the
//! scanner that finds markers and blocks in a chapter (`syntax`,
//! `markers`), the source map of `{{#include}}`s, the rule ids and
//! findings (`rule`, `finding`), and the one reader and one writer every
//! stage uses (`limits`, `safe_write`, `paths`). It names nothing of the
//! rules, the renderer or the reports, which build on it.

#![warn(missing_docs, unreachable_pub)]

pub mod config;
pub mod display;
pub mod env;
pub mod error;
pub mod escape;
pub mod finding;
pub mod gaps;
pub mod hex;
pub mod ids;
pub mod import_record;
pub mod json_input;
pub mod limits;
pub mod markers;
pub mod order;
pub mod paths;
pub mod rule;
pub mod safe_write;
pub mod source_map;
pub mod store;
pub mod suggest;
pub mod syntax;
pub mod tool;
