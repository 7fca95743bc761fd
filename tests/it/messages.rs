//! Messages that fix mistakes a newcomer makes, each through the binary on
//! a real book: what is printed names the mistake, where it is, and the
//! change that fixes it.

use crate::common::{TestBook, binary, run_stdin_with};
use assert_cmd::Command;

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
    let store = crate::common::STORE.replace(
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
    let store = crate::common::STORE.replace("\"ev_zh\"]\n  }", "\"ev_zh\"],\n  }");
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
    let store = crate::common::STORE.replace("\"brief.md\":", "\"breif.md\":");
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

/// Every way the binary reads a book, with `env`: the preprocessor, `check`
/// (human and JSON) and `export-claims`; each must stop with exit status 2
/// and an error holding every one of `says`, blaming nothing in book.toml.
fn every_entry_refuses(book: &TestBook, env: &[(&str, &str)], says: &[&str]) {
    let what = format!("{env:?}");
    let run = run_stdin_with(book.root(), &book.stdin("html"), env);
    let (code, stderr) = check(book, env);
    let export = Command::new(binary())
        .args(["export-claims", "."])
        .current_dir(book.root())
        .env_remove("SOURCE_DATE_EPOCH")
        .envs(env.iter().copied())
        .output()
        .expect("export runs");
    let json = Command::new(binary())
        .args(["check", ".", "--format", "json"])
        .current_dir(book.root())
        .env_remove("SOURCE_DATE_EPOCH")
        .envs(env.iter().copied())
        .output()
        .expect("check runs");
    for (name, code, stdout, stderr) in [
        ("build", run.code, run.stdout.into_bytes(), run.stderr),
        ("check", code, Vec::new(), stderr),
        (
            "export-claims",
            export.status.code().unwrap_or(-1),
            export.stdout,
            String::from_utf8(export.stderr).unwrap(),
        ),
    ] {
        assert_eq!(code, 2, "{what} {name}: {stderr}");
        assert!(stdout.is_empty(), "{what} {name}");
        assert_eq!(stderr.lines().count(), 1, "{what} {name}: {stderr}");
        for part in says {
            assert!(stderr.contains(part), "{what} {name}: {part:?} in {stderr}");
        }
        assert!(!stderr.contains("book.toml:"), "{what} {name}: {stderr}");
    }
    assert_eq!(json.status.code(), Some(2), "{what}");
    let failure: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let message = failure["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(says[0]), "{what}: {failure}");
}

#[test]
fn a_malformed_limit_from_the_environment_is_refused_naming_it() {
    let book = TestBook::new("as-of = \"2026-02-12\"", &[("brief.md", "# Brief\n")]);
    for variable in [
        "MDBOOK_EVIDENCE_MAX_STORE_BYTES",
        "MDBOOK_EVIDENCE_MAX_BOOK_BYTES",
    ] {
        for value in [
            "-1",
            "0",
            "",
            "1e9",
            "1.5",
            "512MiB",
            "0x100",
            "４０９６",
            "١٢٣",
            "12 34",
        ] {
            every_entry_refuses(
                &book,
                &[(variable, value)],
                &[
                    &format!(
                        "environment variable {variable}: expected a whole number of bytes above 0"
                    ),
                    &format!("found {value:?}"),
                ],
            );
        }
        // A well-formed value, with spaces around it, is taken.
        let (code, stderr) = check(&book, &[(variable, " 4096000 ")]);
        assert_eq!(code, 0, "{stderr}");
    }
    // A misspelt name is not ignored.
    every_entry_refuses(
        &book,
        &[("MDBOOK_EVIDENCE_MAX_STORE_BYTE", "1000")],
        &[
            "environment variable MDBOOK_EVIDENCE_MAX_STORE_BYTE: mdbook-evidence reads no such variable (did you mean MDBOOK_EVIDENCE_MAX_STORE_BYTES?)",
        ],
    );
}

#[test]
fn a_source_date_epoch_out_of_range_is_blamed_on_the_variable() {
    let book = TestBook::new("", &[("brief.md", "# Brief\n")]);
    for value in [
        "99999999999999999",
        "-99999999999999",
        "1.5",
        "1739232000 ",
        "",
        "soon",
        "１７３９２３２０００",
    ] {
        if value == "1739232000 " {
            // Spaces around a good value are fine.
            assert_eq!(check(&book, &[("SOURCE_DATE_EPOCH", value)]).0, 0);
            continue;
        }
        every_entry_refuses(
            &book,
            &[("SOURCE_DATE_EPOCH", value)],
            &[
                "environment variable SOURCE_DATE_EPOCH: expected a whole number of seconds since 1970-01-01 UTC",
                &format!("found {value:?}"),
            ],
        );
    }
    // With `as-of` in book.toml the variable is not read.
    let book = TestBook::new("as-of = \"2026-02-12\"", &[("brief.md", "# Brief\n")]);
    assert_eq!(check(&book, &[("SOURCE_DATE_EPOCH", "soon")]).0, 0);
}

#[test]
fn a_file_where_a_directory_is_needed_is_named_and_never_to_be_removed() {
    for theme in ["book.toml", "src/SUMMARY.md", "東京.md"] {
        let book = TestBook::new("", &[("brief.md", "# Brief\n")]);
        std::fs::write(book.root().join("東京.md"), "# 東京\n").unwrap();
        let path = book.root().join("book.toml");
        let toml = format!(
            "{}\n[output.html]\ntheme = \"{theme}\"\n",
            std::fs::read_to_string(&path).unwrap()
        );
        std::fs::write(&path, &toml).unwrap();
        let out = Command::new(binary())
            .args(["install", "."])
            .current_dir(book.root())
            .output()
            .expect("install runs");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{theme}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "under the theme directory `{theme}` (`output.html.theme` in book.toml"
            )) && stderr.contains(&format!(
                "{theme} is a regular file, where a directory is needed"
            )),
            "{theme}: {stderr}"
        );
        for wrong in ["special file", "remove", "delete"] {
            assert!(!stderr.contains(wrong), "{theme}: {stderr}");
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), toml);
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_report_path_is_called_a_fifo() {
    let book = TestBook::new(
        "as-of = \"2026-02-12\"\nreport = \"東京.json\"",
        &[("brief.md", "# Brief\n")],
    );
    let fifo = book.root().join("東京.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        crate::common::skip::note("a FIFO at the report path", "no mkfifo");
        return;
    }
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "\"東京.json\" is a FIFO (named pipe), where a regular file (or nothing) is needed"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("remove"), "{stderr}");
}

