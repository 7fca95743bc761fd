//! Messages that fix mistakes a newcomer makes, each through the binary on
//! a real book: what is printed names the mistake, where it is, and the
//! change that fixes it.

mod common;

use assert_cmd::Command;
use common::{TestBook, binary, run_stdin_with};

/// `mdbook-evidence check .` in the book, with `env`: (status, stderr).
fn check(book: &TestBook, env: &[(&str, &str)]) -> (i32, String) {
    let out = Command::new(binary())
        .args(["check", "."])
        .current_dir(book.root())
        .env("NO_COLOR", "1")
        .env_remove("SOURCE_DATE_EPOCH")
        .envs(env.iter().copied())
        .output()
        .expect("check runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// `book.toml` of `book` with `after = ["links"]` taken out.
fn without_after_links(book: &TestBook) {
    let path = book.root().join("book.toml");
    let toml = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, toml.replace("after = [\"links\"]\n", "")).unwrap();
}

#[test]
fn an_include_that_links_has_not_expanded_is_an_error_that_says_what_to_add() {
    let book = TestBook::new(
        "as-of = \"2026-02-12\"",
        &[
            (
                "brief.md",
                "# Brief\n\nThe Fed held rates steady this week [EVID:ev_fomc].\n\n東京 {{#include _quote.md}}\n",
            ),
            ("_quote.md", "A quoted claim that cites nothing at all.\n"),
        ],
    );
    without_after_links(&book);
    // The build: links runs after us (mdBook orders `evidence` before
    // `links` by name), so we see the directive.
    book.build().expect_err("the build stops");
    let stdin = {
        // What mdBook sends when links runs after us: the raw chapters.
        let md = mdbook_driver::MDBook::load(book.root()).unwrap();
        let ctx = mdbook_preprocessor::PreprocessorContext::new(
            book.root().to_owned(),
            md.config.clone(),
            "html".to_owned(),
        );
        serde_json::to_string(&(ctx, md.book.clone())).unwrap()
    };
    let run = run_stdin_with(book.root(), &stdin, &[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "src/brief.md:5:4: `{{#include _quote.md}}` is not expanded: mdBook's `links` preprocessor runs after mdbook-evidence"
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("add `after = [\"links\"]` to [preprocessor.evidence] in book.toml"),
        "{}",
        run.stderr
    );
    // `check` agrees with the build.
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("src/brief.md:5:4: `{{#include _quote.md}}` is not expanded"),
        "{stderr}"
    );

    // With links first, the included claim is judged.
    let book = TestBook::new(
        "as-of = \"2026-02-12\"",
        &[
            ("brief.md", "# Brief\n\n{{#include _quote.md}}\n"),
            ("_quote.md", "A quoted claim that cites nothing at all.\n"),
        ],
    );
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("error[ungrounded-claim]"), "{stderr}");
}

#[test]
fn a_bad_value_from_the_environment_is_blamed_on_its_variable() {
    let book = TestBook::new("as-of = \"2026-02-12\"", &[("brief.md", "# Brief\n")]);
    let (code, stderr) = check(&book, &[("MDBOOK_PREPROCESSOR__EVIDENCE__MODE", "loud")]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "environment variable MDBOOK_PREPROCESSOR__EVIDENCE__MODE (which overrides `preprocessor.evidence.mode` of book.toml): unknown variant `loud`"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("book.toml: `preprocessor"), "{stderr}");
    // The same mistake in book.toml is blamed on book.toml.
    let book = TestBook::new(
        "as-of = \"2026-02-12\"\nmode = \"loud\"",
        &[("brief.md", "# Brief\n")],
    );
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("book.toml: `preprocessor.evidence.mode`"),
        "{stderr}"
    );
}

#[test]
fn a_trailing_comma_in_the_store_is_named_at_the_comma() {
    let store = common::STORE.replace(
        "\"fetched_at\": \"2026-02-11T02:15:00Z\"}",
        "\"fetched_at\": \"2026-02-11T02:15:00Z\",}",
    );
    let book = TestBook::with_store("", &store, &[("brief.md", "# Brief\n")]);
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("evidence/store.json:13:42: malformed JSON in evidence store: trailing comma after the last field of an object: JSON allows none before `}`; remove this `,`"),
        "{stderr}"
    );
    let store = common::STORE.replace("\"ev_zh\"]\n  }", "\"ev_zh\"],\n  }");
    let book = TestBook::with_store("", &store, &[("brief.md", "# Brief\n")]);
    let (_, stderr) = check(&book, &[]);
    assert!(
        stderr.contains("trailing comma after the last field of an object"),
        "{stderr}"
    );
}

#[test]
fn a_mistyped_evidence_id_or_chapter_key_names_the_nearest() {
    let book = TestBook::new(
        "as-of = \"2026-02-12\"",
        &[(
            "brief.md",
            "# Brief\n\nThe Fed held rates steady this week [EVID:ev_fmoc].\n\nMarkets shrugged at the decision today [EVID:ev_hallucinated].\n",
        )],
    );
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("evidence `ev_fmoc` is not in the evidence store; the store has `ev_fomc` (a similar id: check that it is the evidence meant before citing it)"),
        "{stderr}"
    );
    // No suggestion for an id that is near nothing.
    assert!(
        stderr.contains(
            "error[unknown-evidence]: evidence `ev_hallucinated` is not in the evidence store\n"
        ),
        "{stderr}"
    );
    // The store's `chapters` key for a chapter the book calls otherwise.
    let store = common::STORE.replace("\"brief.md\":", "\"breif.md\":");
    let book = TestBook::with_store(
        "as-of = \"2026-02-12\"",
        &store,
        &[("brief.md", "# Brief\n")],
    );
    let (_, stderr) = check(&book, &[]);
    assert!(
        stderr.contains("the store lists citations for chapter `breif.md`, which is not in the book (did you mean `brief.md`?)"),
        "{stderr}"
    );
}
