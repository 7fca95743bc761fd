//! `mdbook-evidence install`: a commented book.toml edited in place, twice,
//! then the book built by mdBook with the card assets linked by hash.

use assert_cmd::Command;
use mdbook_driver::MDBook;

/// A book.toml as people write them: comments, odd spacing, a multi-line
/// array, a preprocessor table of our own already started.
fn commented_toml(binary: &str) -> String {
    format!(
        r#"# The report's book.
[book]
title = "Daily brief"   # shown in the sidebar
authors = ["Desk"]

# Build settings
[build]
create-missing = false

[output.html]
# our own look
additional-css = [
    "custom.css",  # fonts
]

[preprocessor.evidence]
command = "'{binary}'"   # the binary under test
store = "evidence/store.json"
"#
    )
}

fn install(dir: &std::path::Path) -> (i32, String) {
    let out = Command::new(crate::common::binary())
        .args(["install", dir.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn install_twice_keeps_comments_changes_nothing_more_and_the_book_links_hashed_assets() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let binary = crate::common::binary().display().to_string();
    let original = commented_toml(&binary);
    std::fs::write(root.join("book.toml"), &original).unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(
        root.join("src/SUMMARY.md"),
        "# Summary\n\n- [Brief](brief.md)\n",
    )
    .unwrap();
    std::fs::write(
        root.join("src/brief.md"),
        "# Brief\n\nThe committee held its target range [EVID:ev_fomc].\n",
    )
    .unwrap();
    std::fs::write(root.join("custom.css"), "body {}\n").unwrap();
    std::fs::create_dir_all(root.join("evidence")).unwrap();
    std::fs::write(root.join("evidence/store.json"), crate::common::STORE).unwrap();

    let (code, said) = install(root);
    assert_eq!(code, 0, "{said}");
    let first = std::fs::read_to_string(root.join("book.toml")).unwrap();
    assert_eq!(
        first,
        format!(
            r#"# The report's book.
[book]
title = "Daily brief"   # shown in the sidebar
authors = ["Desk"]

# Build settings
[build]
create-missing = false
extra-watch-dirs = ["evidence"]

[output.html]
# our own look
additional-css = [
    "custom.css",  # fonts
    "theme/evidence/evidence.css",
]
additional-js = ["theme/evidence/evidence.js"]

[preprocessor.evidence]
command = "'{binary}'"   # the binary under test
store = "evidence/store.json"
after = ["links"]
"#
        )
    );
    let css = std::fs::read(root.join("theme/evidence/evidence.css")).unwrap();
    let js = std::fs::read(root.join("theme/evidence/evidence.js")).unwrap();
    assert_eq!(css, mdbook_evidence::install::CSS.as_bytes());
    assert_eq!(js, mdbook_evidence::install::JS.as_bytes());

    let (code, said) = install(root);
    assert_eq!(code, 0, "{said}");
    assert_eq!(said, "mdbook-evidence is installed; nothing changed\n");
    assert_eq!(
        std::fs::read_to_string(root.join("book.toml")).unwrap(),
        first
    );
    assert_eq!(
        std::fs::read(root.join("theme/evidence/evidence.css")).unwrap(),
        css
    );

    // mdBook 0.5 hashes the assets' names (`hash-files` is on by default).
    MDBook::load(root)
        .unwrap()
        .build()
        .expect("the book builds");
    let page = std::fs::read_to_string(root.join("book/brief.html")).unwrap();
    let hashed = |ext: &str| {
        let dir = root.join("book/theme/evidence");
        let name = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .find(|n| n.starts_with("evidence-") && n.ends_with(ext))
            .unwrap_or_else(|| panic!("no hashed evidence{ext} in {}", dir.display()));
        assert_eq!(name.len(), "evidence-".len() + 8 + ext.len(), "{name}");
        name
    };
    let css_name = hashed(".css");
    let js_name = hashed(".js");
    assert!(
        page.contains(&format!(
            "<link rel=\"stylesheet\" href=\"theme/evidence/{css_name}\">"
        )),
        "{page}"
    );
    assert!(
        page.contains(&format!(
            "<script src=\"theme/evidence/{js_name}\"></script>"
        )),
        "{page}"
    );
    assert_eq!(
        std::fs::read(root.join("book/theme/evidence").join(&js_name)).unwrap(),
        js
    );
    assert!(
        page.contains("class=\"evidence-ref\" id=\"evidence-"),
        "{page}"
    );
}

#[test]
fn install_without_a_book_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let (code, said) = install(dir.path());
    assert_eq!(code, 2);
    assert!(said.contains("book.toml does not exist"), "{said}");
}

/// A `*.jsonl` store that does not exist yet names a file: install creates
/// its directory, never a directory at the file's path; and it never writes
/// through a symlinked book.toml.
#[test]
fn a_missing_jsonl_store_is_a_file_and_a_symlinked_book_toml_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("book.toml"),
        "[book]\ntitle = \"t\"\n\n[preprocessor.evidence]\nstore = \"evidence/citations.jsonl\"\n",
    )
    .unwrap();
    let (code, out) = install(dir.path());
    assert_eq!(code, 0, "{out}");
    assert!(dir.path().join("evidence").is_dir());
    assert!(
        !dir.path().join("evidence/citations.jsonl").exists(),
        "{out}"
    );

    #[cfg(unix)]
    {
        let book = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim.toml");
        std::fs::write(&victim, "[book]\ntitle = \"t\"\n").unwrap();
        std::os::unix::fs::symlink(&victim, book.path().join("book.toml")).unwrap();
        let (code, out) = install(book.path());
        assert_eq!(code, 2, "{out}");
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "[book]\ntitle = \"t\"\n"
        );
    }
}

