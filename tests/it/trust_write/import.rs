//! `import`'s writes: a failed import touches nothing, the chapter and the
//! store are written together or not at all, never through symlinks, and
//! never to `book.toml` or outside the book.

use super::*;
use crate::common::{TestBook, binary};
use assert_cmd::Command;
use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/anthropic")
        .join(name)
}

/// Imports the fixture answer into `dir` as `answer.md` and `store`.
fn import(dir: &Path, response: &Path, store: &str) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .args(["import", "anthropic"])
        .arg(response)
        .arg("--documents")
        .arg(fixture("documents.json"))
        .args(["--chapter", "answer.md", "--store", store])
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_failed_import_leaves_the_chapter_and_the_store_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let chapter = dir.path().join("answer.md");
    std::fs::write(&chapter, "# My chapter\n\nKeep me.\n").unwrap();
    std::fs::write(dir.path().join("answer.json"), "{\"keep\": true}\n").unwrap();
    // The store cannot be written (a directory is in the way): nothing is.
    std::fs::create_dir(dir.path().join("taken.json")).unwrap();
    let (code, stderr) = import(dir.path(), &fixture("text-citations.json"), "taken.json");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&chapter).unwrap(),
        "# My chapter\n\nKeep me.\n"
    );
    // A bad answer: nothing is written either.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"content\": [ {\"type\": \"text\",} ]}").unwrap();
    let (code, stderr) = import(dir.path(), &bad, "answer.json");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&chapter).unwrap(),
        "# My chapter\n\nKeep me.\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("answer.json")).unwrap(),
        "{\"keep\": true}\n"
    );
    // A store path through a symlink to outside: refused, chapter kept.
    #[cfg(unix)]
    {
        let (_outside, victim) = victim();
        std::os::unix::fs::symlink(&victim, dir.path().join("linked.json")).unwrap();
        let (code, stderr) = import(dir.path(), &fixture("text-citations.json"), "linked.json");
        assert_eq!(code, 2, "{stderr}");
        assert_untouched(&victim);
        assert_eq!(
            std::fs::read_to_string(&chapter).unwrap(),
            "# My chapter\n\nKeep me.\n"
        );
    }
    // The hand-written chapter is kept even with `--force`
    // (tests/it/trust_import.rs tests the refusal); once its author deletes
    // it, a successful import writes both, whole (`--force`: no import
    // wrote the store).
    let (code, stderr) = import_args(
        dir.path(),
        &fixture("text-citations.json"),
        &[
            "--chapter",
            "answer.md",
            "--store",
            "answer.json",
            "--force",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&chapter).unwrap(),
        "# My chapter\n\nKeep me.\n"
    );
    std::fs::remove_file(&chapter).unwrap();
    let (code, stderr) = import_args(
        dir.path(),
        &fixture("text-citations.json"),
        &[
            "--chapter",
            "answer.md",
            "--store",
            "answer.json",
            "--force",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(&chapter).unwrap().contains("[1]"));
}

