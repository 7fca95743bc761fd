//! `check`'s formats: JSON, SARIF (validated against the 2.1.0 schema),
//! GitHub annotations and step summary (from `check` and from the
//! preprocessor inside `mdbook build`), a check that cannot run, and file
//! names relative to the current directory.

use super::*;
use crate::common::{TestBook, check_in};
use assert_cmd::Command;

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
    // The same figures under names that say what they count.
    for (claims, bullets) in [
        ("total_claims", "total_bullets"),
        ("cited_claims", "cited_bullets"),
        ("removed_claims", "removed_bullets"),
    ] {
        assert_eq!(json["totals"][claims], json["totals"][bullets], "{claims}");
        assert_eq!(
            json["chapters"][0][claims], json["chapters"][0][bullets],
            "{claims}"
        );
    }
    assert_eq!(json["totals"]["total_claims"], 2);
    // ungrounded-claim for the first item, unknown-evidence for the
    // second (whose claim is not reported again).
    assert_eq!(json["violations"].as_array().unwrap().len(), 2);
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
    let out = Command::new(crate::common::binary())
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
    let out = Command::new(crate::common::binary())
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

/// The book's directory as `check` is given it from its parent, and the
/// parent: `check <name>` run there names files `<name>/src/…`.
fn from_parent(book: &TestBook) -> (std::path::PathBuf, String) {
    let root = book.root();
    (
        root.parent().unwrap().to_owned(),
        root.file_name().unwrap().to_str().unwrap().to_owned(),
    )
}

/// A store, config or template that cannot be used still gives whole
/// output in every format, naming the file at fault relative to the
/// current directory: a JSON error, a SARIF log with an unsuccessful
/// invocation, an `::error` annotation; exit status 2.
#[test]
fn a_check_that_cannot_run_says_so_in_every_format() {
    let broken_store = TestBook::with_store(
        "",
        "{\n  \"schema_version\": \"evidence.v1\",\n  \"evidence\": [}\n",
        &[("brief.md", GOOD)],
    );
    let bad_key = TestBook::new("mdoe = \"warn\"\n", &[("brief.md", GOOD)]);
    let bad_template = TestBook::new("", &[("brief.md", GOOD)]);
    let templates = bad_template.root().join("theme/evidence");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(templates.join("citation.html"), "<a>{{nope}}</a>").unwrap();
    for (book, file, line) in [
        (&broken_store, "evidence/store.json", 3),
        (&bad_key, "book.toml", 8),
        (&bad_template, "theme/evidence/citation.html", 1),
    ] {
        let (parent, name) = from_parent(book);
        let shown = format!("{name}/{file}");
        let (code, stdout, stderr) = check_in(&parent, &[&name, "--format", "json"], &[]);
        assert_eq!(code, 2, "{stderr}");
        let json: serde_json::Value = serde_json::from_str(&stdout).expect(&stdout);
        assert_eq!(json["schema_version"], "evidence-error.v1");
        assert_eq!(json["validation_passed"], false);
        assert_eq!(json["error"]["file"], shown.as_str(), "{json:#}");
        assert_eq!(json["error"]["line"], line, "{json:#}");
        assert!(stderr.starts_with("error: mdbook-evidence: "), "{stderr}");
        // Named from here: in the message, or on a line of its own.
        assert!(
            stderr.contains(&format!("error: mdbook-evidence: {shown}:{line}"))
                || stderr.contains(&format!("\n  --> {shown}:{line}")),
            "{stderr}"
        );
        // Once: never also as the book names it.
        assert!(
            !stderr.contains(&format!("mdbook-evidence: {file}:{line}")),
            "{stderr}"
        );

        let (code, stdout, _) = check_in(&parent, &[&name, "--format", "sarif"], &[]);
        assert_eq!(code, 2);
        let sarif: serde_json::Value = serde_json::from_str(&stdout).expect(&stdout);
        assert_code_scanning_sarif(&sarif);
        let invocation = &sarif["runs"][0]["invocations"][0];
        assert_eq!(invocation["executionSuccessful"], false);
        let notification = &invocation["toolExecutionNotifications"][0];
        assert_eq!(notification["level"], "error");
        let physical = &notification["locations"][0]["physicalLocation"];
        assert_eq!(physical["artifactLocation"]["uri"], shown.as_str());
        assert_eq!(physical["region"]["startLine"], line);
        assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 0);

        let summary = book.root().join("summary.md");
        let summary_var = summary.to_str().unwrap();
        let (code, stdout, _) = check_in(
            &parent,
            &[&name, "--format", "github"],
            &[("GITHUB_STEP_SUMMARY", summary_var)],
        );
        assert_eq!(code, 2);
        assert!(
            stdout.starts_with(&format!("::error file={shown},line={line},")),
            "{stdout}"
        );
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        let table = std::fs::read_to_string(&summary).unwrap();
        assert!(table.contains("could not run"), "{table}");
    }
    // A directory that is no book: no file to point at, still whole output.
    let empty = tempfile::tempdir().unwrap();
    let (code, stdout, _) = check_in(empty.path(), &[".", "--format", "sarif"], &[]);
    assert_eq!(code, 2);
    let sarif: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_code_scanning_sarif(&sarif);
    let (code, stdout, _) = check_in(empty.path(), &[".", "--format", "github"], &[]);
    assert_eq!(code, 2);
    assert!(
        stdout.starts_with("::error title=mdbook-evidence::"),
        "{stdout}"
    );
}