/// `mdbook init`, `install`, `mdbook build`: the fresh book builds with
/// the empty `evidence/` directory that `install` creates; once a chapter
/// cites, the empty store fails the build (it never passes a citation).
#[test]
fn a_fresh_book_builds_right_after_install_and_an_empty_store_fails_a_citation() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    MDBook::init(root).build().expect("mdbook init");
    // The binary under test, as `command`; install leaves it as it is.
    let toml = std::fs::read_to_string(root.join("book.toml")).unwrap();
    let binary = crate::common::binary().display().to_string();
    std::fs::write(
        root.join("book.toml"),
        format!("{toml}\n[preprocessor.evidence]\ncommand = \"'{binary}'\"\n"),
    )
    .unwrap();
    let (code, said) = install(root);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("created evidence/"), "{said}");
    assert!(root.join("evidence").is_dir());
    assert_eq!(std::fs::read_dir(root.join("evidence")).unwrap().count(), 0);

    MDBook::load(root)
        .unwrap()
        .build()
        .expect("the fresh book builds after install");
    assert!(root.join("book/chapter_1.html").is_file());

    std::fs::write(
        root.join("src/chapter_1.md"),
        "# Chapitre 1\n\nLe comité a maintenu son taux directeur à 3,5 %. [EVID:ev_fomc]\n",
    )
    .unwrap();
    assert!(
        MDBook::load(root).unwrap().build().is_err(),
        "a citation against an empty store must fail the build"
    );
}

/// Every version of `templates/<name>` this repository committed, from git
/// (`None` outside a clone).
fn committed_versions(name: &str) -> Option<Vec<String>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let path = format!("templates/{name}");
    let log = std::process::Command::new("git")
        .args(["log", "--format=%H", "--", &path])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let commits = String::from_utf8(log.stdout).ok()?;
    let versions: Vec<String> = commits
        .lines()
        .filter_map(|commit| {
            let show = std::process::Command::new("git")
                .args(["show", &format!("{commit}:{path}")])
                .current_dir(root)
                .output()
                .ok()?;
            String::from_utf8(show.stdout).ok()
        })
        .collect();
    (!versions.is_empty()).then_some(versions)
}

#[test]
fn an_earlier_versions_assets_are_warned_about_and_updated_and_edited_ones_kept() {
    let Some(versions) = committed_versions("evidence.css") else {
        crate::common::skip::note(
            "installing over an earlier version's assets",
            "not a git clone, no earlier assets to install",
        );
        return;
    };
    let current = mdbook_evidence::install::CSS;
    let Some(earlier) = versions.iter().find(|v| v.as_str() != current) else {
        crate::common::skip::note(
            "installing over an earlier version's assets",
            "one version of the stylesheet in this clone",
        );
        return;
    };
    let book = crate::common::TestBook::new(
        "",
        &[(
            "c.md",
            "# 東京\n\nThe Fed held rates steady this month [EVID:ev_fomc].\n",
        )],
    );
    let (code, out) = install(book.root());
    assert_eq!(code, 0, "{out}");
    let css = book.root().join("theme/evidence/evidence.css");
    std::fs::write(&css, earlier).unwrap();
    let run = book.run("html");
    assert!(
        run.stderr.contains("mdbook-evidence: warning: theme/evidence/evidence.css is an earlier version's: run `mdbook-evidence install` to update it"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("evidence.js"), "{}", run.stderr);
    // Other renderers have no theme: no warning.
    assert!(!book.run("markdown").stderr.contains("earlier version"));

    let (code, out) = install(book.root());
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("updated theme/evidence/evidence.css from an earlier version"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&css).unwrap(), current);
    assert!(!book.run("html").stderr.contains("earlier version"));

    // Edited by the authors: no warning, and install keeps it.
    let edited = format!("{current}\n/* ours: 東京 */\n");
    std::fs::write(&css, &edited).unwrap();
    assert!(!book.run("html").stderr.contains("earlier version"));
    let (_, out) = install(book.root());
    assert!(out.contains("kept theme/evidence/evidence.css"), "{out}");
    assert_eq!(std::fs::read_to_string(&css).unwrap(), edited);
}

#[test]
fn every_committed_version_of_the_assets_is_known() {
    for (name, current) in [
        ("evidence.css", mdbook_evidence::install::CSS),
        ("evidence.js", mdbook_evidence::install::JS),
    ] {
        let Some(versions) = committed_versions(name) else {
            crate::common::skip::note("every committed asset version known", "not a git clone");
            return;
        };
        let book = tempfile::tempdir().unwrap();
        std::fs::write(book.path().join("book.toml"), "[book]\ntitle = \"T\"\n").unwrap();
        let dir = book.path().join("theme/evidence");
        std::fs::create_dir_all(&dir).unwrap();
        for version in versions.iter().filter(|v| v.as_str() != current) {
            // An earlier version unknown to the binary would be taken for an
            // edited copy: add its hash to src/assets.rs.
            std::fs::write(dir.join(name), version).unwrap();
            let (code, out) = install(book.path());
            assert_eq!(code, 0, "{out}");
            assert!(
                out.contains(&format!(
                    "updated theme/evidence/{name} from an earlier version"
                )),
                "{name}: a committed version is not in src/assets.rs's EARLIER list\n{out}"
            );
        }
    }
}
