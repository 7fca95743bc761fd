//! `mdbook-evidence check`: exit codes, the four formats (SARIF validated
//! against the 2.1.0 schema), inline suppressions, and GitHub annotations
//! from inside `mdbook build`.

use crate::common::TestBook;
use assert_cmd::Command;

mod exits;
mod formats;
mod includes;

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
