//! `check`'s exit codes and what it does: clean, violations and broken
//! setup, suppressions, `--deny-removals`, a closed pipe, the serve hint on
//! CI, and what a build would do in every mode.

use super::*;
use crate::common::{TestBook, check_in};

#[test]
fn exit_codes_clean_violations_and_broken_setup() {
    let (code, _, _) = check(&TestBook::new("", &[("brief.md", GOOD)]), &[]);
    assert_eq!(code, 0);
    let (code, stdout, stderr) = check(&TestBook::new("", &[("brief.md", BAD)]), &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("error[ungrounded-claim]"), "{stderr}");
    assert!(stderr.contains("src/brief.md:3:3"), "{stderr}");
    let (code, _, stderr) = check(
        &TestBook::new("mdoe = \"warn\"\n", &[("brief.md", GOOD)]),
        &[],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown key `mdoe`"), "{stderr}");
    // `check` never writes the book's output.
    let book = TestBook::new("", &[("brief.md", GOOD)]);
    check(&book, &[]);
    assert!(!book.root().join("book").exists());
}

#[test]
fn suppressions_silence_one_rule_for_one_block_and_are_listed() {
    let text = "# Brief\n\n<!-- evidence-disable-next-line ungrounded-claim reason=\"context, not a claim\" -->\nThis paragraph states things without evidence.\n\nThis one does too, and is reported.\n";
    let book = TestBook::new("", &[("brief.md", text)]);
    let (code, stdout, _) = check(&book, &["--format", "json"]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["violations"].as_array().unwrap().len(), 1);
    assert_eq!(json["violations"][0]["line"], 6);
    let suppressed = &json["suppressed"][0];
    assert_eq!(suppressed["rule"], "ungrounded-claim");
    assert_eq!(suppressed["line"], 4);
    assert_eq!(suppressed["reason"], "context, not a claim");
    let (_, _, stderr) = check(&book, &[]);
    assert!(stderr.contains("(1 suppressed)"), "{stderr}");

    for (comment, problem) in [
        (
            "<!-- evidence-disable-next-line ungrounded-clam reason=\"x\" -->",
            "unknown rule id `ungrounded-clam`",
        ),
        (
            "<!-- evidence-disable-next-line ungrounded-claim -->",
            "no `reason=",
        ),
    ] {
        let text =
            format!("# Brief\n\n{comment}\nThis paragraph states things without evidence.\n");
        let (code, _, stderr) = check(&TestBook::new("", &[("brief.md", &text)]), &[]);
        assert_eq!(code, 1);
        assert!(stderr.contains("error[invalid-suppression]"), "{stderr}");
        assert!(stderr.contains(problem), "{stderr}");
        assert!(stderr.contains("error[ungrounded-claim]"), "{stderr}");
    }
}

/// `remove` mode publishes without the removed claims and `check` passes,
/// saying how many were removed; `--deny-removals` (or `deny-removals =
/// true`) fails it.
#[test]
fn deny_removals_fails_a_check_that_removed_claims() {
    let chapter = "# Brief\n\n- The Fed held rates steady this week. [EVID:ev_fomc]\n- Rates rose after the meeting without any source.\n";
    let book = TestBook::new("mode = \"remove\"\n", &[("brief.md", chapter)]);
    let root = book.root().to_str().unwrap();
    let (code, _, stderr) = check_in(book.root(), &[root], &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("`mdbook build` would remove 1 claim"),
        "{stderr}"
    );
    for format in ["human", "json", "sarif", "github"] {
        let (code, _, stderr) = check_in(
            book.root(),
            &[root, "--deny-removals", "--format", format],
            &[],
        );
        assert_eq!(code, 1, "{format}: {stderr}");
        assert!(stderr.contains("would remove 1 claim"), "{stderr}");
        assert!(
            stderr.contains("the check fails (deny-removals)"),
            "{stderr}"
        );
    }
    let configured = TestBook::new(
        "mode = \"remove\"\ndeny-removals = true\n",
        &[("brief.md", chapter)],
    );
    let (code, _, _) = check_in(book.root(), &[configured.root().to_str().unwrap()], &[]);
    assert_eq!(code, 1);
    // The build itself still publishes.
    assert_eq!(configured.run("html").code, 0);
}

/// A reader that goes away (`check … | head -1`) ends the check quietly,
/// with the check's own status, never 2.
#[test]
fn a_closed_pipe_ends_quietly_with_the_checks_status() {
    let bad = TestBook::new("", &[("brief.md", BAD)]);
    let good = TestBook::new("", &[("brief.md", GOOD)]);
    for (book, status) in [(&bad, 1), (&good, 0)] {
        for format in ["sarif", "json", "github", "human"] {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            let mut command = std::process::Command::new(crate::common::binary());
            command
                .args(["check", ".", "--format", format])
                .current_dir(book.root())
                .env("NO_COLOR", "1")
                .env_remove("GITHUB_STEP_SUMMARY");
            // Human output goes to stderr: close that one.
            let out = if format == "human" {
                command.stderr(writer).stdout(std::process::Stdio::null())
            } else {
                command.stdout(writer).stderr(std::process::Stdio::piped())
            }
            .output()
            .unwrap();
            assert_eq!(out.status.code(), Some(status), "{format}");
            let stderr = String::from_utf8(out.stderr).unwrap();
            assert!(!stderr.contains("Broken pipe"), "{format}: {stderr}");
            assert!(
                !stderr.contains("error: mdbook-evidence"),
                "{format}: {stderr}"
            );
        }
    }
}

#[test]
fn the_serve_hint_is_left_out_on_a_ci_runner() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", BAD)]);
    let hint = "`mdbook serve` shows the failing chapters";
    for (env, shown) in [
        (&[][..], true),
        (&[("CI", "false")][..], true),
        (&[("CI", "true")][..], false),
        (&[("GITHUB_ACTIONS", "true")][..], false),
        (&[("GITLAB_CI", "true")][..], false),
    ] {
        let (code, _, err) = check_in(book.root(), &["."], env);
        assert_eq!(code, 1, "{env:?}: {err}");
        // `check` builds nothing: it says what a build would do.
        assert!(
            err.contains("; `mdbook build` would stop (mode = \"fail\")"),
            "{err}"
        );
        assert!(!err.contains("the build stops"), "{err}");
        assert_eq!(err.contains(hint), shown, "{env:?}: {err}");
    }
}

