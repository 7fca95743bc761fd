//! The guide (`guide/`) is an mdBook: it builds, every rule has its page
//! (which diagnostics and SARIF link to), and the examples on its pages are
//! real: each is built as a chapter of a book and must report what the page
//! says it reports.
//!
//! A page marks its examples with HTML comments (invisible to readers)
//! before a fenced block:
//!
//! - `<!-- example: store -->`: the store of the examples that follow (the
//!   rules index's store until a page gives its own);
//! - `<!-- example: config -->`: TOML lines for `[preprocessor.evidence]`
//!   (tables below it allowed) for the examples that follow on the page;
//! - `<!-- example: fails RULE -->`: a chapter (`src/brief.md`) that
//!   reports RULE and no other rule;
//! - `<!-- example: passes -->`: a chapter that reports nothing;
//! - `<!-- example: output -->`: what the example before it prints; each
//!   `error[…]` and `warning[…]` line of it must be printed as written.

use crate::common::{TestBook, binary};
use std::path::{Path, PathBuf};

fn guide_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("guide")
}

#[test]
fn the_guide_builds_and_every_rule_has_a_page() {
    let guide = guide_dir();
    let out = tempfile::tempdir().expect("temp dir");
    let mut book = mdbook_driver::MDBook::load(&guide).expect("the guide loads");
    book.config.build.build_dir = out.path().to_owned();
    book.build().expect("the guide builds");
    for rule in evidence_core::rule::Rule::ALL {
        let page = guide.join("src/rules").join(format!("{}.md", rule.id()));
        assert!(page.is_file(), "no guide page for rule `{}`", rule.id());
        let html = out.path().join("rules").join(format!("{}.html", rule.id()));
        assert!(html.is_file(), "{} not built", html.display());
        assert!(
            rule.guide_url()
                .ends_with(&format!("rules/{}.html", rule.id())),
            "{}",
            rule.guide_url()
        );
    }
}

/// One marked example of a page.
#[derive(Debug)]
enum Example {
    Store(String),
    Config(String),
    /// The rule, the other rules it may also report, the chapter.
    Fails(String, Vec<String>, String),
    /// The rules it may report, the chapter.
    Passes(Vec<String>, String),
    Output(String),
}

/// The marked examples of a page, in order.
fn examples(page: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        let Some(mark) = line
            .trim()
            .strip_prefix("<!-- example:")
            .and_then(|m| m.strip_suffix("-->"))
        else {
            continue;
        };
        let fence = lines
            .by_ref()
            .find(|l| !l.trim().is_empty())
            .expect("a fenced block after an example mark");
        assert!(fence.starts_with("```"), "{mark}: {fence}");
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let body = body.join("\n") + "\n";
        let words: Vec<&str> = mark.split_whitespace().collect();
        out.push(match words.as_slice() {
            ["store"] => Example::Store(body),
            ["config"] => Example::Config(body),
            ["fails", rule, rest @ ..] => Example::Fails((*rule).to_owned(), also(rest), body),
            ["passes", rest @ ..] => Example::Passes(also(rest), body),
            ["output"] => Example::Output(body),
            _ => panic!("unknown example mark {mark:?}"),
        });
    }
    out
}

/// The rules after `also` in an example mark.
fn also(words: &[&str]) -> Vec<String> {
    match words {
        [] => Vec::new(),
        ["also", rules @ ..] => rules.iter().map(|r| (*r).to_owned()).collect(),
        _ => panic!("unknown words in an example mark: {words:?}"),
    }
}

/// What checking a one-chapter book prints: the rules reported (from the
/// JSON report) and the human output.
fn check(store: &str, config: &str, chapter: &str) -> (Vec<String>, String) {
    let config = if config.contains("as-of") {
        config.to_owned()
    } else {
        format!("as-of = \"2026-02-12\"\n{config}")
    };
    let book = TestBook::with_store(&config, store, &[("brief.md", chapter)]);
    let run = |format: &str| {
        assert_cmd::Command::new(binary())
            .args(["check", ".", "--format", format])
            .current_dir(book.root())
            .env("NO_COLOR", "1")
            .env_remove("SOURCE_DATE_EPOCH")
            .env_remove("GITHUB_ACTIONS")
            .env_remove("CI")
            .output()
            .expect("check runs")
    };
    let json = run("json");
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&json.stdout),
            String::from_utf8_lossy(&json.stderr)
        )
    });
    let rules = report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| v["rule"].as_str().expect("rule").to_owned())
        .collect();
    let human = run("human");
    (rules, String::from_utf8_lossy(&human.stderr).into_owned())
}

