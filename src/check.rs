//! `mdbook-evidence check [BOOK_DIR]`: validates a book the way `mdbook
//! build` would (same config, same chapters, `{{#include}}`s expanded by
//! mdBook's own links preprocessor), without rendering it.

use crate::preprocess::{self, Setup};
use anyhow::Context;
use mdbook_driver::MDBook;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::io::Write;
use std::path::Path;

/// How `check` prints what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// rustc-style diagnostics on stderr.
    Human,
    /// The validation report (`evidence-report.v1`) on stdout.
    Json,
    /// SARIF 2.1.0 on stdout, for code-scanning upload.
    Sarif,
    /// GitHub Actions annotations on stdout, and a table in
    /// `$GITHUB_STEP_SUMMARY` when it is set.
    Github,
}

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
    let book = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .context("cannot expand the book's {{#include}} directives")?;
    let setup = Setup::load(&ctx)?;
    // A check renders nothing: the verdict and the report are the judge's.
    let (outcome, _) = preprocess::judge_book(&setup, &book);
    let report = &outcome.report;
    // Paths relative to the current directory, where CI tools resolve them.
    let base = if dir == Path::new(".") {
        Default::default()
    } else {
        dir.to_owned()
    };
    let mut stdout = std::io::stdout().lock();
    match format {
        Format::Human => {
            let mut stderr = crate::report::stderr();
            report.emit_human(&mut stderr)?;
            crate::report::emit_summary(&outcome, setup.config.mode, &mut stderr)?;
            stderr.flush()?;
        }
        Format::Json => {
            let json = crate::report::json::ValidationReport::new(
                report,
                setup.config.mode,
                setup.config.as_of,
                outcome.failed,
            );
            serde_json::to_writer_pretty(&mut stdout, &json)?;
            writeln!(stdout)?;
        }
        Format::Sarif => {
            serde_json::to_writer_pretty(
                &mut stdout,
                &crate::report::formats::sarif(report, &base),
            )?;
            writeln!(stdout)?;
        }
        Format::Github => {
            stdout.write_all(crate::report::formats::github(report, &base).as_bytes())?;
            preprocess::append_step_summary(report, &base)?;
        }
    }
    stdout.flush()?;
    preprocess::write_configured_report(&md.root, &setup, &outcome)?;
    Ok(outcome.failed || report.count(crate::rules::Severity::Error) > 0)
}
