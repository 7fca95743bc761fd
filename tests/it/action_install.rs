//! The Action's install: `version` (or the ref the Action is used at)
//! read as a release tag, a commit or a branch; a release installed from
//! its archive, checked against the release's `SHA256SUMS`; a commit or a
//! branch built from source. The steps run as the runner runs them
//! (`tests/it/common/action.rs`) against a local stand-in for GitHub on
//! 127.0.0.1 serving a release and the commits API.

use crate::common::action::{action, repo, step};
use std::path::Path;
use std::process::Command;

/// A local stand-in for GitHub on 127.0.0.1: the files of a release
/// (`/OWNER/NAME/releases/download/TAG/FILE`) and the commits API's
/// `application/vnd.github.sha` answer, each path with its bytes; any
/// other path is a 404. It records the requests (line and headers).
struct FakeGitHub {
    base: String,
    seen: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl FakeGitHub {
    fn start(files: Vec<(String, Vec<u8>)>) -> FakeGitHub {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request = String::new();
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                        break;
                    }
                    request.push_str(&line);
                }
                let path = request.split_whitespace().nth(1).unwrap_or("").to_owned();
                log.lock().unwrap().push(request);
                let (status, body) = files
                    .iter()
                    .find(|(p, _)| *p == path)
                    .map_or((404, b"Not Found".to_vec()), |(_, b)| (200, b.clone()));
                let mut stream = stream;
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(&body);
            }
        });
        FakeGitHub { base, seen }
    }

    fn requests(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

const RELEASES: &str = "/mdbook-evidence/mdbook-evidence/releases/download";

/// A release archive as the release workflow makes it
/// (`mdbook-evidence-TARGET/mdbook-evidence` in a .tar.gz), whose
/// program prints `says`.
fn release_archive(target: &str, says: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("mdbook-evidence-{target}");
    std::fs::create_dir(dir.path().join(&name)).unwrap();
    let exe = dir.path().join(&name).join("mdbook-evidence");
    std::fs::write(&exe, format!("#!/bin/sh\necho '{says}'\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    let status = Command::new("tar")
        .args(["czf", "a.tar.gz", &name])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::read(dir.path().join("a.tar.gz")).unwrap()
}

/// `sha256sum`'s line for `bytes` named `name`.
fn sum_line(name: &str, bytes: &[u8]) -> String {
    use sha2::Digest;
    let hex: String = sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{hex}  {name}\n")
}

/// The version step's outputs (`ref`, `kind`, `cache`) for `version` with
/// the Action used at `action_ref`, commits resolved by `api`; or its
/// exit status and stdout when it fails.
fn version_step(
    version: &str,
    action_ref: &str,
    api: &str,
    token: &str,
) -> Result<[String; 3], (i32, String)> {
    let dir = tempfile::tempdir().unwrap();
    let (code, output, stdout, stderr) = step(
        "version",
        dir.path(),
        &[
            ("INPUT_VERSION", version),
            ("ACTION_REF", action_ref),
            ("REPO", ""),
            ("TOKEN", token),
            ("GITHUB_API_URL", api),
            ("HOME", "/home/runner"),
        ],
    );
    if code != 0 {
        return Err((code, format!("{stdout}{stderr}")));
    }
    let value = |key: &str| {
        output
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("{key} in {output}"))
            .to_owned()
    };
    Ok([value("ref"), value("kind"), value("cache")])
}

const FULL: &str = "a93f3d4c0ffee0123456789abcdef0123456789a";

#[test]
fn the_version_is_read_as_a_release_a_commit_or_a_branch() {
    let api = FakeGitHub::start(vec![(
        "/repos/mdbook-evidence/mdbook-evidence/commits/a93f3d4".to_owned(),
        format!("{FULL}\n").into_bytes(),
    )]);
    let ok = |version: &str, action_ref: &str| {
        version_step(version, action_ref, &api.base, "")
            .unwrap_or_else(|e| panic!("{version:?}@{action_ref:?}: {e:?}"))
    };
    let release = ["v0.1.0".to_owned(), "release".to_owned(), "true".to_owned()];
    assert_eq!(ok("v0.1.0", "main"), release);
    // A bare tag is the release's `v` tag.
    assert_eq!(ok("0.1.0", ""), release);
    assert_eq!(ok(" 0.1.0\n", ""), release);
    assert_eq!(ok("0.2.0-rc.1", "")[..2], ["v0.2.0-rc.1", "release"]);
    // The default path: no `version`, the Action used at a release tag.
    assert_eq!(ok("", "v0.1.0"), release);
    // Used at a branch, or at nothing (a local `uses: ./`): main, built.
    assert_eq!(ok("", ""), ["main", "branch", "false"]);
    assert_eq!(ok("", "main"), ["main", "branch", "false"]);
    // A major tag moves as a branch does: built from the tag, not cached.
    assert_eq!(ok("", "v1"), ["v1", "tag", "false"]);
    assert_eq!(
        ok("feature/x-1.2", ""),
        ["feature/x-1.2", "branch", "false"]
    );
    // A full commit as it is; a short one (any case) resolved by the API
    // to the full hash, which names the cached build.
    assert_eq!(ok(FULL, ""), [FULL, "rev", "true"]);
    assert_eq!(ok("", &FULL.to_uppercase()), [FULL, "rev", "true"]);
    let before = api.requests().len();
    assert_eq!(ok("A93F3D4", ""), [FULL, "rev", "true"]);
    let asked = &api.requests()[before..];
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        asked[0].starts_with("GET /repos/mdbook-evidence/mdbook-evidence/commits/a93f3d4 "),
        "{asked:?}"
    );
    assert!(asked[0].contains("application/vnd.github.sha"), "{asked:?}");
    assert!(!asked[0].to_lowercase().contains("authorization"));
    // With the job's token, it goes in a header, never on a command line
    // or in the log.
    let token = "ghs_0123456789abcdefTOKEN";
    let resolved = version_step("a93f3d4", "", &api.base, token).unwrap();
    assert_eq!(resolved[0], FULL);
    let last = api.requests().pop().unwrap();
    assert!(last.contains(&format!("Bearer {token}")), "{last}");

    // Refused, exit 2, with what to give instead: a short commit the API
    // does not know; options, spaces inside, shell syntax, full-width
    // digits and other non-ASCII text.
    for (version, says) in [
        (
            "deadbee",
            "no commit of mdbook-evidence/mdbook-evidence starts with it",
        ),
        (
            "--upload-pack=touch",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        (
            "main; rm -rf ~",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        ("$(id)", "a release tag (v0.1.0), a commit or a branch name"),
        (
            "０.１.０",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        (
            "v0.1.0\u{200f}",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        (
            "main\u{202e}",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
    ] {
        let (code, out) = version_step(version, "", &api.base, token).unwrap_err();
        assert_eq!(code, 2, "{version:?}: {out}");
        assert!(out.contains(says), "{version:?}: {out}");
        assert!(!out.contains(token));
    }
}

/// Runs the install step for `[ref, kind]` on a Linux runner of `arch`,
/// with `server` as GitHub and `home` as the runner's home; `cargo` on
/// the PATH fails the step (a release is never built).
fn install_release(
    version: &[String; 3],
    arch: &str,
    server: &str,
    home: &Path,
) -> (i32, String, String) {
    let temp = tempfile::tempdir().unwrap();
    let guard = temp.path().join("bin");
    std::fs::create_dir(&guard).unwrap();
    let cargo = guard.join("cargo");
    std::fs::write(&cargo, "#!/bin/sh\necho 'cargo ran' >&2\nexit 99\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", guard.display());
    let (code, output, stdout, stderr) = step(
        "install",
        temp.path(),
        &[
            ("REF", &version[0]),
            ("KIND", &version[1]),
            ("REPO", ""),
            ("RUNNER_OS", "Linux"),
            ("RUNNER_ARCH", arch),
            ("RUNNER_TEMP", temp.path().to_str().unwrap()),
            ("GITHUB_SERVER_URL", server),
            ("HOME", home.to_str().unwrap()),
            ("PATH", &path),
        ],
    );
    assert_eq!(output, "", "the install step sets no output");
    (code, stdout, stderr)
}

#[test]
fn a_release_installs_its_archive_checked_against_sha256sums() {
    let linux = release_archive("x86_64-unknown-linux-gnu", "mdbook-evidence 0.1.0 (x86_64)");
    let arm = release_archive(
        "aarch64-unknown-linux-gnu",
        "mdbook-evidence 0.1.0 (aarch64)",
    );
    let sums = sum_line("mdbook-evidence-aarch64-unknown-linux-gnu.tar.gz", &arm)
        + &sum_line("mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz", &linux)
        + &sum_line("mdbook-evidence-x86_64-pc-windows-msvc.zip", b"zip");
    let server = FakeGitHub::start(vec![
        (
            format!("{RELEASES}/v0.1.0/mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz"),
            linux,
        ),
        (
            format!("{RELEASES}/v0.1.0/mdbook-evidence-aarch64-unknown-linux-gnu.tar.gz"),
            arm,
        ),
        (format!("{RELEASES}/v0.1.0/SHA256SUMS"), sums.into_bytes()),
    ]);
    // The default path: no `version`, the Action used at `0.1.0`.
    let version = version_step("", "0.1.0", "http://127.0.0.1:9", "").unwrap();
    for (arch, says) in [("X64", "(x86_64)"), ("ARM64", "(aarch64)")] {
        let home = tempfile::tempdir().unwrap();
        let (code, stdout, stderr) = install_release(&version, arch, &server.base, home.path());
        assert_eq!(code, 0, "{stdout}{stderr}");
        assert!(!stderr.contains("cargo ran"), "{stderr}");
        let installed = home.path().join(".cargo/bin/mdbook-evidence");
        let out = Command::new(&installed).output().unwrap();
        assert!(String::from_utf8_lossy(&out.stdout).contains(says));
        assert!(stdout.contains(says), "the step runs it once: {stdout}");
    }
    let asked: Vec<String> = server
        .requests()
        .iter()
        .map(|r| r.lines().next().unwrap().to_owned())
        .collect();
    assert_eq!(
        asked,
        [
            format!(
                "GET {RELEASES}/v0.1.0/mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz HTTP/1.1"
            ),
            format!("GET {RELEASES}/v0.1.0/SHA256SUMS HTTP/1.1"),
            format!(
                "GET {RELEASES}/v0.1.0/mdbook-evidence-aarch64-unknown-linux-gnu.tar.gz HTTP/1.1"
            ),
            format!("GET {RELEASES}/v0.1.0/SHA256SUMS HTTP/1.1"),
        ]
    );
}

#[test]
fn a_tampered_or_unlisted_archive_is_refused_and_nothing_installed() {
    let genuine = release_archive("x86_64-unknown-linux-gnu", "genuine");
    let tampered = release_archive("x86_64-unknown-linux-gnu", "tampered: curl | sh");
    let name = "mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz";
    let server = FakeGitHub::start(vec![
        // v0.1.0: the archive is not the one SHA256SUMS lists.
        (format!("{RELEASES}/v0.1.0/{name}"), tampered.clone()),
        (
            format!("{RELEASES}/v0.1.0/SHA256SUMS"),
            sum_line(name, &genuine).into_bytes(),
        ),
        // v0.1.1: SHA256SUMS lists other files only (and a look-alike
        // name with a no-break space).
        (format!("{RELEASES}/v0.1.1/{name}"), tampered.clone()),
        (
            format!("{RELEASES}/v0.1.1/SHA256SUMS"),
            (sum_line("mdbook-evidence-x86_64-apple-darwin.tar.gz", &tampered)
                + &sum_line(&format!("{name}\u{a0}"), &tampered))
                .into_bytes(),
        ),
        // v0.1.2: no SHA256SUMS at all.
        (format!("{RELEASES}/v0.1.2/{name}"), tampered),
    ]);
    for (tag, says) in [
        ("v0.1.0", "does not match the release's SHA256SUMS"),
        ("v0.1.1", "(listed: nothing;"),
        ("v0.1.2", "cannot download SHA256SUMS of the release v0.1.2"),
        (
            "v9.9.9",
            "cannot download mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz of the release v9.9.9",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let version = [tag.to_owned(), "release".to_owned(), "true".to_owned()];
        let (code, stdout, stderr) = install_release(&version, "X64", &server.base, home.path());
        assert_eq!(code, 1, "{tag}: {stdout}{stderr}");
        assert!(
            stdout.contains("::error title=mdbook-evidence action::"),
            "{tag}: {stdout}"
        );
        assert!(stdout.contains(says), "{tag}: {stdout}");
        assert!(!stdout.contains("tampered:"), "{tag}: never run: {stdout}");
        assert!(
            !home.path().join(".cargo/bin/mdbook-evidence").exists(),
            "{tag}: nothing installed"
        );
    }
}

#[test]
fn a_commit_or_a_branch_is_built_from_source() {
    // A repository shaped as ours (a workspace whose root package,
    // mdbook-evidence, uses a stage crate under crates/ by path), served as
    // GitHub would serve it (a `file:` URL for git; the local server for
    // the API that resolves a short commit).
    let server_dir = tempfile::tempdir().unwrap();
    let repo = server_dir.path().join("mdbook-evidence/mdbook-evidence");
    std::fs::create_dir_all(repo.join("src")).unwrap();
    std::fs::create_dir_all(repo.join("crates/evidence-core/src")).unwrap();
    std::fs::write(
        repo.join("Cargo.toml"),
        "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.package]\nversion = \"0.0.1\"\n\
         edition = \"2021\"\n\n[package]\nname = \"mdbook-evidence\"\nversion.workspace = true\n\
         edition.workspace = true\n\n[dependencies]\n\
         evidence-core = { path = \"crates/evidence-core\" }\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("crates/evidence-core/Cargo.toml"),
        "[package]\nname = \"evidence-core\"\nversion.workspace = true\nedition.workspace = true\n\
         publish = false\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("crates/evidence-core/src/lib.rs"),
        "pub fn said() -> &'static str { \"built from source 東京\" }\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("Cargo.lock"),
        "version = 4\n\n[[package]]\nname = \"evidence-core\"\nversion = \"0.0.1\"\n\n\
         [[package]]\nname = \"mdbook-evidence\"\nversion = \"0.0.1\"\n\
         dependencies = [\n \"evidence-core\",\n]\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("src/main.rs"),
        "fn main() { println!(\"{}\", evidence_core::said()); }\n",
    )
    .unwrap();
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .current_dir(&repo)
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "a commit"]);
    let full = git(&["rev-parse", "HEAD"]);
    let api = FakeGitHub::start(vec![(
        format!(
            "/repos/mdbook-evidence/mdbook-evidence/commits/{}",
            &full[..9]
        ),
        full.clone().into_bytes(),
    )]);
    let real_home = std::env::var("HOME").unwrap_or_default();
    let rustup = std::env::var("RUSTUP_HOME").unwrap_or(format!("{real_home}/.rustup"));
    let cargo_dir = std::env::var("CARGO_HOME").unwrap_or(format!("{real_home}/.cargo"));
    let path = format!(
        "{cargo_dir}/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    for (version, expected) in [
        (full[..9].to_owned(), [full.as_str(), "rev", "true"]),
        ("main".to_owned(), ["main", "branch", "false"]),
    ] {
        let resolved = version_step(&version, "v0.1.0", &api.base, "").unwrap();
        assert_eq!(resolved, expected.map(String::from));
        let home = tempfile::tempdir().unwrap();
        let cargo_home = home.path().join(".cargo");
        let (code, _, stdout, stderr) = step(
            "install",
            home.path(),
            &[
                ("REF", &resolved[0]),
                ("KIND", &resolved[1]),
                ("REPO", ""),
                ("RUNNER_OS", "Linux"),
                ("RUNNER_ARCH", "X64"),
                (
                    "GITHUB_SERVER_URL",
                    &format!("file://{}", server_dir.path().display()),
                ),
                ("HOME", home.path().to_str().unwrap()),
                ("CARGO_HOME", cargo_home.to_str().unwrap()),
                ("RUSTUP_HOME", &rustup),
                ("PATH", &path),
                (
                    "CARGO_TARGET_DIR",
                    home.path().join("target").to_str().unwrap(),
                ),
            ],
        );
        assert_eq!(code, 0, "{version}: {stdout}{stderr}");
        let out = Command::new(cargo_home.join("bin/mdbook-evidence"))
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "built from source 東京\n"
        );
    }
}

#[test]
fn the_action_downloads_the_archives_the_release_workflow_publishes() {
    let release = std::fs::read_to_string(repo().join(".github/workflows/release.yml")).unwrap();
    let action = action();
    // The archive names and the checksum file, as release.yml writes them.
    for written in [
        "name=\"mdbook-evidence-$TARGET\"",
        "tar czf \"$name.tar.gz\" \"$name\"",
        "7z a \"$name.zip\" \"$name\"",
        "sha256sum mdbook-evidence-* > SHA256SUMS",
    ] {
        assert!(release.contains(written), "release.yml: {written}");
    }
    assert!(action.contains("archive=\"mdbook-evidence-$target.tar.gz\""));
    assert!(action.contains("archive=\"mdbook-evidence-$target.zip\""));
    assert!(action.contains("exe=\"$dir/mdbook-evidence-$target/mdbook-evidence$ext\""));
    // Every target the release builds is one the Action installs, and no
    // other.
    let built: Vec<&str> = release
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- { target: "))
        .filter_map(|l| l.split(',').next())
        .collect();
    let installed: Vec<&str> = action
        .lines()
        .filter_map(|l| l.split(") target=").nth(1))
        .map(|t| t.trim_end_matches(" ;;"))
        .filter(|t| *t != "\"\"")
        .collect();
    assert_eq!(built.len(), 5, "{built:?}");
    let mut a = built.clone();
    let mut b = installed.clone();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
}