#[test]
fn an_uncited_intro_is_told_how_to_mark_framing_text_and_a_figure_a_name_or_a_bullet_is_not() {
    let book = TestBook::new(
        "as-of = \"2026-02-12\"",
        &[(
            "other.md",
            "# Other\n\nThis\u{3000}section looks at what changed this week.\n\n\
             \u{200f}Here we\u{a0}summarise the week 🙂 in brief.\n\n\
             Unemployment rose to 4.4% in January.\n\n\
             Jerome Powell spoke after the meeting.\n\n\
             Markets now expect the first cut in June.\n\n\
             - Markets are expecting a rate cut soon.\n",
        )],
    );
    let (code, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    let diagnostics: Vec<&str> = stderr.split("error[ungrounded-claim]").skip(1).collect();
    assert_eq!(diagnostics.len(), 6, "{stderr}");
    let hint = "evidence-disable-next-line ungrounded-claim reason=\"framing\"";
    for intro in &diagnostics[..2] {
        assert!(intro.contains(hint), "{intro}");
        assert!(intro.contains("claims = \"bullets\""), "{intro}");
    }
    for claim in &diagnostics[2..] {
        assert!(
            !claim.contains(hint),
            "a figure, a name or a bullet is a claim: {claim}"
        );
    }
    // It is help for the author, in the terminal only: the message, which
    // the page's marks repeat to readers, is unchanged.
    assert!(
        stderr.contains("error[ungrounded-claim]: claim cites no evidence\n"),
        "{stderr}"
    );
    let (_, json, _) = crate::common::check_in(book.root(), &[".", "--format", "json"], &[]);
    assert!(!json.contains("evidence-disable-next-line"), "{json}");
    // The hint it gives works: the suppressed intro is no longer an error.
    let path = book.root().join("src/other.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let marked = format!("<!-- {hint} -->\n");
    std::fs::write(
        &path,
        text.replacen("This\u{3000}", &format!("{marked}This\u{3000}"), 1),
    )
    .unwrap();
    let (_, stderr) = check(&book, &[]);
    assert_eq!(
        stderr.matches("error[ungrounded-claim]").count(),
        5,
        "{stderr}"
    );
}

/// `explain` with part of a rule's id, or the id written loosely, names
/// the rule meant; a word several ids hold lists them.
#[test]
fn explain_names_the_rule_a_part_or_a_loose_spelling_means() {
    let explain = |rule: &str| {
        let out = Command::new(binary())
            .args(["explain", rule])
            .env("NO_COLOR", "1")
            .output()
            .expect("explain runs");
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    for (written, meant) in [
        ("ungrounded", "ungrounded-claim"),
        ("Ungrounded Claim", "ungrounded-claim"),
        ("ungrounded\u{a0}claim", "ungrounded-claim"),
        ("ｓｏｕｒｃｅ－ｇｏｎｅ", "source-gone"),
        ("ungrounded-clam", "ungrounded-claim"),
    ] {
        let (code, stderr) = explain(written);
        assert_ne!(code, Some(0), "{written}: {stderr}");
        assert!(
            stderr.contains(&format!("did you mean `{meant}`?")),
            "{written}: {stderr}"
        );
    }
    let (_, stderr) = explain("evidence");
    assert!(
        stderr.contains("rules holding `evidence`: `unknown-evidence`, ")
            && stderr.contains("`claim-not-in-evidence`"),
        "{stderr}"
    );
    let (_, stderr) = explain("\u{202e}根拠");
    assert!(!stderr.contains('\u{202e}'), "{stderr}");
    assert!(stderr.contains("mdbook-evidence explain"), "{stderr}");
}
