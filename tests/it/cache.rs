//! The per-chapter cache through real runs of the binary: a second run
//! judges again only what changed (a chapter, an item it cites, the
//! configuration, the as-of date's verdict on an item), the output is the
//! same byte for byte with the cache, without it and from it, and an entry
//! or a directory that cannot be trusted is never used.

use crate::common::{Run, TestBook, check_in, run_stdin};
use std::path::Path;

const CHAPTERS: &[(&str, &str)] = &[
    (
        "a.md",
        "# A\n\n- The Fed held rates steady this month [EVID:ev_fomc].\n",
    ),
    (
        "b.md",
        "# B\n\n- Reuters reported that the Fed held rates [EVID:ev_reuters].\n",
    ),
    (
        "c.md",
        "# C\n\n- The Fed held rates, Reuters said [EVID:ev_fomc][EVID:ev_reuters].\n",
    ),
];

/// The cache is used by every build and check only when `cache` is set;
/// unset, only by `mdbook serve`'s rebuilds (tests/it/serve_preview.rs).
const BASE: &str = "as-of = \"2026-02-11\"\nverbose = true";
const VERBOSE: &str = concat!("as-of = \"2026-02-11\"\nverbose = true", "\ncache = true");

/// `(re-checked, total)` from a verbose run's stderr.
fn rechecked(stderr: &str) -> (usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.contains("re-checked"))
        .unwrap_or_else(|| panic!("no cache line in {stderr}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "re-checked").unwrap();
    (
        words[at + 1].parse().unwrap(),
        words[at + 3].parse().unwrap(),
    )
}

/// Runs the binary as mdBook's HTML renderer would, on the book as it is.
fn build(book: &TestBook) -> Run {
    book.run("html")
}

#[test]
fn a_second_run_rechecks_only_what_changed() {
    let book = TestBook::new(VERBOSE, CHAPTERS);
    let first = build(&book);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(rechecked(&first.stderr), (3, 3));
    let second = build(&book);
    assert_eq!(rechecked(&second.stderr), (0, 3));
    assert_eq!(second.stdout, first.stdout);

    // One chapter edited: only it.
    std::fs::write(
        book.root().join("src/b.md"),
        "# B\n\n- Reuters reported that the Fed held its rates [EVID:ev_reuters].\n",
    )
    .unwrap();
    let edited = build(&book);
    assert_eq!(rechecked(&edited.stderr), (1, 3));
    assert!(edited.chapter("b.md").contains("held its rates"));

    // An item edited: the chapters citing it (b and c), not a.
    let store = book.root().join("evidence/store.json");
    let text = std::fs::read_to_string(&store).unwrap();
    std::fs::write(
        &store,
        text.replace("Fed holds rates steady", "Fed holds rates steady again"),
    )
    .unwrap();
    let item = build(&book);
    assert_eq!(rechecked(&item.stderr), (2, 3));
    assert!(item.chapter("c.md").contains("steady again"));
    assert!(!item.chapter("a.md").contains("steady again"));

    // The configuration changed: every chapter.
    let toml = book.root().join("book.toml");
    let config = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        config.replace("verbose = true", "verbose = true\nclaim-min-words = 4"),
    )
    .unwrap();
    let configured = build(&book);
    assert_eq!(rechecked(&configured.stderr), (3, 3));
}

#[test]
fn a_check_keeps_entries_a_build_cannot_use() {
    let book = TestBook::new(VERBOSE, CHAPTERS);
    let (_, _, err) = check_in(book.root(), &[], &[]);
    assert_eq!(rechecked(&err), (3, 3));
    let (code, _, err) = check_in(book.root(), &[], &[]);
    assert_eq!((code, rechecked(&err)), (0, (0, 3)), "{err}");
    // A check renders nothing: a build renders every chapter, once.
    assert_eq!(rechecked(&build(&book).stderr), (3, 3));
    assert_eq!(rechecked(&build(&book).stderr), (0, 3));
}

