//! The `mdbook serve` preview: while a writer previews, a chapter that
//! would stop `mdbook build` is shown rather than the last good page, in
//! downgrade mode (banner, a `⚠` before each failing claim) with its
//! diagnostics listed at the top. `mdbook build`, `check` and CI are never
//! affected.
//!
//! mdBook's `serve` sets `output.html.live-reload-endpoint` in the config
//! it hands preprocessors, in memory; a build never has it. Because the
//! book's files are untrusted (a pull request could set the key in
//! book.toml, or an environment override could), the preview is on only
//! when neither book.toml nor the environment sets it, and never on CI.

use mdbook_preprocessor::PreprocessorContext;

/// Whether this run is an `mdbook serve` rebuild for the HTML renderer.
pub(crate) fn is_serve(ctx: &PreprocessorContext) -> bool {
    let endpoint_set = ctx
        .config
        .html_config()
        .is_some_and(|html| html.live_reload_endpoint.is_some());
    if ctx.renderer != "html" || !endpoint_set || on_ci() {
        return false;
    }
    let from_env = std::env::vars_os().any(|(key, _)| {
        key.to_str().is_some_and(|key| {
            key.to_ascii_uppercase()
                .starts_with("MDBOOK_OUTPUT__HTML__LIVE")
        })
    });
    !from_env && !book_toml_sets_endpoint(ctx)
}

/// Whether a CI system runs this (the variable every common one sets).
fn on_ci() -> bool {
    ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"]
        .iter()
        .any(|var| std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "false"))
}

/// Whether the book's own book.toml sets the live-reload endpoint (or
/// cannot be read to tell: then the preview stays off).
fn book_toml_sets_endpoint(ctx: &PreprocessorContext) -> bool {
    let Ok(text) =
        crate::limits::read_text(&ctx.root.join("book.toml"), crate::limits::Limit::file())
    else {
        return true;
    };
    let Ok(doc) = text.parse::<toml_edit::DocumentMut>() else {
        return true;
    };
    doc.get("output")
        .and_then(|o| o.get("html"))
        .and_then(|h| h.get("live-reload-endpoint"))
        .is_some()
}

/// The lines of the note at the top of a chapter that `mdbook build` would
/// stop on: each error `(line, rule, message)`, escaped for markdown.
pub(crate) fn note_lines(errors: &[(usize, &str, &str)]) -> Vec<String> {
    let mut lines = vec![
        "> [!CAUTION]".to_owned(),
        format!(
            "> **Preview:** `mdbook build` stops on this chapter ({}); what it reports:",
            match errors.len() {
                1 => "1 error".to_owned(),
                n => format!("{n} errors"),
            }
        ),
        ">".to_owned(),
    ];
    lines.extend(errors.iter().map(|(line, rule, message)| {
        format!(
            "> - line {line}, `{rule}`: {}",
            crate::render::escape::markdown(message)
        )
    }));
    lines
}
