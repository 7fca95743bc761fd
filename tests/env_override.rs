//! Environment overrides, as mdBook applies them to the config it hands
//! the preprocessor: `MDBOOK_PREPROCESSOR__EVIDENCE__MODE=downgrade mdbook
//! …` previews a failing book downgraded; an override that makes the
//! config look like `mdbook serve`'s (the live-reload endpoint, set alone
//! or inside a whole table) never does. These tests set process-wide
//! variables, which mdBook (run in process) and the binary it spawns both
//! read: each holds [`ENV`] while it runs and leaves the environment as it
//! found it.

#[path = "it/common/mod.rs"]
mod common;

use common::{TestBook, check_in};
use std::sync::Mutex;

/// Held by each test while it changes the process's environment.
static ENV: Mutex<()> = Mutex::new(());

/// The CI variables the preview looks at.
const CI_VARS: [&str; 5] = ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"];

#[test]
fn the_mode_can_be_overridden_from_the_environment() {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let book = TestBook::new(
        "",
        &[("bad.md", "# Bad\n\nThis claim cites no evidence at all.\n")],
    );
    assert!(book.build().is_err(), "fails by default");

    // SAFETY: every test of this process holds ENV while it sets variables.
    unsafe { std::env::set_var("MDBOOK_PREPROCESSOR__EVIDENCE__MODE", "downgrade") };
    let built = book.build();
    unsafe { std::env::remove_var("MDBOOK_PREPROCESSOR__EVIDENCE__MODE") };
    built.expect("builds downgraded");
    assert!(book.html("bad.md").contains("Unverified Summary"));
}

#[test]
fn an_override_that_looks_like_serve_never_passes_a_failing_book() {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let chapter = "# 東京 brief\n\n\
        - Stocks crashed in 東京\u{a0}today, traders said.\n\
        - The Fed held rates steady this month [EVID:ev_fomc].\n";
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", chapter)]);
    let ci: Vec<(&str, Option<std::ffi::OsString>)> = CI_VARS
        .iter()
        .map(|var| (*var, std::env::var_os(var)))
        .collect();
    for (var, value) in [
        (
            "MDBOOK_OUTPUT__HTML",
            r#"{"live-reload-endpoint": "/__livereload", "東京 ": "値‏"}"#,
        ),
        (
            "MDBOOK_OUTPUT",
            r#"{"html": {"live-reload-endpoint": "/x", "site-url": "/"}}"#,
        ),
        ("MDBOOK_output__HTML", r#"{"live-reload-endpoint": "/👍"}"#),
        ("MDBOOK_OUTPUT__HTML__LIVE_RELOAD_ENDPOINT", "/\u{3000}x"),
    ] {
        // SAFETY: every test of this process holds ENV while it sets
        // variables; the CI ones are put back below.
        unsafe {
            for var in CI_VARS {
                std::env::remove_var(var);
            }
            std::env::set_var(var, value);
        }
        // `mdbook build`: mdBook puts the endpoint in the config it hands
        // the binary, which still stops the build.
        let built = book.build();
        // `check`, as CI runs it, and without CI.
        let checked = [
            check_in(book.root(), &["."], &[]),
            check_in(book.root(), &["."], &[("CI", "true")]),
        ];
        unsafe { std::env::remove_var(var) };
        assert!(built.is_err(), "{var}={value}");
        for (code, _, stderr) in checked {
            assert_eq!(code, 1, "{var}={value}: {stderr}");
            assert!(!stderr.contains("mode = \"downgrade\""), "{stderr}");
        }
    }
    for (var, value) in ci {
        if let Some(value) = value {
            unsafe { std::env::set_var(var, value) };
        }
    }
}