/// Runs `import anthropic` in `dir` with `args` after the response.
fn import_args(dir: &Path, response: &Path, args: &[&str]) -> (i32, String) {
    let output = Command::new(binary())
        .current_dir(dir)
        .args(["import", "anthropic"])
        .arg(response)
        .arg("--documents")
        .arg(fixture("documents.json"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Every file of `dir` (not below it) with its content; symlinks as
/// `-> target`.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let meta = std::fs::symlink_metadata(e.path()).unwrap();
            let content = if meta.file_type().is_symlink() {
                format!("-> {}", std::fs::read_link(e.path()).unwrap().display())
            } else if meta.is_dir() {
                "<dir>".to_owned()
            } else if meta.is_file() {
                std::fs::read_to_string(e.path()).unwrap_or_default()
            } else {
                "<special>".to_owned()
            };
            (name, content)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn an_import_writes_its_chapter_and_store_together_or_neither_whatever_is_in_the_way() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("answer.md"), "# Mine\n\nKeep me 日本.\n").unwrap();
    std::fs::write(root.join("answer.json"), "{\"keep\": true}\n").unwrap();
    let response = root.join("response.json");
    std::fs::copy(fixture("text-citations.json"), &response).unwrap();
    // A directory where the chapter goes: the store is not written either.
    std::fs::create_dir(root.join("taken.md")).unwrap();
    std::fs::create_dir(root.join("sub")).unwrap();
    let before = snapshot(root);
    let refused: &[(&[&str], &str)] = &[
        (
            &["--chapter", "taken.md", "--store", "answer.json"],
            "a directory",
        ),
        // One file named twice, however spelled: the store would replace
        // the chapter.
        (
            &["--chapter", "answer.md", "--store", "./answer.md"],
            "the same file",
        ),
        (
            &["--chapter", "answer.md", "--store", "sub/../answer.md"],
            "the same file",
        ),
        // The inputs of the import itself.
        (
            &["--chapter", "response.json", "--store", "answer.json"],
            "the response being imported",
        ),
        (
            &["--chapter", "answer.md", "--store", "./response.json"],
            "the response being imported",
        ),
    ];
    for (args, says) in refused {
        let (code, stderr) = import_args(root, &response, args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains(says),
            "{args:?}: expected {says:?} in {stderr}"
        );
        assert_eq!(snapshot(root), before, "{args:?}");
    }
    // The --documents file is an input too.
    std::fs::copy(fixture("documents.json"), root.join("documents.json")).unwrap();
    let output = Command::new(binary())
        .current_dir(root)
        .args(["import", "anthropic"])
        .arg(&response)
        .args(["--documents", "documents.json", "--chapter", "answer.md"])
        .args(["--store", "./documents.json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the --documents file"), "{stderr}");
    assert_eq!(
        std::fs::read(root.join("documents.json")).unwrap(),
        std::fs::read(fixture("documents.json")).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(root.join("answer.md")).unwrap(),
        "# Mine\n\nKeep me 日本.\n"
    );
}

#[cfg(unix)]
#[test]
fn an_import_never_writes_through_symlinks_at_its_targets_or_temporary_names() {
    let (outside, victim) = victim();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("answer.json"), "{\"keep\": true}\n").unwrap();
    // The chapter's path is a symlink to a file outside: refused, the
    // store untouched. (Outside a book, the directories named are where the
    // files go, as written: a symlinked directory there is the user's own
    // path; in a book, one leading out is refused: see the next test.)
    std::os::unix::fs::symlink(&victim, root.join("linked.md")).unwrap();
    std::fs::create_dir(root.join("dir")).unwrap();
    std::os::unix::fs::symlink(&victim, root.join("dir/linked.md")).unwrap();
    for chapter in ["linked.md", "./dir/../linked.md", "dir/linked.md"] {
        let (code, stderr) = import_args(
            root,
            &fixture("text-citations.json"),
            &["--chapter", chapter, "--store", "answer.json"],
        );
        assert_eq!(code, 2, "{chapter}: {stderr}");
        assert!(stderr.contains("a symlink"), "{chapter}: {stderr}");
        assert_untouched(&victim);
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
        assert_eq!(
            std::fs::read_to_string(root.join("answer.json")).unwrap(),
            "{\"keep\": true}\n"
        );
    }
    // Symlinks at the names a temporary file might have: never followed.
    for name in [
        "answer.md.tmp",
        ".answer.md.tmp",
        "answer.json.tmp",
        ".mdbook-evidence.tmp",
        "answer.md~",
    ] {
        std::os::unix::fs::symlink(&victim, root.join(name)).unwrap();
    }
    for _ in 0..3 {
        // `--force`: `answer.json` is a file no import wrote.
        let (code, stderr) = import_args(
            root,
            &fixture("text-citations.json"),
            &[
                "--chapter",
                "answer.md",
                "--store",
                "answer.json",
                "--force",
            ],
        );
        assert_eq!(code, 0, "{stderr}");
    }
    assert_untouched(&victim);
    assert!(
        std::fs::read_to_string(root.join("answer.md"))
            .unwrap()
            .contains("[1]")
    );
    let store = std::fs::read_to_string(root.join("answer.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&store).expect("a whole store");
}

#[test]
fn an_import_into_a_book_never_writes_its_book_toml_or_outside_it() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", CHAPTER)]);
    let root = book.root();
    let toml = std::fs::read_to_string(root.join("book.toml")).unwrap();
    let response = fixture("text-citations.json");
    let refused: &[(&[&str], &str)] = &[
        (&["--chapter", "../book.toml"], "book.toml"),
        (&["--chapter", "x/../../book.toml"], "book.toml"),
        (
            &["--chapter", "answer.md", "--store", "book.toml"],
            "book.toml",
        ),
        (
            &["--chapter", "answer.md", "--store", "src/../book.toml"],
            "book.toml",
        ),
        (
            &["--chapter", "answer.md", "--store", "./book.toml"],
            "book.toml",
        ),
        (&["--chapter", "../../answer.md"], "outside"),
        (
            &["--chapter", "answer.md", "--store", "../evidence.json"],
            "outside",
        ),
    ];
    for (args, says) in refused {
        let mut all = vec!["--book", "."];
        all.extend_from_slice(args);
        let (code, stderr) = import_args(root, &response, &all);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains(says),
            "{args:?}: expected {says:?} in {stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(root.join("book.toml")).unwrap(),
            toml
        );
        assert!(!root.join("src/answer.md").exists(), "{args:?}");
        assert!(!root.parent().unwrap().join("evidence.json").exists());
    }
    // The store's directory named as the store: a directory, refused.
    let (code, stderr) = import_args(
        root,
        &response,
        &[
            "--book",
            ".",
            "--chapter",
            "answer.md",
            "--store",
            "evidence",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a directory"), "{stderr}");
    assert!(!root.join("src/answer.md").exists());
    // A symlinked directory under src/ leading out of the book.
    #[cfg(unix)]
    {
        let (outside, victim) = victim();
        std::os::unix::fs::symlink(outside.path(), root.join("src/linked")).unwrap();
        let (code, stderr) = import_args(
            root,
            &response,
            &["--book", ".", "--chapter", "linked/answer.md"],
        );
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("outside"), "{stderr}");
        assert_untouched(&victim);
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    }
}