/// `check` builds nothing: its verdict line says what `mdbook build`
/// would do, where a build says what it does; one source domain is one.
#[test]
fn check_says_what_a_build_would_do_in_every_mode() {
    let chapter = "# Überblick\n\n- The Fed held rates steady this week. [EVID:ev_fomc]\n- 市場は３％下落した — Ｍａｒｋｅｔｓ ｆｅｌｌ\u{a0}3\u{3000}percent today.\n";
    for (mode, check_says, build_says) in [
        (
            "fail",
            "; `mdbook build` would stop (mode = \"fail\")",
            "; the build stops (mode = \"fail\")",
        ),
        (
            "warn",
            "; `mdbook build` would publish the book as written (mode = \"warn\")",
            "; published as written (mode = \"warn\")",
        ),
        (
            "downgrade",
            "; `mdbook build` would publish 1 chapter under the Unverified Summary banner (mode = \"downgrade\")",
            "; 1 chapter published under the Unverified Summary banner (mode = \"downgrade\")",
        ),
        (
            "remove",
            "; `mdbook build` would remove 1 claim (mode = \"remove\")",
            "; 1 claim removed (mode = \"remove\")",
        ),
    ] {
        let book = TestBook::new(&format!("mode = \"{mode}\""), &[("c.md", chapter)]);
        let (_, _, stderr) = check_in(book.root(), &["."], &[("CI", "true")]);
        assert!(stderr.contains(check_says), "{mode}: {stderr}");
        assert!(!stderr.contains(build_says), "{mode}: {stderr}");
        assert!(stderr.contains("; 1 source domain, "), "{mode}: {stderr}");
        let run = book.run("html");
        assert!(run.stderr.contains(build_says), "{mode}: {}", run.stderr);
        assert!(!run.stderr.contains("would"), "{mode}: {}", run.stderr);
    }
}
