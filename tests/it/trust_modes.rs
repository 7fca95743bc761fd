//! Every file the tool writes gets the mode a careful program gives it:
//! a file it replaces keeps its mode (`install` leaves `book.toml` at 0644,
//! a 0640 or 0755 file as it was), a new one gets 0666 less the umask
//! (0644 under umask 022, 0600 under 077), whatever the private 0600 of
//! the temporary file it is written through. Tried through the binary, each
//! writer: `install` (book.toml and the assets), `check` (the report) and
//! `import` (the chapter and the store), with non-ASCII names.

#![cfg(unix)]

use crate::common::{TestBook, binary};
use assert_cmd::Command;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

/// Runs the binary with `args` in `dir` under `umask` (set by the shell
/// that execs it): exit code and stderr.
fn run_under(umask: &str, dir: &Path, args: &[&str]) -> (i32, String) {
    let output = Command::new("sh")
        .current_dir(dir)
        .arg("-c")
        .arg(format!("umask {umask}; exec \"$0\" \"$@\""))
        .arg(binary())
        .args(args)
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .expect("sh runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o7777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// What a new file gets under `umask`.
fn new_file_mode(umask: &str) -> u32 {
    0o666 & !u32::from_str_radix(umask, 8).unwrap()
}

const CHAPTER: &str = "# Сводка\n\nThe Fed held rates steady in 東京 this month [EVID:ev_fomc].\n";

#[test]
fn install_keeps_book_toml_s_mode_and_gives_new_assets_the_umask_s() {
    for umask in ["022", "077", "027"] {
        for kept in [0o644, 0o640, 0o755, 0o600] {
            let book = TestBook::new("as-of = \"2026-02-11\"", &[("глава.md", CHAPTER)]);
            let toml = book.root().join("book.toml");
            set_mode(&toml, kept);
            let (code, stderr) = run_under(umask, book.root(), &["install", "."]);
            assert_eq!(code, 0, "{stderr}");
            let text = std::fs::read_to_string(&toml).unwrap();
            assert!(
                text.contains("additional-css"),
                "install rewrote it: {text}"
            );
            assert_eq!(mode(&toml), kept, "umask {umask}: book.toml {kept:o}");
            for asset in ["evidence.css", "evidence.js"] {
                let path = book.root().join("theme/evidence").join(asset);
                assert_eq!(mode(&path), new_file_mode(umask), "umask {umask}: {asset}");
            }
            // Replaced with --force, an asset keeps the mode it was given.
            let css = book.root().join("theme/evidence/evidence.css");
            std::fs::write(&css, "/* 東京 */").unwrap();
            set_mode(&css, 0o640);
            let (code, stderr) = run_under(umask, book.root(), &["install", "--force", "."]);
            assert_eq!(code, 0, "{stderr}");
            assert_ne!(std::fs::read_to_string(&css).unwrap(), "/* 東京 */");
            assert_eq!(mode(&css), 0o640, "umask {umask}: a replaced asset");
        }
    }
}

#[test]
fn the_report_follows_the_umask_when_new_and_keeps_its_mode_when_replaced() {
    for umask in ["022", "077"] {
        let book = TestBook::new(
            "as-of = \"2026-02-11\"\nreport = \"отчёт/evidence-report.json\"",
            &[("c.md", CHAPTER)],
        );
        let report = book.root().join("отчёт/evidence-report.json");
        let (code, stderr) = run_under(umask, book.root(), &["check", "."]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(mode(&report), new_file_mode(umask), "umask {umask}: new");
        for kept in [0o640, 0o755] {
            set_mode(&report, kept);
            let (code, stderr) = run_under(umask, book.root(), &["check", "."]);
            assert_eq!(code, 0, "{stderr}");
            assert_eq!(mode(&report), kept, "umask {umask}: replaced");
        }
    }
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/anthropic")
        .join(name)
}

#[test]
fn an_import_s_chapter_and_store_get_the_umask_s_mode_or_keep_the_one_they_had() {
    for umask in ["022", "077"] {
        let dir = tempfile::tempdir().unwrap();
        let response = fixture("text-citations.json");
        let documents = fixture("documents.json");
        let args = [
            "import",
            "anthropic",
            response.to_str().unwrap(),
            "--documents",
            documents.to_str().unwrap(),
            "--chapter",
            "ответ.md",
            "--store",
            "доказательства.json",
        ];
        let (code, stderr) = run_under(umask, dir.path(), &args);
        assert_eq!(code, 0, "{stderr}");
        let chapter = dir.path().join("ответ.md");
        let store = dir.path().join("доказательства.json");
        assert_eq!(
            mode(&chapter),
            new_file_mode(umask),
            "umask {umask}: chapter"
        );
        assert_eq!(mode(&store), new_file_mode(umask), "umask {umask}: store");
        // Imported again over files whose modes were changed since.
        set_mode(&chapter, 0o640);
        set_mode(&store, 0o604);
        let (code, stderr) = run_under(umask, dir.path(), &args);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(mode(&chapter), 0o640, "umask {umask}: chapter replaced");
        assert_eq!(mode(&store), 0o604, "umask {umask}: store replaced");
    }
}