#[test]
fn an_item_that_turns_stale_rechecks_the_chapters_citing_it() {
    let book = TestBook::new("max-age-days = 30\nverbose = true\ncache = true", CHAPTERS);
    let at = |date: &str| {
        let (code, _, err) = check_in(book.root(), &[], &[("SOURCE_DATE_EPOCH", date)]);
        (code, err)
    };
    // 2026-02-11, then 2026-02-12: nothing stale either day.
    let (_, err) = at("1770800000");
    assert_eq!(rechecked(&err), (3, 3));
    let (code, err) = at("1770886400");
    assert_eq!((code, rechecked(&err)), (0, (0, 3)), "{err}");
    // 2026-06-01: every item is older than 30 days.
    let (code, err) = at("1780272000");
    assert_eq!(code, 1, "{err}");
    assert_eq!(rechecked(&err), (3, 3));
    assert!(err.contains("stale-evidence"), "{err}");
}

/// Every entry file of the book's cache.
fn entries(root: &Path) -> Vec<std::path::PathBuf> {
    let dir = root.join(".mdbook-evidence-cache");
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "entry"))
        .collect()
}

#[test]
fn a_corrupt_or_truncated_entry_is_a_miss() {
    let book = TestBook::new(VERBOSE, CHAPTERS);
    let first = build(&book);
    let files = entries(book.root());
    assert_eq!(files.len(), 3);
    // Truncated, one byte changed, and another chapter's whole entry.
    let bytes = std::fs::read(&files[0]).unwrap();
    std::fs::write(&files[0], &bytes[..bytes.len() / 2]).unwrap();
    let mut flipped = std::fs::read(&files[1]).unwrap();
    let last = flipped.len() - 2;
    flipped[last] ^= 0x20;
    std::fs::write(&files[1], flipped).unwrap();
    std::fs::write(&files[2], &bytes).unwrap();
    let second = build(&book);
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert_eq!(rechecked(&second.stderr), (3, 3));
    assert_eq!(second.stdout, first.stdout);
    // Written again, whole.
    assert_eq!(rechecked(&build(&book).stderr), (0, 3));
}

/// An example book (`failing` breaks every rule; `report` has the
/// evidence index), copied, its mode (if it sets one) made `mode`.
fn example_book(name: &str, mode: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("book-example")
        .join(name);
    copy_tree(&from, dir.path());
    let toml = dir.path().join("book.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text
        .replace("mode = \"fail\"", &format!("mode = \"{mode}\""))
        .replace(
            "[preprocessor.evidence]\n",
            "[preprocessor.evidence]\nas-of = \"2026-02-11\"\n",
        )
        .replace(
            "command = \"mdbook-evidence\"",
            &format!("command = \"'{}'\"", crate::common::binary().display()),
        );
    std::fs::write(&toml, text).unwrap();
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() != ".mdbook-evidence-cache" {
                copy_tree(&entry.path(), &target);
            }
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The `[context, book]` JSON mdBook sends for the book at `root`, with
/// `cache` set to `value` in its configuration.
fn stdin_with_cache(root: &Path, value: serde_json::Value) -> String {
    let md = mdbook_driver::MDBook::load(root).unwrap();
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        root.to_owned(),
        md.config.clone(),
        "html".to_owned(),
    );
    use mdbook_preprocessor::Preprocessor;
    let expanded = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .unwrap();
    let mut json = serde_json::to_value((ctx, expanded)).unwrap();
    json[0]["config"]["preprocessor"]["evidence"]["cache"] = value;
    json.to_string()
}

#[test]
fn every_rule_and_mode_gives_the_same_output_with_the_cache_without_it_and_from_it() {
    let books = [
        ("failing", "fail"),
        ("failing", "downgrade"),
        ("failing", "remove"),
        ("failing", "warn"),
        ("report", "fail"),
    ];
    for (name, mode) in books {
        let dir = example_book(name, mode);
        let root = dir.path();
        let off = run_stdin(root, &stdin_with_cache(root, false.into()));
        let on = stdin_with_cache(root, true.into());
        let cold = run_stdin(root, &on);
        let warm = run_stdin(root, &on);
        // A build that stops renders nothing, so keeps nothing.
        assert_eq!(entries(root).is_empty(), cold.code != 0, "{mode}");
        for (which, run) in [("cold", &cold), ("warm", &warm)] {
            assert_eq!(run.code, off.code, "{name} {mode} {which}: {}", run.stderr);
            assert_eq!(run.stdout, off.stdout, "{name} {mode} {which}");
            assert_eq!(run.stderr, off.stderr, "{name} {mode} {which}");
        }
        for format in ["human", "json", "sarif", "github"] {
            let args = [".", "--format", format];
            let off = check_in(
                root,
                &args,
                &[("MDBOOK_PREPROCESSOR__EVIDENCE__CACHE", "false")],
            );
            let on = [("MDBOOK_PREPROCESSOR__EVIDENCE__CACHE", "true")];
            let cold = check_in(root, &args, &on);
            let warm = check_in(root, &args, &on);
            assert_eq!(cold, off, "{mode} {format} cold");
            assert_eq!(warm, off, "{mode} {format} warm");
        }
    }
}

#[test]
fn a_cache_directory_that_is_not_one_is_refused_and_the_run_goes_on() {
    let book = TestBook::new(VERBOSE, CHAPTERS);
    let cache = book.root().join(".mdbook-evidence-cache");
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), &cache).unwrap();
    let run = build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("the cache is off for this run"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0);

    std::fs::remove_file(&cache).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(&cache)
        .status()
        .unwrap();
    assert!(status.success());
    let run = build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("FIFO"), "{}", run.stderr);

    // Inside the source directory (which mdBook publishes, and `mdbook
    // serve` watches): refused.
    let toml = book.root().join("book.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, text.replace("cache = true", "cache = \"src/cache\"")).unwrap();
    let run = build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("source directory"), "{}", run.stderr);
    assert!(!book.root().join("src/cache").exists());
}

