//! The cache as an attacker meets it: a pull request that sets `cache =
//! true` and commits `.mdbook-evidence-cache/` holding entries that say
//! "no findings, published" for a chapter with an uncited claim. Entries
//! are authenticated with a key kept outside the book and the checkout,
//! so such an entry (forged under another machine's key, with the plain
//! hash of the first format, with no MAC) is a miss: `check` and a build
//! in `fail` mode judge the chapter and fail. A key inside the book or
//! its repository, one other users can read, or a symlink is refused.

use crate::common::{TestBook, check_in, run_stdin_with};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// A chapter named and written in non-ASCII text whose claim cites
/// nothing: no-break and ideographic spaces, full-width digits, an RTL
/// mark, combining accents, emoji and CJK.
const NAME: &str = "报告-ümlaut.md";
const UNCITED: &str = "# 报告 — Ümlaut\n\n- The Fed raised rates by ２ points in March\u{a0}2026, a re\u{301}sume\u{301} of 联储加息\u{3000}🏦\u{200f} said.\n";

const CONFIG: &str = "as-of = \"2026-02-11\"\nverbose = true\ncache = true";

/// The environment variable that names the key file.
const KEY_VAR: &str = "MDBOOK_EVIDENCE_CACHE_KEY_FILE";

/// A machine: a key file of its own, outside every book.
struct Machine {
    dir: tempfile::TempDir,
}

