//! `mdbook-evidence check [BOOK_DIR]`: validates a book the way `mdbook
//! build` would (same config, same chapters, `{{#include}}`s expanded by
//! mdBook's own links preprocessor), without rendering it.

use crate::preprocess::{self, Setup};
use crate::report::{self, Destination, Format};
use crate::rules::Severity;
use anyhow::Context;
use mdbook_driver::MDBook;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::path::Path;

/// Checks the book in `dir`. Returns whether it has a violation at error
/// severity (or would stop the build); an error means the check itself
/// could not run (config, store, book).
pub fn check(dir: &Path, format: Format) -> anyhow::Result<bool> {
    let toml = dir.join("book.toml");
    anyhow::ensure!(
        toml.is_file(),
        "{} has no book.toml; pass the book's root directory, e.g. `mdbook-evidence check docs`",
        dir.display()
    );
    // As `MDBook::load` does (environment overrides included), but a check
    // never creates missing chapter files.
    let mut config = mdbook_driver::config::Config::from_disk(&toml)?;
    config.update_from_env()?;
    config.build.create_missing = false;
    let md = MDBook::load_with_config(dir, config)
        .with_context(|| format!("cannot load the book in {}", dir.display()))?;
    let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), "html".to_owned());
    // The build would see the chapters unexpanded: so does the check.
    let src = if dir == Path::new(".") {
        md.config.book.src.clone()
    } else {
        dir.join(&md.config.book.src)
    };
    crate::order::ensure_expanded(&md.config, &md.book, &src)?;
    let book = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .context("cannot expand the book's {{#include}} directives")?;
    let setup = Setup::load(&ctx)?;
    // A check renders nothing: the verdict and the report are the judge's.
    let (outcome, _) = preprocess::judge_book(&setup, &book);
    // Paths relative to the current directory, where CI tools resolve them.
    let base = if dir == Path::new(".") {
        Default::default()
    } else {
        dir.to_owned()
    };
    let destination = Destination::Check {
        format,
        base: &base,
    };
    report::emit(&outcome, &setup.report_context(), destination)?;
    Ok(outcome.failed || outcome.report.count(Severity::Error) > 0)
}