#[test]
fn the_cache_can_be_turned_off_and_moved() {
    let book = TestBook::new(&format!("{BASE}\ncache = false"), CHAPTERS);
    let run = build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("re-checked"), "{}", run.stderr);
    assert!(!book.root().join(".mdbook-evidence-cache").exists());

    let book = TestBook::new(&format!("{BASE}\ncache = \"cache/evidence\""), CHAPTERS);
    build(&book);
    assert_eq!(rechecked(&build(&book).stderr), (0, 3));
    assert!(book.root().join("cache/evidence/.gitignore").is_file());

    // A directory of the user's that is not a cache is not taken over.
    let book = TestBook::new(&format!("{BASE}\ncache = \"evidence\""), CHAPTERS);
    let run = build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("the cache is off"), "{}", run.stderr);
    assert!(!book.root().join("evidence/.gitignore").exists());
    std::fs::create_dir(book.root().join("notes")).unwrap();
    std::fs::write(book.root().join("notes/todo.txt"), "mine").unwrap();
    let text = std::fs::read_to_string(book.root().join("book.toml")).unwrap();
    std::fs::write(
        book.root().join("book.toml"),
        text.replace("cache = \"evidence\"", "cache = \"notes\""),
    )
    .unwrap();
    let run = build(&book);
    assert!(
        run.stderr.contains("not a cache of mdbook-evidence"),
        "{}",
        run.stderr
    );
    assert!(!book.root().join("notes/.gitignore").exists());

    let book = TestBook::new(&format!("{BASE}\ncache = \"../out\""), CHAPTERS);
    let run = build(&book);
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("not a directory inside the book"),
        "{}",
        run.stderr
    );
}

#[test]
fn two_runs_at_once_leave_whole_entries() {
    let book = TestBook::new(VERBOSE, CHAPTERS);
    let stdin = book.stdin("html");
    let runs: Vec<Run> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| run_stdin(book.root(), &stdin)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for run in &runs {
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout, runs[0].stdout);
    }
    let after = run_stdin(book.root(), &stdin);
    assert_eq!(rechecked(&after.stderr), (0, 3));
    assert_eq!(after.stdout, runs[0].stdout);
    // No temporary file left behind.
    let names: Vec<String> = std::fs::read_dir(book.root().join(".mdbook-evidence-cache"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}