impl Machine {
    fn new() -> Machine {
        Machine {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn key_file(&self) -> PathBuf {
        self.dir.path().join("mdbook-evidence/key")
    }

    fn key_file_text(&self) -> String {
        self.key_file().to_str().unwrap().to_owned()
    }

    /// `check` on `book` on this machine: status and stderr.
    fn check(&self, book: &TestBook) -> (i32, String) {
        let key = self.key_file_text();
        let (code, _, err) = check_in(book.root(), &[], &[(KEY_VAR, key.as_str())]);
        (code, err)
    }

    /// The book through the binary as mdBook's HTML build feeds it.
    fn build(&self, book: &TestBook) -> crate::common::Run {
        let key = self.key_file_text();
        run_stdin_with(book.root(), &book.stdin("html"), &[(KEY_VAR, key.as_str())])
    }

    /// The key's bytes.
    fn key(&self) -> Vec<u8> {
        let text = std::fs::read_to_string(self.key_file()).unwrap();
        unhex(text.trim_end())
    }
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).unwrap())
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// HMAC-SHA-256 (RFC 2104), written again here from the RFC rather than
/// taken from the crate, as an attacker holding a key would compute it.
fn hmac(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut block = [0u8; 64];
    block[..key.len()].copy_from_slice(key);
    let inner = Sha256::new()
        .chain_update(block.map(|b| b ^ 0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(block.map(|b| b ^ 0x5c))
        .chain_update(inner)
        .finalize()
        .to_vec()
}

/// Every entry file of the book's cache.
fn entries(root: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(root.join(".mdbook-evidence-cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "entry"))
        .collect()
}

/// An entry file's parts: magic line, tag line, header, rendered chapter.
fn parts(path: &Path) -> (String, String, serde_json::Value) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.splitn(4, '\n');
    let magic = lines.next().unwrap().to_owned();
    let tag = lines.next().unwrap().to_owned();
    let header = serde_json::from_str(lines.next().unwrap()).unwrap();
    (magic, tag, header)
}

/// The entry at `path` rewritten to say what the attacker wants: no
/// findings, every claim grounded, published, and the chapter rendered as
/// written; its magic line and body, for the attacker to authenticate.
fn forged_body(path: &Path, chapter: &str) -> (String, Vec<u8>) {
    let (magic, _, mut header) = parts(path);
    header["findings"] = serde_json::json!([]);
    header["suppressed"] = serde_json::json!([]);
    header["published"] = serde_json::json!([]);
    let summary = &mut header["summary"];
    summary["grounded_claims"] = summary["claims"].clone();
    summary["errors"] = 0.into();
    summary["verdict"] = "published".into();
    header["rendered"] = true.into();
    let mut body = serde_json::to_vec(&header).unwrap();
    body.push(b'\n');
    body.extend_from_slice(chapter.as_bytes());
    (magic, body)
}

/// Writes `magic`, the `tag` line and `body` to `path`.
fn write_entry(path: &Path, magic: &str, tag: &str, body: &[u8]) {
    let mut bytes = format!("{magic}\n{tag}\n").into_bytes();
    bytes.extend_from_slice(body);
    std::fs::write(path, bytes).unwrap();
}

/// Forges every entry of `book` as `attacker` would: says "published",
/// and authenticates it with `attacker`'s own key.
fn forge_under(book: &TestBook, attacker: &Machine, chapter: &str) {
    for path in entries(book.root()) {
        let (magic, body) = forged_body(&path, chapter);
        let message = [format!("{magic}\n").as_bytes(), &body].concat();
        write_entry(&path, &magic, &hex(&hmac(&attacker.key(), &message)), &body);
    }
}

fn failing_book() -> TestBook {
    TestBook::new(CONFIG, &[(NAME, UNCITED)])
}

/// How many times the note about entries that did not verify is said.
fn notes(stderr: &str) -> usize {
    stderr
        .matches("did not verify with this user's cache key")
        .count()
}

#[test]
fn an_entry_forged_on_another_machine_does_not_pass_a_failing_chapter() {
    let book = failing_book();
    let attacker = Machine::new();
    // The attacker's check fails the chapter and keeps its entry.
    let (code, err) = attacker.check(&book);
    assert_eq!(code, 1, "{err}");
    assert_eq!(entries(book.root()).len(), 1);
    forge_under(&book, &attacker, UNCITED);

    // The forgery is a good one: on the attacker's machine, whose key
    // made it, it passes the check.
    let (code, err) = attacker.check(&book);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("re-checked 0 of 1"), "{err}");
    assert!(!err.contains("ungrounded-claim"), "{err}");

    // Committed, it reaches CI, a machine with a key of its own: the
    // check judges the chapter, and fails.
    let ci = Machine::new();
    let (code, err) = ci.check(&book);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("ungrounded-claim"), "{err}");
    assert!(err.contains("re-checked 1 of 1"), "{err}");
    assert_eq!(notes(&err), 1, "{err}");
    assert!(err.contains(KEY_VAR), "{err}");

    // The check wrote the entry again under CI's key: the next check
    // uses it, and it still holds the finding.
    let (code, again) = ci.check(&book);
    assert_eq!(code, 1, "{again}");
    assert!(again.contains("re-checked 0 of 1"), "{again}");
    assert!(again.contains("ungrounded-claim"), "{again}");
    assert_eq!(notes(&again), 0, "{again}");
}

#[test]
fn an_entry_with_a_plain_hash_a_wrong_mac_or_none_is_a_miss() {
    let book = failing_book();
    let ci = Machine::new();
    assert_eq!(ci.check(&book).0, 1);
    let path = entries(book.root()).remove(0);
    let sha = |bytes: &[u8]| hex(&Sha256::digest(bytes));
    type Forgery = fn(&str, &[u8], &dyn Fn(&[u8]) -> String) -> (String, String);
    let forgeries: [(&str, Forgery, bool); 5] = [
        // What the first format trusted: the SHA-256 of the body, which
        // anyone can compute.
        (
            "plain hash",
            |magic, body, sha| (magic.to_owned(), sha(body)),
            true,
        ),
        (
            "the first format",
            |_, body, sha| ("mdbook-evidence cache entry 1".to_owned(), sha(body)),
            false,
        ),
        (
            "zeros",
            |magic, _, _| (magic.to_owned(), "0".repeat(64)),
            true,
        ),
        (
            "none",
            |magic, _, _| (magic.to_owned(), String::new()),
            true,
        ),
        (
            "no tag line",
            |magic, _, _| (magic.to_owned(), "{}".to_owned()),
            false,
        ),
    ];
    for (what, forge, foreign) in forgeries {
        let (magic, body) = forged_body(&path, UNCITED);
        let (magic, tag) = forge(&magic, &body, &sha);
        write_entry(&path, &magic, &tag, &body);
        let (code, err) = ci.check(&book);
        assert_eq!(code, 1, "{what}: {err}");
        assert!(err.contains("ungrounded-claim"), "{what}: {err}");
        assert!(err.contains("re-checked 1 of 1"), "{what}: {err}");
        assert_eq!(notes(&err), usize::from(foreign), "{what}: {err}");
    }
}

/// A store with one item, `ev_x`.
const STORE: &str = r#"{"schema_version": "evidence.v1",
  "sources": [{"source_id": "fed", "publisher": "Federal Reserve", "tier": 1}],
  "evidence": [{"id": "ev_x", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
    "title": "FOMC 声明 — décision", "published_at": "2026-02-10T19:00:00Z"}]}"#;

#[test]
fn an_entry_forged_on_another_machine_does_not_pass_a_build_in_fail_mode() {
    // A chapter that passes, built on the attacker's machine: its entry,
    // with the chapter as rendered, is kept.
    let chapter = "# 报告\n\n- The Fed held rates steady\u{a0}this month, 联储 🏦\u{200f} said [EVID:ev_x].\n";
    let book = TestBook::with_store(CONFIG, STORE, &[(NAME, chapter)]);
    let attacker = Machine::new();
    let run = attacker.build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let built = entries(book.root());
    assert_eq!(built.len(), 1);
    let rendered = run.chapter(NAME);

    // The pull request takes the cited item out of the store, so the
    // chapter cites nothing that exists and the build must stop. The
    // attacker's check records the store's new state (the same for a
    // build), which the forged build entry takes, with no findings.
    let store = book.root().join("evidence/store.json");
    std::fs::write(&store, STORE.replace("\"ev_x\"", "\"ev_y\"")).unwrap();
    assert_eq!(attacker.check(&book).0, 1);
    let checked = entries(book.root())
        .into_iter()
        .find(|p| *p != built[0])
        .unwrap();
    let deps = parts(&checked).2["deps"].clone();
    std::fs::remove_file(&checked).unwrap();
    let (magic, body) = forged_body(&built[0], &rendered);
    let (header, rest) = body.split_at(body.iter().position(|&b| b == b'\n').unwrap());
    let mut header: serde_json::Value = serde_json::from_slice(header).unwrap();
    header["deps"] = deps;
    let body = [serde_json::to_vec(&header).unwrap().as_slice(), rest].concat();
    let message = [format!("{magic}\n").as_bytes(), &body].concat();
    write_entry(
        &built[0],
        &magic,
        &hex(&hmac(&attacker.key(), &message)),
        &body,
    );

    // On the attacker's machine the forgery passes the build.
    let run = attacker.build(&book);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("re-checked 0 of 1"), "{}", run.stderr);

