//! `mdbook-evidence check`: exit codes, the four formats (SARIF validated
//! against the 2.1.0 schema), inline suppressions, and GitHub annotations
//! from inside `mdbook build`.

use crate::common::{TestBook, check_in};
use assert_cmd::Command;

const GOOD: &str = "# Brief\n\n- The Fed held rates steady this week. [EVID:ev_fomc]\n";
const BAD: &str = "# Brief\n\n- The Fed held rates steady this week.\n- Rates rose after the meeting today. [EVID:ev_nope]\n";

fn check(book: &TestBook, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(crate::common::binary())
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
    let run = crate::common::run_stdin(book.root(), &stdin);
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

/// The book's directory as `check` is given it from its parent, and the
/// parent: `check <name>` run there names files `<name>/src/…`.
fn from_parent(book: &TestBook) -> (std::path::PathBuf, String) {
    let root = book.root();
    (
        root.parent().unwrap().to_owned(),
        root.file_name().unwrap().to_str().unwrap().to_owned(),
    )
}

/// Asserts `sarif` is valid SARIF 2.1.0 and has what GitHub code scanning
/// reads: a driver with rules (id, descriptions, help, https help URI,
/// default level), results whose rule is among them, with a message and a
/// location whose URI is relative to `%SRCROOT%` (declared in
/// `originalUriBaseIds`) and whose region starts at line 1 or later.
fn assert_code_scanning_sarif(sarif: &serde_json::Value) {
    let validator = jsonschema::validator_for(&sarif_schema()).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(sarif)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{sarif:#}");
    let _: serde_sarif::sarif::Sarif = serde_json::from_value(sarif.clone()).unwrap();
    let run = &sarif["runs"][0];
    assert_eq!(run["columnKind"], "utf16CodeUnits");
    let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        base.starts_with("file:///") && base.ends_with('/'),
        "{base}"
    );
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for rule in rules {
        for field in ["shortDescription", "fullDescription", "help"] {
            assert!(
                rule[field]["text"].as_str().is_some_and(|t| !t.is_empty()),
                "{rule:#}"
            );
        }
        assert!(
            rule["helpUri"].as_str().unwrap().starts_with("https://"),
            "{rule:#}"
        );
        assert!(
            rule["defaultConfiguration"]["level"].is_string(),
            "{rule:#}"
        );
    }
    for result in run["results"].as_array().unwrap() {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"], "{result:#}");
        assert!(result["message"]["text"].is_string());
        let physical = &result["locations"][0]["physicalLocation"];
        let location = &physical["artifactLocation"];
        assert_eq!(location["uriBaseId"], "%SRCROOT%", "{result:#}");
        let uri = location["uri"].as_str().unwrap();
        assert!(!uri.starts_with('/') && !uri.contains(':'), "{uri}");
        if let Some(line) = physical["region"]["startLine"].as_u64() {
            assert!(line >= 1);
        }
    }
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

/// A file included by two chapters is reported once per chapter, each
/// diagnostic naming the chapter (and line) that included it.
#[test]
fn an_included_files_diagnostics_name_the_including_chapter() {
    let book = TestBook::new(
        "",
        &[
            ("one.md", "# One\n\n{{#include _shared.md}}\n"),
            (
                "two.md",
                "# Two\n\nIntro line.\n\n{{#include _shared.md}}\n",
            ),
            (
                "_shared.md",
                "- A shared claim that cites nothing at all.\n",
            ),
        ],
    );
    let (code, _, human) = check_in(book.root(), &["."], &[]);
    assert_eq!(code, 1, "{human}");
    assert_eq!(human.matches("┌─ src/_shared.md:1:3").count(), 2, "{human}");
    assert!(human.contains("= included by src/one.md:3:1"), "{human}");
    assert!(human.contains("= included by src/two.md:5:1"), "{human}");
    let (_, json, _) = check_in(book.root(), &[".", "--format", "json"], &[]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let by: Vec<&str> = json["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["rule"] == "ungrounded-claim")
        .map(|v| v["included_by"].as_str().unwrap())
        .collect();
    assert_eq!(by, ["src/one.md:3", "src/two.md:5"]);
    let (_, github, _) = check_in(book.root(), &[".", "--format", "github"], &[]);
    assert!(
        github.contains("(in a file included by src/two.md:5)"),
        "{github}"
    );
    let (_, sarif, _) = check_in(book.root(), &[".", "--format", "sarif"], &[]);
    let sarif: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    assert_code_scanning_sarif(&sarif);
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let second = results
        .iter()
        .filter(|r| r["ruleId"] == "ungrounded-claim")
        .nth(1)
        .unwrap();
    let related = &second["relatedLocations"][0]["physicalLocation"];
    assert_eq!(related["artifactLocation"]["uri"], "src/two.md");
    assert_eq!(related["region"]["startLine"], 5);
}

/// When the expansion cannot be traced back to the files, one note per
/// chapter says that its locations are in the expanded text.
#[test]
fn an_untraceable_chapter_gets_one_note() {
    let book = TestBook::new(
        "",
        &[
            (
                "brief.md",
                "# Brief\n\n{{#include _part.md}}\n\n- Trailing claim lacks evidence.\n- Another one without any.\n",
            ),
            ("_part.md", "- Included claim lacks evidence.\n"),
        ],
    );
    let stdin = book.stdin("html");
    std::fs::write(book.root().join("src/_part.md"), "changed\n").unwrap();
    let run = crate::common::run_stdin(book.root(), &stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr
            .matches("note: src/brief.md: lines and columns")
            .count(),
        1,
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("an included file changed meanwhile"),
        "{}",
        run.stderr
    );
}

/// `{{#rustdoc_include file.rs:anchor}}` in a file with other `ANCHOR:`
/// lines (nested and sibling ones, which mdBook drops): the diagnostics
/// after the listing point at the chapter's own lines, with no note.
#[test]
fn rustdoc_include_with_foreign_anchors_maps_to_the_chapter() {
    let code = "// ANCHOR: all\nuse std::io;\n// ANCHOR: main\nfn main() {\n    // ANCHOR: inner\n    let x = 1;\n    // ANCHOR_END: inner\n}\n// ANCHOR_END: main\n// ANCHOR: other\nfn other() {}\n// ANCHOR_END: other\n// ANCHOR_END: all\n";
    let chapter = "# Brief\n\n```rust\n{{#rustdoc_include code.rs:main}}\n```\n\n- A claim after the listing has no evidence at all.\n\n```rust\n{{#rustdoc_include code.rs:other}}\n```\n\n- A second claim after the other listing lacks it too.\n";
    let book = TestBook::new("", &[("brief.md", chapter), ("code.rs", code)]);
    let (code, _, stderr) = check(&book, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("src/brief.md:7:3"), "{stderr}");
    assert!(stderr.contains("src/brief.md:13:3"), "{stderr}");
    assert!(!stderr.contains("note:"), "{stderr}");
    let run = book.run("html");
    assert!(run.stderr.contains("src/brief.md:13:3"), "{}", run.stderr);
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
