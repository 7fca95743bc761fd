//! What an import leaves for linters and people: the record at the end of
//! the chapter wrapped to lines of at most 80 characters (markdownlint's
//! MD013) and the chapter ending with one newline (MD047), by `--chapter`,
//! `--book` and a re-import, over a record of the earlier one-line form
//! too; and closing notes that read right for one page and for several,
//! with the suggested `--sources` file printed as the file would be.

use crate::common::import::{run_import, write_json};
use crate::common::{TestBook, run_stdin};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The answer: CJK, a combining accent, no-break and ideographic spaces,
/// full-width digits, an RTL mark and an emoji.
const SENTENCES: [&str; 2] = [
    "東京の物価は２０２５年に4.4%上昇した。",
    " Cafe\u{301} prices in Paris held at 3\u{a0}€\u{3000}📈, \u{200f}said the office.",
];

/// An OpenAI Responses answer whose sentences cite `urls` (one each, by
/// address alone: no title, no date, no passage), written as `name`.
fn response(dir: &Path, name: &str, urls: &[&str]) -> PathBuf {
    let text: String = SENTENCES[..urls.len()].concat();
    let mut at = 0;
    let annotations: Vec<Value> = urls
        .iter()
        .zip(SENTENCES)
        .map(|(url, sentence)| {
            let start = at;
            at += sentence.chars().count();
            json!({"type": "url_citation", "start_index": start, "end_index": at, "url": url})
        })
        .collect();
    write_json(
        dir,
        name,
        &json!({
            "id": "resp_1", "object": "response", "created_at": 1_752_067_645,
            "status": "completed", "model": "gpt-4.1-2025-04-14",
            "output": [{"type": "message", "role": "assistant", "status": "completed",
                "content": [{"type": "output_text", "text": text, "annotations": annotations}]}],
        }),
    )
}

/// Runs `import RESPONSE ARGS` in `dir`: exit status and stderr.
fn import(dir: &Path, response: &Path, args: &[&str]) -> (i32, String) {
    run_import(
        dir,
        std::iter::once(response.as_os_str().to_owned()).chain(args.iter().map(Into::into)),
    )
}

/// Checks what MD013 and MD047 check of an imported chapter: its record's
/// lines hold at most 80 characters, and it ends with one newline.
fn assert_lint_clean(chapter: &str) {
    let start = chapter
        .rfind("\n<!-- mdbook-evidence import of ")
        .expect("a record");
    let record = &chapter[start + 1..];
    assert!(record.lines().count() >= 6, "{record}");
    for line in record.lines() {
        assert!(line.chars().count() <= 80, "{} chars: {line}", line.len());
    }
    assert!(
        chapter.ends_with(" -->\n") && !chapter.ends_with("\n\n"),
        "{chapter:?}"
    );
}

/// The record of `chapter` as earlier versions wrote it, on one line.
fn one_line_form(chapter: &str) -> String {
    let start = chapter.rfind("\n<!-- mdbook-evidence import of ").unwrap() + 1;
    let words: Vec<&str> = chapter[start..].split_whitespace().collect();
    format!("{}{}\n", &chapter[..start], words.join(" "))
}

#[test]
fn the_record_is_wrapped_and_the_chapter_ends_with_one_newline() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let answer = response(dir, "q1.json", &["https://例え.jp/物価"]);
    let args = ["--chapter", "q1.md", "--store", "q1.evidence.json"];
    let (code, stderr) = import(dir, &answer, &args);
    assert_eq!(code, 0, "{stderr}");
    let first = std::fs::read_to_string(dir.join("q1.md")).unwrap();
    assert_lint_clean(&first);
    assert!(
        first.ends_with(
            "\ndrafted by gpt-4.1-2025-04-14\n(OpenAI Responses API response)\non 2025-07-09 -->\n"
        ),
        "{first}"
    );
    // A re-import writes the same chapter.
    assert_eq!(import(dir, &answer, &args).0, 0);
    assert_eq!(std::fs::read_to_string(dir.join("q1.md")).unwrap(), first);

    // Over the one-line record of earlier versions: replaced, wrapped.
    let old = one_line_form(&first);
    assert!(old.lines().last().unwrap().len() > 200, "{old}");
    std::fs::write(dir.join("q1.md"), &old).unwrap();
    let (code, stderr) = import(dir, &answer, &args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.join("q1.md")).unwrap(), first);
    // … and an edit above a one-line record is still kept.
    let edited = old.replacen("。", "。 Ein Zusatz\u{a0}４.", 1);
    std::fs::write(dir.join("q1.md"), &edited).unwrap();
    let (code, stderr) = import(dir, &answer, &args);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("it was edited after `q1.json` was imported"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(dir.join("q1.md")).unwrap(), edited);

    // Into a book: the same, and the record never reaches the page.
    let book = TestBook::new("", &[("intro.md", "# Intro\n")]);
    let args = [
        "--book",
        book.root().to_str().unwrap(),
        "--chapter",
        "東京/q1.md",
    ];
    let (code, stderr) = import(book.root(), &answer, &args);
    assert_eq!(code, 0, "{stderr}");
    let chapter = std::fs::read_to_string(book.root().join("src/東京/q1.md")).unwrap();
    assert_lint_clean(&chapter);
    assert_eq!(import(book.root(), &answer, &args).0, 0);
    assert_eq!(
        std::fs::read_to_string(book.root().join("src/東京/q1.md")).unwrap(),
        chapter
    );
}

