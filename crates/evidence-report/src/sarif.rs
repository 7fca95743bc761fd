//! SARIF 2.1.0, for code scanning: every rule with its descriptions, help
//! and guide page; every result located in the file a person edits, its
//! columns counted in UTF-16 code units (`columnKind`); the invocation,
//! with the failure and the notes of the run as tool execution
//! notifications.
//!
//! Artifact URIs are relative to `%SRCROOT%`, the current directory (given
//! in `originalUriBaseIds` as an absolute `file:` URI): the path rule of
//! every output ([`PathStyle`]). A file outside that directory is named by
//! an absolute `file:` URI without a base.

use crate::{ColumnUnit, Diagnostic, Failure, Location, Note, PathStyle, Report};
use evidence_core::rule::{GUIDE_URL, Level, Rule, Severity};
use evidence_rules::RuleDocs;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::{Value, json};
use std::path::{Component, Path};

/// The URI base id of every relative artifact URI.
const SRCROOT: &str = "%SRCROOT%";

/// What is kept as is in a URI path segment: the unreserved characters.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The SARIF log of a run that judged the book.
pub(crate) fn sarif(report: &Report, paths: &PathStyle) -> Value {
    let result = |d: &Diagnostic, suppression: Option<&str>| {
        let mut out = result(report, d, paths);
        if let Some(reason) = suppression {
            out["suppressions"] = json!([{ "kind": "inSource", "justification": reason }]);
        }
        out
    };
    let results: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| result(d, None))
        .chain(report.suppressed.iter().map(|(d, r)| result(d, Some(r))))
        .collect();
    let notifications = report
        .notes
        .iter()
        .map(|note| note_notification(report, note, paths))
        .collect();
    let mut log = log(results, true, notifications, paths);
    // The book's quality metrics, as the run's properties.
    log["runs"][0]["properties"] = json!({
        "quality": crate::quality::of_chapters(&report.chapters, &report.quality_targets),
    });
    log
}

/// The SARIF log of a run that could not judge the book: no results, an
/// unsuccessful invocation, and the failure as an error notification at
/// its location.
pub(crate) fn sarif_failure(failure: &Failure, paths: &PathStyle) -> Value {
    let mut notification = json!({
        "level": "error",
        "message": { "text": failure.message },
        "descriptor": { "id": "setup" },
    });
    if let Some(location) = &failure.location {
        let mut physical = json!({ "artifactLocation": artifact(&location.file, paths) });
        if let Some(line) = location.line {
            physical["region"] = json!({ "startLine": line });
            if let Some(column) = location.column {
                physical["region"]["startColumn"] = json!(column);
            }
        }
        let mut place = json!({ "physicalLocation": physical });
        if let Some(json_path) = &location.json_path {
            place["logicalLocations"] = json!([{ "fullyQualifiedName": json_path }]);
        }
        notification["locations"] = json!([place]);
    }
    log(Vec::new(), false, vec![notification], paths)
}

/// The whole log around `results`.
fn log(
    results: Vec<Value>,
    successful: bool,
    notifications: Vec<Value>,
    paths: &PathStyle,
) -> Value {
    let base = url::Url::from_directory_path(paths.base())
        .map(|u| u.to_string())
        .unwrap_or_else(|()| "file:///".to_owned());
    let mut invocation = json!({ "executionSuccessful": successful });
    if !notifications.is_empty() {
        invocation["toolExecutionNotifications"] = Value::Array(notifications);
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "mdbook-evidence",
                "version": evidence_core::tool::TOOL_VERSION,
                "semanticVersion": evidence_core::tool::TOOL_VERSION,
                "informationUri": GUIDE_URL,
                "rules": Rule::ALL.iter().map(|r| rule(*r)).collect::<Vec<_>>(),
            }},
            "originalUriBaseIds": {
                SRCROOT: {
                    "uri": base,
                    "description": { "text": "The directory mdbook-evidence ran in: every relative path is relative to it." },
                },
            },
            "invocations": [invocation],
            "columnKind": "utf16CodeUnits",
            "results": results,
        }],
    })
}

/// A rule's reporting descriptor: its id, a one-line and a full
/// description, its help (text, and markdown linking its guide page), the
/// page's URI and its default level.
fn rule(rule: Rule) -> Value {
    let description = rule.description();
    let page = Rule::guide_url(rule);
    json!({
        "id": rule.id(),
        "name": rule.id(),
        "shortDescription": { "text": first_sentence(&description) },
        "fullDescription": { "text": description },
        "help": {
            "text": format!("{}\n\nSee {page}", rule.help()),
            "markdown": format!("{}\n\nSee [`{}` in the guide]({page}).", rule.help(), rule.id()),
        },
        "helpUri": page,
        "defaultConfiguration": {
            "level": match rule.default_level() {
                Level::Error => "error",
                Level::Warn => "warning",
                Level::Off => "none",
            },
            "enabled": rule.default_level() != Level::Off,
        },
    })
}

