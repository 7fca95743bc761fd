//! The failures that stop a run before it judges any chapter. They live
//! below every stage so that the report can name them without importing
//! the session (`mdbook_evidence::session`) or the renderer that raise them.

use crate::config::ConfigError;
use crate::order::UnexpandedDirective;
use crate::store::StoreError;
use std::path::PathBuf;

/// A failure that stops the preprocessor before it judges any chapter.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// Bad `[preprocessor.evidence]`.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A book's citation or reference template that cannot be used.
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// A store that cannot be loaded.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A `{{#include}}` left for mdBook's `links` to expand after us.
    #[error(transparent)]
    Unexpanded(#[from] UnexpandedDirective),
}

/// A book's template that cannot be used (built by
/// `evidence_render::template`).
#[derive(Debug, thiserror::Error)]
#[error("{}:{line}:{column}: {message}; fix the template or delete it to use the default (see \"Templates\" in the guide: {}serve.html#templates)", .path.display(), crate::rule::GUIDE_URL)]
pub struct TemplateError {
    /// The template file.
    pub path: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}
