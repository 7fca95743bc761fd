//! `import` as an attacker who controls a model's answer tries it: every
//! directive form mdBook's `links` preprocessor expands, in every place of a
//! chapter, and every string the checker reads as a marker, imported
//! through the real binary and published by a real mdBook build. The page
//! must show the text as written, include no file, keep its title, and
//! cite exactly what the API cited.

use crate::common::import_fuzz;

use crate::common::import::{Imported, fixture, import, main_html};
use crate::common::{TestBook, run_stdin};
use std::path::{Path, PathBuf};

/// What a file outside the book's source holds: never on a page.
const SECRET: &str = "TOP-SECRET-CONTENT";

/// The Anthropic response of the import tests with `text` as a first,
/// uncited text block; its four citations stay.
fn anthropic_with(dir: &Path, text: &str) -> Imported {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anthropic");
    let mut response: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join("text-citations.json")).unwrap(),
    )
    .unwrap();
    response["content"]
        .as_array_mut()
        .unwrap()
        .insert(0, serde_json::json!({"type": "text", "text": text}));
    let path = dir.join("hostile.json");
    std::fs::write(&path, serde_json::to_string(&response).unwrap()).unwrap();
    let documents = fixtures.join("documents.json");
    import(
        dir,
        &[
            "anthropic".as_ref(),
            path.as_os_str(),
            "--documents".as_ref(),
            documents.as_os_str(),
        ],
    )
}

/// The Perplexity fixture (its own `[N]` markers are its citations: 3 of
/// them) with `text` after its answer.
fn perplexity_with(dir: &Path, text: &str) -> Imported {
    let mut response: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixture("perplexity-search-results.json")).unwrap(),
    )
    .unwrap();
    let content = &mut response["choices"][0]["message"]["content"];
    *content = format!("{}\n\n{text}", content.as_str().unwrap()).into();
    let path: PathBuf = dir.join("hostile.json");
    std::fs::write(&path, serde_json::to_string(&response).unwrap()).unwrap();
    import(dir, &["perplexity".as_ref(), path.as_os_str()])
}