/// The two forms of the record are one record to a build: the same
/// findings, the same page, no hash on it.
#[test]
fn a_build_reads_the_wrapped_record_as_it_read_the_one_line_form() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let answer = response(dir, "q1.json", &["https://例え.jp/物価"]);
    let (code, stderr) = import(
        dir,
        &answer,
        &["--chapter", "q1.md", "--store", "q1.json.ev"],
    );
    assert_eq!(code, 0, "{stderr}");
    let chapter = std::fs::read_to_string(dir.join("q1.md")).unwrap();
    let store = std::fs::read_to_string(dir.join("q1.json.ev")).unwrap();
    let config = "mode = \"warn\"\n\n[preprocessor.evidence.disclosure]\nenabled = true";
    let built = |chapter: &str| {
        let book = TestBook::with_store(config, &store, &[("q1.md", chapter)]);
        let run = run_stdin(book.root(), &book.stdin("html"));
        assert_eq!(run.code, 0, "{}", run.stderr);
        book.build().expect("mdBook builds it");
        (run.stderr, book.html("q1.md"))
    };
    let (said, page) = built(&chapter);
    assert_eq!(
        built(&one_line_form(&chapter)),
        (said.clone(), page.clone())
    );
    assert!(
        !page.contains("sha256") && !page.contains("mdbook-evidence import"),
        "{page}"
    );
    assert!(
        page.contains("gpt-4.1-2025-04-14"),
        "the disclosure names the model: {page}"
    );
    // The answer's own line may be judged (its figure cites one site);
    // no finding stands on the record's lines below it.
    assert!(
        !said.contains("sha256")
            && !said
                .lines()
                .any(|l| l.contains("q1.md:") && !l.contains("q1.md:1:")),
        "the record is no claim: {said}"
    );
}

/// The lines of the note suggesting a `--sources` file: the file, parsed
/// once each value to fill in is given one.
fn suggested_sources(stderr: &str) -> Value {
    let start = stderr
        .find("note: a --sources file that completes what the response leaves out (fill in each …):\n")
        .expect("the note");
    let body: Vec<&str> = stderr[start..]
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect();
    let filled = body
        .join("\n")
        .replace("\"…\"", "\"2026-01-01\"")
        .replace('…', "2");
    serde_json::from_str(&filled).unwrap_or_else(|e| panic!("{e}:\n{filled}"))
}

#[test]
fn one_page_is_spoken_of_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let answer = response(dir.path(), "q1.json", &["https://例え.jp/物価"]);
    let (code, stderr) = import(
        dir.path(),
        &answer,
        &["--chapter", "q1.md", "--store", "q1.json.ev"],
    );
    assert_eq!(code, 0, "{stderr}");
    for said in [
        "note: 1 cited page has no title in the response: its References entry shows the address; give it a title with --title-for URL TITLE",
        "note: 1 site is known only by its address (tier 3: xn--r8jz45g.jp): a figure is `numeric-claim` unless it cites a tier 1-2 source or two publishers, so this site alone does not carry one",
        "note: the imported item carries no passage (the answer cites its page by address alone), so the content rules and `verify` cannot judge the claims citing it; `mdbook-evidence fetch` reads the page and gives it its passage",
    ] {
        assert!(stderr.contains(said), "{said}\n{stderr}");
    }
    for plural in [
        "their",
        "them",
        "these",
        "1 of the 1",
        "pages have",
        "sites are",
    ] {
        assert!(!stderr.contains(plural), "{plural}:\n{stderr}");
    }
    let sources = suggested_sources(&stderr);
    assert_eq!(
        sources,
        json!({"sources": {
            "https://例え.jp/物価": {"published_at": "2026-01-01"},
            "xn--r8jz45g.jp": {"publisher": "2026-01-01", "tier": 2},
        }})
    );
}

#[test]
fn several_pages_are_spoken_of_as_several_and_the_suggestion_completes_them() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let urls = ["https://例え.jp/物価", "https://prix.example.fr/café"];
    let answer = response(dir, "q2.json", &urls);
    let args = ["--chapter", "q2.md", "--store", "q2.json.ev"];
    let (code, stderr) = import(dir, &answer, &args);
    assert_eq!(code, 0, "{stderr}");
    for said in [
        "note: 2 cited pages have no title in the response: their References entries show the address; give titles with --title-for URL TITLE",
        "note: 2 cited pages have no publication date",
        "note: 2 sites are known only by their address (tier 3: xn--r8jz45g.jp, prix.example.fr): a figure is `numeric-claim` unless it cites a tier 1-2 source or two publishers, so these alone do not carry one",
        "note: all 2 imported items carry no passage (the answer cites their pages by address alone), so the content rules and `verify` cannot judge the claims citing them; `mdbook-evidence fetch` reads the pages and gives each its passage",
    ] {
        assert!(stderr.contains(said), "{said}\n{stderr}");
    }
    // The suggestion, filled in, is a --sources file that completes them.
    let mut sources = suggested_sources(&stderr);
    // A host as the sources file names it: in ASCII (IDNA).
    for host in ["xn--r8jz45g.jp", "prix.example.fr"] {
        sources["sources"][host]["publisher"] = json!(format!("Office {host}"));
    }
    let file = write_json(dir, "sources.json", &sources);
    let mut args = args.to_vec();
    args.extend(["--sources", file.to_str().unwrap(), "--force"]);
    let (code, stderr) = import(dir, &answer, &args);
    assert_eq!(code, 0, "{stderr}");
    for gone in [
        "known only by",
        "no publication date",
        "a --sources file that",
    ] {
        assert!(!stderr.contains(gone), "{gone}:\n{stderr}");
    }
}