    // On CI's, the chapter is judged: the build stops, once noted.
    let ci = Machine::new();
    let run = ci.build(&book);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("ev_x"), "{}", run.stderr);
    assert!(run.stderr.contains("re-checked 1 of 1"), "{}", run.stderr);
    assert_eq!(notes(&run.stderr), 1, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn a_legitimate_cache_still_hits() {
    let book = TestBook::new(
        CONFIG,
        &[(
            NAME,
            "# 报告\n\n- The Fed held rates steady\u{a0}this month 🏦 [EVID:ev_fomc].\n",
        )],
    );
    let me = Machine::new();
    let first = me.build(&book);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(
        first.stderr.contains("re-checked 1 of 1"),
        "{}",
        first.stderr
    );
    let second = me.build(&book);
    assert!(
        second.stderr.contains("re-checked 0 of 1"),
        "{}",
        second.stderr
    );
    assert_eq!(second.stdout, first.stdout);
    assert_eq!(notes(&second.stderr), 0, "{}", second.stderr);
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[cfg(unix)]
#[test]
fn the_key_is_made_private_and_one_others_can_read_or_a_link_is_refused() {
    use std::os::unix::fs::PermissionsExt as _;
    let book = failing_book();
    let me = Machine::new();
    assert_eq!(me.check(&book).0, 1);
    let key = me.key_file();
    assert_eq!(mode(&key), 0o600);
    assert_eq!(mode(key.parent().unwrap()), 0o700);
    let text = std::fs::read_to_string(&key).unwrap();
    assert_eq!(text.len(), 65);
    assert!(text.trim_end().bytes().all(|b| b.is_ascii_hexdigit()));
    // A second run keeps the key (its entry hits).
    let (_, err) = me.check(&book);
    assert!(err.contains("re-checked 0 of 1"), "{err}");
    assert_eq!(std::fs::read_to_string(&key).unwrap(), text);

    // Readable by others: refused, the cache off, the verdict the same.
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (code, err) = me.check(&book);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the cache is off for this run"), "{err}");
    assert!(err.contains("mode 0644"), "{err}");
    assert!(!err.contains("re-checked"), "{err}");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();

    // A symlink to a key: refused, though the file it leads to is private.
    let real = me.dir.path().join("real-key");
    std::fs::rename(&key, &real).unwrap();
    std::os::unix::fs::symlink(&real, &key).unwrap();
    let (code, err) = me.check(&book);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("a symlink"), "{err}");

    // Not a key: refused, not replaced.
    std::fs::remove_file(&key).unwrap();
    std::fs::write(&key, "ключ 🔑\n").unwrap();
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (code, err) = me.check(&book);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("64 hexadecimal digits"), "{err}");
    assert_eq!(std::fs::read_to_string(&key).unwrap(), "ключ 🔑\n");
}