#[test]
fn every_example_in_the_guide_reports_what_its_page_says() {
    let src = guide_dir().join("src");
    let index = std::fs::read_to_string(src.join("rules/index.md")).expect("rules index");
    let default_store = examples(&index)
        .into_iter()
        .find_map(|e| match e {
            Example::Store(store) => Some(store),
            _ => None,
        })
        .expect("the rules index has the examples' store");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(src.join("rules"))
        .expect("rules dir")
        .map(|e| e.expect("entry").path())
        .collect();
    pages.sort();
    pages.extend(["getting-started.md", "concepts.md"].map(|p| src.join(p)));
    let mut checked = 0;
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("page");
        let name = page.display();
        let mut store = default_store.clone();
        let mut config = String::new();
        let mut last: Option<String> = None;
        for example in examples(&text) {
            match example {
                Example::Store(s) => store = s,
                Example::Config(c) => config = c,
                Example::Fails(rule, also, chapter) => {
                    let (rules, human) = check(&store, &config, &chapter);
                    assert!(
                        rules.contains(&rule)
                            && rules.iter().all(|r| *r == rule || also.contains(r)),
                        "{name}: expected {rule} (and {also:?}), got {rules:?}\n{chapter}\n{human}"
                    );
                    last = Some(human);
                    checked += 1;
                }
                Example::Passes(also, chapter) => {
                    let (rules, human) = check(&store, &config, &chapter);
                    assert!(
                        rules.iter().all(|r| also.contains(r)),
                        "{name}: expected nothing (but {also:?}), got {rules:?}\n{chapter}\n{human}"
                    );
                    last = Some(human);
                    checked += 1;
                }
                Example::Output(output) => {
                    let printed = last.as_deref().expect("an example before its output");
                    for line in output
                        .lines()
                        .filter(|l| l.starts_with("error[") || l.starts_with("warning["))
                    {
                        assert!(
                            printed.lines().any(|p| p == line),
                            "{name}: `{line}` is not printed:\n{printed}"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} examples found");
}

/// The fenced blocks of `text` whose info string is `lang`, in order.
fn fenced<'t>(text: &'t str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line == format!("```{lang}") {
            let body: Vec<&'t str> = lines.by_ref().take_while(|l| *l != "```").collect();
            out.push(body.join("\n") + "\n");
        }
    }
    out
}

#[test]
fn the_readme_example_is_the_one_the_guide_builds_and_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let started =
        std::fs::read_to_string(guide_dir().join("src/getting-started.md")).expect("page");
    let json = |text: &str| -> serde_json::Value {
        serde_json::from_str(&fenced(text, "json")[0]).expect("a JSON store")
    };
    assert_eq!(json(&readme), json(&started), "the README's store");
    assert_eq!(
        fenced(&readme, "markdown")[0],
        fenced(&started, "markdown")[0],
        "the README's chapter"
    );
    // And the diagnostic it shows is the one the guide checks.
    let shown = |text: &str| {
        fenced(text, "text")
            .into_iter()
            .find(|b| b.starts_with("error["))
    };
    assert_eq!(shown(&readme), shown(&started));
    assert!(
        readme.contains("cargo test --locked"),
        "CI runs the README's test command"
    );
}

/// The guide's HTML pages under `dir`, by path relative to it.
fn pages(dir: &Path) -> std::collections::BTreeMap<PathBuf, String> {
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).expect("built dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let text = std::fs::read_to_string(&path).expect("page");
                out.insert(path.strip_prefix(dir).unwrap().to_owned(), text);
            }
        }
    }
    out
}

#[test]
fn mdbook_evidence_runs_on_the_guide_and_leaves_its_examples_alone() {
    let guide = guide_dir();
    let build = |with_evidence: Option<&Path>| {
        let out = tempfile::tempdir().expect("temp dir");
        let mut book = mdbook_driver::MDBook::load(&guide).expect("the guide loads");
        book.config.build.build_dir = out.path().to_owned();
        if let Some(store) = with_evidence {
            let table = serde_json::json!({
                "command": format!("'{}'", binary().display()),
                "after": ["links"],
                "store": store,
                "mode": "warn",
                // The guide states things about the tool, not reported
                // facts: nothing in it is a claim to check.
                "exclude": ["**"],
            });
            book.config
                .set("preprocessor.evidence", table)
                .expect("config");
            book = mdbook_driver::MDBook::load_with_config(&guide, book.config.clone())
                .expect("the guide loads with the preprocessor");
            book.config.build.build_dir = out.path().to_owned();
        }
        book.build().expect("the guide builds");
        pages(out.path())
    };
    let store = tempfile::tempdir().expect("temp dir");
    let store_file = store.path().join("store.json");
    std::fs::write(
        &store_file,
        "{\"schema_version\": \"evidence.v1\", \"evidence\": []}",
    )
    .expect("store");
    let plain = build(None);
    let evidence = build(Some(&store_file));
    assert_eq!(
        plain.keys().collect::<Vec<_>>(),
        evidence.keys().collect::<Vec<_>>()
    );
    for (page, html) in &plain {
        // The markers, directives and stores shown in code are left alone.
        assert!(evidence[page] == *html, "{} changed", page.display());
    }
    assert!(plain.len() > 30);
}
