//! The `mdbook serve` preview: while a writer previews, a chapter that
//! would stop `mdbook build` is shown rather than the last good page, in
//! downgrade mode (banner, a `⚠` before each failing claim) with its
//! diagnostics listed at the top. `mdbook build`, `check` and CI are never
//! affected.
//!
//! mdBook's `serve` sets `output.html.live-reload-endpoint` in the config
//! it hands preprocessors, in memory, after reading book.toml and the
//! environment. The book's files and the environment are untrusted (a pull
//! request could set the key in book.toml; `MDBOOK_OUTPUT__HTML` or
//! `MDBOOK_OUTPUT` can hold a whole table that sets it), so the preview is
//! on only when the config mdBook would read for `mdbook build` (book.toml
//! with the environment's overrides, merged by mdBook's own code) has no
//! endpoint, the config handed to us has one, and no CI system runs us.
//! `check` and `export` never ask (`Session::open_for_check` and
//! `open_to_read`).
//!
//! It reads the environment and book.toml, so it lives here at the edge; the
//! renderer is told only the answer ([`super::Setup`]'s `preview`, and the
//! downgrade mode it sets).

use evidence_core::env::Environment;
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::config::Config;
use std::path::Path;

/// The key `mdbook serve` sets and `mdbook build` never does.
const ENDPOINT: &str = "output.html.live-reload-endpoint";

/// Whether this run, in `environment`, is an `mdbook serve` rebuild for
/// the HTML renderer.
pub(super) fn is_serve(ctx: &PreprocessorContext, environment: &Environment) -> bool {
    let endpoint_set = ctx
        .config
        .html_config()
        .is_some_and(|html| html.live_reload_endpoint.is_some());
    if ctx.renderer != "html" || !endpoint_set || environment.on_ci() {
        return false;
    }
    // Unknown (unreadable book.toml, an override mdBook refuses): off.
    as_built(&ctx.root).is_some_and(|built| !built.contains_key(ENDPOINT))
}

/// The config `mdbook build` of the book at `root` reads, as
/// `MDBook::load` makes it: book.toml (or the default when there is
/// none), then every `MDBOOK_*` variable applied by mdBook's
/// `Config::update_from_env`, so that each spelling, case and table-valued
/// variable counts exactly as mdBook counts it. `None` when that cannot be
/// told.
fn as_built(root: &Path) -> Option<Config> {
    // `update_from_env` panics on a variable that is not UTF-8 (as mdBook
    // would have, before running us).
    if std::env::vars_os().any(|(key, value)| key.to_str().is_none() || value.to_str().is_none()) {
        return None;
    }
    let toml = root.join("book.toml");
    let mut config =
        match evidence_core::limits::read_text(&toml, evidence_core::limits::Limit::file()) {
            Ok(text) => text.parse::<Config>().ok()?,
            Err(e) if e.is_not_found() => Config::default(),
            Err(_) => return None,
        };
    config.update_from_env().ok()?;
    Some(config)
}
