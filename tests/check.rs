//! `mdbook-evidence check`: exit codes, the four formats (SARIF validated
//! against the 2.1.0 schema), inline suppressions, and GitHub annotations
//! from inside `mdbook build`.

mod common;

use assert_cmd::Command;
use common::TestBook;

const GOOD: &str = "# Brief\n\n- The Fed held rates steady this week. [EVID:ev_fomc]\n";
const BAD: &str = "# Brief\n\n- The Fed held rates steady this week.\n- Rates rose after the meeting today. [EVID:ev_nope]\n";

fn check(book: &TestBook, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(common::binary())
        .arg("check")
        .arg(book.root())
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
fn include_directives_are_expanded_before_checking() {
    let book = TestBook::new(
        "",
        &[
            ("brief.md", "# Brief\n\n{{#include _part.md}}\n"),
            ("_part.md", "- An included claim without evidence.\n"),
        ],
    );
    let (code, _, stderr) = check(&book, &[]);
    assert_eq!(code, 1);
    assert!(stderr.contains("An included claim"), "{stderr}");
}

/// Diagnostics in and after `{{#include}}`d text point at the file and line
/// a person edits, through mdBook's own expansion: whole files, line
/// ranges, anchors, nested includes.
#[test]
fn diagnostics_point_into_included_files() {
    let chapter = "# Brief\n\n{{#include parts/_a.md}}\n\n{{#include parts/_b.md:wanted}}\n\n- A claim after the includes has no evidence.\n";
    let a = "- A claim in the first include lacks evidence.\n\n{{#include _c.md:2}}\n";
    let b = "ignored line\n<!-- ANCHOR: wanted -->\n- Anchored claim cites a missing item. [EVID:ev_gone]\n<!-- ANCHOR_END: wanted -->\n";
    let c = "- not taken\n- Nested include claim without support.\n";
    let book = TestBook::new(
        "",
        &[
            ("brief.md", chapter),
            ("parts/_a.md", a),
            ("parts/_b.md", b),
            ("parts/_c.md", c),
        ],
    );
    let (code, _, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    for (at, line) in [
        ("src/parts/_a.md:1:3", "A claim in the first include"),
        ("src/parts/_c.md:2:3", "Nested include claim"),
        ("src/parts/_b.md:3:", "Anchored claim"),
        ("src/brief.md:7:3", "A claim after the includes"),
    ] {
        let shown = stderr
            .find(at)
            .unwrap_or_else(|| panic!("{at} not in {stderr}"));
        // The source line under the location is that file's line.
        assert!(
            stderr[shown..].lines().take(4).any(|l| l.contains(line)),
            "{at} shows {line}: {stderr}"
        );
    }

    // The same locations in SARIF and in `mdbook build`'s run.
    let (_, sarif, _) = check(&book, &["--format", "sarif"]);
    assert!(sarif.contains("src/parts/_c.md"), "{sarif}");
    let run = book.run("html");
    assert!(run.stderr.contains("src/parts/_a.md:1:3"), "{}", run.stderr);
    assert!(run.stderr.contains("src/brief.md:7:3"), "{}", run.stderr);
}

/// When the expansion cannot be redone (an included file changed after
/// mdBook read it), locations stay in the expanded text, under the
/// chapter's name: the check still runs.
#[test]
fn an_expansion_that_cannot_be_redone_falls_back_to_the_expanded_text() {
    let book = TestBook::new(
        "",
        &[
            (
                "brief.md",
                "# Brief\n\n{{#include _part.md}}\n\n- Trailing claim lacks evidence.\n",
            ),
            ("_part.md", "- Included claim lacks evidence.\n"),
        ],
    );
    let stdin = book.stdin("html");
    std::fs::write(book.root().join("src/_part.md"), "changed\n").unwrap();
    let run = common::run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("src/brief.md:3:3"), "{}", run.stderr);
    assert!(run.stderr.contains("src/brief.md:5:3"), "{}", run.stderr);
}

#[test]
fn json_format_is_the_validation_report() {
    let (code, stdout, _) = check(
        &TestBook::new("", &[("brief.md", BAD)]),
        &["--format", "json"],
    );
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["schema_version"], "evidence-report.v1");
    assert_eq!(json["verdict"], "failed");
    assert_eq!(json["totals"]["total_bullets"], 2);
    // ungrounded-claim for the first item, unknown-evidence for the
    // second (whose claim is not reported again).
    assert_eq!(json["violations"].as_array().unwrap().len(), 2);
}

/// The SARIF 2.1.0 schema, as shipped in the `serde-sarif` crate (a
/// dev-dependency, so cargo has fetched it).
fn sarif_schema() -> serde_json::Value {
    let metadata = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let metadata: serde_json::Value = serde_json::from_slice(&metadata.stdout).unwrap();
    let manifest = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .expect("serde-sarif in cargo metadata")["manifest_path"]
        .as_str()
        .unwrap()
        .to_owned();
    let schema = std::path::Path::new(&manifest)
        .parent()
        .unwrap()
        .join("src/schema.json");
    let mut schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    // The published schema's `run.language` pattern has a stray `]`, which
    // a strict regex engine rejects; use the pattern it means.
    for definition in ["run", "toolComponent"] {
        schema["definitions"][definition]["properties"]["language"]["pattern"] =
            "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into();
    }
    schema
}

#[test]
fn sarif_output_is_valid_sarif_2_1_0() {
    let book = TestBook::new(
        "",
        &[(
            "brief.md",
            "# Brief\n\n<!-- evidence-disable-next-line ungrounded-claim reason=\"intro\" -->\n- An exempted claim without evidence.\n- Rates rose after the meeting today. [EVID:ev_nope]\n",
        )],
    );
    let (code, stdout, stderr) = check(&book, &["--format", "sarif"]);
    assert_eq!(code, 1, "{stderr}");
    let sarif: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let validator = jsonschema::validator_for(&sarif_schema()).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{stdout}");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(results.iter().any(|r| r["ruleId"] == "unknown-evidence"));
    let suppressed = results
        .iter()
        .find(|r| r["suppressions"].is_array())
        .expect("the suppressed violation is listed");
    assert_eq!(suppressed["suppressions"][0]["justification"], "intro");
    let uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(uri.ends_with("src/brief.md"), "{uri}");
    // The typed SARIF model reads it too.
    let _: serde_sarif::sarif::Sarif = serde_json::from_str(&stdout).unwrap();
}

#[test]
fn github_format_annotates_and_writes_the_step_summary() {
    let book = TestBook::new("", &[("brief.md", BAD)]);
    let summary = book.root().join("summary.md");
    let out = Command::new(common::binary())
        .args(["check", ".", "--format", "github"])
        .current_dir(book.root())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains(
            "::error file=src/brief.md,line=3,col=3,endLine=3,endColumn=39,title=mdbook-evidence ungrounded-claim::claim cites no evidence"
        ),
        "{stdout}"
    );
    let table = std::fs::read_to_string(summary).unwrap();
    assert!(
        table.contains("| error | `unknown-evidence` | `src/brief.md:4:"),
        "{table}"
    );
}

#[test]
fn the_preprocessor_annotates_on_github_actions() {
    let book = TestBook::new("", &[("brief.md", BAD)]);
    let stdin = book.stdin("html");
    let out = Command::new(common::binary())
        .current_dir(book.root())
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_WORKSPACE", book.root())
        .write_stdin(stdin)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("::error file=src/brief.md,line=3"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
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
