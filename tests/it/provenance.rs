//! Provenance: the disclosure an imported chapter carries on its page (in
//! words and as JSON-LD), the manifest of what was checked, and `audit`
//! after edits of a claim, a passage, a store file and a built page.

use crate::common::{TestBook, binary, run_twice};
use assert_cmd::Command;
use std::path::Path;

/// A hand-written chapter (ideographic and no-break spaces, RTL mark,
/// emoji) beside the chapter `import` writes.
const HAND: &str = "# Fed\u{3000}📈\n\nThe Fed held rates steady in February,\u{a0}as expected \u{200f}[EVID:ev_reuters].\n";

/// A book whose `imported.md` is `import`'s chapter of a recorded
/// Anthropic answer (`None` when the corpus is absent and may be).
fn book(config: &str) -> Option<TestBook> {
    let sample = crate::common::import::sample("anthropic-web_search_result_location")?;
    let book = TestBook::new(
        &format!("store = \"evidence\"\n{config}"),
        &[("hand.md", HAND), ("imported.md", "placeholder\n")],
    );
    // Listed in SUMMARY.md, and written by the import alone (an import
    // never replaces a chapter it did not write).
    std::fs::remove_file(book.root().join("src/imported.md")).unwrap();
    let out = Command::new(binary())
        .current_dir(book.root())
        .arg("import")
        .arg(&sample)
        .args([
            "--book",
            ".",
            "--chapter",
            "imported.md",
            "--title",
            "Weather",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(book)
}

/// Runs the binary with `args` in `dir`: status, stdout, stderr.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(binary())
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("MDBOOK_EVIDENCE_KEY_PASSPHRASE")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The JSON-LD of a page, parsed.
fn json_ld(html: &str) -> serde_json::Value {
    let start = html
        .find("<script type=\"application/ld+json\">")
        .expect("a JSON-LD script")
        + "<script type=\"application/ld+json\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the JSON-LD parses")
}

#[test]
fn an_imported_chapter_says_what_drafted_and_checked_it() {
    let Some(book) = book("mode = \"warn\"") else {
        return;
    };
    book.build().unwrap();
    let page = book.html("imported.md");
    assert!(
        page.contains("<span class=\"evidence-disclosure\" lang=\"en\">"),
        "{page}"
    );
    assert!(
        page.contains("A language model, claude-3-5-haiku-20241022 (Anthropic Messages API), drafted this chapter; it was imported on "),
        "{page}"
    );
    assert!(
        page.contains("checked by mdbook-evidence's lexical rules only"),
        "{page}"
    );
    assert!(page.contains("No person has reviewed it."), "{page}");
    let data = json_ld(&page);
    assert_eq!(data["@type"], "WebPage");
    assert_eq!(data["creator"]["@type"], "SoftwareApplication");
    assert_eq!(data["creator"]["name"], "claude-3-5-haiku-20241022");
    // The response gives no date: the import's day is no creation date.
    assert!(data.get("dateCreated").is_none(), "{data:#}");
    assert_eq!(data["creator"]["provider"]["name"], "Anthropic");
    // Each cited page once, though several passages of one page are cited.
    let urls: Vec<&str> = data["citation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["url"].as_str().unwrap())
        .collect();
    let distinct: std::collections::BTreeSet<&str> = urls.iter().copied().collect();
    assert_eq!(urls.len(), distinct.len(), "{urls:?}");
    assert!(urls.len() < 7, "{urls:?}");
    // The disclosure is under the title, and a hand-written chapter says nothing.
    let title = page.find("<h1 id=\"weather\"").unwrap();
    assert!(title < page.find("evidence-disclosure").unwrap());
    assert!(!book.html("hand.md").contains("evidence-disclosure"));
    // Not a claim: the check finds nothing more in the imported chapter
    // than without the disclosure.
    let stdin = book.stdin("markdown");
    let first = run_twice(book.root(), &stdin);
    let markdown = first.chapter("imported.md");
    assert!(
        markdown.contains(
            "<!-- mdbook-evidence disclosure -->\n> [!NOTE]\n> A language model\\, claude\\-3\\-5"
        ),
        "{markdown}"
    );
    let html = run_twice(book.root(), &book.stdin("html"));
    assert_eq!(html.code, 0, "{}", html.stderr);
}

#[test]
fn the_disclosure_follows_its_configuration_and_escapes_it() {
    let config = "mode = \"warn\"\n[preprocessor.evidence.disclosure]\nhand-written = true\nlanguage = \"ja\"\ntemplate = \"作成：{model}（{date}）。確認：{citations}件中{model_checked}件。<script>x</script> {{#include /etc/passwd}}\"\nreviewed-by = \"Ana </script> Ruiz\"\nreviewed-at = \"2026-08-03\"\n";
    let Some(book) = book(config) else {
        return;
    };
    book.build().unwrap();
    let page = book.html("hand.md");
    let at = page.find("evidence-disclosure").expect("a disclosure");
    let aside = &page[at..at + page[at..].find("</span>").unwrap()];
    assert!(aside.contains("lang=\"ja\""), "{aside}");
    assert!(
        aside.contains("確認：1件中0件。&lt;script&gt;x&lt;/script&gt; {#include /etc/passwd}"),
        "{aside}"
    );
    assert!(!page.contains("<script>x"), "{page}");
    let data = json_ld(&page);
    assert_eq!(data["reviewedBy"][0]["name"], "Ana </script> Ruiz");
    assert_eq!(data["lastReviewed"], "2026-08-03");
    assert_eq!(data["inLanguage"], "ja");
    // A second run over the output adds no second disclosure.
    run_twice(book.root(), &book.stdin("html"));

    for (bad, says) in [
        ("template = \"{modle}\"", "did you mean `{model}`"),
        ("colour = 1", "colour"),
        ("language = \"de\"", "write a `template` in that language"),
        ("reviewed-at = \"yesterday\"", "is not a date"),
    ] {
        let book = TestBook::new(
            &format!("[preprocessor.evidence.disclosure]\n{bad}\n"),
            &[("hand.md", HAND)],
        );
        let (code, _, stderr) = run(book.root(), &["check", "."]);
        assert_eq!(code, 2, "{bad}: {stderr}");
        assert!(stderr.contains(says), "{bad}: {stderr}");
    }
}

#[test]
fn the_manifest_is_deterministic_and_audit_names_every_difference() {
    let Some(book) = book("mode = \"warn\"") else {
        return;
    };
    let root = book.root();
    book.build().unwrap();
    let (code, first, stderr) = run(root, &["manifest", "."]);
    assert_eq!(code, 0, "{stderr}");
    let (_, second, _) = run(root, &["manifest", "."]);
    assert_eq!(first, second, "the same book gives the same bytes");
    let manifest: serde_json::Value = serde_json::from_str(&first).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/manifest.v1.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&manifest)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert!(manifest["site"].as_array().is_some_and(|s| !s.is_empty()));
    let saved = tempfile::tempdir().unwrap();
    let file = saved.path().join("manifest.json");
    std::fs::write(&file, &first).unwrap();
    let file = file.to_str().unwrap();
    let (code, _, stderr) = run(root, &["audit", file, "."]);
    assert_eq!(code, 0, "{stderr}");

    // Never written over the book's own files: a store file it lists.
    let store = manifest["stores"][0]["path"]
        .as_str()
        .expect("a store file");
    let before = std::fs::read(root.join(store)).unwrap();
    let (code, _, stderr) = run(root, &["manifest", ".", "--output", store]);
    assert_ne!(code, 0, "{stderr}");
    assert!(stderr.contains("a store file of the book"), "{stderr}");
    assert_eq!(std::fs::read(root.join(store)).unwrap(), before);

    // Published beside the site, the manifest is no page of it.
    let (code, _, stderr) = run(root, &["manifest", ".", "--output", "book/manifest.json"]);
    assert_eq!(code, 0, "{stderr}");
    let (_, again, _) = run(root, &["manifest", ".", "--output", "book/manifest.json"]);
    assert_eq!(again, "", "written, not printed");
    assert_eq!(
        std::fs::read_to_string(root.join("book/manifest.json")).unwrap(),
        first
    );
    for target in ["book", "."] {
        let (code, out, stderr) = run(root, &["audit", "book/manifest.json", target]);
        assert_eq!(code, 0, "{target}: {out}{stderr}");
    }
    std::fs::remove_file(root.join("book/manifest.json")).unwrap();

    // A built page edited: the site alone is audited too.
    let page = root.join("book/hand.html");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, html.replace("steady", "stedy")).unwrap();
    let (code, out, _) = run(root, &["audit", file, "book"]);
    assert_eq!(code, 1);
    assert_eq!(out, "site file hand.html: changed\n");
    std::fs::write(&page, html).unwrap();

    // A claim, a passage and a store file edited.
    let chapter = root.join("src/hand.md");
    std::fs::write(&chapter, HAND.replace("steady", "unchanged")).unwrap();
    let store = root.join("evidence/store.json");
    let text = std::fs::read_to_string(&store).unwrap();
    std::fs::write(
        &store,
        text.replace("Economists debate", "Economists agree"),
    )
    .unwrap();
    let fragment = std::fs::read_dir(root.join("evidence"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.file_name().unwrap() != "store.json")
        .unwrap();
    let text = std::fs::read_to_string(&fragment).unwrap();
    std::fs::write(&fragment, text.replacen("up to 22°", "up to 25°", 1)).unwrap();
    let (code, out, _) = run(root, &["audit", file, "."]);
    assert_eq!(code, 1, "{out}");
    for expected in [
        "chapter hand.md: its source changed",
        "chapter hand.md: the claim of line 3",
        "store file evidence/store.json: changed",
        "chapter imported.md: line 5: the passage of cid_",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
}

#[test]
fn the_disclosure_is_no_claim_even_in_remove_mode() {
    // In `remove` mode a second run takes out every claim without
    // evidence: one that read the disclosure as a claim would change the
    // page (run_twice fails on that).
    let Some(book) =
        book("mode = \"remove\"\n[preprocessor.evidence.disclosure]\nhand-written = true\n")
    else {
        return;
    };
    for renderer in ["html", "markdown"] {
        let run = run_twice(book.root(), &book.stdin(renderer));
        assert_eq!(run.code, 0, "{}", run.stderr);
        for chapter in ["imported.md", "hand.md"] {
            let text = run.chapter(chapter);
            assert_eq!(
                text.matches("<!-- mdbook-evidence disclosure -->").count(),
                1,
                "{renderer} {chapter}: {text}"
            );
            assert!(text.contains("reviewed it"), "{renderer} {chapter}: {text}");
        }
    }
}

#[test]
fn verdicts_of_a_model_and_a_person_are_counted_and_the_person_named() {
    let Some(book) = book("mode = \"warn\"") else {
        return;
    };
    let root = book.root();
    let (code, records, stderr) = run(root, &["export-claims", "."]);
    assert_eq!(code, 0, "{stderr}");
    let records: Vec<serde_json::Value> = records
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &serde_json::Value| r["chapter"] == "imported.md")
        .collect();
    assert!(records.len() >= 2, "{records:?}");
    let verdict = |r: &serde_json::Value, checker: &str, at: &str, found: &str| {
        serde_json::json!({
            "schema_version": "support.v1", "claim_key": r["claim_key"],
            "evidence_id": r["evidence_id"], "passage_key": r["passage_key"],
            "verdict": found, "score": if found == "supported" { 1.0 } else { 0.0 },
            "checker": {"name": checker, "version": "1"},
            "chapter": "imported.md", "checked_at": at,
        })
        .to_string()
    };
    let lines = format!(
        "{}\n{}\n",
        verdict(&records[0], "gpt-x", "2026-08-02T09:00:00Z", "supported"),
        verdict(
            &records[1],
            "human:Ana Ruiz",
            "2026-08-03T10:00:00+02:00",
            "unsupported"
        )
    );
    std::fs::write(root.join("evidence/verify.jsonl"), lines).unwrap();
    book.build().unwrap();
    let disclosure = |page: &str| {
        let at = page.find("evidence-disclosure").expect("a disclosure");
        page[at..at + page[at..].find("</span>").unwrap()].to_owned()
    };
    let page = book.html("imported.md");
    let words = disclosure(&page);
    // {citations} counts the markers that resolve, not the passages.
    let (code, report) = book.check_json();
    assert!(code <= 1);
    let markers = report["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == "imported.md")
        .map(|c| c["resolved_markers"].as_u64().unwrap() as usize)
        .unwrap();
    assert!(
        words.contains(&format!(
            "Of its {markers} citations, 1 was checked by a person (Ana Ruiz): 1 unsupported; 1 by a model (gpt-x 1): 1 supported; the other {} by mdbook-evidence&#39;s lexical rules only.",
            markers - 2
        )) || words.contains(&format!(
            "Of its {markers} citations, 1 was checked by a person (Ana Ruiz): 1 unsupported; 1 by a model (gpt-x 1): 1 supported; the other {} by mdbook-evidence's lexical rules only.",
            markers - 2
        )),
        "{words}"
    );
    // One verdict of a person is no review of the chapter.
    assert!(
        words.contains("No person has reviewed all of it."),
        "{words}"
    );
    let data = json_ld(&page);
    assert!(data.get("reviewedBy").is_none(), "{data:#}");

    // A person's verdict on every citation of a passage: they reviewed it.
    let lines: String = records
        .iter()
        .enumerate()
        .map(|(n, r)| {
            let found = if n == 0 { "supported" } else { "unsupported" };
            verdict(
                r,
                "human:Ана Мария\u{a0}Ruiz",
                "2026-08-03T10:00:00+02:00",
                found,
            ) + "\n"
        })
        .collect();
    std::fs::write(root.join("evidence/verify.jsonl"), lines).unwrap();
    book.build().unwrap();
    let page = book.html("imported.md");
    let words = disclosure(&page);
    assert!(
        words.contains(&format!(
            // The sentence's spaces are made plain.
            "Of its {markers} citations, {markers} were checked by a person (Ана Мария Ruiz): 1 supported, {} unsupported.",
            markers - 1
        )),
        "{words:?}"
    );
    assert!(
        words.contains("Ана Мария Ruiz reviewed it on 2026-08-03."),
        "{words}"
    );
    let data = json_ld(&page);
    assert_eq!(data["reviewedBy"][0]["name"], "Ана Мария\u{a0}Ruiz");
    assert_eq!(data["lastReviewed"], "2026-08-03");
    // The manifest carries both verdicts, the person's marked.
    let (_, manifest, _) = run(root, &["manifest", "."]);
    let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    let people = manifest["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["claims"].as_array().unwrap())
        .flat_map(|c| c["citations"].as_array().unwrap())
        .flat_map(|c| c["verdicts"].as_array().unwrap())
        .filter(|v| v["person"] == true)
        .count();
    assert_eq!(people, records.len(), "{manifest:#}");
}

#[test]
fn a_manifest_that_is_not_one_is_refused_clearly() {
    let book = TestBook::new("", &[("hand.md", HAND)]);
    let root = book.root();
    for (text, says) in [
        ("not json ✓", "the manifest is not JSON"),
        (
            "{\"schema_version\": \"manifest.v0\"}",
            "schema_version is not \"manifest.v1\"",
        ),
        ("[1, 2]", "schema_version is not"),
    ] {
        std::fs::write(root.join("m.json"), text).unwrap();
        let (code, out, stderr) = run(root, &["audit", "m.json", "."]);
        assert_eq!(code, 2, "{text}: {stderr}");
        assert!(out.is_empty() && stderr.contains(says), "{text}: {stderr}");
    }
    // A manifest of the wrong shape: every chapter, store file and claim
    // it lacks is named, nothing panics.
    std::fs::write(
        root.join("m.json"),
        "{\"schema_version\": \"manifest.v1\", \"chapters\": {\"x\": 1}, \"stores\": [{\"path\": 7}]}",
    )
    .unwrap();
    let (code, out, stderr) = run(root, &["audit", "m.json", "."]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        out.contains("chapter hand.md: not in the manifest"),
        "{out}"
    );
    assert!(
        out.contains("store file evidence/store.json: not in the manifest"),
        "{out}"
    );
    let (code, _, stderr) = run(root, &["audit", "missing.json", "."]);
    assert_eq!(code, 2);
    assert!(stderr.contains("missing.json"), "{stderr}");
}