#[test]
fn a_key_the_checkout_brings_is_refused() {
    // The attacker commits a key of theirs beside the forged entry, and a
    // CI job that points the key file into the checkout.
    let book = failing_book();
    let attacker = Machine::new();
    assert_eq!(attacker.check(&book).0, 1);
    forge_under(&book, &attacker, UNCITED);
    let committed = book.root().join(".mdbook-evidence-cache/key");
    std::fs::copy(attacker.key_file(), &committed).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&committed, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let inside = committed.to_str().unwrap().to_owned();
    let spelled = format!(
        "{}/../{}/.mdbook-evidence-cache/key",
        book.root().display(),
        book.root().file_name().unwrap().to_str().unwrap()
    );
    for key in [inside.as_str(), spelled.as_str()] {
        let (code, _, err) = check_in(book.root(), &[], &[(KEY_VAR, key)]);
        assert_eq!(code, 1, "{key}: {err}");
        assert!(err.contains("ungrounded-claim"), "{key}: {err}");
        assert!(err.contains("is inside the book"), "{key}: {err}");
        assert!(
            err.contains("the cache is off for this run"),
            "{key}: {err}"
        );
    }
    // The default place, moved into the book by XDG_CACHE_HOME: refused,
    // and nothing is made there.
    let xdg = book.root().join("xdg");
    let (code, _, err) = check_in(
        book.root(),
        &[],
        &[(KEY_VAR, ""), ("XDG_CACHE_HOME", xdg.to_str().unwrap())],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is inside the book"), "{err}");
    assert!(!xdg.exists());
    // A relative path: refused (it would be read from wherever CI runs).
    let (code, _, err) = check_in(book.root(), &[], &[(KEY_VAR, "keys/key")]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not an absolute path"), "{err}");
}

#[test]
fn a_key_inside_the_repository_that_holds_the_book_is_refused() {
    // The book in a subdirectory of a checkout, the key beside it.
    let book = failing_book();
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join(".git")).unwrap();
    let root = repo.path().join("docs");
    std::fs::rename(book.root(), &root).unwrap();
    let key = repo.path().join(".keys/key");
    let (code, _, err) = check_in(&root, &[], &[(KEY_VAR, key.to_str().unwrap())]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("ungrounded-claim"), "{err}");
    assert!(err.contains("is inside the repository"), "{err}");
    assert!(!key.exists());
}

/// Runs git in `dir` (with an identity for commits); `false` when git is
/// not installed.
fn git(dir: &Path, args: &[&str]) -> bool {
    let Ok(out) = std::process::Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(args)
        .current_dir(dir)
        .output()
    else {
        return false;
    };
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

#[test]
fn a_cache_directory_committed_to_the_repository_is_not_read_even_with_the_key() {
    // The worst case: the key leaked (a CI cache shared with jobs that run
    // a pull request's code), so the forged entry's MAC verifies.
    let book = failing_book();
    let leaked = Machine::new();
    assert_eq!(leaked.check(&book).0, 1);
    forge_under(&book, &leaked, UNCITED);
    for (format, index) in [("sha1", "2"), ("sha256", "4")] {
        let repo = tempfile::tempdir().unwrap();
        let docs = repo.path().join("文档 docs");
        copy_tree(book.root(), &docs);
        if !git(
            repo.path(),
            &["init", "-q", &format!("--object-format={format}")],
        ) {
            crate::common::skip::note(
                "a forged entry in a fresh git clone",
                "git is not installed",
            );
            return;
        }
        git(repo.path(), &["add", "-f", "."]);
        git(
            repo.path(),
            &["commit", "-qm", "a chapter, and its forged entry"],
        );
        // A fresh CI clone.
        let clone = tempfile::tempdir().unwrap();
        let from = repo.path().to_str().unwrap();
        git(clone.path(), &["clone", "-q", from, "c"]);
        let checkout = clone.path().join("c");
        git(&checkout, &["update-index", "--index-version", index]);
        let root = checkout.join("文档 docs");
        let key = leaked.key_file_text();
        let env = [(KEY_VAR, key.as_str())];
        let (code, _, err) = check_in(&root, &[], &env);
        assert_eq!(code, 1, "{format}: {err}");
        assert!(err.contains("ungrounded-claim"), "{format}: {err}");
        assert!(err.contains("git tracks files in it"), "{format}: {err}");
        assert!(
            err.contains("the cache is off for this run"),
            "{format}: {err}"
        );

        // Untracked, the same directory is read: its forgery passes
        // under the leaked key (what the refusal above prevented).
        git(
            &checkout,
            &["rm", "-rq", "--cached", "文档 docs/.mdbook-evidence-cache"],
        );
        let (code, _, err) = check_in(&root, &[], &env);
        assert_eq!(code, 0, "{format}: {err}");
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