/// A book of the imported chapter (warn mode: nothing is held back, so
/// whatever the answer smuggled would be published), with the secret
/// beside the book's source, built by mdBook with `links` first.
fn publish(done: &Imported) -> TestBook {
    let book = TestBook::with_store(
        "mode = \"warn\"",
        done.store.as_deref().expect("a store"),
        &[("answer.md", done.chapter())],
    );
    std::fs::write(book.root().join("secret.txt"), SECRET).unwrap();
    std::fs::write(book.root().join("src/secret.txt"), SECRET).unwrap();
    let run = run_stdin(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    book.build().expect("the imported book builds");
    book
}

/// Text with white space collapsed and word joiners gone: what a reader
/// sees, for comparing an answer with its page.
fn seen(text: &str) -> String {
    text.replace('\u{2060}', "")
        .split(char::is_whitespace)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every form mdBook's pattern `\{\{\s*\#([a-zA-Z0-9_]+)\s+([^}]+)\}\}`
/// expands, for every directive it knows, with mdBook's escape defeated by
/// a line break or a space.
fn directive_forms() -> Vec<String> {
    let mut forms = Vec::new();
    for name in ["include", "rustdoc_include", "playground", "playpen"] {
        for (open, gap) in [
            ("{{#", " "),
            ("{{ #", " "),
            ("{{  #", "\t"),
            ("{{\n#", "\n"),
            ("{{\u{3000}#", "\u{a0}"),
            ("{{\u{2028}#", " "),
            ("{{{#", " "),
            ("\\{{ #", " "),
        ] {
            forms.push(format!("{open}{name}{gap}../secret.txt}}}}"));
        }
        forms.push(format!("\\{{{{#{name} ../secret.txt\n}}}}"));
        forms.push(format!("{{{{#{name} secret.txt:1 }}}}"));
    }
    forms.push("{{ #title PWNED-TITLE }}".to_owned());
    forms.push("{{#title\nPWNED-TITLE}}".to_owned());
    forms
}

#[test]
fn every_directive_form_is_shown_as_written_and_never_expanded() {
    let forms = directive_forms();
    // Each form in each place a chapter has: a paragraph, a code span, a
    // fenced and an indented code block, a list, a quote, a table, a
    // heading, a link's title, raw HTML.
    let mut answer = String::new();
    for form in &forms {
        let one_line = form.replace('\n', " ");
        answer.push_str(&format!(
            "Text {form} here.\n\n`{one_line}`\n\n```\n{form}\n```\n\n    {one_line}\n\n- item {form}\n\n> quoted {form}\n\n| a |\n|---|\n| {one_line} |\n\n## Heading {one_line}\n\n[link](https://a.example/ \"{one_line}\")\n\n<div>{form}</div>\n\n"
        ));
    }
    answer.push_str("{{#evidence-index}}\n\n\\{{#evidence-index}}\n\n");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("secret.txt"), SECRET).unwrap();
    for done in [
        anthropic_with(dir.path(), &answer),
        perplexity_with(dir.path(), &answer),
    ] {
        let done = done.ok();
        let book = publish(&done);
        let html = book.html("answer.md");
        assert!(!html.contains(SECRET), "a file was included");
        assert!(!html.contains("PWNED-TITLE</title>"), "the title was set");
        assert!(!html.contains("Cited in</th>"), "an index table was made");
        let main = seen(&main_html(&book, "answer.md"));
        for form in &forms {
            // Shown as text (less the backslash a reader never sees).
            let shown = seen(form.trim_start_matches('\\'));
            assert!(main.contains(&shown), "{shown:?} not shown:\n{main}");
        }
    }
}

/// What the checker reads as a marker, written by the model: each must be
/// shown as written and cite nothing. (`[1]` itself is the citation of a
/// Perplexity or Cohere answer, whose `[N]` the API writes; of a model
/// whose citations come apart from its text it is a forgery, see
/// [`PLAIN_NUMBERS`].)
const LOOK_ALIKES: &[&str] = &[
    "[ 1 ]",
    "[1, 1]",
    "[1,1]",
    "[1, 2]",
    "[1-3]",
    "[1–2]",
    "[1;2]",
    "[ 2 ;\u{a0}3 ]",
    "[\u{3000}1\u{3000}]",
    "[1,\u{2009}2]",
    "[EVID:ev_x]",
    "[evid: ev_x ]",
    "[EVID:a, b]",
    "[EVID:]",
    "(EVID:ev_x)",
    "[3-1]",
    "[1-101]",
];

/// `[N]` as the model may write it, a forgery where the API cites apart
/// from the text.
const PLAIN_NUMBERS: &[&str] = &["[1]", "**[2]**", "[[1]]", "[1]]", "\\\\[1]", "[999999]"];

/// The look-alikes, each in a sentence of its own.
fn sentences(alikes: &[&str]) -> String {
    let mut text = String::new();
    for (i, alike) in alikes.iter().enumerate() {
        text.push_str(&format!(
            "Sentence {i} claims 東京\u{a0}4.4\u{a0}% grew {alike} today.\n\n"
        ));
    }
    // A citation an earlier run rendered, in both of its forms.
    text.push_str("Forged markdown [\\[1\\]](#evidence-cid_ecb) one.\n\n");
    text.push_str(
        "Forged HTML <a class=\"evidence-cite\" data-evidence=\"cid_ecb\" href=\"#evidence-cid_ecb\">[EVID:cid_ecb]</a> two.\n\n",
    );
    text.push_str("In a list:\n\n- item [1, 2]\n- [2, 3]: https://evil.example/\n\n");
    text
}

#[test]
fn marker_look_alikes_in_the_answer_cite_nothing() {
    let all: Vec<&str> = LOOK_ALIKES.iter().chain(PLAIN_NUMBERS).copied().collect();
    let dir = tempfile::tempdir().unwrap();
    // Anthropic: 4 citations; Perplexity: `[1][2]` of one page and `[3]`.
    for (done, cited, alikes) in [
        (anthropic_with(dir.path(), &sentences(&all)), 4, &all[..]),
        (
            perplexity_with(dir.path(), &sentences(LOOK_ALIKES)),
            2,
            LOOK_ALIKES,
        ),
    ] {
        let done = done.ok();
        let book = publish(&done);
        let main = main_html(&book, "answer.md");
        // Each API citation is one citation on the page, and nothing else is.
        assert_eq!(
            main.matches("class=\"evidence-cite\"").count(),
            cited,
            "{}\n{main}",
            done.chapter()
        );
        let shown = seen(&main);
        for alike in alikes {
            // The page shows the look-alike as written (a backslash the
            // model wrote escapes the next one).
            let alike = alike.replace("\\\\", "\\").replace("**", "");
            let alike = seen(&alike);
            assert!(shown.contains(&alike), "{alike:?} not shown:\n{shown}");
        }
    }
}

/// Every file under `dir` with its bytes, to tell that nothing changed.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// A book with something of every kind a book reads: a store file and a
/// support file, a theme template, an asset, chapters listed in SUMMARY.md
/// (one including a snippet).
fn full_book(dir: &Path) {
    let files: &[(&str, &str)] = &[
        (
            "book.toml",
            "[book]\ntitle = \"B\"\n\n[preprocessor.evidence]\nafter = [\"links\"]\nstore = \"evidence\"\nsupport = \"support.json\"\n\n[output.html]\nadditional-css = [\"custom.css\"]\n",
        ),
        (
            "evidence/keep.json",
            "{\"schema_version\":\"evidence.v1\",\"evidence\":[]}\n",
        ),
        ("support.json", "{}\n"),
        ("theme/evidence/reference.html", "<p>{{id}}</p>\n"),
        ("custom.css", "p {}\n"),
        (
            "src/SUMMARY.md",
            "# Summary\n\n- [Intro](intro.md)\n- [東京](東京.md)\n",
        ),
        ("src/intro.md", "# Intro\n\n{{#include snippet.md}}\n"),
        ("src/snippet.md", "Snippet.\n"),
        ("src/東京.md", "# 東京\n"),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// `import anthropic … --book DIR ARGS` in `dir`: exit status and stderr.
fn import_into(dir: &Path, response: &str, args: &[&str]) -> (i32, String) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anthropic");
    crate::common::import::run_import(
        dir,
        ["anthropic".into(), fixtures.join(response).into_os_string()]
            .into_iter()
            .chain(["--documents".into(), fixtures.join("documents.json").into()])
            .chain(["--book".into(), dir.as_os_str().to_owned()])
            .chain(args.iter().map(Into::into)),
    )
}

#[test]
fn an_import_into_a_book_never_writes_over_what_the_book_reads() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    full_book(dir);
    let before = snapshot(dir);
    for (args, says) in [
        (&["--chapter", "SUMMARY.md"][..], "SUMMARY.md"),
        (&["--chapter", "SUMMARY.md", "--force"], "SUMMARY.md"),
        (&["--chapter", "../evidence/keep.json"], "outside it"),
        (
            &["--chapter", "../theme/evidence/reference.html"],
            "outside it",
        ),
        (&["--chapter", "東京/../../x.md"], "outside it"),
        (&["--chapter", "/tmp/x.md"], "outside it"),
        (&["--chapter", "intro.md"], "no import wrote it"),
        (&["--chapter", "東京.md"], "no import wrote it"),
        (&["--chapter", "intro.md", "--force"], "--force or not"),
        (&["--chapter", "東京.md", "--force"], "no import wrote it"),
        (&["--chapter", "snippet.md", "--force"], "includes"),
        (&["--store", "src/SUMMARY.md"], "SUMMARY.md"),
        (&["--store", "evidence/keep.json"], "keep.json"),
        (&["--store", "evidence/keep.json", "--force"], "keep.json"),
        (&["--store", "theme/evidence/x.json", "--force"], "theme"),
        (&["--store", "custom.css", "--force"], "asset"),
        (&["--store", "support.json", "--force"], "support"),
        (&["--store", "book.toml", "--force"], "book.toml"),
        (&["--store", "src/intro.md", "--force"], "intro.md"),
    ] {
        let (code, stderr) = import_into(dir, "text-citations.json", args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(
            stderr.contains("refusing") || stderr.contains("outside it"),
            "{args:?}: {stderr}"
        );
        assert_eq!(snapshot(dir), before, "{args:?} wrote something");
    }
}

/// A hand-written chapter: typographic spaces, a right-to-left mark,
/// emoji, full-width digits.
const HAND: &str = "# Notiz\u{3000}📈\n\nVon Hand geschrieben,\u{a0}nicht importiert \u{200f}שלום — 東京 ２０２６.\n";

#[test]
fn a_chapter_no_import_wrote_is_never_replaced_force_or_not() {
    let names = [
        "東京.md",
        "章\u{3000}一.md",
        "a\u{a0}b.md",
        "\u{200f}שלום.md",
        "cafe\u{301}.md",
        "📈２０２６/注.md",
    ];
    let chapters: Vec<(&str, &str)> = names.iter().map(|name| (*name, HAND)).collect();
    let book = TestBook::new("mode = \"warn\"", &chapters);
    let root = book.root();
    // Beside them, one not listed in SUMMARY.md, and an imported chapter
    // whose record was taken out: no import wrote either, as far as can
    // be told.
    std::fs::write(root.join("src/ﾒﾓ.md"), HAND).unwrap();
    assert_eq!(
        import_into(root, "text-citations.json", &["--chapter", "取.md"]).0,
        0
    );
    let imported = std::fs::read_to_string(root.join("src/取.md")).unwrap();
    let start = imported.find("<!-- mdbook-evidence import of").unwrap();
    std::fs::write(root.join("src/取.md"), &imported[..start]).unwrap();
    let before = snapshot(root);
    for name in names.iter().chain(&["ﾒﾓ.md", "取.md"]) {
        for force in [&[][..], &["--force"]] {
            let args = [&["--chapter", *name][..], force].concat();
            let (code, stderr) = import_into(root, "text-citations.json", &args);
            assert_eq!(code, 2, "{args:?}: {stderr}");
            assert!(
                stderr.contains("no import wrote it (it holds no `mdbook-evidence import` record)")
                    && stderr.contains("--force or not")
                    && stderr.contains("delete"),
                "{args:?}: {stderr}"
            );
            assert!(!stderr.contains("pass --force"), "{args:?}: {stderr}");
            assert_eq!(snapshot(root), before, "{args:?} wrote something");
        }
    }
    // Outside a book (--chapter and --store) the same.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anthropic");
    let chapter = root.join("src").join(names[1]);
    let (code, stderr) = crate::common::import::run_import(
        root,
        [
            "anthropic".into(),
            fixtures.join("text-citations.json").into_os_string(),
            "--documents".into(),
            fixtures.join("documents.json").into(),
            "--chapter".into(),
            chapter.into(),
            "--store".into(),
            "new.json".into(),
            "--force".into(),
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--force or not"), "{stderr}");
    assert_eq!(snapshot(root), before);
    // mdBook builds the book, each page as its author wrote it.
    book.build().unwrap();
    for name in names {
        assert!(book.html(name).contains("Von Hand geschrieben"), "{name}");
    }
}

#[test]
fn a_re_import_replaces_its_own_files_and_keeps_edits_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    full_book(dir);
    let chapter = dir.join("src/answers/q1.md");
    let fragment = dir.join("evidence/answers-q1.json");
    let args = ["--chapter", "answers/q1.md"];
    let forced = ["--chapter", "answers/q1.md", "--force"];
    let (code, stderr) = import_into(dir, "text-citations.json", &args);
    assert_eq!(code, 0, "{stderr}");
    let first = std::fs::read_to_string(&chapter).unwrap();
    assert!(
        first.contains("\n<!-- mdbook-evidence import of text-citations.json:\nchapter sha256:"),
        "{first}"
    );
    // The same answer again: the same files.
    assert_eq!(import_into(dir, "text-citations.json", &args).0, 0);
    assert_eq!(std::fs::read_to_string(&chapter).unwrap(), first);

    // An edited chapter (a line inserted above the record, appended after
    // it, or both) is kept, and the refusal says which edit it found.
    let above = "edited after `text-citations.json` was imported into it (its text above the import record no longer has the hash the record holds)";
    let after = "text was added after the record of its import of `text-citations.json` (the record no longer ends the chapter)";
    let insert = |text: &str| {
        text.replacen(
            "\n\n<!-- mdbook-evidence",
            "\nMein Zusatz — 東京\u{a0}4 %.\n\n<!-- mdbook-evidence",
            1,
        )
    };
    let appended = "\u{200f}שלום 📈 ２０２６\u{3000}e\u{301}.\n";
    for (edited, says) in [
        (insert(&first), &[above][..]),
        (format!("{first}{appended}"), &[after]),
        (format!("{}\n{appended}", insert(&first)), &[above, after]),
    ] {
        std::fs::write(&chapter, &edited).unwrap();
        let (code, stderr) = import_into(dir, "text-citations.json", &args);
        assert_eq!(code, 2, "{stderr}");
        for said in says
            .iter()
            .chain(&["the edit would be lost", "pass --force"])
        {
            assert!(stderr.contains(said), "{said}: {stderr}");
        }
        assert!(!stderr.contains("no import wrote"), "{stderr}");
        if says.len() == 1 {
            let other = if says[0] == above { after } else { above };
            assert!(!stderr.contains(other), "{stderr}");
        }
        assert_eq!(std::fs::read_to_string(&chapter).unwrap(), edited);
    }
    // --force replaces the edited chapter (the last: edited above and after).
    let (code, stderr) = import_into(dir, "text-citations.json", &forced);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(&chapter).unwrap(), first);

    // Another answer into the same chapter: refused, and replaced with
    // --force, its record intact and its text unedited.
    let (code, stderr) = import_into(dir, "pdf-citations.json", &args);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("holds the import of `text-citations.json`, not of `pdf-citations.json`")
            && stderr.contains("pass --force to replace that import with this one"),
        "{stderr}"
    );
    let (code, stderr) = import_into(dir, "pdf-citations.json", &forced);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        std::fs::read_to_string(&chapter)
            .unwrap()
            .contains("import of pdf-citations.json:")
    );
    assert_eq!(import_into(dir, "text-citations.json", &forced).0, 0);
    assert_eq!(std::fs::read_to_string(&chapter).unwrap(), first);
    // A record naming its response with terminal controls: named inert.
    let hostile = first.replace(
        "import of text-citations.json:",
        "import of e\u{1b}[2J\u{202e}vil.json:",
    );
    std::fs::write(&chapter, &hostile).unwrap();
    let (code, stderr) = import_into(dir, "text-citations.json", &args);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("holds the import of `e"), "{stderr}");
    assert!(!stderr.contains(['\u{1b}', '\u{202e}']), "{stderr:?}");
    assert_eq!(import_into(dir, "text-citations.json", &forced).0, 0);
    assert_eq!(std::fs::read_to_string(&chapter).unwrap(), first);

    // An edited fragment is kept, and replaced with --force.
    let fragment_text = std::fs::read_to_string(&fragment).unwrap();
    std::fs::write(&fragment, fragment_text.replace("FOMC", "FOMC (edited)")).unwrap();
    let (code, stderr) = import_into(dir, "text-citations.json", &args);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("store fragment was edited"), "{stderr}");
    assert!(
        std::fs::read_to_string(&fragment)
            .unwrap()
            .contains("(edited)")
    );
    assert_eq!(import_into(dir, "text-citations.json", &forced).0, 0);
    assert_eq!(std::fs::read_to_string(&fragment).unwrap(), fragment_text);
}

/// The `import` fuzz target's seeds and findings (`fuzz/seeds/import/`),
/// under its invariants: each hand-written seed is an answer in one vendor
/// shape, with directives, marker look-alikes, markup and non-ASCII text,
/// cited at offsets inside, at and past its ends, and each imports.
#[test]
fn the_import_fuzz_seeds_import_under_the_fuzz_invariants() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/import");
    let mut seeds: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 24, "{} seeds", seeds.len());
    // Which of the six shapes (the first byte) imported at least once.
    let mut shapes = [false; 6];
    for seed in seeds {
        let data = std::fs::read(&seed).unwrap();
        if import_fuzz::check(&data).is_some() && data[0] != b'{' {
            shapes[usize::from(data[0] % 6)] = true;
        }
    }
    assert_eq!(shapes, [true; 6], "a shape none of whose seeds imports");
}