/// The first sentence of `text` (up to a full stop followed by a space).
fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(at) => &text[..=at],
        None => text,
    }
}

/// One result: the diagnostic at its place, with the chapter that
/// included its file as a related location.
fn result(report: &Report, d: &Diagnostic, paths: &PathStyle) -> Value {
    let place = report.place(d, paths, ColumnUnit::Utf16);
    let mut physical = json!({ "artifactLocation": artifact(&place.path, paths) });
    if let (Some((line, column)), Some((end_line, end_column))) = (place.start, place.end) {
        physical["region"] = json!({
            "startLine": line, "startColumn": column,
            "endLine": end_line, "endColumn": end_column,
        });
    }
    let mut location = json!({ "physicalLocation": physical });
    if let Location::Store(origin) = &d.location {
        location["logicalLocations"] = json!([{ "fullyQualifiedName": origin.json_path }]);
    }
    let mut message = d.message.clone();
    let mut related = Vec::new();
    if let Some(inclusion) = d.included_by {
        let chapter = &report.files[inclusion.file];
        message.push_str(&format!(
            " (in a file included by {}:{})",
            paths.show(Path::new(&chapter.name)),
            inclusion.line
        ));
        related.push(json!({
            "id": 1,
            "message": { "text": "the chapter's {{#include}} directive" },
            "physicalLocation": {
                "artifactLocation": artifact(Path::new(&chapter.name), paths),
                "region": { "startLine": inclusion.line },
            },
        }));
    }
    let mut out = json!({
        "ruleId": d.rule.id(),
        "ruleIndex": Rule::ALL.iter().position(|r| *r == d.rule).unwrap_or(0),
        "level": level(d.severity),
        "message": { "text": message },
        "locations": [location],
        "partialFingerprints": { "mdbookEvidence/v1": report.fingerprint(d) },
    });
    if !related.is_empty() {
        out["relatedLocations"] = Value::Array(related);
    }
    out
}

/// A note about a file, as a notification of the invocation.
fn note_notification(report: &Report, note: &Note, paths: &PathStyle) -> Value {
    json!({
        "level": "note",
        "message": { "text": note.message },
        "locations": [{ "physicalLocation": {
            "artifactLocation": artifact(Path::new(&report.files[note.file].name), paths),
        }}],
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The artifact location of `path` (relative to the book's root, or
/// absolute): a relative URI against `%SRCROOT%` when the file is inside
/// the current directory, else an absolute `file:` URI.
fn artifact(path: &Path, paths: &PathStyle) -> Value {
    match paths.relative(path) {
        Some(relative) => json!({ "uri": relative_uri(&relative), "uriBaseId": SRCROOT }),
        None => {
            let uri = url::Url::from_file_path(paths.absolute(path))
                .map(|u| u.to_string())
                .unwrap_or_else(|()| relative_uri(path));
            json!({ "uri": uri })
        }
    }
}

/// A relative path as a relative URI reference: its components
/// percent-encoded (spaces, `#`, `%`, non-ASCII), joined with `/`.
fn relative_uri(path: &Path) -> String {
    path.components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            Component::ParentDir => Some("..".to_owned()),
            _ => None,
        })
        .map(|part| utf8_percent_encode(&part, SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_uris_are_percent_encoded_segments() {
        assert_eq!(
            relative_uri(Path::new("docs/src/東京 #1%.md")),
            "docs/src/%E6%9D%B1%E4%BA%AC%20%231%25.md"
        );
        assert_eq!(relative_uri(Path::new("../a/b.md")), "../a/b.md");
    }

    #[test]
    fn every_rule_has_descriptions_help_and_a_page() {
        for r in Rule::ALL {
            let d = rule(*r);
            let short = d["shortDescription"]["text"].as_str().unwrap();
            assert!(!short.is_empty() && !short.contains('\n'), "{short}");
            assert!(d["fullDescription"]["text"].as_str().unwrap().len() >= short.len());
            assert!(d["helpUri"].as_str().unwrap().starts_with("https://"));
            assert!(d["help"]["text"].as_str().unwrap().contains(r.help()));
        }
        assert_eq!(first_sentence("One. Two."), "One.");
        assert_eq!(first_sentence("Only one."), "Only one.");
    }
}
