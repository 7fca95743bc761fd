//! `mdbook-evidence explain RULE` prints the rule's guide page offline (an
//! unknown id gets the nearest one), and `check --deny warnings` makes a
//! warning fail the check, in every format; `check` from inside a book
//! finds its book.toml; the binary run by hand gets its help.

use crate::common::TestBook;
use assert_cmd::Command;

fn binary(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(crate::common::binary())
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn explain_prints_the_page_of_the_guide() {
    let (code, page, _) = binary(&["explain", "invalid-suppression"]);
    assert_eq!(code, 0);
    let guide = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/guide/src/rules/invalid-suppression.md"
    ))
    .unwrap();
    assert!(page.starts_with("# invalid-suppression\n"), "{page}");
    assert!(page.contains("## How to fix it"), "{page}");
    // The page as written, the guide tests' example comments left out.
    let without: String = guide
        .lines()
        .filter(|l| !l.trim().starts_with("<!-- example:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(page, without);

    let (code, list, _) = binary(&["explain"]);
    assert_eq!(code, 0);
    assert!(list.contains("ungrounded-claim"), "{list}");
    assert!(list.contains("publisher-dominance"), "{list}");
}

#[test]
fn explain_names_the_nearest_rule_for_an_unknown_id() {
    let (code, out, err) = binary(&["explain", "ungrounded-claims"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains(
            "error: no rule is called `ungrounded-claims`; did you mean `ungrounded-claim`?"
        ),
        "{err}"
    );
    let (code, _, err) = binary(&["explain", "règle\u{202e}inconnue"]);
    assert_eq!(code, 2);
    assert!(!err.contains('\u{202e}'), "{err}");
    assert!(
        err.contains("mdbook-evidence explain` for the list"),
        "{err}"
    );
}

#[test]
fn deny_warnings_fails_a_check_whose_only_findings_are_warnings() {
    let chapter = "# Brief\n\n- La Fed a maintenu ses taux cette semaine, dit-on.\n";
    let book = TestBook::new(
        "rules = { ungrounded-claim = \"warn\" }\n",
        &[("brief.md", chapter)],
    );
    let root = book.root().to_str().unwrap();
    let (code, _, stderr) = binary(&["check", root]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("warning[ungrounded-claim]"), "{stderr}");
    for format in ["human", "json", "sarif", "github"] {
        let (code, _, stderr) = binary(&["check", root, "--deny", "warnings", "--format", format]);
        assert_eq!(code, 1, "{format}: {stderr}");
        assert!(
            stderr.ends_with("mdbook-evidence: the check fails: 1 warning and `--deny warnings`\n"),
            "{format}: {stderr}"
        );
    }
    // A clean book passes with it; a misspelt level is clap's error.
    let clean = TestBook::new(
        "",
        &[(
            "brief.md",
            "# Brief\n\n- The Fed held rates steady this week. [EVID:ev_fomc]\n",
        )],
    );
    let (code, _, stderr) = binary(&[
        "check",
        clean.root().to_str().unwrap(),
        "--deny",
        "warnings",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = binary(&["check", root, "--deny", "warning"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("warnings"), "{stderr}");
}

/// `check` run from inside the book (`src/`) finds the book.toml above it,
/// and names the files from where it runs; no book anywhere above is an
/// error that says so.
#[test]
fn check_from_inside_the_book_finds_book_toml_above() {
    let chapter = "# Brief\n\n- La Fed a maintenu ses taux cette semaine.\n";
    let book = TestBook::new("", &[("brief.md", chapter)]);
    let out = Command::new(crate::common::binary())
        .arg("check")
        .current_dir(book.root().join("src"))
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error[ungrounded-claim]"), "{stderr}");
    assert!(stderr.contains("┌─ brief.md:3:3"), "{stderr}");

    let nowhere = tempfile::tempdir().unwrap();
    let (code, _, stderr) = binary(&["check", nowhere.path().to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("nor a directory above it holds book.toml"),
        "{stderr}"
    );
}

/// Run by a person in a terminal with no command, the binary prints its
/// help (exit 2) instead of waiting for mdBook's JSON on stdin; the
/// `supports` command, which is mdBook's, is not listed. Needs `script`
/// (util-linux) for a terminal; skipped without it.
#[test]
fn no_command_in_a_terminal_prints_the_help() {
    let has = |tool: &str| {
        std::process::Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !has("script") || !has("timeout") {
        crate::common::skip::note(
            "the help in a terminal",
            "no `script` or `timeout` (util-linux, coreutils)",
        );
        return;
    }
    let binary = crate::common::binary().display().to_string();
    let out = std::process::Command::new("timeout")
        .args(["60", "script", "-qec", &format!("'{binary}'"), "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("Usage:"), "{text}");
    assert!(text.contains("explain"), "{text}");
    assert!(!text.contains("supports"), "{text}");
}
