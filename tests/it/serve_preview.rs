//! The `mdbook serve` preview: a chapter that would stop `mdbook build` is
//! shown downgraded with its errors listed at the top, instead of the last
//! good page staying in the browser. The book is built by mdBook in
//! process with the config `mdbook serve` sets (its live-reload endpoint);
//! `mdbook build`, a book.toml that sets the endpoint itself, an
//! environment override and CI all keep failing.

use crate::common::{TestBook, binary};
use mdbook_driver::MDBook;

const CHAPTER: &str = "# 東京 brief\n\n\
    - Stocks crashed in 東京\u{a0}today, traders said.\n\
    - Yields rose on the news <b>bold</b> [EVID:ev_made_up].\n\
    - The Fed held rates steady this month [EVID:ev_fomc].\n";

/// The CI variables the preview looks at, unset for the preprocessor.
const CI_VARS: [&str; 5] = ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"];

/// Builds the book as `mdbook serve` does (the live-reload endpoint and
/// site URL set in the loaded config), the preprocessor run with `env`
/// and no CI variables.
fn serve_build(book: &TestBook, env: &str) -> anyhow::Result<()> {
    // mdBook reads the preprocessor's command when it loads the book.
    let toml = book.root().join("book.toml");
    let text = std::fs::read_to_string(&toml)?;
    let unset: Vec<String> = CI_VARS.iter().map(|v| format!("-u {v}")).collect();
    // As a TOML string (JSON's escapes are TOML's): `env` may hold quotes.
    let command = format!(
        "command = {}",
        serde_json::json!(format!(
            "env {} {env} '{}'",
            unset.join(" "),
            binary().display()
        ))
    );
    let wrapped: Vec<String> = text
        .lines()
        .map(|line| {
            if line.starts_with("command = ") {
                command.clone()
            } else {
                line.to_owned()
            }
        })
        .collect();
    std::fs::write(&toml, wrapped.join("\n") + "\n")?;
    let mut md = MDBook::load(book.root())?;
    md.config
        .set("output.html.live-reload-endpoint", "/__livereload")?;
    md.config.set("output.html.site-url", "/")?;
    let built = md.build();
    std::fs::write(&toml, text)?;
    built
}

#[test]
fn serve_shows_a_failing_chapter_with_its_errors() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
    serve_build(&book, "").expect("the preview builds");
    let html = book.html("c.md");
    assert!(html.contains("Preview:"), "{html}");
    assert!(html.contains("stops on this chapter (2 errors)"), "{html}");
    assert!(
        html.contains("line 3, <code>ungrounded-claim</code>"),
        "{html}"
    );
    assert!(
        html.contains("line 4, <code>unknown-evidence</code>"),
        "{html}"
    );
    // Text from the chapter stays text.
    assert!(!html.contains("<b>bold</b> [EVID"), "{html}");
    assert!(html.contains("Unverified Summary"), "{html}");
    assert!(html.contains("evidence-unverified-claim"), "{html}");

    // `mdbook build` of the same book still stops.
    assert!(book.build().is_err());
}

#[test]
fn the_preview_cannot_be_turned_on_from_the_book_the_environment_or_ci() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
    // An environment override of the endpoint, however mdBook spells it:
    // the key itself (any case), or a table that holds it, with non-ASCII
    // keys and values around it; and CI.
    for env in [
        "MDBOOK_OUTPUT__HTML__LIVE_RELOAD_ENDPOINT=/x",
        "MDBOOK_output__html__live_reload_endpoint=/東京",
        r#"'MDBOOK_OUTPUT__HTML={"東京 ": "値‏", "live-reload-endpoint": "/x"}'"#,
        r#"'MDBOOK_OUTPUT={"html": {"live-reload-endpoint": "/　x", "site-url": "/"}}'"#,
        r#"'MDBOOK_Output__Html={"live-reload-endpoint": "/👍"}'"#,
        "CI=true",
        "GITHUB_ACTIONS=true",
    ] {
        assert!(serve_build(&book, env).is_err(), "{env}");
    }
    // Variables mdBook does not read as the endpoint leave the preview on.
    for env in [
        r#"'MDBOOK_OUTPUT__HTML={"東京": "/x", "live-reload-endpoint ": "/x"}'"#,
        "mdbook_OUTPUT__HTML__LIVE_RELOAD_ENDPOINT=/x",
    ] {
        serve_build(&book, env).expect(env);
        assert!(book.html("c.md").contains("Preview:"), "{env}");
    }
    // book.toml setting the endpoint itself (as a pull request could).
    let toml = book.root().join("book.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        format!("{text}\n[output.html]\nlive-reload-endpoint = \"/__livereload\"\n"),
    )
    .unwrap();
    assert!(serve_build(&book, "").is_err());
    assert!(book.build().is_err());
}

#[test]
fn a_passing_chapter_gets_no_note_under_serve() {
    let chapter = "# Brief\n\n- The Fed held rates steady this month [EVID:ev_fomc].\n";
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", chapter)]);
    serve_build(&book, "").unwrap();
    assert!(!book.html("c.md").contains("Preview:"));
}

#[test]
fn serve_rebuilds_use_the_cache_and_plain_builds_do_not_by_default() {
    let book = TestBook::new(
        "as-of = \"2026-02-11\"",
        &[(
            "c.md",
            "# Brief\n\nThe Fed held rates steady this month [EVID:ev_fomc].\n",
        )],
    );
    let cache = book.root().join(".mdbook-evidence-cache");
    book.build().expect("the book builds");
    assert!(
        !cache.exists(),
        "a plain build keeps no cache unless `cache` is set"
    );
    serve_build(&book, "").expect("the preview builds");
    let entries = std::fs::read_dir(&cache)
        .expect("serve keeps the cache")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "entry"))
        })
        .count();
    assert_eq!(entries, 1);
    // `cache = false` turns it off for serve too.
    std::fs::remove_dir_all(&cache).unwrap();
    let toml = book.root().join("book.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        text.replace(
            "as-of = \"2026-02-11\"",
            "as-of = \"2026-02-11\"\ncache = false",
        ),
    )
    .unwrap();
    serve_build(&book, "").expect("the preview builds");
    assert!(!cache.exists());
}