/// Inside `mdbook build` on GitHub Actions, a store that does not load is
/// an annotation at the file, relative to the repository.
#[test]
fn the_preprocessor_annotates_a_failure_on_github_actions() {
    let book = TestBook::with_store(
        "",
        "{\"schema_version\": \"evidence.v1\", \"evidence\": 3}",
        &[("brief.md", GOOD)],
    );
    let stdin = book.stdin("html");
    let (workspace, name) = from_parent(&book);
    let out = Command::new(crate::common::binary())
        .current_dir(book.root())
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_WORKSPACE", &workspace)
        .env_remove("GITHUB_STEP_SUMMARY")
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!(
            "::error file={name}/evidence/store.json,line=1,col="
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: mdbook-evidence: evidence/store.json:1:"),
        "{stderr}"
    );
}

/// Every format names files the same way, relative to the current
/// directory; SARIF columns count UTF-16 code units.
#[test]
fn every_format_names_files_relative_to_the_current_directory() {
    let chapter = "# Brief\n\n- 📈 Rates rose sharply this week, we hear [EVID:ev_nope].\n";
    let book = TestBook::new("", &[("brief.md", chapter)]);
    let (parent, name) = from_parent(&book);
    for (dir, arg, file) in [
        (
            parent.as_path(),
            name.as_str(),
            format!("{name}/src/brief.md"),
        ),
        (book.root(), ".", "src/brief.md".to_owned()),
    ] {
        let (_, _, human) = check_in(dir, &[arg], &[]);
        assert!(human.contains(&format!("┌─ {file}:3:")), "{human}");
        let (_, json, _) = check_in(dir, &[arg, "--format", "json"], &[]);
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(json["violations"][0]["file"], file.as_str());
        let (_, github, _) = check_in(dir, &[arg, "--format", "github"], &[]);
        assert!(github.contains(&format!("file={file},line=3")), "{github}");
        let (_, sarif, _) = check_in(dir, &[arg, "--format", "sarif"], &[]);
        let sarif: serde_json::Value = serde_json::from_str(&sarif).unwrap();
        assert_code_scanning_sarif(&sarif);
        let results = sarif["runs"][0]["results"].as_array().unwrap();
        let marker = results
            .iter()
            .find(|r| r["ruleId"] == "unknown-evidence")
            .expect("the marker's result");
        let physical = &marker["locations"][0]["physicalLocation"];
        assert_eq!(physical["artifactLocation"]["uri"], file.as_str());
        // `[EVID:ev_nope]` is the 45th character of its line, and the
        // 46th UTF-16 code unit (📈 is two).
        let column = chapter.lines().nth(2).unwrap().find("[EVID").unwrap();
        let chars = chapter.lines().nth(2).unwrap()[..column].chars().count() + 1;
        let violation = json["violations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["rule"] == "unknown-evidence")
            .expect("the marker's violation");
        assert_eq!(violation["column"], chars);
        assert_eq!(physical["region"]["startColumn"], chars + 1);
        let base = sarif["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"]
            .as_str()
            .unwrap();
        let resolved = url::Url::parse(base).unwrap().join(&file).unwrap();
        assert_eq!(
            resolved.to_file_path().unwrap(),
            book.root().join("src/brief.md")
        );
    }
}
