//! The core of mdbook-evidence: the evidence model and its store
//! (`store`), the configuration (`config`), the marker syntax and the
//! scanner that finds markers and blocks in a chapter (`syntax`,
//! `markers`), the source map of `{{#include}}`s, the rule ids and
//! findings (`rule`, `finding`), and the one reader and one writer every
//! stage uses (`limits`, `safe_write`, `paths`). It depends on none of
//! the crates that build on it (the text analysis, the rules, the
//! renderer, the reports) and its code uses nothing of theirs: the rule ids
//! and levels and the findings are data, which the rules make and the
//! reports read. Where a doc comment here names a later crate
//! (`evidence_rules::registry`, `evidence_render::template`), it says who
//! reads what core holds, not what core does.

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
