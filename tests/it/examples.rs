//! `book-example/` builds as the README says: the report publishes with
//! citations and References; the failing book fails with a diagnostic per
//! violation, and publishes downgraded when asked.

use mdbook_driver::MDBook;
use mdbook_driver::config::Config;
use std::path::{Path, PathBuf};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("book-example")
        .join(name)
}

/// Builds an example with the binary under test into a temporary directory,
/// with extra config `(key, value)` pairs.
fn build(
    name: &str,
    extra: &[(&str, serde_json::Value)],
) -> (tempfile::TempDir, anyhow::Result<()>) {
    let root = example(name);
    let out = tempfile::tempdir().unwrap();
    let mut config = Config::from_disk(root.join("book.toml")).unwrap();
    config
        .set(
            "preprocessor.evidence.command",
            format!("'{}'", crate::common::binary().display()),
        )
        .unwrap();
    config.set("build.build-dir", out.path()).unwrap();
    for (key, value) in extra {
        config.set(*key, value).unwrap();
    }
    let result = MDBook::load_with_config(&root, config).and_then(|md| md.build());
    (out, result)
}

#[test]
fn the_report_example_publishes_with_citations_and_tagged_references() {
    let (out, result) = build("report", &[]);
    result.expect("book-example/report builds");
    let brief = std::fs::read_to_string(out.path().join("daily-brief.html")).unwrap();
    assert!(brief.contains("class=\"evidence-cite\""));
    assert!(brief.contains(">References</a></h2>"));
    assert!(brief.contains("[Paywall]"));
    assert!(brief.contains("[Monitor-only source]"));
    let report = std::fs::read_to_string(out.path().join("market-report.html")).unwrap();
    assert!(report.contains("class=\"evidence-cite\""));
    // Full-text evidence shows the passage it quotes.
    assert!(report.contains("data-passage=\""));
    // citation.v1 records from evidence/citations.jsonl, cited by cid.
    let report = report.replace('\n', "");
    assert!(report.contains(
        r#"id="evidence-cid_9ccfd9d49daebf6db099a312a34a838d0f79d72fe797ebaf648bc6dca940a2d6""#
    ));
    assert!(
        report.contains(r#"The Wall Street Journal. "Fed officials want more inflation data before next cut". <a href="https://www.wsj.com/economy/central-banking/fed-officials-want-more-inflation-data-before-next-cut-2026-02-10">"#),
        "{report}"
    );
    let sources = std::fs::read_to_string(out.path().join("sources.html")).unwrap();
    let (items, quality) = sources
        .split_once("Citation quality by chapter")
        .expect("the quality table follows the items");
    assert_eq!(
        items.matches("<tr>").count(),
        16,
        "15 items and a header: {sources}"
    );
    // The two chapters with claims, the book, and a header.
    assert_eq!(quality.matches("<tr>").count(), 4, "{sources}");
    assert!(
        sources.contains("href=\"daily-brief.html#evidence-"),
        "{sources}"
    );
}

#[test]
fn the_failing_example_fails_and_downgrades_on_request() {
    let (_, result) = build("failing", &[]);
    assert!(result.is_err(), "book-example/failing must fail");

    let (out, result) = build(
        "failing",
        &[("preprocessor.evidence.mode", serde_json::json!("downgrade"))],
    );
    result.expect("builds downgraded");
    let html = std::fs::read_to_string(out.path().join("brief.html")).unwrap();
    assert!(html.contains("Unverified Summary"));
}

#[test]
fn the_failing_example_reports_each_kind_of_violation() {
    let dir = example("failing");
    let md = MDBook::load(&dir).unwrap();
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        dir.clone(),
        md.config.clone(),
        "html".into(),
    );
    let stdin = serde_json::to_string(&(ctx, &md.book)).unwrap();
    let run = crate::common::run_stdin(&dir, &stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    for rule in [
        "ungrounded-claim",
        "unknown-evidence",
        "deleted-evidence",
        "expired-evidence",
        "missing-field",
        "unknown-source",
        "invalid-evidence",
    ] {
        assert!(
            run.stderr.contains(&format!("error[{rule}]")),
            "{rule}: {}",
            run.stderr
        );
    }
    assert!(run.stderr.contains("src/brief.md:"));
    assert!(
        run.stderr
            .contains("(`status: invalid`, HTTP 404): \"404 Not Found\""),
        "{}",
        run.stderr
    );
}

#[test]
fn the_report_example_flags_its_conflicting_sources() {
    let (out, result) = build("report", &[]);
    result.expect("a warning does not stop the build");
    let report = std::fs::read_to_string(out.path().join("market-report.html")).unwrap();
    assert!(report.contains("Conflicting evidence:"), "{report}");
    assert!(report.contains("<code>ev_zh_deflation_0211</code>"));
}

#[test]
fn the_remove_example_publishes_with_removals_labels_and_a_report() {
    let (out, result) = build("remove", &[]);
    result.expect("book-example/remove publishes");
    let brief = std::fs::read_to_string(out.path().join("daily-brief.html")).unwrap();
    for phrase in [
        "[Insufficient evidence to support this claim]",
        "[Cite official source directly for policy claims]",
        "[Insufficient credible evidence for this claim]",
        "[HIGH CONFIDENCE]",
        "[LOW CONFIDENCE]",
    ] {
        assert!(brief.contains(phrase), "{phrase}");
    }
    assert!(!brief.contains("[99]"));
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(example("remove").join("evidence-report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(report["verdict"], "removed_claims");
    assert_eq!(report["totals"]["removed_bullets"], 3);
    assert_eq!(
        report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["removed"] == true)
            .count(),
        4
    );

    // Past `max-removed`, the chapter escalates and the build stops.
    let (_, result) = build(
        "remove",
        &[("preprocessor.evidence.max-removed", serde_json::json!(2))],
    );
    let err = format!("{:#}", result.unwrap_err());
    assert!(
        err.contains("exited unsuccessfully with exit status: 1"),
        "{err}"
    );
}

#[test]
fn the_report_example_has_the_card_assets_of_this_version_installed() {
    let root = example("report");
    let copy = tempfile::tempdir().unwrap();
    for file in [
        "book.toml",
        "theme/evidence/evidence.css",
        "theme/evidence/evidence.js",
    ] {
        let to = copy.path().join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root.join(file), to).unwrap();
    }
    std::fs::create_dir(copy.path().join("evidence")).unwrap();
    let done = mdbook_evidence::install::install(copy.path(), false).unwrap();
    assert!(
        done.changes.is_empty() && done.notes.is_empty(),
        "run `mdbook-evidence install book-example/report --force`: {:?} {:?}",
        done.changes,
        done.notes
    );
}

/// The README names what the report example prints: two warnings, each
/// for a reason it gives, and no error.
#[test]
fn the_report_example_prints_the_two_warnings_its_readme_names() {
    let (code, _, stderr) = crate::common::check_in(&example("report"), &["."], &[]);
    assert_eq!(code, 0, "{stderr}");
    let printed: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning[") || l.starts_with("error["))
        .map(|l| l.split(']').next().unwrap_or(l))
        .collect();
    assert_eq!(
        printed,
        [
            "warning[claim-partly-in-evidence",
            "warning[conflicting-evidence"
        ],
        "{stderr}"
    );
    assert!(stderr.contains("src/market-report.md:9:"), "{stderr}");
    assert!(stderr.contains("src/market-report.md:65:"), "{stderr}");
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("book-example/README.md"),
    )
    .unwrap();
    for named in [
        "`claim-partly-in-evidence` (line 9)",
        "`conflicting-evidence` (line 65)",
        "(`2 warnings`)",
    ] {
        assert!(readme.contains(named), "README.md: no {named}");
    }
    assert!(stderr.contains("mdbook-evidence: 2 warnings\n"), "{stderr}");
}
