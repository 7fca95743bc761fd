//! Finding a book on disk and loading it as `mdbook build` would: the
//! session's entry for the commands that run on a book directory (check,
//! export, manifest, audit, verify), kept apart from any one of them.

use crate::limits;
use anyhow::Context;
use mdbook_driver::MDBook;
use mdbook_preprocessor::book::Book;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::path::Path;

/// The nearest of `dir` and the directories above it that holds a
/// `book.toml`, written relative to `dir` (`src/..`); `None` when none does.
pub fn book_root(dir: &Path) -> Option<std::path::PathBuf> {
    let levels = std::fs::canonicalize(dir).ok()?.ancestors().count();
    let mut candidate = dir.to_path_buf();
    for _ in 0..levels {
        if candidate.join("book.toml").is_file() {
            return Some(candidate);
        }
        candidate.push("..");
    }
    None
}

/// Loads the book in `dir` as `mdbook build` would for the HTML renderer
/// (config with environment overrides, chapters with `{{#include}}`s
/// expanded by mdBook's links preprocessor), never creating a missing
/// chapter file.
pub(crate) fn load_book(dir: &Path) -> anyhow::Result<(PreprocessorContext, Book)> {
    let toml = dir.join("book.toml");
    let text = match limits::read_text(&toml, limits::Limit::file()) {
        Ok(text) => text,
        Err(e) if e.is_not_found() => anyhow::bail!(
            "neither {} nor a directory above it holds book.toml; pass the book's root directory (the one holding book.toml), e.g. `mdbook-evidence check docs`",
            dir.display()
        ),
        Err(e) => anyhow::bail!("cannot read {}: {}", toml.display(), e.reason()),
    };
    // TOML syntax first, in one line naming the place: the parser's own
    // message draws the line under a gutter, on several lines.
    if let Err(error) = toml_edit::Document::parse(text.as_str()) {
        let (line, column) = error.span().map_or((1, 1), |span| {
            crate::source_map::line_column(&text, span.start)
        });
        anyhow::bail!(
            "{}:{line}:{column}: {}; fix book.toml's TOML syntax",
            toml.strip_prefix(".").unwrap_or(&toml).display(),
            error.message().trim_end()
        );
    }
    // As `MDBook::load` does (environment overrides included), but a check
    // never creates missing chapter files.
    let mut config: mdbook_driver::config::Config = text
        .parse()
        .with_context(|| format!("{} is not a valid book.toml", toml.display()))?;
    config.update_from_env()?;
    config.build.create_missing = false;
    // mdBook reads the chapters itself, with no check: its source
    // directory's markdown files are checked here first, so that a FIFO,
    // a device or an oversize file refuses the check instead of hanging it.
    limits::check_tree(&dir.join(&config.book.src), "md", limits::Limit::file())
        .map_err(|e| anyhow::anyhow!("cannot check the book: {e}"))?;
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
    Ok((ctx, book))
}
